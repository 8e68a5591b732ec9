// fleetwave completion bash|zsh|fish prints the shell's completion script; the script asks
// `fleetwave __complete WORD...` (not listed in the help) for the candidates, reading app,
// cluster and wave names from the repository of the current directory (cli/completion.h).
#include <optional>
#include <sstream>

#include "base/shell_completion.h"
#include "cli/app_lookup.h"
#include "cli/commands.h"
#include "cli/completion.h"
#include "cli/workspace.h"
#include "reconcile/repo_snapshot.h"

namespace fleetwave::cli {
namespace {

int run_completion(CommandContext& ctx) {
  if (ctx.args.positionals.size() != 1) return ctx.usage("expected one SHELL argument: bash, zsh or fish");
  const std::string script = completion_script(ctx.args.positionals[0], "fleetwave");
  if (script.empty()) return ctx.usage("unknown shell \"" + ctx.args.positionals[0] + "\": expected bash, zsh or fish");
  ctx.out.write(script);
  return kExitOk;
}

// The names of the checkout the shell is in, read once and only when asked; none outside one.
class CheckoutNames {
 public:
  CheckoutNames(const CliServices& services, const CliProcess& process) : services_(services), process_(process) {}

  CompletionNames names() {
    return {[this] { return apps(); }, [this] { return clusters(); },
            [this](const std::string& app) { return waves(app); }};
  }

 private:
  bool open() {
    if (tried_) return head_.has_value();
    tried_ = true;
    std::ostringstream quiet;
    CliOutput out(quiet, quiet);
    ParsedArgs no_flags;
    CommandContext ctx{services_, process_, no_flags, out, "fleetwave", {}};
    auto ws = Workspace::open(ctx);
    if (!ws.ok()) return false;
    workspace_.emplace(std::move(ws).value());
    auto head = workspace_->head();
    if (!head.ok()) return false;
    head_ = *head;
    auto apps = find_apps(workspace_->repo(), blobs_, *head_, "");
    if (apps.ok()) apps_ = std::move(apps).value();
    return true;
  }

  std::vector<std::string> apps() {
    std::vector<std::string> out;
    if (open())
      for (const AppDefinition& a : apps_) out.push_back(a.name);
    return out;
  }

  std::vector<std::string> clusters() {
    std::vector<std::string> out;
    if (!open()) return out;
    RepoSnapshot snapshot(workspace_->repo(), blobs_, *head_);
    auto inventory = snapshot.inventory();
    if (inventory.ok())
      for (const Cluster& c : *inventory) out.push_back(c.name);
    return out;
  }

  std::vector<std::string> waves(const std::string& app) {
    std::vector<std::string> out;
    if (open())
      for (const AppDefinition& a : apps_)
        if (a.plan && (app.empty() || a.name == app))
          for (const Wave& w : a.plan->waves) out.push_back(w.name);
    return out;
  }

  const CliServices& services_;
  const CliProcess& process_;
  bool tried_ = false;
  std::optional<Workspace> workspace_;
  std::optional<std::string> head_;
  BlobCache blobs_;
  std::vector<AppDefinition> apps_;
};

}  // namespace

int complete_command_line(const CliServices& services, const CliProcess& process, CliOutput& out,
                          const std::vector<CommandSpec>& commands) {
  CheckoutNames names(services, process);
  const std::vector<std::string> words(process.args.begin() + 1, process.args.end());
  for (const std::string& candidate : complete_words(commands, words, names.names())) out.write(candidate + "\n");
  return kExitOk;
}

CommandSpec completion_command() {
  return {"completion",
          "print the shell completion script (bash, zsh or fish)",
          "fleetwave completion SHELL",
          "Prints a script that completes fleetwave's commands, flags and values: app, cluster and\n"
          "wave names from the repository of the current directory, output formats, shells.\n"
          "  bash: source <(fleetwave completion bash)   (or save it as\n"
          "        /usr/share/bash-completion/completions/fleetwave)\n"
          "  zsh:  fleetwave completion zsh > \"${fpath[1]}/_fleetwave\"\n"
          "  fish: fleetwave completion fish > ~/.config/fish/completions/fleetwave.fish",
          {},
          &run_completion};
}

}  // namespace fleetwave::cli
