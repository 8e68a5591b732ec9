// The renders the hydrator needs: an app prepared once per (input digest, cordon overlay) through
// AppRender (the reconciler's one render path), then asked for each cluster whose directory
// changes. A step that pins 1,000 clusters to one release prepares the app once. Bounded; not
// thread-safe.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "base/result.h"
#include "reconcile/app_render.h"
#include "reconcile/hydration/hydrated_layout.h"
#include "reconcile/repo_snapshot.h"

namespace fleetwave {

class HydrationRenders {
 public:
  explicit HydrationRenders(std::size_t max_apps = 16) : max_apps_(max_apps) {}

  // What fleetwave-render prints for the target's cluster at its pin (with its cordon overlay).
  // Render errors come back located in the app's files.
  Result<std::string, ErrorList> manifest(git::GitRepository& repo, BlobCache& blobs, const HydratedTarget& target);

  std::size_t prepared() const { return prepared_; }  // apps prepared so far (tests, benchmarks)

 private:
  std::size_t max_apps_;
  std::size_t prepared_ = 0;
  std::map<std::string, std::shared_ptr<const AppRender>> apps_;  // digest + path + overlay -> render
  std::map<std::string, std::string> digests_;                    // revision + path -> input digest
};

}  // namespace fleetwave
