// examples/argocd-helm/values.yaml against the argo-cd Helm chart: every key it sets is one the
// chart reads (testdata/argo-helm/chart-facts.yaml holds those facts, read from the chart), the
// sidecar it adds is wired to volumes that exist in the chart's repo-server pod, its plugin is
// manifests/plugin/plugin.yaml's, and its container is the kustomize sidecar's.
#include <set>

#include <gtest/gtest.h>

#include "kustomize_build.h"

namespace fleetwave {
namespace {
using namespace install_test;

Json load_yaml(const fs::path& path) {
  auto docs = parse_yaml_stream(read_file(path), path.string());
  EXPECT_TRUE(docs.ok()) << (docs.ok() ? "" : docs.error().to_string());
  return docs.ok() && !docs->empty() ? (*docs)[0].value : Json();
}

std::string type_of(const Json& v) {
  if (v.is_boolean()) return "bool";
  if (v.is_object()) return "map";
  if (v.is_array()) return "list";
  if (v.is_string()) return "string";
  return v.type_name();
}

// Every dotted path of `values` down to the chart's known keys; a path that reaches a leaf
// without meeting one is a key the chart does not read.
void expect_known_keys(const Json& values, const std::string& prefix, const Json& known) {
  for (const auto& [key, child] : values.items()) {
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    SCOPED_TRACE(path);
    if (const Json* type = find_member(known, path)) {
      EXPECT_EQ(type_of(child), type->get<std::string>()) << "the chart expects a " << *type;
    } else if (child.is_object() && !child.empty()) {
      expect_known_keys(child, path, known);
    } else {
      ADD_FAILURE() << "the argo-cd chart has no value " << path;
    }
  }
}

struct HelmExample {
  Json values = load_yaml(kSource / "examples/argocd-helm/values.yaml");
  Json facts = load_yaml(kSource / "testdata/argo-helm/chart-facts.yaml");
};

TEST(InstallHelmValues, EveryKeyIsOneTheChartReads) {
  HelmExample h;
  ASSERT_TRUE(h.values.is_object());
  expect_known_keys(h.values, "", at(h.facts, {"values"}));
}

TEST(InstallHelmValues, PluginIsTheShippedPluginYaml) {
  HelmExample h;
  Json shipped = load_yaml(kSource / "manifests/plugin/plugin.yaml");
  EXPECT_EQ(at(h.values, {"configs", "cmp", "create"}), true) << "the chart creates argocd-cmp-cm only when asked";
  EXPECT_EQ(at(h.values, {"configs", "cmp", "plugins", string_at(shipped, {"metadata", "name"})}),
            at(shipped, {"spec"}));
}

TEST(InstallHelmValues, SidecarIsWiredToTheChartsPod) {
  HelmExample h;
  const Json& repo = at(h.values, {"repoServer"});
  const Json* sidecar = find_named(find_path(repo, {"extraContainers"}), "fleetwave-cmp");
  ASSERT_NE(sidecar, nullptr);
  EXPECT_EQ(at(*sidecar, {"command"}), Json::parse(R"(["/var/run/argocd/argocd-cmp-server"])"));
  EXPECT_EQ(at(*sidecar, {"securityContext", "runAsUser"}), 999);

  std::set<std::string> chart_volumes;
  for (const Json& v : at(h.facts, {"repoServerPod", "volumes"})) chart_volumes.insert(v.get<std::string>());
  const Json& own_volumes = at(repo, {"volumes"});
  std::map<std::string, Json> mounts;  // mountPath -> mount
  for (const Json& m : at(*sidecar, {"volumeMounts"})) {
    const std::string volume = string_at(m, {"name"});
    SCOPED_TRACE(volume);
    EXPECT_TRUE(chart_volumes.count(volume) == 1 || find_named(&own_volumes, volume) != nullptr)
        << "mounts a volume the pod does not have";
    mounts[string_at(m, {"mountPath"})] = m;
  }
  EXPECT_EQ(string_at(mounts["/var/run/argocd"], {"name"}), "var-files");
  EXPECT_EQ(string_at(mounts["/home/argocd/cmp-server/plugins"], {"name"}), "plugins");

  // plugin.yaml: the chart's ConfigMap key for the plugin named "fleetwave".
  const Json& config_mount = mounts["/home/argocd/cmp-server/config/plugin.yaml"];
  std::string key = string_at(h.facts, {"cmpConfigMap", "dataKey"});
  key.replace(key.find("<plugin>"), 8, "fleetwave");
  EXPECT_EQ(string_at(config_mount, {"subPath"}), key);
  const Json* config_volume = find_named(&own_volumes, string_at(config_mount, {"name"}));
  ASSERT_NE(config_volume, nullptr);
  EXPECT_EQ(string_at(*config_volume, {"configMap", "name"}), string_at(h.facts, {"cmpConfigMap", "name"}));

  // Its own /tmp, not the repo-server's.
  const std::string tmp = string_at(mounts["/tmp"], {"name"});
  EXPECT_EQ(chart_volumes.count(tmp), 0u) << tmp;
  const Json* tmp_volume = find_named(&own_volumes, tmp);
  ASSERT_NE(tmp_volume, nullptr);
  EXPECT_TRUE(tmp_volume->contains("emptyDir"));

  EXPECT_EQ(string_at(repo, {"podAnnotations", "kubectl.kubernetes.io/default-container"}),
            string_at(h.facts, {"repoServerPod", "container"}))
      << "kubectl logs/exec must keep landing in the repo-server container";
}

TEST(InstallHelmValues, SidecarMatchesTheKustomizeSidecar) {
  HelmExample h;
  Json patch = load_yaml(kSource / "manifests/plugin/repo-server-sidecar.yaml");
  const Json* kustomize = find_named(find_path(patch, {"spec", "template", "spec", "containers"}), "fleetwave-cmp");
  const Json* helm = find_named(find_path(h.values, {"repoServer", "extraContainers"}), "fleetwave-cmp");
  ASSERT_NE(kustomize, nullptr);
  ASSERT_NE(helm, nullptr);
  for (const char* field : {"image", "imagePullPolicy", "command", "env", "securityContext", "resources"}) {
    SCOPED_TRACE(field);
    EXPECT_EQ(at(*helm, {field}), at(*kustomize, {field}));
  }
}

}  // namespace
}  // namespace fleetwave
