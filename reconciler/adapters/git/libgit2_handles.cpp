#include "adapters/git/libgit2_handles.h"

#include <git2.h>

#include <algorithm>
#include <cctype>

#include "net/redaction.h"

namespace fleetwave::git::detail {

std::string oid_hex(const git_oid* oid) {
  char buf[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buf, sizeof buf, oid);
  return buf;
}

void release(git_repository* p) { git_repository_free(p); }
void release(git_remote* p) { git_remote_free(p); }
void release(git_reference* p) { git_reference_free(p); }
void release(git_object* p) { git_object_free(p); }
void release(git_commit* p) { git_commit_free(p); }
void release(git_tree* p) { git_tree_free(p); }
void release(git_tree_entry* p) { git_tree_entry_free(p); }
void release(git_treebuilder* p) { git_treebuilder_free(p); }
void release(git_blob* p) { git_blob_free(p); }
void release(git_signature* p) { git_signature_free(p); }
void release(git_index* p) { git_index_free(p); }
void release(git_diff* p) { git_diff_free(p); }
void release(git_odb* p) { git_odb_free(p); }
void release(git_revwalk* p) { git_revwalk_free(p); }
void release(git_packbuilder* p) { git_packbuilder_free(p); }

namespace {

ErrorKind kind_for(int rc, int klass) {
  switch (rc) {
    case GIT_ENOTFOUND:
      return ErrorKind::NotFound;
    case GIT_ENONFASTFORWARD:
      return ErrorKind::Conflict;
    case GIT_EAUTH:
    case GIT_ECERTIFICATE:
    case GIT_EINVALIDSPEC:
    case GIT_EAMBIGUOUS:
    case GIT_EOWNER:
    case GIT_EBAREREPO:
    case GIT_EUNBORNBRANCH:
      return ErrorKind::InvalidInput;
    case GIT_ELOCKED:
    case GIT_EMODIFIED:
      return ErrorKind::Transient;  // another process holds a lock or moved a ref: retry
    default:
      break;
  }
  switch (klass) {
    case GIT_ERROR_NET:
    case GIT_ERROR_SSH:
    case GIT_ERROR_HTTP:
    case GIT_ERROR_SSL:
      return ErrorKind::Transient;
    case GIT_ERROR_INVALID:
      return ErrorKind::InvalidInput;
    default:
      return ErrorKind::Internal;
  }
}

}  // namespace

Error libgit2_error(int rc, std::string_view context, const std::vector<std::string>& secrets) {
  const git_error* last = git_error_last();
  int klass = last != nullptr ? last->klass : GIT_ERROR_NONE;
  std::string detail =
      last != nullptr && last->message != nullptr ? last->message : "libgit2 error " + std::to_string(rc);
  while (!detail.empty() && (detail.back() == '\n' || detail.back() == '.')) detail.pop_back();
  Error e;
  e.kind = kind_for(rc, klass);
  e.message = redact_text(std::string(context) + ": " + detail, secrets);
  return e;
}

bool is_full_oid(std::string_view hex) {
  return hex.size() == GIT_OID_HEXSZ &&
         std::all_of(hex.begin(), hex.end(), [](unsigned char c) { return std::isxdigit(c) != 0; });
}

Result<WorktreeRepository> open_worktree_repository(const std::string& path) {
  git_repository* raw = nullptr;
  int rc = git_repository_open_ext(&raw, path.c_str(), 0, nullptr);
  if (rc == GIT_ENOTFOUND) return invalid_input("no git repository at or above " + path);
  if (rc < 0) return libgit2_error(rc, "opening repository at " + path);
  Handle<git_repository> repo(raw);
  const char* workdir = git_repository_workdir(raw);
  if (workdir == nullptr) return invalid_input("repository at " + path + " is bare: it has no working tree");
  return WorktreeRepository{std::move(repo), workdir};
}

}  // namespace fleetwave::git::detail
