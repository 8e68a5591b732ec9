#include "rollout/observation.h"

#include "base/enum_names.h"

namespace fleetwave {

constexpr auto kVerdictNames = enum_names(EnumName(Verdict::Done, "done"), EnumName(Verdict::Pending, "pending"),
                                          EnumName(Verdict::Failed, "failed"), EnumName(Verdict::Unknown, "unknown"));

const char* to_string(Verdict verdict) { return enum_name(kVerdictNames, verdict, "unknown"); }

std::string short_sha(const std::string& revision) { return revision.substr(0, 7); }

ClusterJudgement judge_cluster(const Observations& observations, const std::string& cluster,
                               const std::string& pinned_revision) {
  if (!observations.reachable) return {Verdict::Unknown, "Argo CD unreachable: " + observations.error, std::nullopt};
  auto it = observations.by_cluster.find(cluster);
  if (it == observations.by_cluster.end()) {
    return {Verdict::Unknown, "no Argo CD Application for " + cluster + " yet", std::nullopt};
  }
  const AppObservation& a = it->second;
  const std::string pin = short_sha(pinned_revision);
  bool compared = a.sync_revision == pinned_revision;
  bool applied = a.sync_result_revision == pinned_revision;
  bool operation_for_pin = applied || a.operation_revision == pinned_revision;
  if (operation_for_pin && (a.operation_phase == "Failed" || a.operation_phase == "Error")) {
    std::string detail = "sync of " + pin + " " + a.operation_phase;
    if (!a.operation_message.empty()) detail += ": " + a.operation_message;
    return {Verdict::Failed, detail, std::nullopt};
  }
  if (compared && applied && a.health_status == "Degraded") {
    std::string detail = "Degraded at " + pin;
    if (!a.health_message.empty()) detail += ": " + a.health_message;
    return {Verdict::Failed, detail, std::nullopt};
  }
  if (compared && applied && a.sync_status == "Synced" && a.health_status == "Healthy" &&
      a.operation_phase == "Succeeded") {
    return {Verdict::Done, "Synced/Healthy at " + pin, a.finished_at_ms};
  }
  std::string detail;
  if (!compared) {
    detail = "Argo CD has not compared " + pin + " yet (at " +
             (a.sync_revision.empty() ? "nothing" : short_sha(a.sync_revision)) + ")";
  } else if (!applied) {
    detail = a.sync_status + ", " + pin + " not applied yet";
    if (!a.operation_phase.empty()) detail += " (operation " + a.operation_phase + ")";
  } else {
    detail = a.sync_status + "/" + a.health_status + " at " + pin;
    if (!a.operation_phase.empty() && a.operation_phase != "Succeeded")
      detail += " (operation " + a.operation_phase + ")";
  }
  return {Verdict::Pending, detail, std::nullopt};
}

}  // namespace fleetwave
