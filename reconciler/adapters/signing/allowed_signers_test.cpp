#include "adapters/signing/allowed_signers.h"

#include <gtest/gtest.h>

namespace fleetwave::signing {
namespace {

// Real public keys (ssh-keygen -t ed25519 / -t ecdsa); only their shape matters here.
const std::string kEd25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILkVbSC+b24T9Nlrrs/jTA2qWZziOfjz+HW94/ETxB3W";
const std::string kEcdsaBlob =
    "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBALHRahQP3fRkwQRUziWXqEXVnsfi0YinZD5yt8EC59PFBUl"
    "hsis+yb9Hhj1nN7T44gDf9lAy9lRtszom8sMcPQ=";

TEST(AllowedSignersTest, ParsesWhatSshKeygenAccepts) {
  struct Case {
    const char* name;
    std::string text;
    std::vector<std::vector<std::string>> principals;
    std::vector<std::vector<std::string>> options;
  };
  const Case cases[] = {
      {"one signer", "alice@example.com " + kEd25519 + "\n", {{"alice@example.com"}}, {{}}},
      {"comments, blank lines, a key comment",
       "# people who approve\n\n  alice@example.com " + kEd25519 + " alice@laptop\n",
       {{"alice@example.com"}},
       {{}}},
      {"principals and options",
       "alice@example.com,\"al ice\" namespaces=\"git,file\",valid-after=\"20270101\" " + kEd25519 + "\n",
       {{"alice@example.com", "al ice"}},
       {{"namespaces=\"git,file\"", "valid-after=\"20270101\""}}},
      {"a certificate authority",
       "*@example.com cert-authority " + kEd25519 + "\n",
       {{"*@example.com"}},
       {{"cert-authority"}}},
      {"two signers, crlf",
       "alice " + kEd25519 + "\r\nbob ecdsa-sha2-nistp256 " + kEcdsaBlob + "\r\n",
       {{"alice"}, {"bob"}},
       {{}, {}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto parsed = parse_allowed_signers(c.text, "allowed_signers");
    ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
    EXPECT_EQ(parsed->text, c.text);
    ASSERT_EQ(parsed->signers.size(), c.principals.size());
    for (std::size_t i = 0; i < c.principals.size(); ++i) {
      EXPECT_EQ(parsed->signers[i].principals, c.principals[i]);
      EXPECT_EQ(parsed->signers[i].options, c.options[i]);
    }
  }
}

TEST(AllowedSignersTest, ErrorsNameTheFileAndLine) {
  struct Case {
    const char* name;
    std::string text;
    std::string error;
  };
  const Case cases[] = {
      {"no key", "# ok\nalice\n", "keys:2: missing key: expected PRINCIPALS [OPTIONS] KEYTYPE BASE64KEY"},
      {"unknown key type", "alice ssh-foo AAAA\n",
       "keys:1: unknown key type \"ssh-foo\" (expected ssh-ed25519, ecdsa-sha2-nistp256, ecdsa-sha2-nistp384, "
       "ecdsa-sha2-nistp521, sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com, ssh-rsa, ssh-dss)"},
      {"unknown key type after options", "alice namespaces=\"git\" rsa AAAA\n",
       "keys:1: unknown key type \"rsa\" (expected ssh-ed25519, ecdsa-sha2-nistp256, ecdsa-sha2-nistp384, "
       "ecdsa-sha2-nistp521, sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com, ssh-rsa, ssh-dss)"},
      {"unknown option", "alice principals=\"x\" " + kEd25519 + "\n",
       "keys:1: unknown option \"principals\" (valid: cert-authority, namespaces=\"...\", valid-after=\"...\", "
       "valid-before=\"...\")"},
      {"option without value", "alice namespaces " + kEd25519 + "\n",
       "keys:1: option namespaces needs a value: namespaces=\"...\""},
      {"missing base64", "alice ssh-ed25519\n", "keys:1: missing the base64 key after ssh-ed25519"},
      {"bad base64", "alice ssh-ed25519 !!!!\n", "keys:1: the key after ssh-ed25519 is not valid base64"},
      {"type mismatch", "alice ssh-ed25519 " + kEcdsaBlob + "\n",
       "keys:1: the key after ssh-ed25519 is a ecdsa-sha2-nistp256 key"},
      {"unterminated quote", "\"alice " + kEd25519 + "\n",
       "keys:1: unterminated quote in \"\"alice " + kEd25519 + "\""},
      {"empty principal", "alice,,bob " + kEd25519 + "\n", "keys:1: empty principal in \"alice,,bob\""},
      {"no signer at all", "# nobody yet\n",
       "keys: no signer in the file: every signed step would be ignored; add a line PRINCIPAL "
       "namespaces=\"git\" KEYTYPE KEY per person"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto parsed = parse_allowed_signers(c.text, "keys");
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(parsed.error().to_string(), c.error);
  }
}

}  // namespace
}  // namespace fleetwave::signing
