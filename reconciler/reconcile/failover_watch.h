// Automatic failover (`--failover-after D`): a cluster of the inventory whose Argo CD connection
// state has been Failed for D is cordoned by fleetwave itself, in one commit whose evidence says
// since when and what Argo CD said. Never un-cordoned automatically: a person decides the cluster
// is back (`fleetwave uncordon`).
//
// Argo CD reports the last attempt, not since when it fails, so the watch remembers when it
// first saw each cluster Failed; a restart starts that clock again (failover comes later, never
// sooner). Not thread-safe: the reconcile loop owns it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "model/cordons.h"

namespace fleetwave {

struct FailoverDue {
  Cordon cordon;         // automatic, with the default taint
  std::string evidence;  // for Fleetwave-Evidence
};

class FailoverWatch {
 public:
  explicit FailoverWatch(std::int64_t after_ms) : after_ms_(after_ms) {}

  // Notes what Argo CD says of each inventory cluster at `now_ms` (an Argo CD cluster is an
  // inventory cluster by name, or by server = the cluster's spec.apiEndpoint) and returns the
  // cordons that are due: Failed for at least D and not cordoned yet. `by` names fleetwave.
  std::vector<FailoverDue> observe(const std::vector<ClusterConnection>& connections,
                                   const std::vector<Cluster>& inventory, const std::vector<Cordon>& cordons,
                                   const std::string& by, std::int64_t now_ms);

 private:
  std::int64_t after_ms_;
  std::map<std::string, std::int64_t> failed_since_;  // inventory cluster -> first seen Failed
};

}  // namespace fleetwave
