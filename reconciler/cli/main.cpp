// fleetwave: the command line of the rollout engine. Thin: collects the process context,
// starts libgit2, runs the command and returns its exit code (cli/command_context.h).
#include <unistd.h>

#include <iostream>

#include "adapters/git/libgit2_runtime.h"
#include "base/clock.h"
#include "base/process_env.h"
#include "cli/cli.h"

extern char** environ;

int main(int argc, char** argv) {
  fleetwave::cli::CliProcess process;
  for (int i = 1; i < argc; ++i) process.args.emplace_back(argv[i]);
  process.env = fleetwave::environment_of(environ);
  process.cwd = fleetwave::current_directory();
  auto term = process.env.find("TERM");
  process.stdout_terminal = ::isatty(STDOUT_FILENO) == 1 && (term == process.env.end() || term->second != "dumb");
  auto no_color = process.env.find("NO_COLOR");
  process.colour = process.stdout_terminal && (no_color == process.env.end() || no_color->second.empty());

  auto runtime = fleetwave::git::LibGit2Runtime::start();
  if (!runtime.ok()) {
    std::cerr << "error: starting libgit2: " << runtime.error().to_string() << "\n";
    return fleetwave::cli::kExitUnavailable;
  }
  fleetwave::SystemClock clock;
  fleetwave::SystemSleeper sleeper;
  fleetwave::SystemRandom random;
  fleetwave::cli::CliServices services{*runtime, clock, sleeper, random};
  return fleetwave::cli::run_cli(services, process, std::cout, std::cerr);
}
