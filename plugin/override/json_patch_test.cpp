#include "override/json_patch.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct TextCase {
  std::string name;
  std::string document;
  std::vector<PatchOperation> ops;
  std::string want;  // the patched text, or the error message when `error`
  bool error = false;
};

void run_text_cases(const std::vector<TextCase>& cases) {
  for (const TextCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = apply_json_patch_text(c.document, c.ops);
    ASSERT_EQ(got.ok(), !c.error) << (got.ok() ? *got : got.error().message);
    EXPECT_EQ(got.ok() ? *got : got.error().message, c.want);
  }
}

// Expected texts were produced by evanphx/json-patch v5.9.11 (Patch.Apply) on the same input.
TEST(JsonPatchText, KeepsOrderAndSpellingOfUntouchedParts) {
  run_text_cases({
      {"replace keeps key order",
       R"({"b":1,"a":{"y":2,"x":3}})",
       {{"replace", "/a/x", "z"}},
       R"({"b":1,"a":{"y":2,"x":"z"}})"},
      {"new key appended", R"({"b":1,"a":{"y":2,"x":3}})", {{"add", "/a/w", 1}}, R"({"b":1,"a":{"y":2,"x":3,"w":1}})"},
      {"numbers and escapes kept",
       R"({"n":1.50,"e":1E3,"s":"\u00e9\/"})",
       {{"add", "/z", true}},
       R"({"n":1.50,"e":1E3,"s":"\u00e9\/","z":true})"},
      {"whitespace dropped",
       "{ \"a\" : [ 1, 2 ],\n \"b\": { } }",
       {{"remove", "/a/0", nullptr}},
       R"({"a":[2],"b":{}})"},
      {"html escaped", R"({"a":"<b>&"})", {{"add", "/c", "x"}}, R"({"a":"\u003cb\u003e\u0026","c":"x"})"},
      {"added values sorted and escaped",
       R"({"z":0})",
       {{"add", "/v", Json::parse(R"({"b":1,"a":"<"})")}},
       R"({"z":0,"v":{"a":"\u003c","b":1}})"},
      {"duplicate keys written twice", R"({"a":1,"a":2})", {{"add", "/b", 3}}, R"({"a":2,"a":2,"b":3})"},
      {"removing a duplicate leaves null", R"({"a":1,"a":2})", {{"remove", "/a", nullptr}}, R"({"a":null})"},
      {"empty document unchanged", "", {{"add", "/a", 1}}, ""},
      {"add null value", R"({})", {{"add", "/a", nullptr}}, R"({"a":null})"},
      {"escaped key", R"({"a/b":{"c~d":1}})", {{"replace", "/a~1b/c~0d", 2}}, R"({"a/b":{"c~d":2}})"},
  });
}

TEST(JsonPatchText, ArrayIndexes) {
  const std::string doc = "[1,2,3]";
  run_text_cases({
      {"append with dash", doc, {{"add", "/-", 4}}, "[1,2,3,4]"},
      {"insert at front", doc, {{"add", "/0", 0}}, "[0,1,2,3]"},
      {"insert at end index", doc, {{"add", "/3", 4}}, "[1,2,3,4]"},
      {"add -1 appends", doc, {{"add", "/-1", 9}}, "[1,2,3,9]"},
      {"add -4 inserts first", doc, {{"add", "/-4", 0}}, "[0,1,2,3]"},
      {"remove last by -1", doc, {{"remove", "/-1", nullptr}}, "[1,2]"},
      {"replace -3", doc, {{"replace", "/-3", "x"}}, R"(["x",2,3])"},
      {"add past end", doc, {{"add", "/4", 0}}, "add /4: index 4 is out of range for an array of 3 elements", true},
      {"add -5", doc, {{"add", "/-5", 0}}, "add /-5: index -5 is out of range for an array of 3 elements", true},
      {"replace past end",
       doc,
       {{"replace", "/3", 0}},
       "replace /3: index 3 is out of range for an array of 3 elements",
       true},
      {"remove past end",
       doc,
       {{"remove", "/3", nullptr}},
       "remove /3: index 3 is out of range for an array of 3 elements",
       true},
      {"not an index", doc, {{"add", "/x", 0}}, "add /x: \"x\" is not an array index", true},
      {"replace dash", doc, {{"replace", "/-", 0}}, "replace /-: \"-\" is not an array index", true},
  });
}

