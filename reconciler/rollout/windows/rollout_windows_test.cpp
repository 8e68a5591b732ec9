// RolloutWindows: parsing with every problem at its field, the glob and cluster filters, and the
// allow/deny decision at fixed instants (DST changes included).
#include "rollout/windows/rollout_windows.h"

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"
#include "rollout/windows/window_timing.h"

namespace fleetwave {
namespace {

constexpr std::int64_t kSecond = 1000;
constexpr std::int64_t kMinute = 60 * kSecond;
constexpr std::int64_t kHour = 60 * kMinute;

// Fixed instants (epoch ms). 2026-11-27 is a Friday; Berlin is on CET (+01:00) then.
constexpr std::int64_t kFri1700Berlin = 1795795200 * kSecond;  // 2026-11-27T16:00Z
constexpr std::int64_t kMon0800Berlin = 1796022000 * kSecond;  // 2026-11-30T07:00Z
constexpr std::int64_t kSatNoonUtc = 1795867200 * kSecond;     // 2026-11-28T12:00Z
constexpr std::int64_t kMon0900Berlin = 1796025600 * kSecond;  // 2026-11-30T08:00Z

std::vector<RolloutWindow> parse(const std::string& windows_yaml, std::vector<std::string>& problems,
                                 const std::string& name = "business-hours") {
  const std::string yaml = "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {name: " + name +
                           "}\nspec:\n  windows:\n" + windows_yaml;
  auto docs = parse_yaml_stream(yaml, "policies/windows.yaml");
  EXPECT_TRUE(docs.ok()) << (docs.ok() ? "" : docs.error().to_string());
  Problems found;
  std::vector<RolloutWindow> windows = parse_rollout_windows(docs->front().value, found);
  for (const Error& e : found.list()) problems.push_back(e.field + ": " + e.message);
  return windows;
}

std::vector<RolloutWindow> parse_ok(const std::string& windows_yaml, const std::string& name = "business-hours") {
  std::vector<std::string> problems;
  std::vector<RolloutWindow> windows = parse(windows_yaml, problems, name);
  EXPECT_EQ(problems, std::vector<std::string>{});
  return windows;
}

Cluster cluster(const std::string& name, const std::string& env) { return Cluster{name, {{"env", env}}}; }

const std::string kWeekendFreeze =
    "    - kind: deny\n      schedule: \"0 17 * * 5\"\n      duration: 63h\n      timeZone: Europe/Berlin\n";

TEST(RolloutWindowsTest, ParsesEveryField) {
  std::vector<RolloutWindow> windows =
      parse_ok(kWeekendFreeze +
               "      applications: [\"shop*\", payments]\n"
               "      clusters: {labelSelector: {matchLabels: {env: prod}}}\n"
               "    - kind: allow\n      schedule: \"@daily\"\n      duration: 1h30m\n");
  ASSERT_EQ(windows.size(), 2u);
  const RolloutWindow& deny = windows[0];
  EXPECT_EQ(deny.kind, WindowKind::Deny);
  EXPECT_EQ(deny.schedule_text, "0 17 * * 5");
  EXPECT_EQ(deny.timing->schedule, *CronSchedule::parse("0 17 * * FRI"));
  EXPECT_EQ(deny.duration_ms, 63 * kHour);
  EXPECT_EQ(deny.zone_name, "Europe/Berlin");
  EXPECT_EQ(deny.timing->zone.name(), "Europe/Berlin");
  EXPECT_EQ(deny.applications, (std::vector<std::string>{"shop*", "payments"}));
  ASSERT_TRUE(deny.clusters.has_value());
  ASSERT_TRUE(deny.clusters->label_selector.has_value());
  EXPECT_EQ(deny.clusters->label_selector->match_labels, (StringMap{{"env", "prod"}}));
  EXPECT_EQ(deny.source, "business-hours[0]");
  EXPECT_EQ(deny.describe(), "0 17 * * 5 Europe/Berlin, 63h");

  const RolloutWindow& allow = windows[1];
  EXPECT_EQ(allow.kind, WindowKind::Allow);
  EXPECT_EQ(allow.zone_name, "UTC");  // the default
  EXPECT_TRUE(allow.applications.empty());
  EXPECT_FALSE(allow.clusters.has_value());
  EXPECT_EQ(allow.source, "business-hours[1]");
  EXPECT_EQ(allow.describe(), "@daily UTC, 1h30m");
  EXPECT_STREQ(to_string(WindowKind::Allow), "allow");
  EXPECT_STREQ(to_string(WindowKind::Deny), "deny");
}

// What Argo CD's sync windows accept (robfig/cron's Parser.Parse, Go's time.ParseDuration): a
// CRON_TZ= or TZ= prefix naming the zone, "?" for "*", fractional durations.
TEST(RolloutWindowsTest, ReadsSchedulesAndDurationsAsArgoCdDoes) {
  std::vector<RolloutWindow> windows = parse_ok(
      "    - kind: deny\n      schedule: \"CRON_TZ=Europe/Berlin 0 17 ? * FRI\"\n      duration: 1.5h\n"
      "    - kind: deny\n      schedule: \"TZ=Asia/Tokyo 0 9 * * *\"\n      duration: 90m\n"
      "      timeZone: Asia/Tokyo\n");
  ASSERT_EQ(windows.size(), 2u);
  EXPECT_EQ(windows[0].zone_name, "Europe/Berlin");
  EXPECT_EQ(windows[0].schedule_text, "0 17 ? * FRI");
  EXPECT_EQ(windows[0].timing->schedule, *CronSchedule::parse("0 17 * * 5"));
  EXPECT_EQ(windows[0].duration_ms, 90 * 60'000);
  EXPECT_EQ(windows[0].describe(), "0 17 ? * FRI Europe/Berlin, 1h30m");
  EXPECT_EQ(windows[1].zone_name, "Asia/Tokyo");
}

TEST(RolloutWindowsTest, AZoneNamedTwiceMustAgree) {
  std::vector<std::string> problems;
  parse(
      "    - kind: deny\n      schedule: \"CRON_TZ=Europe/Berlin 0 17 * * 5\"\n      duration: 1h\n"
      "      timeZone: UTC\n"
      "    - kind: deny\n      schedule: \"CRON_TZ=Europe/Berlin\"\n      duration: 1h\n",
      problems);
  EXPECT_EQ(problems, (std::vector<std::string>{
                          "spec.windows[0].timeZone: \"UTC\" differs from the schedule's CRON_TZ=Europe/Berlin; name "
                          "the time zone once",
                          "spec.windows[1].schedule: \"CRON_TZ=Europe/Berlin\" names a time zone but no schedule "
                          "after it"}));
}

TEST(RolloutWindowsTest, ReportsEveryProblemAtItsField) {
  struct Case {
    std::string name;
    std::string windows;
    std::vector<std::string> want;
  };
  const std::vector<Case> cases = {
      {"no windows", "    []\n", {"spec.windows: needs at least one window"}},
      {"not a map",
       "    - deny\n",
       {"spec.windows[0]: expected a window (a map with kind, schedule and duration), got a string"}},
      {"missing fields",
       "    - {}\n",
       {"spec.windows[0].kind: required field is missing", "spec.windows[0].schedule: required field is missing",
        "spec.windows[0].duration: required field is missing"}},
      {"unknown field",
       "    - kind: deny\n      schedul: \"* * * * *\"\n      schedule: \"* * * * *\"\n      duration: 1h\n",
       {"spec.windows[0].schedul: unknown field \"schedul\"; did you mean \"schedule\"?"}},
      {"kind",
       "    - kind: block\n      schedule: \"* * * * *\"\n      duration: 1h\n",
       {"spec.windows[0].kind: unsupported value \"block\", must be allow or deny"}},
      {"schedule",
       "    - kind: deny\n      schedule: \"61 * * * *\"\n      duration: 1h\n",
       {"spec.windows[0].schedule: invalid cron schedule \"61 * * * *\": minute: \"61\" is out of range 0-59"}},
      {"schedule fields",
       "    - kind: deny\n      schedule: \"0 17 * *\"\n      duration: 1h\n",
       {"spec.windows[0].schedule: invalid cron schedule \"0 17 * *\": expected 5 fields (minute hour day-of-month "
        "month day-of-week), got 4"}},
      {"durations",
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 0s\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: soon\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 8785h\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 8784h\n",
       {"spec.windows[0].duration: must be greater than 0",
        "spec.windows[1].duration: invalid duration \"soon\"; use a number with a unit, e.g. 30s, 10m, 1h30m",
        "spec.windows[2].duration: must be at most 8784h (366 days)"}},
      {"time zones",
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      timeZone: Europ/Berlin\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      timeZone: ../../etc/passwd\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      timeZone: Etc/UTC\n",
       {"spec.windows[0].timeZone: unknown time zone \"Europ/Berlin\"",
        "spec.windows[1].timeZone: invalid time zone name \"../../etc/passwd\""}},
      {"applications",
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      applications: [shop, \"\"]\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      applications: shop\n",
       {"spec.windows[0].applications[1]: must not be empty",
        "spec.windows[1].applications: expected a list of strings, got a string"}},
      {"clusters",
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      clusters: {labelSelecter: {}}\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      clusters: [prod]\n",
       {"spec.windows[0].clusters.labelSelecter: unknown field \"labelSelecter\"; did you mean \"labelSelector\"?",
        "spec.windows[1].clusters: expected a map, got a list"}},
      // types_test.go TestSyncWindow_Validate / the SyncWindow type: andOperator and manualSync
      // are booleans, namespaces a list of globs, description a string.
      {"flags",
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      andOperator: \"true\"\n"
       "      manualSync: [true]\n      namespaces: [shop, \"\"]\n      description: [CHG-1]\n"
       "    - kind: deny\n      schedule: \"@daily\"\n      duration: 1h\n      andoperator: true\n",
       {"spec.windows[0].namespaces[1]: must not be empty",
        "spec.windows[0].andOperator: expected true or false, got a string",
        "spec.windows[0].manualSync: expected true or false, got a list",
        "spec.windows[0].description: expected a string, got a list",
        "spec.windows[1].andoperator: unknown field \"andoperator\"; did you mean \"andOperator\"?"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> problems;
    parse(c.windows, problems);
    EXPECT_EQ(problems, c.want);
  }
}

TEST(RolloutWindowsTest, ReportsObjectProblems) {
  auto docs = parse_yaml_stream(
      "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {}\n"
      "spec: {windows: x, window: []}\nstatus: {}\n",
      "w.yaml");
  ASSERT_TRUE(docs.ok());
  Problems found;
  EXPECT_TRUE(parse_rollout_windows(docs->front().value, found).empty());
  std::vector<std::string> problems;
  for (const Error& e : found.list()) problems.push_back(e.field + ": " + e.message);
  EXPECT_EQ(problems, (std::vector<std::string>{
                          "status: unknown field \"status\"; valid fields are: apiVersion, kind, metadata, spec",
                          "metadata.name: required field is missing",
                          "spec.window: unknown field \"window\"; did you mean \"windows\"?",
                          "spec.windows: expected a list, got a string"}));
}

TEST(RolloutWindowsTest, UsesTheInjectedZoneLoader) {
  std::vector<std::string> asked;
  const TimeZoneLoader loader = [&](const std::string& name) -> Result<TimeZone> {
    asked.push_back(name);
    if (name == "Mars/Olympus") return invalid_input("unknown time zone \"Mars/Olympus\"");
    return TimeZone::utc(name);
  };
  auto docs = parse_yaml_stream(
      "metadata: {name: w}\nspec:\n  windows:\n"
      "    - {kind: deny, schedule: '@daily', duration: 1h, timeZone: Mars/Olympus}\n"
      "    - {kind: deny, schedule: '@daily', duration: 1h}\n",
      "w.yaml");
  ASSERT_TRUE(docs.ok());
  Problems found;
  std::vector<RolloutWindow> windows = parse_rollout_windows(docs->front().value, found, loader);
  EXPECT_EQ(asked, (std::vector<std::string>{"Mars/Olympus", "UTC"}));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found.list()[0].field, "spec.windows[0].timeZone");
  EXPECT_EQ(found.list()[0].message, "unknown time zone \"Mars/Olympus\"");
}

TEST(RolloutWindowsTest, GlobMatch) {
  EXPECT_TRUE(glob_match("shop", "shop"));
  EXPECT_FALSE(glob_match("shop", "shops"));
  EXPECT_FALSE(glob_match("shop", "sho"));
  EXPECT_TRUE(glob_match("shop*", "shop"));
  EXPECT_TRUE(glob_match("shop*", "shop-frontend"));
  EXPECT_FALSE(glob_match("shop*", "my-shop"));
  EXPECT_TRUE(glob_match("*shop*", "my-shop-eu"));
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_TRUE(glob_match("*", "anything"));
  EXPECT_FALSE(glob_match("", "x"));
  EXPECT_TRUE(glob_match("", ""));
  EXPECT_TRUE(glob_match("shop-?", "shop-1"));
  EXPECT_FALSE(glob_match("shop-?", "shop-12"));
  EXPECT_FALSE(glob_match("shop-?", "shop-"));
  EXPECT_TRUE(glob_match("a*b*c", "aXXbYYc"));
  EXPECT_TRUE(glob_match("a*b*c", "abbbc"));
  EXPECT_FALSE(glob_match("a*b*c", "abcX"));
  EXPECT_TRUE(glob_match("*-eu-?", "pay-eu-eu-1"));
  EXPECT_TRUE(glob_match("**a", "a"));
  EXPECT_FALSE(glob_match("Shop*", "shop"));  // case-sensitive, like app names
  // No exponential backtracking.
  EXPECT_FALSE(glob_match("*a*a*a*a*a*a*a*a*a*a*b", std::string(200, 'a')));
}

TEST(RolloutWindowsTest, DenyWindowBlocksWhileActive) {
  const std::vector<RolloutWindow> windows = parse_ok(kWeekendFreeze);
  const Cluster prod = cluster("prod-1", "prod");
  const std::vector<const Cluster*> pinned = {&prod};
  EXPECT_EQ(window_block(windows, "shop", pinned, kFri1700Berlin - 1), std::nullopt);
  for (std::int64_t now : {kFri1700Berlin, kSatNoonUtc, kMon0800Berlin - 1}) {
    auto block = window_block(windows, "shop", pinned, now);
    ASSERT_TRUE(block.has_value()) << now;
    EXPECT_EQ(block->reason,
              "deny window business-hours[0] (0 17 * * 5 Europe/Berlin, 63h) is active until "
              "2026-11-30T08:00:00+01:00");
    EXPECT_EQ(block->until_ms, kMon0800Berlin);
  }
  EXPECT_EQ(window_block(windows, "shop", pinned, kMon0800Berlin), std::nullopt);
  EXPECT_EQ(window_block({}, "shop", pinned, kSatNoonUtc), std::nullopt);

  EXPECT_EQ(windows[0].active_start(kSatNoonUtc), kFri1700Berlin);
  EXPECT_EQ(windows[0].active_start(kMon0800Berlin), std::nullopt);
  EXPECT_EQ(windows[0].next_start(kSatNoonUtc), kFri1700Berlin + 7 * 24 * kHour);
}

TEST(RolloutWindowsTest, DurationIsElapsedTimeAcrossADstChange) {
  // Friday 2026-10-23 17:00 CEST (15:00Z) + 63h = Monday 06:00Z, 07:00 CET: the clocks went back.
  const std::vector<RolloutWindow> windows = parse_ok(kWeekendFreeze);
  auto block = window_block(windows, "shop", {}, 1792767600 * kSecond);
  ASSERT_TRUE(block.has_value());
  EXPECT_EQ(block->until_ms, 1792994400 * kSecond);
  EXPECT_EQ(block->reason,
            "deny window business-hours[0] (0 17 * * 5 Europe/Berlin, 63h) is active until 2026-10-26T07:00:00+01:00");
}

TEST(RolloutWindowsTest, TriggersInDstGapsAndOverlaps) {
  const std::vector<RolloutWindow> windows =
      parse_ok("    - {kind: deny, schedule: '30 2 * * *', duration: 30m, timeZone: Europe/Berlin}\n", "nightly");
  // 2026-03-29: 02:30 does not exist; the trigger fires when the clocks jump (01:00Z).
  EXPECT_EQ(window_block(windows, "shop", {}, 1774745100 * kSecond), std::nullopt);  // 00:45Z
  auto gap = window_block(windows, "shop", {}, 1774746900 * kSecond);                // 01:15Z
  ASSERT_TRUE(gap.has_value());
  EXPECT_EQ(gap->until_ms, (1774746000 + 1800) * kSecond);
  EXPECT_EQ(gap->reason,
            "deny window nightly[0] (30 2 * * * Europe/Berlin, 30m) is active until 2026-03-29T03:30:00+02:00");
  // 2026-10-25: 02:30 happens twice; the window opens once, at the first (00:30Z).
  auto overlap = window_block(windows, "shop", {}, 1792889100 * kSecond);  // 00:45Z
  ASSERT_TRUE(overlap.has_value());
  EXPECT_EQ(overlap->until_ms, 1792890000 * kSecond);
  EXPECT_EQ(overlap->reason,
            "deny window nightly[0] (30 2 * * * Europe/Berlin, 30m) is active until 2026-10-25T02:00:00+01:00");
  EXPECT_EQ(window_block(windows, "shop", {}, 1792892700 * kSecond), std::nullopt);  // 01:45Z, 02:45 again
  EXPECT_EQ(windows[0].next_start(1792889100 * kSecond), (1792888200 + 86400 + 3600) * kSecond);
}

TEST(RolloutWindowsTest, FindsATriggerAYearBack) {
  const std::vector<RolloutWindow> windows =
      parse_ok("    - {kind: deny, schedule: '@yearly', duration: 8784h}\n", "freeze");
  auto block = window_block(windows, "shop", {}, 1798718400 * kSecond);  // 2026-12-31T12:00Z
  ASSERT_TRUE(block.has_value());
  EXPECT_EQ(block->until_ms, 1798848000 * kSecond);  // 2026-01-01 + 366 days
  EXPECT_EQ(block->reason, "deny window freeze[0] (@yearly UTC, 8784h) is active until 2027-01-02T00:00:00Z");
}

TEST(RolloutWindowsTest, AllowWindowsBlockOutsideAndNameTheNextOpening) {
  const std::vector<RolloutWindow> windows = parse_ok(
      "    - {kind: allow, schedule: '0 9 * * 1-5', duration: 8h, timeZone: Europe/Berlin}\n"
      "    - {kind: allow, schedule: '0 9 * * 1-5', duration: 8h, timeZone: America/New_York}\n",
      "office");
  auto block = window_block(windows, "shop", {}, kSatNoonUtc);
  ASSERT_TRUE(block.has_value());
  EXPECT_EQ(block->until_ms, kMon0900Berlin);
  EXPECT_EQ(block->reason,
            "outside every allow window; the next opens at 2026-11-30T09:00:00+01:00 (allow window office[0] "
            "(0 9 * * 1-5 Europe/Berlin, 8h))");
  // Monday 10:00 in Berlin: inside the first. Monday 17:30 in Berlin (11:30 in New York): the second.
  EXPECT_EQ(window_block(windows, "shop", {}, kMon0900Berlin + kHour), std::nullopt);
  EXPECT_EQ(window_block(windows, "shop", {}, kMon0900Berlin + 8 * kHour + 30 * kMinute), std::nullopt);
  // Monday 23:30 in Berlin (17:30 in New York): both closed; Tuesday 09:00 Berlin opens first.
  auto night = window_block(windows, "shop", {}, kMon0900Berlin + 14 * kHour + 30 * kMinute);
  ASSERT_TRUE(night.has_value());
  EXPECT_EQ(night->until_ms, kMon0900Berlin + 24 * kHour);
}

TEST(RolloutWindowsTest, DenyWinsOverAnActiveAllowWindow) {
  const std::vector<RolloutWindow> windows =
      parse_ok("    - {kind: allow, schedule: '@daily', duration: 24h}\n" + kWeekendFreeze, "mixed");
  auto block = window_block(windows, "shop", {}, kSatNoonUtc);
  ASSERT_TRUE(block.has_value());
  EXPECT_EQ(block->until_ms, kMon0800Berlin);
  EXPECT_EQ(window_block(windows, "shop", {}, kMon0800Berlin), std::nullopt);
}

TEST(RolloutWindowsTest, SeveralActiveDenyWindowsBlockUntilTheLatestEnd) {
  const std::vector<RolloutWindow> windows = parse_ok(
      "    - {kind: deny, schedule: '0 16 * * 5', duration: 1h}\n"
      "    - {kind: deny, schedule: '0 16 * * 5', duration: 3h}\n"
      "    - {kind: deny, schedule: '0 16 * * 5', duration: 2h}\n",
      "stack");
  auto block = window_block(windows, "shop", {}, kFri1700Berlin + 30 * kMinute);
  ASSERT_TRUE(block.has_value());
  EXPECT_EQ(block->until_ms, kFri1700Berlin + 3 * kHour);
  EXPECT_EQ(block->reason, "deny window stack[1] (0 16 * * 5 UTC, 3h) is active until 2026-11-27T19:00:00Z");
}

TEST(RolloutWindowsTest, ApplicationGlobsFilterWindows) {
  const std::vector<RolloutWindow> windows = parse_ok(kWeekendFreeze + "      applications: [\"shop*\", payments]\n");
  EXPECT_TRUE(window_block(windows, "shop", {}, kSatNoonUtc).has_value());
  EXPECT_TRUE(window_block(windows, "shop-eu", {}, kSatNoonUtc).has_value());
  EXPECT_TRUE(window_block(windows, "payments", {}, kSatNoonUtc).has_value());
  EXPECT_FALSE(window_block(windows, "payments-eu", {}, kSatNoonUtc).has_value());
  EXPECT_FALSE(window_block(windows, "docs", {}, kSatNoonUtc).has_value());
}

TEST(RolloutWindowsTest, ClusterAffinityFiltersWindows) {
  const std::vector<RolloutWindow> windows =
      parse_ok(kWeekendFreeze + "      clusters: {labelSelector: {matchLabels: {env: prod}}}\n");
  const Cluster prod = cluster("prod-1", "prod");
  const Cluster dev = cluster("dev-1", "dev");
  EXPECT_FALSE(window_block(windows, "shop", {&dev}, kSatNoonUtc).has_value());
  EXPECT_TRUE(window_block(windows, "shop", {&prod}, kSatNoonUtc).has_value());
  EXPECT_TRUE(window_block(windows, "shop", {&dev, &prod}, kSatNoonUtc).has_value());  // any cluster
  EXPECT_TRUE(window_block(windows, "shop", {}, kSatNoonUtc).has_value());             // pins nothing yet: gated too
  EXPECT_TRUE(windows[0].applies("shop", "", nullptr));
  EXPECT_FALSE(windows[0].applies("shop", "", &dev));

  const std::vector<RolloutWindow> by_name = parse_ok(kWeekendFreeze + "      clusters: {clusterNames: [dev-1]}\n");
  EXPECT_TRUE(window_block(by_name, "shop", {&dev}, kSatNoonUtc).has_value());
  EXPECT_FALSE(window_block(by_name, "shop", {&prod}, kSatNoonUtc).has_value());
}

TEST(RolloutWindowsTest, AllowWindowsApplyPerCluster) {
  // Production may only move on weekdays 09:00-17:00 Berlin; other clusters are unrestricted.
  const std::vector<RolloutWindow> windows = parse_ok(
      "    - kind: allow\n      schedule: '0 9 * * 1-5'\n      duration: 8h\n      timeZone: Europe/Berlin\n"
      "      clusters: {labelSelector: {matchLabels: {env: prod}}}\n",
      "office");
  const Cluster prod = cluster("prod-1", "prod");
  const Cluster dev = cluster("dev-1", "dev");
  EXPECT_FALSE(window_block(windows, "shop", {&dev}, kSatNoonUtc).has_value());
  auto block = window_block(windows, "shop", {&dev, &prod}, kSatNoonUtc);
  ASSERT_TRUE(block.has_value());
  EXPECT_EQ(block->until_ms, kMon0900Berlin);
  EXPECT_EQ(block->reason,
            "outside every allow window for cluster prod-1; the next opens at 2026-11-30T09:00:00+01:00 (allow "
            "window office[0] (0 9 * * 1-5 Europe/Berlin, 8h))");
  EXPECT_FALSE(window_block(windows, "shop", {&dev, &prod}, kMon0900Berlin).has_value());
  // A start (no cluster yet) is gated by every allow window.
  EXPECT_TRUE(window_block(windows, "shop", {}, kSatNoonUtc).has_value());
}

TEST(RolloutWindowsTest, StepWaitsForItsLastClusterToOpen) {
  const std::vector<RolloutWindow> windows = parse_ok(
      "    - {kind: allow, schedule: '0 9 * * 1-5', duration: 8h, timeZone: Europe/Berlin,"
      " clusters: {clusterNames: [eu-1]}}\n"
      "    - {kind: allow, schedule: '0 9 * * 1-5', duration: 8h, timeZone: America/New_York,"
      " clusters: {clusterNames: [us-1]}}\n",
      "office");
  const Cluster eu = cluster("eu-1", "prod");
  const Cluster us = cluster("us-1", "prod");
  auto block = window_block(windows, "shop", {&eu, &us}, kSatNoonUtc);
  ASSERT_TRUE(block.has_value());
  // New York's Monday 09:00 EST is 14:00Z, after Berlin's 08:00Z.
  EXPECT_EQ(block->until_ms, 1796047200 * kSecond);
  EXPECT_EQ(block->reason,
            "outside every allow window for cluster us-1; the next opens at 2026-11-30T09:00:00-05:00 (allow window "
            "office[1] (0 9 * * 1-5 America/New_York, 8h))");
  // Monday 10:00 Berlin: eu-1 is open, us-1 is not yet.
  auto monday = window_block(windows, "shop", {&eu, &us}, kMon0900Berlin + kHour);
  ASSERT_TRUE(monday.has_value());
  EXPECT_EQ(monday->until_ms, 1796047200 * kSecond);
}

TEST(RolloutWindowsTest, SubSecondInstantsAndExactBoundaries) {
  const std::vector<RolloutWindow> windows = parse_ok("    - {kind: deny, schedule: '0 16 * * 5', duration: 1s}\n");
  EXPECT_FALSE(window_block(windows, "shop", {}, kFri1700Berlin - 1).has_value());
  EXPECT_TRUE(window_block(windows, "shop", {}, kFri1700Berlin).has_value());
  EXPECT_TRUE(window_block(windows, "shop", {}, kFri1700Berlin + 999).has_value());
  EXPECT_FALSE(window_block(windows, "shop", {}, kFri1700Berlin + 1000).has_value());
  // Far-away instants are clamped, not overflowed.
  EXPECT_FALSE(window_block(windows, "shop", {}, INT64_MAX).has_value());
  EXPECT_FALSE(window_block(windows, "shop", {}, INT64_MIN).has_value());
}

// Argo CD's SyncWindows.Matches (types.go) for the test app of types_test.go newTestApp
// (test-app, namespace default) on cluster prod-1 (env: prod). Each row names the t.Run it
// mirrors; fleetwave's clusters are a ClusterAffinity instead of globs on the destination.
TEST(RolloutWindowsTest, MatchesAsArgoCdSyncWindowsDo) {
  struct Row {
    std::string name;  // the Argo CD case mirrored
    std::string matchers;
    bool want;
  };
  const std::string app = "applications: [test-app]";
  const std::string wildcard_app = "applications: [test-*]";
  const std::string ns = "namespaces: [default]";
  const std::string cluster_on = "clusters: {clusterNames: [prod-1]}";
  const std::string other_app = "applications: [other]";
  const std::string other_ns = "namespaces: [other]";
  const std::string other_cluster = "clusters: {labelSelector: {matchLabels: {env: dev}}}";
  const std::string and_op = "andOperator: true";
  const std::vector<Row> rows = {
      // TestSyncWindows_Matches (OR, the default): one listed matcher that matches is enough.
      {"Matches/MatchNamespace", ns, true},
      {"Matches/MatchCluster", cluster_on, true},
      {"Matches/MatchAppName", app, true},
      {"Matches/MatchAppNameAndNamespace", app + ", " + ns, true},
      {"Matches/MatchAppNameAndClusterName", app + ", " + cluster_on, true},
      {"Matches/MatchNamespaceAndClusterName", ns + ", " + cluster_on, true},
      {"Matches/MatchAppNameAndNamespaceAndClusterName", app + ", " + ns + ", " + cluster_on, true},
      {"Matches/MatchWildcardAppName", wildcard_app, true},
      {"Matches/MatchWildcardAppNameAndNamespace", wildcard_app + ", " + ns, true},
      // types.go Matches: with OR, a match in any one dimension wins over misses in the others.
      {"Matches OR: app misses, namespace matches", other_app + ", " + ns, true},
      {"Matches OR: app and namespace miss, cluster matches", other_app + ", " + other_ns + ", " + cluster_on, true},
      {"Matches OR: app matches, cluster misses", app + ", " + other_cluster, true},
      {"Matches/NoMatch (every listed matcher misses)", other_app + ", " + other_ns + ", " + other_cluster, false},
      // TestSyncWindows_Matches_AND_Operator: every listed matcher must match.
      {"Matches_AND_Operator/MatchNamespace", ns + ", " + and_op, true},
      {"Matches_AND_Operator/MatchCluster", cluster_on + ", " + and_op, true},
      {"Matches_AND_Operator/MatchAppName", app + ", " + and_op, true},
      {"Matches_AND_Operator/MatchAppNameAndNamespace", app + ", " + ns + ", " + and_op, true},
      {"Matches_AND_Operator/MatchAppNameAndClusterName", app + ", " + cluster_on + ", " + and_op, true},
      {"Matches_AND_Operator/MatchAppNameAndNamespaceAndClusterName",
       app + ", " + ns + ", " + cluster_on + ", " + and_op, true},
      {"Matches_AND_Operator/MatchWildcardAppNameAndNamespace", wildcard_app + ", " + ns + ", " + and_op, true},
      {"Matches_AND_Operator: app matches, namespace misses", app + ", " + other_ns + ", " + and_op, false},
      {"Matches_AND_Operator: app and namespace match, cluster misses",
       app + ", " + ns + ", " + other_cluster + ", " + and_op, false},
      {"Matches_AND_Operator: app misses, cluster matches", other_app + ", " + cluster_on + ", " + and_op, false},
      // Deliberately not Argo CD (Matches returns nothing for a window listing no matcher):
      // a fleetwave window that lists none governs every app (docs/formats.md).
      {"no matcher: every app (Argo CD: none)", "", true},
      {"no matcher with andOperator: every app", and_op, true},
  };
  const Cluster prod = cluster("prod-1", "prod");
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const std::string extra = row.matchers.empty() ? "" : ", " + row.matchers;
    const std::vector<RolloutWindow> windows =
        parse_ok("    - {kind: deny, schedule: '@daily', duration: 24h" + extra + "}\n");
    ASSERT_EQ(windows.size(), 1u);
    EXPECT_EQ(windows[0].applies("test-app", "default", &prod), row.want);
    EXPECT_EQ(window_block(windows, WindowStep{"test-app", "default", {&prod}, false}, kSatNoonUtc).has_value(),
              row.want);
  }
}

// An app whose namespace is unknown ("": its templates name several) matches only a namespace
// glob that matches the empty string, as Argo CD's globMatch does for an empty destination
// namespace.
TEST(RolloutWindowsTest, AnUnknownNamespaceMatchesOnlyAStar) {
  const std::vector<RolloutWindow> windows = parse_ok(
      "    - {kind: deny, schedule: '@daily', duration: 24h, namespaces: ['shop-*']}\n"
      "    - {kind: deny, schedule: '@daily', duration: 24h, namespaces: ['*']}\n");
  EXPECT_TRUE(windows[0].applies("shop", "shop-eu", nullptr));
  EXPECT_FALSE(windows[0].applies("shop", "", nullptr));
  EXPECT_TRUE(windows[1].applies("shop", "", nullptr));
}

// Argo CD's SyncWindows.CanSync(isManual): a person's step (a promote) against an automatic one.
TEST(RolloutWindowsTest, ManualSyncLetsAPersonsStepThrough) {
  struct Row {
    std::string name;  // the types_test.go TestSyncWindows_CanSync case mirrored
    std::string windows;
    bool manual;
    bool blocked;
  };
  const std::string deny = "    - {kind: deny, schedule: '0 16 * * 5', duration: 63h";  // active at kSatNoonUtc
  const std::string allow = "    - {kind: allow, schedule: '0 9 * * 1', duration: 1h";  // inactive at kSatNoonUtc
  const std::string active_allow = "    - {kind: allow, schedule: '@daily', duration: 24h";
  const std::vector<Row> rows = {
      {"will deny manual sync with active-deny", deny + "}\n", true, true},
      {"will deny auto sync with active-deny", deny + "}\n", false, true},
      {"will allow manual sync with active-deny with ManualSync enabled", deny + ", manualSync: true}\n", true, false},
      {"will deny auto sync with active-deny with ManualSync enabled", deny + ", manualSync: true}\n", false, true},
      {"will deny manual sync with many active-deny having one with ManualSync disabled",
       deny + ", manualSync: true}\n" + deny + "}\n", true, true},
      {"will deny auto sync with many active-deny having one with ManualSync disabled",
       deny + ", manualSync: true}\n" + deny + "}\n", false, true},
      {"will allow manual sync with active-deny and active-allow windows with ManualSync enabled",
       deny + ", manualSync: true}\n" + active_allow + "}\n", true, false},
      {"will deny auto sync with active-deny and active-allow windows with ManualSync enabled",
       deny + ", manualSync: true}\n" + active_allow + "}\n", false, true},
      {"will deny manual sync inactive-allow", allow + "}\n", true, true},
      {"will deny auto sync inactive-allow", allow + "}\n", false, true},
      {"will allow manual sync inactive-allow with ManualSync enabled", allow + ", manualSync: true}\n", true, false},
      {"will deny auto sync inactive-allow with ManualSync enabled", allow + ", manualSync: true}\n", false, true},
      {"will deny manual sync if one inactive-allow-windows set with manual false",
       allow + ", manualSync: true}\n" + allow + "}\n", true, true},
      {"will allow manual sync if on active-allow-window set with manual false", active_allow + "}\n", true, false},
      {"will allow auto sync if on active-allow-window", active_allow + "}\n", false, false},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const std::vector<RolloutWindow> windows = parse_ok(row.windows, "freeze");
    EXPECT_EQ(window_block(windows, WindowStep{"shop", "", {}, row.manual}, kSatNoonUtc).has_value(), row.blocked);
  }
}

// A person's step waits only for the deny windows without manualSync: until the last of them ends.
TEST(RolloutWindowsTest, APersonsStepWaitsOnlyForWindowsWithoutManualSync) {
  const std::vector<RolloutWindow> windows = parse_ok(
      "    - {kind: deny, schedule: '0 16 * * 5', duration: 3h, manualSync: true}\n"
      "    - {kind: deny, schedule: '0 16 * * 5', duration: 2h}\n",
      "stack");
  auto automatic = window_block(windows, WindowStep{"shop", "", {}, false}, kFri1700Berlin + 30 * kMinute);
  ASSERT_TRUE(automatic.has_value());
  EXPECT_EQ(automatic->until_ms, kFri1700Berlin + 3 * kHour);
  auto person = window_block(windows, WindowStep{"shop", "", {}, true}, kFri1700Berlin + 30 * kMinute);
  ASSERT_TRUE(person.has_value());
  EXPECT_EQ(person->until_ms, kFri1700Berlin + 2 * kHour);
  EXPECT_EQ(person->reason, "deny window stack[1] (0 16 * * 5 UTC, 2h) is active until 2026-11-27T18:00:00Z");
}

// types_test.go TestAppProjectSpecWindowWithDescription: the description is kept, and (as the
// Argo CD UI shows it) named with the window in every reason.
TEST(RolloutWindowsTest, TheDescriptionIsShownInTheReason) {
  const std::vector<RolloutWindow> windows =
      parse_ok(kWeekendFreeze + "      description: \"weekend freeze, CHG-1234\"\n" +
               "    - {kind: allow, schedule: '0 9 * * 1-5', duration: 8h, timeZone: Europe/Berlin,"
               " description: office hours, clusters: {clusterNames: [dev-1]}}\n");
  EXPECT_EQ(windows[0].description, "weekend freeze, CHG-1234");
  EXPECT_EQ(windows[0].name(), "business-hours[0] \"weekend freeze, CHG-1234\"");
  auto deny = window_block(windows, "shop", {}, kSatNoonUtc);
  ASSERT_TRUE(deny.has_value());
  EXPECT_EQ(deny->reason,
            "deny window business-hours[0] \"weekend freeze, CHG-1234\" (0 17 * * 5 Europe/Berlin, 63h) is active "
            "until 2026-11-30T08:00:00+01:00");
  const Cluster dev = cluster("dev-1", "dev");
  auto allow = window_block(windows, "shop", {&dev}, kMon0800Berlin + 10 * kHour);
  ASSERT_TRUE(allow.has_value());
  EXPECT_EQ(allow->reason,
            "outside every allow window for cluster dev-1; the next opens at 2026-12-01T09:00:00+01:00 (allow window "
            "business-hours[1] \"office hours\" (0 9 * * 1-5 Europe/Berlin, 8h))");
}

}  // namespace
}  // namespace fleetwave
