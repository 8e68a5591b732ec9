// What the pure renderer is given: file contents already read by an adapter (the CMP's
// filesystem reader, or the reconciler's Git object reader), never paths to open.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fleetwave {

// Where a file sits in the GitOps repository layout (docs/formats.md).
enum class FileRole {
  Inventory,    // clusters/: Karmada Cluster objects
  FleetPolicy,  // policies/: fleet-wide Karmada policies
  App,          // the app directory: templates, policies, the WavePlan
  Cordons,      // .fleetwave/cordons.yaml: taints fleetwave adds to inventory clusters
};

struct SourceFile {
  std::string path;  // repository-relative, '/'-separated; used in messages
  std::string content;
  FileRole role = FileRole::App;
};

struct RenderLimits {
  std::size_t max_file_bytes = 8u << 20;     // one file
  std::size_t max_total_bytes = 256u << 20;  // all files together
};

struct InputBundle {
  std::vector<SourceFile> files;
  std::string app_path;                       // e.g. apps/guestbook; labels the app in messages
  std::string default_namespace = "default";  // for namespaced objects without metadata.namespace
  RenderLimits limits;
};

}  // namespace fleetwave
