#include "adapters/git/worktree_committer.h"

#include <git2.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "adapters/git/libgit2_handles.h"
#include "adapters/git/path_rules.h"
#include "adapters/git/tree_writer.h"

namespace fleetwave::git {
namespace fs = std::filesystem;
using detail::Handle;
using detail::libgit2_error;

namespace {

Status<> fs_error(const std::string& what, const std::string& path, const std::error_code& ec) {
  return internal_error(what + " " + path + ": " + ec.message());
}

Status<> write_file(const fs::path& target, const FileChange& change) {
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) return fs_error("creating directory for", change.path, ec);
  uint32_t mode = change.mode.value_or(kModeFile);
  fs::path tmp = target;
  tmp += ".fleetwave-tmp";
  fs::remove(tmp, ec);
  if (mode == kModeSymlink) {
    fs::create_symlink(*change.content, tmp, ec);
    if (ec) return fs_error("creating symlink", change.path, ec);
  } else {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(change.content->data(), static_cast<std::streamsize>(change.content->size()));
    out.close();
    if (!out) return internal_error("writing " + change.path + ": write failed");
    auto perms = mode == kModeExecutable ? fs::perms(0755) : fs::perms(0644);
    fs::permissions(tmp, perms, ec);
    if (ec) return fs_error("setting mode of", change.path, ec);
  }
  fs::rename(tmp, target, ec);  // atomic replace: readers never see half a file
  if (ec) return fs_error("replacing", change.path, ec);
  return ok_status();
}

// Removes `path` and then its parent directories that became empty, up to the working tree.
Status<> delete_file(const fs::path& workdir, const fs::path& target, const std::string& path) {
  std::error_code ec;
  fs::remove(target, ec);
  if (ec) return fs_error("deleting", path, ec);
  for (fs::path dir = target.parent_path(); dir != workdir && dir.has_relative_path(); dir = dir.parent_path()) {
    if (!fs::is_empty(dir, ec) || ec) break;
    fs::remove(dir, ec);
  }
  return ok_status();
}

// Points what HEAD names (its branch, even an unborn one, or a detached HEAD) at `oid`, as
// git_commit_create(..., "HEAD", ...) does for an unsigned commit.
Status<> move_head(git_repository* repo, const std::string& oid, const std::string& subject) {
  git_oid id;
  git_oid_fromstr(&id, oid.c_str());
  git_reference* raw = nullptr;
  if (int rc = git_reference_lookup(&raw, repo, "HEAD"); rc < 0) return libgit2_error(rc, "reading HEAD");
  Handle<git_reference> head(raw);
  if (git_reference_type(raw) != GIT_REFERENCE_SYMBOLIC) {
    if (int rc = git_repository_set_head_detached(repo, &id); rc < 0) return libgit2_error(rc, "moving HEAD");
    return ok_status();
  }
  git_reference* moved = nullptr;
  const std::string log = "commit: " + subject;
  int rc = git_reference_create(&moved, repo, git_reference_symbolic_target(raw), &id, 1, log.c_str());
  if (rc < 0) return libgit2_error(rc, "moving " + std::string(git_reference_symbolic_target(raw)));
  git_reference_free(moved);
  return ok_status();
}

}  // namespace

Result<std::unique_ptr<WorktreeCommitter>> WorktreeCommitter::open(const LibGit2Runtime& /*runtime*/,
                                                                   const std::string& path) {
  FW_TRY(opened, detail::open_worktree_repository(path));
  return std::unique_ptr<WorktreeCommitter>(new WorktreeCommitter(std::move(opened.repo), std::move(opened.workdir)));
}

WorktreeCommitter::WorktreeCommitter(Handle<git_repository> repo, std::string workdir)
    : repo_(std::move(repo)), workdir_(std::move(workdir)) {}

WorktreeCommitter::~WorktreeCommitter() = default;

Status<> WorktreeCommitter::check_clean_index(git_index* index, git_tree* head_tree) {
  if (git_repository_state(repo_.get()) != GIT_REPOSITORY_STATE_NONE) {
    return invalid_input(workdir_ + ": a merge, rebase, cherry-pick or similar is in progress; finish it first");
  }
  if (git_index_has_conflicts(index)) return invalid_input(workdir_ + ": the index has unresolved conflicts");
  git_diff* raw = nullptr;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  if (int rc = git_diff_tree_to_index(&raw, repo_.get(), head_tree, index, &opts); rc < 0) {
    return libgit2_error(rc, "comparing HEAD with the index");
  }
  Handle<git_diff> diff(raw);
  if (size_t staged = git_diff_num_deltas(raw); staged > 0) {
    std::string first = git_diff_get_delta(raw, 0)->new_file.path;
    return invalid_input(workdir_ + ": the index already has staged changes (" + std::to_string(staged) +
                         " paths, e.g. " + first + "); commit or unstage them first");
  }
  return ok_status();
}

