#include "base/field_path.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TEST(FieldPath, NamesKeysAndIndexesInOrder) {
  const FieldPath path = FieldPath().key("spec").key("overrideRules").index(3).key("targetCluster");
  EXPECT_EQ(path.to_string(), "spec.overrideRules[3].targetCluster");
  const std::vector<FieldPath::Segment> segments = path.segments();
  ASSERT_EQ(segments.size(), 4u);
  EXPECT_EQ(std::get<std::string>(segments[0]), "spec");
  EXPECT_EQ(std::get<std::size_t>(segments[2]), 3u);
  EXPECT_EQ(std::get<std::string>(segments[3]), "targetCluster");
}

TEST(FieldPath, AChildLeavesItsParentAndSiblingsAsTheyWere) {
  // Children share their parent's segments; each must still read as its own path.
  const FieldPath parent = FieldPath().key("metadata");
  const FieldPath labels = parent.key("labels");
  const FieldPath annotations = parent.key("annotations");
  const FieldPath deeper = labels.key("app").index(0);
  EXPECT_EQ(parent.to_string(), "metadata");
  EXPECT_EQ(labels.to_string(), "metadata.labels");
  EXPECT_EQ(annotations.to_string(), "metadata.annotations");
  EXPECT_EQ(deeper.to_string(), "metadata.labels.app[0]");
}

TEST(FieldPath, OutlivesThePathsItWasBuiltFrom) {
  FieldPath kept;
  {
    const FieldPath spec = FieldPath().key("spec");
    kept = spec.key("placement").index(1);
  }
  EXPECT_EQ(kept.to_string(), "spec.placement[1]");
}

TEST(FieldPath, ParseIsTheInverseOfToString) {
  const FieldPath path = FieldPath().key("metadata").key("labels").key("app.kubernetes.io/name").index(2).key("a\"b");
  const std::string text = path.to_string();
  EXPECT_EQ(text, "metadata.labels[\"app.kubernetes.io/name\"][2][\"a\\\"b\"]");
  EXPECT_EQ(FieldPath::parse(text).to_string(), text);
  EXPECT_EQ(FieldPath::parse(text).segments(), path.segments());
}

TEST(FieldPath, TheEmptyPathHasNoSegments) {
  EXPECT_TRUE(FieldPath().empty());
  EXPECT_EQ(FieldPath().to_string(), "");
  EXPECT_TRUE(FieldPath().segments().empty());
  EXPECT_FALSE(FieldPath().index(0).empty());
  EXPECT_TRUE(FieldPath::parse("").empty());
}

}  // namespace
}  // namespace fleetwave
