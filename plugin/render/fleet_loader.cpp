#include "render/fleet_loader.h"

#include <algorithm>
#include <map>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>

#include "base/text.h"
#include "codec/binary_json.h"
#include "codec/json_reader.h"
#include "codec/yaml_codec.h"
#include "interpret/resource_interpreter.h"
#include "model/cordons.h"
#include "render/api_defaults.h"
#include "render/resource_scope.h"
#include "render/source_locator.h"
#include "schedule/available_replicas.h"

namespace fleetwave {
namespace {

constexpr std::string_view kKarmadaPolicyApi = "policy.karmada.io/v1alpha1";
constexpr std::string_view kKarmadaClusterApi = "cluster.karmada.io/v1alpha1";
constexpr std::string_view kFleetwaveApi = "fleetwave.io/v1alpha1";

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_json_file(const std::string& path) { return ends_with(path, ".json"); }

// One object read from a file, with what is needed to point at it in messages.
struct LoadedObject {
  const SourceFile* file = nullptr;
  std::size_t document = 0;
  int line = 0;
  FieldPath prefix;  // "items[3]" for objects flattened out of a List
  Json object;
  std::optional<ReadRules> read_rules;  // an override policy's rules, read as it was parsed
};

bool is_override_policy_kind(std::string_view kind) {
  return kind == "OverridePolicy" || kind == "ClusterOverridePolicy";
}

// Whether a render for `only_cluster` ("" for every cluster) keeps `rule`.
bool keeps_rule(const std::string& only_cluster, const OverrideRule& rule) {
  return only_cluster.empty() || rule_may_apply(rule, only_cluster);
}

// Reads the override rules of a file's (Cluster)OverridePolicies one by one while the file is
// parsed, as parse_override_policy would, and keeps what the render needs: at 10,000 clusters,
// policies with a rule per cluster held as whole trees were most of a render's peak memory.
class OverrideRuleReader final : public YamlEntrySink {
 public:
  OverrideRuleReader(const std::string& only_cluster, bool keep_records)
      : only_cluster_(only_cluster), keep_records_(keep_records) {}

  std::span<const std::string_view> path() const override { return kPath; }

  bool begin(std::size_t document, const Json& root) override {
    const Json* api_version = find_member(root, "apiVersion");
    const Json* kind = find_member(root, "kind");
    if (api_version == nullptr || !api_version->is_string() || kind == nullptr || !kind->is_string() ||
        api_version->get_ref<const std::string&>() != kKarmadaPolicyApi ||
        !is_override_policy_kind(kind->get_ref<const std::string&>())) {
      return false;
    }
    current_ = &read_[document];
    return true;
  }

  void take(std::size_t index, Json entry) override {
    ReadRules& read = *current_;
    ++read.count;
    if (keep_records_) append_binary_json(read.records.emplace_back(), entry);
    const bool map = entry.is_object();  // else a problem, and no rule
    OverrideRule rule = parse_override_rule(entry, index, read.problems);
    if (map && keeps_rule(only_cluster_, rule)) read.kept.push_back(std::move(rule));
    free_tree(entry);
  }

  void restart() override { read_.clear(); }

  std::optional<ReadRules> rules_of(std::size_t document) {
    auto it = read_.find(document);
    if (it == read_.end()) return std::nullopt;
    return std::move(it->second);
  }

 private:
  static constexpr std::string_view kPath[] = {"spec", "overrideRules"};
  const std::string& only_cluster_;
  const bool keep_records_;
  std::map<std::size_t, ReadRules> read_;  // by document
  ReadRules* current_ = nullptr;
};

// The snapshot's form of an override policy (render/fleet.h); `read` holds its rules' records
// when they were read as it was parsed.
OverridePolicyRecord override_policy_record(const OverridePolicy& policy, Json object, ReadRules* read) {
  OverridePolicyRecord record;
  const Json* list = find_path(object, {"spec", "overrideRules"});
  const bool is_list = list != nullptr && list->is_array();
  const std::size_t count = !is_list ? 0 : read != nullptr ? read->count : list->size();
  record.split = count > 0 && count == policy.rules.size() && policy.rules.front().field == "spec.overrideRules[0]";
  if (record.split) {
    if (read != nullptr) {
      record.rules = std::move(read->records);
    } else {
      for (const Json& rule : *list) append_binary_json(record.rules.emplace_back(), rule);
    }
    object["spec"].erase("overrideRules");
  }
  append_binary_json(record.head, object);
  return record;
}

class Loader {
 public:
  Loader(const InputBundle& bundle, LoadOptions options)
      : bundle_(bundle),
        options_(std::move(options)),
        only_cluster_(options_.keep_records ? std::string() : options_.only_cluster),
        has_cordons_(std::any_of(bundle.files.begin(), bundle.files.end(),
                                 [](const SourceFile& f) { return f.role == FileRole::Cordons; })) {}

