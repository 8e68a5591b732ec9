#include "adapters/git/object_reader.h"

#include <git2.h>

#include <algorithm>
#include <set>

#include "adapters/git/libgit2_handles.h"
#include "adapters/git/path_rules.h"

namespace fleetwave::git::detail {
namespace {

std::string short_id(const std::string& rev) { return is_full_oid(rev) ? rev.substr(0, 12) : rev; }

Signature to_signature(const git_signature* sig) {
  return Signature{sig->name ? sig->name : "", sig->email ? sig->email : "", sig->when.time, sig->when.offset};
}

EntryType entry_type(git_object_t type) {
  if (type == GIT_OBJECT_TREE) return EntryType::Tree;
  if (type == GIT_OBJECT_COMMIT) return EntryType::Submodule;
  return EntryType::Blob;
}

std::string join(const std::string& dir, const char* name) { return dir.empty() ? name : dir + "/" + name; }

// The tree of `commit` at `path` ("" for the root tree).
Result<Handle<git_tree>> subtree(git_repository* repo, const std::string& commit, const std::string& path) {
  FW_TRY(c, lookup_commit(repo, commit));
  git_tree* root = nullptr;
  if (int rc = git_commit_tree(&root, c.get()); rc < 0) return libgit2_error(rc, "tree of commit " + short_id(commit));
  Handle<git_tree> root_handle(root);
  if (path.empty()) return root_handle;
  git_tree_entry* raw = nullptr;
  int rc = git_tree_entry_bypath(&raw, root, path.c_str());
  if (rc == GIT_ENOTFOUND) return not_found("path '" + path + "' not found in commit " + short_id(commit));
  if (rc < 0) return libgit2_error(rc, "path '" + path + "' in commit " + short_id(commit));
  Handle<git_tree_entry> entry(raw);
  if (git_tree_entry_type(raw) != GIT_OBJECT_TREE) {
    return invalid_input("path '" + path + "' in commit " + short_id(commit) + " is not a directory");
  }
  git_tree* tree = nullptr;
  if (rc = git_tree_lookup(&tree, repo, git_tree_entry_id(raw)); rc < 0)
    return libgit2_error(rc, "tree '" + path + "'");
  return Handle<git_tree>(tree);
}

struct ListContext {
  git_odb* odb;
  std::string prefix;
  std::vector<TreeEntry>* out;
};

void append_entry(const ListContext& ctx, const std::string& path, const git_tree_entry* e) {
  TreeEntry entry;
  entry.path = path;
  entry.oid = detail::oid_hex(git_tree_entry_id(e));
  entry.mode = static_cast<uint32_t>(git_tree_entry_filemode(e));
  entry.type = entry_type(git_tree_entry_type(e));
  if (entry.type == EntryType::Blob) {
    size_t size = 0;
    git_object_t type = GIT_OBJECT_INVALID;
    if (git_odb_read_header(&size, &type, ctx.odb, git_tree_entry_id(e)) == 0) entry.size = size;
  }
  ctx.out->push_back(std::move(entry));
}

int walk_callback(const char* root, const git_tree_entry* e, void* payload) {
  auto* ctx = static_cast<ListContext*>(payload);
  if (git_tree_entry_type(e) == GIT_OBJECT_TREE) return 0;
  std::string dir = ctx->prefix;
  if (*root != '\0') dir = join(dir, root), dir.pop_back();  // root ends with '/'
  append_entry(*ctx, join(dir, git_tree_entry_name(e)), e);
  return 0;
}

// The object of type T whose id is `hex` (40 digits), through its libgit2 `lookup`
// (git_commit_lookup, git_blob_lookup); `what` names it in errors ("commit 0123...").
template <typename T>
Result<Handle<T>> lookup_by_id(int (*lookup)(T**, git_repository*, const git_oid*), git_repository* repo,
                               const std::string& hex, const std::string& what) {
  git_oid oid;
  git_oid_fromstr(&oid, hex.c_str());
  T* raw = nullptr;
  int rc = lookup(&raw, repo, &oid);
  if (rc == GIT_ENOTFOUND) return not_found(what + " not found");
  if (rc < 0) return libgit2_error(rc, what);
  return Handle<T>(raw);
}

}  // namespace

Result<Handle<git_commit>> lookup_commit(git_repository* repo, const std::string& rev) {
  if (rev.empty()) return invalid_input("empty revision");
  if (is_full_oid(rev)) return lookup_by_id(&git_commit_lookup, repo, rev, "commit " + rev);
  git_object* raw = nullptr;
  int rc = git_revparse_single(&raw, repo, rev.c_str());
  if (rc == GIT_ENOTFOUND) return not_found("revision '" + rev + "' not found");
  if (rc < 0) return libgit2_error(rc, "revision '" + rev + "'");
  Handle<git_object> object(raw);
  git_object* peeled = nullptr;
  if (git_object_peel(&peeled, raw, GIT_OBJECT_COMMIT) < 0) {
    return invalid_input("revision '" + rev + "' does not name a commit");
  }
  return Handle<git_commit>(reinterpret_cast<git_commit*>(peeled));
}

Result<std::string> resolve_commit(git_repository* repo, const std::string& rev) {
  FW_TRY(commit, lookup_commit(repo, rev));
  return detail::oid_hex(git_commit_id(commit.get()));
}

Result<std::string> read_file(git_repository* repo, const std::string& commit, const std::string& path) {
  FW_CHECK(validate_repo_path(path));
  FW_TRY(root, subtree(repo, commit, ""));
  git_tree_entry* raw = nullptr;
  int rc = git_tree_entry_bypath(&raw, root.get(), path.c_str());
  if (rc == GIT_ENOTFOUND) return not_found("path '" + path + "' not found in commit " + short_id(commit));
  if (rc < 0) return libgit2_error(rc, "path '" + path + "' in commit " + short_id(commit));
  Handle<git_tree_entry> entry(raw);
  if (git_tree_entry_type(raw) != GIT_OBJECT_BLOB) {
    return invalid_input("path '" + path + "' in commit " + short_id(commit) + " is not a file");
  }
  return read_blob(repo, detail::oid_hex(git_tree_entry_id(raw)));
}

Result<std::vector<TreeEntry>> list_tree(git_repository* repo, const std::string& commit, const std::string& prefix,
                                         bool recursive) {
  FW_TRY(dir, normalize_prefix(prefix));
  FW_TRY(tree, subtree(repo, commit, dir));
  git_odb* odb = nullptr;
  if (int rc = git_repository_odb(&odb, repo); rc < 0) return libgit2_error(rc, "object database");
  Handle<git_odb> odb_handle(odb);
  std::vector<TreeEntry> out;
  ListContext ctx{odb, dir, &out};
  if (recursive) {
    if (int rc = git_tree_walk(tree.get(), GIT_TREEWALK_PRE, walk_callback, &ctx); rc < 0) {
      return libgit2_error(rc, "listing '" + dir + "'");
    }
  } else {
    size_t count = git_tree_entrycount(tree.get());
    for (size_t i = 0; i < count; ++i) {
      const git_tree_entry* e = git_tree_entry_byindex(tree.get(), i);
      append_entry(ctx, join(dir, git_tree_entry_name(e)), e);
    }
  }
  std::sort(out.begin(), out.end(), [](const TreeEntry& a, const TreeEntry& b) { return a.path < b.path; });
  return out;
}

Result<std::string> read_blob(git_repository* repo, const std::string& oid_hex) {
  if (!is_full_oid(oid_hex)) return invalid_input("blob id '" + oid_hex + "' is not a 40-digit object id");
  FW_TRY(blob, lookup_by_id(&git_blob_lookup, repo, oid_hex, "blob " + oid_hex));
  const char* data = static_cast<const char*>(git_blob_rawcontent(blob.get()));
  return std::string(data, static_cast<size_t>(git_blob_rawsize(blob.get())));
}

Result<std::string> tree_id(git_repository* repo, const std::string& commit, const std::string& path) {
  FW_TRY(dir, normalize_prefix(path));
  FW_TRY(tree, subtree(repo, commit, dir));
  return detail::oid_hex(git_tree_id(tree.get()));
}

Result<CommitInfo> commit_info(git_repository* repo, const std::string& rev) {
  FW_TRY(commit, lookup_commit(repo, rev));
  git_commit* c = commit.get();
  CommitInfo info;
  info.oid = detail::oid_hex(git_commit_id(c));
  info.tree = detail::oid_hex(git_commit_tree_id(c));
  for (unsigned i = 0; i < git_commit_parentcount(c); ++i)
    info.parents.push_back(detail::oid_hex(git_commit_parent_id(c, i)));
  const char* message = git_commit_message_raw(c);
  info.message = message ? message : "";
  info.author = to_signature(git_commit_author(c));
  info.committer = to_signature(git_commit_committer(c));
  return info;
}

Result<std::optional<CommitSignature>> commit_signature(git_repository* repo, const std::string& rev) {
  FW_TRY(oid, resolve_commit(repo, rev));
  git_oid id;
  git_oid_fromstr(&id, oid.c_str());
  git_buf signature = GIT_BUF_INIT;
  git_buf payload = GIT_BUF_INIT;
  int rc = git_commit_extract_signature(&signature, &payload, repo, &id, nullptr);
  if (rc == GIT_ENOTFOUND) return std::optional<CommitSignature>();
  if (rc < 0) return libgit2_error(rc, "reading the signature of " + oid);
  CommitSignature out{std::string(signature.ptr, signature.size), std::string(payload.ptr, payload.size)};
  git_buf_dispose(&signature);
  git_buf_dispose(&payload);
  return std::optional<CommitSignature>(std::move(out));
}

Result<std::vector<std::string>> first_parent_log(git_repository* repo, const std::string& from,
                                                  const std::string& stop_at, size_t max_count) {
  FW_TRY(current, lookup_commit(repo, from));
  std::string stop;
  if (!stop_at.empty()) {
    FW_TRY(resolved, resolve_commit(repo, stop_at));
    stop = resolved;
  }
  std::vector<std::string> out;
  while (true) {
    std::string id = detail::oid_hex(git_commit_id(current.get()));
    if (id == stop) break;
    out.push_back(id);
    if ((max_count != 0 && out.size() >= max_count) || git_commit_parentcount(current.get()) == 0) break;
    git_commit* parent = nullptr;
    if (int rc = git_commit_parent(&parent, current.get(), 0); rc < 0) {
      return libgit2_error(rc, "first parent of " + id.substr(0, 12));
    }
    current.reset(parent);
  }
  return out;
}

Result<std::vector<std::string>> changed_paths_between(git_repository* repo, const std::string& from,
                                                       const std::string& to) {
  Handle<git_tree> old_tree;
  if (!from.empty()) {
    FW_TRY(t, subtree(repo, from, ""));
    old_tree = std::move(t);
  }
  FW_TRY(new_tree, subtree(repo, to, ""));
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  git_diff* raw = nullptr;
  if (int rc = git_diff_tree_to_tree(&raw, repo, old_tree.get(), new_tree.get(), &opts); rc < 0) {
    return libgit2_error(rc, "diff " + short_id(from) + ".." + short_id(to));
  }
  Handle<git_diff> diff(raw);
  std::set<std::string> paths;
  for (size_t i = 0; i < git_diff_num_deltas(raw); ++i) {
    const git_diff_delta* delta = git_diff_get_delta(raw, i);
    if (delta->old_file.path) paths.insert(delta->old_file.path);
    if (delta->new_file.path) paths.insert(delta->new_file.path);
  }
  return std::vector<std::string>(paths.begin(), paths.end());
}

Result<std::vector<std::string>> changed_paths(git_repository* repo, const std::string& commit) {
  FW_TRY(c, lookup_commit(repo, commit));
  std::string self = detail::oid_hex(git_commit_id(c.get()));
  std::string parent = git_commit_parentcount(c.get()) > 0 ? detail::oid_hex(git_commit_parent_id(c.get(), 0)) : "";
  return changed_paths_between(repo, parent, self);
}

}  // namespace fleetwave::git::detail
