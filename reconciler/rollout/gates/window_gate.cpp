// window: RolloutWindows (policies/) say when releases may move. Inside an active deny window,
// or outside every allow window that applies, no release starts and no batch is pinned; the
// clusters the next step would pin decide which windows apply. Failures still roll back
// (failure-budget is asked first) and people may pause at any time. A wave a person promoted
// (`fleetwave promote`) is their step, as a manual sync is in Argo CD: windows with manualSync
// let it through.
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
  WindowStep step{in.state.app, in.app_namespace, std::move(next), false};
  auto block = window_block(in.windows, step, in.now_ms);
  if (!block) return GateVerdict::pass();
  step.manual = fast_forwarded(*in.plan, ctx.release, ctx.index);
  if (step.manual && !window_block(in.windows, step, in.now_ms)) {
    return GateVerdict::pass("promoted to wave " + ctx.release.promoted_to + " by a person; manualSync lets it pass " +
                             block->reason);
  }
  return GateVerdict::wait("wave " + ctx.label + " waits: " + block->reason);
}

}  // namespace fleetwave
