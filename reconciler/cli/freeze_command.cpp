// fleetwave freeze [APP...] --reason T [--until TIME] and fleetwave unfreeze [APP...]: stop the
// line. One commit each to .fleetwave/freezes.yaml, authored by the person.
#include <set>

#include "base/timestamp.h"
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/manual_step.h"
#include "cli/signing_options.h"
#include "cli/workspace.h"
#include "reconcile/app_planner.h"
#include "rollout/duration.h"
#include "rollout/freezes.h"

namespace fleetwave::cli {
namespace {

// --until: an RFC 3339 time, or a duration from now ("2h").
Result<std::optional<std::int64_t>> parse_until(const std::string& text, std::int64_t now_ms) {
  if (text.empty()) return std::optional<std::int64_t>();
  if (auto at = parse_rfc3339(text)) return std::optional<std::int64_t>(*at);
  if (auto in = parse_duration_ms(text); in.ok()) return std::optional<std::int64_t>(now_ms + *in);
  return invalid_input("--until \"" + text +
                       "\" is neither an RFC 3339 time (2026-11-27T18:00:00Z) nor a duration (2h)");
}

// The apps named on the command line must exist at `head` (a typo must not freeze nothing).
Status<CliFailure> check_apps(Workspace& ws, const std::string& head, const std::vector<std::string>& apps) {
  if (apps.empty()) return Ok{};
  BlobCache blobs;
  auto all = find_apps(ws.repo(), blobs, head, "");
  if (!all.ok()) return std::move(all).error();
  std::set<std::string> known;
  for (const AppDefinition& a : *all) known.insert(a.name);
  for (const std::string& app : apps) {
    if (known.count(app)) continue;
    std::string names;
    for (const std::string& k : known) names += (names.empty() ? "" : ", ") + k;
    return CliFailure{kExitFailed, not_found("unknown app \"" + app + "\" at " + short_sha(head) +
                                             " (apps: " + (names.empty() ? "none" : names) + ")")};
  }
  return Ok{};
}

using FreezeEdit = std::function<Result<FreezeChange>(const std::vector<Freeze>& current)>;

int run_freeze_edit(CommandContext& ctx, const FreezeEdit& edit) {
  const std::vector<std::string> apps = ctx.args.positionals;
  return run_manual_change(ctx, [&](Workspace& ws, const std::string& head) -> Result<PreparedChange, CliFailure> {
    if (auto known = check_apps(ws, head, apps); !known.ok()) return known.error();
    BlobCache blobs;
    RepoSnapshot snapshot(ws.repo(), blobs, head);
    auto current = load_freezes(snapshot);
    if (!current.ok()) return CliFailure{kExitFailed, current.error()};
    auto change = edit(*current);
    if (!change.ok()) return CliFailure{kExitFailed, change.error()};
    return PreparedChange{change->message, "", {{freezes_path(), serialize_freezes(change->next), std::nullopt}}};
  });
}

int run_freeze(CommandContext& ctx) {
  const std::string reason = ctx.args.get("reason");
  if (reason.empty()) return ctx.usage("freeze needs --reason TEXT");
  const std::int64_t now = ctx.services.clock.now_ms();
  auto until = parse_until(ctx.args.get("until"), now);
  if (!until.ok()) return ctx.usage(until.error().message);
  auto author = author_of(ctx, Acting::Person);
  if (!author.ok()) return ctx.fail(author.error());
  const std::string by = author->name + " <" + author->email + ">";
  return run_freeze_edit(ctx, [&](const std::vector<Freeze>& current) {
    return freeze_change(current, ctx.args.positionals, reason, *until, by, now);
  });
}

int run_unfreeze(CommandContext& ctx) {
  const std::int64_t now = ctx.services.clock.now_ms();
  return run_freeze_edit(
      ctx, [&](const std::vector<Freeze>& current) { return unfreeze_change(current, ctx.args.positionals, now); });
}

}  // namespace

CommandSpec freeze_command() {
  return {"freeze",
          "stop every start and advance of some apps, or of all (one commit)",
          "fleetwave freeze [APP...] --reason TEXT [--until TIME] [flags]",
          "Writes a freeze into .fleetwave/freezes.yaml, in one commit authored by you: no release of the\n"
          "named apps (every app when none is named) starts or advances until `fleetwave unfreeze` or\n"
          "--until (an RFC 3339 time or a duration from now, e.g. 2h). Rollback and pause stay allowed;\n"
          "`fleetwave status` names the freeze. With --repo the commit is pushed; otherwise it is made in\n"
          "the current checkout.",
          manual_step_flags({{"reason", "TEXT", "why (recorded in the freeze and the commit; required)", false},
                             {"until", "TIME", "when the freeze ends by itself: RFC 3339 time or duration", false}}),
          &run_freeze};
}

CommandSpec unfreeze_command() {
  return {"unfreeze",
          "lift freezes (one commit)",
          "fleetwave unfreeze [APP...] [flags]",
          "Removes the named apps from the freezes in .fleetwave/freezes.yaml, or every freeze when no app\n"
          "is named (the only way to lift a freeze of every app), in one commit authored by you.",
          manual_step_flags(),
          &run_unfreeze};
}

}  // namespace fleetwave::cli
