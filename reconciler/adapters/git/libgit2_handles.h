// Adapter-internal: owning handles for libgit2 objects, and libgit2 return codes turned into
// Errors. Only forward declarations of libgit2 types here; <git2.h> stays in the .cpp files.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.h"
#include "base/result.h"

struct git_repository;
struct git_remote;
struct git_reference;
struct git_object;
struct git_commit;
struct git_tree;
struct git_tree_entry;
struct git_treebuilder;
struct git_blob;
struct git_signature;
struct git_index;
struct git_diff;
struct git_odb;
struct git_oid;
struct git_revwalk;
struct git_packbuilder;

namespace fleetwave::git::detail {

// 40 lowercase hex digits.
std::string oid_hex(const git_oid* oid);

void release(git_repository* p);
void release(git_remote* p);
void release(git_reference* p);
void release(git_object* p);
void release(git_commit* p);
void release(git_tree* p);
void release(git_tree_entry* p);
void release(git_treebuilder* p);
void release(git_blob* p);
void release(git_signature* p);
void release(git_index* p);
void release(git_diff* p);
void release(git_odb* p);
void release(git_revwalk* p);
void release(git_packbuilder* p);

struct Releaser {
  template <typename T>
  void operator()(T* p) const {
    if (p != nullptr) release(p);
  }
};

template <typename T>
using Handle = std::unique_ptr<T, Releaser>;

// An Error for a failed libgit2 call: "<context>: <libgit2 message>", with URLs and the given
// secrets redacted. The kind follows the return code (GIT_ENOTFOUND -> NotFound,
// GIT_ENONFASTFORWARD -> Conflict, GIT_EAUTH/GIT_ECERTIFICATE -> InvalidInput, ...), then the
// error class (network, ssh, http, ssl -> Transient), else Internal.
Error libgit2_error(int rc, std::string_view context, const std::vector<std::string>& secrets = {});

// A repository with a working tree found at or above `path` (git_repository_open_ext), and the
// working tree's directory. InvalidInput when there is none or it is bare.
struct WorktreeRepository {
  Handle<git_repository> repo;
  std::string workdir;
};
Result<WorktreeRepository> open_worktree_repository(const std::string& path);

// Whether `hex` is a full 40-character hex object id.
bool is_full_oid(std::string_view hex);

}  // namespace fleetwave::git::detail
