#include "cli/cli.h"

#include <algorithm>

#include "base/nearest_name.h"
#include "cli/build_revision.h"
#include "cli/commands.h"

#ifndef FLEETWAVE_VERSION
#define FLEETWAVE_VERSION "dev"
#endif

namespace fleetwave::cli {
namespace {

std::string main_help(const std::vector<CommandSpec>& commands) {
  std::string out =
      "fleetwave advances multi-cluster rollout waves by committing their state to Git.\n\n"
      "Usage: fleetwave <command> [APP] [flags]\n\nCommands:\n";
  std::size_t width = 0;
  for (const CommandSpec& c : commands) width = std::max(width, c.name.size());
  for (const CommandSpec& c : commands) {
    out += "  " + std::string(c.name) + std::string(width - c.name.size() + 2, ' ') + std::string(c.summary) + "\n";
  }
  out +=
      "\nWith --repo URL a command works on a clone in the cache directory and pushes; without it, on\n"
      "the Git checkout containing the working directory (commits stay local, ready for a pull request).\n"
      "reconcile and serve need --repo URL: they fetch and push with compare-and-swap.\n"
      "Flags may also come from FLEETWAVE_<FLAG> variables (e.g. FLEETWAVE_REPO); flags win.\n"
      "Secrets are read from files only. Exit codes: 0 ok, 1 failed, 2 usage, 3 Git or Argo CD unavailable.\n"
      "Output has colour and symbols on a terminal; --no-color (any command) or NO_COLOR turns them off.\n\n"
      "Run 'fleetwave <command> --help' for the flags of a command, 'fleetwave --version' for the version.\n";
  return out;
}

}  // namespace

std::string build_version() { return FLEETWAVE_VERSION; }

std::string build_revision() {
  const std::string revision = revision_from_build();
  return revision.empty() ? "unknown" : revision;
}

// "fleetwave 0.1.0 (commit 3ed5b12c9a01, libgit2 1.5.1)": the commit as fleetwave_build_info has it.
std::string version_text() {
  const std::string revision = build_revision();
  return std::string("fleetwave ") + FLEETWAVE_VERSION + " (commit " + revision.substr(0, 12) + ", libgit2 " +
         git::LibGit2Runtime::version() + ")";
}

std::string command_help(const CommandSpec& spec) {
  std::string out = "Usage: " + std::string(spec.usage) + "\n\n" + std::string(spec.description) + "\n";
  if (!spec.flags.empty()) out += "\nFlags:\n" + format_flags(spec.flags);
  return out;
}

int run_cli(const CliServices& services, const CliProcess& given, std::ostream& out, std::ostream& err) {
  CliOutput output(out, err);
  CliProcess process = given;
  if (std::erase(process.args, "--no-color") > 0) process.colour = false;
  const std::vector<CommandSpec> commands = builtin_commands();
  const std::vector<std::string>& args = process.args;
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    if (args.size() >= 2 && args[0] == "help") {
      for (const CommandSpec& c : commands) {
        if (c.name == args[1]) {
          output.write(command_help(c));
          return kExitOk;
        }
      }
    }
    output.write(main_help(commands));
    return args.empty() ? kExitUsage : kExitOk;
  }
  if (args[0] == "--version" || args[0] == "version") {
    output.line(version_text());
    return kExitOk;
  }
  if (args[0] == "__complete") return complete_command_line(services, process, output, commands);
  auto spec = std::find_if(commands.begin(), commands.end(), [&](const CommandSpec& c) { return c.name == args[0]; });
  if (spec == commands.end()) {
    std::string names;
    std::vector<std::string_view> candidates;
    for (const CommandSpec& c : commands) {
      names += (names.empty() ? "" : ", ") + std::string(c.name);
      candidates.push_back(c.name);
    }
    const std::string near = nearest_word(args[0], candidates);
    output.error("unknown command \"" + args[0] + "\"" + (near.empty() ? ";" : "; did you mean \"" + near + "\"?") +
                 " commands: " + names + " (see fleetwave --help)");
    return kExitUsage;
  }
  const std::string command = "fleetwave " + std::string(spec->name);
  std::vector<std::string> rest(args.begin() + 1, args.end());
  auto parsed = parse_flags(rest, spec->flags, process.env, command);
  if (!parsed.ok()) {
    output.error(parsed.error());
    return kExitUsage;
  }
  if (parsed->help) {
    output.write(command_help(*spec));
    return kExitOk;
  }
  CommandContext ctx{services, process, *parsed, output, command, {}};
  return spec->run(ctx);
}

}  // namespace fleetwave::cli
