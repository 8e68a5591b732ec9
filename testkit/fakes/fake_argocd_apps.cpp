#include "testkit/fakes/fake_argocd_apps.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "base/text.h"

namespace fleetwave::testkit {
namespace {

constexpr const char* kDefaultTime = "2026-01-01T00:00:00Z";

// The member object `key` of `parent`, created (or replaced when not an object) as needed.
Json& object_at(Json& parent, const char* key) {
  if (!parent.is_object()) parent = Json::object();
  Json& child = parent[key];
  if (!child.is_object()) child = Json::object();
  return child;
}

// A stable UID-shaped string derived from the name (FNV-1a), so fixtures are deterministic.
std::string uid_for(const std::string& name) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : name) h = (h ^ c) * 1099511628211ull;
  char buf[40];
  std::snprintf(buf, sizeof buf, "00000000-0000-4000-8000-%012llx",
                static_cast<unsigned long long>(h & 0xFFFFFFFFFFFFull));
  return buf;
}

Json plugin_source(const std::string& cluster, const std::string& revision) {
  return {
      {"repoURL", "https://git.example.com/fleet.git"},
      {"path", "."},
      {"targetRevision", revision},
      {"plugin", {{"name", "fleetwave"}, {"env", Json::array({{{"name", "FLEETWAVE_CLUSTER"}, {"value", cluster}}})}}}};
}

std::string default_message(const std::string& phase) {
  if (phase == "Succeeded") return "successfully synced (all tasks run)";
  if (phase == "Running") return "one or more tasks are running";
  if (phase == "Failed") return "one or more objects failed to apply";
  if (phase == "Error") return "rpc error: code = Unknown desc = manifest generation failed";
  return "";
}

// status.operationState for a sync to `revision`; Running has no syncResult nor finishedAt yet.
void set_operation(Json& app, const std::string& revision, const std::string& phase, const std::string& message,
                   const std::string& finished_at) {
  std::string when = finished_at.empty() ? kDefaultTime : finished_at;
  Json op = {{"phase", phase},
             {"message", message.empty() ? default_message(phase) : message},
             {"operation",
              {{"sync", {{"revision", revision}}}, {"initiatedBy", {{"automated", true}}}, {"retry", {{"limit", 5}}}}},
             {"startedAt", when}};
  if (phase != "Running" && phase != "Terminating") {
    Json source = object_at(object_at(app, "spec"), "source");
    op["syncResult"] = {{"revision", revision}, {"source", source}, {"resources", Json::array()}};
    op["finishedAt"] = when;
  }
  Json& status = object_at(app, "status");
  status["operationState"] = std::move(op);
  status["reconciledAt"] = when;
}

void set_sync(Json& app, const std::string& sync_status, const std::string& revision) {
  Json& source = object_at(object_at(app, "spec"), "source");
  source["targetRevision"] = revision;
  Json& sync = object_at(object_at(app, "status"), "sync");
  sync["status"] = sync_status;
  sync["revision"] = revision;
}

void set_health(Json& app, const std::string& health, const std::string& message) {
  Json h = {{"status", health}};
  if (!message.empty()) h["message"] = message;
  object_at(app, "status")["health"] = std::move(h);
}

// Splits at commas outside parentheses.
std::vector<std::string> split_requirements(const std::string& text) {
  std::vector<std::string> parts(1);
  int depth = 0;
  for (char c : text) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  return parts;
}

bool valid_key(const std::string& key) { return !key.empty() && key.find_first_of(" \t=!(),") == std::string::npos; }

}  // namespace

Json make_application(const std::string& name, const std::map<std::string, std::string>& labels,
                      const std::string& cluster, const std::string& revision, const std::string& sync,
                      const std::string& health, const std::string& phase, const std::string& finished_at) {
  Json label_json = Json::object();
  for (const auto& [k, v] : labels) label_json[k] = v;
  if (!label_json.contains("fleetwave.io/cluster")) label_json["fleetwave.io/cluster"] = cluster;
  auto app_label = labels.find("fleetwave.io/app");
  std::string appset = app_label == labels.end() ? "fleetwave" : app_label->second;
  Json destination = {{"name", cluster}, {"namespace", appset}};
  Json app = {{"apiVersion", "argoproj.io/v1alpha1"},
              {"kind", "Application"},
              {"metadata",
               {{"name", name},
                {"namespace", "argocd"},
                {"labels", label_json},
                {"finalizers", Json::array({"resources-finalizer.argocd.argoproj.io"})},
                {"generation", 1},
                {"resourceVersion", "1"},
                {"uid", uid_for(name)},
                {"creationTimestamp", kDefaultTime},
                {"ownerReferences", Json::array({{{"apiVersion", "argoproj.io/v1alpha1"},
                                                  {"blockOwnerDeletion", true},
                                                  {"controller", true},
                                                  {"kind", "ApplicationSet"},
                                                  {"name", appset},
                                                  {"uid", uid_for("appset/" + appset)}}})}}},
              {"spec",
               {{"project", "default"},
                {"destination", destination},
                {"source", plugin_source(cluster, revision)},
                {"syncPolicy",
                 {{"automated", {{"prune", true}, {"selfHeal", true}}},
                  {"syncOptions", Json::array({"CreateNamespace=true"})}}}}},
              {"status",
               {{"sync",
                 {{"status", sync},
                  {"revision", revision},
                  {"comparedTo", {{"source", plugin_source(cluster, revision)}, {"destination", destination}}}}},
                {"health", {{"status", health}}},
                {"sourceType", "Plugin"},
                {"controllerNamespace", "argocd"},
                {"reconciledAt", finished_at.empty() ? kDefaultTime : finished_at}}}};
  if (!phase.empty()) set_operation(app, revision, phase, "", finished_at);
  return app;
}

