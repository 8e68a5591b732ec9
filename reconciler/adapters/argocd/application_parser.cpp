#include "adapters/argocd/application_parser.h"

#include "base/timestamp.h"

namespace fleetwave {
namespace {

// nlohmann's own type names ("object", "number", ...), but for what a failed parse leaves.
const char* type_name(const Json& v) { return v.is_discarded() ? "nothing" : v.type_name(); }

Error wrong_type(const std::string& field, const char* want, const Json& got) {
  return invalid_input(std::string("expected ") + want + ", got " + type_name(got), field);
}

// A view of one JSON object and its dotted path, for reading optional members.
struct Node {
  const Json* value;  // an object, or nullptr when absent or null
  std::string path;   // "status.sync"

  std::string child_path(std::string_view key) const {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
  }

  // The member object `key`; a Node with nullptr when absent or null.
  Result<Node> object(std::string_view key) const {
    std::string p = child_path(key);
    const Json* m = value == nullptr ? nullptr : find_member(*value, key);
    if (m == nullptr || m->is_null()) return Node{nullptr, p};
    if (!m->is_object()) return wrong_type(p, "object", *m);
    return Node{m, p};
  }

  // The member string `key`; "" when absent or null.
  Result<std::string> string(std::string_view key) const {
    const Json* m = value == nullptr ? nullptr : find_member(*value, key);
    if (m == nullptr || m->is_null()) return std::string();
    if (!m->is_string()) return wrong_type(child_path(key), "string", *m);
    return m->get<std::string>();
  }

