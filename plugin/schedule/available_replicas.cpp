#include "schedule/available_replicas.h"

#include <algorithm>
#include <limits>
#include <map>

#include "base/text.h"
#include "model/compute_resource.h"
#include "model/quantity.h"

namespace fleetwave {
namespace {

constexpr std::int64_t kMaxInt32 = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kMaxInt64 = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMaxPodsPerNode = 110;  // maxPodsCountPerNode

using ResourceList = std::map<std::string, Quantity>;

Result<ResourceList> resource_list(const Json& owner, const char* key, const FieldPath& at) {
  ResourceList out;
  const Json* list = find_member(owner, key);
  if (list == nullptr || list->is_null()) return out;
  if (!list->is_object()) {
    return fail(invalid_input("expected a map of quantities, got a " + json_type_name(*list), at.key(key).to_string()));
  }
  for (auto it = list->begin(); it != list->end(); ++it) {
    auto q = Quantity::from_json(it.value());
    if (!q.ok()) return fail(q.error().with_context(at.key(key).key(it.key()).to_string()));
    out.emplace(it.key(), *q);
  }
  return out;
}

Quantity quantity_or_zero(const ResourceList& list, const std::string& name) {
  auto it = list.find(name);
  return it == list.end() ? Quantity() : it->second;
}

struct Summary {
  ResourceList allocatable, allocated, allocating;
};

Result<Summary> parse_summary(const Json& summary) {
  const FieldPath at = FieldPath().key("status").key("resourceSummary");
  Summary s;
  FW_TRY(allocatable, resource_list(summary, "allocatable", at));
  FW_TRY(allocated, resource_list(summary, "allocated", at));
  FW_TRY(allocating, resource_list(summary, "allocating", at));
  s.allocatable = std::move(allocatable);
  s.allocated = std::move(allocated);
  s.allocating = std::move(allocating);
  return s;
}

// getAllowedPodNumber: each term is rounded on its own, as Pods().Value() is.
std::int64_t allowed_pods(const Summary& s) {
  std::int64_t n = quantity_or_zero(s.allocatable, "pods").value() - quantity_or_zero(s.allocated, "pods").value() -
                   quantity_or_zero(s.allocating, "pods").value();
  return n <= 0 ? 0 : n;
}

// getMaximumReplicasBasedOnClusterSummary. Every early exit returns 0 and the rest is a minimum,
// so the (random, in Go) map order does not matter.
std::int64_t replicas_by_summary(const Summary& s, const ReplicaRequirements& requirements) {
  std::int64_t maximum = kMaxInt64;
  for (const auto& [name, amount] : requirements.requests) {
    Quantity requested = ComputeResource::request_quantity(name, amount);
    if (requested.value() <= 0) continue;
    auto alloc = s.allocatable.find(name);
    if (alloc == s.allocatable.end()) return 0;
    Quantity available = alloc->second - quantity_or_zero(s.allocated, name) - quantity_or_zero(s.allocating, name);
    if (available.value() <= 0) return 0;
    std::int64_t per_resource =
        name == "cpu" ? available.milli_value() / requested.milli_value() : available.value() / requested.value();
    maximum = std::min(maximum, per_resource);
  }
  return maximum;
}

Result<std::int64_t> int_member(const Json& object, const char* key, const FieldPath& at) {
  const Json* v = find_member(object, key);
  if (v == nullptr || v->is_null()) return std::int64_t{0};
  if (!v->is_number_integer()) {
    return fail(invalid_input("expected an integer, got a " + json_type_name(*v), at.key(key).to_string()));
  }
  return v->get<std::int64_t>();
}

// buildModelNodes, reduced to (per-node capacity, node count) pairs in grade order. nullopt is
// Karmada's "cannot build" error, after which the summary path is used.
Result<std::optional<std::vector<std::pair<ComputeResource, std::int64_t>>>> model_nodes(const Json& models,
                                                                                         const Json& modelings) {
  using Nodes = std::vector<std::pair<ComputeResource, std::int64_t>>;
  const FieldPath spec_at = FieldPath().key("spec").key("resourceModels");
  const FieldPath status_at = FieldPath().key("status").key("resourceSummary").key("allocatableModelings");
  if (!models.is_array() || models.empty()) return std::optional<Nodes>();
  std::map<std::int64_t, ComputeResource> capacity_by_grade;  // ordered: sort.Ints(grades)
  for (std::size_t i = 0; i < models.size(); ++i) {
    FW_TRY(grade, int_member(models[i], "grade", spec_at.index(i)));
    std::map<std::string, Quantity> node;
    const Json* ranges = find_member(models[i], "ranges");
    for (std::size_t r = 0; ranges != nullptr && ranges->is_array() && r < ranges->size(); ++r) {
      FieldPath at = spec_at.index(i).key("ranges").index(r);
      auto q = Quantity::from_json((*ranges)[r].value("min", Json()));
      if (!q.ok()) return fail(q.error().with_context(at.key("min").to_string()));
      node[string_at((*ranges)[r], {"name"})] = *q;
    }
    node["pods"] = Quantity::from_value(kMaxPodsPerNode);
    capacity_by_grade[grade] = ComputeResource::from_list(node);
  }
  std::map<std::int64_t, std::int64_t> count_by_grade;
  for (std::size_t i = 0; i < modelings.size(); ++i) {
    FW_TRY(grade, int_member(modelings[i], "grade", status_at.index(i)));
    FW_TRY(count, int_member(modelings[i], "count", status_at.index(i)));
    if (count < 0) return std::optional<Nodes>();  // "negative node count for grade"
    count_by_grade[grade] += count;
  }
  Nodes nodes;
  for (const auto& [grade, capacity] : capacity_by_grade) {
    auto it = count_by_grade.find(grade);
    if (it != count_by_grade.end() && it->second > 0) nodes.emplace_back(capacity, it->second);
  }
  return std::optional<Nodes>(std::move(nodes));
}

}  // namespace

ClusterCapacity capacity_of(const Cluster& cluster) {
  ClusterCapacity c;
  c.name = cluster.name;
  if (cluster.resource_summary) c.resource_summary = &*cluster.resource_summary;
  if (cluster.resource_models) c.resource_models = &*cluster.resource_models;
  return c;
}

Result<std::optional<std::int64_t>> estimate_by_resource_models(const ClusterCapacity& cluster,
                                                                const ReplicaRequirements& requirements) {
  static const Json kNone;
  const Json* modelings =
      cluster.resource_summary ? find_member(*cluster.resource_summary, "allocatableModelings") : nullptr;
  FW_TRY(nodes, model_nodes(cluster.resource_models ? *cluster.resource_models : kNone,
                            modelings && modelings->is_array() ? *modelings : Json::array()));
  if (!nodes) return std::optional<std::int64_t>();
  // SchedulingSimulator.SimulateScheduling with one single-replica component: first-fit places
  // one replica at a time, so each node takes MaxDivided replicas and the total is their sum,
  // capped at the MaxInt32 upper bound.
  ComputeResource per_replica = ComputeResource::from_requests(requirements.requests);
  per_replica.allowed_pods = 1;
  std::int64_t total = 0;
  for (const auto& [capacity, count] : *nodes) {
    std::int64_t per_node = capacity.max_divided(per_replica);
    if (per_node > 0 && count > (kMaxInt32 - total) / per_node) return std::optional<std::int64_t>(kMaxInt32);
    total += per_node * count;
  }
  return std::optional<std::int64_t>(std::min(total, kMaxInt32));
}

Result<std::int32_t> general_estimate(const ClusterCapacity& cluster,
                                      const std::optional<ReplicaRequirements>& requirements) {
  if (cluster.resource_summary == nullptr || !cluster.resource_summary->is_object()) return 0;
  auto summary = parse_summary(*cluster.resource_summary);
  if (!summary.ok()) return fail(summary.error().with_context("cluster \"" + printable(cluster.name) + "\""));
  std::int64_t maximum = allowed_pods(*summary);
  if (maximum <= 0) return 0;
  if (!requirements) return static_cast<std::int32_t>(maximum);  // Go's int32 conversion
  const Json* modelings = find_member(*cluster.resource_summary, "allocatableModelings");
  if (modelings != nullptr && modelings->is_array() && !modelings->empty()) {
    auto by_models = estimate_by_resource_models(cluster, *requirements);
    if (!by_models.ok()) return fail(by_models.error().with_context("cluster \"" + printable(cluster.name) + "\""));
    if (*by_models) return static_cast<std::int32_t>(std::min(maximum, **by_models));
  }
  return static_cast<std::int32_t>(std::min(maximum, replicas_by_summary(*summary, *requirements)));
}

Result<std::vector<std::int32_t>> available_replicas(const std::vector<ClusterCapacity>& clusters,
                                                     const WorkloadReplicas& workload) {
  std::vector<std::int32_t> out(clusters.size(), static_cast<std::int32_t>(kMaxInt32));
  // Non-workloads (and requirement-only templates with 0 replicas) skip estimation (issue 3743).
  if (workload.replicas == 0) return out;
  for (std::size_t i = 0; i < clusters.size(); ++i) {
    FW_TRY(estimate, general_estimate(clusters[i], workload.requirements));
    if (estimate != -1 && out[i] > estimate) out[i] = estimate;  // UnauthenticReplica is ignored
    if (out[i] == kMaxInt32) out[i] = static_cast<std::int32_t>(workload.replicas);
  }
  return out;
}

void validate_resource_summary(const Json& summary, const FieldPath& at, Problems& problems) {
  for (const char* key : {"allocatable", "allocated", "allocating"}) {
    const Json* list = find_member(summary, key);
    if (list == nullptr || !list->is_object()) continue;
    for (auto it = list->begin(); it != list->end(); ++it) {
      auto q = Quantity::from_json(it.value());
      if (!q.ok()) problems.add(at.key(key).key(it.key()), q.error().message);
    }
  }
}

}  // namespace fleetwave
