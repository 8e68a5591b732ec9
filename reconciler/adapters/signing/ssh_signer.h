// SshCommitSigner: signs commits with an SSH private key in Git's SSH signature format, by
// running `ssh-keygen -Y sign -n git` as `git commit -S` does with gpg.format=ssh (see
// ssh_keygen.h for why a child process).
//
// The key's text is held in memory and written to a private scratch file for each signature:
// ssh-keygen refuses key files others may read, and a Kubernetes Secret is mounted 0644 by
// default. It is never logged or put into a message.
//
// Thread-safety: immutable after load(); sign() may be called from any thread.
#pragma once

#include <memory>
#include <string>

#include "adapters/git/commit_signer.h"
#include "base/result.h"

namespace fleetwave::signing {

class SshCommitSigner final : public git::CommitSigner {
 public:
  // Checks that `key_text` is an SSH private key without a passphrase. Errors are InvalidInput
  // and start with `label` (e.g. "--signing-key keys/fleetwave"): a public key, not a key at all,
  // a key with a passphrase.
  [[nodiscard]] static Result<std::unique_ptr<SshCommitSigner>> load(const std::string& label,
                                                                     const std::string& key_text);

  Result<std::string> sign(const std::string& payload) const override;

  // The public half, "ssh-ed25519 AAAA... comment", for allowed-signers files and logs.
  const std::string& public_key() const { return public_key_; }

 private:
  SshCommitSigner(std::string key, std::string public_key) : key_(std::move(key)), public_key_(std::move(public_key)) {}
  std::string key_;
  std::string public_key_;
};

}  // namespace fleetwave::signing