  Result<Fleet, ErrorList> run() {
    fleet_.only_cluster = only_cluster_;
    check_sizes();
    if (!errors_.empty()) return errors_;
    std::vector<LoadedObject> objects;
    objects.reserve(bundle_.files.size());
    for (const SourceFile& file : bundle_.files) read_file(file, objects);
    reserve_for(objects);
    std::vector<const Json*> app_objects;
    for (const LoadedObject& o : objects) app_objects.push_back(&o.object);
    scopes_.learn_from(app_objects);
    for (LoadedObject& o : objects) classify(o);
    finish();
    locate_errors(bundle_, errors_);
    if (!errors_.empty()) return errors_;
    locate_errors(bundle_, fleet_.warnings);
    return std::move(fleet_);
  }

 private:
  // The fleet's vectors sized once, for at most every object: at 10,000 clusters, growing them
  // by doubling copied every element at each step into fresh pages, a tenth of the page faults.
  void reserve_for(const std::vector<LoadedObject>& objects) {
    std::size_t inventory = 0, app = 0;
    for (const LoadedObject& o : objects) {
      if (o.file->role == FileRole::Inventory) ++inventory;
      else if (o.file->role == FileRole::App) ++app;
    }
    fleet_.clusters.reserve(inventory);
    if (options_.keep_records || has_cordons_) fleet_.cluster_records.reserve(inventory);
    fleet_.templates.reserve(app);
  }

  void check_sizes() {
    std::size_t total = 0;
    for (const SourceFile& f : bundle_.files) {
      total += f.content.size();
      if (f.content.size() > bundle_.limits.max_file_bytes) {
        Error e = invalid_input("file is " + std::to_string(f.content.size()) + " bytes, over the limit of " +
                                std::to_string(bundle_.limits.max_file_bytes) +
                                " bytes; split it or raise FLEETWAVE_MAX_FILE_BYTES");
        e.pos.file = f.path;
        errors_.push_back(std::move(e));
      }
    }
    if (total > bundle_.limits.max_total_bytes) {
      errors_.push_back(invalid_input("inputs total " + std::to_string(total) + " bytes, over the limit of " +
                                      std::to_string(bundle_.limits.max_total_bytes) +
                                      " bytes; raise FLEETWAVE_MAX_TOTAL_BYTES"));
    }
  }

  void read_file(const SourceFile& file, std::vector<LoadedObject>& out) {
    std::vector<YamlDocument> docs;
    OverrideRuleReader rule_reader(only_cluster_, options_.keep_records);
    if (is_json_file(file.path)) {
      auto values = parse_json_stream(file.content, file.path);
      if (!values.ok()) {
        errors_.push_back(std::move(values).error());
        return;
      }
      for (Json& v : *values) docs.push_back(YamlDocument{std::move(v), 1});
    } else {
      // The inventory and the cordon overlay hold no policy a render reads.
      const bool policies = file.role != FileRole::Inventory && file.role != FileRole::Cordons;
      auto parsed = parse_yaml_stream(file.content, file.path, {}, policies ? &rule_reader : nullptr);
      if (!parsed.ok()) {
        errors_.push_back(std::move(parsed).error());
        return;
      }
      docs = std::move(parsed).value();
    }
    for (std::size_t i = 0; i < docs.size(); ++i) {
      Json& value = docs[i].value;
      if (value.is_null()) continue;  // empty documents, as kubectl and Argo CD skip them
      if (!value.is_object()) {
        add_error(LoadedObject{&file, i, docs[i].line, {}, {}}, FieldPath(),
                  "expected a Kubernetes object (a map with apiVersion and kind), got a " + json_type_name(value));
        continue;
      }
      const Json* items = find_member(value, "items");
      if (ends_with(string_at(value, {"kind"}), "List") && items != nullptr && items->is_array()) {
        for (std::size_t k = 0; k < items->size(); ++k) {
          out.push_back(LoadedObject{&file, i, docs[i].line, FieldPath().key("items").index(k), (*items)[k]});
        }
        continue;
      }
      out.push_back(LoadedObject{&file, i, docs[i].line, FieldPath(), std::move(value), rule_reader.rules_of(i)});
    }
  }

