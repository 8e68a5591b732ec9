#include "override/field_overrider.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

FieldOverrider yaml_ops(std::vector<FieldPatchOperation> ops) { return FieldOverrider{"/data/x", {}, std::move(ops)}; }
FieldOverrider json_ops(std::vector<FieldPatchOperation> ops) { return FieldOverrider{"/data/x", std::move(ops), {}}; }

struct Case {
  std::string name;
  std::string text;
  FieldOverrider overrider;
  std::string want;  // new text, or the error as "field: message"
  bool error = false;
};

// Expected YAML is what sigs.k8s.io/yaml v1.6.0 (YAMLToJSON, evanphx Apply, JSONToYAML) writes
// for the same input, and expected JSON what evanphx/json-patch v5.9.11 writes.
TEST(FieldOverrider, EmbeddedDocuments) {
  std::vector<Case> cases = {
      // overridemanager_test.go Test_overrideManagerImpl_ApplyFieldOverriderPolicies_YAML / _JSON.
      {"karmada yaml", "\nkey: \n  key1: value\n", yaml_ops({{"/key/key1", "replace", Json("updated_value")}}),
       "key:\n  key1: updated_value\n"},
      {"karmada json", R"({"key":{"key1":"value"}})", json_ops({{"/key/key1", "replace", Json("updated_value")}}),
       R"({"key":{"key1":"updated_value"}})"},
      {"yaml edits, sorted keys, block lists",
       "server:\n  port: 8080\n  hosts: [a, b]\n  name: \"x\"\nlog: {level: info}\n",
       yaml_ops({{"/server/port", "replace", Json(9090)},
                 {"/server/hosts/-", "add", Json("c")},
                 {"/server/tls", "add", Json::parse(R"({"enabled":true,"certs":["/a","/b"]})")},
                 {"/log", "remove", std::nullopt}}),
       "server:\n  hosts:\n  - a\n  - b\n  - c\n  name: x\n  port: 9090\n  tls:\n    certs:\n    - /a\n    - /b\n    "
       "enabled: true\n"},
      {"yaml scalars quoted when needed", "a: 1\n",
       yaml_ops({{"/s", "add", Json("010")},
                 {"/f", "add", Json(1.5)},
                 {"/t", "add", Json("true")},
                 {"/e", "add", Json("")},
                 {"/n", "add", Json()},
                 {"/m", "add", Json("line1\nline2\n")},
                 {"/w", "add", Json(1e21)}}),
       "a: 1\ne: \"\"\nf: 1.5\nm: |\n  line1\n  line2\n\"n\": null\ns: \"010\"\nt: \"true\"\nw: 1e+21\n"},
      {"yaml natural key order", "a2: x\na10: y\nB: z\n_: w\n", yaml_ops({{"/a1", "add", Json(1)}}),
       "_: w\nB: z\na1: 1\na2: x\na10: true\n"},
      {"yaml 1.1 typing survives", "a: 1.0\nb: 0x1F\nc: yes\nd: 2001-12-14\n", yaml_ops({{"/z", "add", Json(1)}}),
       "a: 1\nb: 31\nc: true\nd: \"2001-12-14\"\nz: 1\n"},
      {"yaml list document", "- a\n- b\n", yaml_ops({{"/0", "add", Json("z")}}), "- z\n- a\n- b\n"},
      {"yaml reads the first document only", "a: 1\n---\nb: 2\n", yaml_ops({{"/c", "add", Json(3)}}), "a: 1\nc: 3\n"},
      {"empty yaml is null", "", yaml_ops({{"/a", "add", Json(1)}}),
       "yaml[0]: add /a: the document is null, not an object", true},
      {"yaml missing key", "k: v\n", yaml_ops({{"/x", "replace", Json(1)}}), "yaml[0]: replace /x: path does not exist",
       true},
      {"json keeps text of untouched values", R"({"a":1.50,"b":[1,2]})", json_ops({{"/b/-", "add", Json(3)}}),
       R"({"a":1.50,"b":[1,2,3]})"},
      {"json keeps key order", R"({"z":1,"a":2})", json_ops({{"/m", "add", Json("<x>")}}),
       R"({"z":1,"a":2,"m":"\u003cx\u003e"})"},
      {"json compacts", "{\n  \"a\": [ 1 ],\n  \"b\": \"<\"\n}\n", json_ops({{"/a/0", "remove", std::nullopt}}),
       R"({"a":[],"b":"\u003c"})"},
      {"empty json unchanged", "", json_ops({{"/a", "add", Json(1)}}), ""},
      {"second json op fails", R"({"a":1})", json_ops({{"/b", "add", Json(1)}, {"/c/d", "add", Json(1)}}),
       "json[1]: add /c/d: path does not exist", true},
      {"invalid json", "{oops", json_ops({{"/a", "add", Json(1)}}), "json: the document is not valid JSON", true},
      {"neither (deprecated spec.overriders only)", "anything", FieldOverrider{"/data/x", {}, {}}, ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = override_embedded_document(c.text, c.overrider);
    ASSERT_EQ(got.ok(), !c.error) << (got.ok() ? *got : got.error().field + ": " + got.error().message);
    EXPECT_EQ(got.ok() ? *got : got.error().field + ": " + got.error().message, c.want);
  }
}

TEST(FieldOverrider, ReadsAndWritesTheField) {
  Json cm =
      yaml("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  app.json: '{\"replicas\":1}'\n  n: '5'\n");
  FieldOverrider o{"/data/app.json", {{"/replicas", "replace", Json(3)}}, {}};
  ASSERT_TRUE(apply_field_overrider(cm, o).ok());
  EXPECT_EQ(cm["data"]["app.json"], R"({"replicas":3})");

  struct PathCase {
    std::string name, field_path, error;
  };
  std::vector<PathCase> cases = {
      {"missing field", "/data/missing", "fieldPath /data/missing: object has no key \"missing\""},
      {"not a string", "/metadata", "fieldPath /metadata: the value is not a string"},
      {"whole object", "", "fieldPath \"\": the value is not a string"},
  };
  for (const PathCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto s = apply_field_overrider(cm, FieldOverrider{c.field_path, {{"/a", "add", Json(1)}}, {}});
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message, c.error);
  }
}

}  // namespace
}  // namespace fleetwave
