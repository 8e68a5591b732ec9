// OpenSSH's ALLOWED SIGNERS format (ssh-keygen(1)), the file `git verify-commit` reads through
// gpg.ssh.allowedSignersFile and fleetwave reads through approvals.allowedSigners:
//
//   # comment
//   alice@example.com,alice namespaces="git" ssh-ed25519 AAAAC3Nza... optional comment
//   *@example.com cert-authority ssh-ed25519 AAAAC3Nza...
//
// principals (comma-separated patterns, optionally quoted), then options (cert-authority,
// namespaces="...", valid-after="...", valid-before="..."), then the key type and its base64
// blob. Parsed here only to say clearly what is wrong with a file (ssh-keygen just fails);
// verification itself hands the very text to ssh-keygen (ssh_signature_checker.h). Pure.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"

namespace fleetwave::signing {

struct AllowedSigner {
  std::vector<std::string> principals;
  std::vector<std::string> options;  // as written: "namespaces=\"git\"", "cert-authority"
  std::string key_type;              // "ssh-ed25519"
  std::string key;                   // base64 of the wire-format public key
  int line = 0;
};

struct AllowedSigners {
  std::string source;  // where it was read, for messages: "keys/allowed_signers at 1a2b3c4", a path
  std::string text;    // what ssh-keygen is given
  std::vector<AllowedSigner> signers;
};

// InvalidInput with `file` and the line as position for the first problem: "file:3: unknown key
// type \"ssh-foo\" (...)". A file without any signer is an error too: it would ignore every step.
[[nodiscard]] Result<AllowedSigners> parse_allowed_signers(const std::string& text, const std::string& file);

}  // namespace fleetwave::signing
