// Decorators of the reconciler's two ports for service mode. ObservedRepository records every
// fetch's outcome (Git up or down) and refuses to start a push once shutdown began, so a
// SIGTERM abandons a cycle before its push instead of leaving the decision half done (a push
// that already started completes: it is one compare-and-swap of the branch on the server).
// ObservedArgoCd records every Argo CD query's outcome (Argo CD up or down).
//
// Thread-safety: like the wrapped port (single-threaded), except request_stop(), which any
// thread may call.
#pragma once

#include <atomic>
#include <functional>

#include "adapters/argocd/argocd_client.h"
#include "adapters/git/git_repository.h"
#include "serve/serve_state.h"

namespace fleetwave::serve {

// Turns an error into text safe for logs and /readyz (URLs and secrets redacted).
using Scrubber = std::function<std::string(const std::string&)>;

class ObservedRepository final : public git::GitRepository {
 public:
  ObservedRepository(git::GitRepository& inner, ServeState& state, Scrubber scrub)
      : inner_(inner), state_(state), scrub_(std::move(scrub)) {}

  void request_stop() { stopping_ = true; }

  Result<std::string> fetch(const std::string& branch) override;
  Result<std::string> resolve(const std::string& rev) override { return inner_.resolve(rev); }
  Result<std::string> read_file(const std::string& commit, const std::string& path) override {
    return inner_.read_file(commit, path);
  }
  Result<std::vector<git::TreeEntry>> list_tree(const std::string& commit, const std::string& prefix,
                                                bool recursive) override {
    return inner_.list_tree(commit, prefix, recursive);
  }
  Result<std::string> read_blob(const std::string& oid) override { return inner_.read_blob(oid); }
  Result<std::string> tree_id(const std::string& commit, const std::string& path) override {
    return inner_.tree_id(commit, path);
  }
  Result<git::CommitInfo> commit_info(const std::string& commit) override { return inner_.commit_info(commit); }
  Result<std::optional<git::CommitSignature>> commit_signature(const std::string& commit) override {
    return inner_.commit_signature(commit);
  }
  Result<std::vector<std::string>> first_parent_log(const std::string& from, const std::string& stop_at,
                                                    size_t max_count) override {
    return inner_.first_parent_log(from, stop_at, max_count);
  }
  Result<std::vector<std::string>> changed_paths(const std::string& commit) override {
    return inner_.changed_paths(commit);
  }
  Result<std::vector<std::string>> changed_paths_between(const std::string& from, const std::string& to) override {
    return inner_.changed_paths_between(from, to);
  }
  Result<std::string> create_commit(const git::CommitRequest& request) override {
    return inner_.create_commit(request);
  }
  Status<> push(const std::string& branch, const std::string& oid, git::PushMode mode) override;
  Status<> delete_remote_branch(const std::string& branch) override;

 private:
  git::GitRepository& inner_;
  ServeState& state_;
  Scrubber scrub_;
  std::atomic<bool> stopping_{false};
};

class ObservedArgoCd final : public ArgoCdClient {
 public:
  ObservedArgoCd(ArgoCdClient& inner, ServeState& state, Scrubber scrub)
      : inner_(inner), state_(state), scrub_(std::move(scrub)) {}

  Result<std::vector<ApplicationSummary>> list_applications(const std::string& label_selector) override;
  Result<std::vector<ClusterConnection>> list_clusters() override { return inner_.list_clusters(); }
  Status<> refresh_application(const std::string& name) override { return inner_.refresh_application(name); }
  Status<> sync_application(const std::string& name, const std::string& revision) override {
    return inner_.sync_application(name, revision);
  }

  std::uint64_t queries() const { return queries_; }

 private:
  ArgoCdClient& inner_;
  ServeState& state_;
  Scrubber scrub_;
  std::uint64_t queries_ = 0;
};

}  // namespace fleetwave::serve
