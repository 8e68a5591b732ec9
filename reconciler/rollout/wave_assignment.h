// Splits the clusters an app reaches into the WavePlan's waves: each cluster goes to the first
// wave whose selector matches it. A reached cluster that no wave selects is an error (never a
// silent skip).
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "model/cluster.h"
#include "rollout/wave_plan.h"

namespace fleetwave {

struct WaveAssignment {
  std::vector<std::vector<std::string>> clusters;  // per wave, sorted by name

  // Index of the wave holding `cluster`, or -1.
  int wave_of(const std::string& cluster) const;
  std::size_t total() const;
};

// `clusters` are the reached cluster names; `inventory` must contain each of them.
Result<WaveAssignment> assign_waves(const WavePlan& plan, const std::vector<std::string>& clusters,
                                    const std::vector<Cluster>& inventory);

}  // namespace fleetwave
