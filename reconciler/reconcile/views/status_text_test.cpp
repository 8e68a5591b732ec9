// The status text: the lines a person reads for an app (its phase with release, wave, stable,
// hold reason and approvals; pause, Argo CD outage, next step or why blocked, analysis checks,
// errors), then per wave its gates and one aligned line per cluster (pin, verdict, hold,
// cordon); before the apps the fleet's warnings and cordons. Documents are built with
// status_document(), as `fleetwave status` builds them.
#include "reconcile/views/status_text.h"

#include <functional>

#include <gtest/gtest.h>

#include "reconcile/views/status_view.h"
#include "rollout/engine_fixture.h"

namespace fleetwave::cli {
namespace {

namespace ts = fleetwave::testing_support;

// canary (dev-1, bakes 10s), europe (eu-1 and eu-2, one at a time, 30m deadline, approval
// required), rest (us-1).
const WavePlan& status_text_plan() {
  static const WavePlan plan = [] {
    WavePlan p;
    p.name = "shop";
    p.waves.push_back(Wave{.name = "canary", .min_success_time_ms = 10'000});
    p.waves.push_back(Wave{
        .name = "europe", .progress_deadline_ms = 1'800'000, .max_concurrency = {false, 1}, .approval_required = true});
    p.waves.push_back(Wave{.name = "rest"});
    return p;
  }();
  return plan;
}

// App shop at the stable release kStable, every cluster pinned to it under its wave.
AppStatusInput status_text_stable_app() {
  AppStatusInput in;
  in.report.app = "shop";
  in.report.path = "apps/shop";
  in.plan = &status_text_plan();
  in.waves = WaveAssignment{{{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}};
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.stable_revision = ts::kStable;
  for (const auto& [cluster, wave] : std::vector<std::pair<std::string, std::string>>{
           {"dev-1", "canary"}, {"eu-1", "europe"}, {"eu-2", "europe"}, {"us-1", "rest"}}) {
    s.pins[cluster] = Pin{ts::kStable, wave, "https://" + cluster + ".example.com:6443", ts::kNow - 3'600'000};
  }
  in.report.state = std::move(s);
  return in;
}

// The release kRelease in flight at `wave`, dev-1 pinned to it.
void status_text_release(AppStatusInput& in, ReleasePhase phase, std::size_t wave) {
  in.report.state->release = ReleaseState{ts::kRelease, "app=B", phase, wave, ts::kNow - 60'000, {}, {}};
  in.report.state->pins["dev-1"].revision = ts::kRelease;
}

struct StatusTextCase {
  std::string name;
  std::function<void(AppStatusInput&)> given;
  std::string text;
};

const std::string kStatusTextGates1 =
    "  wave 1/3 canary: maxConcurrency 100%, maxFailures 0, minSuccessTime 10s, progressDeadline none\n";
const std::string kStatusTextGates2 =
    "  wave 2/3 europe: maxConcurrency 1, maxFailures 0, minSuccessTime 0s, progressDeadline 30m, approval required\n";
const std::string kStatusTextGates3 =
    "  wave 3/3 rest: maxConcurrency 100%, maxFailures 0, minSuccessTime 0s, progressDeadline none\n";
const std::string kStatusTextCurrent1 =
    "  wave 1/3 canary (current): maxConcurrency 100%, maxFailures 0, minSuccessTime 10s, progressDeadline none\n";

// An app at rest, and one whose WavePlan does not parse.
std::vector<StatusTextCase> status_text_resting_cases() {
  return {
      {"stable and up to date, a pin in a wave the plan no longer has",
       [](AppStatusInput& in) {
         in.report.state->pins["old-1"] = Pin{ts::kStable, "legacy", "old-1", ts::kNow};
       },
       "shop (apps/shop)\n"
       "  phase:    Stable; stable sssssss\n"
       "  status:   up to date\n" +
           kStatusTextGates1 + "    dev-1  sssssss\n" + kStatusTextGates2 + "    eu-1  sssssss\n    eu-2  sssssss\n" +
           kStatusTextGates3 +
           "    us-1  sssssss\n"
           "  pinned, in no wave:\n"
           "    old-1  sssssss\n"},
      {"invalid WavePlan: errors, warnings, ignored steps and the pins as they are",
       [](AppStatusInput& in) {
         in.plan = nullptr;
         in.waves.reset();
         Error typo = invalid_input("unknown field", "spec.waves[0].minSucessTime");
         typo.pos = SourcePos{"apps/shop/rollout.yaml", 7, 5};
         in.report.errors.push_back(typo);
         in.report.warnings.push_back(invalid_input("label selector matches no cluster", "spec.waves[1].clusters"));
         in.report.ignored.push_back("approve in 1a2b3c4 by Eve <eve@example.com>: not signed (unsigned)");
       },
       "shop (apps/shop)\n"
       "  phase:    Stable; stable sssssss\n"
       "  error:    apps/shop/rollout.yaml:7:5: spec.waves[0].minSucessTime: unknown field\n"
       "  warning:  spec.waves[1].clusters: label selector matches no cluster\n"
       "  ignored:  approve in 1a2b3c4 by Eve <eve@example.com>: not signed (unsigned)\n"
       "  pinned, in no wave:\n"
       "    dev-1  sssssss\n"
       "    eu-1   sssssss\n"
       "    eu-2   sssssss\n"
       "    us-1   sssssss\n"},
  };
}

// A release in progress, and a held one.
std::vector<StatusTextCase> status_text_release_cases() {
  return {
      {"release in progress with Argo CD's verdicts and the next step",
       [](AppStatusInput& in) {
         status_text_release(in, ReleasePhase::Progressing, 0);
         in.report.action = "advance";
         in.report.subject = "fleetwave(shop): advance aaaaaaa to wave 2/3 europe";
         in.argocd_configured = true;
         in.observations.reachable = true;
         in.observations.by_cluster["dev-1"] = ts::synced_at(ts::kRelease, ts::kNow - 30'000);
         in.observations.by_cluster["eu-1"] = ts::synced_at(ts::kStable, ts::kNow - 30'000);
         in.observations.by_cluster["eu-2"] = ts::synced_at(ts::kStable, ts::kNow - 30'000, "Degraded");
       },
       "shop (apps/shop)\n"
       "  phase:    Progressing — release aaaaaaa in wave canary; stable sssssss\n"
       "  next:     advance — fleetwave(shop): advance aaaaaaa to wave 2/3 europe\n" +
           kStatusTextCurrent1 + "    dev-1  aaaaaaa  done     Synced/Healthy at aaaaaaa\n" + kStatusTextGates2 +
           "    eu-1  sssssss  stable   Synced/Healthy at sssssss\n"  // still on the stable pin
           "    eu-2  sssssss  failed   Degraded at sssssss\n" +
           kStatusTextGates3 + "    us-1  sssssss  unknown  no Argo CD Application for us-1 yet\n"},
      {"held release and a cluster held out of rollouts",
       [](AppStatusInput& in) {
         status_text_release(in, ReleasePhase::Held, 0);
         in.report.state->release->reason = "dev-1 failed: Degraded at aaaaaaa";
         in.report.state->holds["eu-2"] = ClusterHold{"disk replacement", ts::kNow};
         in.report.blocked = "release aaaaaaa is held; fleetwave rollback shop or fleetwave retry shop";
       },
       "shop (apps/shop)\n"
       "  phase:    Held — release aaaaaaa in wave canary; stable sssssss; held: dev-1 failed: Degraded at aaaaaaa\n"
       "  blocked:  release aaaaaaa is held; fleetwave rollback shop or fleetwave retry shop\n" +
           kStatusTextCurrent1 + "    dev-1  aaaaaaa\n" + kStatusTextGates2 +
           "    eu-1  sssssss\n"
           "    eu-2  sssssss  held: disk replacement\n" +
           kStatusTextGates3 + "    us-1  sssssss\n"},
  };
}

// A release baking, one waiting for its analysis, and a paused one: a wave's gate says what it
// is doing in a word; anything else is "blocked".
std::vector<StatusTextCase> status_text_waiting_cases() {
  return {
      {"a normal bake is baking, with the time left",
       [](AppStatusInput& in) {
         status_text_release(in, ReleasePhase::Progressing, 0);
         in.report.blocked = "wave 1/3 canary healthy for 4s of minSuccessTime 10s, 6s left";
         in.report.blocked_by = "bake";
       },
       "shop (apps/shop)\n"
       "  phase:    Progressing — release aaaaaaa in wave canary; stable sssssss\n"
       "  baking:   wave 1/3 canary healthy for 4s of minSuccessTime 10s, 6s left\n" +
           kStatusTextCurrent1 + "    dev-1  aaaaaaa\n" + kStatusTextGates2 + "    eu-1  sssssss\n    eu-2  sssssss\n" +
           kStatusTextGates3 + "    us-1  sssssss\n"},
      {"clusters of the wave on their way to the release are syncing",
       [](AppStatusInput& in) {
         status_text_release(in, ReleasePhase::Progressing, 0);
         in.report.blocked = "wave 1/3 canary waiting for dev-1: OutOfSync, aaaaaaa not applied yet";
         in.report.blocked_by = "progress-deadline";
       },
       "shop (apps/shop)\n"
       "  phase:    Progressing — release aaaaaaa in wave canary; stable sssssss\n"
       "  syncing:  wave 1/3 canary waiting for dev-1: OutOfSync, aaaaaaa not applied yet\n" +
           kStatusTextCurrent1 + "    dev-1  aaaaaaa\n" + kStatusTextGates2 + "    eu-1  sssssss\n    eu-2  sssssss\n" +
           kStatusTextGates3 + "    us-1  sssssss\n"},
      {"analysis checks of the current wave, one per cluster and one for the wave",
       [](AppStatusInput& in) {
         status_text_release(in, ReleasePhase::Progressing, 0);
         in.report.blocked = "wave 1/3 canary waiting for analysis error-rate on dev-1";
         in.report.blocked_by = "analysis";
         AnalysisStatus per_cluster{"error-rate", "dev-1", "result[0] < 0.05", {}, ""};
         per_cluster.verdict.summary = "1 of 3 measurements successful (last 0.01)";
         in.report.analysis.push_back(per_cluster);
         in.report.analysis.push_back({"latency", "", "result[0] < 300", {}, "no metrics provider configured"});
       },
       "shop (apps/shop)\n"
       "  phase:    Progressing — release aaaaaaa in wave canary; stable sssssss\n"
       "  analysis: wave 1/3 canary waiting for analysis error-rate on dev-1\n"
       "  analysis: error-rate on dev-1 (result[0] < 0.05) Running: 1 of 3 measurements successful (last 0.01)\n"
       "  analysis: latency (result[0] < 300) Running: no metrics provider configured\n" +
           kStatusTextCurrent1 + "    dev-1  aaaaaaa\n" + kStatusTextGates2 + "    eu-1  sssssss\n    eu-2  sssssss\n" +
           kStatusTextGates3 + "    us-1  sssssss\n"},
      {"paused app in an approved wave while Argo CD is unreachable",
       [](AppStatusInput& in) {
         status_text_release(in, ReleasePhase::Progressing, 1);
         in.report.state->release->approvals = {"europe"};
         in.report.state->paused = true;
         in.report.state->pause_reason = "investigating latency";
         in.report.blocked = "paused: investigating latency (fleetwave resume shop)";
         in.argocd_configured = true;
         in.observations.error = "connection refused";
         in.frozen = true;  // a pause wins
       },
       "shop (apps/shop)\n"
       "  phase:    Paused — release aaaaaaa in wave europe; stable sssssss; approved: europe\n"
       "  argocd:   unreachable: connection refused\n"
       "  blocked:  paused: investigating latency (fleetwave resume shop)\n" +
           kStatusTextGates1 +
           "    dev-1  aaaaaaa  unknown  Argo CD unreachable: connection refused\n"
           "  wave 2/3 europe (current): maxConcurrency 1, maxFailures 0, minSuccessTime 0s, progressDeadline 30m, "
           "approval required (approved)\n"
           "    eu-1  sssssss  unknown  Argo CD unreachable: connection refused\n"
           "    eu-2  sssssss  unknown  Argo CD unreachable: connection refused\n" +
           kStatusTextGates3 + "    us-1  sssssss  unknown  Argo CD unreachable: connection refused\n"},
  };
}

TEST(StatusTextTest, TheLinesOfOneApp) {
  std::vector<StatusTextCase> cases = status_text_resting_cases();
  for (auto more : {status_text_release_cases, status_text_waiting_cases}) {
    for (StatusTextCase& c : more()) cases.push_back(std::move(c));
  }
  for (const StatusTextCase& c : cases) {
    SCOPED_TRACE(c.name);
    AppStatusInput in = status_text_stable_app();
    c.given(in);
    EXPECT_EQ(format_status_text(status_document("main", ts::kRelease, {in})), c.text);
  }
}

// On a terminal: the phase, what waits and each verdict in colour, verdicts with a symbol; the
// same words and columns as without.
TEST(StatusTextTest, ColourOnATerminal) {
  AppStatusInput in = status_text_stable_app();
  status_text_release(in, ReleasePhase::Progressing, 0);
  in.report.blocked = "wave 1/3 canary healthy for 4s of minSuccessTime 10s, 6s left";
  in.report.blocked_by = "bake";
  in.argocd_configured = true;
  in.observations.reachable = true;
  in.observations.by_cluster["dev-1"] = ts::synced_at(ts::kRelease, ts::kNow - 30'000);
  in.observations.by_cluster["eu-2"] = ts::synced_at(ts::kStable, ts::kNow - 30'000, "Degraded");
  const Json doc = status_document("main", ts::kRelease, {in});
  const std::string text = format_status_text(doc, true);
  EXPECT_EQ(text.rfind("\033[1mshop\033[0m (apps/shop)\n  phase:    \033[36mProgressing\033[0m — release", 0), 0u)
      << text;
  EXPECT_NE(text.find("  \033[36mbaking:\033[0m   wave 1/3 canary healthy for 4s"), std::string::npos) << text;
  EXPECT_NE(text.find("    dev-1  aaaaaaa  \033[32m✓ done\033[0m     Synced/Healthy at aaaaaaa\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("    eu-2  sssssss  \033[31m✗ failed\033[0m   Degraded at sssssss\n"), std::string::npos) << text;
  std::string stripped;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\033') {
      i = text.find('m', i);
      continue;
    }
    stripped += text[i];
  }
  for (const char* symbol : {"✓ ", "✗ ", "… ", "· "}) {
    for (std::size_t at = stripped.find(symbol); at != std::string::npos; at = stripped.find(symbol))
      stripped.erase(at, std::string(symbol).size());
  }
  EXPECT_EQ(stripped, format_status_text(doc)) << "the same words without colours and symbols";
  EXPECT_EQ(format_status_text(doc).find('\033'), std::string::npos) << "no colour unless asked";
}

// Argo CD's messages and people's reasons are text from outside: a newline cannot forge a line
// of the report, an escape sequence cannot reach the terminal (house rule 14).
TEST(StatusTextTest, TextFromOutsideStaysOnItsLine) {
  AppStatusInput in = status_text_stable_app();
  status_text_release(in, ReleasePhase::Held, 0);
  in.report.state->release->reason = "dev-1 failed\n  status:   up to date";
  in.report.blocked = "release aaaaaaa is held";
  in.argocd_configured = true;
  in.observations.reachable = true;
  AppObservation degraded = ts::synced_at(ts::kRelease, ts::kNow, "Degraded");
  degraded.health_message = "Back-off\x1b[2J restarting\nfailed container";
  in.observations.by_cluster["dev-1"] = degraded;
  const std::string text = format_status_text(status_document("main", ts::kRelease, {in}));
  EXPECT_NE(text.find("  phase:    Held — release aaaaaaa in wave canary; stable sssssss; held: dev-1 failed\\n  "
                      "status:   up to date\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    dev-1  aaaaaaa  failed   Degraded at aaaaaaa: Back-off\\x1b[2J restarting\\nfailed "
                      "container\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find("\nfailed container"), std::string::npos);
}

TEST(StatusTextTest, FleetWarningsAndCordonsComeFirstAndCordonedClustersSayWhy) {
  const std::vector<Cordon> cordons = {
      {"eu-2", Taint{"cluster.karmada.io/not-ready", "", "NoExecute"}, "kernel upgrade", "Jane <jane@example.com>",
       ts::kNow - 3'600'000, false},
      {"us-1", Taint{"fleetwave.io/failover", "true", "NoExecute"}, "unreachable for 5m", "fleetwave",
       ts::kNow - 3'600'000, true},
  };
  AppStatusInput shop = status_text_stable_app();
  shop.cordons = &cordons;
  Json doc = status_document("main", ts::kRelease, {shop}, cordons);
  doc["warnings"].push_back("branch main is 2 commit(s) behind origin/main");
  EXPECT_EQ(format_status_text(doc),
            "warning: branch main is 2 commit(s) behind origin/main\n"
            "cordoned: eu-2 (cluster.karmada.io/not-ready:NoExecute) by Jane <jane@example.com> since "
            "2027-01-15T07:00:00Z: kernel upgrade\n"
            "cordoned: us-1 (fleetwave.io/failover=true:NoExecute) by fleetwave since 2027-01-15T07:00:00Z "
            "(automatic failover): unreachable for 5m\n"
            "\n"
            "shop (apps/shop)\n"
            "  phase:    Stable; stable sssssss\n"
            "  status:   up to date\n" +
                kStatusTextGates1 + "    dev-1  sssssss\n" + kStatusTextGates2 +
                "    eu-1  sssssss\n"
                "    eu-2  sssssss  cordoned by Jane <jane@example.com> since 2027-01-15T07:00:00Z: kernel upgrade "
                "(taint cluster.karmada.io/not-ready:NoExecute)\n" +
                kStatusTextGates3 +
                "    us-1  sssssss  cordoned automatically by fleetwave since 2027-01-15T07:00:00Z: unreachable for "
                "5m (taint fleetwave.io/failover=true:NoExecute)\n");
}

// With a clock the text says how long ago things happened, as kubectl writes ages; without one
// (a report appended only when it changes) it does not.
TEST(StatusTextTest, AgesWithAClock) {
  const std::vector<Cordon> cordons = {{"eu-2", Taint{"cluster.karmada.io/not-ready", "", "NoExecute"}, "kernel",
                                        "Jane <jane@example.com>", ts::kNow - 7'200'000, false}};
  AppStatusInput in = status_text_stable_app();
  status_text_release(in, ReleasePhase::Progressing, 0);  // started and pinned a minute ago
  in.report.state->pins["dev-1"].pinned_at_ms = ts::kNow - 192'000;
  const Json doc = status_document("main", ts::kRelease, {in}, cordons);
  const std::string text = format_status_text(doc, false, ts::kNow);
  EXPECT_NE(text.find("cordoned: eu-2 (cluster.karmada.io/not-ready:NoExecute) by Jane <jane@example.com> since "
                      "2027-01-15T06:00:00Z (120m ago): kernel\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  phase:    Progressing — release aaaaaaa in wave canary, started 60s ago; stable sssssss\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    dev-1  aaaaaaa  (pinned 3m12s ago)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    us-1  sssssss  (pinned 60m ago)\n"), std::string::npos) << text;
  EXPECT_NE(format_status_text(doc, false, ts::kNow - 3'600'000 - 5'000).find("(pinned just now)"), std::string::npos)
      << "a pin a little ahead of the clock is just now";
  EXPECT_EQ(format_status_text(doc).find(" ago"), std::string::npos);
}

// An app waiting for an approval says whose approval counts (docs/approvals.md).
TEST(StatusTextTest, AnApprovalSaysWhoseApprovalCounts) {
  AppStatusInput in = status_text_stable_app();
  status_text_release(in, ReleasePhase::WaitingApproval, 1);
  in.report.blocked =
      "waiting for approval of wave europe (2/3): merge branch fleetwave/approve/shop/aaaaaaa/europe or "
      "run `fleetwave approve shop --wave europe`";
  in.report.blocked_by = "approval";
  auto who = [&](const ApprovalRules& rules) {
    const std::string text = format_status_text(status_document("main", ts::kRelease, {in}, {}, rules));
    const std::size_t at = text.find("  who:      ");
    return at == std::string::npos ? text : text.substr(at, text.find('\n', at) - at);
  };
  EXPECT_EQ(who({}),
            "  who:      anyone who can push to main; a review approval of its pull request (with an approvals "
            "provider)");
  EXPECT_EQ(who({{"alice"}, false}),
            "  who:      anyone who can push to main; a review approval by @alice (approvals.allowedReviewers)");
  EXPECT_EQ(who({{"alice", "bob", "carol"}, true}),
            "  who:      an approve or merge commit signed by a key in approvals.allowedSigners; a review approval by "
            "@alice, @bob or @carol (approvals.allowedReviewers)");
  in.report.blocked_by = "bake";
  EXPECT_EQ(format_status_text(status_document("main", ts::kRelease, {in})).find("who:"), std::string::npos);
}

TEST(StatusTextTest, AppsAreSeparatedByABlankLineAndNoAppsSaysSo) {
  AppStatusInput shop = status_text_stable_app();
  AppStatusInput fresh;  // a new app: no pins, no waves
  fresh.report.app = "db";
  fresh.report.path = "apps/db";
  fresh.report.state = RolloutState{};
  fresh.report.action = "start";
  fresh.report.subject = "fleetwave(db): start aaaaaaa at wave 1/1 all";
  EXPECT_EQ(format_status_text(status_document("main", ts::kRelease, {fresh, shop})),
            "db (apps/db)\n"
            "  phase:    New\n"
            "  next:     start — fleetwave(db): start aaaaaaa at wave 1/1 all\n"
            "\n"
            "shop (apps/shop)\n"
            "  phase:    Stable; stable sssssss\n"
            "  status:   up to date\n" +
                kStatusTextGates1 + "    dev-1  sssssss\n" + kStatusTextGates2 +
                "    eu-1  sssssss\n    eu-2  sssssss\n" + kStatusTextGates3 + "    us-1  sssssss\n");
  EXPECT_EQ(format_status_text(status_document("main", ts::kRelease, {})), "no apps at aaaaaaa (no WavePlan found)\n");
}

}  // namespace
}  // namespace fleetwave::cli
