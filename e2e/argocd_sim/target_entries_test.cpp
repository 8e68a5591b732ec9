#include "argocd_sim/target_entries.h"

#include <gtest/gtest.h>

namespace fleetwave::sim {
namespace {

TEST(TargetEntriesTest, ParsesWhatFleetwaveWrites) {
  const char* text = R"([
  {"app": "web", "cluster": "dev-1", "path": "apps/web", "revision": "1111111111111111111111111111111111111111",
   "server": "dev-1", "wave": "canary"},
  {"app": "web", "cluster": "eu-1", "path": "apps/web", "revision": "2222222222222222222222222222222222222222",
   "server": "https://eu-1.example.com", "wave": "europe"}
])";
  Result<std::vector<TargetEntry>> entries = parse_targets(text, ".fleetwave/web/targets.json");
  ASSERT_TRUE(entries.ok()) << entries.error().to_string();
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ((*entries)[0],
            (TargetEntry{"web", "dev-1", "dev-1", "canary", "1111111111111111111111111111111111111111", "apps/web"}));
  EXPECT_EQ((*entries)[1].server, "https://eu-1.example.com");
}

TEST(TargetEntriesTest, EmptyArrayIsNoTargets) {
  Result<std::vector<TargetEntry>> entries = parse_targets("[]\n", "t.json");
  ASSERT_TRUE(entries.ok());
  EXPECT_TRUE(entries->empty());
}

TEST(TargetEntriesTest, RejectsWhatTheGeneratorTemplateCannotUse) {
  struct Case {
    const char* name;
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"not an array", R"({"cluster": "a"})", "t.json: expected a JSON array of targets"},
      {"entry not an object", R"(["a"])", "t.json: [0]: expected an object"},
      {"missing wave", R"([{"cluster": "a", "server": "a", "revision": "r", "path": "p"}])",
       "t.json: [0].wave: missing"},
      {"number revision", R"([{"cluster": "a", "server": "a", "wave": "w", "revision": 1, "path": "p"}])",
       "t.json: [0].revision: expected a string"},
      {"empty cluster", R"([{"cluster": "", "server": "a", "wave": "w", "revision": "r", "path": "p"}])",
       "t.json: [0].cluster: must not be empty"},
      {"duplicate cluster",
       R"([{"cluster": "a", "server": "a", "wave": "w", "revision": "r", "path": "p"},
           {"cluster": "a", "server": "a", "wave": "w", "revision": "r", "path": "p"}])",
       "t.json: [1].cluster: \"a\" is listed twice"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<TargetEntry>> entries = parse_targets(c.text, "t.json");
    ASSERT_FALSE(entries.ok());
    EXPECT_EQ(entries.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(entries.error().message, c.error);
  }
}

TEST(TargetEntriesTest, SyntaxErrorsNameTheFile) {
  Result<std::vector<TargetEntry>> entries = parse_targets("[{", ".fleetwave/web/targets.json");
  ASSERT_FALSE(entries.ok());
  EXPECT_EQ(entries.error().message.rfind(".fleetwave/web/targets.json:", 0), 0u) << entries.error().message;
}

}  // namespace
}  // namespace fleetwave::sim
