// The deletion guard: which objects a release would delete from each cluster compared with the
// stable release, and whether that needs a person's approval. An app that renders nothing for a
// cluster (a selector that matches nothing) is Synced and Healthy in Argo CD's eyes while Argo CD
// prunes its workloads, so health alone never catches it. Pure: objects in, verdicts out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"

namespace fleetwave {

// An object's identity across releases: its API group (not the version, so moving from
// v1beta1 to v1 deletes nothing), kind, namespace and name.
struct ObjectRef {
  std::string group;
  std::string kind;
  std::string namespace_;
  std::string name;
  bool workload = false;  // carries replicas (spec.replicas) or is a known workload kind

  // "Deployment shop/web" ("ClusterRole reader" without a namespace).
  std::string describe() const;
  bool same_kind(const ObjectRef& other) const { return group == other.group && kind == other.kind; }
  friend bool operator<(const ObjectRef& a, const ObjectRef& b);
  friend bool operator==(const ObjectRef& a, const ObjectRef& b);
};

ObjectRef object_ref(const Json& object);
// The identities of rendered objects, sorted.
std::vector<ObjectRef> object_refs(const std::vector<Json>& objects);

// spec.deletionGuard of a WavePlan.
struct DeletionGuardPolicy {
  // More deleted objects than this on one cluster need an approval. Unset: no workload may be
  // deleted without one; any number of other objects may.
  std::optional<std::int64_t> max_deleted_objects;
};

// What a release deletes from one cluster, and why that needs an approval ("" when it does not).
struct ClusterDeletions {
  std::string cluster;
  std::vector<ObjectRef> deleted;  // sorted
  std::string guard;
};

// Compares what `cluster` receives at the stable release with what it receives at the candidate
// (empty when the candidate no longer reaches it). nullopt when nothing is deleted.
std::optional<ClusterDeletions> judge_deletions(const std::string& cluster, const std::vector<ObjectRef>& stable,
                                                const std::vector<ObjectRef>& candidate,
                                                const DeletionGuardPolicy& policy);

// "eu-1: Deployment shop/web, Service shop/web; eu-2: ..." of the guarded ones among `clusters`,
// at most `max_clusters` clusters and `max_objects` objects each ("and N more").
std::string describe_deletions(const std::vector<const ClusterDeletions*>& clusters, std::size_t max_clusters = 10,
                               std::size_t max_objects = 8);

}  // namespace fleetwave
