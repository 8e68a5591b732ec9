// WorktreeCommitter: commits file changes in a user's ordinary (non-bare) checkout, the CLI case
// (`fleetwave approve APP` run inside a clone). Files are written to the working tree and staged
// through the index, so after a commit the working tree, the index and HEAD agree and
// `git status` stays clean. It never pushes.
//
// Thread-safety: single-threaded; do not run two committers on one checkout at once.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/git/commit_signer.h"
#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_handles.h"
#include "adapters/git/libgit2_runtime.h"
#include "base/result.h"

namespace fleetwave::git {

struct WorktreeCommitRequest {
  std::vector<FileChange> changes;  // paths relative to the top of the working tree
  std::string message;
  Signature author;
  std::optional<Signature> committer;    // defaults to author
  bool allow_empty = false;              // as CommitRequest::allow_empty (returns HEAD when false)
  const CommitSigner* signer = nullptr;  // signs the commit (gpgsig header) when set; not owned
};

class WorktreeCommitter {
 public:
  // Opens the repository whose working tree contains `path`, searching upwards like git does.
  // InvalidInput for a bare repository or no repository.
  [[nodiscard]] static Result<std::unique_ptr<WorktreeCommitter>> open(const LibGit2Runtime& runtime,
                                                                       const std::string& path);
  ~WorktreeCommitter();

  // Absolute path of the top of the working tree, with a trailing slash.
  const std::string& workdir() const { return workdir_; }

  // Writes/deletes the files, stages exactly those paths and commits the index on HEAD (moving
  // the branch HEAD points to; an unborn branch gets its first commit). Refuses with InvalidInput
  // when something else is already staged (it would be committed too), the index has conflicts,
  // a merge/rebase/... is in progress, or a path would go through a symlink.
  [[nodiscard]] Result<std::string> commit(const WorktreeCommitRequest& request);

 private:
  WorktreeCommitter(detail::Handle<git_repository> repo, std::string workdir);
  [[nodiscard]] Status<> check_clean_index(git_index* index, git_tree* head_tree);
  [[nodiscard]] Status<> apply_to_worktree(git_index* index, const FileChange& change);

  detail::Handle<git_repository> repo_;
  std::string workdir_;
};

}  // namespace fleetwave::git
