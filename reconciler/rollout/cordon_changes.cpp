#include "rollout/cordon_changes.h"

#include <algorithm>

#include "base/timestamp.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

std::string nearby(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 20;
  std::vector<std::string> shown(names.begin(), names.begin() + static_cast<long>(std::min(names.size(), kShown)));
  return (names.empty() ? "none" : join(shown)) + (names.size() > kShown ? ", ..." : "");
}

}  // namespace

std::string describe_cordon(const Cordon& c) {
  return std::string(c.automatic ? "cordoned automatically" : "cordoned") + " by " + (c.by.empty() ? "someone" : c.by) +
         " since " + format_rfc3339(c.since_ms) + ": " + c.reason + " (taint " + taint_text(c.taint) + ")";
}

Result<CordonChange> cordon_change(const std::vector<Cordon>& current, const std::vector<std::string>& inventory,
                                   Cordon cordon, const std::string& evidence) {
  if (cordon.reason.empty()) return invalid_input("a cordon needs a reason (--reason)");
  if (std::find(inventory.begin(), inventory.end(), cordon.cluster) == inventory.end()) {
    return not_found("cluster \"" + cordon.cluster + "\" is not in the inventory (its clusters: " + nearby(inventory) +
                     ")");
  }
  if (const Cordon* c = find_cordon(current, cordon.cluster)) {
    return conflict(cordon.cluster + " is already " + describe_cordon(*c) + "; uncordon it first to change the taint");
  }
  CordonChange change;
  change.next = current;
  change.next.push_back(cordon);
  std::sort(change.next.begin(), change.next.end(),
            [](const Cordon& a, const Cordon& b) { return a.cluster < b.cluster; });
  const std::string taint = taint_text(cordon.taint);
  change.message.subject = "fleetwave: cordon " + cordon.cluster + " (" + first_line(cordon.reason) + ")";
  change.message.body = "Adds the taint " + taint + " to " + cordon.cluster +
                        " in .fleetwave/cordons.yaml. Every app rolls this out as a release: Karmada placement no\n"
                        "longer selects " +
                        cordon.cluster +
                        " for policies that do not tolerate the taint, so its replicas move to the other\n"
                        "clusters. `fleetwave uncordon " +
                        cordon.cluster + "` or a revert of this commit undoes it.";
  Trailers& t = change.message.trailers;
  t.emplace_back("Fleetwave-Action", "cordon");
  t.emplace_back("Fleetwave-Cluster", cordon.cluster);
  t.emplace_back("Fleetwave-Evidence", first_line(evidence.empty() ? cordon.reason : evidence));
  return change;
}

Result<CordonChange> uncordon_change(const std::vector<Cordon>& current, const std::vector<std::string>& clusters) {
  CordonChange change;
  std::vector<std::string> lifted;
  for (const std::string& cluster : clusters) {
    if (find_cordon(current, cluster) == nullptr) {
      std::vector<std::string> cordoned;
      for (const Cordon& c : current) cordoned.push_back(c.cluster);
      return invalid_input("cluster \"" + cluster + "\" is not cordoned (cordoned: " + nearby(cordoned) + ")");
    }
  }
  for (const Cordon& c : current) {
    if (std::find(clusters.begin(), clusters.end(), c.cluster) == clusters.end()) change.next.push_back(c);
    else lifted.push_back(c.cluster + " (" + describe_cordon(c) + ")");
  }
  change.message.subject = "fleetwave: uncordon " + join(clusters);
  change.message.body = "Removes the cordon of " + join(lifted, "; ") +
                        ".\nEvery app rolls this out as a release; Karmada may place replicas there again.";
  Trailers& t = change.message.trailers;
  t.emplace_back("Fleetwave-Action", "uncordon");
  for (const std::string& cluster : clusters) t.emplace_back("Fleetwave-Cluster", cluster);
  return change;
}

}  // namespace fleetwave
