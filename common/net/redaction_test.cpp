#include "net/redaction.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct RedactCase {
  const char* name;
  const char* input;
  const char* want;
};

TEST(RedactionTest, RedactsUrls) {
  const RedactCase cases[] = {
      {"no credentials", "https://github.com/org/repo.git", "https://github.com/org/repo.git"},
      {"https user and password", "https://alice:s3cret@host/r.git", "https://***@host/r.git"},
      {"https token as user", "https://ghp_abcdef123@github.com/o/r", "https://***@github.com/o/r"},
      {"http with port", "http://u:p@127.0.0.1:8080/git/r.git", "http://***@127.0.0.1:8080/git/r.git"},
      {"ssh user kept", "ssh://git@host:2222/r.git", "ssh://git@host:2222/r.git"},
      {"ssh password redacted", "ssh://git:pw@host/r.git", "ssh://git:***@host/r.git"},
      {"scp-like untouched", "git@github.com:org/repo.git", "git@github.com:org/repo.git"},
      {"access_token param", "https://host/r?access_token=abc&x=1", "https://host/r?access_token=***&x=1"},
      {"several params", "https://host/r?a=1&token=t&private_token=p#frag",
       "https://host/r?a=1&token=***&private_token=***#frag"},
      {"param name case", "https://host/r?Access_Token=abc", "https://host/r?Access_Token=***"},
      {"authority only", "https://u:p@host", "https://***@host"},
      {"query without path", "https://host?token=x", "https://host?token=***"},
      {"at sign in password", "https://u:p@ss@host/r", "https://***@host/r"},
      {"not a url", "just some text", "just some text"},
      {"file url", "file:///srv/repo.git", "file:///srv/repo.git"},
  };
  for (const RedactCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(redact_url(c.input), c.want);
  }
}

TEST(RedactionTest, RedactsText) {
  const RedactCase cases[] = {
      {"url inside message", "failed to fetch https://a:b@h/r: 401", "failed to fetch https://***@h/r: 401"},
      {"quoted url", "remote 'https://a:b@h/r' not found", "remote 'https://***@h/r' not found"},
      {"two urls", "x https://a:b@h/1 y http://c:d@h/2", "x https://***@h/1 y http://***@h/2"},
      {"bare separator", "weird :// text", "weird :// text"},
      {"secret value", "auth with hunter22 failed", "auth with *** failed"},
      {"short secret ignored", "abc abc", "abc abc"},
  };
  for (const RedactCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(redact_text(c.input, {"hunter22", "abc"}), c.want);
  }
}

TEST(RedactionTest, RedactsSecrets) {
  struct Case {
    const char* name;
    const char* in;
    const char* want;
  };
  const Case cases[] = {
      {"userinfo", "GET https://u:p@h/x failed", "GET https://***@h/x failed"},
      {"quoted url", "\"http://tok@h:80\"", "\"http://***@h:80\""},
      {"two urls", "https://a@h and http://b:c@g/", "https://***@h and http://***@g/"},
      {"no userinfo", "https://h/x?y=z", "https://h/x?y=z"},
      {"token value", "bad token s3cr3t-token here", "bad token *** here"},
      {"token twice", "s3cr3t-tokens3cr3t-token", "******"},
      {"short secrets ignored", "abc", "abc"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(redact_text(c.in, {"s3cr3t-token", "abc"}), c.want);
  }
}

TEST(RedactionTest, QuotesServerText) {
  EXPECT_EQ(quotable_server_text("line1\nline2\t\x01 end\n", {}), "line1 line2   end");
  EXPECT_EQ(quotable_server_text("token s3cr3t-token leaked", {"s3cr3t-token"}), "token *** leaked");
  EXPECT_EQ(quotable_server_text("abcdefghij", {}, 4), "abcd...");
  EXPECT_EQ(quotable_server_text("ab\xC3\xA9z", {}, 3), "ab...");  // never splits a UTF-8 sequence
}

}  // namespace
}  // namespace fleetwave