void set_synced(Json& app, const std::string& revision, const std::string& health, const std::string& finished_at) {
  set_sync(app, "Synced", revision);
  set_health(app, health, "");
  set_operation(app, revision, "Succeeded", "", finished_at);
}

void set_progressing(Json& app, const std::string& revision, const std::string& message) {
  set_sync(app, "Synced", revision);
  set_health(app, "Progressing", message.empty() ? "Waiting for rollout to finish" : message);
  set_operation(app, revision, "Succeeded", "", "");
}

void set_sync_running(Json& app, const std::string& revision) {
  set_sync(app, "OutOfSync", revision);
  set_health(app, "Progressing", "");
  set_operation(app, revision, "Running", "", "");
}

void set_degraded(Json& app, const std::string& revision, const std::string& message) {
  set_sync(app, "Synced", revision);
  set_health(app, "Degraded", message);
  set_operation(app, revision, "Succeeded", "", "");
}

void set_sync_failed(Json& app, const std::string& revision, const std::string& message, const std::string& phase,
                     const std::string& finished_at) {
  set_sync(app, "OutOfSync", revision);
  set_operation(app, revision, phase, message, finished_at);
}

void set_out_of_sync(Json& app, const std::string& revision) { set_sync(app, "OutOfSync", revision); }

Result<LabelSelector> LabelSelector::parse(const std::string& text) {
  LabelSelector selector;
  if (trim_space(text).empty()) return selector;
  for (const std::string& raw : split_requirements(text)) {
    std::string part = trim_space(raw);
    Requirement r;
    std::size_t paren = part.find('(');
    std::size_t eq = part.find('=');
    if (paren != std::string::npos && (eq == std::string::npos || paren < eq)) {
      std::string head = trim_space(part.substr(0, paren));
      std::size_t space = head.find_last_of(" \t");
      std::string word = space == std::string::npos ? "" : head.substr(space + 1);
      r.key = trim_space(head.substr(0, space == std::string::npos ? 0 : space));
      if ((word != "in" && word != "notin") || part.back() != ')')
        return invalid_input("invalid label selector requirement \"" + part + "\"");
      r.op = word == "in" ? Op::In : Op::NotIn;
      for (const std::string& v : split_requirements(part.substr(paren + 1, part.size() - paren - 2)))
        r.values.push_back(trim_space(v));
    } else if (std::size_t ne = part.find("!="); ne != std::string::npos) {
      r = {trim_space(part.substr(0, ne)), Op::NotEquals, {trim_space(part.substr(ne + 2))}};
    } else if (eq != std::string::npos) {
      std::size_t value_at = part.compare(eq, 2, "==") == 0 ? eq + 2 : eq + 1;
      r = {trim_space(part.substr(0, eq)), Op::Equals, {trim_space(part.substr(value_at))}};
    } else if (!part.empty() && part.front() == '!') {
      r = {trim_space(part.substr(1)), Op::NotExists, {}};
    } else {
      r = {part, Op::Exists, {}};
    }
    if (!valid_key(r.key)) return invalid_input("invalid label selector requirement \"" + part + "\"");
    selector.requirements_.push_back(std::move(r));
  }
  return selector;
}

bool LabelSelector::matches(const std::map<std::string, std::string>& labels) const {
  for (const Requirement& r : requirements_) {
    auto it = labels.find(r.key);
    bool has = it != labels.end();
    bool in = has && std::find(r.values.begin(), r.values.end(), it->second) != r.values.end();
    bool ok = false;
    switch (r.op) {
      case Op::Equals:
        ok = has && it->second == r.values.front();
        break;
      case Op::NotEquals:
        ok = !has || it->second != r.values.front();
        break;
      case Op::Exists:
        ok = has;
        break;
      case Op::NotExists:
        ok = !has;
        break;
      case Op::In:
        ok = in;
        break;
      case Op::NotIn:
        ok = !in;
        break;
    }
    if (!ok) return false;
  }
  return true;
}

std::map<std::string, std::string> labels_of(const Json& app) {
  std::map<std::string, std::string> out;
  const Json* labels = find_path(app, {"metadata", "labels"});
  if (labels == nullptr || !labels->is_object()) return out;
  for (const auto& [k, v] : labels->items()) {
    if (v.is_string()) out.emplace(k, v.get<std::string>());
  }
  return out;
}

}  // namespace fleetwave::testkit
