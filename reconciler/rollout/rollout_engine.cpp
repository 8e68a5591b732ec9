#include "rollout/rollout_engine.h"

#include <algorithm>

#include "base/timestamp.h"

namespace fleetwave {
namespace {

std::string join(const std::vector<std::string>& items, const std::string& sep = ", ") {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

class Engine {
 public:
  explicit Engine(const EngineInput& in) : in_(in), plan_(*in.plan), app_(in.state.app) {}

  Decision run() {
    const RolloutState& s = in_.state;
    if (in_.foreign_change && !s.paused) return pause_for_foreign_change();
    if (s.paused) return blocked("paused: " + s.pause_reason + "; run `fleetwave resume " + app_ + "` to continue");
    const std::string release_inputs = s.release ? s.release->inputs : "";
    if (in_.head_inputs != s.stable_inputs && in_.head_inputs != release_inputs) return start();
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
    if (r.phase == ReleasePhase::WaitingApproval) {
      const Wave& w = plan_.waves[r.wave];
      if (!approved(r, w.name)) {
        return blocked("waiting for approval of wave " + wave_label(r.wave) + ": merge branch " +
                       approval_branch(app_, r.revision, w.name) + " or run `fleetwave approve " + app_ + " --wave " +
                       w.name + "`");
      }
      return enter_wave(r.wave, "approved");
    }
    return progress(r);
  }

 private:
  static std::string approval_branch(const std::string& app, const std::string& revision, const std::string& wave) {
    return approval_branch_name(app, revision, wave);
  }

  // --- steps -------------------------------------------------------------------------------

  Decision start() {
    RolloutState next = in_.state;
    std::string superseded;
    if (next.release) {
      superseded = next.release->revision;
      unpin_release(next, superseded);
    }
    next.release = ReleaseState{in_.head_revision, in_.head_inputs, ReleasePhase::Progressing, 0, in_.now_ms, {}, {}};
    std::vector<std::string> changed = changed_inputs(in_.state.stable_inputs, in_.head_inputs);
    std::string why = in_.state.stable_inputs.empty()
                          ? "First release of " + app_ + "."
                          : "Inputs changed since the stable release " + short_sha(in_.state.stable_revision) + ": " +
                                join(changed) + ".";
    if (!superseded.empty())
      why += "\nSupersedes release " + short_sha(superseded) + ", which restarts from the first wave.";
    return enter_wave_from(next, 0, "start", why);
  }

  // Starts wave `index` (or the next non-empty one) of the current release.
  Decision enter_wave(std::size_t index, const std::string& why) {
    RolloutState next = in_.state;
    return enter_wave_from(next, index, "advance", why);
  }

  Decision enter_wave_from(RolloutState& next, std::size_t index, const std::string& action, const std::string& why) {
    ReleaseState& r = *next.release;
    while (index < plan_.waves.size() && in_.waves.clusters[index].empty()) ++index;
    if (index == plan_.waves.size()) return complete(next, why);
    const Wave& w = plan_.waves[index];
    r.wave = index;
    if (w.approval_required && !approved(r, w.name)) {
      r.phase = ReleasePhase::WaitingApproval;
      const std::string revision = r.revision;  // a copy: `next` is moved below
      Step step = make_step("wait-approval", std::move(next));
      step.message.subject = "wait for approval of " + short_sha(revision) + " wave " + wave_label(index);
      step.message.body = why + "\nWave " + w.name + " needs an approval: merge branch " +
                          approval_branch(app_, revision, w.name) + " or run `fleetwave approve " + app_ + " --wave " +
                          w.name + "`.";
      step.message.trailers = trailers(step.next, w.name, "wait-approval", why_line(why));
      step.approval_wave = w.name;
      return Decision{std::move(step), {}};
    }
    r.phase = ReleasePhase::Progressing;
    return pin_batch(next, index, action, why, true);
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
      if (static_cast<std::int64_t>(batch.size()) >= w.batch_size(static_cast<std::int64_t>(all.size()))) break;
      batch.push_back(c);
    }
    for (const std::string& c : batch) next.pins[c] = Pin{revision, w.name, server_of(c), in_.now_ms};
    std::size_t pinned = count_pinned(next, all, revision);
    Step step = make_step(action, std::move(next));
    std::string verb = action == "start" ? "start " + short_sha(revision) + " at wave "
                       : new_wave        ? "advance " + short_sha(revision) + " to wave "
                                         : "advance " + short_sha(revision) + " in wave ";
    step.message.subject =
        verb + wave_label(index) + " (" + std::to_string(pinned) + " of " + std::to_string(all.size()) + " clusters)";
    step.message.body = why + "\nPinned to " + short_sha(revision) + ": " + join(batch) + ".";
    step.message.trailers = trailers(step.next, w.name, action, why_line(why));
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
    step.message.trailers = trailers_for_release(r.revision, plan_.waves.back().name, "complete", why_line(why));
    return Decision{std::move(step), {}};
  }

  Decision fail(const ReleaseState& r, const std::string& evidence) {
    RolloutState next = in_.state;
    const Wave& w = plan_.waves[r.wave];
    next.release->phase = ReleasePhase::Held;
    next.release->reason = evidence;
    if (plan_.on_failure == OnFailure::Pause) {
      Step step = make_step("hold", std::move(next));
      step.message.subject = "hold " + short_sha(r.revision) + " in wave " + wave_label(r.wave) + " (" + evidence + ")";
      step.message.body = "Wave " + w.name + " failed: " + evidence +
                          ".\nonFailure is pause: pins stay; run `fleetwave resume " + app_ +
                          "` to continue or `fleetwave rollback " + app_ + "` to roll back.";
      step.message.trailers = trailers(step.next, w.name, "hold", evidence);
      return Decision{std::move(step), {}};
    }
    std::size_t moved = unpin_release(next, r.revision);
    Step step = make_step("rollback", std::move(next));
    step.message.subject = "roll back " + short_sha(r.revision) +
                           (in_.state.stable_revision.empty() ? "" : " to " + short_sha(in_.state.stable_revision)) +
                           " (" + evidence + ")";
    step.message.body = "Wave " + w.name + " failed: " + evidence + ".\n" + std::to_string(moved) +
                        " cluster(s) returned to " +
                        (in_.state.stable_revision.empty() ? "no release (first release: unpinned)"
                                                           : "stable " + short_sha(in_.state.stable_revision)) +
                        ". The release is held until a newer one or `fleetwave resume " + app_ + "`.";
    step.message.trailers = trailers(step.next, w.name, "rollback", evidence);
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
        trailers_for_release(r.revision, plan_.waves[std::min(r.wave, plan_.waves.size() - 1)].name, "rollback", why);
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
    std::string wave = next.release ? plan_.waves[std::min(next.release->wave, plan_.waves.size() - 1)].name : "";
    step.message.trailers = trailers(step.next, wave, "pause", "foreign change " + f.commit);
    return Decision{std::move(step), {}};
  }

  // --- progress of the current wave -----------------------------------------------------

  Decision progress(const ReleaseState& r) {
    const Wave& w = plan_.waves[r.wave];
    const std::vector<std::string>& clusters = in_.waves.clusters[r.wave];
    std::vector<std::string> failures, waiting;
    std::optional<std::int64_t> done_since;
    bool bake_unknown = false;
    std::size_t pinned = 0;
    for (const std::string& c : clusters) {
      auto pin = in_.state.pins.find(c);
      if (pin == in_.state.pins.end() || pin->second.revision != r.revision) continue;
      ++pinned;
      ClusterJudgement j = judge_cluster(in_.observations, c, r.revision);
      bool overdue = w.progress_deadline_ms && in_.now_ms - pin->second.pinned_at_ms > *w.progress_deadline_ms;
      if (j.verdict == Verdict::Failed) {
        failures.push_back(c + ": " + j.detail);
      } else if (j.verdict != Verdict::Done && overdue) {
        failures.push_back(c + ": not healthy within progressDeadline " + format_duration_ms(*w.progress_deadline_ms) +
                           " (" + j.detail + ")");
      } else if (j.verdict != Verdict::Done) {
        waiting.push_back(c + ": " + j.detail);
      } else if (j.done_since_ms) {
        done_since = std::max(done_since.value_or(0), *j.done_since_ms);
      } else {
        bake_unknown = true;
      }
    }
    std::int64_t budget = w.max_failures.of(static_cast<std::int64_t>(clusters.size()));
    if (static_cast<std::int64_t>(failures.size()) > budget) return fail(r, join(failures, "; "));
    if (!waiting.empty()) return blocked("wave " + wave_label(r.wave) + " waiting for " + join(waiting, "; "));
    RolloutState next = in_.state;
    if (pinned < clusters.size()) {
      return pin_batch(next, r.wave, "advance", evidence_line(r, clusters, done_since), false);
    }
    std::int64_t since = bake_unknown || !done_since ? in_.now_ms : *done_since;
    std::int64_t baked = in_.now_ms - since;
    if (baked < w.min_success_time_ms) {
      return blocked("wave " + wave_label(r.wave) + " healthy for " +
                     format_duration_ms(std::max<std::int64_t>(baked, 0)) + " of minSuccessTime " +
                     format_duration_ms(w.min_success_time_ms));
    }
    std::string evidence = evidence_line(r, clusters, done_since);
    if (!failures.empty()) evidence += " (tolerated failures: " + join(failures, "; ") + ")";
    return enter_wave_from(next, r.wave + 1, "advance", evidence);
  }

  // --- helpers --------------------------------------------------------------------------

  std::string evidence_line(const ReleaseState& r, const std::vector<std::string>& clusters,
                            std::optional<std::int64_t> done_since) const {
    const Wave& w = plan_.waves[r.wave];
    std::string line = "wave " + w.name + " Synced/Healthy at " + short_sha(r.revision) + " (" + join(clusters) + ")";
    if (done_since) {
      line += " since " + format_rfc3339(*done_since) + ", baked " + format_duration_ms(in_.now_ms - *done_since) +
              " >= " + format_duration_ms(w.min_success_time_ms);
    }
    return line;
  }

  static std::string why_line(const std::string& why) {
    std::size_t nl = why.find('\n');
    return nl == std::string::npos ? why : why.substr(0, nl);
  }

  bool approved(const ReleaseState& r, const std::string& wave) const {
    return std::find(r.approvals.begin(), r.approvals.end(), wave) != r.approvals.end();
  }

  std::string wave_label(std::size_t index) const {
    return std::to_string(index + 1) + "/" + std::to_string(plan_.waves.size()) + " " + plan_.waves[index].name;
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
  // there is none yet). Returns how many moved.
  std::size_t unpin_release(RolloutState& s, const std::string& revision) const {
    std::size_t moved = 0;
    for (auto it = s.pins.begin(); it != s.pins.end();) {
      if (it->second.revision != revision) {
        ++it;
        continue;
      }
      ++moved;
      if (s.stable_revision.empty()) {
        it = s.pins.erase(it);
      } else {
        it->second.revision = s.stable_revision;
        it->second.pinned_at_ms = in_.now_ms;
        ++it;
      }
    }
    return moved;
  }

  Step make_step(const std::string& action, RolloutState next) const {
    Step step;
    step.action = action;
    step.next = std::move(next);
    return step;
  }

  std::vector<std::pair<std::string, std::string>> trailers(const RolloutState& s, const std::string& wave,
                                                            const std::string& action,
                                                            const std::string& evidence) const {
    std::string release = s.release ? s.release->revision : s.stable_revision;
    return trailers_for_release(release, wave, action, evidence);
  }

  std::vector<std::pair<std::string, std::string>> trailers_for_release(const std::string& release,
                                                                        const std::string& wave,
                                                                        const std::string& action,
                                                                        const std::string& evidence) const {
    std::vector<std::pair<std::string, std::string>> t = {{"Fleetwave-App", app_}};
    if (!release.empty()) t.emplace_back("Fleetwave-Release", release);
    if (!wave.empty()) t.emplace_back("Fleetwave-Wave", wave);
    t.emplace_back("Fleetwave-Action", action);
    if (!evidence.empty()) t.emplace_back("Fleetwave-Evidence", evidence);
    return t;
  }

  static Decision blocked(std::string why) { return Decision{std::nullopt, std::move(why)}; }

  const EngineInput& in_;
  const WavePlan& plan_;
  const std::string app_;
};

}  // namespace

std::string approval_branch_name(const std::string& app, const std::string& revision, const std::string& wave) {
  return "fleetwave/approve/" + app + "/" + short_sha(revision) + "/" + wave;
}

Decision decide(const EngineInput& in) {
  Decision d = Engine(in).run();
  if (d.step) {
    // Subjects read "fleetwave(<app>): <what>" in `git log --oneline`.
    d.step->message.subject = "fleetwave(" + in.state.app + "): " + d.step->message.subject;
  }
  return d;
}

std::string input_digest(const std::string& app_tree, const std::string& clusters_tree,
                         const std::string& policies_tree) {
  auto part = [](const std::string& t) { return t.empty() ? std::string("-") : t; };
  return "app=" + part(app_tree) + " clusters=" + part(clusters_tree) + " policies=" + part(policies_tree);
}

std::vector<std::string> changed_inputs(const std::string& from, const std::string& to) {
  auto parts = [](const std::string& digest) {
    std::map<std::string, std::string> out;
    std::size_t start = 0;
    while (start < digest.size()) {
      std::size_t end = digest.find(' ', start);
      if (end == std::string::npos) end = digest.size();
      std::string item = digest.substr(start, end - start);
      std::size_t eq = item.find('=');
      if (eq != std::string::npos) out[item.substr(0, eq)] = item.substr(eq + 1);
      start = end + 1;
    }
    return out;
  };
  auto a = parts(from), b = parts(to);
  std::vector<std::string> changed;
  for (const char* key : {"app", "clusters", "policies"}) {
    if (a[key] != b[key]) changed.push_back(std::string(key) == "app" ? "app directory" : std::string(key) + "/");
  }
  return changed;
}

}  // namespace fleetwave
