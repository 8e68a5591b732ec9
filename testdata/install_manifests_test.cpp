// Every kustomization under manifests/ and overlays/ builds with `kubectl kustomize`, and the
// plugin overlays, composed with an Argo CD repo-server, add the CMP sidecar the way Argo CD's
// docs prescribe.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "codec/yaml_codec.h"
#include "testing/subprocess.h"

namespace fleetwave {
namespace {
namespace fs = std::filesystem;

const fs::path kSource = FLEETWAVE_SOURCE_DIR;

std::string kubectl() {
  for (const char* dir : {"/usr/local/bin", "/usr/bin", "/bin", "/snap/bin"}) {
    if (fs::exists(fs::path(dir) / "kubectl")) return (fs::path(dir) / "kubectl").string();
  }
  return "kubectl";
}

std::vector<Json> build(const fs::path& dir) {
  testing::ProcessOutcome r = testing::run_process({kubectl(), "kustomize", dir.string()}, {{"HOME", "/tmp"}}, "");
  EXPECT_EQ(r.exit_code, 0) << "kubectl kustomize " << dir << " failed:\n" << r.err;
  auto docs = parse_yaml_stream(r.out, dir.string());
  EXPECT_TRUE(docs.ok()) << (docs.ok() ? "" : docs.error().to_string());
  std::vector<Json> out;
  if (docs.ok()) {
    for (auto& d : *docs) {
      if (!d.value.is_null()) out.push_back(std::move(d.value));
    }
  }
  return out;
}

std::vector<fs::path> kustomizations() {
  std::vector<fs::path> dirs;
  for (const char* top : {"manifests", "overlays"}) {
    for (const auto& e : fs::recursive_directory_iterator(kSource / top)) {
      if (e.path().filename() == "kustomization.yaml") dirs.push_back(e.path().parent_path());
    }
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

TEST(InstallManifests, EveryKustomizationBuilds) {
  std::vector<fs::path> dirs = kustomizations();
  ASSERT_GE(dirs.size(), 2u);
  for (const fs::path& dir : dirs) {
    SCOPED_TRACE(dir.string());
    build(dir);
  }
}

// A repo-server shaped like Argo CD's own (manifests/base/repo-server), written for this test.
const char* kRepoServer = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: argocd-repo-server}
spec:
  selector: {matchLabels: {app.kubernetes.io/name: argocd-repo-server}}
  template:
    metadata: {labels: {app.kubernetes.io/name: argocd-repo-server}}
    spec:
      initContainers:
      - name: copyutil
        image: quay.io/argoproj/argocd:v3.1.0
        command: [/bin/cp, -n, /usr/local/bin/argocd, /var/run/argocd/argocd-cmp-server]
        volumeMounts: [{name: var-files, mountPath: /var/run/argocd}]
      containers:
      - name: argocd-repo-server
        image: quay.io/argoproj/argocd:v3.1.0
        volumeMounts:
        - {name: tmp, mountPath: /tmp}
        - {name: plugins, mountPath: /home/argocd/cmp-server/plugins}
        - {name: var-files, mountPath: /app/config/var}
      volumes:
      - {name: tmp, emptyDir: {}}
      - {name: var-files, emptyDir: {}}
      - {name: plugins, emptyDir: {}}
)";

const Json* find_named(const Json& list, const std::string& name) {
  for (const Json& item : list) {
    if (string_at(item, {"name"}) == name) return &item;
  }
  return nullptr;
}

std::vector<Json> compose_with_repo_server(const std::string& overlay) {
  char tmpl[] = "/tmp/fw-install-XXXXXX";
  fs::path work = mkdtemp(tmpl);
  fs::copy(kSource / "manifests", work / "manifests", fs::copy_options::recursive);
  fs::copy(kSource / "overlays", work / "overlays", fs::copy_options::recursive);
  fs::create_directories(work / "argocd");
  std::ofstream(work / "argocd/repo-server.yaml") << kRepoServer;
  std::ofstream(work / "argocd/kustomization.yaml")
      << "resources: [repo-server.yaml]\nnamespace: argocd\ncomponents: [../overlays/" << overlay << "]\n";
  std::vector<Json> objects = build(work / "argocd");
  fs::remove_all(work);
  return objects;
}

TEST(InstallManifests, PluginOverlayAddsTheCmpSidecarToTheRepoServer) {
  std::vector<Json> objects = compose_with_repo_server("plugin-only");
  const Json* deployment = nullptr;
  std::map<std::string, const Json*> config_maps;
  for (const Json& o : objects) {
    if (string_at(o, {"kind"}) == "Deployment") deployment = &o;
    if (string_at(o, {"kind"}) == "ConfigMap") config_maps[string_at(o, {"metadata", "name"})] = &o;
  }
  ASSERT_NE(deployment, nullptr);
  const Json& pod = *find_path(*deployment, {"spec", "template", "spec"});
  const Json* sidecar = find_named(pod["containers"], "fleetwave-cmp");
  ASSERT_NE(sidecar, nullptr);
  EXPECT_NE(find_named(pod["containers"], "argocd-repo-server"), nullptr) << "the repo-server container must stay";
  EXPECT_EQ((*sidecar)["command"], Json::parse(R"(["/var/run/argocd/argocd-cmp-server"])"));
  EXPECT_EQ((*sidecar)["securityContext"]["runAsUser"], 999);
  EXPECT_EQ((*sidecar)["securityContext"]["runAsNonRoot"], true);

  std::map<std::string, Json> mounts;  // mountPath -> mount
  for (const Json& m : (*sidecar)["volumeMounts"]) mounts[string_at(m, {"mountPath"})] = m;
  EXPECT_EQ(string_at(mounts["/var/run/argocd"], {"name"}), "var-files");
  EXPECT_EQ(string_at(mounts["/home/argocd/cmp-server/plugins"], {"name"}), "plugins");
  const Json& config_mount = mounts["/home/argocd/cmp-server/config/plugin.yaml"];
  EXPECT_EQ(string_at(config_mount, {"subPath"}), "plugin.yaml");
  // Its own /tmp: not the repo-server's tmp volume.
  std::string tmp_volume = string_at(mounts["/tmp"], {"name"});
  ASSERT_FALSE(tmp_volume.empty());
  EXPECT_NE(tmp_volume, "tmp");
  const Json* tmp = find_named(pod["volumes"], tmp_volume);
  ASSERT_NE(tmp, nullptr);
  EXPECT_TRUE(tmp->contains("emptyDir"));

  // plugin.yaml comes from the generated ConfigMap (hash-suffixed name rewritten by kustomize).
  const Json* config_volume = find_named(pod["volumes"], string_at(config_mount, {"name"}));
  ASSERT_NE(config_volume, nullptr);
  std::string cm_name = string_at(*config_volume, {"configMap", "name"});
  ASSERT_TRUE(config_maps.count(cm_name)) << cm_name;
  auto plugin = parse_yaml_stream(string_at(*config_maps[cm_name], {"data", "plugin.yaml"}), "plugin.yaml");
  ASSERT_TRUE(plugin.ok());
  const Json& cmp = (*plugin)[0].value;
  EXPECT_EQ(string_at(cmp, {"kind"}), "ConfigManagementPlugin");
  EXPECT_EQ(string_at(cmp, {"metadata", "name"}), "fleetwave");
  EXPECT_FALSE(cmp["spec"].contains("discover")) << "selected by name only";
  EXPECT_EQ(cmp["spec"]["generate"]["command"][0], "/usr/local/bin/fleetwave-render");
}

}  // namespace
}  // namespace fleetwave
