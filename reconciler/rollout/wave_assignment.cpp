#include "rollout/wave_assignment.h"

#include <algorithm>

#include "match/selector_match.h"

namespace fleetwave {

int WaveAssignment::wave_of(const std::string& cluster) const {
  for (std::size_t w = 0; w < clusters.size(); ++w) {
    if (std::binary_search(clusters[w].begin(), clusters[w].end(), cluster)) return static_cast<int>(w);
  }
  return -1;
}

std::size_t WaveAssignment::total() const {
  std::size_t n = 0;
  for (const auto& wave : clusters) n += wave.size();
  return n;
}

Result<WaveAssignment> assign_waves(const WavePlan& plan, const std::vector<std::string>& clusters,
                                    const std::vector<Cluster>& inventory) {
  WaveAssignment out;
  out.clusters.resize(plan.waves.size());
  std::vector<std::string> unassigned;
  for (const std::string& name : clusters) {
    auto it = std::find_if(inventory.begin(), inventory.end(), [&](const Cluster& c) { return c.name == name; });
    bool placed = false;
    if (it != inventory.end()) {
      for (std::size_t w = 0; w < plan.waves.size() && !placed; ++w) {
        if (cluster_matches(*it, plan.waves[w].clusters)) {
          out.clusters[w].push_back(name);
          placed = true;
        }
      }
    }
    if (!placed) unassigned.push_back(name);
  }
  if (!unassigned.empty()) {
    std::string list;
    for (const std::string& n : unassigned) list += (list.empty() ? "" : ", ") + n;
    return invalid_input(
        "the app reaches cluster(s) " + list +
            " but no wave selects them; add them to a wave or end the plan with a catch-all wave (clusters: {})",
        "spec.waves");
  }
  for (auto& wave : out.clusters) std::sort(wave.begin(), wave.end());
  return out;
}

}  // namespace fleetwave
