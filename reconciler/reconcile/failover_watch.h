// Automatic failover (`--failover-after D`): a cluster of the inventory whose Argo CD connection
// state has been Failed for D is cordoned by fleetwave itself, in one commit whose evidence says
// since when and what Argo CD said. Never un-cordoned automatically: a person decides the cluster
// is back (`fleetwave uncordon`).
//
// Argo CD reports the last attempt, not since when it fails, so the watch remembers when it
// first saw each cluster Failed; a restart starts that clock again (failover comes later, never
// sooner). Not thread-safe: the reconcile loop owns it.
//
// Failover can never empty the fleet: when Argo CD reports every inventory cluster it knows
// Failed, that is an outage of Argo CD or its network and nothing is cordoned; and automatic
// cordons stop once `max_share` of the inventory is cordoned (manual cordons count too), never
// past the last cluster. Each cluster left alone is named in refused() with the reason.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "model/cordons.h"

namespace fleetwave {

// failover.maxShare by default: half of the inventory may be cordoned automatically, so a
// two-cluster active/passive fleet still fails over one cluster.
inline constexpr double kDefaultFailoverMaxShare = 0.5;

struct FailoverDue {
  Cordon cordon;         // automatic, with the default taint
  std::string evidence;  // for Fleetwave-Evidence
};

class FailoverWatch {
 public:
  explicit FailoverWatch(std::int64_t after_ms, double max_share = kDefaultFailoverMaxShare)
      : after_ms_(after_ms), max_share_(max_share) {}

  // Notes what Argo CD says of each inventory cluster at `now_ms` (an Argo CD cluster is an
  // inventory cluster by name, or by server = the cluster's spec.apiEndpoint) and returns the
  // cordons that are due: Failed for at least D and not cordoned yet. `by` names fleetwave.
  std::vector<FailoverDue> observe(const std::vector<ClusterConnection>& connections,
                                   const std::vector<Cluster>& inventory, const std::vector<Cordon>& cordons,
                                   const std::string& by, std::int64_t now_ms);

  // The clusters the last observe() found due but did not cordon, each with why
  // ("eu-2: not cordoned automatically: ...").
  const std::vector<std::string>& refused() const { return refused_; }

 private:
  std::vector<FailoverDue> within_limits(std::vector<FailoverDue> due,
                                         const std::vector<ClusterConnection>& connections,
                                         const std::vector<Cluster>& inventory, const std::vector<Cordon>& cordons);

  std::int64_t after_ms_;
  double max_share_;
  std::vector<std::string> refused_;
  std::map<std::string, std::int64_t> failed_since_;  // inventory cluster -> first seen Failed
};

}  // namespace fleetwave
