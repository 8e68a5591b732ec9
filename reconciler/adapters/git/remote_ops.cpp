#include "adapters/git/remote_ops.h"

#include <git2.h>

#include "adapters/git/libgit2_handles.h"
#include "adapters/git/remote_session.h"
#include "net/redaction.h"

namespace fleetwave::git::detail {
namespace {

Status<> check_branch_name(const std::string& branch) {
  int valid = 0;
  std::string ref = "refs/heads/" + branch;
  if (branch.empty() || git_reference_name_is_valid(&valid, ref.c_str()) < 0 || !valid) {
    return invalid_input("invalid branch name '" + branch + "'");
  }
  return ok_status();
}

Result<Handle<git_remote>> anonymous_remote(const RemoteTarget& target) {
  git_remote* raw = nullptr;
  if (int rc = git_remote_create_anonymous(&raw, target.repo, target.url.c_str()); rc < 0) {
    Error e = libgit2_error(rc, "remote " + target.display_url, target.credentials.secrets());
    e.kind = ErrorKind::InvalidInput;
    return e;
  }
  return Handle<git_remote>(raw);
}

Status<> set_ref(git_repository* repo, const std::string& name, const git_oid* oid, const char* why) {
  git_reference* ref = nullptr;
  if (oid == nullptr) {
    int rc = git_reference_remove(repo, name.c_str());
    if (rc < 0 && rc != GIT_ENOTFOUND) return libgit2_error(rc, "deleting " + name);
    return ok_status();
  }
  if (int rc = git_reference_create(&ref, repo, name.c_str(), oid, 1, why); rc < 0) {
    return libgit2_error(rc, "updating " + name);
  }
  git_reference_free(ref);
  return ok_status();
}

// Both local refs of a branch follow the remote tip (nullptr: the branch is gone).
Status<> anchor(git_repository* repo, const std::string& branch, const git_oid* tip, const char* why) {
  FW_CHECK(set_ref(repo, "refs/remotes/origin/" + branch, tip, why));
  return set_ref(repo, "refs/heads/" + branch, tip, why);
}

// Statuses of git receive-pack (push_update_reference) that mean the branch moved under us:
// "failed to update ref(s)"/"cannot lock ref" when our expected old value no longer held,
// "non-fast-forward" with receive.denyNonFastForwards; libgit2's own transport for file:// and
// local paths says "failed to create locked file" when another push holds the ref's lock.
// Anything else ("pre-receive hook
// declined", "protected branch hook declined", "deletion prohibited", ...) is the server's rule.
bool is_lost_race(std::string_view status) {
  for (std::string_view moved : {"non-fast-forward", "fetch first", "failed to update ref", "failed to lock",
                                 "cannot lock ref", "stale info", "failed to create locked file"}) {
    if (status.find(moved) != std::string_view::npos) return true;
  }
  return false;
}

// A refusal reported per ref with rc 0: Conflict when the branch moved (fetch and retry),
// Rejected when the server's rules refuse the update (retrying cannot help); the server's own
// words, redacted, either way.
Error refusal(const std::string& operation, const RemoteSession& session, const GitCredentials& credentials) {
  bool raced = true;
  std::string statuses;
  for (const auto& [name, status] : session.rejected()) {
    raced = raced && is_lost_race(status);
    statuses += (statuses.empty() ? "" : "; ") + name + " " + status;
  }
  std::string message = operation + (raced ? ": the remote branch moved (" + statuses + ")"
                                           : ": the server refused the update (" + statuses + ")");
  std::string remote_text = session.remote_messages();
  if (!remote_text.empty()) message += "; remote: " + remote_text;
  if (!raced) message += "; check the server's hooks and branch protection for fleetwave's user";
  message = redact_text(message, credentials.secrets());
  return raced ? conflict(std::move(message)) : rejected(std::move(message));
}

}  // namespace

Result<std::string> fetch_branch(const RemoteTarget& target, const std::string& branch) {
  FW_CHECK(check_branch_name(branch));
  FW_TRY(remote, anonymous_remote(target));
  RemoteSession session(target.credentials, target.parsed, target.max_credential_attempts);
  git_fetch_options opts = GIT_FETCH_OPTIONS_INIT;
  session.install(&opts.callbacks);
  opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
  opts.update_fetchhead = 0;
  const std::string operation = "fetch " + branch + " from " + target.display_url;
  if (int rc = git_remote_connect(remote.get(), GIT_DIRECTION_FETCH, &opts.callbacks, &opts.proxy_opts, nullptr);
      rc < 0) {
    return session.error_for(rc, operation);
  }
  const git_remote_head** heads = nullptr;
  size_t count = 0;
  if (int rc = git_remote_ls(&heads, &count, remote.get()); rc < 0) return session.error_for(rc, operation);
  const std::string ref = "refs/heads/" + branch;
  const git_remote_head* head = nullptr;
  for (size_t i = 0; i < count && head == nullptr; ++i) {
    if (ref == heads[i]->name) head = heads[i];
  }
  if (head == nullptr) {
    git_remote_disconnect(remote.get());
    FW_CHECK(anchor(target.repo, branch, nullptr, "fleetwave: fetch (branch gone)"));
    return std::string();
  }
  git_oid tip = head->oid;
  std::string spec = "+" + ref + ":refs/remotes/origin/" + branch;
  char* specs[] = {spec.data()};
  git_strarray refspecs = {specs, 1};
  int rc = git_remote_download(remote.get(), &refspecs, &opts);
  git_remote_disconnect(remote.get());
  if (rc < 0) return session.error_for(rc, operation);
  git_commit* commit = nullptr;
  if (rc = git_commit_lookup(&commit, target.repo, &tip); rc < 0) {
    return libgit2_error(rc, operation + ": tip " + detail::oid_hex(&tip) + " missing after download");
  }
  git_commit_free(commit);
  FW_CHECK(anchor(target.repo, branch, &tip, "fleetwave: fetch"));
  return detail::oid_hex(&tip);
}

Status<> push_branch(const RemoteTarget& target, const std::string& branch, const std::string& oid, PushMode mode) {
  FW_CHECK(check_branch_name(branch));
  const std::string ref = "refs/heads/" + branch;
  git_oid new_tip;
  bool deleting = oid.empty();
  if (!deleting) {
    if (!is_full_oid(oid) || git_oid_fromstr(&new_tip, oid.c_str()) < 0) {
      return invalid_input("push " + branch + ": '" + oid + "' is not a 40-digit commit id");
    }
    git_commit* commit = nullptr;
    if (git_commit_lookup(&commit, target.repo, &new_tip) < 0) {
      return not_found("push " + branch + ": commit " + oid + " not found in the local clone");
    }
    git_commit_free(commit);
    FW_CHECK(set_ref(target.repo, ref, &new_tip, "fleetwave: push"));
  }
  FW_TRY(remote, anonymous_remote(target));
  RemoteSession session(target.credentials, target.parsed, target.max_credential_attempts);
  git_push_options opts = GIT_PUSH_OPTIONS_INIT;
  session.install(&opts.callbacks);
  std::string spec = deleting ? ":" + ref : (mode == PushMode::Force ? "+" : "") + ref + ":" + ref;
  char* specs[] = {spec.data()};
  git_strarray refspecs = {specs, 1};
  const std::string operation = "push " + branch + " to " + target.display_url;
  int rc = git_remote_push(remote.get(), &refspecs, &opts);
  if (rc == GIT_ENONFASTFORWARD) {
    return conflict(operation + ": the remote branch moved (not a fast-forward); fetch and rebuild the commit");
  }
  if (rc < 0) return session.error_for(rc, operation);
  if (!session.rejected().empty()) return refusal(operation, session, target.credentials);
  if (deleting) return anchor(target.repo, branch, nullptr, "fleetwave: push (delete)");
  return set_ref(target.repo, "refs/remotes/origin/" + branch, &new_tip, "fleetwave: push");
}

}  // namespace fleetwave::git::detail
