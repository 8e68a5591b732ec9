// Finds the apps of a commit: every directory holding a WavePlan; the app is named by the
// WavePlan's metadata.name. A broken WavePlan still yields an app (with its errors), so it is
// reported while the other apps proceed; so does one whose kind or apiVersion is a near miss
// ("WavePaln", "fleetwave.io/v1alpha"), which would otherwise make the app vanish.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "reconcile/repo_snapshot.h"
#include "rollout/wave_plan.h"

namespace fleetwave {

struct AppDefinition {
  std::string name;              // WavePlan metadata.name (the file path when the name is unreadable)
  std::string path;              // the app directory
  std::string plan_file;         // the file holding the WavePlan
  std::optional<WavePlan> plan;  // absent when the WavePlan is invalid
  ErrorList errors;              // file:line:column: field: problem
  ErrorList warnings;            // the same, for what works but is likely not meant
  std::string plan_content;      // the plan file's text, document index and first line, to
  std::size_t plan_doc = 0;      // locate problems found after parsing (analysis templates)
  int plan_line = 0;
  // Where each entry of plan->depends_on is written, for errors found across apps.
  std::vector<SourcePos> depends_on_at;
};

// Cross-app checks of spec.dependsOn: a dependency on an app no WavePlan names, or a cycle,
// is an error of the depending app (each app of a cycle), which then has no plan.
void check_dependencies(std::vector<AppDefinition>& apps);

// Remembers, per blob id, whether a file can hold a WavePlan or an analysis template, so later
// scans read only new blobs.
// Not thread-safe.
class AppDiscovery {
 public:
  explicit AppDiscovery(RepoLayoutNames layout = {}) : layout_(std::move(layout)) {}

  // Apps sorted by name. Two WavePlans with the same name are both reported as errors, and so
  // are broken dependencies (check_dependencies).
  Result<std::vector<AppDefinition>> discover(git::GitRepository& repo, BlobCache& cache, const std::string& commit);

 private:
  RepoLayoutNames layout_;
  // blob id -> what it may hold (kMayHoldPlan, kMayHoldTemplate bits), so a scan reads only
  // blobs it has not seen.
  std::map<std::string, unsigned> may_hold_;
};

}  // namespace fleetwave
