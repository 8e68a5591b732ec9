// LocalRepository: the GitRepository port over the user's own checkout (an ordinary, non-bare
// repository found from a path inside its working tree), for CLI commands run without
// --repo. Nothing goes over the network and no ref moves:
//
//   fetch(branch)  resolves refs/heads/<branch>, or HEAD when `branch` is "" ("" when the
//                  branch does not exist or HEAD is unborn)
//   reads          go to the object database, i.e. what is committed, never the working tree
//   create_commit  writes objects only (commit in the working tree with WorktreeCommitter)
//   push           unsupported: InvalidInput (push with git, or pass --repo URL)
//
// Thread-safety: single-threaded, like LibGit2Repository.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "adapters/git/commit_signer.h"
#include "adapters/git/libgit2_handles.h"
#include "adapters/git/libgit2_runtime.h"
#include "adapters/git/object_store_repository.h"
#include "base/result.h"

namespace fleetwave::git {

// Where a local branch stands against its upstream, as `git status` says it: from the
// remote-tracking ref of the last fetch (nothing is fetched).
struct UpstreamDistance {
  std::string branch;    // "main"
  std::string upstream;  // "origin/main"
  std::size_t ahead = 0;
  std::size_t behind = 0;
};

class LocalRepository final : public ObjectStoreRepository {
 public:
  // Opens the repository whose working tree contains `path`, searching upwards like git does.
  // InvalidInput when there is none, or when it is bare.
  [[nodiscard]] static Result<std::unique_ptr<LocalRepository>> open(const LibGit2Runtime& runtime,
                                                                     const std::string& path);
  ~LocalRepository() override;

  // Absolute path of the top of the working tree, with a trailing slash.
  const std::string& workdir() const { return workdir_; }

  // The branch HEAD points to ("main"), "" when HEAD is detached.
  [[nodiscard]] Result<std::string> head_branch();

  // `branch` ("" = the branch HEAD points to) against its configured upstream; nullopt when
  // it has none (or HEAD is detached).
  [[nodiscard]] Result<std::optional<UpstreamDistance>> upstream_distance(const std::string& branch);

  // The URL of a configured remote ("origin"), nullopt when there is no such remote.
  [[nodiscard]] Result<std::optional<std::string>> remote_url(const std::string& name);

  Result<std::string> fetch(const std::string& branch) override;
  Status<> push(const std::string& branch, const std::string& oid, PushMode mode) override;
  Status<> delete_remote_branch(const std::string& branch) override;

 private:
  LocalRepository(detail::Handle<git_repository> repo, std::string workdir);

  std::string workdir_;
};

}  // namespace fleetwave::git
