// fleetwave-e2e-demo: the README demo (.ci/demo). Flags: [--fleet DIR] [--tag TAG]
// [--timeout SECONDS]; binaries and the example fleet default to this build's.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "demo/demo_run.h"
#include "testkit/build_paths.h"

namespace {

volatile std::sig_atomic_t g_stop = 0;  // the one global: set by the signal handler only
void on_signal(int) { g_stop = 1; }

}  // namespace

int main(int argc, char** argv) {
  using namespace fleetwave::e2e;
  DemoOptions options;
  options.binaries = {fleetwave::testkit::cli_binary(), fleetwave::testkit::render_binary(),
                      fleetwave::testkit::argocd_sim_binary()};
  options.fleet_dir = std::string(fleetwave::testkit::source_dir()) + "/testdata/example-fleet";
  for (int i = 1; i + 1 < argc + 1; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr, "usage: fleetwave-e2e-demo [--fleet DIR] [--tag TAG] [--timeout SECONDS]\n");
      return 2;
    }
    const std::string value = argv[++i];
    if (flag == "--fleet") options.fleet_dir = value;
    else if (flag == "--tag") options.tag = value;
    else if (flag == "--timeout") options.timeout_seconds = std::atoi(value.c_str());
    else {
      std::fprintf(stderr, "fleetwave-e2e-demo: unknown flag %s\n", flag.c_str());
      return 2;
    }
  }
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  options.stop_requested = [] { return g_stop != 0; };
  fleetwave::Status<> run = run_demo(options, stdout);
  if (!run.ok()) {
    std::fprintf(stderr, "fleetwave-e2e-demo: %s\n", run.error().to_string().c_str());
    return 1;
  }
  return 0;
}
