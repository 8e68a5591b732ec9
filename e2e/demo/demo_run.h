// The README demo (.ci/demo): the Git server, the Argo CD simulator and `fleetwave serve` as
// separate processes on loopback; the example fleet's first release rolls out, then a person
// ships a new guestbook image and the waves progress live (one line per step); finally the
// `git log` audit trail and each simulated cluster's images. Everything it started is stopped
// and its temp dirs removed before it returns.
#pragma once

#include <cstdio>
#include <functional>
#include <string>

#include "base/result.h"
#include "harness/rollout_stack.h"

namespace fleetwave::e2e {

struct DemoOptions {
  Binaries binaries;
  std::string fleet_dir;                 // the example fleet
  std::string tag = "1.5.0";             // the guestbook ui image tag to ship
  int timeout_seconds = 240;             // for the whole demo
  std::function<bool()> stop_requested;  // Ctrl-C
};

[[nodiscard]] Status<> run_demo(const DemoOptions& options, std::FILE* out);

}  // namespace fleetwave::e2e
