#include "adapters/git/repo_url.h"

#include <gtest/gtest.h>

namespace fleetwave::git {
namespace {

struct UrlCase {
  const char* name;
  const char* input;
  const char* want;
};

TEST(RepoUrlTest, Normalizes) {
  const UrlCase cases[] = {
      {"https canonical", "https://github.com/org/repo", "https://github.com/org/repo"},
      {"https .git and slash", "https://GitHub.com/org/repo.git/", "https://github.com/org/repo"},
      {"https credentials and default port", "https://tok@github.com:443/org/repo", "https://github.com/org/repo"},
      {"http explicit port kept", "http://127.0.0.1:8080/git/r.git", "http://127.0.0.1:8080/git/r"},
      {"duplicate slashes", "https://h//org//repo", "https://h/org/repo"},
      {"query dropped", "https://h/r?token=x", "https://h/r"},
      {"ssh default port", "ssh://git@host:22/org/repo.git", "ssh://host/org/repo"},
      {"git+ssh", "git+ssh://git@host/org/repo", "ssh://host/org/repo"},
      {"scp-like relative", "git@GitHub.com:org/repo.git", "ssh://github.com/~/org/repo"},
      {"scp-like absolute", "git@host:/srv/repo.git", "ssh://host/srv/repo"},
      {"ipv6", "ssh://git@[::1]:2222/r", "ssh://[::1]:2222/r"},
      {"absolute path", "/srv/git/repo.git", "file:///srv/git/repo.git"},
      {"file url", "file:///srv/git//repo.git/", "file:///srv/git/repo.git"},
  };
  for (const UrlCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = normalize_repo_url(c.input);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(*got, c.want);
  }
}

TEST(RepoUrlTest, RejectsBadUrls) {
  const UrlCase cases[] = {
      {"empty", "", "repository url is empty"},
      {"relative path", "repo", "repository url repo: expected an absolute path, scheme://host/path or host:path"},
      {"unknown scheme", "ftp://h/r",
       "repository url ftp://h/r: unsupported scheme ftp (expected http, https, ssh, git or file)"},
      {"bad port", "https://h:99999/r", "repository url https://h:99999/r: invalid port"},
      {"no path", "https://u:secret@h", "repository url https://***@h: missing repository path"},
      {"file with host", "file://server/r", "repository url file://server/r: file url with a host"},
  };
  for (const UrlCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = normalize_repo_url(c.input);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().message, c.want);
  }
}

TEST(RepoUrlTest, CacheDirNameIsStableAndSpellingIndependent) {
  auto a = cache_dir_name("https://alice:pw@GitHub.com/org/fleet.git");
  auto b = cache_dir_name("https://github.com/org/fleet");
  auto c = cache_dir_name("https://github.com/org/other");
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_NE(*a, *c);
  EXPECT_EQ(a->rfind("fleet-", 0), 0u) << *a;
  EXPECT_EQ(a->size(), std::string("fleet-").size() + 16);
}

TEST(RepoUrlTest, EffectivePort) {
  struct Case {
    const char* url;
    int port;
  } cases[] = {{"ssh://h/r", 22},   {"git@h:r", 22},          {"http://h/r", 80}, {"https://h/r", 443},
               {"git://h/r", 9418}, {"ssh://h:2222/r", 2222}, {"/srv/r", 0}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.url);
    auto parsed = parse_repo_url(c.url);
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(effective_port(*parsed), c.port);
  }
}

}  // namespace
}  // namespace fleetwave::git
