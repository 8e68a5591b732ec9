#include "adapters/git/remote_ops.h"

#include <git2.h>

#include <cctype>
#include <string>

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

// The directory of a file:// remote, as libgit2 reads it: "%XX" escapes decoded.
std::string local_remote_path(const RepoUrl& url) {
  std::string out;
  for (std::size_t i = 0; i < url.path.size(); ++i) {
    if (url.path[i] == '%' && i + 2 < url.path.size() && std::isxdigit(static_cast<unsigned char>(url.path[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(url.path[i + 2]))) {
      out += static_cast<char>(std::stoi(url.path.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += url.path[i];
    }
  }
  return out;
}

// Writes what `tip` needs and the remote lacks (everything not behind `remote_tip`, when this
// clone has that commit) into the remote's object store as one pack.
Status<> copy_objects(git_repository* local, git_repository* remote, const git_oid& tip, const git_oid* remote_tip) {
  git_revwalk* raw_walk = nullptr;
  if (int rc = git_revwalk_new(&raw_walk, local); rc < 0) return libgit2_error(rc, "walking the commits to push");
  Handle<git_revwalk> walk(raw_walk);
  if (int rc = git_revwalk_push(walk.get(), &tip); rc < 0) return libgit2_error(rc, "walking the commits to push");
  git_odb* local_odb = nullptr;
  if (int rc = git_repository_odb(&local_odb, local); rc < 0) return libgit2_error(rc, "opening the clone's objects");
  Handle<git_odb> odb(local_odb);
  if (remote_tip != nullptr && git_odb_exists(odb.get(), remote_tip)) git_revwalk_hide(walk.get(), remote_tip);
  git_packbuilder* raw_pack = nullptr;
  if (int rc = git_packbuilder_new(&raw_pack, local); rc < 0) return libgit2_error(rc, "packing the commits to push");
  Handle<git_packbuilder> pack(raw_pack);
  if (int rc = git_packbuilder_insert_walk(pack.get(), walk.get()); rc < 0) {
    return libgit2_error(rc, "packing the commits to push");
  }
  if (git_packbuilder_object_count(pack.get()) == 0) return ok_status();
  const std::string pack_dir = std::string(git_repository_path(remote)) + "objects/pack";
  if (int rc = git_packbuilder_write(pack.get(), pack_dir.c_str(), 0, nullptr, nullptr); rc < 0) {
    return libgit2_error(rc, "writing the pushed objects into " + pack_dir);
  }
  git_odb* remote_odb = nullptr;
  if (int rc = git_repository_odb(&remote_odb, remote); rc < 0)
    return libgit2_error(rc, "opening the remote's objects");
  Handle<git_odb> refreshed(remote_odb);
  git_odb_refresh(refreshed.get());
  return ok_status();
}

Error moved(const std::string& operation) {
  return conflict(operation + ": the remote branch moved (not a fast-forward); fetch and rebuild the commit");
}

// libgit2's transport for file:// remotes checks the fast-forward against the tip it listed
// when it connected and then overwrites the branch without comparing again, so two writers that
// listed the same tip both succeed and the first one's commit is lost. For those remotes the
// objects are copied here and the branch moves by compare-and-swap under Git's ref lock, the
// check git receive-pack makes for the other transports.
Status<> push_fast_forward_to_local(const RemoteTarget& target, const std::string& ref, const git_oid& tip,
                                    const std::string& operation) {
  git_repository* raw = nullptr;
  const std::string path = local_remote_path(target.parsed);
  if (int rc = git_repository_open_ext(&raw, path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr); rc < 0) {
    return libgit2_error(rc, operation);
  }
  Handle<git_repository> remote(raw);
  if (!git_repository_is_bare(remote.get())) {
    return rejected(operation + ": the repository has a working tree; push to a bare repository (git init --bare)");
  }
  git_oid current;
  int found = git_reference_name_to_id(&current, remote.get(), ref.c_str());
  if (found < 0 && found != GIT_ENOTFOUND) return libgit2_error(found, operation);
  const git_oid* expected = found == 0 ? &current : nullptr;
  if (expected != nullptr && git_oid_equal(expected, &tip)) return ok_status();
  if (auto copied = copy_objects(target.repo, remote.get(), tip, expected); !copied.ok()) {
    return copied.error().with_context(operation);
  }
  if (expected != nullptr && git_graph_descendant_of(remote.get(), &tip, expected) != 1) return moved(operation);
  git_reference* updated = nullptr;
  int rc = expected != nullptr ? git_reference_create_matching(&updated, remote.get(), ref.c_str(), &tip, 1, expected,
                                                               "fleetwave: push")
                               : git_reference_create(&updated, remote.get(), ref.c_str(), &tip, 0, "fleetwave: push");
  git_reference_free(updated);
  if (rc == GIT_EMODIFIED || rc == GIT_ELOCKED || rc == GIT_EEXISTS) return moved(operation);
  if (rc < 0) return libgit2_error(rc, operation);
  return ok_status();
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
  const std::string operation = "push " + branch + " to " + target.display_url;
  if (!deleting && mode == PushMode::FastForwardOnly && target.parsed.scheme == "file") {
    FW_CHECK(push_fast_forward_to_local(target, ref, new_tip, operation));
    return set_ref(target.repo, "refs/remotes/origin/" + branch, &new_tip, "fleetwave: push");
  }
  FW_TRY(remote, anonymous_remote(target));
  RemoteSession session(target.credentials, target.parsed, target.max_credential_attempts);
  git_push_options opts = GIT_PUSH_OPTIONS_INIT;
  session.install(&opts.callbacks);
  std::string spec = deleting ? ":" + ref : (mode == PushMode::Force ? "+" : "") + ref + ":" + ref;
  char* specs[] = {spec.data()};
  git_strarray refspecs = {specs, 1};
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
