// Test support for engine and gate tests (header-only, test-only): the engine's input for a
// small fleet of app "shop", Argo CD's report of a cluster that finished syncing a revision, the
// WavePlan of "shop" from YAML, and its state waiting for an approval.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"
#include "rollout/observation.h"
#include "rollout/rollout_engine.h"
#include "rollout/wave_plan.h"

namespace fleetwave::testing_support {

inline const std::string kStable(40, 's');   // the stable release
inline const std::string kRelease(40, 'a');  // the release at the head
inline constexpr std::int64_t kNow = 1'800'000'000'000;

// Synced, `health` and Succeeded at `revision` (compared and applied), finished at `finished_at_ms`.
inline AppObservation synced_at(const std::string& revision, std::int64_t finished_at_ms,
                                const std::string& health = "Healthy") {
  AppObservation a;
  a.sync_status = "Synced";
  a.sync_revision = a.operation_revision = a.sync_result_revision = revision;
  a.health_status = health;
  a.operation_phase = "Succeeded";
  a.finished_at_ms = finished_at_ms;
  return a;
}

// The WavePlan of app "shop" whose spec.waves are the YAML list items `waves` (the test fails on
// any problem).
inline WavePlan parse_shop_plan(const std::string& waves) {
  auto docs = parse_yaml_stream(
      "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  waves:\n" + waves,
      "rollout.yaml");
  Problems problems;
  WavePlan p = parse_wave_plan(docs->front().value, problems);
  EXPECT_TRUE(problems.empty());
  return p;
}

// App "shop" (apps/shop) with `release` (inputs "inputs", started at 1000) waiting for the
// approval of wave 1: only the canary dev-1 is pinned to it, since 1000.
inline RolloutState waiting_for_approval(const std::string& release) {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.release = ReleaseState{release, "inputs", ReleasePhase::WaitingApproval, 1, 1000, {}, {}};
  s.pins["dev-1"] = Pin{release, "canary", "dev-1", 1000};
  return s;
}

// The engine's input for app "shop" (apps/shop): the waves named, each with its clusters, all
// reached at the head kRelease (inputs "app=B clusters=C policies=P"), Argo CD reachable, now
// kNow. With `stable`, kStable is the stable release (inputs "app=A clusters=C policies=P") and
// every cluster is pinned to it with its wave since ten minutes. Not copyable: `in.plan` points
// into it.
struct EngineFixture {
  using WaveClusters = std::vector<std::pair<std::string, std::vector<std::string>>>;

  WavePlan plan;
  EngineInput in;

  explicit EngineFixture(const WaveClusters& waves, bool stable = true) {
    plan.name = "shop";
    in.plan = &plan;
    in.state.app = "shop";
    in.state.path = "apps/shop";
    in.head_revision = kRelease;
    in.head_inputs = "app=B clusters=C policies=P";
    if (stable) {
      in.state.stable_revision = kStable;
      in.state.stable_inputs = "app=A clusters=C policies=P";
    }
    for (const auto& [name, clusters] : waves) {
      plan.waves.push_back(Wave{.name = name});
      in.waves.clusters.push_back(clusters);
      for (const std::string& c : clusters) {
        in.candidate_clusters.push_back(c);
        if (stable) in.state.pins[c] = Pin{kStable, name, c, kNow - 600'000};
      }
    }
    std::sort(in.candidate_clusters.begin(), in.candidate_clusters.end());
    in.observations.reachable = true;
    in.now_ms = kNow;
  }
  EngineFixture(const EngineFixture&) = delete;
  EngineFixture& operator=(const EngineFixture&) = delete;

  // Argo CD reports `cluster` Synced and Healthy at `revision` since a minute.
  void healthy(const std::string& cluster, const std::string& revision = kRelease) {
    in.observations.by_cluster[cluster] = synced_at(revision, kNow - 60'000);
  }

  // The release in flight at `wave`, started a minute ago, with the canary `canary` pinned to it
  // and healthy.
  void release_at(std::size_t wave, const std::string& canary) {
    in.state.release = ReleaseState{kRelease, in.head_inputs, ReleasePhase::Progressing, wave, kNow - 60'000, {}, {}};
    in.state.pins[canary] = Pin{kRelease, plan.waves.front().name, canary, kNow - 60'000};
    healthy(canary);
  }

  // Takes the decision's step as the new state (fails the test without one).
  void step(const Decision& d) {
    ASSERT_TRUE(d.step) << d.blocked;
    in.state = d.step->next;
  }
};

// EngineFixture of the fleet most engine tests use: wave canary (dev-1), then europe (eu-1, eu-2).
struct CanaryEuropeFixture : EngineFixture {
  CanaryEuropeFixture() : EngineFixture({{"canary", {"dev-1"}}, {"europe", {"eu-1", "eu-2"}}}) {}
};

}  // namespace fleetwave::testing_support
