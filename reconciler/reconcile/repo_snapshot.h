// Reads what a render and a decision need from one commit of the GitOps repository, straight
// from Git objects (no checkout): the app's input bundle, input digests, fleetwave's files.
// Blob contents are cached by object id across snapshots (objects never change).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "adapters/git/git_repository.h"
#include "base/result.h"
#include "model/cluster.h"
#include "model/cordons.h"
#include "render/input_bundle.h"
#include "rollout/windows/rollout_windows.h"

namespace fleetwave {

struct RolloutState;

// Content-addressed blob cache, bounded in bytes. Not thread-safe.
class BlobCache {
 public:
  explicit BlobCache(std::size_t max_bytes = 256u << 20) : max_bytes_(max_bytes) {}
  Result<std::string> read(git::GitRepository& repo, const std::string& oid);

  // Values computed from one object id (a tree's policy digest), kept as long as the blobs.
  const std::string* derived(const std::string& key) const;
  void remember(const std::string& key, std::string value);

  // A state file's text parsed, kept per file while its text stays the same: a cycle would
  // otherwise parse every app's state again (1,000 pins each at fleet size). Null when unknown.
  const RolloutState* parsed_state(const std::string& file, const std::string& text) const;
  void remember_state(const std::string& file, std::string text, std::shared_ptr<const RolloutState> state);

 private:
  struct ParsedState {
    std::string text;
    std::shared_ptr<const RolloutState> state;
  };
  std::map<std::string, ParsedState> states_;  // by file
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  std::map<std::string, std::shared_ptr<const std::string>> blobs_;
  std::map<std::string, std::string> derived_;
};

struct RepoLayoutNames {
  std::string clusters = "clusters";
  std::string policies = "policies";
};

// `e` (a problem of document `doc`, starting at `doc_line`, of `file`) with the line and column
// of its field in `content`, or the document's line when the field is not found.
Error locate_in_file(Error e, const std::string& file, const std::string& content, std::size_t doc, int doc_line);

// The cordon overlay's text (.fleetwave/cordons.yaml) parsed; errors carry its line and column.
Result<std::vector<Cordon>> parse_cordons_file(const std::string& text);

class RepoSnapshot {
 public:
  RepoSnapshot(git::GitRepository& repo, BlobCache& cache, std::string commit, RepoLayoutNames layout = {})
      : repo_(repo), cache_(cache), commit_(std::move(commit)), layout_(std::move(layout)) {}

  const std::string& commit() const { return commit_; }
  BlobCache& cache() { return cache_; }

  // Tree id of a directory, "" when it does not exist.
  Result<std::string> tree_id(const std::string& path);

  // The input digest of an app: tree ids of its directory, clusters/ and policies/. RolloutWindows
  // files in policies/ are no input of any app (they say when releases move, not what they
  // are): with such files the policies part is a hash of the other files instead.
  Result<std::string> input_digest(const std::string& app_path);

  // The RolloutWindows of policies/ (files holding only RolloutWindows objects), parsed; their
  // problems carry file, line and column.
  Result<std::vector<RolloutWindow>, ErrorList> rollout_windows();

  // The blob id of the cordon overlay (.fleetwave/cordons.yaml), "" when there is none.
  Result<std::string> cordons_blob();

  // Every file the renderer reads for the app (same rules as the CMP: *.yaml, *.yml, *.json,
  // no dotfiles, size caps; in-repository symlinks followed one level, others rejected).
  Result<InputBundle, ErrorList> bundle(const std::string& app_path);

  // The Cluster objects of the inventory (clusters/) as written, without cordons, sorted by name.
  Result<std::vector<Cluster>, ErrorList> inventory();

  // The names of the clusters this commit's inventory adds to `older`'s, when adding files is
  // all that changed in it (every file of `older` is here unchanged); nullopt otherwise.
  Result<std::optional<std::vector<std::string>>> clusters_added_since(RepoSnapshot& older);

  // A file's content, nullopt when absent.
  Result<std::optional<std::string>> read_optional(const std::string& path);

 private:
  Result<std::string> policies_digest();
  // The policies/ files that hold only RolloutWindows objects, with their content.
  Result<std::vector<std::pair<std::string, std::string>>> window_files(std::vector<git::TreeEntry>* others);
  Result<Ok, ErrorList> add_directory(const std::string& dir, FileRole role, bool required, const std::string& skip_a,
                                      const std::string& skip_b, InputBundle& bundle);

  git::GitRepository& repo_;
  BlobCache& cache_;
  std::string commit_;
  RepoLayoutNames layout_;
  std::optional<std::string> cordons_blob_;  // read once per snapshot: every app's digest has it
};

}  // namespace fleetwave
