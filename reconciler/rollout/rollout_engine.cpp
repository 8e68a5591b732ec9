// The engine's transitions (start, wait at a gate, pin a batch, advance, complete, fail, cancel,
// pause); whether a wave may move is the gates' decision (gates/wave_gate.h).
#include "rollout/rollout_engine.h"

#include <algorithm>

#include "base/duration_text.h"
#include "base/timestamp.h"
#include "rollout/cluster_holds.h"
#include "rollout/gates/wave_gate.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

class Engine {
 public:
  explicit Engine(const EngineInput& in) : in_(in), plan_(*in.plan), app_(in.state.app) {}

  Decision run() {
    const RolloutState& s = in_.state;
    if (in_.ignored) return Decision{ignored_steps_step(plan_, s, *in_.ignored), {}};
    if (in_.foreign_change && !s.paused) return pause_for_foreign_change();
    if (s.paused) return blocked("paused: " + s.pause_reason + "; run `fleetwave resume " + app_ + "` to continue");
    const std::string release_inputs = s.release ? s.release->inputs : "";
    if (in_.head_inputs != s.stable_inputs && in_.head_inputs != release_inputs) {
      if (!in_.joined.empty() && s.release && s.release->phase == ReleasePhase::Progressing) return continue_joined();
      return start();
    }
    if (std::vector<std::string> behind = behind_after_hold(in_); !behind.empty()) return catch_up(behind);
    if (!s.release) return blocked("");
    const ReleaseState& r = *s.release;
    if (r.wave >= plan_.waves.size()) {
      RolloutState next = s;
      return complete(next, "every wave of the plan is done");
    }
    if (in_.head_inputs == s.stable_inputs)
      return cancel_release("the inputs at the head are the stable release's again");
    if (r.phase == ReleasePhase::Held) {
      return blocked("release " + short_sha(r.revision) + " is held (" + r.reason +
                     "); push a newer release or run `fleetwave resume " + app_ + "`");
    }
    if (r.phase == ReleasePhase::WaitingApproval) {  // waiting at a recorded Enter gate
      GateVerdict v = check_gates(GatePoint::Enter, context(r, r.wave));
      if (v.kind == GateVerdict::Kind::Fail) return fail(r, v.reason);
      if (v.kind == GateVerdict::Kind::Hold) return hold(r, v.reason);
      if (v.kind == GateVerdict::Kind::Wait) return waiting(v);
      RolloutState next = in_.state;
      return enter_wave_from(next, r.wave, "advance", v.reason.empty() ? "gates passed" : v.reason);
    }
    return progress(r);
  }

 private:
  GateContext context(const ReleaseState& r, std::size_t index, const WaveProgress* progress = nullptr) const {
    return GateContext{in_, plan_.waves[index], index, wave_label(plan_, index), r, progress};
  }

  // --- transitions ---------------------------------------------------------------------------

  Decision start() {
    if (in_.candidate_clusters.empty() && !in_.state.pins.empty()) return hold_unreachable();
    RolloutState next = in_.state;
    std::string superseded;
    if (next.release) {
      superseded = next.release->revision;
      unpin_release(next, superseded);
    }
    next.release = new_release(ReleasePhase::Progressing, "");
    std::vector<std::string> changed = changed_inputs(in_.state.stable_inputs, in_.head_inputs);
    std::string why = in_.state.stable_inputs.empty()
                          ? "First release of " + app_ + "."
                          : "Inputs changed since the stable release " + short_sha(in_.state.stable_revision) + ": " +
                                join(changed) + ".";
    if (!superseded.empty())
      why += "\nSupersedes release " + short_sha(superseded) + ", which restarts from the first wave.";
    return enter_wave_from(next, 0, "start", why);
  }

