// ObjectStoreRepository: the half of a libgit2 GitRepository that works on the object database
// alone -- resolving revisions, reading files, trees and blobs, commit metadata, signatures,
// logs and changed paths, and writing commits (signed when asked and a signer is set). The two
// adapters add what differs: LibGit2Repository (a bare clone of a remote) fetches and pushes;
// LocalRepository (the user's checkout) resolves local branches and refuses to push.
//
// Thread-safety: single-threaded, like both adapters.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/git/commit_signer.h"
#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_handles.h"
#include "base/result.h"

namespace fleetwave::git {

class ObjectStoreRepository : public GitRepository {
 public:
  Result<std::string> resolve(const std::string& rev) override;
  Result<std::string> read_file(const std::string& commit, const std::string& path) override;
  Result<std::vector<TreeEntry>> list_tree(const std::string& commit, const std::string& prefix,
                                           bool recursive) override;
  Result<std::string> read_blob(const std::string& oid) override;
  Result<std::string> tree_id(const std::string& commit, const std::string& path) override;
  Result<CommitInfo> commit_info(const std::string& commit) override;
  Result<std::optional<CommitSignature>> commit_signature(const std::string& commit) override;
  Result<std::vector<std::string>> first_parent_log(const std::string& from, const std::string& stop_at,
                                                    size_t max_count) override;
  Result<std::vector<std::string>> changed_paths(const std::string& commit) override;
  Result<std::vector<std::string>> changed_paths_between(const std::string& from, const std::string& to) override;
  Result<std::string> create_commit(const CommitRequest& request) override;

  // Signs every commit create_commit writes from now on (nullptr: unsigned); not owned.
  void set_commit_signer(const CommitSigner* signer) { signer_ = signer; }

 protected:
  explicit ObjectStoreRepository(detail::Handle<git_repository> repo);
  ~ObjectStoreRepository() override;

  detail::Handle<git_repository> repo_;

 private:
  const CommitSigner* signer_ = nullptr;
};

}  // namespace fleetwave::git
