#include "override/image_reference.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

const std::string kDigest = "sha256:50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c";

struct ParseCase {
  std::string name, image;
  std::string hostname, repository, tag, digest;
  std::string error;  // non-empty: the expected parse error
};

// Karmada's pkg/util/imageparser TestParse, plus distribution/reference's grammar and errors
// (expectations checked against reference.Parse v0.6.0 and go-digest v1.0.0).
TEST(ImageReference, Parse) {
  std::vector<ParseCase> cases = {
      {"simple", "pause", "", "pause", "", "", ""},
      {"repository", "subpath/imagename:v1.0.0", "", "subpath/imagename", "v1.0.0", "", ""},
      {"normal", "fictional.registry.example/imagename:v1.0.0", "fictional.registry.example", "imagename", "v1.0.0", "",
       ""},
      {"hostname with port", "fictional.registry.example:10443/subpath/imagename:v1.0.0",
       "fictional.registry.example:10443", "subpath/imagename", "v1.0.0", "", ""},
      {"digest", "fictional.registry.example:10443/subpath/imagename@" + kDigest, "fictional.registry.example:10443",
       "subpath/imagename", "", kDigest, ""},
      {"tag and digest keeps the tag", "nginx:v1@" + kDigest, "", "nginx", "v1", "", ""},
      {"localhost is a host", "localhost/app:1", "localhost", "app", "1", "", ""},
      {"localhost with port", "localhost:5000/app", "localhost:5000", "app", "", "", ""},
      {"first segment without dot is a path", "foo/bar", "", "foo/bar", "", "", ""},
      {"ipv6 host", "[::1]:5000/app:v1", "[::1]:5000", "app", "v1", "", ""},
      {"upper-case host allowed", "Foo.com/bar", "Foo.com", "bar", "", "", ""},
      {"separators", "a-b.c-d.com:80/x/y_z/w__v:tag.1-2", "a-b.c-d.com:80", "x/y_z/w__v", "tag.1-2", "", ""},
      {"many dashes", "a-----b", "", "a-----b", "", "", ""},
      {"tag may start with underscore", "nginx:_x", "", "nginx", "_x", "", ""},
      {"empty", "", "", "", "", "", "repository name must have at least one component"},
      {"upper case", "Nginx", "", "", "", "", "repository name must be lowercase"},
      {"upper case path", "x/Y", "", "", "", "", "repository name must be lowercase"},
      {"empty tag", "nginx:", "", "", "", "", "invalid reference format"},
      {"empty digest", "nginx@", "", "", "", "", "invalid reference format"},
      {"double dot", "a..b", "", "", "", "", "invalid reference format"},
      {"triple underscore", "a___b", "", "", "", "", "invalid reference format"},
      {"dot underscore", "a._b", "", "", "", "", "invalid reference format"},
      {"tag starting with dash", "nginx:-x", "", "", "", "", "invalid reference format"},
      {"tag too long", "nginx:" + std::string(129, 't'), "", "", "", "", "invalid reference format"},
      {"two colons", "a:b:c", "", "", "", "", "invalid reference format"},
      {"short digest", "nginx@sha256:abc", "", "", "", "", "invalid reference format"},
      {"unknown algorithm", "nginx@md5:" + kDigest.substr(7), "", "", "", "", "unsupported digest algorithm"},
      {"upper-case hex", "nginx@sha256:50D858E0985ECC7F60418AAF0CC5AB587F42C2570A884095A9E8CCACD0F6545C", "", "", "",
       "", "invalid checksum digest format"},
      {"short sha256", "nginx@" + kDigest.substr(0, kDigest.size() - 1), "", "", "", "",
       "invalid checksum digest length"},
      {"sha512 length", "nginx@sha512:" + kDigest.substr(7), "", "", "", "", "invalid checksum digest length"},
      {"path too long", "a/" + std::string(256, 'b'), "", "", "", "",
       "repository name must not be more than 255 characters"},
      {"path at the limit", "a.com/" + std::string(255, 'b'), "a.com", std::string(255, 'b'), "", "", ""},
  };
  for (const ParseCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = parse_image_reference(c.image);
    ASSERT_EQ(got.ok(), c.error.empty()) << (got.ok() ? got->to_string() : got.error().message);
    if (!got.ok()) {
      EXPECT_EQ(got.error().message, c.error);
      continue;
    }
    EXPECT_EQ(got->hostname, c.hostname);
    EXPECT_EQ(got->repository, c.repository);
    EXPECT_EQ(got->tag, c.tag);
    EXPECT_EQ(got->digest, c.digest);
  }
}

