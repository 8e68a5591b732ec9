// window: RolloutWindows (policies/) say when releases may move. Inside an active deny window,
// or outside every allow window that applies, no release starts and no batch is pinned; the
// clusters the next step would pin decide which windows apply. Failures still roll back
// (failure-budget is asked first) and people may pause at any time.
#include <algorithm>

#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict window_gate(const GateContext& ctx) {
  const EngineInput& in = ctx.in;
  if (in.windows.empty()) return GateVerdict::pass();
  std::vector<const Cluster*> next;  // the wave's clusters not yet on the release
  for (const std::string& name : in.waves.clusters[ctx.index]) {
    auto pin = in.state.pins.find(name);
    if (pin != in.state.pins.end() && pin->second.revision == ctx.release.revision) continue;
    auto c = std::find_if(in.inventory.begin(), in.inventory.end(), [&](const Cluster& k) { return k.name == name; });
    if (c != in.inventory.end()) next.push_back(&*c);
  }
  if (next.empty()) return GateVerdict::pass();  // the wave is pinned: the next wave's Enter decides
  auto block = window_block(in.windows, in.state.app, next, in.now_ms);
  if (!block) return GateVerdict::pass();
  return GateVerdict::wait("wave " + ctx.label + " waits: " + block->reason);
}

}  // namespace fleetwave
