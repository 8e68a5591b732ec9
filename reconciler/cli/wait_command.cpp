// fleetwave wait APP --for Stable|WaitingApproval|Held|Paused [--release REV] --timeout D:
// blocks (a CI pipeline) until the app's rollout state in Git reaches the phase. Reads only the
// committed state, so what it waits for is what `git log` will show.
#include "base/duration_text.h"
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/workspace.h"
#include "reconcile/app_planner.h"
#include "rollout/commit_message.h"

namespace fleetwave::cli {
namespace {

inline constexpr int kExitTimeout = 124;  // as timeout(1)

struct Target {
  std::string phase;    // Stable, WaitingApproval, Held, Paused
  std::string release;  // a full or abbreviated commit id; "" for any
};

bool is_release(const std::string& revision, const std::string& wanted) {
  return wanted.empty() || (!revision.empty() && revision.rfind(wanted, 0) == 0);
}

// The app's state and the inputs at the branch head.
struct AppNow {
  RolloutState state;
  std::string head_inputs;
  bool release_started = false;  // a step of the app above the release commit names it
};

// Where the app stands, in the words of --for; "Progressing", or "Pending" while a change at
// the head waits for the reconciler to start it.
std::string phase_of(const AppNow& now) {
  const RolloutState& s = now.state;
  if (s.paused) return "Paused";
  const bool pending = now.head_inputs != s.stable_inputs && (!s.release || s.release->inputs != now.head_inputs);
  if (!s.release) return pending ? "Pending" : "Stable";
  return to_string(s.release->phase);
}

enum class Verdict { Reached, Lost, Waiting };

// Lost: the release waited for was rolled back or held (unless that is what was asked for).
Verdict judge(const AppNow& now, const Target& t, std::string& said) {
  const RolloutState& s = now.state;
  const std::string phase = phase_of(now);
  const std::string current = s.release ? s.release->revision : s.stable_revision;
  said = s.app + " is " + phase + (current.empty() ? "" : " at " + short_sha(current));
  if (t.phase == "Stable" && phase == "Stable" && is_release(s.stable_revision, t.release)) return Verdict::Reached;
  if (t.phase != "Stable" && phase == t.phase && (t.phase == "Paused" || is_release(current, t.release)))
    return Verdict::Reached;
  if (s.release && s.release->phase == ReleasePhase::Held && is_release(s.release->revision, t.release)) {
    said += " (" + s.release->reason + ")";
    return Verdict::Lost;
  }
  // Started once, and now neither in flight nor stable: rolled back or superseded for good.
  if (!t.release.empty() && now.release_started && !is_release(current, t.release) &&
      !is_release(s.stable_revision, t.release)) {
    said += " (release " + short_sha(t.release) + " was rolled back or superseded)";
    return Verdict::Lost;
  }
  return Verdict::Waiting;
}

// Whether a step of `app` between the head and `release` (first parents) names the release.
Result<bool> release_started(git::GitRepository& repo, const std::string& head, const std::string& app,
                             const std::string& release) {
  FW_TRY(oids, repo.first_parent_log(head, release, 0));
  for (const std::string& oid : oids) {
    FW_TRY(info, repo.commit_info(oid));
    const CommitMessage message{"", "", parse_trailers(info.message)};
    if (message.trailer("Fleetwave-App") == app && message.trailer("Fleetwave-Release") == release) return true;
  }
  return false;
}

Result<AppNow, CliFailure> read_state(Workspace& ws, const std::string& app_name, const std::string& release) {
  auto head = ws.head();
  if (!head.ok()) return head.error();
  BlobCache blobs;
  auto apps = find_apps(ws.repo(), blobs, *head, app_name);
  if (!apps.ok()) return std::move(apps).error();
  RepoSnapshot snapshot(ws.repo(), blobs, *head);
  auto state = load_state(snapshot, apps->front().name, apps->front().path);
  if (!state.ok()) return CliFailure{kExitFailed, state.error()};
  auto inputs = snapshot.input_digest(apps->front().path);
  if (!inputs.ok()) return CliFailure{kExitFailed, inputs.error()};
  AppNow now{std::move(state).value(), *inputs};
  if (!release.empty()) {
    auto started = release_started(ws.repo(), *head, apps->front().name, release);
    if (!started.ok()) return CliFailure{kExitFailed, started.error()};
    now.release_started = *started;
  }
  return now;
}

int run_wait(CommandContext& ctx) {
  auto app = single_app_argument(ctx);
  if (!app.ok()) return ctx.fail(app.error());
  Target target{ctx.args.has("for") ? ctx.args.get("for") : "", ctx.args.has("release") ? ctx.args.get("release") : ""};
  if (target.phase != "Stable" && target.phase != "WaitingApproval" && target.phase != "Held" &&
      target.phase != "Paused") {
    return ctx.usage("--for must be Stable, WaitingApproval, Held or Paused");
  }
  auto timeout = duration_flag(ctx.args, "timeout", 600'000);
  auto interval = duration_flag(ctx.args, "interval", 10'000);
  if (!timeout.ok()) return ctx.usage(timeout.error().message);
  if (!interval.ok()) return ctx.usage(interval.error().message);
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  if (!target.release.empty()) {  // a commit that does not exist would be waited for in vain
    auto head = ws->head();       // fetches the branch first
    if (!head.ok()) return ctx.fail(head.error());
    auto full = ws->repo().resolve(target.release);
    if (!full.ok()) return ctx.usage("--release " + target.release + ": no such commit in the repository");
    target.release = *full;
  }
  const std::int64_t deadline = ctx.services.clock.now_ms() + *timeout;
  std::string said;
  for (;;) {
    auto state = read_state(*ws, *app, target.release);
    if (!state.ok()) return ctx.fail(state.error());
    Verdict v = judge(*state, target, said);
    if (v != Verdict::Waiting) {
      ctx.out.line(said);
      return v == Verdict::Reached ? kExitOk : kExitFailed;
    }
    const std::int64_t left = deadline - ctx.services.clock.now_ms();
    if (left <= 0) break;
    ctx.services.sleeper.sleep_ms(std::min(*interval, left));
  }
  ctx.out.error("timed out after " + format_duration_ms(*timeout) + " waiting for " + target.phase + ": " + said);
  return kExitTimeout;
}

}  // namespace

CommandSpec wait_command() {
  return {"wait",
          "wait until an app's rollout is Stable, WaitingApproval, Held or Paused",
          "fleetwave wait APP --for Stable|WaitingApproval|Held|Paused [--release REV] [--timeout D] [flags]",
          "Reads the app's rollout state at the branch head every --interval (default 10s) until it\n"
          "reaches the phase: Stable (no release in flight or waiting to start; with --release, that\n"
          "release is the stable one), WaitingApproval, Held or Paused (with --release, of that release).\n"
          "Prints where the app stands. Exit 0 when reached; 1 when the release was held, rolled back or\n"
          "superseded instead; 2 when --release names no commit; 124 when --timeout (default 10m)\n"
          "passes first; 3 when Git could not be read.",
          flags_of({{{"for", "PHASE", "Stable, WaitingApproval, Held or Paused", false},
                     {"release", "REV", "the release (a commit id, full or abbreviated) to wait for", false},
                     {"timeout", "D", "give up after this long (default 10m): exit 124", false},
                     {"interval", "D", "time between reads of the branch (default 10s)", false}},
                    repository_flags()}),
          &run_wait};
}

}  // namespace fleetwave::cli