  // The release of the head. Cordons are fleet state: a cluster its rollback returns to the
  // stable release keeps the release's cordons (an uncordoned cluster keeps the app, a cordoned
  // one stays out), so the release carries its overlay when it differs from the stable's.
  ReleaseState new_release(ReleasePhase phase, std::string reason) const {
    ReleaseState r{in_.head_revision, in_.head_inputs, phase, 0, in_.now_ms, {}, std::move(reason)};
    if (!in_.state.stable_revision.empty() && !cordons_equal(in_.state.stable_inputs, in_.head_inputs))
      r.cordons = in_.head_cordons;
    return r;
  }

  // A release that reaches no cluster while the app runs on some would, once complete, remove the
  // app from all of them (every cluster cordoned, a placement that matches nothing): it is held
  // before any pin moves, and a person decides.
  Decision hold_unreachable() {
    RolloutState next = in_.state;
    if (next.release) unpin_release(next, next.release->revision);
    const std::string evidence = "release " + short_sha(in_.head_revision) + " reaches no cluster while " + app_ +
                                 " runs on " + std::to_string(in_.state.pins.size());
    next.release = new_release(ReleasePhase::Held, evidence);
    Step step = make_step("hold", std::move(next));
    step.message.subject = "hold " + short_sha(in_.head_revision) + " (reaches no cluster)";
    step.message.body = evidence + ".\nRolling it out would remove " + app_ +
                        " from every cluster. Fix the inputs (uncordon a cluster, correct the placement), or run "
                        "`fleetwave resume " +
                        app_ + "` to roll it out anyway.";
    step.message.trailers = step_trailers(app_, in_.head_revision, plan_.waves.front().name, "hold", evidence);
    return Decision{std::move(step), {}};
  }

  // Clusters joined the inventory while a release was in flight, and nothing else changed: the
  // release moves to the head at the wave it reached instead of restarting. Joined clusters of
  // waves already reached are pinned now; the others when their wave comes (the stable commit's
  // inventory does not have them, so there is no stable pin to give them).
  Decision continue_joined() {
    RolloutState next = in_.state;
    ReleaseState& r = *next.release;
    const std::string previous = r.revision;
    r.revision = in_.head_revision;
    r.inputs = in_.head_inputs;
    std::size_t moved = 0;
    for (auto& [cluster, pin] : next.pins) {
      if (pin.revision != previous) continue;
      pin.revision = in_.head_revision;
      pin.pinned_at_ms = in_.now_ms;
      ++moved;
    }
    std::vector<std::string> pinned_now;
    for (std::size_t w = 0; w < r.wave && w < in_.waves.clusters.size(); ++w) {
      for (const std::string& c : in_.waves.clusters[w]) {
        if (!std::binary_search(in_.joined.begin(), in_.joined.end(), c) || next.pins.count(c)) continue;
        next.pins[c] = Pin{in_.head_revision, plan_.waves[w].name, server_of(c), in_.now_ms};
        pinned_now.push_back(c);
      }
    }
    const std::string wave = current_wave_name(plan_, next);
    Step step = make_step("advance", std::move(next));
    step.message.subject = "continue " + short_sha(previous) + " as " + short_sha(in_.head_revision) + " (" +
                           join(in_.joined) + " joined the inventory)";
    step.message.body = "Only the inventory changed since release " + short_sha(previous) + ": joined " +
                        join(in_.joined) + ". The release continues at wave " + wave + " instead of restarting; its " +
                        std::to_string(moved) + " pinned clusters move to " + short_sha(in_.head_revision) + ".\n" +
                        (pinned_now.empty() ? std::string("No joined cluster is in a wave already reached.")
                                            : "In waves already reached, pinned now: " + join(pinned_now) + ".") +
                        "\nThe others are pinned when their wave is reached.";
    step.message.trailers =
        step_trailers(app_, in_.head_revision, wave, "advance", "inventory grew: " + join(in_.joined));
    return Decision{std::move(step), {}};
  }

