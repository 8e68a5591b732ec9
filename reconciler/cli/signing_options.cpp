#include "cli/signing_options.h"

#include "cli/common_options.h"

namespace fleetwave::cli {

FlagSpec signing_key_flag() {
  return {"signing-key", "FILE", "SSH private key (no passphrase) to sign the commits with, as git commit -S does",
          true,          0,      "signingKeyFile"};
}

FlagSpec allowed_signers_flag() {
  return {"allowed-signers",
          "FILE",
          "allowed-signers file (a repository path, or an absolute mounted one): approve, resume, promote, "
          "release-hold and unfreeze count only when signed by a key in it",
          true,
          0,
          "approvals.allowedSigners"};
}

Result<std::unique_ptr<signing::SshCommitSigner>> signer_from_flags(const ParsedArgs& args, const std::string& cwd,
                                                                    std::vector<std::string>& secrets) {
  if (!args.has("signing-key")) return std::unique_ptr<signing::SshCommitSigner>();
  const std::string path = args.get("signing-key");
  const std::string label = flag_label(args, "signing-key");
  auto text = read_secret_file(label, path, cwd);
  if (!text.ok()) {
    return invalid_input(label + ": cannot read " + path + ": " + why_unreadable(absolute_path(path, cwd)) +
                         "; pass an SSH private key file (ssh-keygen -t ed25519 -N '' -f FILE makes one)");
  }
  secrets.push_back(*text);
  return signing::SshCommitSigner::load(label + " " + path, *text);
}

Result<std::optional<TrustSettings>> trust_from_flags(const ParsedArgs& args, const std::string& cwd,
                                                      const signing::SshCommitSigner* signer,
                                                      const signing::SignatureChecker& checker, Reading reading) {
  if (!args.has("allowed-signers")) return std::optional<TrustSettings>();
  const std::string label = flag_label(args, "allowed-signers");
  if (signer == nullptr && reading == Reading::WithSigner) {
    return invalid_input(label +
                         " needs --signing-key: fleetwave tells its own commits from forged ones by its "
                         "signature");
  }
  TrustSettings t;
  t.allowed_signers = args.get("allowed-signers");
  t.checker = &checker;
  if (signer != nullptr) {
    FW_TRY(own, signing::parse_allowed_signers("fleetwave-reconciler namespaces=\"git\" " + signer->public_key() + "\n",
                                               "the --signing-key public key"));
    t.own = std::move(own);
  }
  if (t.allowed_signers.empty() || t.allowed_signers[0] != '/') return std::optional<TrustSettings>(std::move(t));
  auto text = read_secret_file(label, t.allowed_signers, cwd);
  if (!text.ok()) {
    return invalid_input(label + ": cannot read " + t.allowed_signers + ": " + why_unreadable(t.allowed_signers));
  }
  auto parsed = signing::parse_allowed_signers(*text, t.allowed_signers);
  if (!parsed.ok()) return invalid_input(label + ": " + parsed.error().to_string());
  t.mounted = std::move(parsed).value();
  return std::optional<TrustSettings>(std::move(t));
}

Result<std::unique_ptr<StepTrust>> step_trust_from_flags(const ParsedArgs& args, const std::string& cwd,
                                                         const signing::SshCommitSigner* signer,
                                                         const signing::SignatureChecker& checker, Reading reading) {
  FW_TRY(settings, trust_from_flags(args, cwd, signer, checker, reading));
  if (!settings) return std::unique_ptr<StepTrust>();
  return std::make_unique<StepTrust>(std::move(*settings));
}

}  // namespace fleetwave::cli