  // An object no record was made of, kept rather than destroyed (Fleet::retired_objects).
  void retire(LoadedObject& o) { fleet_.retired_objects.push_back(std::move(o.object)); }

  // The snapshot's record of an object: its binary JSON.
  static std::string record_of(const Json& object) {
    std::string record;
    append_binary_json(record, object);
    return record;
  }

  // Turns a problem at `field` of object `o` into an error with the file position.
  void add_error(const LoadedObject& o, const FieldPath& field, std::string message) {
    Error e = invalid_input(std::move(message), field.to_string());
    errors_.push_back(position(o, std::move(e)));
  }

  // The object's file and document; locate_errors() turns them into the field's line:column
  // once every error is known (one pass per file).
  Error position(const LoadedObject& o, Error e) const {
    e.pos = source_of(o).position();
    return e;
  }

  // `owner` ("PropagationPolicy apps/web") names the object in warnings, which are read long
  // after the render, far from the file.
  void add_problems(const LoadedObject& o, Problems& problems, const std::string& owner = {}) {
    for (Error& e : problems.take()) errors_.push_back(position(o, std::move(e)));
    for (Error& w : problems.take_warnings()) {
      fleet_.warnings.push_back(position(o, owner.empty() ? std::move(w) : w.with_context(owner)));
    }
  }

  ObjectSource source_of(const LoadedObject& o) const {
    return ObjectSource{o.file->path, o.line, o.document, o.prefix.to_string()};
  }

  // Fleet policies only the reconciler reads, no input of a render: RolloutWindows (when releases
  // may move) and Argo Rollouts analysis templates (how a wave is verified). FleetSettings are
  // parsed here (load_fleet_settings) so that their errors carry positions, and kept aside.
  static bool reconciler_policy(const std::string& api_version, const std::string& kind) {
    if (api_version == kFleetwaveApi) return kind == "RolloutWindows";
    return api_version == "argoproj.io/v1alpha1" && (kind == "AnalysisTemplate" || kind == "ClusterAnalysisTemplate");
  }

  void classify(LoadedObject& o) {
    Problems problems;
    std::string api_version = get_string(o.object, "apiVersion", {}, problems, true);
    std::string kind = get_string(o.object, "kind", {}, problems, true);
    if (!problems.empty()) {
      problems = Problems();
      add_error(o, FieldPath(),
                "not a Kubernetes object: apiVersion and kind are required (fleetwave reads every .yaml, .yml and "
                ".json file under the app directory, clusters/ and policies/)");
      return;
    }
    FileRole role = o.file->role;
    if (role == FileRole::Cordons) return load_cordon_overlay(o, problems);
    if (role == FileRole::Inventory) {
      load_inventory_object(o, api_version, kind);
      return;
    }
    if (api_version == kKarmadaPolicyApi && load_policy(o, kind)) return;
    if (api_version == kCustomizationApi && kind == kCustomizationKind) {
      load_customization(o);
      return;
    }
    if (role == FileRole::FleetPolicy && api_version == kFleetwaveApi && kind == kFleetSettingsKind) {
      load_fleet_settings(o);
      return;
    }
    if (role == FileRole::FleetPolicy && reconciler_policy(api_version, kind)) return;
    if (role == FileRole::FleetPolicy) {
      add_error(o, FieldPath().key("kind"),
                "policies/ holds only Karmada PropagationPolicy, ClusterPropagationPolicy, OverridePolicy, "
                "ClusterOverridePolicy and ResourceInterpreterCustomization objects (and fleetwave RolloutWindows and "
                "FleetSettings, Argo "
                "Rollouts AnalysisTemplates and ClusterAnalysisTemplates), found " +
                    printable(api_version) + " " + printable(kind));
      return;
    }
    if (api_version == kKarmadaClusterApi && kind == "Cluster") {
      add_error(o, FieldPath().key("kind"),
                "Cluster objects belong in the inventory directory (clusters/), not in the app");
      return;
    }
    if (api_group_of(api_version) == "fleetwave.io") {
      if (api_version == kFleetwaveApi && kind == "WavePlan") {
        if (fleet_.wave_plan) {
          add_error(o, FieldPath().key("kind"),
                    "a second WavePlan in the app (the first is at " + fleet_.wave_plan_source->describe() +
                        "); an app has one WavePlan");
          return;
        }
        fleet_.wave_plan = o.object;
        fleet_.wave_plan_source = source_of(o);
        return;
      }
      add_error(o, FieldPath().key("kind"),
                "unknown fleetwave kind " + printable(api_version) + " " + printable(kind) +
                    "; expected fleetwave.io/v1alpha1 WavePlan");
      return;
    }
    add_template(o, api_version, kind);
  }

