// LibGit2Repository: the GitRepository adapter over libgit2.
//
// Keeps one full (not shallow) bare clone per repository under a cache root, named
// cache_dir_name(url) (a slug plus a hash of the normalized URL), and fetches it incrementally.
// Reads go straight to the object database; commits are built with treebuilders; pushes go
// through refs/heads/<branch> of the bare clone. fetch() re-anchors refs/heads/<branch> on the
// remote tip, so a commit left behind by a crash or a failed push is simply dropped. Fetches and
// pushes hold a CacheWriteLock (cache_lock.h), which also clears ref lock files a killed process
// left behind.
//
// Thread-safety: one instance is single-threaded. Distinct instances may run on distinct
// threads, also on the same cache directory as long as they work on different branches; two
// writers of one (URL, branch) must be serialized by the caller (one process per cache root).
#pragma once

#include <memory>
#include <string>

#include "adapters/git/commit_signer.h"
#include "adapters/git/git_credentials.h"
#include "adapters/git/libgit2_handles.h"
#include "adapters/git/libgit2_runtime.h"
#include "adapters/git/object_store_repository.h"
#include "adapters/git/remote_ops.h"
#include "adapters/git/repo_url.h"
#include "base/result.h"

namespace fleetwave::git {

struct RepositoryOptions {
  std::string url;         // http(s)://, ssh://, scp-like, git://, file:// or an absolute path
  std::string cache_root;  // directory holding one bare clone per repository (created if needed)
  GitCredentials credentials;
  int max_credential_attempts = 3;  // offers of the credentials per operation before giving up
};

class LibGit2Repository final : public ObjectStoreRepository {
 public:
  // Opens the bare clone for options.url below options.cache_root, creating an empty one if
  // needed (nothing is fetched yet). InvalidInput for a bad URL or credentials that do not fit.
  [[nodiscard]] static Result<std::unique_ptr<LibGit2Repository>> open(const LibGit2Runtime& runtime,
                                                                       RepositoryOptions options);
  ~LibGit2Repository() override;

  // Directory of the bare clone.
  const std::string& path() const { return path_; }
  // The URL with credentials redacted, for logs.
  const std::string& display_url() const { return remote_.display_url; }

  Result<std::string> fetch(const std::string& branch) override;
  Status<> push(const std::string& branch, const std::string& oid, PushMode mode) override;
  Status<> delete_remote_branch(const std::string& branch) override;

 private:
  LibGit2Repository(detail::Handle<git_repository> repo, std::string path, detail::RemoteTarget remote);

  std::string path_;
  detail::RemoteTarget remote_;
};

}  // namespace fleetwave::git
