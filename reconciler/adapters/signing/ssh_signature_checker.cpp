#include "adapters/signing/ssh_signature_checker.h"

#include "adapters/signing/ssh_keygen.h"
#include "base/text.h"

namespace fleetwave::signing {
namespace {

// "Good "git" signature for alice with ED25519 key SHA256:abc" -> "ED25519 key SHA256:abc".
std::string key_of(const std::string& out) {
  const std::size_t with = out.find(" with ");
  return with == std::string::npos ? "" : trim_space(out.substr(with + 6));
}

SignatureVerdict bad(std::string detail) {
  SignatureVerdict v;
  v.kind = SignatureVerdict::Kind::Bad;
  v.detail = std::move(detail);
  return v;
}

// A signature no principal of the file matches: a valid one by another key, or no valid one.
Result<SignatureVerdict> judge_unknown(const std::string& sig_path, const std::string& payload) {
  FW_TRY(run, run_ssh_keygen({"-Y", "check-novalidate", "-n", "git", "-s", sig_path}, payload));
  if (run.exit_code != 0) return bad("invalid signature: " + keygen_reason(run));
  SignatureVerdict v;
  v.kind = SignatureVerdict::Kind::UnknownKey;
  v.key = key_of(trim_space(run.out + run.err));
  return v;
}

}  // namespace

Result<SignatureVerdict> SshSignatureChecker::check(const AllowedSigners& allowed,
                                                    const git::CommitSignature& signature) const {
  if (signature.signature.find("-----BEGIN SSH SIGNATURE-----") == std::string::npos) {
    return bad("signed with a PGP or X.509 signature, not an SSH one");
  }
  FW_TRY(scratch, ScratchDir::create());
  FW_TRY(signers_path, scratch.write("allowed_signers", allowed.text));
  FW_TRY(sig_path, scratch.write("signature", signature.signature));
  FW_TRY(found, run_ssh_keygen({"-Y", "find-principals", "-s", sig_path, "-f", signers_path}, ""));
  const std::string principal = trim_space(found.out.substr(0, found.out.find('\n')));
  if (found.exit_code != 0 || principal.empty()) return judge_unknown(sig_path, signature.payload);
  FW_TRY(verified, run_ssh_keygen({"-Y", "verify", "-f", signers_path, "-I", principal, "-n", "git", "-s", sig_path},
                                  signature.payload));
  if (verified.exit_code != 0) return bad("invalid signature for " + principal + ": " + keygen_reason(verified));
  SignatureVerdict v;
  v.kind = SignatureVerdict::Kind::Good;
  v.principal = principal;
  v.key = key_of(trim_space(verified.out + verified.err));
  return v;
}

}  // namespace fleetwave::signing
