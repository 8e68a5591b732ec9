// SshCommitSigner and SshSignatureChecker against the real ssh-keygen: a signature by a key of
// the allowed-signers file is good for its principal, one by another key names that key, a
// signature over other data or in another namespace is bad, and key checks at load.
#include "adapters/signing/ssh_signature_checker.h"

#include <gtest/gtest.h>

#include "adapters/signing/ssh_keygen.h"
#include "adapters/signing/ssh_signer.h"
#include "testkit/process/child_process.h"
#include "testkit/process/scratch_dir_fixture.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::signing {
namespace {

class SshSignatureTest : public testkit::ScratchDirTest {
 protected:
  void SetUp() override {
    set_up_dir("fw-sign");
    if (HasFatalFailure()) return;
    for (const char* name : {"alice", "eve"}) {
      testkit::ProcessSpec spec;
      spec.argv = {"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", *dir_ / name};
      auto r = testkit::run_command(spec);
      ASSERT_TRUE(r.ok() && r->exit_code == 0);
    }
    auto allowed = parse_allowed_signers(
        "alice@example.com namespaces=\"git\" " + testkit::read_text_file(*dir_ / "alice.pub"), "allowed_signers");
    ASSERT_TRUE(allowed.ok()) << allowed.error().to_string();
    allowed_ = std::move(allowed).value();
  }

  std::unique_ptr<SshCommitSigner> signer(const std::string& name) {
    auto s = SshCommitSigner::load("--signing-key " + name, testkit::read_text_file(*dir_ / name));
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().to_string());
    return s.ok() ? std::move(s).value() : nullptr;
  }

  AllowedSigners allowed_;
  SshSignatureChecker checker_;
};

TEST_F(SshSignatureTest, Verdicts) {
  const std::string payload = "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor A <a@x> 1 +0000\n\nmessage\n";
  auto alice = signer("alice");
  auto eve = signer("eve");
  ASSERT_TRUE(alice && eve);
  EXPECT_EQ(alice->public_key().rfind("ssh-ed25519 AAAA", 0), 0u) << alice->public_key();
  auto by_alice = alice->sign(payload);
  auto by_eve = eve->sign(payload);
  ASSERT_TRUE(by_alice.ok() && by_eve.ok());
  EXPECT_EQ(by_alice->rfind("-----BEGIN SSH SIGNATURE-----\n", 0), 0u) << *by_alice;
  // The same key over other data, in the "file" namespace: what a replayed signature looks like.
  auto other_namespace = run_ssh_keygen({"-Y", "sign", "-n", "file", "-f", *dir_ / "alice"}, payload);
  ASSERT_TRUE(other_namespace.ok());
  struct Case {
    std::string name;
    git::CommitSignature signature;
    SignatureVerdict::Kind kind;
    std::string principal;
    std::string detail_prefix;
  };
  const Case cases[] = {
      {"alice", {*by_alice, payload}, SignatureVerdict::Kind::Good, "alice@example.com", ""},
      {"eve", {*by_eve, payload}, SignatureVerdict::Kind::UnknownKey, "", ""},
      {"alice over other data",
       {*by_alice, payload + "tampered"},
       SignatureVerdict::Kind::Bad,
       "",
       "invalid signature for alice@example.com: "},
      {"alice in another namespace",
       {other_namespace->out, payload},
       SignatureVerdict::Kind::Bad,
       "",
       "invalid signature for alice@example.com: "},
      {"a PGP signature",
       {"-----BEGIN PGP SIGNATURE-----\nxx\n-----END PGP SIGNATURE-----\n", payload},
       SignatureVerdict::Kind::Bad,
       "",
       "signed with a PGP or X.509 signature, not an SSH one"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto v = checker_.check(allowed_, c.signature);
    ASSERT_TRUE(v.ok()) << v.error().to_string();
    EXPECT_EQ(v->kind, c.kind) << v->detail;
    EXPECT_EQ(v->principal, c.principal);
    EXPECT_EQ(v->detail.rfind(c.detail_prefix, 0), 0u) << v->detail;
    if (c.kind != SignatureVerdict::Kind::Bad) {
      EXPECT_EQ(v->key.rfind("ED25519 key SHA256:", 0), 0u) << v->key;
    }
  }
}

}  // namespace
}  // namespace fleetwave::signing
