// Every kustomization under manifests/ and overlays/ builds with `kubectl kustomize` and yields
// the objects it should; both overlays, composed with an Argo CD repo-server, add the CMP
// sidecar the way Argo CD's docs prescribe; and examples/argocd-install composes, with Argo CD's
// remote install.yaml replaced by a stand-in. The reconciler's objects are checked in
// install_reconciler_test.cpp.
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "kustomize_build.h"

namespace fleetwave {
namespace {
using namespace install_test;

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
  ASSERT_GE(dirs.size(), 4u);
  for (const fs::path& dir : dirs) {
    SCOPED_TRACE(dir.string());
    build(dir);
  }
}

// "Kind/namespace/name" of every object, generated names without their hash suffix.
std::set<std::string> object_ids(const std::vector<Json>& objects) {
  std::set<std::string> ids;
  for (const Json& o : objects) {
    ids.insert(string_at(o, {"kind"}) + "/" + string_at(o, {"metadata", "namespace"}) + "/" +
               without_hash(string_at(o, {"metadata", "name"})));
  }
  return ids;
}

const std::set<std::string> kReconcilerObjects = {
    "ServiceAccount/argocd/fleetwave",
    "ConfigMap/argocd/fleetwave-config",
    "ConfigMap/argocd/fleetwave-plugin-generator",
    "Service/argocd/fleetwave",
    "Deployment/argocd/fleetwave",
    "NetworkPolicy/argocd/fleetwave",
};

TEST(InstallManifests, EachKustomizationBuildsTheObjectsItShould) {
  // Built on their own, the Components yield only what they add (the sidecar patch has no
  // repo-server to patch); the namespace comes from the kustomization that includes them.
  std::set<std::string> with_plugin = kReconcilerObjects;
  with_plugin.insert("ConfigMap//fleetwave-cmp-plugin");
  const struct {
    std::string dir;
    std::set<std::string> objects;
  } cases[] = {
      {"manifests/plugin", {"ConfigMap//fleetwave-cmp-plugin"}},
      {"manifests/reconciler", kReconcilerObjects},
      {"overlays/plugin-only", {"ConfigMap//fleetwave-cmp-plugin"}},
      {"overlays/plugin-and-reconciler", with_plugin},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.dir);
    EXPECT_EQ(object_ids(build(kSource / c.dir)), c.objects);
  }
  std::set<std::string> composed = object_ids(compose_with_repo_server("plugin-and-reconciler"));
  std::set<std::string> expected = kReconcilerObjects;
  expected.insert({"ConfigMap/argocd/fleetwave-cmp-plugin", "Deployment/argocd/argocd-repo-server"});
  EXPECT_EQ(composed, expected);
}

TEST(InstallManifests, ReconcilerObjectsCarryTheFleetwaveLabels) {
  for (const Json& o : build(kSource / "manifests/reconciler")) {
    SCOPED_TRACE(string_at(o, {"kind"}) + "/" + string_at(o, {"metadata", "name"}));
    EXPECT_EQ(string_at(o, {"metadata", "labels", "app.kubernetes.io/name"}), "fleetwave");
    EXPECT_EQ(string_at(o, {"metadata", "labels", "app.kubernetes.io/component"}), "reconciler");
    EXPECT_EQ(string_at(o, {"metadata", "labels", "app.kubernetes.io/part-of"}), "fleetwave");
  }
}

// The repo-server of `objects` has the fleetwave CMP sidecar, wired as Argo CD's docs say.
void expect_cmp_sidecar(const std::vector<Json>& objects) {
  const Json* deployment = find_object(objects, "Deployment", "argocd-repo-server");
  ASSERT_NE(deployment, nullptr);
  const Json& pod = at(*deployment, {"spec", "template", "spec"});
  const Json* sidecar = find_named(find_path(pod, {"containers"}), "fleetwave-cmp");
  ASSERT_NE(sidecar, nullptr);
  EXPECT_NE(find_named(find_path(pod, {"containers"}), "argocd-repo-server"), nullptr)
      << "the repo-server container must stay";
  EXPECT_EQ(string_at(*deployment,
                      {"spec", "template", "metadata", "annotations", "kubectl.kubernetes.io/default-container"}),
            "argocd-repo-server")
      << "kubectl logs/exec must keep landing in the repo-server, not in the sidecar";
  EXPECT_EQ(at(*sidecar, {"command"}), Json::parse(R"(["/var/run/argocd/argocd-cmp-server"])"));
  EXPECT_EQ(at(*sidecar, {"securityContext", "runAsUser"}), 999);
  EXPECT_EQ(at(*sidecar, {"securityContext", "runAsNonRoot"}), true);

  std::map<std::string, Json> mounts;  // mountPath -> mount
  for (const Json& m : at(*sidecar, {"volumeMounts"})) mounts[string_at(m, {"mountPath"})] = m;
  EXPECT_EQ(string_at(mounts["/var/run/argocd"], {"name"}), "var-files");
  EXPECT_EQ(string_at(mounts["/home/argocd/cmp-server/plugins"], {"name"}), "plugins");
  const Json& config_mount = mounts["/home/argocd/cmp-server/config/plugin.yaml"];
  EXPECT_EQ(string_at(config_mount, {"subPath"}), "plugin.yaml");
  // Its own /tmp: not the repo-server's tmp volume.
  std::string tmp_volume = string_at(mounts["/tmp"], {"name"});
  ASSERT_FALSE(tmp_volume.empty());
  EXPECT_NE(tmp_volume, "tmp");
  const Json* tmp = find_named(find_path(pod, {"volumes"}), tmp_volume);
  ASSERT_NE(tmp, nullptr);
  EXPECT_TRUE(tmp->contains("emptyDir"));

  // plugin.yaml comes from the generated ConfigMap (hash-suffixed name rewritten by kustomize).
  const Json* config_volume = find_named(find_path(pod, {"volumes"}), string_at(config_mount, {"name"}));
  ASSERT_NE(config_volume, nullptr);
  std::string cm_name = string_at(*config_volume, {"configMap", "name"});
  const Json* config_map = find_object(objects, "ConfigMap", cm_name);
  ASSERT_NE(config_map, nullptr) << cm_name;
  auto plugin = parse_yaml_stream(string_at(*config_map, {"data", "plugin.yaml"}), "plugin.yaml");
  ASSERT_TRUE(plugin.ok());
  const Json& cmp = (*plugin)[0].value;
  EXPECT_EQ(string_at(cmp, {"kind"}), "ConfigManagementPlugin");
  EXPECT_EQ(string_at(cmp, {"metadata", "name"}), "fleetwave");
  EXPECT_EQ(find_path(cmp, {"spec", "discover"}), nullptr) << "selected by name only";
  EXPECT_EQ(at(cmp, {"spec", "generate", "command"}), Json::array({"/usr/local/bin/fleetwave-render"}));
}

