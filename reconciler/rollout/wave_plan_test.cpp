// The WavePlan parser: every field, and every problem reported at its field (all of them, not
// only the first).
#include "rollout/wave_plan.h"

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"

namespace fleetwave {
namespace {

WavePlan parse(const std::string& yaml, std::vector<std::string>& problems) {
  auto docs = parse_yaml_stream(yaml, "rollout.yaml");
  EXPECT_TRUE(docs.ok()) << (docs.ok() ? "" : docs.error().to_string());
  Problems found;
  WavePlan plan = parse_wave_plan(docs->front().value, found);
  for (const Error& e : found.list()) problems.push_back(e.field + ": " + e.message);
  return plan;
}

std::string plan_yaml(const std::string& waves, const std::string& extra = "") {
  return "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n" + extra + "  waves:\n" +
         waves;
}

TEST(WavePlanTest, ParsesEveryField) {
  std::vector<std::string> problems;
  WavePlan plan = parse(plan_yaml("  - name: canary\n    clusters: {clusterNames: [dev-1]}\n"
                                  "    minSuccessTime: 10m\n    progressDeadline: 30m\n"
                                  "  - name: europe\n    clusters: {labelSelector: {matchLabels: {geo: eu}}}\n"
                                  "    maxConcurrency: 25%\n    maxFailures: 1\n    approval: required\n"
                                  "  - name: rest\n    clusters: {}\n",
                                  "  onFailure: pause\n"),
                        problems);
  EXPECT_EQ(problems, std::vector<std::string>{});
  EXPECT_EQ(plan.name, "shop");
  ASSERT_EQ(plan.waves.size(), 3u);
  EXPECT_EQ(plan.on_failure, OnFailure::Pause);
  const Wave& canary = plan.waves[0];
  EXPECT_EQ(canary.min_success_time_ms, 600'000);
  EXPECT_EQ(canary.progress_deadline_ms, std::optional<std::int64_t>(1'800'000));
  EXPECT_FALSE(canary.approval_required);
  const Wave& europe = plan.waves[1];
  EXPECT_TRUE(europe.approval_required);
  EXPECT_EQ(europe.max_concurrency.to_string(), "25%");
  EXPECT_EQ(europe.max_failures.of(10), 1);
  EXPECT_EQ(europe.batch_size(8), 2);         // 25% of 8
  EXPECT_EQ(europe.batch_size(3), 1);         // 25% of 3 rounds down to 0: at least one
  EXPECT_EQ(plan.waves[2].batch_size(7), 7);  // default: the whole wave
  EXPECT_EQ(plan.find("europe"), &plan.waves[1]);
  EXPECT_EQ(plan.find("mars"), nullptr);
}

TEST(WavePlanTest, ParsesDependencies) {
  std::vector<std::string> problems;
  WavePlan plan = parse(plan_yaml("  - name: a\n    clusters: {}\n", "  dependsOn: [db, cache]\n"), problems);
  EXPECT_EQ(problems, std::vector<std::string>{});
  EXPECT_EQ(plan.depends_on, (std::vector<std::string>{"db", "cache"}));
}

TEST(WavePlanTest, ReportsEveryProblemAtItsField) {
  struct Case {
    std::string name;
    std::string yaml;
    std::vector<std::string> want;
  };
  const std::vector<Case> cases = {
      {"no waves", plan_yaml("    []\n"), {"spec.waves: needs at least one wave"}},
      {"bad names and duplicates",
       plan_yaml("  - name: Canary\n    clusters: {}\n  - name: a\n    clusters: {}\n  - name: a\n    clusters: {}\n"),
       {"spec.waves[0].name: must consist of lowercase letters, digits and '-'",
        "spec.waves[2].name: duplicate wave name \"a\""}},
      {"durations",
       plan_yaml("  - name: a\n    clusters: {}\n    minSuccessTime: soon\n    progressDeadline: 0s\n"),
       {"spec.waves[0].minSuccessTime: invalid duration \"soon\"; use a number with a unit, e.g. 30s, 10m, 1h30m",
        "spec.waves[0].progressDeadline: must be greater than 0"}},
      {"counts and approval",
       plan_yaml("  - name: a\n    clusters: {}\n    maxConcurrency: 0\n    approval: maybe\n"),
       {"spec.waves[0].maxConcurrency: must be at least 1 (or 1%)",
        "spec.waves[0].approval: unsupported value \"maybe\", must be required or none"}},
      {"onFailure",
       plan_yaml("  - name: a\n    clusters: {}\n", "  onFailure: retry\n"),
       {"spec.onFailure: unsupported value \"retry\", must be rollback or pause"}},
      {"dependsOn",
       plan_yaml("  - name: a\n    clusters: {}\n", "  dependsOn: [db, Cache, shop, db]\n"),
       {"spec.dependsOn[1]: app name \"Cache\" must consist of lowercase letters, digits and '-'",
        "spec.dependsOn[2]: an app cannot depend on itself", "spec.dependsOn[3]: duplicate dependency \"db\""}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> problems;
    parse(c.yaml, problems);
    EXPECT_EQ(problems, c.want);
  }
}

}  // namespace
}  // namespace fleetwave

namespace fleetwave {
namespace {

TEST(WavePlanTest, ParsesTheDeletionGuard) {
  std::vector<std::string> problems;
  WavePlan unset = parse(plan_yaml("  - name: all\n"), problems);
  EXPECT_FALSE(unset.deletion_guard.max_deleted_objects.has_value());
  WavePlan plan = parse(plan_yaml("  - name: all\n", "  deletionGuard: {maxDeletedObjects: 3}\n"), problems);
  EXPECT_EQ(problems, std::vector<std::string>{});
  EXPECT_EQ(plan.deletion_guard.max_deleted_objects, 3);

  parse(plan_yaml("  - name: all\n", "  deletionGuard: {maxDeletedObjects: -1}\n"), problems);
  parse(plan_yaml("  - name: all\n", "  deletionGuard: {maxDeleted: 2}\n"), problems);
  parse(plan_yaml("  - name: all\n", "  deletionGuard: {maxDeletedObjects: many}\n"), problems);
  parse(plan_yaml("  - name: all\n", "  deletionGuard: 5\n"), problems);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_EQ(problems[0], "spec.deletionGuard.maxDeletedObjects: must be 0 or more");
  EXPECT_NE(problems[1].find("spec.deletionGuard.maxDeleted"), std::string::npos) << problems[1];
  EXPECT_EQ(problems[2].rfind("spec.deletionGuard.maxDeletedObjects: ", 0), 0u) << problems[2];
  EXPECT_EQ(problems[3].rfind("spec.deletionGuard: ", 0), 0u) << problems[3];
}

TEST(WavePlanTest, ParsesFailoverExpedite) {
  std::vector<std::string> problems;
  EXPECT_FALSE(parse(plan_yaml("  - name: all\n"), problems).expedite_failover);
  EXPECT_TRUE(parse(plan_yaml("  - name: all\n", "  failover: {expedite: true}\n"), problems).expedite_failover);
  EXPECT_EQ(problems, std::vector<std::string>{});
  parse(plan_yaml("  - name: all\n", "  failover: {expedite: yes please}\n"), problems);
  parse(plan_yaml("  - name: all\n", "  failover: {expedited: true}\n"), problems);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].rfind("spec.failover.expedite: ", 0), 0u) << problems[0];
  EXPECT_EQ(problems[1].rfind("spec.failover.expedited: unknown field \"expedited\"; did you mean \"expedite\"?", 0),
            0u)
      << problems[1];
}

// spec.hydrate: the app's choice of hydrated mode; unset means the fleet's.
TEST(WavePlanTest, ParsesHydrate) {
  std::vector<std::string> problems;
  EXPECT_EQ(parse(plan_yaml("  - name: all\n"), problems).hydrate, std::nullopt);
  EXPECT_EQ(parse(plan_yaml("  - name: all\n", "  hydrate: true\n"), problems).hydrate, std::optional<bool>(true));
  EXPECT_EQ(parse(plan_yaml("  - name: all\n", "  hydrate: false\n"), problems).hydrate, std::optional<bool>(false));
  EXPECT_EQ(problems, std::vector<std::string>{});
  parse(plan_yaml("  - name: all\n", "  hydrate: sometimes\n"), problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].rfind("spec.hydrate: ", 0), 0u) << problems[0];
}

}  // namespace
}  // namespace fleetwave
