// Generates manifests exactly as argocd-cmp-server runs a plugin's generate command
// (docs/architecture.md, "Argo CD contracts"): the whole repository tree at the resolved commit in
// a fresh temporary directory, cwd = <dir>/<spec.source.path>, argv = [the plugin binary], the
// environment replaced by cmp_environment(), stdout parsed as manifests, a non-zero exit an
// error "`<argv>` failed exit status N: <trimmed stderr>". The directory is removed afterwards.
//
// Thread-safety: single-threaded (it drives a GitRepository).
#pragma once

#include <filesystem>
#include <string>

#include "adapters/git/git_repository.h"
#include "argocd_sim/manifest_generator.h"

namespace fleetwave::sim {

struct CmpPluginOptions {
  std::string binary;               // absolute path of fleetwave-render
  std::filesystem::path work_root;  // parent of the per-render temporary directories
  int timeout_seconds = 60;         // the repo-server RPC deadline
};

class CmpPluginRunner final : public ManifestGenerator {
 public:
  CmpPluginRunner(git::GitRepository& repo, CmpPluginOptions options);

  Result<std::vector<Json>> generate(const CmpContext& context) override;

 private:
  Result<std::vector<Json>> run_in(const std::filesystem::path& dir, const CmpContext& context);

  git::GitRepository& repo_;
  const CmpPluginOptions options_;
};

}  // namespace fleetwave::sim