Status<> WorktreeCommitter::apply_to_worktree(git_index* index, const FileChange& change) {
  const fs::path workdir(workdir_);
  fs::path target = workdir / change.path;
  // Never write through a symlinked directory (it could point out of the working tree).
  for (fs::path dir = target.parent_path(); dir != workdir && dir.has_relative_path(); dir = dir.parent_path()) {
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(dir, ec))) {
      return invalid_input("path '" + change.path + "': goes through a symlink");
    }
  }
  if (change.content) {
    FW_CHECK(write_file(target, change));
    if (int rc = git_index_add_bypath(index, change.path.c_str()); rc < 0)
      return libgit2_error(rc, "staging " + change.path);
    return ok_status();
  }
  FW_CHECK(delete_file(workdir, target, change.path));
  int rc = git_index_remove_bypath(index, change.path.c_str());
  if (rc < 0 && rc != GIT_ENOTFOUND) return libgit2_error(rc, "unstaging " + change.path);
  return ok_status();
}

Result<std::string> WorktreeCommitter::commit(const WorktreeCommitRequest& request) {
  FW_CHECK(validate_changes(request.changes));
  Handle<git_commit> head;
  Handle<git_tree> head_tree;
  int unborn = git_repository_head_unborn(repo_.get());
  if (unborn < 0) return libgit2_error(unborn, "reading HEAD");
  if (!unborn) {
    git_object* obj = nullptr;
    if (int rc = git_revparse_single(&obj, repo_.get(), "HEAD^{commit}"); rc < 0)
      return libgit2_error(rc, "reading HEAD");
    head.reset(reinterpret_cast<git_commit*>(obj));
    git_tree* tree = nullptr;
    if (int rc = git_commit_tree(&tree, head.get()); rc < 0) return libgit2_error(rc, "tree of HEAD");
    head_tree.reset(tree);
  }
  git_index* raw_index = nullptr;
  if (int rc = git_repository_index(&raw_index, repo_.get()); rc < 0) return libgit2_error(rc, "opening the index");
  Handle<git_index> index(raw_index);
  if (int rc = git_index_read(raw_index, 0); rc < 0) return libgit2_error(rc, "reading the index");
  FW_CHECK(check_clean_index(raw_index, head_tree.get()));
  for (const FileChange& change : request.changes) FW_CHECK(apply_to_worktree(raw_index, change));
  if (int rc = git_index_write(raw_index); rc < 0) return libgit2_error(rc, "writing the index");
  git_oid tree_oid;
  if (int rc = git_index_write_tree(&tree_oid, raw_index); rc < 0) return libgit2_error(rc, "writing the tree");
  if (head && !request.allow_empty && git_oid_equal(&tree_oid, git_tree_id(head_tree.get()))) {
    return detail::oid_hex(git_commit_id(head.get()));
  }
  git_tree* tree = nullptr;
  if (int rc = git_tree_lookup(&tree, repo_.get(), &tree_oid); rc < 0) return libgit2_error(rc, "new tree");
  Handle<git_tree> tree_handle(tree);
  const Signature& a = request.author;
  const Signature& c = request.committer.value_or(request.author);
  git_signature *author = nullptr, *committer = nullptr;
  if (git_signature_new(&author, a.name.c_str(), a.email.c_str(), a.time, a.tz_offset_minutes) < 0 ||
      git_signature_new(&committer, c.name.c_str(), c.email.c_str(), c.time, c.tz_offset_minutes) < 0) {
    git_signature_free(author);
    return invalid_input("invalid author or committer signature (name and email must be non-empty)");
  }
  Handle<git_signature> author_handle(author), committer_handle(committer);
  std::string message = request.message;
  if (message.empty() || message.back() != '\n') message += '\n';
  if (request.signer != nullptr) {  // libgit2 moves no ref for a signed commit: move HEAD's branch here
    FW_TRY(oid, detail::commit_object(repo_.get(), author, committer, message, tree, head.get(), request.signer));
    FW_CHECK(move_head(repo_.get(), oid, message.substr(0, message.find('\n'))));
    return oid;
  }
  const git_commit* parents[] = {head.get()};
  git_oid commit_oid;
  int rc = git_commit_create(&commit_oid, repo_.get(), "HEAD", author, committer, nullptr, message.c_str(), tree,
                             head ? 1 : 0, head ? parents : nullptr);
  if (rc < 0) return libgit2_error(rc, "committing on HEAD");
  return detail::oid_hex(&commit_oid);
}

}  // namespace fleetwave::git
