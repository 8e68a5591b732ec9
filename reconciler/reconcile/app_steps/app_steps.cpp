// The per-app steps of a reconcile cycle, in order (app_step.h).
#include "reconcile/app_steps/app_step.h"

namespace fleetwave {

StepOutcome load_state_step(AppContext& ctx);         // load_state.cpp
StepOutcome detect_release_step(AppContext& ctx);     // detect_release.cpp
StepOutcome detect_joined_step(AppContext& ctx);      // detect_joined.cpp
StepOutcome read_dependencies_step(AppContext& ctx);  // read_dependencies.cpp
StepOutcome reach_clusters_step(AppContext& ctx);     // reach_clusters.cpp
StepOutcome assign_waves_step(AppContext& ctx);       // assign_waves.cpp
StepOutcome read_windows_step(AppContext& ctx);       // read_windows.cpp
StepOutcome check_deletions_step(AppContext& ctx);    // check_deletions.cpp
StepOutcome observe_step(AppContext& ctx);            // observe.cpp
StepOutcome analyze_step(AppContext& ctx);            // analyze.cpp
StepOutcome decide_step(AppContext& ctx);             // decide.cpp

const std::vector<AppStep>& app_steps() {
  static const std::vector<AppStep> steps = {
      {"load-state", &load_state_step},
      {"detect-release", &detect_release_step},
      {"detect-joined", &detect_joined_step},
      {"read-dependencies", &read_dependencies_step},
      {"reach-clusters", &reach_clusters_step},
      {"assign-waves", &assign_waves_step},
      {"read-windows", &read_windows_step},
      {"check-deletions", &check_deletions_step},
      {"observe", &observe_step},
      {"analyze", &analyze_step},
      {"decide", &decide_step},
  };
  return steps;
}

Error with_file(Error e, const std::string& file) {
  if (e.pos.file.empty()) e.pos.file = file;
  return e;
}

}  // namespace fleetwave
