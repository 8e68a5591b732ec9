// Rendering one cluster from a snapshot (layout in render/snapshot_format.h): restore a Fleet
// holding that cluster, the policies that matter to it and the templates bound to it, then
// render it with FleetRender::render, the code path of a full render.
#include <algorithm>
#include <map>
#include <memory>

#include "interpret/customization.h"
#include "interpret/resource_interpreter.h"
#include "render/fleet_snapshot.h"
#include "render/snapshot_format.h"

namespace fleetwave {
namespace {

using namespace snapshot_format;

struct Tables {
  std::string default_namespace;
  Table clusters, names, policies, overrides, rules, matches, templates, bindings, sets, customizations, revisions;
};

std::optional<Tables> read_tables(std::string_view data) {
  if (data.substr(0, kMagic.size()) != kMagic) return std::nullopt;
  std::size_t pos = kMagic.size();
  auto ns = read_bytes(data, pos);
  if (!ns || data.size() - pos < 8 || checksum(data.substr(0, pos)) != u64_at(data, pos)) return std::nullopt;
  pos += 8;
  Tables t;
  t.default_namespace = std::string(*ns);
  for (Table* table : {&t.clusters, &t.names, &t.policies, &t.overrides, &t.rules, &t.matches, &t.templates,
                       &t.bindings, &t.sets, &t.customizations, &t.revisions}) {
    auto read = Table::read(data, pos);
    if (!read) return std::nullopt;
    *table = *read;
  }
  if (pos != data.size() || t.matches.size() != t.clusters.size() || t.names.size() != t.clusters.size() ||
      t.bindings.size() != t.templates.size() || t.revisions.size() != t.bindings.size())
    return std::nullopt;
  return t;
}

// Reads the fields of one record in order; ok() turns false at the first malformed one.
class Fields {
 public:
  explicit Fields(std::string_view record) : data_(record) {}
  std::uint64_t uint() { return take(read_varint(data_, pos_), std::uint64_t{0}); }
  std::int64_t sint() { return take(read_signed(data_, pos_), std::int64_t{0}); }
  bool flag() {
    if (pos_ >= data_.size()) ok_ = false;
    return ok_ && data_[pos_++] != 0;
  }
  std::string bytes() { return std::string(view()); }
  std::string_view view() { return take(read_bytes(data_, pos_), std::string_view()); }
  Json json() { return take(read_binary_json(data_, pos_), Json()); }
  Json json_bytes() {
    std::string_view inner = view();
    std::size_t at = 0;
    std::optional<Json> value = read_binary_json(inner, at);
    if (at != inner.size()) ok_ = false;
    return take(std::move(value), Json());
  }
  SourcePos source() {
    SourcePos pos;
    pos.file = bytes();
    pos.line = static_cast<int>(uint());
    pos.column = static_cast<int>(uint());
    pos.document = static_cast<int>(sint());
    pos.path_prefix = bytes();
    return pos;
  }
  bool ok() const { return ok_; }

 private:
  template <typename T, typename U>
  T take(std::optional<T> value, U fallback) {
    if (!ok_ || !value) {
      ok_ = false;
      return fallback;
    }
    return std::move(*value);
  }

  std::string_view data_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

// What a template's identity and metadata maps read, from its encoded object.
std::optional<Json> template_head(std::string_view object) {
  return read_binary_json_head(object, {"apiVersion", "kind", "metadata"});
}

// A template's whole encoded object: the first field of its record.
std::optional<Json> template_object(std::string_view record) {
  Fields f(record);
  Json object = f.json_bytes();
  if (!f.ok()) return std::nullopt;
  return object;
}

class Restorer {
 public:
  Restorer(const Tables& tables, const std::string& cluster, ObjectStream* stream)
      : t_(tables), name_(cluster), stream_(stream) {}

  std::optional<Result<RenderOutput, ErrorList>> run() {
    auto index = find_cluster();
    if (!ok_) return std::nullopt;
    if (!index) {
      std::vector<std::string> first;
      for (std::size_t i = 0; i < t_.clusters.size() && i < 10; ++i) first.push_back(cluster_name(i));
      if (!ok_) return std::nullopt;
      return Result<RenderOutput, ErrorList>(ErrorList{unknown_cluster_error(name_, t_.clusters.size(), first)});
    }
    fleet_.propagation_policies.reserve(t_.policies.size());  // bindings point into it
    restore_interpreter();
    restore_cluster(*index);
    restore_overrides(*index);
    restore_bindings(*index);
    if (!ok_) return std::nullopt;
    // Each object is decoded when its manifest is built (restore_template holds none).
    FleetRender render(std::move(fleet_), std::move(bindings_), [this](std::size_t restored) {
      return template_object(t_.templates.record(template_records_[restored]));
    });
    return render.render_once(name_, stream_);
  }

 private:
  // From the names table: a schedule names every cluster it targets, and a name's record is a
  // few bytes to verify where the cluster's is its whole object.
  std::string cluster_name(std::size_t i) {
    std::string_view name = t_.names.record(i);
    ok_ = ok_ && !name.empty();
    return std::string(name);
  }

