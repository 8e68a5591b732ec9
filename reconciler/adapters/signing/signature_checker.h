// SignatureChecker: the port that judges a commit's signature against an allowed-signers file,
// as `git verify-commit` does with gpg.ssh.allowedSignersFile. SshSignatureChecker is the
// production adapter; tests may substitute a fake.
#pragma once

#include <string>

#include "adapters/git/git_repository.h"
#include "adapters/signing/allowed_signers.h"
#include "base/result.h"

namespace fleetwave::signing {

struct SignatureVerdict {
  enum class Kind {
    Good,        // made with a key of the file, for the principal, in the "git" namespace
    UnknownKey,  // a valid signature by a key the file does not hold
    Bad,         // not a valid signature of this commit (tampered, wrong namespace, expired, not SSH)
    Unsigned,    // the commit carries no signature (never returned by check())
  };
  Kind kind = Kind::Bad;
  std::string principal;  // Good: who the file says the key is
  std::string key;        // the key's type and fingerprint when known: "ED25519 key SHA256:..."
  std::string detail;     // Bad: why
};

class SignatureChecker {
 public:
  virtual ~SignatureChecker() = default;
  // Internal only when the check could not run at all (ssh-keygen missing).
  [[nodiscard]] virtual Result<SignatureVerdict> check(const AllowedSigners& allowed,
                                                       const git::CommitSignature& signature) const = 0;
};

}  // namespace fleetwave::signing