  void load_inventory_object(LoadedObject& o, const std::string& api_version, const std::string& kind) {
    if (api_version != kKarmadaClusterApi || kind != "Cluster") {
      add_error(o, FieldPath().key("kind"),
                "the cluster inventory holds only " + std::string(kKarmadaClusterApi) + " Cluster objects, found " +
                    printable(api_version) + " " + printable(kind));
      return;
    }
    Problems problems;
    Cluster c = parse_cluster(o.object, problems);
    if (c.resource_summary)
      validate_resource_summary(*c.resource_summary, FieldPath().key("status").key("resourceSummary"), problems);
    add_problems(o, problems);
    add_cluster(o, std::move(c));
  }

  bool load_policy(LoadedObject& o, const std::string& kind) {
    if (kind == "PropagationPolicy" || kind == "ClusterPropagationPolicy") {
      if (!add_policy(o, kind, parse_propagation_policy, fleet_.propagation_policies)) return true;
      if (options_.keep_records) fleet_.propagation_policy_records.push_back(record_of(o.object));
      else retire(o);
      return true;
    }
    if (is_override_policy_kind(kind)) {
      ReadRules* read = o.read_rules ? &*o.read_rules : nullptr;
      auto parse = [&](const Json& object, bool cluster_scoped, const std::string& default_namespace,
                       Problems& problems) {
        OverridePolicy p = parse_override_policy(object, cluster_scoped, default_namespace, problems, read);
        // Rules read as the file was parsed were filtered there, to free the others at once; this
        // filters the rest (JSON, kind after spec, the deprecated pair) and keeps those again.
        std::erase_if(p.rules, [&](const OverrideRule& rule) { return !keeps_rule(only_cluster_, rule); });
        return p;
      };
      if (!add_policy(o, kind, parse, fleet_.override_policies)) return true;
      if (options_.keep_records) {
        fleet_.override_policy_records.push_back(
            override_policy_record(fleet_.override_policies.back(), std::move(o.object), read));
      } else {
        retire(o);
      }
      return true;
    }
    return false;
  }

  // A (Cluster)PropagationPolicy or (Cluster)OverridePolicy parsed by `parse`, kept unless another
  // of the same kind, namespace and name came first; true when kept.
  template <class Policy, class Parse>
  bool add_policy(LoadedObject& o, const std::string& kind, Parse parse, std::vector<Policy>& policies) {
    Problems problems;
    const bool cluster_scoped = kind.rfind("Cluster", 0) == 0;
    Policy p = parse(o.object, cluster_scoped, bundle_.default_namespace, problems);
    p.source = source_of(o).position();
    add_problems(o, problems, kind + " " + printable(p.namespace_.empty() ? p.name : p.namespace_ + "/" + p.name));
    if (!check_unique(o, kind, p.namespace_, p.name)) return false;
    policies.push_back(std::move(p));
    return true;
  }

  // A ResourceInterpreterCustomization configures the renderer (interpret/); it is never rendered.
  void load_customization(const LoadedObject& o) {
    Problems problems;
    Customization c = parse_customization(o.object, problems);
    for (Error& e : problems.take()) {
      errors_.push_back(position(o, e.with_context(std::string(kCustomizationKind) + " \"" + c.name + "\"")));
    }
    if (c.name.empty() || !check_unique(o, std::string(kCustomizationKind), "", c.name)) return;
    fleet_.customization_objects.push_back(o.object);
    fleet_.customization_sources.push_back(SourcePos{o.file->path, o.line, 0});
    customizations_.push_back(LoadedCustomization{std::move(c), fleet_.customization_sources.back()});
  }

