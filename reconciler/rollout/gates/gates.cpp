// The wave gates, in the order the engine asks them at each point (wave_gate.h). A new gate is
// its own file and one line here: declare its check function, add its row.
#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict approval_gate(const GateContext& ctx);           // approval_gate.cpp
GateVerdict failure_budget_gate(const GateContext& ctx);     // failure_budget_gate.cpp
GateVerdict progress_deadline_gate(const GateContext& ctx);  // progress_deadline_gate.cpp
GateVerdict bake_gate(const GateContext& ctx);               // bake_gate.cpp

const std::vector<WaveGate>& builtin_wave_gates() {
  static const std::vector<WaveGate> gates = {
      {"approval", GatePoint::Enter, &approval_gate},
      {"failure-budget", GatePoint::Progress, &failure_budget_gate},
      {"progress-deadline", GatePoint::Progress, &progress_deadline_gate},
      {"bake", GatePoint::Leave, &bake_gate},
  };
  return gates;
}

GateVerdict check_gates(GatePoint point, const GateContext& ctx) {
  GateVerdict result = GateVerdict::pass();
  for (const WaveGate& gate : builtin_wave_gates()) {
    if (gate.point != point) continue;
    GateVerdict v = gate.check(ctx);
    v.gate = gate.name;
    if (!v.passed()) return v;
    if (result.reason.empty() && !v.reason.empty()) result = std::move(v);
  }
  return result;
}

}  // namespace fleetwave
