#include "override/plaintext_overrider.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

TEST(PlaintextOverrider, AppliesAllOperationsAsOnePatch) {
  struct Case {
    std::string name;
    std::vector<PlaintextOverrider> overriders;
    std::string want_spec;  // spec afterwards, as JSON
    std::string error;      // or the failure, as "index: message"
  };
  std::vector<Case> cases = {
      {"replace replicas", {{"/spec/replicas", "replace", Json(5)}}, R"({"paused":false,"replicas":5})", ""},
      {"add then remove in order",
       {{"/spec/x", "add", Json::parse(R"({"a":1})")},
        {"/spec/x/a", "remove", std::nullopt},
        {"/spec/paused", "remove", std::nullopt}},
       R"({"replicas":1,"x":{}})",
       ""},
      {"add without a value adds null",
       {{"/spec/y", "add", std::nullopt}},
       R"({"paused":false,"replicas":1,"y":null})",
       ""},
      {"annotation key with a slash",
       {{"/metadata/annotations/example.com~1a", "add", Json("v")}},
       R"({"paused":false,"replicas":1})",
       ""},
      {"replace of a missing path",
       {{"/spec/replicas", "replace", Json(2)}, {"/spec/foo", "replace", Json(1)}},
       "",
       "1: replace /spec/foo: path does not exist"},
      {"no parent creation",
       {{"/spec/template/spec/x", "add", Json(1)}},
       "",
       "0: add /spec/template/spec/x: path does not exist"},
      {"removing kind breaks the object",
       {{"/kind", "remove", std::nullopt}},
       "",
       "none: the patched object has no \"kind\" (Kubernetes objects need one)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Json m = yaml(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, annotations: {}}\nspec: {replicas: 1, paused: "
        "false}\n");
    auto got = apply_plaintext_overriders(m, c.overriders);
    if (!c.error.empty()) {
      ASSERT_FALSE(got.ok());
      std::size_t i = got.error().op_index;
      EXPECT_EQ((i == std::string::npos ? "none" : std::to_string(i)) + ": " + got.error().message, c.error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_EQ(m["spec"].dump(), c.want_spec);
  }
}

TEST(PlaintextOverrider, EscapedAnnotationKey) {
  Json m = yaml("kind: Deployment\nmetadata: {annotations: {}}\n");
  ASSERT_TRUE(apply_plaintext_overriders(m, {{"/metadata/annotations/example.com~1a", "add", Json("v")}}).ok());
  EXPECT_EQ(m["metadata"]["annotations"]["example.com/a"], "v");
}

}  // namespace
}  // namespace fleetwave