  // Starts wave `index` (or the next non-empty one) of the release in `next`, if its Enter
  // gates let it.
  Decision enter_wave_from(RolloutState& next, std::size_t index, const std::string& action, const std::string& why) {
    ReleaseState& r = *next.release;
    while (index < plan_.waves.size() && in_.waves.clusters[index].empty()) ++index;
    if (index == plan_.waves.size()) return complete(next, why);
    r.wave = index;
    GateVerdict v = check_gates(GatePoint::Enter, context(r, index));
    if (v.kind == GateVerdict::Kind::Fail)
      return in_.state.release ? fail(*in_.state.release, v.reason) : blocked(v.reason);
    if (v.kind == GateVerdict::Kind::Wait) {
      if (v.request.empty()) return waiting(v);
      return wait_at_gate(next, index, v, why);
    }
    r.phase = ReleasePhase::Progressing;
    // A gate that let the wave in for a stated reason (a person's promote through a manualSync
    // window) says so in the step's evidence.
    const bool noted = v.gate == "window" && !v.reason.empty();
    return pin_batch(next, index, action, noted ? why + "; " + v.reason : why, true);
  }

  // A recorded wait: the release waits at wave `index` until its Enter gates pass.
  Decision wait_at_gate(RolloutState& next, std::size_t index, const GateVerdict& v, const std::string& why) {
    const Wave& w = plan_.waves[index];
    next.release->phase = ReleasePhase::WaitingApproval;
    const std::string revision = next.release->revision;  // a copy: `next` is moved below
    const std::string action = "wait-" + std::string(v.gate);
    Step step = make_step(action, std::move(next));
    step.message.subject =
        "wait for " + std::string(v.gate) + " of " + short_sha(revision) + " wave " + wave_label(plan_, index);
    step.message.body = why + "\nWave " + w.name + " " + v.request + ".";
    step.message.trailers = step_trailers(app_, release_of(step.next), w.name, action, first_line(why));
    if (v.wants_approval) step.approval_wave = w.name;  // the approvals hook pushes its branch
    return Decision{std::move(step), {}};
  }

  Decision pin_batch(RolloutState& next, std::size_t index, const std::string& action, const std::string& why,
                     bool new_wave) {
    const Wave& w = plan_.waves[index];
    const std::vector<std::string>& all = in_.waves.clusters[index];
    const std::string revision = next.release->revision;  // a copy: `next` is moved below
    std::vector<std::string> batch;
    for (const std::string& c : all) {
      auto pin = next.pins.find(c);
      if (pin != next.pins.end() && pin->second.revision == revision) continue;
      const bool whole_wave = fast_forwarded(plan_, *next.release, index);  // promoted: no batches
      if (!whole_wave && static_cast<std::int64_t>(batch.size()) >= w.batch_size(static_cast<std::int64_t>(all.size())))
        break;
      batch.push_back(c);
    }
    for (const std::string& c : batch) next.pins[c] = Pin{revision, w.name, server_of(c), in_.now_ms};
    std::size_t pinned = count_pinned(next, all, revision);
    Step step = make_step(action, std::move(next));
    std::string verb = action == "start" ? "start " + short_sha(revision) + " at wave "
                       : new_wave        ? "advance " + short_sha(revision) + " to wave "
                                         : "advance " + short_sha(revision) + " in wave ";
    step.message.subject = verb + wave_label(plan_, index) + " (" + std::to_string(pinned) + " of " +
                           std::to_string(all.size()) + " clusters)";
    step.message.body = why + "\nPinned to " + short_sha(revision) + ": " + join(batch) + ".";
    step.message.trailers = step_trailers(app_, release_of(step.next), w.name, action, first_line(why));
    return Decision{std::move(step), {}};
  }

