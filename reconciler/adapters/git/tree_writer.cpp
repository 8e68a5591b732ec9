#include "adapters/git/tree_writer.h"

#include <git2.h>

#include <map>
#include <optional>
#include <string_view>

#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>

#include "adapters/git/libgit2_handles.h"
#include "adapters/git/object_reader.h"
#include "adapters/git/path_rules.h"

namespace fleetwave::git::detail {
namespace {

// A change seen from one directory level: `rest` is its path below that directory.
struct Pending {
  std::string_view rest;
  const FileChange* change;
};

bool is_blob_mode(git_filemode_t mode) {
  return mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE || mode == GIT_FILEMODE_LINK;
}

Status<> apply_file(git_repository* repo, git_treebuilder* builder, const std::string& name, const FileChange& change) {
  const git_tree_entry* existing = git_treebuilder_get(builder, name.c_str());
  if (existing != nullptr && !is_blob_mode(git_tree_entry_filemode(existing))) {
    return invalid_input("path '" + change.path + "': is a directory or submodule");
  }
  if (!change.content) {
    if (existing == nullptr) return ok_status();  // deleting a missing file: nothing to do
    if (int rc = git_treebuilder_remove(builder, name.c_str()); rc < 0)
      return libgit2_error(rc, "removing " + change.path);
    return ok_status();
  }
  git_oid blob;
  if (int rc = git_blob_create_from_buffer(&blob, repo, change.content->data(), change.content->size()); rc < 0) {
    return libgit2_error(rc, "writing blob for " + change.path);
  }
  git_filemode_t mode = GIT_FILEMODE_BLOB;
  if (change.mode) {
    mode = static_cast<git_filemode_t>(*change.mode);
  } else if (existing != nullptr) {
    mode = git_tree_entry_filemode(existing);
  }
  if (int rc = git_treebuilder_insert(nullptr, builder, name.c_str(), &blob, mode); rc < 0) {
    return libgit2_error(rc, "adding " + change.path);
  }
  return ok_status();
}

bool only_deletes(const std::vector<Pending>& changes) {
  for (const Pending& p : changes) {
    if (p.change->content) return false;
  }
  return true;
}

// Rebuilds one directory level; returns nullopt when the directory ends up empty (Git stores no
// empty trees, so the caller drops the entry).
Result<std::optional<git_oid>> rebuild(git_repository* repo, const git_tree* base, const std::vector<Pending>& changes);

Status<> apply_subdir(git_repository* repo, git_treebuilder* builder, const std::string& name,
                      const std::vector<Pending>& changes) {
  const git_tree_entry* existing = git_treebuilder_get(builder, name.c_str());
  Handle<git_tree> subtree;
  if (existing != nullptr) {
    if (git_tree_entry_filemode(existing) != GIT_FILEMODE_TREE) {
      if (only_deletes(changes)) return ok_status();  // nothing below a file to delete
      return invalid_input("path '" + changes.front().change->path + "': a parent directory is a file");
    }
    git_tree* raw = nullptr;
    if (int rc = git_tree_lookup(&raw, repo, git_tree_entry_id(existing)); rc < 0)
      return libgit2_error(rc, "tree " + name);
    subtree.reset(raw);
  } else if (only_deletes(changes)) {
    return ok_status();
  }
  FW_TRY(oid, rebuild(repo, subtree.get(), changes));
  int rc = 0;
  if (oid) {
    rc = git_treebuilder_insert(nullptr, builder, name.c_str(), &*oid, GIT_FILEMODE_TREE);
  } else if (existing != nullptr) {
    rc = git_treebuilder_remove(builder, name.c_str());
  }
  if (rc < 0) return libgit2_error(rc, "updating directory " + name);
  return ok_status();
}

Result<std::optional<git_oid>> rebuild(git_repository* repo, const git_tree* base,
                                       const std::vector<Pending>& changes) {
  git_treebuilder* raw = nullptr;
  if (int rc = git_treebuilder_new(&raw, repo, base); rc < 0) return libgit2_error(rc, "treebuilder");
  Handle<git_treebuilder> builder(raw);
  std::map<std::string, std::vector<Pending>> subdirs;  // ordered: deterministic work order
  for (const Pending& p : changes) {
    size_t slash = p.rest.find('/');
    if (slash == std::string_view::npos) {
      FW_CHECK(apply_file(repo, raw, std::string(p.rest), *p.change));
    } else {
      subdirs[std::string(p.rest.substr(0, slash))].push_back({p.rest.substr(slash + 1), p.change});
    }
  }
  for (const auto& [name, below] : subdirs) FW_CHECK(apply_subdir(repo, raw, name, below));
  if (git_treebuilder_entrycount(raw) == 0) return std::optional<git_oid>();
  git_oid oid;
  if (int rc = git_treebuilder_write(&oid, raw); rc < 0) return libgit2_error(rc, "writing tree");
  return std::optional<git_oid>(oid);
}

Result<Handle<git_signature>> make_signature(const Signature& s, const char* role) {
  git_signature* raw = nullptr;
  if (int rc = git_signature_new(&raw, s.name.c_str(), s.email.c_str(), s.time, s.tz_offset_minutes); rc < 0) {
    Error e = libgit2_error(rc, std::string(role) + " signature");
    e.kind = ErrorKind::InvalidInput;
    return e;
  }
  return Handle<git_signature>(raw);
}

}  // namespace

Result<std::string> apply_changes(git_repository* repo, const git_tree* base, const std::vector<FileChange>& changes) {
  FW_CHECK(validate_changes(changes));
  std::vector<Pending> pending;
  pending.reserve(changes.size());
  for (const FileChange& c : changes) pending.push_back({c.path, &c});
  FW_TRY(oid, rebuild(repo, base, pending));
  if (oid) return detail::oid_hex(&*oid);
  git_treebuilder* raw = nullptr;  // every file deleted: the empty tree
  if (int rc = git_treebuilder_new(&raw, repo, nullptr); rc < 0) return libgit2_error(rc, "treebuilder");
  Handle<git_treebuilder> empty(raw);
  git_oid empty_oid;
  if (int rc = git_treebuilder_write(&empty_oid, raw); rc < 0) return libgit2_error(rc, "writing tree");
  return detail::oid_hex(&empty_oid);
}

Result<std::string> commit_object(git_repository* repo, const git_signature* author, const git_signature* committer,
                                  const std::string& message, const git_tree* tree, const git_commit* parent,
                                  const CommitSigner* signer) {
  const git_commit* parents[] = {parent};
  git_oid commit_oid;
  if (signer == nullptr) {
    int rc = git_commit_create(&commit_oid, repo, nullptr, author, committer, nullptr, message.c_str(), tree,
                               parent ? 1 : 0, parent ? parents : nullptr);
    if (rc < 0) return libgit2_error(rc, "creating commit");
    return detail::oid_hex(&commit_oid);
  }
  git_buf buffer = GIT_BUF_INIT;
  int rc = git_commit_create_buffer(&buffer, repo, author, committer, nullptr, message.c_str(), tree, parent ? 1 : 0,
                                    parent ? parents : nullptr);
  if (rc < 0) return libgit2_error(rc, "creating commit");
  const std::string payload(buffer.ptr, buffer.size);
  git_buf_dispose(&buffer);
  FW_TRY(signature, signer->sign(payload));
  // libgit2 writes every "\n" as a header continuation: a final one would add a line holding a
  // lone space, which Git does not write.
  while (!signature.empty() && signature.back() == '\n') signature.pop_back();
  rc = git_commit_create_with_signature(&commit_oid, repo, payload.c_str(), signature.c_str(), "gpgsig");
  if (rc < 0) return libgit2_error(rc, "writing the signed commit");
  return detail::oid_hex(&commit_oid);
}

namespace {

// A commit that writes many files (a hydrated step: a directory per cluster) would leave one
// loose object file per blob and tree in the cache, thousands a step, each a file create, and
// libgit2 never packs them. Past this many changes the new objects are gathered in memory (a
// mempack backend in front of the repository's objects, which it reads as an alternate) and
// written as one pack; smaller commits stay loose rather than leaving a pack per step.
constexpr std::size_t kPackedCommitChanges = 64;

Result<std::string> write_commit_objects(git_repository* repo, const CommitRequest& request,
                                         const CommitSigner* signer);

// Appends `pack` (a whole packfile) to `odb` through its indexer, so it lands in objects/pack.
Status<> store_pack(git_odb* odb, const git_buf& pack) {
  git_odb_writepack* writer = nullptr;
  if (int rc = git_odb_write_pack(&writer, odb, nullptr, nullptr); rc < 0) return libgit2_error(rc, "pack writer");
  git_indexer_progress progress{};
  int rc = writer->append(writer, pack.ptr, pack.size, &progress);
  if (rc == 0) rc = writer->commit(writer, &progress);
  writer->free(writer);
  if (rc < 0) return libgit2_error(rc, "writing the commit's pack");
  return ok_status();
}

Result<std::string> write_commit_packed(git_repository* repo, const CommitRequest& request,
                                        const CommitSigner* signer) {
  git_odb* raw_odb = nullptr;
  if (int rc = git_repository_odb(&raw_odb, repo); rc < 0) return libgit2_error(rc, "object database");
  Handle<git_odb> odb(raw_odb);
  git_odb* raw_staging = nullptr;
  if (int rc = git_odb_new(&raw_staging); rc < 0) return libgit2_error(rc, "staging object database");
  Handle<git_odb> staging(raw_staging);
  git_odb_backend* memory = nullptr;  // owned by `staging` once added
  if (int rc = git_mempack_new(&memory); rc < 0) return libgit2_error(rc, "in-memory pack");
  if (int rc = git_odb_add_backend(staging.get(), memory, 1000); rc < 0) {
    memory->free(memory);
    return libgit2_error(rc, "in-memory pack");
  }
  const std::string objects = std::string(git_repository_path(repo)) + "objects";
  if (int rc = git_odb_add_disk_alternate(staging.get(), objects.c_str()); rc < 0)
    return libgit2_error(rc, "reading " + objects);
  git_repository* raw_view = nullptr;
  if (int rc = git_repository_wrap_odb(&raw_view, staging.get()); rc < 0) return libgit2_error(rc, "staging view");
  Handle<git_repository> view(raw_view);
  FW_TRY(commit, write_commit_objects(view.get(), request, signer));
  git_buf pack = GIT_BUF_INIT;
  if (int rc = git_mempack_dump(&pack, view.get(), memory); rc < 0) return libgit2_error(rc, "packing the commit");
  // A pack's header counts its objects (bytes 8-11): none new, nothing to store.
  const bool empty = pack.size >= 12 && pack.ptr[8] == 0 && pack.ptr[9] == 0 && pack.ptr[10] == 0 && pack.ptr[11] == 0;
  Status<> stored = empty ? ok_status() : store_pack(odb.get(), pack);
  git_buf_dispose(&pack);
  FW_CHECK(stored);
  if (int rc = git_odb_refresh(odb.get()); rc < 0) return libgit2_error(rc, "refreshing the object database");
  return commit;
}

}  // namespace

Result<std::string> write_commit(git_repository* repo, const CommitRequest& request, const CommitSigner* signer) {
  if (request.changes.size() >= kPackedCommitChanges) return write_commit_packed(repo, request, signer);
  return write_commit_objects(repo, request, signer);
}

namespace {

Result<std::string> write_commit_objects(git_repository* repo, const CommitRequest& request,
                                         const CommitSigner* signer) {
  Handle<git_commit> parent;
  Handle<git_tree> base;
  if (!request.parent.empty()) {
    FW_TRY(p, lookup_commit(repo, request.parent));
    parent = std::move(p);
    git_tree* raw = nullptr;
    if (int rc = git_commit_tree(&raw, parent.get()); rc < 0) return libgit2_error(rc, "tree of parent");
    base.reset(raw);
  }
  FW_TRY(tree_hex, apply_changes(repo, base.get(), request.changes));
  git_oid tree_oid;
  git_oid_fromstr(&tree_oid, tree_hex.c_str());
  if (parent && !request.allow_empty && git_oid_equal(&tree_oid, git_tree_id(base.get()))) {
    return detail::oid_hex(git_commit_id(parent.get()));
  }
  git_tree* tree = nullptr;
  if (int rc = git_tree_lookup(&tree, repo, &tree_oid); rc < 0) return libgit2_error(rc, "new tree");
  Handle<git_tree> tree_handle(tree);
  FW_TRY(author, make_signature(request.author, "author"));
  FW_TRY(committer, make_signature(request.committer.value_or(request.author), "committer"));
  std::string message = request.message;
  if (message.empty() || message.back() != '\n') message += '\n';
  return commit_object(repo, author.get(), committer.get(), message, tree, parent.get(), signer);
}

}  // namespace

}  // namespace fleetwave::git::detail
