// One table per enum: names by enumerator, enumerators by name, and the compile-time check that
// keeps a table in step with its enum.
#include "base/enum_names.h"

#include <string>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

enum class Light { Red, Amber, Green };
constexpr auto kLightNames =
    enum_names(EnumName(Light::Red, "red"), EnumName(Light::Amber, "amber"), EnumName(Light::Green, "green"));

TEST(EnumNamesTest, NamesEachEnumeratorAndFallsBackOutsideTheEnum) {
  EXPECT_EQ(std::string(enum_name(kLightNames, Light::Amber, "?")), "amber");
  EXPECT_EQ(std::string(enum_name(kLightNames, static_cast<Light>(7), "?")), "?");
}

TEST(EnumNamesTest, FindsTheEnumeratorOfAName) {
  EXPECT_EQ(enum_from_name(kLightNames, "green"), Light::Green);
  EXPECT_EQ(enum_from_name(kLightNames, "Green"), std::nullopt) << "names match exactly";
  EXPECT_EQ(enum_from_name(kLightNames, ""), std::nullopt);
}

TEST(EnumNamesTest, TheCheckWantsEveryEnumeratorInOrder) {
  using enum_names_detail::names_every_enumerator;
  static_assert(names_every_enumerator(kLightNames));
  static_assert(!names_every_enumerator(EnumNames<Light, 2>{EnumName(Light::Red, ""), EnumName(Light::Amber, "")}),
                "a missing last enumerator");
  static_assert(!names_every_enumerator(EnumNames<Light, 3>{EnumName(Light::Red, ""), EnumName(Light::Green, ""),
                                                            EnumName(Light::Amber, "")}),
                "rows out of order");
}

}  // namespace
}  // namespace fleetwave
