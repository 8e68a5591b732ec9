// CommitSigner: the port through which commits are signed. A commit is signed the way Git signs
// it: the signature covers the commit object as it would be written without a signature, and is
// stored in its "gpgsig" header (`git verify-commit` and `git log --show-signature` read it).
// The production signer runs ssh-keygen (adapters/signing/ssh_signer.h).
#pragma once

#include <string>

#include "base/result.h"

namespace fleetwave::git {

class CommitSigner {
 public:
  virtual ~CommitSigner() = default;
  // The ASCII-armored signature of `payload` (an unsigned commit object).
  [[nodiscard]] virtual Result<std::string> sign(const std::string& payload) const = 0;
};

}  // namespace fleetwave::git
