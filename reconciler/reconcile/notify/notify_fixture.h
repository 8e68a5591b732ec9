// Test support for the notify hooks (header-only, test-only): a release of "shop" rolled out by
// the real wave engine over three waves (canary: dev-1, europe: eu-1 eu-2, rest: us-1), one
// PlannedApp per step, as the cycle hands them to after_push. Argo CD reports every pinned
// cluster Synced and Healthy an hour after it was pinned, except the clusters in `degraded`.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "reconcile/app_planner.h"
#include "rollout/engine_fixture.h"

namespace fleetwave::testing_support {

inline const std::string kStableSha = "5555555555555555555555555555555555555555";
inline const std::string kReleaseSha = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

inline std::unique_ptr<WavePlan> shop_plan() {
  auto plan = std::make_unique<WavePlan>();
  plan->name = "shop";
  for (const char* name : {"canary", "europe", "rest"}) {
    Wave w;
    w.name = name;
    plan->waves.push_back(w);
  }
  return plan;
}

// The PlannedApp of one engine decision with a step (its report as the planner fills it).
inline PlannedApp planned_step(const WavePlan& plan, const RolloutState& before, Step step) {
  PlannedApp p;
  p.plan = &plan;
  p.report.app = before.app;
  p.report.path = before.path;
  p.report.action = step.action;
  p.report.subject = step.message.subject;  // as decide_step fills it: no trailers, no commit yet
  p.report.state = before;
  p.step = std::move(step);
  return p;
}

// Every step of the release from start to complete (or to the rollback a degraded cluster causes).
inline std::vector<PlannedApp> simulate_rollout(const WavePlan& plan, const std::set<std::string>& degraded = {}) {
  EngineInput in;
  in.plan = &plan;
  in.state.app = "shop";
  in.state.path = "apps/shop";
  in.state.stable_revision = kStableSha;
  in.state.stable_inputs = "app=s1 clusters=c1 policies=-";
  in.waves.clusters = {{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}};
  in.candidate_clusters = {"dev-1", "eu-1", "eu-2", "us-1"};
  std::int64_t now = 1'800'000'000'000;
  for (std::size_t w = 0; w < in.waves.clusters.size(); ++w) {
    for (const std::string& c : in.waves.clusters[w]) {
      in.state.pins[c] = Pin{kStableSha, plan.waves[w].name, "https://" + c, now};
      in.servers[c] = "https://" + c;
    }
  }
  in.head_revision = kReleaseSha;
  in.head_inputs = "app=r1 clusters=c1 policies=-";
  in.observations.reachable = true;
  std::vector<PlannedApp> out;
  for (int i = 0; i < 20; ++i) {
    now += 3600'000;
    in.now_ms = now;
    for (const auto& [c, pin] : in.state.pins) {
      in.observations.by_cluster[c] =
          synced_at(pin.revision, pin.pinned_at_ms + 60'000,
                    degraded.count(c) && pin.revision == kReleaseSha ? "Degraded" : "Healthy");
    }
    Decision d = decide(in);
    if (!d.step) break;
    RolloutState next = d.step->next;
    out.push_back(planned_step(plan, in.state, std::move(*d.step)));
    in.state = next;
    if (!in.state.release) break;  // complete, or a rollback that ended the release
    if (in.state.release->phase == ReleasePhase::Held) break;
  }
  return out;
}

}  // namespace fleetwave::testing_support
