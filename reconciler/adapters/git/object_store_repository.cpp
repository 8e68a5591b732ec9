#include "adapters/git/object_store_repository.h"

#include <git2.h>

#include "adapters/git/object_reader.h"
#include "adapters/git/tree_writer.h"

namespace fleetwave::git {

ObjectStoreRepository::ObjectStoreRepository(detail::Handle<git_repository> repo) : repo_(std::move(repo)) {}

ObjectStoreRepository::~ObjectStoreRepository() = default;

Result<std::string> ObjectStoreRepository::resolve(const std::string& rev) {
  return detail::resolve_commit(repo_.get(), rev);
}

Result<std::string> ObjectStoreRepository::read_file(const std::string& commit, const std::string& path) {
  return detail::read_file(repo_.get(), commit, path);
}

Result<std::vector<TreeEntry>> ObjectStoreRepository::list_tree(const std::string& commit, const std::string& prefix,
                                                                bool recursive) {
  return detail::list_tree(repo_.get(), commit, prefix, recursive);
}

Result<std::string> ObjectStoreRepository::read_blob(const std::string& oid) {
  return detail::read_blob(repo_.get(), oid);
}

Result<std::string> ObjectStoreRepository::tree_id(const std::string& commit, const std::string& path) {
  return detail::tree_id(repo_.get(), commit, path);
}

Result<CommitInfo> ObjectStoreRepository::commit_info(const std::string& commit) {
  return detail::commit_info(repo_.get(), commit);
}

Result<std::optional<CommitSignature>> ObjectStoreRepository::commit_signature(const std::string& commit) {
  return detail::commit_signature(repo_.get(), commit);
}

Result<std::vector<std::string>> ObjectStoreRepository::first_parent_log(const std::string& from,
                                                                         const std::string& stop_at, size_t max_count) {
  return detail::first_parent_log(repo_.get(), from, stop_at, max_count);
}

Result<std::vector<std::string>> ObjectStoreRepository::changed_paths(const std::string& commit) {
  return detail::changed_paths(repo_.get(), commit);
}

Result<std::vector<std::string>> ObjectStoreRepository::changed_paths_between(const std::string& from,
                                                                              const std::string& to) {
  return detail::changed_paths_between(repo_.get(), from, to);
}

Result<std::string> ObjectStoreRepository::create_commit(const CommitRequest& request) {
  return detail::write_commit(repo_.get(), request, request.sign ? signer_ : nullptr);
}

}  // namespace fleetwave::git
