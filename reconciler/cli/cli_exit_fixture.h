// Test support (header-only) for the CLI tests' tables of refused invocations: each row's
// arguments with the exit code and the exact standard error expected, checked one by one.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli::testing_support {

struct ExpectedExit {
  std::string name;  // the row, for the failure message
  std::vector<std::string> args;
  int exit_code;
  std::string err;
};

// Runs every row's args with `run_cli` (args -> CliRun) and expects its exit code and stderr.
template <class RunCli>
void expect_exits(const std::vector<ExpectedExit>& rows, RunCli run_cli) {
  for (const ExpectedExit& row : rows) {
    SCOPED_TRACE(row.name);
    CliRun r = run_cli(row.args);
    EXPECT_EQ(r.exit_code, row.exit_code);
    EXPECT_EQ(r.err, row.err);
  }
}

}  // namespace fleetwave::cli::testing_support
