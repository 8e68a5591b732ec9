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
  // The caller's options with branch, author, instance, the analysis adapters and the trust
  // filled in; the caller adds its hooks.
  ReconcilerOptions options;

  Workspace& ws() { return *workspace; }
};

// Reads and checks the shared settings and opens what they name, on top of `options` (what only
// the command has, e.g. serve's failover): Argo CD is required, a bad signing setting is a usage
// error (exit 2), an unreachable repository exit 3.
Result<std::unique_ptr<ReconcilerSetup>, CliFailure> open_reconciler(CommandContext& ctx,
                                                                     ReconcilerOptions options = {});

}  // namespace fleetwave::cli
