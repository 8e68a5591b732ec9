// The environment argocd-cmp-server gives a plugin's generate command
// (as argocd-cmp-server sets it; docs/architecture.md, "Argo CD contracts"): exactly the sidecar's PATH, the
// ARGOCD_APP_* build variables, KUBE_VERSION / KUBE_API_VERSIONS, one ARGOCD_ENV_<NAME> per plugin.env entry (its value
// expanded against the build variables) and ARGOCD_APP_PARAMETERS. Pure.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace fleetwave::sim {

struct CmpContext {
  std::string app_name;         // ARGOCD_APP_NAME
  std::string dest_namespace;   // ARGOCD_APP_NAMESPACE: spec.destination.namespace ("" when unset)
  std::string project;          // ARGOCD_APP_PROJECT_NAME
  std::string revision;         // the resolved commit (40 hex)
  std::string target_revision;  // spec.source.targetRevision as written
  std::string repo_url;
  std::string source_path;                                      // spec.source.path
  std::vector<std::pair<std::string, std::string>> plugin_env;  // spec.source.plugin.env
  std::string path_env;                                         // the sidecar's PATH
};

// The simulated destination clusters' version and API list.
inline constexpr const char* kKubeVersion = "1.30.4";
const std::string& kube_api_versions();

// os.Expand as the repo-server applies it to plugin env values: $VAR and ${VAR} take the build
// variables' values (unknown names give ""), "$$" gives "$".
std::string expand_build_vars(const std::string& value, const std::map<std::string, std::string>& vars);

std::map<std::string, std::string> cmp_environment(const CmpContext& context);

}  // namespace fleetwave::sim
