// GitRepository: the port through which the reconciler reads and writes one remote Git
// repository. No libgit2 type appears here; LibGit2Repository is the production adapter and
// tests may substitute a hand-written fake.
//
// Object ids are 40-character lowercase hex strings. `commit` arguments accept any revision
// that resolves to a commit (an OID, "refs/remotes/origin/main", ...). Paths are
// slash-separated and relative to the repository root, without leading or trailing slashes.
//
// Thread-safety: an instance is single-threaded (no internal locking). Distinct instances may be
// used from distinct threads at the same time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"

namespace fleetwave::git {

enum class EntryType { Blob, Tree, Submodule };

// File modes as Git stores them.
inline constexpr uint32_t kModeFile = 0100644;
inline constexpr uint32_t kModeExecutable = 0100755;
inline constexpr uint32_t kModeSymlink = 0120000;
inline constexpr uint32_t kModeTree = 0040000;
inline constexpr uint32_t kModeSubmodule = 0160000;

struct TreeEntry {
  std::string path;  // relative to the repository root, not to the listed prefix
  std::string oid;   // blob OID for files, tree OID for directories
  uint32_t mode = kModeFile;
  EntryType type = EntryType::Blob;
  std::optional<uint64_t> size;  // blob size in bytes; unset for trees and submodules

  friend bool operator==(const TreeEntry&, const TreeEntry&) = default;
};

// Who and when. `time` is seconds since the Unix epoch, `tz_offset_minutes` the offset from
// UTC (e.g. +120 for CEST). The adapter never reads the clock: callers pass the time in.
struct Signature {
  std::string name;
  std::string email;
  int64_t time = 0;
  int tz_offset_minutes = 0;

  friend bool operator==(const Signature&, const Signature&) = default;
};

struct CommitInfo {
  std::string oid;
  std::string tree;
  std::vector<std::string> parents;  // first parent first
  std::string message;               // raw message, including trailers
  Signature author;
  Signature committer;
};

// A commit's signature as Git stores it (the "gpgsig" header) and the data it signs: the commit
// object without that header.
struct CommitSignature {
  std::string signature;  // ASCII-armored: -----BEGIN SSH SIGNATURE----- (or PGP)
  std::string payload;
};

// One file to write (content set) or delete (content nullopt) in a commit.
struct FileChange {
  std::string path;
  std::optional<std::string> content;
  // Mode for written files; unset keeps the mode of an existing file, or 0100644 for a new one.
  std::optional<uint32_t> mode;
};

struct CommitRequest {
  std::string parent;  // commit OID, or "" for a root commit
  std::vector<FileChange> changes;
  std::string message;  // a trailing newline is added when missing
  Signature author;
  std::optional<Signature> committer;  // defaults to author
  // When the changes leave the parent's tree unchanged, no commit is created and
  // create_commit returns the parent itself, unless allow_empty is set.
  bool allow_empty = false;
  // false: never signed, even when the repository has a signer (an approval branch's commit:
  // merging that branch by fast-forward must not carry fleetwave's own signature).
  bool sign = true;
};

enum class PushMode { FastForwardOnly, Force };

class GitRepository {
 public:
  virtual ~GitRepository() = default;

  // Fetches `branch` from the remote (incrementally) and returns its tip, or "" when the remote
  // has no such branch. Re-anchors the local refs/heads/<branch> and refs/remotes/origin/<branch>
  // on that tip, dropping any local commit that was never pushed.
  [[nodiscard]] virtual Result<std::string> fetch(const std::string& branch) = 0;

  // The commit a revision names. NotFound when it names nothing.
  [[nodiscard]] virtual Result<std::string> resolve(const std::string& rev) = 0;

  // Contents of the file at `path` in `commit`. NotFound when missing, InvalidInput when the
  // path is a directory.
  [[nodiscard]] virtual Result<std::string> read_file(const std::string& commit, const std::string& path) = 0;

  // Entries below `prefix` ("" for the root), sorted by path. Non-recursive lists direct
  // children (directories included as EntryType::Tree); recursive lists every non-tree entry.
  // NotFound when the prefix does not exist, InvalidInput when it is a file.
  [[nodiscard]] virtual Result<std::vector<TreeEntry>> list_tree(const std::string& commit, const std::string& prefix,
                                                                 bool recursive) = 0;

  [[nodiscard]] virtual Result<std::string> read_blob(const std::string& oid) = 0;

  // OID of the tree at `path` ("" for the root tree). Two commits whose tree_id for a directory
  // is equal have identical contents below it. NotFound when missing, InvalidInput for a file.
  [[nodiscard]] virtual Result<std::string> tree_id(const std::string& commit, const std::string& path) = 0;

  [[nodiscard]] virtual Result<CommitInfo> commit_info(const std::string& commit) = 0;

  // The signature of `commit`; nullopt when the commit is unsigned.
  [[nodiscard]] virtual Result<std::optional<CommitSignature>> commit_signature(const std::string& commit) = 0;

  // Commits from `from` (inclusive) following first parents, newest first. Stops before
  // `stop_at` (exclusive; "" for none) or after `max_count` commits (0 for no limit).
  [[nodiscard]] virtual Result<std::vector<std::string>> first_parent_log(const std::string& from,
                                                                          const std::string& stop_at,
                                                                          size_t max_count) = 0;

  // Paths of files added, modified or deleted by `commit` relative to its first parent (every
  // file for a root commit), sorted.
  [[nodiscard]] virtual Result<std::vector<std::string>> changed_paths(const std::string& commit) = 0;

  // Paths of files that differ between two commits, sorted. `from` may be "" (empty tree).
  [[nodiscard]] virtual Result<std::vector<std::string>> changed_paths_between(const std::string& from,
                                                                               const std::string& to) = 0;

  // Writes a commit object (no ref moves). Only the subtrees on the changed paths are
  // rewritten; every other tree keeps its OID. Deleting a missing file is not an error.
  [[nodiscard]] virtual Result<std::string> create_commit(const CommitRequest& request) = 0;

  // Points the remote `branch` at `oid`. Conflict when the remote moved (non-fast-forward,
  // detected locally or rejected by the server, including by a server hook): fetch, rebuild the
  // commit on the new tip and push again. InvalidInput for authentication and host-key
  // failures; Transient for network errors.
  [[nodiscard]] virtual Status<> push(const std::string& branch, const std::string& oid, PushMode mode) = 0;

  [[nodiscard]] virtual Status<> delete_remote_branch(const std::string& branch) = 0;
};

}  // namespace fleetwave::git
