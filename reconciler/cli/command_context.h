// What every fleetwave command runs with: the process (arguments, environment, working
// directory), the injected services (libgit2 runtime, clock), its parsed flags, and an output
// that scrubs secrets from every line before it leaves the process.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "adapters/git/libgit2_runtime.h"
#include "base/clock.h"
#include "base/error.h"
#include "cli/flag_parser.h"

namespace fleetwave::cli {

// Exit codes of every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;       // the command ran and something is wrong (an app error, a refused step)
inline constexpr int kExitUsage = 2;        // bad flags or arguments
inline constexpr int kExitUnavailable = 3;  // Git or Argo CD could not be used (fetch, push, credentials)

struct CliProcess {
  std::vector<std::string> args;  // without argv[0]
  std::map<std::string, std::string> env;
  std::string cwd;
  bool stdout_terminal = false;  // stdout is a terminal that can be redrawn (status --watch)
  // Colour and symbols in what people read: on a terminal, unless NO_COLOR is set (no-color.org)
  // or --no-color is given (run_cli takes that flag out before the command sees its flags).
  bool colour = false;
};

struct CliServices {
  const git::LibGit2Runtime& runtime;
  const Clock& clock;
  Sleeper& sleeper;  // back-off between push retries
  Random& random;    // jitter (retries, serve's interval)
};

// Plain-text output. Every line goes through redaction of URLs and of the registered secrets.
// Not thread-safe.
class CliOutput {
 public:
  CliOutput(std::ostream& out, std::ostream& err) : out_(out), err_(err) {}

  void add_secrets(const std::vector<std::string>& secrets);
  // Data for stdout (YAML, diffs) as is, except that registered secrets become ***.
  void write(const std::string& text);
  void flush();
  // A message line for stdout: URLs redacted as well (credentials in userinfo and queries).
  void line(const std::string& text);
  // "error: <message>" on stderr, one line per line of the message.
  void error(const std::string& message);
  void error(const Error& e) { error(e.to_string()); }
  // "warning: <message>" on stderr, one line per line of the message.
  void warning(const std::string& message);
  std::string scrub(const std::string& text) const;

 private:
  void to_stderr(const char* prefix, const std::string& message);

  std::ostream& out_;
  std::ostream& err_;
  std::vector<std::string> secrets_;
};

// A failure and its exit code.
struct CliFailure {
  int exit_code = kExitFailed;
  Error error;
};

struct CommandContext {
  const CliServices& services;
  const CliProcess& process;
  const ParsedArgs& args;
  CliOutput& out;
  std::string command;               // "fleetwave status", for messages
  std::vector<std::string> secrets;  // filled while reading the flags; also registered with `out`

  // Prints the failure and returns its exit code.
  int fail(const CliFailure& failure);
  int fail(int exit_code, const Error& error) { return fail(CliFailure{exit_code, error}); }
  int usage(const std::string& message) {
    return fail(kExitUsage, invalid_input(message + " (see " + command + " --help)"));
  }
};

}  // namespace fleetwave::cli
