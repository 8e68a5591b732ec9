// Test support for the gate tests (header-only, beside them): a release of "shop" at wave 2/3
// europe with three clusters, and one gate of builtin_wave_gates() asked by name at a point, so
// each gate is tested as the engine calls it.
#pragma once

#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "rollout/gates/wave_gate.h"

namespace fleetwave::testing_support {

class GateTest : public ::testing::Test {
 protected:
  static constexpr std::int64_t kNow = 1'800'000'000'000;
  const std::string kRelease = std::string(40, 'a');

  GateTest() {
    plan_.name = "shop";
    for (const char* name : {"canary", "europe", "rest"}) plan_.waves.push_back(Wave{.name = name});
    in_.plan = &plan_;
    in_.state.app = "shop";
    in_.state.stable_inputs = "app=A clusters=C policies=P";
    in_.now_ms = kNow;
    release_ = ReleaseState{kRelease, "app=B clusters=C policies=P", ReleasePhase::Progressing, 1, kNow, {}, {}};
    progress_.total = 3;
  }

  Wave& wave() { return plan_.waves[1]; }

  // What the gate `name` at `point` says about wave 2/3 europe of the release.
  GateVerdict ask(std::string_view name, GatePoint point) {
    const GateContext ctx{in_, wave(), 1, "2/3 europe", release_, &progress_};
    for (const WaveGate& g : builtin_wave_gates()) {
      if (g.name == name && g.point == point) return g.check(ctx);
    }
    ADD_FAILURE() << "no gate " << name << " at that point";
    return GateVerdict::pass();
  }

  WavePlan plan_;
  EngineInput in_;
  ReleaseState release_;
  WaveProgress progress_;
};

}  // namespace fleetwave::testing_support
