// The fleetwave commands: an explicit table (CONTRIBUTING.md, house rule 7), one command per file
// (the app-step commands, alike but for their step, are rows of one table: app_step_commands.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/command_context.h"
#include "cli/flag_parser.h"

namespace fleetwave::cli {

struct CommandSpec {
  std::string_view name;
  std::string_view summary;      // one line for `fleetwave --help`
  std::string_view usage;        // "fleetwave status [APP] [flags]"
  std::string_view description;  // paragraphs for `fleetwave <cmd> --help`
  std::vector<FlagSpec> flags;
  int (*run)(CommandContext& ctx) = nullptr;
};

CommandSpec reconcile_command();
CommandSpec status_command();
CommandSpec wait_command();
CommandSpec plan_command();
CommandSpec validate_command();
CommandSpec diff_command();
CommandSpec history_command();
CommandSpec approve_command();
CommandSpec pause_command();
CommandSpec resume_command();
CommandSpec rollback_command();
CommandSpec freeze_command();
CommandSpec unfreeze_command();
CommandSpec promote_command();
CommandSpec hold_command();
CommandSpec release_hold_command();
CommandSpec cordon_command();
CommandSpec uncordon_command();
CommandSpec appset_command();
CommandSpec serve_command();
CommandSpec completion_command();

// `fleetwave __complete WORD...`: the shell scripts' question (cli/completion.h).
int complete_command_line(const CliServices& services, const CliProcess& process, CliOutput& out,
                          const std::vector<CommandSpec>& commands);

// Every command, in the order `fleetwave --help` lists them.
std::vector<CommandSpec> builtin_commands();

// The help text of one command.
std::string command_help(const CommandSpec& spec);

}  // namespace fleetwave::cli
