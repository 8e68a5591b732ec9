// Wires the simulator from its options: libgit2 and the Git cache, the CMP plugin runner, the
// embedded Argo CD API (FakeArgoCd plus the /sim/v1 and /metrics routes), then ticks until asked
// to stop.
#pragma once

#include <functional>
#include <string>

#include "argocd_sim/event_log.h"
#include "argocd_sim/sim_options.h"
#include "base/result.h"

namespace fleetwave::sim {

struct SimEnvironment {
  std::string path_env;                  // PATH handed to the plugin (the sidecar's own)
  std::function<bool()> stop_requested;  // polled at least every 50 ms
  EventLog::Sink log;                    // one line per event
};

// Returns once stop_requested() is true, after stopping the server and removing the render
// directories and the ready file. Errors only for start-up failures (unreadable token or password
// file, bad repository URL, port in use); Git and render failures are logged and retried.
[[nodiscard]] Status<> run_simulator(const SimOptions& options, const SimEnvironment& env);

}  // namespace fleetwave::sim