  // Clusters released from a hold, pinned where the rest of their wave is.
  Decision catch_up(const std::vector<std::string>& clusters) {
    RolloutState next = in_.state;
    const bool rolling = next.release.has_value();
    const std::string revision = rolling ? next.release->revision : next.stable_revision;
    for (const std::string& c : clusters) {
      next.pins[c].revision = revision;
      next.pins[c].pinned_at_ms = in_.now_ms;
      if (rolling) next.pins[c].cordons_of.clear();  // the release's own overlay
    }
    const std::string wave = current_wave_name(plan_, next);
    Step step = make_step("advance", std::move(next));
    step.message.subject = "catch up " + join(clusters) + " to " + short_sha(revision) + " (hold released)";
    step.message.body = "Released from a hold: " + join(clusters) + ". Pinned to " +
                        (rolling ? "the release in flight " : "the stable release ") + short_sha(revision) +
                        ", where the rest of their wave is.";
    step.message.trailers = step_trailers(app_, release_of(step.next), wave, "advance", "hold released");
    return Decision{std::move(step), {}};
  }

  Decision complete(RolloutState& next, const std::string& why) {
    ReleaseState r = *next.release;
    next.stable_revision = r.revision;
    next.stable_inputs = r.inputs;
    next.release.reset();
    // Clusters the release no longer reaches lose their pin: Argo CD deletes their Application.
    std::vector<std::string> dropped;
    for (auto it = next.pins.begin(); it != next.pins.end();) {
      if (!std::binary_search(in_.candidate_clusters.begin(), in_.candidate_clusters.end(), it->first)) {
        dropped.push_back(it->first);
        it = next.pins.erase(it);
      } else {
        ++it;
      }
    }
    Step step = make_step("complete", std::move(next));
    step.message.subject =
        "complete " + short_sha(r.revision) + " on " + std::to_string(step.next.pins.size()) + " clusters";
    step.message.body = why + "\nRelease " + short_sha(r.revision) + " is now the stable release.";
    if (!dropped.empty()) step.message.body += "\nNo longer reached, unpinned: " + join(dropped) + ".";
    step.message.trailers = step_trailers(app_, r.revision, plan_.waves.back().name, "complete", first_line(why));
    return Decision{std::move(step), {}};
  }

  // The release stops where it is, pins kept, until a person resumes or rolls back: onFailure
  // pause, and an Inconclusive analysis (a person decides, as Argo Rollouts pauses for one).
  Decision hold(const ReleaseState& r, const std::string& evidence, bool failed = false) {
    RolloutState next = in_.state;
    const Wave& w = plan_.waves[r.wave];
    next.release->phase = ReleasePhase::Held;
    next.release->reason = evidence;
    Step step = make_step("hold", std::move(next));
    step.message.subject =
        "hold " + short_sha(r.revision) + " in wave " + wave_label(plan_, r.wave) + " (" + evidence + ")";
    step.message.body = "Wave " + w.name + (failed ? " failed: " : " needs a person's decision: ") + evidence + ".\n" +
                        (failed ? "onFailure is pause: pins stay" : "Pins stay") + "; run `fleetwave resume " + app_ +
                        "` to continue (analysis runs again from then) or `fleetwave rollback " + app_ +
                        "` to roll back.";
    step.message.trailers = step_trailers(app_, release_of(step.next), w.name, "hold", evidence);
    return Decision{std::move(step), {}};
  }

  Decision fail(const ReleaseState& r, const std::string& evidence) {
    if (plan_.on_failure == OnFailure::Pause) return hold(r, evidence, true);
    RolloutState next = in_.state;
    const Wave& w = plan_.waves[r.wave];
    next.release->phase = ReleasePhase::Held;
    next.release->reason = evidence;
    std::size_t moved = unpin_release(next, r.revision);
    next.release->promoted_to.clear();  // a promotion is for the try it was given for (issue 25, 5)
    const std::string& stable = in_.state.stable_revision;
    Step step = make_step("rollback", std::move(next));
    step.message.subject = "roll back " + short_sha(r.revision) + (stable.empty() ? "" : " to " + short_sha(stable)) +
                           " (" + evidence + ")";
    step.message.body = "Wave " + w.name + " failed: " + evidence + ".\n" + std::to_string(moved) +
                        " cluster(s) returned to " +
                        (stable.empty() ? "no release (first release: unpinned)" : "stable " + short_sha(stable)) +
                        ". The release is held until a newer one or `fleetwave resume " + app_ + "`.";
    step.message.trailers = step_trailers(app_, release_of(step.next), w.name, "rollback", evidence);
    return Decision{std::move(step), {}};
  }

