#include "rollout/wave_assignment.h"

#include <algorithm>
#include <unordered_map>

#include "base/nearest_name.h"
#include "match/selector_match.h"
#include "rollout/count_or_percent.h"

namespace fleetwave {
namespace {

// How many of `matched` clusters a wave of this size takes: a percentage rounds up, at least 1.
std::size_t room(const std::optional<CountOrPercent>& size, std::size_t matched) {
  if (!size || matched == 0) return matched;
  std::size_t n = static_cast<std::size_t>(size->value);
  if (size->percent) n = (matched * static_cast<std::size_t>(size->value) + 99) / 100;
  return std::clamp<std::size_t>(n, 1, matched);
}

// Keeps the first `n` of `matched` in spread order (then by name).
void take_spread(const std::string& app, std::vector<const std::string*>& matched, std::size_t n) {
  std::vector<std::pair<std::uint64_t, const std::string*>> keyed;
  keyed.reserve(matched.size());
  for (const std::string* c : matched) keyed.emplace_back(spread_key(app, *c), c);
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : *a.second < *b.second;
  });
  keyed.resize(n);
  matched.clear();
  for (const auto& k : keyed) matched.push_back(k.second);
}

}  // namespace

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

// 64-bit FNV-1a: a fixed, documented function, so the spread order never changes with a library
// or platform (std::hash may).
std::uint64_t spread_key(const std::string& app, const std::string& cluster) {
  std::uint64_t h = 14695981039346656037ull;
  auto mix = [&h](unsigned char c) { h = (h ^ c) * 1099511628211ull; };
  for (char c : app) mix(static_cast<unsigned char>(c));
  mix(0);
  for (char c : cluster) mix(static_cast<unsigned char>(c));
  return h;
}

WaveSplit split_into_waves(const WavePlan& plan, const std::vector<std::string>& clusters,
                           const std::vector<Cluster>& inventory) {
  WaveSplit out;
  out.waves.clusters.resize(plan.waves.size());
  std::unordered_map<std::string_view, const Cluster*> by_name;
  by_name.reserve(inventory.size());
  for (const Cluster& c : inventory) by_name.emplace(c.name, &c);
  std::vector<std::pair<const std::string*, const Cluster*>> remaining;
  for (const std::string& name : clusters) {
    auto it = by_name.find(name);
    if (it == by_name.end()) out.unassigned.push_back(name);
    else remaining.emplace_back(&name, it->second);
  }
  for (std::size_t w = 0; w < plan.waves.size(); ++w) {
    const Wave& wave = plan.waves[w];
    std::vector<const std::string*> matched;
    for (const auto& [name, cluster] : remaining) {
      if (cluster_matches(*cluster, wave.clusters)) matched.push_back(name);
    }
    if (wave.size) take_spread(plan.name, matched, room(wave.size, matched.size()));
    for (const std::string* name : matched) out.waves.clusters[w].push_back(*name);
    std::sort(out.waves.clusters[w].begin(), out.waves.clusters[w].end());
    std::erase_if(remaining, [&](const auto& r) {
      return std::binary_search(out.waves.clusters[w].begin(), out.waves.clusters[w].end(), *r.first);
    });
  }
  for (const auto& r : remaining) out.unassigned.push_back(*r.first);
  std::sort(out.unassigned.begin(), out.unassigned.end());
  return out;
}

namespace {

// Why wave `w` took no cluster, with the names its clusterNames give that the inventory lacks
// (the usual cause: a typo, which would otherwise skip the canary silently).
std::string empty_wave_message(const WavePlan& plan, std::size_t w, const std::vector<std::string>& reached,
                               const std::vector<Cluster>& inventory) {
  const Wave& wave = plan.waves[w];
  std::string message =
      "wave " + wave.name + " takes no cluster (the app reaches " + std::to_string(reached.size()) + ")";
  std::vector<std::string_view> names;
  for (const Cluster& c : inventory) names.push_back(c.name);
  for (const std::string& name : wave.clusters.cluster_names) {
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    const std::string near = nearest_name(name, names);
    message += "; clusterNames: " + name + " is not a cluster of the inventory" +
               (near.empty() ? std::string() : " (did you mean " + near + "?)");
  }
  return message + "; fix its clusters, or set allowEmpty: true on the wave if it may be empty";
}

}  // namespace

Status<> check_no_empty_wave(const WavePlan& plan, const WaveAssignment& waves, const std::vector<std::string>& reached,
                             const std::vector<Cluster>& inventory) {
  for (std::size_t w = 0; w < plan.waves.size() && w < waves.clusters.size(); ++w) {
    if (waves.clusters[w].empty() && !plan.waves[w].allow_empty)
      return invalid_input(empty_wave_message(plan, w, reached, inventory), "spec.waves[" + std::to_string(w) + "]");
  }
  return ok_status();
}

Result<WaveAssignment> assign_waves(const WavePlan& plan, const std::vector<std::string>& clusters,
                                    const std::vector<Cluster>& inventory) {
  WaveSplit split = split_into_waves(plan, clusters, inventory);
  if (!split.unassigned.empty()) {
    std::string list;
    for (const std::string& n : split.unassigned) list += (list.empty() ? "" : ", ") + n;
    return invalid_input(
        "the app reaches cluster(s) " + list +
            " but no wave takes them; add them to a wave or end the plan with a catch-all wave (clusters: {})",
        "spec.waves");
  }
  FW_CHECK(check_no_empty_wave(plan, split.waves, clusters, inventory));
  return std::move(split.waves);
}

}  // namespace fleetwave
