// fleetwave status [APP]: per app its phase, pins, waves with their gates, each cluster's pin
// and (with --argocd-url) Argo CD's verdict, and why nothing moves. Computed by planning every
// app at the head exactly as a reconcile would, without committing anything.
#include "adapters/signing/ssh_signature_checker.h"
#include "base/duration_text.h"
#include "base/timestamp.h"
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/signing_options.h"
#include "cli/structured_output.h"
#include "cli/workspace.h"
#include "reconcile/views/status_builder.h"
#include "reconcile/views/status_text.h"

namespace fleetwave::cli {
namespace {

// In a checkout: a branch behind its upstream shows an old state, one ahead holds steps nobody
// has pushed (git status' numbers, from the last fetch).
std::vector<std::string> upstream_warnings(Workspace& ws) {
  if (ws.local_repo() == nullptr) return {};
  auto distance = ws.local_repo()->upstream_distance(ws.branch());
  if (!distance.ok() || !*distance) return {};
  const git::UpstreamDistance& d = **distance;
  const std::string branch = "branch " + d.branch;
  std::vector<std::string> out;
  if (d.behind > 0) {
    out.push_back(branch + " is " + std::to_string(d.behind) + " commit(s) behind " + d.upstream +
                  " (as of your last fetch): this status is of an older state; run git pull, or pass --repo URL");
  }
  if (d.ahead > 0) {
    out.push_back(branch + " is " + std::to_string(d.ahead) + " commit(s) ahead of " + d.upstream +
                  ": the reconciler does not see them until they are pushed; push them, or open a pull request");
  }
  return out;
}

// One status document of the head, with the checkout's upstream warnings.
Result<Json, CliFailure> status_document_now(CommandContext& ctx, ArgoCdClient& argocd, bool configured,
                                             AnalysisClients& analysis, const std::string& only) {
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ws.error();
  auto head = ws->head();
  if (!head.ok()) return head.error();
  StatusBuilder status(ws->repo(), argocd, ctx.services.clock, analysis.metrics());
  auto apps = find_apps(ws->repo(), status.blobs(), *head, only);
  if (!apps.ok()) return apps.error();
  signing::SshSignatureChecker checker;  // --allowed-signers: what a reconcile would ignore
  auto trust = step_trust_from_flags(ctx.args, ctx.process.cwd, nullptr, checker, Reading::WithoutSigner);
  if (!trust.ok())
    return CliFailure{kExitUsage, invalid_input(trust.error().to_string() + " (see " + ctx.command + " --help)")};
  StatusRequest request{ws->branch_label(), *head, configured, /*observe_every_app=*/true, nullptr, trust->get()};
  request.approval_rules.signed_only = trust->get() != nullptr;
  auto doc = status.status_of(request, *apps);
  if (!doc.ok()) return CliFailure{kExitFailed, doc.error()};
  (*doc)["warnings"] = upstream_warnings(*ws);
  return std::move(doc).value();
}

// `now_ms`: ages in the text (none in a report appended only when it changed).
std::string render(const Json& doc, const std::string& output, bool colour, std::optional<std::int64_t> now_ms) {
  return is_structured(output) ? write_structured(doc, output) : format_status_text(doc, colour, now_ms);
}

// --watch -o json|yaml: a stream, one document each time the status changed (JSON Lines, or YAML
// documents after "---"), with "observedAt"; a failed read is {"observedAt": ..., "error": ...}.
// Never redrawn.
std::string stream_document(const Result<Json, CliFailure>& doc, const std::string& when, const std::string& output) {
  Json line = doc.ok() ? *doc : Json{{"error", doc.error().error.to_string()}};
  line["observedAt"] = when;
  return write_stream_document(line, output);
}

// --watch: on a terminal the screen is redrawn each --interval; otherwise (a log, a pipe) a
// report is appended only when it changed, under a time line. A failed read is shown and
// retried: a watch outlives a Git or Argo CD hiccup. Runs until interrupted.
int watch(CommandContext& ctx, ArgoCdClient& argocd, bool configured, AnalysisClients& analysis,
          const std::string& only, const std::string& output, std::int64_t interval_ms) {
  std::string last;
  for (;;) {
    auto doc = status_document_now(ctx, argocd, configured, analysis, only);
    if (!doc.ok() && doc.error().exit_code == kExitUsage) return ctx.fail(doc.error());
    const auto now = ctx.process.stdout_terminal ? std::optional(ctx.services.clock.now_ms()) : std::nullopt;
    std::string report =
        doc.ok() ? render(*doc, output, ctx.process.colour, now) : "error: " + doc.error().error.to_string() + "\n";
    const std::string when = format_rfc3339(ctx.services.clock.now_ms());
    if (is_structured(output)) {
      if (report != last) ctx.out.write(stream_document(doc, when, output));
    } else if (ctx.process.stdout_terminal) {
      ctx.out.write("\033[H\033[2J" + when + "  every " + format_duration_ms(interval_ms) + "; Ctrl-C stops\n\n" +
                    report);
    } else if (report != last) {
      ctx.out.write("--- " + when + "\n" + report);
    }
    ctx.out.flush();
    last = std::move(report);
    ctx.services.sleeper.sleep_ms(interval_ms);
  }
}

int run_status(CommandContext& ctx) {
  if (ctx.args.positionals.size() > 1) return ctx.usage("expected at most one APP argument");
  const std::string only = ctx.args.positionals.empty() ? "" : ctx.args.positionals[0];
  auto format = output_format(ctx.args, {"text", "json", "yaml"});
  if (!format.ok()) return ctx.usage(format.error().message);
  auto interval = duration_flag(ctx.args, "interval", 5'000);
  if (!interval.ok()) return ctx.usage(interval.error().message);
  if (ctx.args.has("interval") && !ctx.args.has("watch")) return ctx.usage("--interval is for --watch");
  bool configured = false;
  auto argocd = open_argocd(ctx, /*required=*/false, &configured);
  if (!argocd.ok()) return ctx.fail(argocd.error());
  // The analysis gates' adapters (metrics() is nullptr without --prometheus-url).
  auto analysis = open_analysis(ctx);
  if (!analysis.ok()) return ctx.fail(analysis.error());
  if (ctx.args.has("watch")) return watch(ctx, **argocd, configured, *analysis, only, *format, *interval);
  auto doc = status_document_now(ctx, **argocd, configured, *analysis, only);
  if (!doc.ok()) return ctx.fail(doc.error());
  ctx.out.write(render(*doc, *format, ctx.process.colour, ctx.services.clock.now_ms()));
  return kExitOk;
}

}  // namespace

CommandSpec status_command() {
  return {"status",
          "show each app's release, waves, gates, clusters and why it is blocked",
          "fleetwave status [APP] [--output text|json|yaml] [--watch [--interval D]] [flags]",
          "Plans every app (or APP) at the branch head as a reconcile would, without committing, and\n"
          "shows its phase, stable and in-flight releases, each wave with its gates (maxConcurrency,\n"
          "maxFailures, minSuccessTime, progressDeadline, approval), each cluster's pin and, with\n"
          "--argocd-url, Argo CD's verdict on it; then the next step a reconcile would take, or why\n"
          "nothing can move. --output json (or yaml) prints the documented status document (sorted\n"
          "keys), the same one the API serves. Without --repo it reads the checkout's committed HEAD, not\n"
          "uncommitted edits, and warns when the checkout's branch is behind or ahead of its upstream.\n"
          "--watch redraws it every --interval (on a terminal; plain appended reports otherwise; with\n"
          "-o json, one JSON document per line each time it changed, with observedAt; -o yaml, one\n"
          "YAML document after \"---\" each time) until\n"
          "interrupted. With --allowed-signers it shows the steps a reconcile would ignore (\"ignored:\")\n"
          "and the reject it would commit. Exit 0 whenever the status could be computed (app errors\n"
          "are part of it).",
          flags_of({{output_flag("text (default), json or yaml"),
                     {"watch", "", "keep showing the status, redrawn every --interval", false},
                     {"interval", "D", "time between redraws with --watch (default 5s)", false}},
                    repository_flags(),
                    argocd_flags(),
                    prometheus_flags(),
                    {allowed_signers_flag()}}),
          &run_status};
}

}  // namespace fleetwave::cli