TEST(ImageReference, StringRoundTrips) {
  // imageparser TestParse: String() gives the image back.
  for (const std::string& image : {std::string("pause"), std::string("subpath/imagename:v1.0.0"),
                                   "fictional.registry.example:10443/subpath/imagename@" + kDigest}) {
    SCOPED_TRACE(image);
    auto got = parse_image_reference(image);
    ASSERT_TRUE(got.ok());
    EXPECT_EQ(got->to_string(), image);
  }
}

// imageparser TestSplitHostname.
TEST(ImageReference, SplitHostname) {
  struct Case {
    std::string name, input, hostname, repository;
  };
  std::vector<Case> cases = {
      {"empty image got nothing", "", "", ""},
      {"simple repository", "imagename", "", "imagename"},
      {"repository with sub-path", "subpath/imagename", "", "subpath/imagename"},
      {"canonical image", "fictional.registry.example/subpath/imagename", "fictional.registry.example",
       "subpath/imagename"},
      {"hostname with port", "fictional.registry.example:10443/subpath/imagename", "fictional.registry.example:10443",
       "subpath/imagename"},
      {"hostname with IP", "10.10.10.10:10443/subpath/imagename", "10.10.10.10:10443", "subpath/imagename"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto [hostname, repository] = split_image_hostname(c.input);
    EXPECT_EQ(hostname, c.hostname);
    EXPECT_EQ(repository, c.repository);
  }
}

// imageparser ExampleComponents_SetHostname / SetRepository / SetTagOrDigest.
TEST(ImageReference, Setters) {
  auto ref = parse_image_reference("imagename:v1.0.0");
  ASSERT_TRUE(ref.ok());
  ref->hostname = "fictional.registry.example";
  EXPECT_EQ(ref->to_string(), "fictional.registry.example/imagename:v1.0.0");
  ref->hostname = "gcr.io";
  EXPECT_EQ(ref->to_string(), "gcr.io/imagename:v1.0.0");
  ref->hostname.clear();
  EXPECT_EQ(ref->to_string(), "imagename:v1.0.0");

  auto api = parse_image_reference("gcr.io/kube-apiserver");
  ASSERT_TRUE(api.ok());
  api->set_tag_or_digest("v1.19.0");
  EXPECT_EQ(api->to_string(), "gcr.io/kube-apiserver:v1.19.0");
  api->remove_tag_or_digest();
  EXPECT_EQ(api->to_string(), "gcr.io/kube-apiserver");
  api->set_tag_or_digest(kDigest);
  EXPECT_EQ(api->to_string(), "gcr.io/kube-apiserver@" + kDigest);
  api->set_tag_or_digest("not a tag!");  // matches neither grammar: no change
  EXPECT_EQ(api->to_string(), "gcr.io/kube-apiserver@" + kDigest);
  api->remove_tag_or_digest();
  EXPECT_EQ(api->to_string(), "gcr.io/kube-apiserver");
}

TEST(ImageReference, Grammars) {
  struct Case {
    std::string name, text;
    bool tag, digest;
  };
  std::vector<Case> cases = {
      {"semver tag", "v1.0.0", true, false},
      {"digest", kDigest, false, true},
      {"digest with any algorithm", "md5:" + std::string(32, 'A'), false, true},
      {"algorithm components", "a.b+c_d-e:" + std::string(32, '0'), false, true},
      {"algorithm starting with digit", "5ha:" + std::string(32, '0'), false, false},
      {"31 hex digits", "sha256:" + std::string(31, '0'), false, false},
      {"tag + digest text", "v1.0.0" + kDigest, false, false},
      {"128-char tag", std::string(128, 'a'), true, false},
      {"129-char tag", std::string(129, 'a'), false, false},
      {"empty", "", false, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(is_image_tag(c.text), c.tag);
    EXPECT_EQ(is_image_digest(c.text), c.digest);
  }
}

}  // namespace
}  // namespace fleetwave
