#include "cli/config/reconciler_setup.h"

#include "cli/signing_options.h"
#include "net/redaction.h"

namespace fleetwave::cli {

Result<std::unique_ptr<ReconcilerSetup>, CliFailure> open_reconciler(CommandContext& ctx, ReconcilerOptions options) {
  auto setup = std::make_unique<ReconcilerSetup>();
  setup->options = std::move(options);
  FW_TRY(argocd, open_argocd(ctx, /*required=*/true));
  setup->argocd = std::move(argocd);
  // The analysis gates' adapters (metrics() is nullptr without --prometheus-url).
  FW_TRY(analysis, open_analysis(ctx));
  setup->analysis = std::move(analysis);
  FW_TRY(ws, Workspace::open(ctx));
  setup->workspace.emplace(std::move(ws));
  FW_TRY(author, author_of(ctx, Acting::Reconciler));
  auto trust = step_trust_from_flags(ctx.args, ctx.process.cwd, setup->ws().signer(), setup->checker);
  if (!trust.ok())
    return CliFailure{kExitUsage, invalid_input(trust.error().to_string() + " (see " + ctx.command + " --help)")};
  setup->trust = std::move(trust).value();
  ReconcilerOptions& o = setup->options;
  o.branch = setup->ws().branch();
  o.repo_url = redact_url(setup->ws().settings().url);
  o.author = author;
  o.instance = reconciler_instance(ctx);
  o.metrics = setup->analysis.metrics();
  o.web = setup->analysis.web_probe();
  o.trust = setup->trust.get();
  return setup;
}

}  // namespace fleetwave::cli
