// Writing a snapshot; the layout is in render/snapshot_format.h.
#include "render/fleet_snapshot.h"

#include <algorithm>
#include <map>

#include "codec/binary_json.h"
#include "interpret/resource_interpreter.h"
#include "match/selector_match.h"
#include "render/manifest_builder.h"
#include "render/snapshot_format.h"

namespace fleetwave {
namespace {

using namespace snapshot_format;

bool names_only(const ClusterAffinity& a) {
  return !a.label_selector && !a.field_selector && a.exclude.empty() && !a.cluster_names.empty();
}

std::optional<std::uint32_t> cluster_index(const std::vector<Cluster>& clusters, const std::string& name) {
  auto it = std::lower_bound(clusters.begin(), clusters.end(), name,
                             [](const Cluster& c, const std::string& n) { return c.name < n; });
  if (it == clusters.end() || it->name != name) return std::nullopt;
  return static_cast<std::uint32_t>(it - clusters.begin());
}

// For every cluster, the (policy, rule) pairs whose targetCluster matches it, in policy and
// rule order. Rules naming clusters only (the usual per-cluster rule) are placed by lookup.
std::vector<std::vector<Pair>> rules_by_cluster(const Fleet& fleet) {
  const auto n = static_cast<std::uint32_t>(fleet.clusters.size());
  std::vector<std::vector<Pair>> out(n);
  for (std::uint32_t p = 0; p < fleet.override_policies.size(); ++p) {
    const std::vector<OverrideRule>& rules = fleet.override_policies[p].rules;
    for (std::uint32_t r = 0; r < rules.size(); ++r) {
      const auto& target = rules[r].target_cluster;
      if (target && names_only(*target)) {
        std::vector<std::uint32_t> hit;
        for (const std::string& name : target->cluster_names) {
          if (auto i = cluster_index(fleet.clusters, name)) hit.push_back(*i);
        }
        std::sort(hit.begin(), hit.end());
        hit.erase(std::unique(hit.begin(), hit.end()), hit.end());
        for (std::uint32_t c : hit) out[c].push_back({p, r});
        continue;
      }
      for (std::uint32_t c = 0; c < n; ++c) {
        if (!target || cluster_matches(fleet.clusters[c], *target)) out[c].push_back({p, r});
      }
    }
  }
  return out;
}

// The override policies, then the rules of all of them in one table: a policy's record names
// its first rule there and how many it has, so a render reads and verifies only the rules that
// match its cluster, not a policy's thousands.
void write_override_policies(const Fleet& fleet, std::string& out) {
  TableWriter table, rules;
  std::uint64_t first = 0;
  for (std::size_t p = 0; p < fleet.override_policies.size(); ++p) {
    const OverridePolicyRecord& record = fleet.override_policy_records[p];
    std::string& rec = table.next();
    rec += static_cast<char>(fleet.override_policies[p].cluster_scoped);
    rec += static_cast<char>(record.split);
    append_bytes(rec, record.head);
    append_varint(rec, first);
    append_varint(rec, record.rules.size());
    for (const std::string& rule : record.rules) rules.next() += rule;
    first += record.rules.size();
    append_source(rec, fleet.override_policies[p].source);
  }
  table.finish(out);
  rules.finish(out);
}

class SetIndex {
 public:
  explicit SetIndex(const std::vector<Cluster>& clusters) : clusters_(clusters) {}
  std::uint32_t add(const std::vector<TargetCluster>& targets) {
    TargetSet set;
    for (const TargetCluster& t : targets) {
      if (auto i = cluster_index(clusters_, t.name)) set.push_back({*i, t.replicas});
    }
    auto [it, inserted] = index_.emplace(std::move(set), static_cast<std::uint32_t>(order_.size()));
    if (inserted) order_.push_back(&it->first);
    return it->second;
  }
  void finish(std::string& out) {
    TableWriter table;
    for (const TargetSet* set : order_) {
      std::string& rec = table.next();
      append_varint(rec, set->size());
      for (const auto& [cluster, replicas] : *set) {
        append_varint(rec, cluster);
        append_signed(rec, replicas);
      }
    }
    table.finish(out);
  }

 private:
  const std::vector<Cluster>& clusters_;
  std::map<TargetSet, std::uint32_t> index_;
  std::vector<const TargetSet*> order_;
};

// Target lists of bindings: most are their (shared) schedule's, so those convert once.
class BindingSets {
 public:
  explicit BindingSets(SetIndex& sets) : sets_(sets) {}
  std::uint64_t schedule(const Binding& b) {
    if (b.schedule == nullptr) return 0;
    auto [it, inserted] = by_schedule_.emplace(b.schedule.get(), 0);
    if (inserted) it->second = sets_.add(b.schedule->targets);
    return 1 + static_cast<std::uint64_t>(it->second);
  }
  std::uint32_t targets(const Binding& b) {
    if (b.schedule != nullptr && b.targets() == b.schedule->targets) return by_schedule_.at(b.schedule.get());
    return sets_.add(b.targets());
  }

