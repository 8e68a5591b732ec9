// Karmada's empty-table repair (lua_convert.go convertEmptySliceToEmptyStructPartly).
#include "interpret/lua_json.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct RepairCase {
  std::string name;
  std::string encoded;  // what the script's table encoded to
  bool into_struct;
  std::string reference;  // "" for none
  std::string expected;
};

TEST(LuaJson, RepairsEmptyTablesFromReferences) {
  const RepairCase cases[] = {
      {"whole result [] into a struct", "[]", true, "", "{}"},
      {"whole result [] into a slice", "[]", false, "", "[]"},
      {"nested [] without references is deleted", R"({"a":[],"b":{"c":[]},"d":1})", true, "", R"({"b":{},"d":1})"},
      {"map in the reference wins", R"({"spec":{"pause":[]}})", true, R"({"spec":{"pause":{}}})",
       R"({"spec":{"pause":{}}})"},
      {"list in the reference stays a list", R"({"spec":{"args":[]}})", true, R"({"spec":{"args":[]}})",
       R"({"spec":{"args":[]}})"},
      {"paths ignore array indexes", R"({"steps":[{"pause":[]},{"setWeight":5}]})", true,
       R"({"steps":[{"setWeight":1},{"pause":{}}]})", R"({"steps":[{"pause":{}},{"setWeight":5}]})"},
      {"empty elements of a list are deleted", R"({"l":[[],1,[]]})", true, "", R"({"l":[1]})"},
      {"a new empty table the script added is deleted", R"({"kind":"X","spec":{"new":[],"old":1}})", true,
       R"({"kind":"X","spec":{"old":1}})", R"({"kind":"X","spec":{"old":1}})"},
  };
  for (const RepairCase& c : cases) {
    SCOPED_TRACE(c.name);
    Json reference = c.reference.empty() ? Json() : Json::parse(c.reference);
    std::vector<const Json*> refs;
    if (!c.reference.empty()) refs.push_back(&reference);
    EXPECT_EQ(repair_empty_tables(Json::parse(c.encoded), c.into_struct, refs).dump(), c.expected);
  }
}

TEST(LuaJson, IntegralNumbersBecomeIntegers) {
  Json v = Json::parse(R"({"a":2.0,"b":2.5,"c":[1e3]})");
  normalise_numbers(v);
  EXPECT_EQ(v.dump(), R"({"a":2,"b":2.5,"c":[1000]})");
}

}  // namespace
}  // namespace fleetwave