  bool check_unique(const LoadedObject& o, const std::string& kind, const std::string& ns, const std::string& name) {
    std::string key = kind + "|" + ns + "|" + name;
    auto [it, inserted] = seen_policies_.emplace(key, source_of(o));
    if (!inserted) {
      add_error(o, FieldPath().key("metadata").key("name"),
                "duplicate " + kind + " \"" + printable(ns.empty() ? name : ns + "/" + name) + "\" (also defined at " +
                    it->second.describe() + ")");
    }
    return inserted;
  }

  void add_cluster(LoadedObject& o, Cluster c) {
    if (c.name.empty()) return;
    auto [it, inserted] = seen_clusters_.emplace(c.name, source_of(o));
    if (!inserted) {
      add_error(o, FieldPath().key("metadata").key("name"),
                "duplicate cluster \"" + printable(c.name) + "\" (also defined at " + it->second.describe() + ")");
      return;
    }
    fleet_.clusters.push_back(std::move(c));
    // The cordon overlay edits the records; a snapshot keeps them.
    if (options_.keep_records || has_cordons_) fleet_.cluster_records.push_back(record_of(o.object));
    if (!options_.keep_records) retire(o);
  }

  void add_template(LoadedObject& o, const std::string& api_version, const std::string& kind) {
    Problems problems;
    const Json* meta = get_object(o.object, "metadata", {}, problems, true);
    std::string name, ns;
    if (meta != nullptr) {
      name = get_string(*meta, "name", FieldPath().key("metadata"), problems, true);
      ns = get_string(*meta, "namespace", FieldPath().key("metadata"), problems);
    }
    if (!problems.empty()) {
      add_problems(o, problems);
      return;
    }
    ResourceTemplate t;
    t.namespaced = scopes_.is_namespaced(api_version, kind, !ns.empty());
    std::string effective_ns = t.namespaced ? (ns.empty() ? bundle_.default_namespace : ns) : std::string();
    // Karmada's template lives in the namespace kubectl applied it to; deliver it that way.
    if (t.namespaced && ns.empty()) o.object["metadata"]["namespace"] = effective_ns;
    apply_replica_defaults(o.object);
    t.id = identity_of(o.object, effective_ns);
    t.source = source_of(o);
    std::string key = api_version + "|" + kind + "|" + effective_ns + "|" + name;
    auto [it, inserted] = seen_templates_.emplace(key, t.source);
    if (!inserted) {
      add_error(o, FieldPath().key("metadata").key("name"),
                "duplicate object " + printable(api_version) + " " + printable(kind) + " " +
                    printable((effective_ns.empty() ? "" : effective_ns + "/") + name) + " (also defined at " +
                    it->second.describe() + "); each object may be defined once");
      return;
    }
    t.object = std::move(o.object);
    fleet_.templates.push_back(std::move(t));
  }

  void load_fleet_settings(const LoadedObject& o) {
    if (fleet_.settings_source) {
      add_error(o, FieldPath().key("kind"),
                "a second FleetSettings (the first is at " + fleet_.settings_source->describe() +
                    "); a fleet has one FleetSettings: merge them");
      return;
    }
    Problems problems;
    fleet_.settings = parse_fleet_settings(o.object, problems);
    fleet_.settings_source = source_of(o);
    add_problems(o, problems);
  }

  void load_cordon_overlay(const LoadedObject& o, Problems& problems) {
    for (Cordon& c : parse_cordons(o.object, problems)) cordons_.push_back(std::move(c));
    add_problems(o, problems);
  }

