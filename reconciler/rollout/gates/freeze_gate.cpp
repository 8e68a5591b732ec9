// freeze: while `fleetwave freeze` stops an app (or every app), no release starts or moves on;
// failures still roll back (failure-budget is asked first) and people may still pause.
#include "rollout/freezes.h"
#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict freeze_gate(const GateContext& ctx) {
  const Freeze* f = active_freeze(ctx.in.freezes, ctx.in.state.app, ctx.in.now_ms);
  if (f == nullptr) return GateVerdict::pass();
  return GateVerdict::wait("wave " + ctx.label + " waits: " + ctx.in.state.app + " is " + describe_freeze(*f));
}

}  // namespace fleetwave
