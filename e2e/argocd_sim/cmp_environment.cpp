#include "argocd_sim/cmp_environment.h"

#include <cctype>
#include <string>

namespace fleetwave::sim {
namespace {

bool is_special(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0 || std::string("*#@!?-").find(c) != std::string::npos;
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

std::string lookup(const std::map<std::string, std::string>& vars, const std::string& name) {
  auto it = vars.find(name);
  return it == vars.end() ? "" : it->second;
}

}  // namespace

const std::string& kube_api_versions() {
  // Sorted, comma-joined group/version and group/version/Kind entries (APIResourcesToStrings).
  static const std::string kList =
      "apps/v1,apps/v1/DaemonSet,apps/v1/Deployment,apps/v1/ReplicaSet,apps/v1/StatefulSet,"
      "autoscaling/v2,autoscaling/v2/HorizontalPodAutoscaler,batch/v1,batch/v1/CronJob,batch/v1/Job,"
      "networking.k8s.io/v1,networking.k8s.io/v1/Ingress,networking.k8s.io/v1/NetworkPolicy,"
      "policy/v1,policy/v1/PodDisruptionBudget,v1,v1/ConfigMap,v1/Namespace,v1/Secret,v1/Service,"
      "v1/ServiceAccount";
  return kList;
}

std::string expand_build_vars(const std::string& value, const std::map<std::string, std::string>& vars) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '$' || i + 1 == value.size()) {
      out += value[i];
      continue;
    }
    char next = value[i + 1];
    if (next == '$') {  // Argo CD's mapping turns the special variable "$" into "$"
      out += '$';
      ++i;
    } else if (next == '{') {
      std::size_t close = value.find('}', i + 2);
      if (close == std::string::npos) {  // bad syntax: os.Expand eats "${"
        ++i;
        continue;
      }
      out += lookup(vars, value.substr(i + 2, close - i - 2));  // "${}" gives ""
      i = close;
    } else if (is_special(next)) {  // $1, $*, ...: one-character names, never set
      ++i;
    } else if (is_name_char(next)) {
      std::size_t end = i + 1;
      while (end < value.size() && is_name_char(value[end])) ++end;
      out += lookup(vars, value.substr(i + 1, end - i - 1));
      i = end - 1;
    } else {
      out += '$';  // not followed by a name: left alone
    }
  }
  return out;
}

std::map<std::string, std::string> cmp_environment(const CmpContext& c) {
  std::map<std::string, std::string> build = {
      {"ARGOCD_APP_NAME", c.app_name},
      {"ARGOCD_APP_NAMESPACE", c.dest_namespace},
      {"ARGOCD_APP_PROJECT_NAME", c.project},
      {"ARGOCD_APP_REVISION", c.revision},
      {"ARGOCD_APP_REVISION_SHORT", c.revision.substr(0, 7)},
      {"ARGOCD_APP_REVISION_SHORT_8", c.revision.substr(0, 8)},
      {"ARGOCD_APP_SOURCE_REPO_URL", c.repo_url},
      {"ARGOCD_APP_SOURCE_PATH", c.source_path},
      {"ARGOCD_APP_SOURCE_TARGET_REVISION", c.target_revision},
      {"KUBE_VERSION", kKubeVersion},
      {"KUBE_API_VERSIONS", kube_api_versions()},
  };
  std::map<std::string, std::string> env = build;
  for (const auto& [name, value] : c.plugin_env) env["ARGOCD_ENV_" + name] = expand_build_vars(value, build);
  // json.Marshal of the Application's (unset) parameter list.
  env["ARGOCD_APP_PARAMETERS"] = "null";
  env["PATH"] = c.path_env;
  return env;
}

}  // namespace fleetwave::sim
