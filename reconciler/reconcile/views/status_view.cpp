#include "reconcile/views/status_view.h"

#include <algorithm>
#include <set>

#include "base/duration_text.h"
#include "base/timestamp.h"
#include "rollout/cordon_changes.h"

namespace fleetwave {
namespace {

// The one phase vocabulary of CLI, API, board and metrics: a paused app is Paused and a frozen
// release Frozen whatever the release's own phase, since nothing moves until resume or unfreeze.
std::string phase_of(const AppStatusInput& in) {
  const AppReport& r = in.report;
  if (!r.state) return "Unknown";
  if (r.state->paused) return "Paused";
  if (r.state->release) return in.frozen ? "Frozen" : to_string(r.state->release->phase);
  return r.state->stable_revision.empty() ? "New" : "Stable";
}

Json cluster_json(const AppStatusInput& in, const std::string& cluster) {
  Json c = {{"cluster", cluster}, {"revision", ""}, {"server", ""},   {"pinnedAt", ""},    {"verdict", ""},
            {"detail", ""},       {"held", ""},     {"cordoned", ""}, {"healthySince", ""}};
  if (in.cordons != nullptr) {
    if (const Cordon* cordon = find_cordon(*in.cordons, cluster)) c["cordoned"] = describe_cordon(*cordon);
  }
  if (!in.report.state) return c;
  if (auto hold = in.report.state->holds.find(cluster); hold != in.report.state->holds.end())
    c["held"] = hold->second.reason;
  auto pin = in.report.state->pins.find(cluster);
  if (pin == in.report.state->pins.end()) return c;
  c["revision"] = pin->second.revision;
  c["server"] = pin->second.server;
  c["pinnedAt"] = pin->second.pinned_at_ms > 0 ? format_rfc3339(pin->second.pinned_at_ms) : "";
  if (in.argocd_configured) {
    ClusterJudgement j = judge_cluster(in.observations, cluster, pin->second.revision);
    c["verdict"] = to_string(j.verdict);
    c["detail"] = j.detail;
    if (j.done_since_ms && *j.done_since_ms > 0) c["healthySince"] = format_rfc3339(*j.done_since_ms);
  }
  return c;
}

Json wave_json(const AppStatusInput& in, std::size_t index, const std::vector<std::string>& clusters) {
  const Wave& w = in.plan->waves[index];
  const std::optional<ReleaseState>& release = in.report.state ? in.report.state->release : std::nullopt;
  Json j = {{"index", index + 1},
            {"name", w.name},
            {"current", release && release->wave == index},
            {"size", w.size ? w.size->to_string() : ""},
            {"maxConcurrency", w.max_concurrency.to_string()},
            {"maxFailures", w.max_failures.to_string()},
            {"minSuccessTime", format_duration_ms(w.min_success_time_ms)},
            {"progressDeadline", w.progress_deadline_ms ? format_duration_ms(*w.progress_deadline_ms) : ""},
            {"approval", w.approval_required ? "required" : "none"},
            {"approved", release && std::find(release->approvals.begin(), release->approvals.end(), w.name) !=
                                        release->approvals.end()}};
  j["clusters"] = Json::array();
  for (const std::string& c : clusters) j["clusters"].push_back(cluster_json(in, c));
  return j;
}

// Clusters per wave: the assignment, plus pinned clusters under the wave their pin names when
// the assignment does not hold them (e.g. no longer reached). Pins naming no wave: `other`.
std::vector<std::vector<std::string>> clusters_by_wave(const AppStatusInput& in, std::vector<std::string>& other) {
  std::vector<std::set<std::string>> sets(in.plan->waves.size());
  std::set<std::string> placed;
  if (in.waves) {
    for (std::size_t w = 0; w < sets.size() && w < in.waves->clusters.size(); ++w) {
      sets[w].insert(in.waves->clusters[w].begin(), in.waves->clusters[w].end());
      placed.insert(in.waves->clusters[w].begin(), in.waves->clusters[w].end());
    }
  }
  if (in.report.state) {
    for (const auto& [cluster, pin] : in.report.state->pins) {
      if (placed.count(cluster) != 0) continue;
      auto it =
          std::find_if(in.plan->waves.begin(), in.plan->waves.end(), [&](const Wave& w) { return w.name == pin.wave; });
      if (it == in.plan->waves.end()) other.push_back(cluster);
      else sets[static_cast<std::size_t>(it - in.plan->waves.begin())].insert(cluster);
    }
  }
  std::vector<std::vector<std::string>> out;
  for (const auto& s : sets) out.emplace_back(s.begin(), s.end());
  return out;
}

}  // namespace

Json app_status_json(const AppStatusInput& in) {
  const AppReport& r = in.report;
  const RolloutState* s = r.state ? &*r.state : nullptr;
  const ReleaseState* release = s != nullptr && s->release ? &*s->release : nullptr;
  Json j = {{"app", r.app},
            {"path", r.path},
            {"phase", phase_of(in)},
            {"paused", s != nullptr && s->paused},
            {"pauseReason", s != nullptr ? s->pause_reason : ""},
            {"stable", s != nullptr ? s->stable_revision : ""},
            {"release", release != nullptr ? release->revision : ""},
            {"releaseWave", ""},
            {"releaseStartedAt",
             release != nullptr && release->started_at_ms > 0 ? format_rfc3339(release->started_at_ms) : ""},
            {"approvals", release != nullptr ? release->approvals : std::vector<std::string>{}},
            {"heldReason", release != nullptr ? release->reason : ""},
            {"blocked", r.blocked},
            {"blockedBy", r.blocked_by},
            {"next", nullptr}};
  if (release != nullptr && in.plan != nullptr && release->wave < in.plan->waves.size()) {
    j["releaseWave"] = in.plan->waves[release->wave].name;
  }
  if (!r.action.empty()) j["next"] = {{"action", r.action}, {"subject", r.subject}};
  j["errors"] = Json::array();
  for (const Error& e : r.errors) j["errors"].push_back(e.to_string());
  j["warnings"] = Json::array();
  for (const Error& w : r.warnings) j["warnings"].push_back(w.to_string());
  j["ignored"] = r.ignored;
  j["analysis"] = Json::array();
  for (const AnalysisStatus& a : r.analysis) {
    j["analysis"].push_back({{"check", a.check},
                             {"cluster", a.cluster},
                             {"condition", a.condition},
                             {"phase", to_string(a.verdict.phase)},
                             {"measurements", a.verdict.counted},
                             {"successful", a.verdict.successful},
                             {"failed", a.verdict.failed},
                             {"inconclusive", a.verdict.inconclusive},
                             {"errors", a.verdict.errors},
                             {"lastValue", a.verdict.last_value},
                             {"summary", a.error.empty() ? a.verdict.summary : ""},
                             {"error", a.error}});
  }
  j["argocd"] = {{"configured", in.argocd_configured},
                 {"reachable", in.argocd_configured && in.observations.reachable},
                 {"error", in.argocd_configured ? in.observations.error : ""}};
  j["waves"] = Json::array();
  j["otherClusters"] = Json::array();
  if (in.plan == nullptr) {  // no waves to group by: the pins from Git, as they are
    if (in.report.state) {
      for (const auto& [cluster, pin] : in.report.state->pins) j["otherClusters"].push_back(cluster_json(in, cluster));
    }
    return j;
  }
  std::vector<std::string> other;
  std::vector<std::vector<std::string>> by_wave = clusters_by_wave(in, other);
  for (std::size_t w = 0; w < in.plan->waves.size(); ++w) j["waves"].push_back(wave_json(in, w, by_wave[w]));
  for (const std::string& c : other) j["otherClusters"].push_back(cluster_json(in, c));
  return j;
}

Json status_document(const std::string& branch, const std::string& head, const std::vector<AppStatusInput>& apps,
                     const std::vector<Cordon>& cordons, const ApprovalRules& rules) {
  Json doc = {{"branch", branch},
              {"head", head},
              {"apps", Json::array()},
              {"cordons", Json::array()},
              {"warnings", Json::array()},
              {"approvalRules", {{"allowedReviewers", rules.reviewers}, {"signedCommitsOnly", rules.signed_only}}}};
  for (const AppStatusInput& a : apps) doc["apps"].push_back(app_status_json(a));
  for (const Cordon& c : cordons) {
    doc["cordons"].push_back({{"cluster", c.cluster},
                              {"taint", taint_text(c.taint)},
                              {"reason", c.reason},
                              {"by", c.by},
                              {"since", format_rfc3339(c.since_ms)},
                              {"automatic", c.automatic}});
  }
  return doc;
}

}  // namespace fleetwave
