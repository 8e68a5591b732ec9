// An in-memory GitRepository (the reconciler's Git port, adapters/git/git_repository.h) for
// unit tests of what sits above Git: commits, trees and branches in maps, content-addressed
// (the same files give the same tree id, as in Git), no disk, no libgit2. One object store
// stands for both the local clone and the remote; `branches` are the remote's.
//
// Scriptable failures: reject_pushes(n, kind) refuses the next n pushes (Conflict: "the remote
// moved"); before_push(fn) runs fn right before the next push, e.g. to let another writer move
// the branch. Not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"

namespace fleetwave::testkit {

class InMemoryGitRepository final : public git::GitRepository {
 public:
  // A root commit holding `files` (path -> content) on `branch`; returns its id.
  std::string seed(const std::map<std::string, std::string>& files, const std::string& branch = "main",
                   const std::string& message = "seed");
  // A commit on top of `branch` writing (content) or deleting (nullopt) files; moves the branch.
  std::string commit_on(const std::string& branch, const std::map<std::string, std::optional<std::string>>& files,
                        const std::string& message);

  // The next `count` pushes fail with `kind` (Conflict by default).
  void reject_pushes(int count, ErrorKind kind = ErrorKind::Conflict) {
    rejects_ = count;
    reject_kind_ = kind;
  }
  // Runs once, right before the next push is decided.
  void before_push(std::function<void()> fn) { before_push_ = std::move(fn); }
  int pushes() const { return pushes_; }              // attempted, including rejected ones
  std::string branch(const std::string& name) const;  // "" when absent

  Result<std::string> fetch(const std::string& branch) override;
  Result<std::string> resolve(const std::string& rev) override;
  Result<std::string> read_file(const std::string& commit, const std::string& path) override;
  Result<std::vector<git::TreeEntry>> list_tree(const std::string& commit, const std::string& prefix,
                                                bool recursive) override;
  Result<std::string> read_blob(const std::string& oid) override;
  Result<std::string> tree_id(const std::string& commit, const std::string& path) override;
  Result<git::CommitInfo> commit_info(const std::string& commit) override;
  // What set_signature recorded for the commit; unsigned otherwise.
  Result<std::optional<git::CommitSignature>> commit_signature(const std::string& commit) override;
  void set_signature(const std::string& commit, git::CommitSignature signature) {
    signatures_[commit] = std::move(signature);
  }
  Result<std::vector<std::string>> first_parent_log(const std::string& from, const std::string& stop_at,
                                                    size_t max_count) override;
  Result<std::vector<std::string>> changed_paths(const std::string& commit) override;
  Result<std::vector<std::string>> changed_paths_between(const std::string& from, const std::string& to) override;
  Result<std::string> create_commit(const git::CommitRequest& request) override;
  Status<> push(const std::string& branch, const std::string& oid, git::PushMode mode) override;
  Status<> delete_remote_branch(const std::string& branch) override;

 private:
  struct File {
    std::string blob;
    uint32_t mode = git::kModeFile;
    bool operator==(const File&) const = default;
  };
  using Files = std::map<std::string, File>;  // full path -> file
  struct Commit {
    git::CommitInfo info;
    Files files;
  };

  Result<const Commit*> find(const std::string& commit) const;
  std::string tree_of(const Files& files, const std::string& prefix) const;  // "" when nothing below
  bool descends_from(const std::string& commit, const std::string& ancestor) const;
  std::string put_blob(const std::string& content);
  static std::vector<std::string> diff(const Files& a, const Files& b);

  std::map<std::string, std::string> blobs_;  // oid -> content
  std::map<std::string, Commit> commits_;     // oid -> commit
  std::map<std::string, std::string> branches_;
  std::map<std::string, git::CommitSignature> signatures_;  // oid -> what set_signature recorded
  int rejects_ = 0;
  ErrorKind reject_kind_ = ErrorKind::Conflict;
  std::function<void()> before_push_;
  int pushes_ = 0;
  int64_t clock_ = 1767225600;  // commit times of seed()/commit_on(): 2026-01-01, one second apart
};

}  // namespace fleetwave::testkit
