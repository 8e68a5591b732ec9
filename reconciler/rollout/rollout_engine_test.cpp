#include "rollout/rollout_engine.h"

#include <functional>

#include <gtest/gtest.h>

#include "rollout/count_or_percent.h"

namespace fleetwave {
namespace {

const std::string kStable = "5555555555555555555555555555555555555555";
const std::string kRelease = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const std::string kNewer = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const std::string kStableInputs = "app=s1 clusters=c1 policies=-";
const std::string kReleaseInputs = "app=r1 clusters=c1 policies=-";
const std::string kNewerInputs = "app=r2 clusters=c1 policies=-";
constexpr std::int64_t kNow = 1'800'000'000'000;
constexpr std::int64_t kSecond = 1000;

WavePlan three_waves() {
  WavePlan plan;
  plan.name = "shop";
  Wave canary;
  canary.name = "canary";
  canary.min_success_time_ms = 10 * kSecond;
  canary.progress_deadline_ms = 600 * kSecond;
  Wave europe;
  europe.name = "europe";
  europe.max_concurrency = CountOrPercent{true, 50};
  europe.max_failures = CountOrPercent{false, 1};
  Wave rest;
  rest.name = "rest";
  plan.waves = {canary, europe, rest};
  return plan;
}

AppObservation synced(const std::string& revision, std::int64_t finished_at) {
  AppObservation a;
  a.sync_status = "Synced";
  a.sync_revision = revision;
  a.health_status = "Healthy";
  a.operation_phase = "Succeeded";
  a.operation_revision = revision;
  a.sync_result_revision = revision;
  a.finished_at_ms = finished_at;
  return a;
}

AppObservation degraded(const std::string& revision) {
  AppObservation a = synced(revision, kNow);
  a.health_status = "Degraded";
  a.health_message = "Deployment exceeded its progress deadline";
  return a;
}

// The app at the stable release, every cluster pinned to it; `head` carries the release.
EngineInput base_input(const WavePlan& plan) {
  EngineInput in;
  in.plan = &plan;
  in.state.app = "shop";
  in.state.path = "apps/shop";
  in.state.stable_revision = kStable;
  in.state.stable_inputs = kStableInputs;
  in.waves.clusters = {{"dev-1"}, {"eu-1", "eu-2", "eu-3"}, {"us-1"}};
  in.candidate_clusters = {"dev-1", "eu-1", "eu-2", "eu-3", "us-1"};
  for (const auto& wave : in.waves.clusters) {
    for (const std::string& c : wave) {
      std::string w = c == "dev-1" ? "canary" : c == "us-1" ? "rest" : "europe";
      in.state.pins[c] = Pin{kStable, w, "https://" + c, kNow - 3600 * kSecond};
      in.servers[c] = "https://" + c;
    }
  }
  in.head_revision = kRelease;
  in.head_inputs = kReleaseInputs;
  in.observations.reachable = true;
  for (const auto& [c, pin] : in.state.pins) in.observations.by_cluster[c] = synced(kStable, kNow - 3600 * kSecond);
  in.now_ms = kNow;
  return in;
}

// Release in flight at `wave` with `pinned` clusters on it.
void in_flight(EngineInput& in, std::size_t wave, const std::vector<std::string>& pinned,
               std::int64_t pinned_at = kNow - 60 * kSecond) {
  in.state.release =
      ReleaseState{kRelease, kReleaseInputs, ReleasePhase::Progressing, wave, kNow - 3600 * kSecond, {}, {}};
  for (const std::string& c : pinned) {
    in.state.pins[c].revision = kRelease;
    in.state.pins[c].pinned_at_ms = pinned_at;
  }
}

std::vector<std::string> pinned_to(const RolloutState& s, const std::string& revision) {
  std::vector<std::string> out;
  for (const auto& [c, pin] : s.pins) {
    if (pin.revision == revision) out.push_back(c);
  }
  return out;
}

struct EngineCase {
  std::string name;
  std::function<void(EngineInput&)> setup;
  std::string action;   // "" = no step
  std::string subject;  // expected commit subject, or the blocked reason when no step
  std::function<void(const Step&)> check = nullptr;
};

TEST(RolloutEngine, DecidesEveryTransition) {
  WavePlan plan = three_waves();
  WavePlan approval_plan = three_waves();
  approval_plan.waves[1].approval_required = true;
  WavePlan pause_plan = three_waves();
  pause_plan.on_failure = OnFailure::Pause;

  std::vector<EngineCase> cases = {
      {"up to date: nothing to do", [](EngineInput& in) { in.head_inputs = kStableInputs; }, "", ""},
      {"first release starts with the canary wave",
       [](EngineInput& in) {
         in.state.stable_revision.clear();
         in.state.stable_inputs.clear();
         in.state.pins.clear();
       },
       "start", "fleetwave(shop): start aaaaaaa at wave 1/3 canary (1 of 1 clusters)",
       [](const Step& s) {
         EXPECT_EQ(pinned_to(s.next, kRelease), std::vector<std::string>{"dev-1"});
         EXPECT_EQ(s.next.pins.size(), 1u) << "unreached waves stay unpinned on a first release";
         EXPECT_EQ(s.message.trailer("Fleetwave-Action"), "start");
         EXPECT_EQ(s.message.trailer("Fleetwave-Release"), kRelease);
         EXPECT_EQ(s.message.trailer("Fleetwave-Wave"), "canary");
         EXPECT_EQ(s.message.trailer("Fleetwave-Evidence"), "First release of shop.");
       }},
      // Issue 24: no step leaves an app with zero clusters.
      {"a release that reaches no cluster is held, not rolled out",
       [](EngineInput& in) {
         in.candidate_clusters.clear();
         in_flight(in, 1, {"dev-1"});
         in.head_revision = kNewer;
         in.head_inputs = kNewerInputs;
       },
       "hold", "fleetwave(shop): hold bbbbbbb (reaches no cluster)",
       [](const Step& s) {
         EXPECT_EQ(pinned_to(s.next, kStable).size(), 5u) << "every cluster keeps running the stable release";
         ASSERT_TRUE(s.next.release);
         EXPECT_EQ(s.next.release->phase, ReleasePhase::Held);
         EXPECT_EQ(s.message.trailer("Fleetwave-Evidence"), "release bbbbbbb reaches no cluster while shop runs on 5");
       }},
      {"a new release pins only the first wave", [](EngineInput&) {}, "start",
       "fleetwave(shop): start aaaaaaa at wave 1/3 canary (1 of 1 clusters)",
       [](const Step& s) {
         EXPECT_EQ(pinned_to(s.next, kRelease), std::vector<std::string>{"dev-1"});
         EXPECT_EQ(pinned_to(s.next, kStable).size(), 4u);
         EXPECT_EQ(s.next.pins.at("dev-1").pinned_at_ms, kNow);
         EXPECT_EQ(s.next.pins.at("dev-1").server, "https://dev-1");
       }},
      {"Argo CD unreachable is unknown, never success",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         in.observations = Observations{false, "connection refused", {}};
       },
       "", "wave 1/3 canary waiting for dev-1: Argo CD unreachable: connection refused"},
      {"a missing Application is unknown",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         in.observations.by_cluster.erase("dev-1");
       },
       "", "wave 1/3 canary waiting for dev-1: no Argo CD Application for dev-1 yet"},
      {"stale status for the old revision is not success", [](EngineInput& in) { in_flight(in, 0, {"dev-1"}); }, "",
       "wave 1/3 canary waiting for dev-1: Argo CD has not compared aaaaaaa yet (at 5555555)"},
      {"compared but not yet applied",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         AppObservation a = synced(kStable, kNow);
         a.sync_revision = kRelease;
         a.sync_status = "OutOfSync";
         a.operation_phase = "Running";
         in.observations.by_cluster["dev-1"] = a;
       },
       "", "wave 1/3 canary waiting for dev-1: OutOfSync, aaaaaaa not applied yet (operation Running)"},
      {"healthy but not baked for minSuccessTime",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         in.observations.by_cluster["dev-1"] = synced(kRelease, kNow - 4 * kSecond);
       },
       "", "wave 1/3 canary healthy for 4s of minSuccessTime 10s, 6s left"},
      {"baked canary advances to the next wave in batches of maxConcurrency",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         in.observations.by_cluster["dev-1"] = synced(kRelease, kNow - 12 * kSecond);
       },
       "advance", "fleetwave(shop): advance aaaaaaa to wave 2/3 europe (1 of 3 clusters)",
       [](const Step& s) {
         EXPECT_EQ(pinned_to(s.next, kRelease), (std::vector<std::string>{"dev-1", "eu-1"}));
         EXPECT_EQ(s.next.release->wave, 1u);
         EXPECT_EQ(s.message.trailer("Fleetwave-Wave"), "europe");
         EXPECT_NE(s.message.trailer("Fleetwave-Evidence").find("wave canary Synced/Healthy at aaaaaaa (dev-1)"),
                   std::string::npos);
         EXPECT_NE(s.message.trailer("Fleetwave-Evidence").find("baked 12s >= 10s"), std::string::npos);
       }},
      {"a finished batch pins the next batch of the same wave",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1", "eu-1"});
         in.observations.by_cluster["dev-1"] = synced(kRelease, kNow - 100 * kSecond);
         in.observations.by_cluster["eu-1"] = synced(kRelease, kNow - 1 * kSecond);
       },
       "advance", "fleetwave(shop): advance aaaaaaa in wave 2/3 europe (2 of 3 clusters)",
       [](const Step& s) {
         EXPECT_EQ(pinned_to(s.next, kRelease), (std::vector<std::string>{"dev-1", "eu-1", "eu-2"}));
         // Issue 25 (2): the evidence names the clusters observed (eu-1 only, not the whole wave)
         // and claims no bake: a batch does not wait for one.
         EXPECT_EQ(s.message.trailer("Fleetwave-Evidence"), "wave europe Synced/Healthy at aaaaaaa (eu-1)");
       }},
      {"failures within maxFailures are tolerated",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1", "eu-1", "eu-2", "eu-3"});
         in.observations.by_cluster["eu-1"] = synced(kRelease, kNow - 60 * kSecond);
         in.observations.by_cluster["eu-2"] = degraded(kRelease);
         in.observations.by_cluster["eu-3"] = synced(kRelease, kNow - 60 * kSecond);
       },
       "advance", "fleetwave(shop): advance aaaaaaa to wave 3/3 rest (1 of 1 clusters)"},
      {"failures beyond maxFailures roll back to the stable release",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1", "eu-1", "eu-2"});
         in.observations.by_cluster["eu-1"] = degraded(kRelease);
         AppObservation failed = synced(kStable, kNow);
         failed.operation_phase = "Failed";
         failed.operation_revision = kRelease;
         failed.operation_message = "one or more objects failed to apply";
         in.observations.by_cluster["eu-2"] = failed;
       },
       "rollback",
       "fleetwave(shop): roll back aaaaaaa to 5555555 (eu-1: Degraded at aaaaaaa: Deployment exceeded its progress "
       "deadline; "
       "eu-2: sync of aaaaaaa Failed: one or more objects failed to apply)",
       [](const Step& s) {
         EXPECT_TRUE(pinned_to(s.next, kRelease).empty());
         EXPECT_EQ(pinned_to(s.next, kStable).size(), 5u);
         EXPECT_EQ(s.next.release->phase, ReleasePhase::Held);
         EXPECT_EQ(s.message.trailer("Fleetwave-Action"), "rollback");
       }},
      {"progressDeadline passed counts as a failure",
       [](EngineInput& in) { in_flight(in, 0, {"dev-1"}, kNow - 601 * kSecond); }, "rollback",
       "fleetwave(shop): roll back aaaaaaa to 5555555 (dev-1: not healthy within progressDeadline 10m "
       "(Argo CD has not compared aaaaaaa yet (at 5555555)))"},
      {"the last wave done completes the release",
       [](EngineInput& in) {
         in_flight(in, 2, {"dev-1", "eu-1", "eu-2", "eu-3", "us-1"});
         for (auto& [c, a] : in.observations.by_cluster) a = synced(kRelease, kNow - 60 * kSecond);
       },
       "complete", "fleetwave(shop): complete aaaaaaa on 5 clusters",
       [](const Step& s) {
         EXPECT_FALSE(s.next.release.has_value());
         EXPECT_EQ(s.next.stable_revision, kRelease);
         EXPECT_EQ(s.next.stable_inputs, kReleaseInputs);
         EXPECT_EQ(s.message.trailer("Fleetwave-Action"), "complete");
       }},
      {"completion unpins clusters the release no longer reaches",
       [](EngineInput& in) {
         in_flight(in, 2, {"dev-1", "eu-1", "eu-2", "eu-3", "us-1"});
         for (auto& [c, a] : in.observations.by_cluster) a = synced(kRelease, kNow - 60 * kSecond);
         in.candidate_clusters = {"dev-1", "eu-1", "eu-2", "eu-3"};
       },
       "complete", "fleetwave(shop): complete aaaaaaa on 4 clusters",
       [](const Step& s) { EXPECT_EQ(s.next.pins.count("us-1"), 0u); }},
      {"a newer release supersedes the one in flight and restarts from the first wave",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1", "eu-1"});
         in.head_revision = kNewer;
         in.head_inputs = kNewerInputs;
       },
       "start", "fleetwave(shop): start bbbbbbb at wave 1/3 canary (1 of 1 clusters)",
       [](const Step& s) {
         EXPECT_EQ(pinned_to(s.next, kNewer), std::vector<std::string>{"dev-1"});
         EXPECT_TRUE(pinned_to(s.next, kRelease).empty()) << "eu-1 goes back to stable";
         EXPECT_NE(s.message.body.find("Supersedes release aaaaaaa"), std::string::npos);
       }},
      {"a held release waits for a newer one",
       [](EngineInput& in) {
         in_flight(in, 1, {});
         in.state.release->phase = ReleasePhase::Held;
         in.state.release->reason = "eu-1: Degraded";
       },
       "", "release aaaaaaa is held (eu-1: Degraded); push a newer release or run `fleetwave resume shop`"},
      {"a newer release replaces a held one",
       [](EngineInput& in) {
         in_flight(in, 1, {});
         in.state.release->phase = ReleasePhase::Held;
         in.head_revision = kNewer;
         in.head_inputs = kNewerInputs;
       },
       "start", "fleetwave(shop): start bbbbbbb at wave 1/3 canary (1 of 1 clusters)"},
      {"inputs reverted to the stable release abandon the release",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1", "eu-1"});
         in.head_revision = kNewer;
         in.head_inputs = kStableInputs;
       },
       "rollback", "fleetwave(shop): roll back aaaaaaa to 5555555 (inputs reverted)",
       [](const Step& s) {
         EXPECT_FALSE(s.next.release.has_value());
         EXPECT_EQ(pinned_to(s.next, kStable).size(), 5u);
       }},
      {"a human change under .fleetwave pauses",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1"});
         in.foreign_change =
             ForeignChange{"cccccccccccccccccccccccccccccccccccccccc", "Revert \"fleetwave(shop): advance\""};
       },
       "pause", "fleetwave(shop): pause (manual change in ccccccc)",
       [](const Step& s) {
         EXPECT_TRUE(s.next.paused);
         EXPECT_EQ(pinned_to(s.next, kRelease), std::vector<std::string>{"dev-1"}) << "the human's state is kept";
       }},
      {"paused: nothing moves",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         in.state.paused = true;
         in.state.pause_reason = "maintenance";
         in.observations.by_cluster["dev-1"] = synced(kRelease, kNow - 60 * kSecond);
       },
       "", "paused: maintenance; run `fleetwave resume shop` to continue"},
      {"empty waves are skipped",
       [](EngineInput& in) {
         in.waves.clusters = {{"dev-1"}, {}, {"us-1"}};
         in.candidate_clusters = {"dev-1", "us-1"};
         in_flight(in, 0, {"dev-1"});
         in.observations.by_cluster["dev-1"] = synced(kRelease, kNow - 60 * kSecond);
       },
       "advance", "fleetwave(shop): advance aaaaaaa to wave 3/3 rest (1 of 1 clusters)"},
  };

  std::vector<EngineCase> approval_cases = {
      {"a gated wave waits for approval and asks for it",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         in.observations.by_cluster["dev-1"] = synced(kRelease, kNow - 60 * kSecond);
       },
       "wait-approval", "fleetwave(shop): wait for approval of aaaaaaa wave 2/3 europe",
       [](const Step& s) {
         ASSERT_TRUE(s.approval_wave.has_value());
         EXPECT_EQ(*s.approval_wave, "europe");
         EXPECT_EQ(s.next.release->phase, ReleasePhase::WaitingApproval);
         EXPECT_EQ(pinned_to(s.next, kRelease), std::vector<std::string>{"dev-1"});
       }},
      {"waiting for approval",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1"});
         in.state.release->phase = ReleasePhase::WaitingApproval;
       },
       "",
       "waiting for approval of wave 2/3 europe: merge branch fleetwave/approve/shop/aaaaaaa/europe or run "
       "`fleetwave approve shop --wave europe`"},
      {"an approval starts the wave",
       [](EngineInput& in) {
         in_flight(in, 1, {"dev-1"});
         in.state.release->phase = ReleasePhase::WaitingApproval;
         in.state.release->approvals = {"europe"};
       },
       "advance", "fleetwave(shop): advance aaaaaaa to wave 2/3 europe (1 of 3 clusters)"},
  };

  std::vector<EngineCase> pause_cases = {
      {"onFailure pause holds the release in place",
       [](EngineInput& in) {
         in_flight(in, 0, {"dev-1"});
         in.observations.by_cluster["dev-1"] = degraded(kRelease);
       },
       "hold",
       "fleetwave(shop): hold aaaaaaa in wave 1/3 canary (dev-1: Degraded at aaaaaaa: Deployment exceeded its progress "
       "deadline)",
       [](const Step& s) {
         EXPECT_EQ(pinned_to(s.next, kRelease), std::vector<std::string>{"dev-1"});
         EXPECT_EQ(s.next.release->phase, ReleasePhase::Held);
       }},
  };

  auto run = [](const WavePlan& p, const std::vector<EngineCase>& list) {
    for (const EngineCase& c : list) {
      SCOPED_TRACE(c.name);
      EngineInput in = base_input(p);
      c.setup(in);
      Decision d = decide(in);
      if (c.action.empty()) {
        EXPECT_FALSE(d.step.has_value()) << (d.step ? d.step->message.subject : "");
        EXPECT_EQ(d.blocked, c.subject);
        continue;
      }
      ASSERT_TRUE(d.step.has_value()) << "blocked: " << d.blocked;
      EXPECT_EQ(d.step->action, c.action);
      EXPECT_EQ(d.step->message.subject, c.subject);
      EXPECT_EQ(d.step->message.trailer("Fleetwave-App"), "shop");
      EXPECT_EQ(d.step->message.trailer("Fleetwave-Action"), c.action);
      if (c.check) c.check(*d.step);
    }
  };
  run(plan, cases);
  run(approval_plan, approval_cases);
  run(pause_plan, pause_cases);
}

