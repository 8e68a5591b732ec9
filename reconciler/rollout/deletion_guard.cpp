#include "rollout/deletion_guard.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <tuple>

namespace fleetwave {
namespace {

// Kinds that run pods but need not carry spec.replicas in the template (a DaemonSet never does;
// a Deployment may leave it to a HorizontalPodAutoscaler).
bool workload_kind(std::string_view group, std::string_view kind) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kinds = {{
      {"apps", "Deployment"},
      {"apps", "StatefulSet"},
      {"apps", "ReplicaSet"},
      {"apps", "DaemonSet"},
      {"", "ReplicationController"},
      {"argoproj.io", "Rollout"},
  }};
  return std::any_of(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == group && k.second == kind; });
}

std::string count_of(std::size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

// Workload kinds the cluster had at stable and has none of at the candidate.
std::string every_object_of_a_kind(const std::vector<ObjectRef>& stable, const std::vector<ObjectRef>& candidate) {
  std::vector<std::string> gone;
  for (const ObjectRef& s : stable) {
    if (!s.workload) continue;
    auto same = [&](const ObjectRef& o) { return o.same_kind(s); };
    if (std::any_of(candidate.begin(), candidate.end(), same)) continue;
    const std::string name = s.kind;
    if (std::find(gone.begin(), gone.end(), name) == gone.end()) gone.push_back(name);
  }
  if (gone.empty()) return "";
  std::string out = "removes every ";
  for (std::size_t i = 0; i < gone.size(); ++i) out += (i == 0 ? "" : ", ") + gone[i];
  return out + " it had";
}

}  // namespace

std::string ObjectRef::describe() const { return kind + " " + (namespace_.empty() ? name : namespace_ + "/" + name); }

bool operator<(const ObjectRef& a, const ObjectRef& b) {
  return std::tie(a.group, a.kind, a.namespace_, a.name) < std::tie(b.group, b.kind, b.namespace_, b.name);
}

bool operator==(const ObjectRef& a, const ObjectRef& b) {
  return std::tie(a.group, a.kind, a.namespace_, a.name) == std::tie(b.group, b.kind, b.namespace_, b.name);
}

ObjectRef object_ref(const Json& object) {
  ObjectRef ref;
  const std::string api_version = string_at(object, {"apiVersion"});
  const std::size_t slash = api_version.find('/');
  ref.group = slash == std::string::npos ? "" : api_version.substr(0, slash);
  ref.kind = string_at(object, {"kind"});
  ref.namespace_ = string_at(object, {"metadata", "namespace"});
  ref.name = string_at(object, {"metadata", "name"});
  const Json* replicas = find_path(object, {"spec", "replicas"});
  ref.workload = (replicas != nullptr && replicas->is_number()) || workload_kind(ref.group, ref.kind);
  return ref;
}

std::vector<ObjectRef> object_refs(const std::vector<Json>& objects) {
  std::vector<ObjectRef> out;
  out.reserve(objects.size());
  for (const Json& o : objects) out.push_back(object_ref(o));
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<ClusterDeletions> judge_deletions(const std::string& cluster, const std::vector<ObjectRef>& stable,
                                                const std::vector<ObjectRef>& candidate,
                                                const DeletionGuardPolicy& policy) {
  ClusterDeletions d{cluster, {}, {}};
  std::set_difference(stable.begin(), stable.end(), candidate.begin(), candidate.end(), std::back_inserter(d.deleted));
  if (d.deleted.empty()) return std::nullopt;
  const std::size_t workloads = static_cast<std::size_t>(
      std::count_if(d.deleted.begin(), d.deleted.end(), [](const ObjectRef& o) { return o.workload; }));
  std::vector<std::string> why;
  if (std::string all = every_object_of_a_kind(stable, candidate); !all.empty()) why.push_back(all);
  if (policy.max_deleted_objects) {
    const auto limit = static_cast<std::size_t>(*policy.max_deleted_objects);
    if (d.deleted.size() > limit)
      why.push_back("deletes " + count_of(d.deleted.size(), "object") + ", more than maxDeletedObjects " +
                    std::to_string(limit));
  } else if (workloads > 0 && why.empty()) {
    why.push_back("deletes " + count_of(workloads, "workload"));
  }
  for (std::size_t i = 0; i < why.size(); ++i) d.guard += (i == 0 ? "" : "; ") + why[i];
  return d;
}

std::string describe_deletions(const std::vector<const ClusterDeletions*>& clusters, std::size_t max_clusters,
                               std::size_t max_objects) {
  std::string out;
  const std::size_t shown = std::min(clusters.size(), max_clusters);
  for (std::size_t i = 0; i < shown; ++i) {
    const ClusterDeletions& c = *clusters[i];
    out += (i == 0 ? "" : "; ") + c.cluster + " (" + c.guard + "): ";
    const std::size_t objects = std::min(c.deleted.size(), max_objects);
    for (std::size_t k = 0; k < objects; ++k) out += (k == 0 ? "" : ", ") + c.deleted[k].describe();
    if (c.deleted.size() > objects) out += " and " + std::to_string(c.deleted.size() - objects) + " more";
  }
  if (clusters.size() > shown) out += "; and " + count_of(clusters.size() - shown, "more cluster");
  return out;
}

}  // namespace fleetwave
