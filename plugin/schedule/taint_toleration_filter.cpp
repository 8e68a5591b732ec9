// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration) with
// FindMatchingUntoleratedTaint from k8s.io/component-helpers.
#include "schedule/placement_filters.h"

namespace fleetwave {

bool toleration_tolerates(const Toleration& toleration, const Taint& taint) {
  if (!toleration.effect.empty() && toleration.effect != taint.effect) return false;
  if (!toleration.key.empty() && toleration.key != taint.key) return false;
  if (toleration.op.empty() || toleration.op == "Equal") return toleration.value == taint.value;
  if (toleration.op == "Exists") return true;
  return false;  // Lt/Gt are disabled (enableComparisonOperators=false); unknown operators never match
}

FilterVerdict taint_toleration_filter(const FilterContext& context, const Cluster& cluster) {
  for (const Taint& taint : cluster.taints) {
    if (taint.effect != "NoSchedule" && taint.effect != "NoExecute") continue;
    bool tolerated = false;
    for (const Toleration& t : context.placement->cluster_tolerations) {
      if (toleration_tolerates(t, taint)) {
        tolerated = true;
        break;
      }
    }
    if (tolerated) continue;
    // Taint.ToString: key[=value]:effect
    std::string text = taint.key + (taint.value.empty() ? "" : "=" + taint.value) + ":" + taint.effect;
    return FilterVerdict::reject("cluster(s) had untolerated taint {" + text + "}");
  }
  return FilterVerdict::pass();
}

}  // namespace fleetwave
