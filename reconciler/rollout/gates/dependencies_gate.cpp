// dependencies: a release enters a wave only when every app of spec.dependsOn is stable, or its
// own release in flight has completed the wave of the same name (a database's canary before its
// users' canary). A dependency without such a wave must be stable.
#include <algorithm>

#include "rollout/gates/wave_gate.h"

namespace fleetwave {

GateVerdict dependencies_gate(const GateContext& ctx) {
  for (const DependencyStatus& dep : ctx.in.dependencies) {
    if (dep.stable) continue;
    const std::vector<std::string>& done = dep.completed_waves;
    if (!dep.release.empty() && std::find(done.begin(), done.end(), ctx.wave.name) != done.end()) continue;
    std::string why = "waiting for dependency " + dep.app + " (" + dep.detail + ")";
    return GateVerdict::wait(why + ": it must be stable or past its wave " + ctx.wave.name + " before wave " +
                             ctx.label + " starts");
  }
  return GateVerdict::pass();
}

}  // namespace fleetwave
