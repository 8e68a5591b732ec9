// "Did you mean": the nearest known name within the allowed edits, case-insensitively; a short
// word typed on a command line gets fewer edits than a field name in a file.
#include "base/nearest_name.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

TEST(NearestNameTest, FindsTheClosestNameWithinTheEdits) {
  const std::vector<std::string_view> fields = {"clusterNames", "labelSelector", "fieldSelector"};
  EXPECT_EQ(nearest_name("clustername", fields), "clusterNames");
  EXPECT_EQ(nearest_name("labelSelecter", fields), "labelSelector");
  EXPECT_EQ(nearest_name("replicas", fields), "");
  EXPECT_EQ(nearest_name("labelSelectorXYZ", fields, 2), "") << "three edits, two allowed";
  EXPECT_EQ(edit_distance("Status", "stauts"), 2u);
}

TEST(NearestNameTest, ACommandLineWordGetsAThirdOfItsLengthInEdits) {
  const std::vector<std::string_view> flags = {"once", "branch", "reason", "dry-run"};
  EXPECT_EQ(nearest_word("nope", flags), "") << "three edits from once: not a typo of it";
  EXPECT_EQ(nearest_word("brnch", flags), "branch");
  EXPECT_EQ(nearest_word("dryrun", flags), "dry-run");
  EXPECT_EQ(nearest_word("stauts", std::vector<std::string_view>{"status", "wait"}), "status");
  EXPECT_EQ(nearest_word("x", flags), "");
}

}  // namespace
}  // namespace fleetwave