 private:
  SetIndex& sets_;
  std::map<const ScheduleResult*, std::uint32_t> by_schedule_;
};

void write_bindings(const FleetRender& render, std::string& out) {
  const Fleet& fleet = render.fleet();
  SetIndex sets(fleet.clusters);
  BindingSets binding_sets(sets);
  TableWriter table;
  for (const Binding& b : render.bindings()) {
    std::string& rec = table.next();
    append_varint(rec, b.template_index);
    append_varint(
        rec, b.policy == nullptr ? 0 : 1 + static_cast<std::uint64_t>(b.policy - fleet.propagation_policies.data()));
    rec += static_cast<char>(b.divided);
    append_signed(rec, b.replicas.replicas);
    rec += static_cast<char>(b.replicas.requirements.has_value());
    if (b.replicas.requirements) {
      append_varint(rec, b.replicas.requirements->requests.size());
      for (const auto& [name, value] : b.replicas.requirements->requests) {
        append_bytes(rec, name);
        append_signed(rec, value);
      }
      rec += static_cast<char>(b.replicas.requirements->has_node_claim);
    }
    append_varint(rec, binding_sets.schedule(b));
    append_varint(rec, binding_sets.targets(b));
    append_bytes(rec, b.uid);
  }
  table.finish(out);
  sets.finish(out);
}

// Per binding, what a Lua ReviseReplica returns for each distinct share of its schedule: a
// Rollout's revision costs a Lua round trip of the whole object, which every cluster of a
// release would otherwise pay again for the same answer. Errors are not stored (the render
// then calls Lua and reports them), nor shares beyond kMaxStoredShares of one binding.
constexpr std::size_t kMaxStoredShares = 16;

void write_lua_revisions(const FleetRender& render, std::string& out) {
  const Fleet& fleet = render.fleet();
  TableWriter table;
  for (const Binding& b : render.bindings()) {
    std::string& rec = table.next();
    const ResourceTemplate& t = fleet.templates[b.template_index];
    std::vector<std::int64_t> shares;
    if (b.replicas.is_workload() && b.schedule != nullptr && fleet.interpreter != nullptr &&
        fleet.interpreter->script(t.id.api_version, t.id.kind, Operation::ReviseReplica) != nullptr) {
      for (const TargetCluster& target : b.schedule->targets) shares.push_back(target.replicas);
      std::sort(shares.begin(), shares.end());
      shares.erase(std::unique(shares.begin(), shares.end()), shares.end());
      if (shares.size() > kMaxStoredShares) shares.clear();
    }
    std::vector<std::pair<std::int64_t, Json>> revised;
    for (std::int64_t share : shares) {
      auto object = lua_revised_template(fleet, b, share);
      if (object.ok() && object->has_value()) revised.emplace_back(share, std::move(**object));
    }
    append_varint(rec, revised.size());
    for (const auto& [share, object] : revised) {
      append_signed(rec, share);
      append_json_bytes(rec, object);
    }
  }
  table.finish(out);
}

}  // namespace

std::string encode_fleet_snapshot(const FleetRender& render, const std::string& default_namespace) {
  const Fleet& fleet = render.fleet();
  std::string out(kMagic);
  append_bytes(out, default_namespace);
  append_u64(out, checksum(out));
  TableWriter clusters, names;  // a cluster's object; its name alone, for lookups
  for (std::size_t i = 0; i < fleet.clusters.size(); ++i) {
    clusters.next() += fleet.cluster_records[i];
    names.next() += fleet.clusters[i].name;
  }
  clusters.finish(out);
  names.finish(out);
  TableWriter policies;
  for (std::size_t i = 0; i < fleet.propagation_policies.size(); ++i) {
    std::string& rec = policies.next();
    rec += static_cast<char>(fleet.propagation_policies[i].cluster_scoped);
    rec += fleet.propagation_policy_records[i];
    append_source(rec, fleet.propagation_policies[i].source);
  }
  policies.finish(out);
  write_override_policies(fleet, out);
  TableWriter matches;
  for (const std::vector<Pair>& pairs : rules_by_cluster(fleet)) {
    std::string& rec = matches.next();
    append_varint(rec, pairs.size());
    for (const auto& [p, r] : pairs) {
      append_varint(rec, p);
      append_varint(rec, r);
    }
  }
  matches.finish(out);
  TableWriter templates;
  for (const ResourceTemplate& t : fleet.templates) {
    std::string& rec = templates.next();
    append_json_bytes(rec, t.object);  // length-prefixed: a render reads its head, then the rest
    rec += static_cast<char>(t.namespaced);
    append_bytes(rec, t.id.namespace_);
    append_bytes(rec, t.source.file);
    append_varint(rec, static_cast<std::uint64_t>(t.source.line));
    append_varint(rec, t.source.document);
    append_bytes(rec, t.source.prefix);
    // What selectors and overrides know it by, so that a render need not decode its head.
    append_bytes(rec, t.id.api_version);
    append_bytes(rec, t.id.kind);
    append_bytes(rec, t.id.name);
  }
  templates.finish(out);
  write_bindings(render, out);
  TableWriter customizations;
  for (std::size_t i = 0; i < fleet.customization_objects.size(); ++i) {
    std::string& rec = customizations.next();
    append_binary_json(rec, fleet.customization_objects[i]);
    append_source(rec, fleet.customization_sources[i]);
  }
  customizations.finish(out);
  write_lua_revisions(render, out);
  return out;
}

}  // namespace fleetwave
