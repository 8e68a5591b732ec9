// What the pure renderer is given: file contents already read by an adapter (the CMP's
// filesystem reader, or the reconciler's Git object reader), never paths to open.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fleetwave {

// Where a file sits in the GitOps repository layout (docs/formats.md).
enum class FileRole {
  Inventory,    // clusters/: Karmada Cluster objects
  FleetPolicy,  // policies/: fleet-wide Karmada policies
  App,          // the app directory: templates, policies, the WavePlan
  Cordons,      // .fleetwave/cordons.yaml: taints fleetwave adds to inventory clusters
};

// A file's bytes, immutable and shared by copies: a string its reader filled, or a read-only
// mapping of the file (the CMP maps large inputs instead of copying them, cmp/repo_reader.cpp).
class SourceText {
 public:
  SourceText() = default;
  SourceText(std::string text)  // implicit: readers and tests hand over strings
      : owner_(std::make_shared<const std::string>(std::move(text))),
        bytes_(*static_cast<const std::string*>(owner_.get())) {}
  SourceText(const char* text) : SourceText(std::string(text)) {}
  // `bytes` must stay valid while `owner` lives (a mapping unmapped by its deleter).
  SourceText(std::shared_ptr<const void> owner, std::string_view bytes) : owner_(std::move(owner)), bytes_(bytes) {}

  std::string_view view() const { return bytes_; }
  operator std::string_view() const { return bytes_; }
  const char* data() const { return bytes_.data(); }
  std::size_t size() const { return bytes_.size(); }
  bool empty() const { return bytes_.empty(); }

 private:
  std::shared_ptr<const void> owner_;
  std::string_view bytes_;
};

struct SourceFile {
  std::string path;  // repository-relative, '/'-separated; used in messages
  SourceText content;
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
