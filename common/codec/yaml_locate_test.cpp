// locate_yaml_field: the line:column (1-based) of a FieldPath in document N of a stream, or of
// its deepest existing ancestor, for error messages.
#include <gtest/gtest.h>

#include "codec/yaml_codec.h"

namespace fleetwave {
namespace {

const char kStream[] =
    "apiVersion: v1\n"                   // 1
    "kind: ConfigMap\n"                  // 2
    "metadata:\n"                        // 3
    "  name: cm\n"                       // 4
    "  labels:\n"                        // 5
    "    app.kubernetes.io/name: web\n"  // 6
    "data:\n"                            // 7
    "  a.b: \"x\"\n"                     // 8
    "  list:\n"                          // 9
    "  - one\n"                          // 10
    "  - two: 2\n"                       // 11
    "    three: [3, 4]\n"                // 12
    "---\n"                              // 13
    "kind: Second\n"                     // 14
    "spec:\n"                            // 15
    "  replicas: 3\n"                    // 16
    "  base: &b {x: 1}\n"                // 17
    "  merged: {<<: *b, z: 2}\n";        // 18

struct LocateCase {
  const char* name;
  std::size_t doc;
  const char* path;  // FieldPath text
  int line;          // 0: expect nullopt
  int column;
};

TEST(YamlLocate, FindsFieldsAndAncestors) {
  const LocateCase cases[] = {
      {"root", 0, "", 1, 1},
      {"top-level scalar", 0, "kind", 2, 7},
      {"nested key", 0, "metadata.name", 4, 9},
      {"key with dots and a slash", 0, "metadata.labels[\"app.kubernetes.io/name\"]", 6, 29},
      {"quoted value", 0, "data[\"a.b\"]", 8, 8},
      {"list item", 0, "data.list[0]", 10, 5},
      {"map in a list", 0, "data.list[1]", 11, 5},
      {"key in a map in a list", 0, "data.list[1].two", 11, 10},
      {"flow list item", 0, "data.list[1].three[1]", 12, 16},
      {"missing leaf: the parent map", 0, "metadata.namespace", 4, 3},
      {"missing deep path: the deepest ancestor", 0, "metadata.labels.team.owner", 6, 5},
      {"missing index: the list", 0, "data.list[5]", 10, 3},
      {"index into a scalar: the scalar", 0, "kind[0]", 2, 7},
      {"second document", 1, "spec.replicas", 16, 13},
      {"second document root", 1, "", 14, 1},
      {"second document missing key", 1, "spec.template.spec", 16, 3},
      {"merged key: the mapping", 1, "spec.merged.x", 18, 11},
      {"explicit key next to a merge", 1, "spec.merged.z", 18, 23},
      {"no such document", 2, "kind", 0, 0},
  };
  for (const LocateCase& c : cases) {
    SCOPED_TRACE(c.name);
    std::optional<SourcePos> pos = locate_yaml_field(kStream, c.doc, FieldPath::parse(c.path));
    if (c.line == 0) {
      EXPECT_FALSE(pos.has_value());
      continue;
    }
    ASSERT_TRUE(pos.has_value());
    EXPECT_EQ(pos->line, c.line);
    EXPECT_EQ(pos->column, c.column);
  }
}

TEST(YamlLocate, GivesUpQuietlyOnBadInput) {
  EXPECT_FALSE(locate_yaml_field("a: \xff\n", 0, FieldPath::parse("a")).has_value());
  // A problem after the field does not hide it.
  std::optional<SourcePos> before = locate_yaml_field("a: 1\nb: 2\na: 3\n", 0, FieldPath::parse("b"));
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(before->line, 2);
  EXPECT_EQ(before->column, 4);
  before = locate_yaml_field("a: [1, 2", 0, FieldPath::parse("a[1]"));
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(before->column, 8);
  EXPECT_FALSE(locate_yaml_field(",", 1, FieldPath::parse("a")).has_value());
  // Still finds fields before a later problem in another document.
  std::optional<SourcePos> pos = locate_yaml_field("a: 1\n---\nb: [\n", 0, FieldPath::parse("a"));
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->line, 1);
  EXPECT_EQ(pos->column, 4);
}

TEST(YamlLocate, ManyQueriesInOnePassAnswerAsOneByOne_D8) {
  // locate_yaml_fields reads the stream once for all its queries (issue 10, D8: one pass per
  // error made a render quadratic in file size); its answers are those of single queries.
  std::vector<FieldQuery> queries;
  for (const char* path : {"", "kind", "metadata.name", "metadata.labels[\"app.kubernetes.io/name\"]", "data.list[0]",
                           "data.list[1].three[1]", "metadata.namespace", "data.list[5]", "kind[0]"}) {
    queries.push_back({0, FieldPath::parse(path)});
  }
  for (const char* path : {"spec.replicas", "", "spec.template.spec", "spec.merged.x", "spec.merged.z"}) {
    queries.push_back({1, FieldPath::parse(path)});
  }
  queries.push_back({2, FieldPath::parse("kind")});
  queries.push_back({0, FieldPath::parse("kind")});  // the same field twice
  const std::vector<std::optional<SourcePos>> all = locate_yaml_fields(kStream, queries);
  ASSERT_EQ(all.size(), queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    SCOPED_TRACE(queries[i].field.to_string());
    std::optional<SourcePos> one = locate_yaml_field(kStream, queries[i].document, queries[i].field);
    ASSERT_EQ(all[i].has_value(), one.has_value());
    if (!one) continue;
    EXPECT_EQ(all[i]->line, one->line);
    EXPECT_EQ(all[i]->column, one->column);
  }
  EXPECT_FALSE(all[queries.size() - 2].has_value());  // document 2 does not exist
}

TEST(YamlLocate, MatchesTheFieldPathsErrorsCarry) {
  // FieldPath::key/index build the same paths the model code reports.
  FieldPath path = FieldPath().key("metadata").key("labels").key("app.kubernetes.io/name");
  std::optional<SourcePos> pos = locate_yaml_field(kStream, 0, FieldPath::parse(path.to_string()));
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->line, 6);
  EXPECT_EQ(pos->column, 29);
}

}  // namespace
}  // namespace fleetwave
