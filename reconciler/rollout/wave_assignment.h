// Splits the clusters an app reaches into the WavePlan's waves: each cluster goes to the first
// wave whose selector matches it and that has room (waves[].size). A reached cluster that no
// wave takes is an error (never a silent skip).
#pragma once

#include <cstdint>
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

struct WaveSplit {
  WaveAssignment waves;
  std::vector<std::string> unassigned;  // reached, but no wave took them (or not in the inventory)
};

// `clusters` are the reached cluster names. A wave with a size takes that many (or that share,
// rounded up, at least 1) of the clusters it matches that no earlier wave took, in spread order.
WaveSplit split_into_waves(const WavePlan& plan, const std::vector<std::string>& clusters,
                           const std::vector<Cluster>& inventory);

// The order a sized wave takes clusters in: by a hash of app and cluster name, so one app's
// canary is not every app's canary, and the same on every run and every replica.
std::uint64_t spread_key(const std::string& app, const std::string& cluster);

// An error at spec.waves[i] for the first wave that takes no cluster without allowEmpty, naming
// clusterNames the inventory lacks (with the nearest name): a typo must not skip a canary.
Status<> check_no_empty_wave(const WavePlan& plan, const WaveAssignment& waves, const std::vector<std::string>& reached,
                             const std::vector<Cluster>& inventory);

// split_into_waves; unassigned clusters are an error at spec.waves, an empty wave at its index.
Result<WaveAssignment> assign_waves(const WavePlan& plan, const std::vector<std::string>& clusters,
                                    const std::vector<Cluster>& inventory);

}  // namespace fleetwave
