// Helpers of the install-manifest tests (install_manifests_test.cpp,
// install_reconciler_test.cpp): build a kustomization with `kubectl kustomize`, compose an
// overlay with a stand-in Argo CD repo-server the way a user composes it with Argo CD's
// install.yaml, and find objects in the output.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "base/json.h"
#include "codec/yaml_codec.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fleetwave::install_test {

namespace fs = std::filesystem;

inline const fs::path kSource = fleetwave::testkit::source_dir();

inline std::string kubectl() {
  for (const char* dir : {"/usr/local/bin", "/usr/bin", "/bin", "/snap/bin"}) {
    if (fs::exists(fs::path(dir) / "kubectl")) return (fs::path(dir) / "kubectl").string();
  }
  return "kubectl";
}

// The objects `kubectl kustomize dir` prints; a failed build fails the calling test.
inline std::vector<Json> build(const fs::path& dir) {
  testkit::ProcessOutcome r = testkit::run_process({kubectl(), "kustomize", dir.string()}, {{"HOME", "/tmp"}}, "");
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

// A repo-server shaped like Argo CD's own (manifests/base/repo-server), written for these tests.
inline const char* const kRepoServer = R"(apiVersion: apps/v1
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

// A copy of the repository's install directories in a temporary directory, removed on scope exit.
class InstallTree {
 public:
  InstallTree() {
    char tmpl[] = "/tmp/fw-install-XXXXXX";
    root_ = mkdtemp(tmpl);
    for (const char* top : {"manifests", "overlays", "examples"}) {
      fs::copy(kSource / top, root_ / top, fs::copy_options::recursive);
    }
  }
  ~InstallTree() { fs::remove_all(root_); }
  InstallTree(const InstallTree&) = delete;
  InstallTree& operator=(const InstallTree&) = delete;
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
};

// What a user's Argo CD kustomization with `components: [overlay]` builds to, with the stand-in
// repo-server as Argo CD's installation.
inline std::vector<Json> compose_with_repo_server(const std::string& overlay) {
  InstallTree tree;
  fs::create_directories(tree.root() / "argocd");
  std::ofstream(tree.root() / "argocd/repo-server.yaml") << kRepoServer;
  std::ofstream(tree.root() / "argocd/kustomization.yaml")
      << "resources: [repo-server.yaml]\nnamespace: argocd\ncomponents: [../overlays/" << overlay << "]\n";
  return build(tree.root() / "argocd");
}

// The element of a list whose "name" is `name`, or nullptr.
inline const Json* find_named(const Json* list, const std::string& name) {
  if (list == nullptr || !list->is_array()) return nullptr;
  for (const Json& item : *list) {
    if (string_at(item, {"name"}) == name) return &item;
  }
  return nullptr;
}

// The object of `kind` named `name` in a build's output, or nullptr.
inline const Json* find_object(const std::vector<Json>& objects, const std::string& kind, const std::string& name) {
  for (const Json& o : objects) {
    if (string_at(o, {"kind"}) == kind && string_at(o, {"metadata", "name"}) == name) return &o;
  }
  return nullptr;
}

// The value at `keys`, or a null Json when it is missing (never throws, unlike const operator[]).
inline const Json& at(const Json& root, std::initializer_list<std::string_view> keys) {
  static const Json kNull;
  const Json* node = find_path(root, keys);
  return node != nullptr ? *node : kNull;
}

// A generated object's name without kustomize's "-<hash>" suffix (10 characters of the
// alphabet kustomize encodes its hashes with).
inline std::string without_hash(const std::string& name) {
  auto dash = name.rfind('-');
  if (dash == std::string::npos || name.size() - dash != 11) return name;
  for (char c : name.substr(dash + 1)) {
    if (std::string_view("bcdfghkmt2456789").find(c) == std::string_view::npos) return name;
  }
  return name.substr(0, dash);
}

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace fleetwave::install_test