TEST(JsonPatchText, MissingPathsFail) {
  run_text_cases({
      {"add without parent", R"({"a":{}})", {{"add", "/a/b/c", 1}}, "add /a/b/c: path does not exist", true},
      {"replace missing key", R"({"a":1})", {{"replace", "/x", 1}}, "replace /x: path does not exist", true},
      {"remove missing key", R"({"a":1})", {{"remove", "/x", nullptr}}, "remove /x: path does not exist", true},
      {"through null", R"({"a":null})", {{"add", "/a/b", 1}}, "add /a/b: path does not exist", true},
      {"through scalar", R"({"a":1})", {{"add", "/a/b", 1}}, "add /a/b: path does not exist", true},
      {"second op fails",
       R"({"a":1})",
       {{"add", "/b", 1}, {"remove", "/c", nullptr}},
       "remove /c: path does not exist",
       true},
      {"path without any slash", R"({"a":1})", {{"replace", "a", 1}}, "replace a: path does not exist", true},
      {"null document", "null", {{"add", "/a", 1}}, "add /a: the document is null, not an object", true},
      {"array after whitespace", " [1]", {{"add", "/0", 1}}, "the document is not a JSON object or array", true},
      {"string document", R"("text")", {{"add", "/0", 1}}, "the document is not a JSON object or array", true},
      {"invalid json", R"({"a":)", {{"add", "/b", 1}}, "the document is not valid JSON", true},
  });
}

TEST(JsonPatchText, LibraryQuirks) {
  run_text_cases({
      {"relative path patches the top level",
       R"({"a":{"image":1},"image":2})",
       {{"replace", "a/image", "x"}},
       R"({"a":{"image":1},"image":"x"})"},
      {"replace of key \"\" adds it", R"({"x":{}})", {{"replace", "/x/", 1}}, R"({"x":{"":1}})"},
      {"leading // edits a discarded copy", R"({"a":{}})", {{"add", "//a/b", 1}}, R"({"a":{}})"},
      {"whole document by add", R"({"a":1})", {{"add", "", Json::parse(R"({"k":[1]})")}}, R"({"k":[1]})"},
      {"whole document by replace", R"({"a":1})", {{"replace", "", Json::parse("[1]")}}, "[1]"},
      {"whole document replaced by null", R"({"a":1})", {{"replace", "", nullptr}}, "null"},
      {"whole document must be a container",
       R"({"a":1})",
       {{"replace", "", 5}},
       "replace \"\": value must be an object or an array",
       true},
  });
}

TEST(JsonPatchValue, PatchesDecodedDocuments) {
  Json doc = Json::parse(R"({"kind":"ConfigMap","data":{"a":"1"},"list":[1,2]})");
  auto got = apply_json_patch_value(
      doc, {{"add", "/data/b", "2"}, {"remove", "/list/0", nullptr}, {"replace", "/kind", "Secret"}});
  ASSERT_TRUE(got.ok()) << got.error().message;
  EXPECT_EQ(*got, Json::parse(R"({"kind":"Secret","data":{"a":"1","b":"2"},"list":[2]})"));

  auto failed = apply_json_patch_value(doc, {{"add", "/data/b", "2"}, {"replace", "/spec/x", 1}});
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().op_index, 1u);
  EXPECT_EQ(failed.error().message, "replace /spec/x: path does not exist");
}

TEST(JsonPatchObject, NeedsAKindAfterwards) {
  Json object = Json::parse(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}})");
  auto ok = apply_json_patch(object, {{"add", "/data", Json::parse(R"({"k":"v"})")}});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(object["data"]["k"], "v");

  auto no_kind = apply_json_patch(object, {{"remove", "/kind", nullptr}});
  ASSERT_FALSE(no_kind.ok());
  EXPECT_EQ(no_kind.error().message, "the patched object has no \"kind\" (Kubernetes objects need one)");
}

}  // namespace
}  // namespace fleetwave
