#include "cli/app_lookup.h"

#include "rollout/observation.h"

namespace fleetwave::cli {

Result<std::vector<AppDefinition>, CliFailure> find_apps(git::GitRepository& repo, BlobCache& blobs,
                                                         const std::string& commit, const std::string& name) {
  AppDiscovery discovery;
  auto apps = discovery.discover(repo, blobs, commit);
  if (!apps.ok()) return CliFailure{kExitFailed, apps.error().with_context("finding apps at " + short_sha(commit))};
  if (name.empty()) return std::move(apps).value();
  std::vector<AppDefinition> out;
  std::string names;
  for (AppDefinition& app : *apps) {
    if (app.name == name) out.push_back(std::move(app));
    else names += (names.empty() ? "" : ", ") + app.name;
  }
  if (out.empty()) {
    std::string known = names.empty() ? "there is no WavePlan in the repository" : "apps: " + names;
    return CliFailure{kExitFailed,
                      not_found("unknown app \"" + name + "\" at " + short_sha(commit) + " (" + known + ")")};
  }
  return out;
}

Result<std::string, CliFailure> single_app_argument(const CommandContext& ctx) {
  const auto& p = ctx.args.positionals;
  if (p.size() == 1 && !p[0].empty()) return p[0];
  std::string why =
      p.empty() ? "missing the APP argument" : "expected one APP argument, got " + std::to_string(p.size());
  return CliFailure{kExitUsage, invalid_input(why + " (see " + ctx.command + " --help)")};
}

}  // namespace fleetwave::cli