TEST(RolloutEngine, TwoDecisionsFromTheSameInputsAreIdentical) {
  WavePlan plan = three_waves();
  EngineInput in = base_input(plan);
  Decision a = decide(in), b = decide(in);
  ASSERT_TRUE(a.step && b.step);
  EXPECT_EQ(a.step->message.format(), b.step->message.format());
  EXPECT_EQ(a.step->next, b.step->next);
}

TEST(CommitMessage, FormatsAndParsesTrailers) {
  CommitMessage m{
      "fleetwave(shop): start aaaaaaa", "Why.\nMore.", {{"Fleetwave-App", "shop"}, {"Fleetwave-Action", "start"}}};
  std::string text = m.format();
  EXPECT_EQ(text, "fleetwave(shop): start aaaaaaa\n\nWhy.\nMore.\n\nFleetwave-App: shop\nFleetwave-Action: start\n");
  EXPECT_EQ(find_trailer(text, "Fleetwave-Action"), "start");
  EXPECT_EQ(find_trailer("Revert \"fleetwave(shop): advance\"\n\nThis reverts commit abc.\n", "Fleetwave-Action"), "");
  EXPECT_EQ(find_trailer("subject only: not a trailer\n", "subject only"), "");
}

}  // namespace
}  // namespace fleetwave
