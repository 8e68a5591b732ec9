// Where a command reads and writes: with --repo URL, a bare clone in the cache directory that
// is fetched and pushed (LibGit2Repository); without it, the checkout containing the working
// directory, read from its object database and never pushed (LocalRepository). With
// --signing-key every commit either writes is signed. Also the Argo CD client a command asks for.
#pragma once

#include <memory>
#include <string>

#include "adapters/analysis/analysis_provider.h"
#include "adapters/argocd/argocd_client.h"
#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_repository.h"
#include "adapters/git/local_repository.h"
#include "adapters/signing/ssh_signer.h"
#include "base/result.h"
#include "cli/command_context.h"
#include "cli/common_options.h"

namespace fleetwave::cli {

class Workspace {
 public:
  // Reads the repository flags and opens the repository (nothing is fetched yet). Usage
  // problems exit 2; a repository that cannot be opened exits 3.
  static Result<Workspace, CliFailure> open(CommandContext& ctx);

  git::GitRepository& repo() { return *repo_; }
  bool remote() const { return remote_ != nullptr; }
  git::LibGit2Repository* remote_repo() { return remote_; }
  git::LocalRepository* local_repo() { return local_; }
  const RepositorySettings& settings() const { return settings_; }
  // The --signing-key signer every commit is signed with; nullptr without the flag.
  const signing::SshCommitSigner* signer() const { return signer_.get(); }

  // The tracked branch: "main" with --repo; in a checkout the --branch given or "" (HEAD).
  const std::string& branch() const { return settings_.branch; }
  // The branch for messages: its name, or "HEAD".
  std::string branch_label() const { return branch().empty() ? "HEAD" : branch(); }
  // The repository for messages: the redacted URL, or the checkout's directory.
  std::string display() const;

  // Fetches (with --repo) or resolves (in a checkout) the branch tip. Exit 3 when the remote
  // cannot be reached or refuses the credentials; exit 1 when the branch does not exist.
  Result<std::string, CliFailure> head();

  // `e` (from a fetch or push) with a hint naming the credential flags to check when the
  // remote refused the credentials.
  Error with_access_hint(const Error& e) const;

  // A revision to a commit id. With a tracked branch (--repo, or --branch in a checkout),
  // "HEAD" (and "HEAD~2", "HEAD^") means that branch's tip: a cache clone has no meaningful
  // HEAD of its own. Exit 1 when unknown.
  Result<std::string, CliFailure> resolve(const std::string& rev);

 private:
  Workspace() = default;

  RepositorySettings settings_;
  std::unique_ptr<signing::SshCommitSigner> signer_;  // before repo_: the repository points to it
  std::unique_ptr<git::GitRepository> repo_;
  git::LibGit2Repository* remote_ = nullptr;
  git::LocalRepository* local_ = nullptr;
  bool fetched_ = false;  // the branch was fetched at least once
};

// An ArgoCdClient for a command that was given no --argocd-url: every listing fails, so the
// engine sees Argo CD as unreachable ("no --argocd-url given"), never as success or failure.
class UnconfiguredArgoCd final : public ArgoCdClient {
 public:
  Result<std::vector<ApplicationSummary>> list_applications(const std::string&) override;
  Result<std::vector<ClusterConnection>> list_clusters() override;
  Status<> refresh_application(const std::string&) override;
  Status<> sync_application(const std::string&, const std::string&) override;
};

// The Argo CD client from the --argocd-* flags (an UnconfiguredArgoCd without --argocd-url,
// unless `required`). `configured` tells which one it is.
Result<std::unique_ptr<ArgoCdClient>, CliFailure> open_argocd(CommandContext& ctx, bool required,
                                                              bool* configured = nullptr);

// The analysis gates' adapters, built from the --prometheus-* flags by open_analysis(). The
// pointers stay valid as long as this object; the adapters are immutable and thread-safe.
class AnalysisClients {
 public:
  // nullptr without --prometheus-url: metric checks then cannot be evaluated.
  MetricsProvider* metrics() const { return metrics_.get(); }
  // Never nullptr: web checks need no settings.
  WebProbe* web_probe() const { return web_.get(); }

 private:
  friend Result<AnalysisClients, CliFailure> open_analysis(CommandContext& ctx);
  std::unique_ptr<MetricsProvider> metrics_;
  std::unique_ptr<WebProbe> web_;
};

// Reads the --prometheus-* flags (usage problems exit 2) and builds the adapters.
Result<AnalysisClients, CliFailure> open_analysis(CommandContext& ctx);

// Who a step is by. fleetwave's own steps (reconcile, serve) default to kDefaultAuthor; a
// person's step defaults to the author git would record in the working directory (git config
// user.name/user.email) and is refused, exit 2, when there is none: an anonymous step would
// defeat the audit trail.
enum class Acting { Reconciler, Person };

// This reconciler's name in Fleetwave-Actor: $HOSTNAME (a pod's name in Kubernetes), else the
// machine's host name.
std::string reconciler_instance(const CommandContext& ctx);

// The commit author from --author or FLEETWAVE_AUTHOR, else the default for `acting`; without
// a time.
Result<git::Signature, CliFailure> author_of(CommandContext& ctx, Acting acting);

}  // namespace fleetwave::cli
