// Reads the files a render needs from a checked-out repository (the CMP's copy of the repo, or
// any directory), with the plugin's safety rules (docs/architecture.md, "The render pipeline"): never follow a symlink
// out of the repository, never read .git, only regular files, size caps checked before reading.
#pragma once

#include <filesystem>
#include <string>

#include "base/result.h"
#include "render/input_bundle.h"

namespace fleetwave {

struct RepoLayout {
  std::filesystem::path root;  // repository root
  std::string app_path;        // repo-relative app directory, e.g. apps/guestbook
  std::string clusters_dir = "clusters";
  std::string policies_dir = "policies";
};

// Fills bundle.files from the layout (app files, inventory, fleet policies, and fleetwave's
// cordon overlay .fleetwave/cordons.yaml when present), sorted by path within each part.
// Only *.yaml, *.yml and *.json files are read; names starting with '.' are skipped (e.g.
// Argo CD's .argocd-source.yaml). A missing policies/ directory is fine; a missing app or
// inventory directory is an error.
Result<Ok, ErrorList> read_repo_files(const RepoLayout& layout, InputBundle& bundle);

// Checks that a user-supplied repo-relative path stays inside the repository.
Result<std::string> clean_relative_path(const std::string& path, const std::string& what);

}  // namespace fleetwave
