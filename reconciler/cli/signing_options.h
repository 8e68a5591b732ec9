// --signing-key FILE (every command that commits) and --allowed-signers FILE (reconcile, serve:
// approvals.allowedSigners), read and checked at start so a bad file is a usage error naming it,
// never a silent unsigned commit or a silently honoured step. docs/operations.md.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/signing/signature_checker.h"
#include "adapters/signing/ssh_signer.h"
#include "base/result.h"
#include "cli/flag_parser.h"
#include "reconcile/step_trust.h"

namespace fleetwave::cli {

FlagSpec signing_key_flag();
FlagSpec allowed_signers_flag();

// The signer of --signing-key (FLEETWAVE_SIGNING_KEY), nullptr when not given. InvalidInput
// naming the flag and the file: missing, unreadable, a public key, not a key, a passphrase.
// The key's text joins `secrets`.
Result<std::unique_ptr<signing::SshCommitSigner>> signer_from_flags(const ParsedArgs& args, const std::string& cwd,
                                                                    std::vector<std::string>& secrets);

// approvals.allowedSigners from --allowed-signers (nullopt when not given): an absolute path is
// read and parsed now ("--allowed-signers: /etc/fleetwave/allowed_signers:3: ..."); any other is
// a path in the repository, read at each cycle's head. Needs the reconciler's own `signer`: its
// signature is how fleetwave tells its own commits from forged ones. `fleetwave status` passes
// no signer (Reading::WithoutSigner): the reconciler's steps then bound the search by their
// actions only, which is enough to show what a reconcile would ignore.
enum class Reading { WithSigner, WithoutSigner };
Result<std::optional<TrustSettings>> trust_from_flags(const ParsedArgs& args, const std::string& cwd,
                                                      const signing::SshCommitSigner* signer,
                                                      const signing::SignatureChecker& checker,
                                                      Reading reading = Reading::WithSigner);
// The same as the StepTrust a Reconciler takes; nullptr without --allowed-signers.
Result<std::unique_ptr<StepTrust>> step_trust_from_flags(const ParsedArgs& args, const std::string& cwd,
                                                         const signing::SshCommitSigner* signer,
                                                         const signing::SignatureChecker& checker,
                                                         Reading reading = Reading::WithSigner);

}  // namespace fleetwave::cli
