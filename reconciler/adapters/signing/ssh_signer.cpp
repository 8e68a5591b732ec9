#include "adapters/signing/ssh_signer.h"

#include "adapters/signing/ssh_keygen.h"
#include "base/text.h"

namespace fleetwave::signing {
namespace {

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// What the text is when it is no private key: the fix differs.
Status<> check_shape(const std::string& label, const std::string& text) {
  const std::string t = trim_space(text);
  if (t.empty()) return invalid_input(label + ": the file is empty; pass an SSH private key file");
  for (const char* type : {"ssh-", "ecdsa-", "sk-ssh-", "sk-ecdsa-"}) {
    if (starts_with(t, type)) {
      return invalid_input(label + ": is a public key; pass the private key file (the one without .pub)");
    }
  }
  if (!starts_with(t, "-----BEGIN ") || t.find("PRIVATE KEY-----") == std::string::npos) {
    return invalid_input(label +
                         ": is not an SSH private key (expected -----BEGIN OPENSSH PRIVATE KEY-----; make one with "
                         "ssh-keygen -t ed25519 -N '' -f FILE)");
  }
  return ok_status();
}

// ssh-keygen -y derives the public key, which proves the private key loads without a passphrase.
Result<std::string> derive_public_key(const std::string& label, const std::string& key) {
  FW_TRY(scratch, ScratchDir::create());
  FW_TRY(path, scratch.write("key", key));
  FW_TRY(run, run_ssh_keygen({"-y", "-P", "", "-f", path}, ""));
  if (run.exit_code == 0) return trim_space(run.out);
  const std::string reason = keygen_reason(run);
  if (reason.find("passphrase") != std::string::npos) {
    return invalid_input(label +
                         ": the key has a passphrase; fleetwave signs unattended, so use a key without "
                         "one (ssh-keygen -p -N '' -f FILE removes it)");
  }
  return invalid_input(label + ": ssh-keygen cannot load the key: " + reason);
}

}  // namespace

Result<std::unique_ptr<SshCommitSigner>> SshCommitSigner::load(const std::string& label, const std::string& key_text) {
  FW_CHECK(check_shape(label, key_text));
  std::string key = key_text;
  if (key.back() != '\n') key += '\n';  // ssh-keygen wants the armor's last line ended
  FW_TRY(public_key, derive_public_key(label, key));
  return std::unique_ptr<SshCommitSigner>(new SshCommitSigner(std::move(key), std::move(public_key)));
}

Result<std::string> SshCommitSigner::sign(const std::string& payload) const {
  FW_TRY(scratch, ScratchDir::create());
  FW_TRY(path, scratch.write("key", key_));
  FW_TRY(run, run_ssh_keygen({"-Y", "sign", "-n", "git", "-f", path}, payload));
  if (run.exit_code != 0 || run.out.find("-----BEGIN SSH SIGNATURE-----") == std::string::npos) {
    return internal_error("signing the commit with ssh-keygen failed: " + keygen_reason(run));
  }
  return run.out;
}

}  // namespace fleetwave::signing
