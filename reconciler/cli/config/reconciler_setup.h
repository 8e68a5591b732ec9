// What `fleetwave reconcile` and `fleetwave serve` both build before their first cycle, read once
// from the merged settings (config file < FLEETWAVE_<FLAG> < flags): the Argo CD client, the
// analysis adapters, the repository, the author and this instance's name, and which signatures
// count. One place, so the two commands cannot drift apart; each adds only what is its own.
#pragma once

#include <memory>
#include <optional>

#include "adapters/signing/ssh_signature_checker.h"
#include "cli/command_context.h"
#include "cli/workspace.h"
#include "reconcile/reconciler.h"
#include "reconcile/step_trust.h"

namespace fleetwave::cli {

struct ReconcilerSetup {
  std::unique_ptr<ArgoCdClient> argocd;
  AnalysisClients analysis;
  std::optional<Workspace> workspace;
  signing::SshSignatureChecker checker;  // the trust below points to it
  std::unique_ptr<StepTrust> trust;      // nullptr without --allowed-signers
  // branch, author, instance, the analysis adapters and the trust, filled in; the caller adds
  // hooks and what only it has (serve: failover).
  ReconcilerOptions options;

  Workspace& ws() { return *workspace; }
};

// Reads and checks the shared settings and opens what they name: Argo CD is required, a bad
// signing setting is a usage error (exit 2), an unreachable repository exit 3.
Result<std::unique_ptr<ReconcilerSetup>, CliFailure> open_reconciler(CommandContext& ctx);

}  // namespace fleetwave::cli
