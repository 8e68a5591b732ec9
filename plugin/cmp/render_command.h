// fleetwave-render's command logic, independent of the real process: arguments, environment
// and working directory come in; stdout/stderr text and an exit code come out. main() only
// wires the real process to it.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

struct ProcessContext {
  std::vector<std::string> args;  // without argv[0]
  std::map<std::string, std::string> env;
  std::filesystem::path cwd;
};

struct CommandResult {
  int exit_code = 0;  // 0 ok, 1 invalid input, 2 usage, 3 internal
  std::string out;    // printed only when exit_code is 0
  std::string err;
  std::vector<std::string> out_pieces;  // printed after `out`, likewise
  std::string_view out_stored;          // printed after the pieces, likewise; lives in `retained`
  // What the command built (inputs, the fleet, the rendered objects): a process that exits
  // right after printing may skip destroying it.
  std::shared_ptr<void> retained;
};

CommandResult run_render_command(const ProcessContext& context);

}  // namespace fleetwave
