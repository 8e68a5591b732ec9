// An app rendered at one revision: the one way fleetwave renders an app from Git objects, used
// by `diff`, `plan`, `validate`, the approval diffs and the reach cache. It keeps the files it
// rendered so a render error names its file, line and column.
#pragma once

#include <optional>
#include <string>

#include "base/result.h"
#include "reconcile/repo_snapshot.h"
#include "render/renderer.h"

namespace fleetwave {

class AppRender {
 public:
  // The app at `app_path` in the snapshot's commit, prepared for every cluster. A non-empty
  // `cordons_overlay` replaces the commit's cordon overlay, as the plugin's FLEETWAVE_CORDONS does
  // (targets.json's `cordons`: what a rollback kept).
  static AppRender at(RepoSnapshot& snapshot, const std::string& app_path, const std::string& cordons_overlay = "");
  // Nothing at that revision (the app does not exist there, or there is no revision).
  static AppRender absent() { return AppRender(); }

  bool exists() const { return exists_; }
  // The errors that stopped the render (reading the files or preparing it); none when it is ready.
  const ErrorList& errors() const { return errors_; }
  // The prepared render; null when the app is absent or did not render.
  const FleetRender* render() const { return render_ ? &*render_ : nullptr; }
  const InputBundle& bundle() const { return bundle_; }

  // The YAML stream `cluster` receives: "" when the app or the cluster is not there, or the app
  // did not render (see errors()); the render's errors (located in the app's files) when
  // rendering this cluster fails.
  Result<std::string, ErrorList> cluster_stream(const std::string& cluster) const;

 private:
  bool exists_ = false;
  std::optional<FleetRender> render_;
  ErrorList errors_;
  InputBundle bundle_;
};

}  // namespace fleetwave
