// fleetwave history APP: who did what to an app's rollout, and on what evidence, read from the
// Fleetwave-* trailers of the branch's commits (reconcile/views/step_history.h).
#include <cstdlib>

#include "cli/commands.h"
#include "cli/structured_output.h"
#include "cli/workspace.h"
#include "reconcile/views/step_history.h"

namespace fleetwave::cli {
namespace {

int run_history(CommandContext& ctx) {
  if (ctx.args.positionals.size() != 1) return ctx.usage("expected one APP argument");
  const std::string app = ctx.args.positionals[0];
  auto format = output_format(ctx.args, {"text", "json", "yaml"});
  if (!format.ok()) return ctx.usage(format.error().message);
  const std::string output = *format;
  std::size_t limit = 0;
  if (ctx.args.has("limit")) {
    const std::string text = ctx.args.get("limit");
    char* end = nullptr;
    const unsigned long n = std::strtoul(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || text[0] == '-')
      return ctx.usage("--limit \"" + text + "\": expected a number of steps (0 for all)");
    limit = n;
  }
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  auto head = ws->head();
  if (!head.ok()) return ctx.fail(head.error());
  auto entries = step_history(ws->repo(), *head, app, limit, /*scan=*/0);
  if (!entries.ok()) return ctx.fail(kExitUnavailable, entries.error());
  const Json doc = history_document(app, ws->branch_label(), *head, *entries);
  if (is_structured(output)) ctx.out.write(write_structured(doc, output));
  else ctx.out.write(format_history_text(doc, ctx.services.clock.now_ms()));
  return kExitOk;
}

}  // namespace

CommandSpec history_command() {
  return {"history",
          "show who took each step of an app's rollout, when, and on what evidence",
          "fleetwave history APP [--output text|json|yaml] [--limit N] [flags]",
          "Reads the app's steps from the Fleetwave-* trailers of the branch's commits, newest first:\n"
          "time, commit, action, release, wave, who acted (Fleetwave-Actor: a person's --author or\n"
          "git identity, a pull-request reviewer, or the reconciler instance) and the evidence. A\n"
          "merged approval branch shows the person who merged it; a `git revert` of a step shows as\n"
          "revert. Exit 0 when the history could be read (an app with no steps prints that).",
          flags_of({{output_flag("text (default), json or yaml"),
                     {"limit", "N", "show at most N steps (default all)", false}},
                    repository_flags()}),
          &run_history};
}

}  // namespace fleetwave::cli
