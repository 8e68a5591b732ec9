// The reconciler's install objects (manifests/reconciler), as overlays/plugin-and-reconciler
// adds them next to an Argo CD installation: a locked-down Deployment whose probes, volumes and
// config agree with each other, with the Service, the plugin-generator ConfigMap, the
// NetworkPolicy, and with the Secrets docs/install.md tells users to create.
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "kustomize_build.h"

namespace fleetwave {
namespace {
using namespace install_test;

// overlays/plugin-and-reconciler composed with a stand-in Argo CD, built once.
struct Install {
  std::vector<Json> objects;
  const Json* deployment = nullptr;
  const Json* pod = nullptr;        // the Deployment's pod spec
  const Json* container = nullptr;  // the fleetwave container

  const Json* volume(const std::string& name) const { return find_named(find_path(*pod, {"volumes"}), name); }
  // The mount whose mountPath holds `path` (the longest), or nullptr.
  const Json* mount_holding(const std::string& path) const {
    const Json* best = nullptr;
    for (const Json& m : at(*container, {"volumeMounts"})) {
      std::string dir = string_at(m, {"mountPath"});
      if (path.starts_with(dir + "/") && (best == nullptr || dir.size() > string_at(*best, {"mountPath"}).size()))
        best = &m;
    }
    return best;
  }
  // The ConfigMap's config.yaml, parsed.
  Json config() const {
    const Json* config_mount = mount_holding("/etc/fleetwave/config.yaml");
    if (config_mount == nullptr) return nullptr;
    const Json* v = volume(string_at(*config_mount, {"name"}));
    const Json* cm = v == nullptr ? nullptr : find_object(objects, "ConfigMap", string_at(*v, {"configMap", "name"}));
    if (cm == nullptr) return nullptr;
    auto docs = parse_yaml_stream(string_at(*cm, {"data", "config.yaml"}), "config.yaml");
    return docs.ok() && !docs->empty() ? (*docs)[0].value : Json();
  }
};

const Install& install() {
  static const Install* built = [] {
    auto* i = new Install;
    i->objects = compose_with_repo_server("plugin-and-reconciler");
    i->deployment = find_object(i->objects, "Deployment", "fleetwave");
    if (i->deployment != nullptr) {
      i->pod = find_path(*i->deployment, {"spec", "template", "spec"});
      i->container = find_named(find_path(*i->pod, {"containers"}), "fleetwave");
    }
    return i;
  }();
  return *built;
}

#define ASSERT_INSTALL_BUILT()              \
  ASSERT_NE(install().deployment, nullptr); \
  ASSERT_NE(install().container, nullptr)

// True when every matchLabels entry of `selector` is among `labels`.
bool selects(const Json& selector, const Json& labels) {
  if (!selector.is_object() || selector.empty()) return false;
  for (const auto& [k, v] : selector.items()) {
    if (!v.is_string() || string_at(labels, {k}) != v.get<std::string>()) return false;
  }
  return true;
}

const Json& pod_labels() { return at(*install().deployment, {"spec", "template", "metadata", "labels"}); }

// The Secrets docs/install.md tells users to create: name -> the lines that create it.
std::map<std::string, std::string> documented_secrets() {
  std::map<std::string, std::string> secrets;
  std::istringstream doc(read_file(kSource / "docs/install.md"));
  const std::string create = "create secret generic ";
  for (std::string line; std::getline(doc, line);) {
    auto at_create = line.find(create);
    if (at_create == std::string::npos) continue;
    std::istringstream rest(line.substr(at_create + create.size()));
    std::string name;
    rest >> name;
    secrets[name] += line + "\n";
  }
  return secrets;
}

TEST(InstallReconciler, PodAndContainerAreLockedDown) {
  ASSERT_INSTALL_BUILT();
  const Install& i = install();
  EXPECT_EQ(at(*i.deployment, {"spec", "replicas"}), 1);
  EXPECT_EQ(at(*i.deployment, {"spec", "strategy", "rollingUpdate", "maxUnavailable"}), 0);
  EXPECT_EQ(at(*i.pod, {"terminationGracePeriodSeconds"}), 60);
  EXPECT_EQ(at(*i.pod, {"securityContext", "runAsNonRoot"}), true);
  EXPECT_EQ(at(*i.pod, {"securityContext", "runAsUser"}), 65532);
  EXPECT_EQ(at(*i.pod, {"securityContext", "runAsGroup"}), 65532);
  EXPECT_EQ(string_at(*i.pod, {"securityContext", "seccompProfile", "type"}), "RuntimeDefault");
  const Json& sc = at(*i.container, {"securityContext"});
  EXPECT_EQ(at(sc, {"runAsNonRoot"}), true);
  EXPECT_EQ(at(sc, {"allowPrivilegeEscalation"}), false);
  EXPECT_EQ(at(sc, {"readOnlyRootFilesystem"}), true);
  EXPECT_EQ(at(sc, {"capabilities", "drop"}), Json::array({"ALL"}));
  EXPECT_EQ(string_at(sc, {"seccompProfile", "type"}), "RuntimeDefault");
  EXPECT_EQ(at(*i.container, {"args"}), Json::array({"serve", "--config", "/etc/fleetwave/config.yaml"}));
  for (const char* r : {"cpu", "memory"})
    EXPECT_TRUE(find_path(*i.container, {"resources", "requests", r}) != nullptr) << r;
  EXPECT_TRUE(find_path(*i.container, {"resources", "limits", "memory"}) != nullptr);

  // No Kubernetes API token anywhere: fleetwave talks to Argo CD with its own token.
  EXPECT_EQ(at(*i.pod, {"automountServiceAccountToken"}), false);
  const Json* sa = find_object(i.objects, "ServiceAccount", string_at(*i.pod, {"serviceAccountName"}));
  ASSERT_NE(sa, nullptr);
  EXPECT_EQ(at(*sa, {"automountServiceAccountToken"}), false);

  // A read-only root filesystem: /tmp and the cache are emptyDirs, bounded.
  for (const std::string path : {"/tmp/x", "/var/cache/fleetwave/x"}) {
    const Json* m = i.mount_holding(path);
    ASSERT_NE(m, nullptr) << path;
    const Json* v = i.volume(string_at(*m, {"name"}));
    ASSERT_NE(v, nullptr) << path;
    EXPECT_NE(find_path(*v, {"emptyDir", "sizeLimit"}), nullptr) << path;
  }
}

TEST(InstallReconciler, ProbesHitHealthzAndReadyzOnTheHttpPort) {
  ASSERT_INSTALL_BUILT();
  const Json& c = *install().container;
  const Json* http = find_named(find_path(c, {"ports"}), "http");
  ASSERT_NE(http, nullptr);
  EXPECT_EQ(at(*http, {"containerPort"}), 8080);
  const struct {
    const char* probe;
    const char* path;
  } cases[] = {{"livenessProbe", "/healthz"}, {"readinessProbe", "/readyz"}, {"startupProbe", "/healthz"}};
  for (const auto& p : cases) {
    SCOPED_TRACE(p.probe);
    EXPECT_EQ(string_at(c, {p.probe, "httpGet", "path"}), p.path);
    EXPECT_EQ(string_at(c, {p.probe, "httpGet", "port"}), "http");
  }
  // The startup probe allows a slow first clone: several minutes.
  const Json& s = at(c, {"startupProbe"});
  ASSERT_TRUE(at(s, {"periodSeconds"}).is_number() && at(s, {"failureThreshold"}).is_number());
  EXPECT_GE(at(s, {"periodSeconds"}).get<int>() * at(s, {"failureThreshold"}).get<int>(), 300);
}

// Each Secret or ConfigMap volume names a ConfigMap in the output or a Secret that
// docs/install.md has users create; only the approvals Secret (an optional feature) is optional.
TEST(InstallReconciler, VolumesReferenceShippedConfigMapsOrDocumentedSecrets) {
  ASSERT_INSTALL_BUILT();
  std::map<std::string, std::string> documented = documented_secrets();
  int secrets = 0;
  for (const Json& v : at(*install().pod, {"volumes"})) {
    SCOPED_TRACE(string_at(v, {"name"}));
    if (v.contains("configMap")) {
      EXPECT_NE(find_object(install().objects, "ConfigMap", string_at(v, {"configMap", "name"})), nullptr);
    } else if (v.contains("secret")) {
      ++secrets;
      std::string name = string_at(v, {"secret", "secretName"});
      EXPECT_TRUE(documented.count(name))
          << name << ": no `kubectl create secret generic " << name << "` in docs/install.md";
      EXPECT_EQ(find_object(install().objects, "Secret", name), nullptr) << "never ship secret values";
      EXPECT_EQ(at(v, {"secret", "optional"}) == true, name == "fleetwave-approvals") << name;
    } else {
      EXPECT_TRUE(v.contains("emptyDir"));
    }
  }
  EXPECT_EQ(secrets, 5);
  for (const Json& o : install().objects) EXPECT_NE(string_at(o, {"kind"}), "Secret");
}

// Every *File of the shipped config.yaml lies in a mounted Secret, under a key the docs create;
// the cache is writable and the listen port is the container's http port.
TEST(InstallReconciler, ConfigFilePathsAreMountedSecretKeys) {
  ASSERT_INSTALL_BUILT();
  const Install& i = install();
  Json config = i.config();
  ASSERT_TRUE(config.is_object()) << "the Deployment mounts a ConfigMap with config.yaml at /etc/fleetwave";
  std::map<std::string, std::string> documented = documented_secrets();
  int files = 0;
  for (const auto& [section, fields] : config.items()) {
    if (!fields.is_object()) continue;
    for (const auto& [key, value] : fields.items()) {
      if (!key.ends_with("File") || !value.is_string()) continue;
      ++files;
      std::string path = value.get<std::string>();
      SCOPED_TRACE(section + "." + key + ": " + path);
      const Json* m = i.mount_holding(path);
      ASSERT_NE(m, nullptr);
      const Json* v = i.volume(string_at(*m, {"name"}));
      ASSERT_NE(v, nullptr);
      std::string secret = string_at(*v, {"secret", "secretName"});
      ASSERT_FALSE(secret.empty()) << "a Secret volume";
      std::string file = path.substr(string_at(*m, {"mountPath"}).size() + 1);
      EXPECT_NE(documented[secret].find(file + "="), std::string::npos)
          << "docs/install.md creates " << secret << " without key " << file;
    }
  }
  EXPECT_GE(files, 4);  // git, argocd, webhook, generator
  const Json* cache = i.mount_holding(string_at(config, {"cacheDir"}) + "/x");
  ASSERT_NE(cache, nullptr);
  const Json* cache_volume = i.volume(string_at(*cache, {"name"}));
  ASSERT_NE(cache_volume, nullptr);
  EXPECT_TRUE(cache_volume->contains("emptyDir"));
  EXPECT_EQ(string_at(config, {"listen"}), ":8080");
}

TEST(InstallReconciler, ServiceSelectsTheReconcilerPodsAndTargetsHttp) {
  ASSERT_INSTALL_BUILT();
  const Json* service = find_object(install().objects, "Service", "fleetwave");
  ASSERT_NE(service, nullptr);
  EXPECT_EQ(string_at(*service, {"spec", "type"}), "ClusterIP");
  EXPECT_TRUE(selects(at(*service, {"spec", "selector"}), pod_labels()));
  EXPECT_TRUE(selects(at(*install().deployment, {"spec", "selector", "matchLabels"}), pod_labels()));
  const Json* repo_server = find_object(install().objects, "Deployment", "argocd-repo-server");
  ASSERT_NE(repo_server, nullptr);
  EXPECT_FALSE(
      selects(at(*service, {"spec", "selector"}), at(*repo_server, {"spec", "template", "metadata", "labels"})));
  const Json* port = find_named(find_path(*service, {"spec", "ports"}), "http");
  ASSERT_NE(port, nullptr);
  EXPECT_EQ(at(*port, {"port"}), 8080);
  EXPECT_EQ(string_at(*port, {"targetPort"}), "http");
}

// The ApplicationSet controller calls the Service, with the token of the same Secret that
// fleetwave checks Bearer tokens against; that Secret is labelled for Argo CD in the docs.
TEST(InstallReconciler, PluginGeneratorConfigMapPointsAtTheService) {
  ASSERT_INSTALL_BUILT();
  const Json* cm = find_object(install().objects, "ConfigMap", "fleetwave-plugin-generator");
  ASSERT_NE(cm, nullptr) << "ApplicationSets refer to it by this exact name";
  const Json* service = find_object(install().objects, "Service", "fleetwave");
  ASSERT_NE(service, nullptr);
  EXPECT_EQ(string_at(*cm, {"metadata", "namespace"}), "argocd") << "the ApplicationSet controller's namespace";
  const Json* port = find_named(find_path(*service, {"spec", "ports"}), "http");
  ASSERT_NE(port, nullptr);
  EXPECT_EQ(string_at(*cm, {"data", "baseUrl"}),
            "http://" + string_at(*service, {"metadata", "name"}) + "." +
                string_at(*service, {"metadata", "namespace"}) +
                ".svc.cluster.local:" + std::to_string(at(*port, {"port"}).get<int>()));
  std::string timeout = string_at(*cm, {"data", "requestTimeout"});
  EXPECT_FALSE(timeout.empty());
  EXPECT_EQ(timeout.find_first_not_of("0123456789"), std::string::npos) << timeout;

  std::string token = string_at(*cm, {"data", "token"});
  ASSERT_TRUE(token.starts_with("$")) << "a Secret reference, never a value: " << token;
  auto colon = token.find(':');
  ASSERT_NE(colon, std::string::npos) << "$<secret>:<key>, a Secret of its own";
  std::string secret = token.substr(1, colon - 1), key = token.substr(colon + 1);
  std::string token_file = string_at(install().config(), {"generator", "tokenFile"});
  const Json* m = install().mount_holding(token_file);
  ASSERT_NE(m, nullptr) << token_file;
  const Json* token_volume = install().volume(string_at(*m, {"name"}));
  ASSERT_NE(token_volume, nullptr);
  EXPECT_EQ(string_at(*token_volume, {"secret", "secretName"}), secret);
  EXPECT_EQ(token_file, string_at(*m, {"mountPath"}) + "/" + key);

  bool labelled = false;
  std::istringstream doc(read_file(kSource / "docs/install.md"));
  for (std::string line; std::getline(doc, line);) {
    labelled |= line.find("label secret " + secret) != std::string::npos &&
                line.find("app.kubernetes.io/part-of=argocd") != std::string::npos;
  }
  EXPECT_TRUE(labelled) << "docs/install.md must label " << secret << " app.kubernetes.io/part-of=argocd";
}

TEST(InstallReconciler, NetworkPolicySelectsTheReconcilerPods) {
  ASSERT_INSTALL_BUILT();
  const Json* policy = find_object(install().objects, "NetworkPolicy", "fleetwave");
  ASSERT_NE(policy, nullptr);
  EXPECT_TRUE(selects(at(*policy, {"spec", "podSelector", "matchLabels"}), pod_labels()));
  EXPECT_EQ(at(*policy, {"spec", "policyTypes"}), Json::array({"Ingress", "Egress"}));

  // Ingress: only the http port, and the ApplicationSet controller of this namespace among the
  // peers. No peer selector carries fleetwave's own labels (as kustomize's includeSelectors would).
  bool appset_controller = false;
  for (const Json& rule : at(*policy, {"spec", "ingress"})) {
    ASSERT_FALSE(at(rule, {"ports"}).empty()) << "every ingress rule names its ports";
    for (const Json& p : at(rule, {"ports"}))
      EXPECT_TRUE(at(p, {"port"}) == "http" || at(p, {"port"}) == 8080) << p.dump();
    ASSERT_FALSE(at(rule, {"from"}).empty()) << "every ingress rule names its sources";
    for (const Json& peer : at(rule, {"from"})) {
      EXPECT_EQ(find_path(peer, {"podSelector", "matchLabels", "app.kubernetes.io/part-of"}), nullptr) << peer.dump();
      appset_controller |= string_at(peer, {"podSelector", "matchLabels", "app.kubernetes.io/name"}) ==
                               "argocd-applicationset-controller" &&
                           !peer.contains("namespaceSelector");
    }
  }
  EXPECT_TRUE(appset_controller);

  // Egress: DNS, Git (HTTPS and SSH), the Argo CD API server's pods and Prometheus.
  std::map<std::string, std::string> allowed;  // "port/protocol" -> the podSelector's name ("" = anywhere)
  for (const Json& rule : at(*policy, {"spec", "egress"})) {
    std::string to = rule.contains("to")
                         ? string_at(at(rule, {"to"})[0], {"podSelector", "matchLabels", "app.kubernetes.io/name"})
                         : "";
    for (const Json& p : at(rule, {"ports"})) allowed[at(p, {"port"}).dump() + "/" + string_at(p, {"protocol"})] = to;
  }
  EXPECT_EQ(allowed, (std::map<std::string, std::string>{{"53/UDP", ""},
                                                         {"53/TCP", ""},
                                                         {"443/TCP", ""},
                                                         {"22/TCP", ""},
                                                         {"8080/TCP", "argocd-server"},
                                                         {"9090/TCP", "prometheus"}}));
}

// Issue 25 (10): the image ships the programs the binaries run. fleetwave signs and verifies
// commits with ssh-keygen (adapters/signing/ssh_keygen.cpp), so the runtime stage installs the
// package that has it.
TEST(InstallImage, TheRuntimeStageInstallsWhatTheBinariesRun) {
  std::ifstream in(kSource / "Dockerfile");
  const std::string dockerfile((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t runtime = dockerfile.find("FROM debian:12-slim");
  ASSERT_NE(runtime, std::string::npos) << "the runtime stage";
  const std::string stage = dockerfile.substr(runtime);
  const std::size_t install = stage.find("apt-get install");
  ASSERT_NE(install, std::string::npos);
  const std::string packages = stage.substr(install, stage.find("&& rm -rf", install) - install);
  EXPECT_NE(packages.find(" openssh-client"), std::string::npos) << "ssh-keygen for --signing-key\n" << packages;
  EXPECT_NE(packages.find(" ca-certificates"), std::string::npos) << packages;
}

}  // namespace
}  // namespace fleetwave