  // `revision`, or `revisions[0]` when `revision` is empty (multi-source).
  Result<std::string> revision() const {
    FW_TRY(single, string("revision"));
    if (!single.empty()) return single;
    const Json* m = value == nullptr ? nullptr : find_member(*value, "revisions");
    if (m == nullptr || m->is_null()) return std::string();
    if (!m->is_array()) return wrong_type(child_path("revisions"), "array", *m);
    if (m->empty() || (*m)[0].is_null()) return std::string();
    if (!(*m)[0].is_string()) return wrong_type(child_path("revisions") + "[0]", "string", (*m)[0]);
    return (*m)[0].get<std::string>();
  }
};

Result<std::map<std::string, std::string>> read_labels(const Node& metadata) {
  std::map<std::string, std::string> labels;
  FW_TRY(node, metadata.object("labels"));
  if (node.value == nullptr) return labels;
  for (const auto& [key, v] : node.value->items()) {
    if (!v.is_string()) return wrong_type(node.path + "." + key, "string", v);
    labels.emplace(key, v.get<std::string>());
  }
  return labels;
}

Status<> read_operation_state(const Node& status, AppObservation& out) {
  FW_TRY(op, status.object("operationState"));
  FW_TRY(phase, op.string("phase"));
  FW_TRY(message, op.string("message"));
  FW_TRY(finished, op.string("finishedAt"));
  FW_TRY(operation, op.object("operation"));
  FW_TRY(sync, operation.object("sync"));
  FW_TRY(requested, sync.revision());
  FW_TRY(result, op.object("syncResult"));
  FW_TRY(applied, result.revision());
  if (!finished.empty()) {
    std::optional<std::int64_t> ms = parse_rfc3339(finished);
    if (!ms)
      return invalid_input("expected an RFC 3339 timestamp, got \"" + finished.substr(0, 40) + "\"",
                           op.child_path("finishedAt"));
    out.finished_at_ms = ms;
  }
  out.operation_phase = std::move(phase);
  out.operation_message = std::move(message);
  out.operation_revision = std::move(requested);
  out.sync_result_revision = std::move(applied);
  return ok_status();
}

// An Application with spec.sourceHydrator syncs the commit Argo CD's hydrator wrote, never the
// dry commit it was rendered from, which is what fleetwave pins. Its last successful hydration
// names both (status.sourceHydrator.lastSuccessfulOperation): a revision that is that hydrated
// commit is reported as the dry one. Any other hydrated commit stays as it is (observe reads
// the pin from its hydrator.metadata when the branch is fetched, or the cluster waits).
Status<> read_source_hydrator(const Node& status, AppObservation& out) {
  FW_TRY(hydrator, status.object("sourceHydrator"));
  FW_TRY(last, hydrator.object("lastSuccessfulOperation"));
  FW_TRY(dry, last.string("drySHA"));
  FW_TRY(hydrated, last.string("hydratedSHA"));
  if (dry.empty() || hydrated.empty()) return ok_status();
  for (std::string* revision : {&out.sync_revision, &out.operation_revision, &out.sync_result_revision}) {
    if (*revision == hydrated) *revision = dry;
  }
  return ok_status();
}

Status<> read_status(const Node& root, AppObservation& out) {
  FW_TRY(status, root.object("status"));
  FW_TRY(sync, status.object("sync"));
  FW_TRY(sync_status, sync.string("status"));
  FW_TRY(sync_revision, sync.revision());
  FW_TRY(health, status.object("health"));
  FW_TRY(health_status, health.string("status"));
  FW_TRY(health_message, health.string("message"));
  out.sync_status = std::move(sync_status);
  out.sync_revision = std::move(sync_revision);
  out.health_status = std::move(health_status);
  out.health_message = std::move(health_message);
  FW_CHECK(read_operation_state(status, out));
  return read_source_hydrator(status, out);
}

}  // namespace

const JsonMask& application_fields() {
  static const JsonMask fields = [] {
    const JsonMask all;
    const JsonMask revisions{{{"revision", all}, {"revisions", all}}};
    JsonMask operation_state{{{"phase", all},
                              {"message", all},
                              {"finishedAt", all},
                              {"operation", JsonMask{{{"sync", revisions}}}},
                              {"syncResult", revisions}}};
    JsonMask hydrator{{{"lastSuccessfulOperation", JsonMask{{{"drySHA", all}, {"hydratedSHA", all}}}}}};
    JsonMask status{{{"sync", JsonMask{{{"status", all}, {"revision", all}, {"revisions", all}}}},
                     {"health", JsonMask{{{"status", all}, {"message", all}}}},
                     {"operationState", operation_state},
                     {"sourceHydrator", hydrator}}};
    return JsonMask{{{"metadata", JsonMask{{{"name", all}, {"labels", all}}}}, {"status", status}}};
  }();
  return fields;
}

const JsonMask& application_list_fields() {
  static const JsonMask fields{{{"items", application_fields()}}};
  return fields;
}

Result<ApplicationSummary> parse_application(const Json& application) {
  if (!application.is_object()) return wrong_type("", "object", application);
  Node root{&application, ""};
  FW_TRY(metadata, root.object("metadata"));
  FW_TRY(name, metadata.string("name"));
  if (name.empty()) return invalid_input("required", "metadata.name");
  ApplicationSummary summary;
  FW_TRY(labels, read_labels(metadata));
  summary.labels = std::move(labels);
  summary.observation.name = name;
  summary.name = std::move(name);
  FW_CHECK(read_status(root, summary.observation));
  return summary;
}

namespace {

// The `items` of an Argo CD list answer, each read by `parse`; an item's error names it
// ("items[2].status.sync"). An absent or null `items` is an empty list.
template <typename T>
Result<std::vector<T>> parse_items(const Json& list, Result<T> (*parse)(const Json&)) {
  if (!list.is_object()) return wrong_type("", "object", list);
  std::vector<T> out;
  const Json* items = find_member(list, "items");
  if (items == nullptr || items->is_null()) return out;
  if (!items->is_array()) return wrong_type("items", "array", *items);
  out.reserve(items->size());
  for (std::size_t i = 0; i < items->size(); ++i) {
    Result<T> item = parse((*items)[i]);
    if (!item.ok()) {
      Error e = std::move(item).error();
      std::string index = "items[" + std::to_string(i) + "]";
      e.field = e.field.empty() ? index : index + "." + e.field;
      return e;
    }
    out.push_back(std::move(item).value());
  }
  return out;
}

}  // namespace

Result<std::vector<ApplicationSummary>> parse_application_list(const Json& list) {
  return parse_items<ApplicationSummary>(list, &parse_application);
}

namespace {

// One v1alpha1Cluster: info.connectionState, or the deprecated top-level connectionState older
// servers fill.
Result<ClusterConnection> parse_cluster_connection(const Json& item) {
  if (!item.is_object()) return wrong_type("", "object", item);
  Node cluster{&item, ""};
  ClusterConnection c;
  FW_TRY(name, cluster.string("name"));
  FW_TRY(server, cluster.string("server"));
  c.name = std::move(name);
  c.server = std::move(server);
  FW_TRY(info, cluster.object("info"));
  FW_TRY(state, info.object("connectionState"));
  if (state.value == nullptr) {
    FW_TRY(legacy, cluster.object("connectionState"));
    state = legacy;
  }
  FW_TRY(status, state.string("status"));
  FW_TRY(message, state.string("message"));
  FW_TRY(attempted, state.string("attemptedAt"));
  c.status = std::move(status);
  c.message = std::move(message);
  if (!attempted.empty()) {
    c.attempted_at_ms = parse_rfc3339(attempted);
    if (!c.attempted_at_ms) {
      return invalid_input("expected an RFC 3339 timestamp, got \"" + attempted.substr(0, 40) + "\"",
                           state.child_path("attemptedAt"));
    }
  }
  return c;
}

}  // namespace

Result<std::vector<ClusterConnection>> parse_cluster_list(const Json& list) {
  return parse_items<ClusterConnection>(list, &parse_cluster_connection);
}

}  // namespace fleetwave
