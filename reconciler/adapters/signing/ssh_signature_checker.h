// SshSignatureChecker: checks SSH commit signatures exactly as Git does (gpg.format=ssh), by
// running `ssh-keygen -Y find-principals`, then `-Y verify -n git` for the principal found, or
// `-Y check-novalidate` to name the key of a signature by someone not in the file (see
// ssh_keygen.h for why a child process).
//
// Thread-safety: stateless; check() may be called from any thread.
#pragma once

#include "adapters/signing/signature_checker.h"

namespace fleetwave::signing {

class SshSignatureChecker final : public SignatureChecker {
 public:
  Result<SignatureVerdict> check(const AllowedSigners& allowed, const git::CommitSignature& signature) const override;
};

}  // namespace fleetwave::signing