TEST(InstallManifests, PluginOverlayAddsTheCmpSidecarToTheRepoServer) {
  std::vector<Json> objects = compose_with_repo_server("plugin-only");
  expect_cmp_sidecar(objects);
  EXPECT_EQ(find_object(objects, "Deployment", "fleetwave"), nullptr) << "plugin only: no reconciler";
}

TEST(InstallManifests, PluginAndReconcilerOverlayAddsTheSidecarAndTheReconciler) {
  std::vector<Json> objects = compose_with_repo_server("plugin-and-reconciler");
  expect_cmp_sidecar(objects);
  const Json* reconciler = find_object(objects, "Deployment", "fleetwave");
  ASSERT_NE(reconciler, nullptr);
  // One image holds both binaries: the sidecar and the reconciler run the same release.
  const Json* repo_server = find_object(objects, "Deployment", "argocd-repo-server");
  ASSERT_NE(repo_server, nullptr);
  const Json* sidecar =
      find_named(find_path(*repo_server, {"spec", "template", "spec", "containers"}), "fleetwave-cmp");
  const Json* serve = find_named(find_path(*reconciler, {"spec", "template", "spec", "containers"}), "fleetwave");
  ASSERT_NE(sidecar, nullptr);
  ASSERT_NE(serve, nullptr);
  EXPECT_EQ(string_at(*serve, {"image"}), string_at(*sidecar, {"image"}));
  // The reconciler's labels stay on fleetwave's objects; Argo CD's keep theirs.
  EXPECT_EQ(find_path(*repo_server, {"metadata", "labels", "app.kubernetes.io/part-of"}), nullptr);
}

// examples/argocd-install with its one remote resource (Argo CD's install.yaml) replaced by the
// stand-in repo-server: everything the example adds is built offline.
TEST(InstallManifests, ExampleInstallComposesWithArgoCd) {
  InstallTree tree;
  const fs::path example = tree.root() / "examples/argocd-install";
  auto docs = parse_yaml_stream(read_file(example / "kustomization.yaml"), "kustomization.yaml");
  ASSERT_TRUE(docs.ok()) << docs.error().to_string();
  Json kustomization = (*docs)[0].value;
  ASSERT_EQ(at(kustomization, {"resources"}).size(), 1u);
  std::string remote = at(kustomization, {"resources"})[0].get<std::string>();
  EXPECT_TRUE(remote.starts_with("https://raw.githubusercontent.com/argoproj/argo-cd/") &&
              remote.ends_with("/manifests/install.yaml"))
      << remote;
  kustomization["resources"] = Json::array({"repo-server.yaml"});
  std::ofstream(example / "repo-server.yaml") << kRepoServer;
  std::ofstream(example / "kustomization.yaml") << kustomization.dump(2);  // JSON is YAML

  std::vector<Json> objects = build(example);
  expect_cmp_sidecar(objects);
  const Json* reconciler = find_object(objects, "Deployment", "fleetwave");
  ASSERT_NE(reconciler, nullptr);
  const Json* config_volume = find_named(find_path(*reconciler, {"spec", "template", "spec", "volumes"}), "config");
  ASSERT_NE(config_volume, nullptr);
  const Json* config = find_object(objects, "ConfigMap", string_at(*config_volume, {"configMap", "name"}));
  ASSERT_NE(config, nullptr) << "the Deployment follows the patched ConfigMap's new hash";
  auto patched = parse_yaml_stream(string_at(*config, {"data", "config.yaml"}), "config.yaml");
  ASSERT_TRUE(patched.ok()) << patched.error().to_string();
  EXPECT_EQ(string_at((*patched)[0].value, {"repo"}), "https://github.com/acme/fleet.git")
      << "the example's config, not the placeholder";
  for (const Json& o : objects)
    EXPECT_EQ(string_at(o, {"metadata", "namespace"}), "argocd") << string_at(o, {"metadata", "name"});
}

}  // namespace
}  // namespace fleetwave
