#include "cmp/cmp_request.h"

#include <charconv>

#include "base/nearest_name.h"
#include "base/text.h"
#include "codec/json_reader.h"

namespace fleetwave {
namespace fs = std::filesystem;
namespace {

std::string env_or(const ProcessContext& c, const std::string& key, const std::string& fallback = {}) {
  auto it = c.env.find(key);
  return it == c.env.end() || it->second.empty() ? fallback : it->second;
}

// The "cluster" plugin parameter from ARGOCD_APP_PARAMETERS ([{"name":"cluster","string":"eu-1"}]).
Result<std::string> cluster_parameter(const std::string& json) {
  auto parsed = parse_json(json, "ARGOCD_APP_PARAMETERS", 16);
  if (!parsed.ok()) return invalid_input("ARGOCD_APP_PARAMETERS is not valid JSON: " + parsed.error().message);
  if (!parsed->is_array()) return invalid_input("ARGOCD_APP_PARAMETERS must be a JSON array of parameters");
  for (const Json& p : *parsed) {
    if (string_at(p, {"name"}) != "cluster") continue;
    const Json* s = find_member(p, "string");
    if (s == nullptr || !s->is_string()) {
      return invalid_input(
          "plugin parameter \"cluster\" must be a string (parameters: [{name: cluster, string: <name>}])");
    }
    return s->get<std::string>();
  }
  return std::string();
}

// Argo CD runs the plugin in <workdir>/<ARGOCD_APP_SOURCE_PATH>; the repository root is cwd
// minus that path.
Result<fs::path> root_from_cwd(const fs::path& cwd, const std::string& app_path) {
  fs::path root = cwd.lexically_normal();
  fs::path app = fs::path(app_path).lexically_normal();
  std::vector<std::string> parts;
  for (const auto& part : app) {
    if (part != "." && !part.empty()) parts.push_back(part.string());
  }
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    if (root.filename().empty()) root = root.parent_path();
    if (root.filename().string() != *it) {
      return invalid_input("working directory " + cwd.string() + " does not end with ARGOCD_APP_SOURCE_PATH \"" +
                           app_path + "\"; run from the app directory or pass --repo-root");
    }
    root = root.parent_path();
  }
  return root;
}

Result<std::size_t> parse_size(const std::string& text, const std::string& name) {
  std::size_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value == 0) {
    return invalid_input(name + " must be a positive number of bytes, got \"" + printable(text) + "\"");
  }
  return value;
}

}  // namespace

const char* render_usage() {
  return "usage: fleetwave-render [--repo-root DIR --app PATH] [--cluster NAME] [-o|--output yaml|json]\n"
         "                        [--clusters-dir DIR] [--policies-dir DIR] [--default-namespace NS]\n"
         "                        [--cordons JSON]\n"
         "       fleetwave-render summary --repo-root DIR [--apps-dir DIR] [--clusters-dir DIR]\n"
         "                                [-o|--output text|json]\n"
         "       fleetwave-render completion bash|zsh|fish   (shell completion script)\n"
         "\n"
         "Prints the objects Karmada would deliver to one cluster, rendered from the app's templates,\n"
         "Karmada policies and the Cluster inventory. As an Argo CD CMP it reads ARGOCD_APP_SOURCE_PATH,\n"
         "ARGOCD_ENV_FLEETWAVE_CLUSTER (or the plugin parameter \"cluster\"), ARGOCD_ENV_FLEETWAVE_CLUSTERS\n"
         "ARGOCD_ENV_FLEETWAVE_OUTPUT and ARGOCD_ENV_FLEETWAVE_CORDONS; flags win over the environment.\n"
         "--cordons (FLEETWAVE_CORDONS) is a Cordons document used instead of .fleetwave/cordons.yaml:\n"
         "fleetwave sets it when a rollback returns a cluster to an older commit, so cordons stay in\n"
         "effect. Warnings (valid input that is almost certainly a mistake) go to stderr; the render\n"
         "still succeeds.\n"
         "\n"
         "summary renders every app (each directory under --apps-dir, default apps) for every cluster of\n"
         "the inventory (--clusters-dir, default clusters) and prints what each cluster receives.\n";
}

namespace {
const std::vector<std::string_view> kRenderFlags = {"repo-root",    "app",          "cluster",           "output",
                                                    "clusters-dir", "policies-dir", "default-namespace", "cordons"};
}  // namespace

