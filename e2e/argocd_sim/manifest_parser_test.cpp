#include "argocd_sim/manifest_parser.h"

#include <gtest/gtest.h>

namespace fleetwave::sim {
namespace {

std::vector<std::string> names(const std::vector<Json>& objects) {
  std::vector<std::string> out;
  for (const Json& o : objects) out.push_back(string_at(o, {"kind"}) + "/" + string_at(o, {"metadata", "name"}));
  return out;
}

TEST(ManifestParserTest, ReadsWhatTheRepoServerAccepts) {
  struct Case {
    const char* name;
    const char* text;
    std::vector<std::string> want;
  };
  const Case cases[] = {
      {"empty output", "", {}},
      {"yaml stream with empty and null documents",
       "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n---\nnull\n---\napiVersion: v1\nkind: "
       "Service\nmetadata:\n  name: b\n",
       {"ConfigMap/a", "Service/b"}},
      {"json lines",
       "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"a\"}}\n"
       "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"b\"}}\n",
       {"ConfigMap/a", "Deployment/b"}},
      {"pretty json objects back to back",
       "{\n \"apiVersion\": \"v1\",\n \"kind\": \"Secret\",\n \"metadata\": {\"name\": "
       "\"s\"}\n}\n{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"t\"}}",
       {"Secret/s", "Secret/t"}},
      {"list flattened",
       "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: x}}\n- {apiVersion: "
       "v1, kind: ConfigMap, metadata: {name: z}}\n",
       {"ConfigMap/x", "ConfigMap/z"}},
      {"a kind ending in List",
       "apiVersion: v1\nkind: ConfigMapList\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: x}}\n",
       {"ConfigMap/x"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<Json>> objects = parse_manifests(c.text);
    ASSERT_TRUE(objects.ok()) << objects.error().to_string();
    EXPECT_EQ(names(*objects), c.want);
  }
}

TEST(ManifestParserTest, RejectsWhatIsNotAnObject) {
  struct Case {
    const char* name;
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"scalar document", "hello\n", "<plugin stdout>: document 1: expected an object"},
      {"no kind", "apiVersion: v1\nmetadata: {name: a}\n",
       "<plugin stdout>: document 1: expected apiVersion, kind and metadata.name"},
      // go-yaml v2 (YAML 1.1), as the repo-server reads it: a bare y is the boolean true.
      {"name that YAML 1.1 reads as a boolean", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: y}\n",
       "<plugin stdout>: document 1: expected apiVersion, kind and metadata.name"},
      {"second document without name",
       "{\"apiVersion\":\"v1\",\"kind\":\"A\",\"metadata\":{\"name\":\"a\"}}\n{\"apiVersion\":\"v1\",\"kind\":\"A\"}",
       "<plugin stdout>: document 2: expected apiVersion, kind and metadata.name"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<Json>> objects = parse_manifests(c.text);
    ASSERT_FALSE(objects.ok());
    EXPECT_EQ(objects.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(objects.error().message, c.error);
  }
}

TEST(ManifestParserTest, SyntaxErrorsAreInvalidInputWithAPosition) {
  Result<std::vector<Json>> objects = parse_manifests("apiVersion: v1\nkind: [unclosed\n");
  ASSERT_FALSE(objects.ok());
  EXPECT_EQ(objects.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(objects.error().message.rfind("<plugin stdout>:", 0), 0u) << objects.error().message;
}

}  // namespace
}  // namespace fleetwave::sim
