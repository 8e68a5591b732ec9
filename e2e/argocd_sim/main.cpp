// fleetwave-argocd-sim: parse flags, install the stop signals, run the simulator.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "argocd_sim/sim_options.h"
#include "argocd_sim/sim_runner.h"

namespace {

// The one global: a signal handler can reach nothing else (the exception to CONTRIBUTING.md's house rule 8). The
// loop polls it; blocking the signals for a sigwait thread instead would leak the blocked mask
// into the plugin processes it spawns.
volatile std::sig_atomic_t g_stop_signal = 0;

void on_stop_signal(int signal) { g_stop_signal = signal; }

void install_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // a client hanging up must not kill the server
}

}  // namespace

int main(int argc, char** argv) {
  using namespace fleetwave;
  Result<sim::SimOptions> options = sim::parse_sim_options(std::vector<std::string>(argv + 1, argv + argc));
  if (!options.ok()) {
    std::fprintf(stderr, "fleetwave-argocd-sim: %s\n\n%s", options.error().message.c_str(), sim::sim_usage());
    return 2;
  }
  if (options->help) {
    std::fputs(sim::sim_usage(), stdout);
    return 0;
  }
  install_signal_handlers();
  const char* path = std::getenv("PATH");
  sim::SimEnvironment env{path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin", [] { return g_stop_signal != 0; },
                          [](const std::string& line) {
                            std::fprintf(stderr, "%s\n", line.c_str());
                            std::fflush(stderr);
                          }};
  Status<> run = sim::run_simulator(*options, env);
  if (!run.ok()) {
    std::fprintf(stderr, "fleetwave-argocd-sim: %s\n", run.error().to_string().c_str());
    return 1;
  }
  return 0;
}