Result<RenderRequest> parse_render_request(const ProcessContext& context) {
  RenderRequest r;
  std::string repo_root, app, cluster, output, clusters_dir, policies_dir, default_ns, cordons;
  const std::vector<std::string>& a = context.args;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto value = [&](std::string& into) -> Result<Ok> {
      if (i + 1 >= a.size()) return invalid_input("flag " + a[i] + " needs a value");
      into = a[++i];
      return Ok{};
    };
    const std::string& f = a[i];
    if (f == "-h" || f == "--help") {
      r.help = true;
      return r;
    }
    if (f == "--version") {
      r.version = true;
      return r;
    }
    Result<Ok> st =
        f == "--repo-root"             ? value(repo_root)
        : f == "--app"                 ? value(app)
        : f == "--cluster"             ? value(cluster)
        : f == "--output" || f == "-o" ? value(output)
        : f == "--clusters-dir"        ? value(clusters_dir)
        : f == "--policies-dir"        ? value(policies_dir)
        : f == "--default-namespace"   ? value(default_ns)
        : f == "--cordons"
            ? value(cordons)
            : Result<Ok>(invalid_input("unknown flag \"" + printable(f) + "\"" + flag_suggestion(f, kRenderFlags)));
    if (!st.ok()) return st.error();
  }
  std::string source_path = env_or(context, "ARGOCD_APP_SOURCE_PATH");
  if (repo_root.empty()) {
    if (!app.empty() || context.env.count("ARGOCD_APP_SOURCE_PATH") == 0) {
      if (app.empty())
        return invalid_input(
            "no repository given: pass --repo-root DIR --app PATH, or run as an Argo CD CMP (ARGOCD_APP_SOURCE_PATH)");
      return invalid_input("--app needs --repo-root");
    }
    FW_TRY(root, root_from_cwd(context.cwd, source_path));
    r.layout.root = root;
    app = source_path;
  } else {
    if (app.empty()) return invalid_input("--repo-root needs --app PATH (the app directory inside the repository)");
    r.layout.root = fs::absolute(context.cwd / repo_root).lexically_normal();
  }
  FW_TRY(clean_app, clean_relative_path(app, "app path"));
  r.layout.app_path = clean_app;
  if (clusters_dir.empty()) clusters_dir = env_or(context, "ARGOCD_ENV_FLEETWAVE_CLUSTERS", "clusters");
  FW_TRY(clean_clusters, clean_relative_path(clusters_dir, "cluster inventory directory"));
  r.layout.clusters_dir = clean_clusters;
  if (!policies_dir.empty()) {
    FW_TRY(clean_policies, clean_relative_path(policies_dir, "policies directory"));
    r.layout.policies_dir = clean_policies;
  }
  if (cluster.empty()) cluster = env_or(context, "ARGOCD_ENV_FLEETWAVE_CLUSTER");
  if (cluster.empty()) {
    std::string params = env_or(context, "ARGOCD_APP_PARAMETERS");
    if (!params.empty()) {
      FW_TRY(from_params, cluster_parameter(params));
      cluster = from_params;
    }
  }
  if (cluster.empty()) {
    return invalid_input(
        "no target cluster: pass --cluster NAME, or set the plugin env FLEETWAVE_CLUSTER or the plugin parameter "
        "\"cluster\" in the Application");
  }
  r.cluster = cluster;
  if (output.empty()) output = env_or(context, "ARGOCD_ENV_FLEETWAVE_OUTPUT", "yaml");
  if (output == "yaml") r.format = OutputFormat::YamlStream;
  else if (output == "json") r.format = OutputFormat::JsonLines;
  else return invalid_input("--output must be yaml or json, got \"" + printable(output) + "\"");
  // Templates without metadata.namespace live where `kubectl apply` would put them in Karmada:
  // "default". Not ARGOCD_APP_NAMESPACE: the reconciler renders the same inputs without Argo CD
  // and must reach the same clusters.
  r.default_namespace =
      !default_ns.empty() ? default_ns : env_or(context, "ARGOCD_ENV_FLEETWAVE_DEFAULT_NAMESPACE", "default");
  if (cordons.empty()) cordons = env_or(context, "ARGOCD_ENV_FLEETWAVE_CORDONS");
  if (!cordons.empty()) r.cordons = cordons;
  if (std::string v = env_or(context, "FLEETWAVE_MAX_FILE_BYTES"); !v.empty()) {
    FW_TRY(n, parse_size(v, "FLEETWAVE_MAX_FILE_BYTES"));
    r.limits.max_file_bytes = n;
  }
  if (std::string v = env_or(context, "FLEETWAVE_MAX_TOTAL_BYTES"); !v.empty()) {
    FW_TRY(n, parse_size(v, "FLEETWAVE_MAX_TOTAL_BYTES"));
    r.limits.max_total_bytes = n;
  }
  return r;
}

}  // namespace fleetwave