  std::optional<std::uint32_t> find_cluster() {
    std::size_t lo = 0, hi = t_.clusters.size();
    while (lo < hi && ok_) {
      std::size_t mid = lo + (hi - lo) / 2;
      std::string name = cluster_name(mid);
      if (name == name_) return static_cast<std::uint32_t>(mid);
      if (name < name_) lo = mid + 1;
      else hi = mid;
    }
    return std::nullopt;
  }

  // The interpreter the full render built: the bundled and native ones with the fleet's
  // customizations (valid when the snapshot was written, so any problem means a bad snapshot).
  void restore_interpreter() {
    std::vector<LoadedCustomization> customizations;
    for (std::size_t i = 0; i < t_.customizations.size() && ok_; ++i) {
      Fields f(t_.customizations.record(i));
      Json object = f.json();
      SourcePos pos = f.source();
      Problems problems;
      Customization c = parse_customization(object, problems);
      ok_ = ok_ && f.ok() && problems.empty();
      fleet_.customization_objects.push_back(std::move(object));
      fleet_.customization_sources.push_back(pos);
      customizations.push_back(LoadedCustomization{std::move(c), std::move(pos)});
    }
    if (!ok_) return;
    auto interpreter = ResourceInterpreter::build(std::move(customizations));
    if (!interpreter.ok()) {
      ok_ = false;
      return;
    }
    fleet_.interpreter = std::make_shared<const ResourceInterpreter>(std::move(interpreter).value());
  }

  void restore_cluster(std::uint32_t index) {
    Fields f(t_.clusters.record(index));
    Json object = f.json();
    Problems problems;
    Cluster cluster = parse_cluster(object, problems);
    ok_ = ok_ && f.ok() && problems.empty() && cluster.name == name_;
    fleet_.clusters.push_back(std::move(cluster));
  }

  // Override policies with at least one rule for this cluster, holding just those rules: a
  // policy none of whose rules match changes nothing and is not listed as applied.
  void restore_overrides(std::uint32_t index) {
    Fields pairs(t_.matches.record(index));
    std::uint64_t n = pairs.uint();
    std::map<std::uint64_t, std::vector<std::uint64_t>> rules;  // by policy, in order
    for (std::uint64_t i = 0; i < n && pairs.ok(); ++i) {
      std::uint64_t policy = pairs.uint();
      rules[policy].push_back(pairs.uint());
    }
    ok_ = ok_ && pairs.ok();
    for (const auto& [policy, indexes] : rules) {
      if (!ok_) return;
      Fields f(t_.overrides.record(policy));
      bool cluster_scoped = f.flag();
      bool split = f.flag();
      Json header = f.json_bytes();
      const std::uint64_t first_rule = f.uint(), rule_count = f.uint();
      Problems problems;
      OverridePolicy p = parse_override_policy(header, cluster_scoped, t_.default_namespace, problems);
      p.source = f.source();
      if (split) {
        p.rules.clear();
        for (std::uint64_t r : indexes) {
          std::size_t at = 0;
          std::string_view record = r < rule_count ? t_.rules.record(first_rule + r) : std::string_view();
          std::optional<Json> rule = read_binary_json(record, at);
          if (!rule || at != record.size()) ok_ = false;
          else p.rules.push_back(parse_override_rule(*rule, r, problems));
        }
      } else if (indexes != std::vector<std::uint64_t>{0} || p.rules.size() != 1) {
        ok_ = false;
      }
      ok_ = ok_ && f.ok() && problems.empty();
      fleet_.override_policies.push_back(std::move(p));
    }
  }

  const TargetSet* target_set(std::uint64_t index) {
    auto it = sets_.find(index);
    if (it != sets_.end()) return &it->second;
    std::string_view record = t_.sets.record(index);
    Fields f(record);
    std::uint64_t n = f.uint();
    if (n > record.size()) n = 0, ok_ = false;  // each entry takes two bytes at least
    TargetSet set(static_cast<std::size_t>(n));
    for (auto& [cluster, replicas] : set) {
      cluster = static_cast<std::uint32_t>(f.uint());
      replicas = f.sint();
    }
    ok_ = ok_ && f.ok();
    return &sets_.emplace(index, std::move(set)).first->second;
  }

  // The scheduler's result, as a binding's replica revision reads it (names and replicas).
  std::shared_ptr<const ScheduleResult> schedule(std::uint64_t index) {
    auto it = schedules_.find(index);
    if (it != schedules_.end()) return it->second;
    auto result = std::make_shared<ScheduleResult>();
    for (const auto& [cluster, replicas] : *target_set(index))
      result->targets.push_back(TargetCluster{cluster_name(cluster), replicas});
    return schedules_.emplace(index, result).first->second;
  }

  const PropagationPolicy* policy(std::uint64_t index) {
    auto it = policies_.find(index);
    if (it != policies_.end()) return &fleet_.propagation_policies[it->second];
    if (index >= t_.policies.size()) {  // the vector must never outgrow its reserved buffer
      ok_ = false;
      return nullptr;
    }
    Fields f(t_.policies.record(index));
    bool cluster_scoped = f.flag();
    Json object = f.json();
    Problems problems;
    fleet_.propagation_policies.push_back(
        parse_propagation_policy(object, cluster_scoped, t_.default_namespace, problems));
    fleet_.propagation_policies.back().source = f.source();
    ok_ = ok_ && f.ok() && problems.empty();
    policies_.emplace(index, fleet_.propagation_policies.size() - 1);
    return &fleet_.propagation_policies.back();
  }

