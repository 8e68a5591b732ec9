#include "override/labels_annotations_overrider.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

struct Case {
  std::string name;
  std::string metadata_yaml;  // the manifest's metadata
  LabelAnnotationOverrider overrider;
  Json want;  // metadata.<field> afterwards (null: absent)
};

void run(const std::string& field, const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Json m = yaml("apiVersion: apps/v1\nkind: Deployment\nmetadata: " + c.metadata_yaml + "\n");
    auto s = apply_labels_annotations_overrider(m, c.overrider, field);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const Json* got = find_path(m, {"metadata", field});
    EXPECT_EQ(got ? *got : Json(), c.want);
  }
}

// labelannotationoverrider_test.go Test_applyLabelsOverriders.
TEST(LabelsOverrider, KarmadaCases) {
  const std::string foo_bar = "{name: test, labels: {foo: foo, bar: bar}}";
  run("labels",
      {
          {"test empty labels", "{name: test}", {"add", {{"test2", "test2"}}}, Json{{"test2", "test2"}}},
          {"test labels replace",
           foo_bar,
           {"replace", {{"foo", "exist"}, {"non-exist", "non-exist"}}},
           Json{{"foo", "exist"}, {"bar", "bar"}}},
          {"test labels add",
           foo_bar,
           {"add", {{"test", "test"}}},
           Json{{"test", "test"}, {"foo", "foo"}, {"bar", "bar"}}},
          {"test labels remove",
           foo_bar,
           {"remove", {{"foo", "foo"}, {"non-exist", "non-exist"}}},
           Json{{"bar", "bar"}}},
          // Beyond Karmada's table.
          {"add overwrites", foo_bar, {"add", {{"foo", "new"}}}, Json{{"foo", "new"}, {"bar", "bar"}}},
          {"remove ignores the value", foo_bar, {"remove", {{"foo", "whatever"}}}, Json{{"bar", "bar"}}},
          {"remove the last key leaves {}", "{labels: {foo: foo}}", {"remove", {{"foo", ""}}}, Json::object()},
          {"replace without labels does nothing", "{name: x}", {"replace", {{"a", "b"}}}, Json()},
          {"empty value does not create the map", "{name: x}", {"add", {}}, Json()},
          {"null labels replaced by a new map", "{labels: null}", {"add", {{"a", "b"}}}, Json{{"a", "b"}}},
          {"non-string labels are dropped on add", "{labels: {a: 1, b: x}}", {"add", {{"c", "d"}}}, Json{{"c", "d"}}},
          {"non-string labels block remove",
           "{labels: {a: 1, b: x}}",
           {"remove", {{"b", ""}}},
           Json{{"a", 1}, {"b", "x"}}},
      });
}

// labelannotationoverrider_test.go Test_applyAnnotationsOverriders.
TEST(AnnotationsOverrider, KarmadaCases) {
  const std::string foo_bar = "{annotations: {foo: foo, bar: bar}}";
  run("annotations",
      {
          {"test empty annotations", "{name: test}", {"add", {{"test2", "test2"}}}, Json{{"test2", "test2"}}},
          {"test annotations replace",
           foo_bar,
           {"replace", {{"foo", "exist"}, {"non-exist", "non-exist"}}},
           Json{{"foo", "exist"}, {"bar", "bar"}}},
          {"test annotations add",
           foo_bar,
           {"add", {{"test", "test"}}},
           Json{{"test", "test"}, {"foo", "foo"}, {"bar", "bar"}}},
          {"test annotations remove",
           foo_bar,
           {"remove", {{"foo", "foo"}, {"non-exist", "non-exist"}}},
           Json{{"bar", "bar"}}},
          {"remain the same: remove nothing", foo_bar, {"remove", {}}, Json{{"foo", "foo"}, {"bar", "bar"}}},
          {"remain the same: replace a missing key",
           foo_bar,
           {"replace", {{"test", "test"}}},
           Json{{"foo", "foo"}, {"bar", "bar"}}},
          {"remain the same: remove a missing key",
           foo_bar,
           {"remove", {{"test", "test"}}},
           Json{{"foo", "foo"}, {"bar", "bar"}}},
          {"test add composed annotation",
           foo_bar,
           {"add", {{"testannotation/projectId", "c-m-lfx9lk92:p-v86cf"}}},
           Json{{"foo", "foo"}, {"bar", "bar"}, {"testannotation/projectId", "c-m-lfx9lk92:p-v86cf"}}},
          {"test remove composed annotation",
           "{annotations: {testannotation/projectId: 'c-m-lfx9lk92:p-v86cf', foo: foo}}",
           {"remove", {{"testannotation/projectId", "c-m-lfx9lk92:p-v86cf"}}},
           Json{{"foo", "foo"}}},
      });
}

TEST(LabelsOverrider, EscapesOnlySlashes) {
  Json m = yaml("kind: Deployment\nmetadata: {labels: {}}\n");
  auto ops = labels_annotations_patch(m, {"add", {{"example.com/tier", "web"}}}, "labels");
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0].path, "/metadata/labels/example.com~1tier");
  EXPECT_EQ(ops[0].value, "web");
}

TEST(LabelsOverrider, MetadataThatIsNotAMapIsSkipped) {
  Json m = yaml("kind: Deployment\nmetadata: null\n");
  ASSERT_TRUE(apply_labels_annotations_overrider(m, {"add", {{"a", "b"}}}, "labels").ok());
  EXPECT_EQ(m["metadata"], Json());
}

// The direct edit against the patch it stands for, over manifests and overriders of every shape
// the two could disagree on (no map, null map, non-string values, metadata not a map, no kind,
// keys with '/' and '~').
TEST(LabelsOverrider, DirectEditMatchesThePatch) {
  const char* manifests[] = {
      "kind: Deployment\nmetadata: {name: x}\n",
      "kind: Deployment\nmetadata: {labels: {a: '1', b/c: x}, annotations: {a: y}}\n",
      "kind: Deployment\nmetadata: {labels: null, annotations: {}}\n",
      "kind: Deployment\nmetadata: {labels: {a: 1, b: x}}\n",
      "kind: Deployment\nmetadata: [1]\n",
      "kind: Deployment\n",
      "kind: ''\nmetadata: {labels: {a: x}}\n",
      "metadata: {labels: {a: x}}\n",
  };
  const LabelAnnotationOverrider overriders[] = {
      {"add", {{"a", "new"}, {"z", "z"}}},
      {"add", {}},
      {"replace", {{"a", "r"}, {"q", "q"}}},
      {"remove", {{"a", ""}, {"b/c", ""}}},
      {"add", {{"t~1k", "tilde"}}},
      {"remove", {{"missing", ""}}},
      {"bogus", {{"a", "b"}}},
  };
  for (const char* text : manifests) {
    for (const LabelAnnotationOverrider& o : overriders) {
      for (const char* field : {"labels", "annotations"}) {
        SCOPED_TRACE(std::string(text) + " " + o.op + " " + field);
        Json direct = yaml(text), patched = yaml(text);
        auto a = apply_labels_annotations_overrider(direct, o, field);
        auto b = apply_labels_annotations_patch(patched, o, field);
        ASSERT_EQ(a.ok(), b.ok());
        if (!a.ok()) EXPECT_EQ(a.error().message, b.error().message);
        else EXPECT_EQ(direct, patched);
      }
    }
  }
}

}  // namespace
}  // namespace fleetwave
