#include "adapters/git/local_repository.h"

#include <git2.h>

#include "adapters/git/object_reader.h"

namespace fleetwave::git {
using detail::Handle;
using detail::libgit2_error;

Result<std::unique_ptr<LocalRepository>> LocalRepository::open(const LibGit2Runtime& /*runtime*/,
                                                               const std::string& path) {
  FW_TRY(opened, detail::open_worktree_repository(path));
  return std::unique_ptr<LocalRepository>(new LocalRepository(std::move(opened.repo), std::move(opened.workdir)));
}

LocalRepository::LocalRepository(Handle<git_repository> repo, std::string workdir)
    : ObjectStoreRepository(std::move(repo)), workdir_(std::move(workdir)) {}

LocalRepository::~LocalRepository() = default;

Result<std::string> LocalRepository::head_branch() {
  int detached = git_repository_head_detached(repo_.get());
  if (detached < 0) return libgit2_error(detached, "reading HEAD");
  if (detached == 1) return std::string();
  git_reference* head = nullptr;
  int rc = git_reference_lookup(&head, repo_.get(), "HEAD");
  if (rc < 0) return libgit2_error(rc, "reading HEAD");
  Handle<git_reference> handle(head);
  const char* target = git_reference_symbolic_target(head);
  std::string name = target != nullptr ? target : "";
  const std::string prefix = "refs/heads/";
  return name.compare(0, prefix.size(), prefix) == 0 ? name.substr(prefix.size()) : std::string();
}

Result<std::optional<UpstreamDistance>> LocalRepository::upstream_distance(const std::string& branch) {
  std::string name = branch;
  if (name.empty()) {
    FW_TRY(current, head_branch());
    name = current;
  }
  if (name.empty()) return std::optional<UpstreamDistance>();
  git_reference* raw = nullptr;
  int rc = git_branch_lookup(&raw, repo_.get(), name.c_str(), GIT_BRANCH_LOCAL);
  if (rc == GIT_ENOTFOUND || rc == GIT_EINVALIDSPEC) return std::optional<UpstreamDistance>();
  if (rc < 0) return libgit2_error(rc, "branch " + name);
  Handle<git_reference> local(raw);
  git_reference* up_raw = nullptr;
  rc = git_branch_upstream(&up_raw, local.get());
  if (rc == GIT_ENOTFOUND) return std::optional<UpstreamDistance>();
  if (rc < 0) return libgit2_error(rc, "upstream of " + name);
  Handle<git_reference> upstream(up_raw);
  const char* up_name = nullptr;
  if (git_branch_name(&up_name, upstream.get()) < 0 || up_name == nullptr) up_name = git_reference_name(up_raw);
  const git_oid* local_oid = git_reference_target(local.get());
  const git_oid* up_oid = git_reference_target(upstream.get());
  if (local_oid == nullptr || up_oid == nullptr) return std::optional<UpstreamDistance>();
  UpstreamDistance d;
  d.branch = name;
  d.upstream = up_name;
  rc = git_graph_ahead_behind(&d.ahead, &d.behind, repo_.get(), local_oid, up_oid);
  if (rc < 0) return libgit2_error(rc, "comparing " + name + " with " + d.upstream);
  return std::optional<UpstreamDistance>(d);
}

Result<std::optional<std::string>> LocalRepository::remote_url(const std::string& name) {
  git_remote* raw = nullptr;
  int rc = git_remote_lookup(&raw, repo_.get(), name.c_str());
  if (rc == GIT_ENOTFOUND || rc == GIT_EINVALIDSPEC) return std::optional<std::string>();
  if (rc < 0) return libgit2_error(rc, "remote " + name);
  Handle<git_remote> remote(raw);
  const char* url = git_remote_url(raw);
  return std::optional<std::string>(url != nullptr ? url : "");
}

Result<std::string> LocalRepository::fetch(const std::string& branch) {
  if (branch.empty()) {
    int unborn = git_repository_head_unborn(repo_.get());
    if (unborn < 0) return libgit2_error(unborn, "reading HEAD");
    if (unborn == 1) return std::string();
    return detail::resolve_commit(repo_.get(), "HEAD");
  }
  const std::string ref = "refs/heads/" + branch;
  int valid = 0;
  if (git_reference_name_is_valid(&valid, ref.c_str()) < 0 || !valid) {
    return invalid_input("invalid branch name '" + branch + "'");
  }
  git_oid oid;
  int rc = git_reference_name_to_id(&oid, repo_.get(), ref.c_str());
  if (rc == GIT_ENOTFOUND) return std::string();
  if (rc < 0) return libgit2_error(rc, "reading branch " + branch);
  return detail::resolve_commit(repo_.get(), git_oid_tostr_s(&oid));
}

Status<> LocalRepository::push(const std::string& branch, const std::string& /*oid*/, PushMode /*mode*/) {
  return invalid_input("push " + branch + ": the local checkout " + workdir_ +
                       " has no remote access here; push with git, or pass --repo URL");
}

Status<> LocalRepository::delete_remote_branch(const std::string& branch) {
  return invalid_input("delete " + branch + ": the local checkout " + workdir_ +
                       " has no remote access here; use git, or pass --repo URL");
}

}  // namespace fleetwave::git