  // The template's identity as stored; its object is left null for the renderer to decode when
  // it builds the manifest. With a stored revision (`revised`) its head is decoded as the object
  // instead: the revision replaces it once the metadata maps are ensured.
  std::size_t restore_template(std::uint64_t index, bool revised) {
    Fields f(t_.templates.record(index));
    ResourceTemplate t;
    const std::string_view object = f.view();
    if (revised) {
      std::optional<Json> head = template_head(object);
      ok_ = ok_ && head.has_value();
      t.object = std::move(head).value_or(Json());
    }
    template_records_.push_back(index);
    t.namespaced = f.flag();
    t.id.namespace_ = f.bytes();
    t.source.file = f.bytes();
    t.source.line = static_cast<int>(f.uint());
    t.source.document = static_cast<std::size_t>(f.uint());
    t.source.prefix = f.bytes();
    t.id.api_version = f.bytes();  // no labels: planning alone reads them
    t.id.kind = f.bytes();
    t.id.name = f.bytes();
    ok_ = ok_ && f.ok();
    fleet_.templates.push_back(std::move(t));
    return fleet_.templates.size() - 1;
  }

  void restore_bindings(std::uint32_t cluster) {
    for (std::size_t i = 0; i < t_.bindings.size() && ok_; ++i) {
      Fields f(t_.bindings.record(i));
      Binding b;
      std::uint64_t template_index = f.uint();
      std::uint64_t policy_index = f.uint();
      b.divided = f.flag();
      b.replicas.replicas = f.sint();
      if (f.flag()) {
        ReplicaRequirements r;
        for (std::uint64_t n = f.uint(), k = 0; k < n && f.ok(); ++k) {
          std::string name = f.bytes();
          r.requests[name] = f.sint();
        }
        r.has_node_claim = f.flag();
        b.replicas.requirements = std::move(r);
      }
      std::uint64_t schedule_index = f.uint();
      std::uint64_t targets_index = f.uint();
      b.uid = f.bytes();
      ok_ = ok_ && f.ok() && template_index == i;
      if (!ok_) return;
      const TargetSet* targets = target_set(targets_index);
      auto hit = std::lower_bound(targets->begin(), targets->end(), cluster,
                                  [](const auto& entry, std::uint32_t c) { return entry.first < c; });
      if (hit == targets->end() || hit->first != cluster) continue;
      if (policy_index > 0) b.policy = policy(policy_index - 1);
      if (!ok_ || b.suspended_on(name_)) continue;
      if (schedule_index > 0) {
        b.schedule = schedule(schedule_index - 1);
        b.lua_revisions = lua_revisions(i, *target_set(schedule_index - 1), cluster);
      }
      b.own_targets() = {TargetCluster{name_, hit->second}};
      b.template_index = restore_template(template_index, b.lua_revisions != nullptr);
      bindings_.push_back(std::move(b));
    }
  }

  // The stored ReviseReplica result for this cluster's share of binding `i`'s schedule, if any.
  std::shared_ptr<std::map<std::int64_t, Json>> lua_revisions(std::size_t i, const TargetSet& scheduled,
                                                              std::uint32_t cluster) {
    auto share = std::lower_bound(scheduled.begin(), scheduled.end(), cluster,
                                  [](const auto& entry, std::uint32_t c) { return entry.first < c; });
    if (share == scheduled.end() || share->first != cluster) return nullptr;
    Fields f(t_.revisions.record(i));
    for (std::uint64_t n = f.uint(), k = 0; k < n && f.ok(); ++k) {
      const std::int64_t replicas = f.sint();
      if (replicas != share->second) {
        f.view();
        continue;
      }
      auto stored = std::make_shared<std::map<std::int64_t, Json>>();
      stored->emplace(replicas, f.json_bytes());  // emplaced: an initializer list would copy it
      ok_ = ok_ && f.ok();
      return stored;
    }
    ok_ = ok_ && f.ok();
    return nullptr;
  }

  const Tables& t_;
  const std::string& name_;
  ObjectStream* stream_;
  std::vector<std::uint64_t> template_records_;  // by restored template: its record
  bool ok_ = true;
  Fleet fleet_;
  std::vector<Binding> bindings_;
  std::map<std::uint64_t, TargetSet> sets_;
  std::map<std::uint64_t, std::shared_ptr<const ScheduleResult>> schedules_;
  std::map<std::uint64_t, std::size_t> policies_;
};

}  // namespace

std::optional<Result<RenderOutput, ErrorList>> render_from_snapshot(std::string_view snapshot,
                                                                    const std::string& cluster, ObjectStream* stream) {
  auto tables = read_tables(snapshot);
  if (!tables) return std::nullopt;
  return Restorer(*tables, cluster, stream).run();
}

}  // namespace fleetwave
