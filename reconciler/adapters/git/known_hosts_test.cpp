#include "adapters/git/known_hosts.h"

#include <gtest/gtest.h>

#include "adapters/git/digest.h"

namespace fleetwave::git {
namespace {

// A wire-format key blob: string type, string key (enough for matching; not a real key).
std::string blob(const std::string& type, const std::string& key) {
  auto str = [](const std::string& s) {
    std::string out(4, '\0');
    out[3] = static_cast<char>(s.size());
    return out + s;
  };
  return str(type) + str(key);
}

const std::string kKeyA = blob("ssh-ed25519", std::string(32, 'A'));
const std::string kKeyB = blob("ssh-ed25519", std::string(32, 'B'));
const std::string kRsa = blob("ssh-rsa", std::string(64, 'R'));

std::string line(const std::string& hosts, const std::string& key) {
  return hosts + " " + key_type_of(key) + " " + base64_encode(key) + " comment\n";
}

// |1|salt|HMAC-SHA1(salt, name), as `ssh-keygen -H` writes it.
std::string hashed(const std::string& name, const std::string& salt) {
  Sha1Digest mac = hmac_sha1(salt, name);
  return "|1|" + base64_encode(salt) + "|" + base64_encode(std::string(mac.begin(), mac.end()));
}

TEST(KnownHostsTest, Verdicts) {
  struct Case {
    const char* name;
    std::string known_hosts;
    std::string host;
    int port;
    std::string key;
    HostKeyVerdict want;
  } cases[] = {
      {"plain match", line("github.com", kKeyA), "github.com", 22, kKeyA, HostKeyVerdict::Match},
      {"host is case-insensitive", line("GitHub.com", kKeyA), "github.COM", 22, kKeyA, HostKeyVerdict::Match},
      {"list of names", line("gitlab.com,github.com,1.2.3.4", kKeyA), "github.com", 22, kKeyA, HostKeyVerdict::Match},
      {"non-default port", line("[127.0.0.1]:2222", kKeyA), "127.0.0.1", 2222, kKeyA, HostKeyVerdict::Match},
      {"port must match", line("[127.0.0.1]:2222", kKeyA), "127.0.0.1", 2223, kKeyA, HostKeyVerdict::Unknown},
      {"plain name is port 22 only", line("127.0.0.1", kKeyA), "127.0.0.1", 2222, kKeyA, HostKeyVerdict::Unknown},
      {"wildcard", line("*.example.com", kKeyA), "git.example.com", 22, kKeyA, HostKeyVerdict::Match},
      {"question mark", line("git?.example.com", kKeyA), "git1.example.com", 22, kKeyA, HostKeyVerdict::Match},
      {"negation wins", line("*.example.com,!evil.example.com", kKeyA), "evil.example.com", 22, kKeyA,
       HostKeyVerdict::Unknown},
      {"hashed", line(hashed("github.com", "0123456789abcdefghij"), kKeyA), "github.com", 22, kKeyA,
       HostKeyVerdict::Match},
      {"hashed with port", line(hashed("[10.0.0.1]:2022", "saltsaltsaltsaltsalt"), kKeyA), "10.0.0.1", 2022, kKeyA,
       HostKeyVerdict::Match},
      {"hashed other host", line(hashed("gitlab.com", "0123456789abcdefghij"), kKeyA), "github.com", 22, kKeyA,
       HostKeyVerdict::Unknown},
      {"mismatch", line("github.com", kKeyB), "github.com", 22, kKeyA, HostKeyVerdict::Mismatch},
      {"second line matches", line("github.com", kKeyB) + line("github.com", kKeyA), "github.com", 22, kKeyA,
       HostKeyVerdict::Match},
      {"other key type only", line("github.com", kRsa), "github.com", 22, kKeyA, HostKeyVerdict::UnknownKeyType},
      {"revoked", line("github.com", kKeyA) + "@revoked " + line("*", kKeyA), "github.com", 22, kKeyA,
       HostKeyVerdict::Revoked},
      {"cert authority ignored", "@cert-authority " + line("github.com", kKeyA), "github.com", 22, kKeyA,
       HostKeyVerdict::Unknown},
      {"comments and blanks", "# comment\n\n   \n" + line("github.com", kKeyA), "github.com", 22, kKeyA,
       HostKeyVerdict::Match},
      {"garbage lines", "garbage\nhost ssh-ed25519 !!!notbase64\n" + line("github.com", kKeyA), "github.com", 22, kKeyA,
       HostKeyVerdict::Match},
      {"empty", "", "github.com", 22, kKeyA, HostKeyVerdict::Unknown},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(to_string(check_known_hosts(c.known_hosts, c.host, c.port, c.key)), std::string(to_string(c.want)));
  }
}

TEST(KnownHostsTest, Base64RoundTrip) {
  struct Case {
    std::string raw;
    std::string encoded;
  } cases[] = {{"", ""},
               {"f", "Zg=="},
               {"fo", "Zm8="},
               {"foo", "Zm9v"},
               {"foob", "Zm9vYg=="},
               {"fooba", "Zm9vYmE="},
               {"foobar", "Zm9vYmFy"},
               {std::string("\xff\x00\x80", 3), "/wCA"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.encoded);
    EXPECT_EQ(base64_encode(c.raw), c.encoded);
    EXPECT_EQ(base64_decode(c.encoded), std::optional<std::string>(c.raw));
  }
  EXPECT_EQ(base64_encode("fo", false), "Zm8");
  EXPECT_EQ(base64_decode("Z"), std::nullopt);
  EXPECT_EQ(base64_decode("Zm9v!"), std::nullopt);
}

TEST(KnownHostsTest, KeyTypeOfBlob) {
  EXPECT_EQ(key_type_of(kKeyA), "ssh-ed25519");
  EXPECT_EQ(key_type_of("xx"), "");
  EXPECT_EQ(key_type_of(std::string("\0\0\0\x40ssh", 7)), "");
}

TEST(Sha1Test, KnownVectors) {
  struct Case {
    const char* name;
    std::string digest;
    const char* want;
  } cases[] = {
      {"sha1 empty", to_hex(sha1("")), "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
      {"sha1 abc", to_hex(sha1("abc")), "a9993e364706816aba3e25717850c26c9cd0d89d"},
      {"sha1 two blocks", to_hex(sha1("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
       "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
      {"sha1 million a", to_hex(sha1(std::string(1000000, 'a'))), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
      {"rfc2202 case 1", to_hex(hmac_sha1(std::string(20, '\x0b'), "Hi There")),
       "b617318655057264e28bc0b6fb378c8ef146be00"},
      {"rfc2202 case 2", to_hex(hmac_sha1("Jefe", "what do ya want for nothing?")),
       "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
      {"rfc2202 long key",
       to_hex(hmac_sha1(std::string(80, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First")),
       "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(c.digest, c.want);
  }
}

}  // namespace
}  // namespace fleetwave::git