  Decision cancel_release(const std::string& why) {
    RolloutState next = in_.state;
    ReleaseState r = *next.release;
    unpin_release(next, r.revision);
    next.release.reset();
    Step step = make_step("rollback", std::move(next));
    step.message.subject =
        "roll back " + short_sha(r.revision) + " to " + short_sha(in_.state.stable_revision) + " (inputs reverted)";
    step.message.body = "Release " + short_sha(r.revision) + " is abandoned: " + why + ".";
    step.message.trailers =
        step_trailers(app_, r.revision, plan_.waves[std::min(r.wave, plan_.waves.size() - 1)].name, "rollback", why);
    return Decision{std::move(step), {}};
  }

  Decision pause_for_foreign_change() {
    RolloutState next = in_.state;
    const ForeignChange& f = *in_.foreign_change;
    next.paused = true;
    next.pause_reason = "manual change to .fleetwave/" + app_ + " in " + short_sha(f.commit) + " \"" + f.subject + "\"";
    Step step = make_step("pause", std::move(next));
    step.message.subject = "pause (manual change in " + short_sha(f.commit) + ")";
    step.message.body =
        "Commit " + f.commit + " (\"" + f.subject + "\") changed .fleetwave/" + app_ +
        " without fleetwave. fleetwave keeps that state and pauses so automation never undoes a human change.\n"
        "Run `fleetwave resume " +
        app_ + "` to continue from it.";
    step.message.trailers = step_trailers(app_, release_of(step.next), current_wave_name(plan_, step.next), "pause",
                                          "foreign change " + f.commit);
    return Decision{std::move(step), {}};
  }

  // The current wave, each cycle: its Progress gates, its next batch, its Leave gates, the next wave.
  Decision progress(const ReleaseState& r) {
    const WaveProgress p = wave_progress(in_, r);
    const GateContext ctx = context(r, r.wave, &p);
    GateVerdict v = check_gates(GatePoint::Progress, ctx);
    if (v.kind == GateVerdict::Kind::Fail) return fail(r, v.reason);
    if (v.kind == GateVerdict::Kind::Hold) return hold(r, v.reason);
    if (v.kind == GateVerdict::Kind::Wait) return waiting(v);
    RolloutState next = in_.state;
    const std::vector<std::string>& clusters = in_.waves.clusters[r.wave];
    if (p.pinned.size() < p.total) {  // the next batch: the evidence speaks of the pinned clusters only
      std::vector<std::string> pinned;
      for (const ClusterProgress& c : p.pinned) pinned.push_back(c.cluster);
      std::string evidence = evidence_line(r, pinned, std::nullopt);
      if (!p.failures.empty()) evidence += " (tolerated failures: " + join(p.failures, "; ") + ")";
      return pin_batch(next, r.wave, "advance", evidence, false);
    }
    v = check_gates(GatePoint::Leave, ctx);
    if (v.kind == GateVerdict::Kind::Fail) return fail(r, v.reason);
    if (v.kind == GateVerdict::Kind::Hold) return hold(r, v.reason);
    if (v.kind == GateVerdict::Kind::Wait) return waiting(v);
    std::string evidence = evidence_line(r, clusters, p.done_since);
    if (!p.failures.empty()) evidence += " (tolerated failures: " + join(p.failures, "; ") + ")";
    if (!v.reason.empty()) evidence += "; " + v.reason;  // e.g. the analysis checks that passed
    return enter_wave_from(next, r.wave + 1, "advance", evidence);
  }

