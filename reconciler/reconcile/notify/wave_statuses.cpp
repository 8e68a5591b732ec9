#include "reconcile/notify/wave_statuses.h"

#include "net/percent_encode.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

struct Builder {
  const WavePlan& plan;
  const std::string& app;
  std::string target_url;
  std::vector<CommitStatus> out;

  void add(const std::string& sha, std::size_t wave, CommitState state, std::string description) {
    if (sha.empty() || wave >= plan.waves.size()) return;
    out.push_back({sha, status_context(app, plan.waves[wave].name), state, std::move(description), target_url});
  }

  void done_before(const std::string& sha, std::size_t wave) {
    for (std::size_t i = 0; i < wave && i < plan.waves.size(); ++i) add(sha, i, CommitState::Success, "wave done");
  }

  // The release in flight in `state`.
  void in_flight(const RolloutState& state, const std::string& action) {
    const ReleaseState& r = *state.release;
    done_before(r.revision, r.wave);
    if (r.phase == ReleasePhase::Held) {
      const std::string why = first_line(r.reason);
      add(r.revision, r.wave, CommitState::Failure,
          (action == "rollback" ? "rolled back" : "failed") + (why.empty() ? std::string() : ": " + why));
    } else if (state.paused) {
      add(r.revision, r.wave, CommitState::Pending, "paused");
    } else if (r.phase == ReleasePhase::WaitingApproval) {
      add(r.revision, r.wave, CommitState::Pending, "waiting for approval");
    } else {
      add(r.revision, r.wave, CommitState::Running, "rolling out");
    }
  }

  std::size_t index_of(const std::string& wave) const {
    for (std::size_t i = 0; i < plan.waves.size(); ++i) {
      if (plan.waves[i].name == wave) return i;
    }
    return plan.waves.size();
  }
};

}  // namespace

std::string status_context(const std::string& app, const std::string& wave) { return "fleetwave/" + app + "/" + wave; }

std::string board_app_url(const std::string& board_url, const std::string& app) {
  if (board_url.empty()) return "";
  std::string base = board_url;
  while (!base.empty() && base.back() == '/') base.pop_back();
  return base + "/apps/" + percent_encode(app);
}

std::vector<CommitStatus> wave_statuses(const PlannedApp& app, const std::string& board_url) {
  if (!app.step || app.plan == nullptr || app.plan->waves.empty()) return {};
  const Step& step = *app.step;
  Builder b{*app.plan, app.report.app, board_app_url(board_url, app.report.app), {}};
  const std::optional<RolloutState>& before = app.report.state;
  if (before && before->release && step.next.release && before->release->revision != step.next.release->revision) {
    b.add(before->release->revision, before->release->wave, CommitState::Canceled,
          "superseded by " + short_sha(step.next.release->revision));
  }
  if (step.next.release) {
    b.in_flight(step.next, step.action);
    return std::move(b.out);
  }
  // The release ended with this step: its commit and wave are in the step's trailers.
  const std::string release = step.message.trailer("Fleetwave-Release");
  if (step.action == "complete") {
    b.done_before(release, b.plan.waves.size());
  } else if (step.action == "rollback") {  // its inputs were reverted
    const std::size_t wave = b.index_of(step.message.trailer("Fleetwave-Wave"));
    const std::string why = first_line(step.message.trailer("Fleetwave-Evidence"));
    b.done_before(release, wave);
    b.add(release, wave, CommitState::Failure, "rolled back" + (why.empty() ? "" : ": " + why));
  }
  return std::move(b.out);
}

}  // namespace fleetwave