  // The cordons' taints go into the cordoned clusters' objects, which are parsed again, so the
  // render cache, which keeps the objects, sees the same inventory as this render.
  void apply_cordon_overlay() {
    if (cordons_.empty()) return;
    std::vector<std::size_t> cordoned;
    std::vector<Json> objects;
    for (std::size_t i = 0; i < fleet_.clusters.size(); ++i) {
      if (find_cordon(cordons_, fleet_.clusters[i].name) == nullptr) continue;
      std::size_t at = 0;
      cordoned.push_back(i);
      objects.push_back(read_binary_json(fleet_.cluster_records[i], at).value_or(Json()));
    }
    for (const std::string& name : apply_cordons(cordons_, objects)) {
      Error e = invalid_input(
          "cordon of cluster \"" + printable(name) +
          "\", which the inventory does not have, has no effect; remove it with fleetwave uncordon " + printable(name));
      e.pos.file = kCordonsPath;
      fleet_.warnings.push_back(std::move(e));
    }
    for (std::size_t k = 0; k < cordoned.size(); ++k) {
      Problems problems;
      fleet_.clusters[cordoned[k]] = parse_cluster(objects[k], problems);
      fleet_.cluster_records[cordoned[k]] = record_of(objects[k]);
    }
  }

  void finish() {
    apply_cordon_overlay();
    auto interpreter = ResourceInterpreter::build(std::move(customizations_));
    if (interpreter.ok())
      fleet_.interpreter = std::make_shared<const ResourceInterpreter>(std::move(interpreter).value());
    else errors_.insert(errors_.end(), interpreter.error().begin(), interpreter.error().end());
    std::vector<std::size_t> order(fleet_.clusters.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return fleet_.clusters[a].name < fleet_.clusters[b].name; });
    const bool with_records = !fleet_.cluster_records.empty();
    std::vector<Cluster> clusters;
    std::vector<std::string> records;
    clusters.reserve(order.size());
    records.reserve(with_records ? order.size() : 0);
    for (std::size_t i : order) {
      clusters.push_back(std::move(fleet_.clusters[i]));
      if (with_records) records.push_back(std::move(fleet_.cluster_records[i]));
    }
    fleet_.clusters = std::move(clusters);
    fleet_.cluster_records = std::move(records);
    sort_templates();
  }

  // Templates in (apiVersion, kind, namespace, name) order, which is unique (duplicates are
  // errors). The few distinct (apiVersion, kind, namespace) groups are ranked first, then
  // indices sorted by rank and name, and each template moved once: sorting the templates
  // themselves compared three mostly equal strings per comparison and moved whole templates at
  // every swap: 3 % of a render without cache at 10,000 templates.
  void sort_templates() {
    std::vector<ResourceTemplate>& templates = fleet_.templates;
    using Group = std::tuple<std::string_view, std::string_view, std::string_view>;
    auto group_of = [&](std::size_t i) {
      const ResourceIdentity& id = templates[i].id;
      return Group{id.api_version, id.kind, id.namespace_};
    };
    std::map<Group, std::size_t> ranks;
    for (std::size_t i = 0; i < templates.size(); ++i) ranks.emplace(group_of(i), 0);
    std::size_t next_rank = 0;
    for (auto& [group, rank] : ranks) rank = next_rank++;
    std::vector<std::size_t> rank_of(templates.size()), order(templates.size());
    for (std::size_t i = 0; i < templates.size(); ++i) {
      rank_of[i] = ranks.at(group_of(i));
      order[i] = i;
    }
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return rank_of[a] != rank_of[b] ? rank_of[a] < rank_of[b] : templates[a].id.name < templates[b].id.name;
    });
    std::vector<ResourceTemplate> sorted;
    sorted.reserve(templates.size());
    for (std::size_t i : order) sorted.push_back(std::move(templates[i]));
    templates = std::move(sorted);
  }

  const InputBundle& bundle_;
  const LoadOptions options_;
  const std::string only_cluster_;  // options_.only_cluster, unless records are kept
  const bool has_cordons_;
  ResourceScopes scopes_;
  Fleet fleet_;
  ErrorList errors_;
  std::map<std::string, ObjectSource> seen_policies_;
  std::map<std::string, ObjectSource> seen_clusters_;
  std::map<std::string, ObjectSource> seen_templates_;
  std::vector<LoadedCustomization> customizations_;
  std::vector<Cordon> cordons_;
};

}  // namespace

const Cluster* Fleet::find_cluster(const std::string& name) const {
  auto it = std::lower_bound(clusters.begin(), clusters.end(), name,
                             [](const Cluster& c, const std::string& n) { return c.name < n; });
  return it != clusters.end() && it->name == name ? &*it : nullptr;
}

Result<Fleet, ErrorList> load_fleet(const InputBundle& bundle, LoadOptions options) {
  return Loader(bundle, options).run();
}

}  // namespace fleetwave