  // --- helpers --------------------------------------------------------------------------

  std::string evidence_line(const ReleaseState& r, const std::vector<std::string>& clusters,
                            std::optional<std::int64_t> done_since) const {
    // Every claim is what was observed: a bake not passed is never said to have passed.
    const Wave& w = plan_.waves[r.wave];
    std::string line = "wave " + w.name + " Synced/Healthy at " + short_sha(r.revision) + " (" + join(clusters) + ")";
    if (done_since) {
      const std::int64_t baked = in_.now_ms - *done_since;
      line += " since " + format_rfc3339(*done_since) + ", baked " + format_elapsed_ms(baked);
      if (fast_forwarded(plan_, r, r.wave) && baked < w.min_success_time_ms)
        line += " (minSuccessTime " + format_duration_ms(w.min_success_time_ms) + " skipped: promoted)";
      else if (baked >= w.min_success_time_ms) line += " >= " + format_duration_ms(w.min_success_time_ms);
    }
    return line;
  }

  std::string server_of(const std::string& cluster) const {
    auto it = in_.servers.find(cluster);
    return it == in_.servers.end() ? cluster : it->second;
  }

  static std::size_t count_pinned(const RolloutState& s, const std::vector<std::string>& clusters,
                                  const std::string& revision) {
    return static_cast<std::size_t>(std::count_if(clusters.begin(), clusters.end(), [&](const std::string& c) {
      auto it = s.pins.find(c);
      return it != s.pins.end() && it->second.revision == revision;
    }));
  }

  // Every cluster pinned to `revision` goes back to the stable release (or loses its pin when
  // there is none yet), keeping the overlay of cordons it had. Returns how many moved.
  std::size_t unpin_release(RolloutState& s, const std::string& revision) const {
    return return_to_stable(s, revision, in_.now_ms);
  }

  static Step make_step(const std::string& action, RolloutState next) {
    Step step;
    step.action = action;
    step.next = std::move(next);
    return step;
  }

  static Decision blocked(std::string why) { return Decision{std::nullopt, std::move(why), {}}; }
  static Decision waiting(const GateVerdict& v) { return Decision{std::nullopt, v.reason, std::string(v.gate)}; }

  const EngineInput& in_;
  const WavePlan& plan_;
  const std::string app_;
};

}  // namespace

std::string approval_branch_name(const std::string& app, const std::string& revision, const std::string& wave) {
  return "fleetwave/approve/" + app + "/" + short_sha(revision) + "/" + wave;
}

bool fast_forwarded(const WavePlan& plan, const ReleaseState& release, std::size_t index) {
  if (release.promoted_to.empty()) return false;
  auto target =
      std::find_if(plan.waves.begin(), plan.waves.end(), [&](const Wave& w) { return w.name == release.promoted_to; });
  if (target == plan.waves.end() || index > static_cast<std::size_t>(target - plan.waves.begin())) return false;
  const std::vector<std::string>& approved = release.approvals;
  return !plan.fast_forward_needs_approval ||
         std::find(approved.begin(), approved.end(), release.promoted_to) != approved.end();
}

Decision decide(const EngineInput& in) {
  // Held clusters are in no wave for the engine (a copy only when some are held: rare).
  std::optional<EngineInput> unheld;
  if (!in.state.holds.empty()) {
    unheld.emplace(in);
    unheld->waves = without_held(in.waves, in.state);
  }
  Decision d = Engine(unheld ? *unheld : in).run();
  if (d.step) {
    // Subjects read "fleetwave(<app>): <what>" in `git log --oneline`.
    d.step->message.subject = "fleetwave(" + in.state.app + "): " + d.step->message.subject;
  }
  return d;
}

}  // namespace fleetwave
