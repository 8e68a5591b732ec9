// The wave gates, in the order the engine asks them at each point (wave_gate.h). A new gate is
// its own file and one line here: declare its check function, add its row.
#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict freeze_gate(const GateContext& ctx);             // freeze_gate.cpp
GateVerdict window_gate(const GateContext& ctx);             // window_gate.cpp
GateVerdict dependencies_gate(const GateContext& ctx);       // dependencies_gate.cpp
GateVerdict deletion_guard_gate(const GateContext& ctx);     // deletion_guard_gate.cpp
GateVerdict approval_gate(const GateContext& ctx);           // approval_gate.cpp
GateVerdict failure_budget_gate(const GateContext& ctx);     // failure_budget_gate.cpp
GateVerdict progress_deadline_gate(const GateContext& ctx);  // progress_deadline_gate.cpp
GateVerdict bake_gate(const GateContext& ctx);               // bake_gate.cpp
GateVerdict analysis_failure_gate(const GateContext& ctx);   // analysis_gate.cpp
GateVerdict analysis_gate(const GateContext& ctx);           // analysis_gate.cpp

const std::vector<WaveGate>& builtin_wave_gates() {
  static const std::vector<WaveGate> gates = {
      {"freeze", GatePoint::Enter, &freeze_gate},
      {"window", GatePoint::Enter, &window_gate},
      {"dependencies", GatePoint::Enter, &dependencies_gate},
      {"deletion-guard", GatePoint::Enter, &deletion_guard_gate},  // its request lists the deletions
      {"approval", GatePoint::Enter, &approval_gate},
      {"failure-budget", GatePoint::Progress, &failure_budget_gate},
      {"analysis", GatePoint::Progress, &analysis_failure_gate},
      {"progress-deadline", GatePoint::Progress, &progress_deadline_gate},
      {"freeze", GatePoint::Progress, &freeze_gate},
      {"window", GatePoint::Progress, &window_gate},
      {"bake", GatePoint::Leave, &bake_gate},
      {"analysis", GatePoint::Leave, &analysis_gate},
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
