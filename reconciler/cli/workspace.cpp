#include "cli/workspace.h"

#include <unistd.h>

#include "adapters/analysis/http_metrics_provider.h"
#include "adapters/analysis/http_web_probe.h"
#include "adapters/argocd/http_argocd_client.h"
#include "adapters/git/git_identity.h"
#include "cli/signing_options.h"
#include "net/redaction.h"

namespace fleetwave::cli {
namespace {

CliFailure usage_failure(const CommandContext& ctx, const Error& e) {
  Error out = e;
  out.message += " (see " + ctx.command + " --help)";
  return {kExitUsage, out};
}

}  // namespace

Result<Workspace, CliFailure> Workspace::open(CommandContext& ctx) {
  Workspace ws;
  auto settings = repository_settings(ctx.args, ctx.process.env, ctx.process.cwd, ctx.secrets);
  ctx.out.add_secrets(ctx.secrets);
  if (!settings.ok()) return usage_failure(ctx, settings.error());
  ws.settings_ = std::move(settings).value();
  auto signer = signer_from_flags(ctx.args, ctx.process.cwd, ctx.secrets);
  ctx.out.add_secrets(ctx.secrets);
  if (!signer.ok()) return usage_failure(ctx, signer.error());
  ws.signer_ = std::move(signer).value();
  if (ws.settings_.url.empty()) {
    auto local = git::LocalRepository::open(ctx.services.runtime, ctx.process.cwd);
    if (!local.ok()) {
      Error e = local.error();
      e.message += "; run fleetwave inside a checkout of the GitOps repository, or pass --repo URL";
      return CliFailure{kExitUsage, e};
    }
    ws.local_ = local->get();
    ws.local_->set_commit_signer(ws.signer_.get());
    ws.repo_ = std::move(local).value();
    return ws;
  }
  if (!ws.settings_.git_ca_file.empty()) {
    auto ca = ctx.services.runtime.set_ca_certificates(ws.settings_.git_ca_file);
    if (!ca.ok()) return usage_failure(ctx, ca.error().with_context("--git-ca-file"));
  }
  git::RepositoryOptions options{ws.settings_.url, ws.settings_.cache_dir, ws.settings_.credentials};
  auto remote = git::LibGit2Repository::open(ctx.services.runtime, options);
  if (!remote.ok()) {
    const Error& e = remote.error();
    return CliFailure{e.kind == ErrorKind::InvalidInput ? kExitUsage : kExitUnavailable,
                      e.with_context("repository " + redact_url(ws.settings_.url))};
  }
  ws.remote_ = remote->get();
  ws.remote_->set_commit_signer(ws.signer_.get());
  ws.repo_ = std::move(remote).value();
  return ws;
}

Error Workspace::with_access_hint(const Error& e) const {
  if (remote_ == nullptr || e.message.find("authentication") == std::string::npos) return e;
  if (e.message.find("in the repository URL") != std::string::npos) return e;  // says what to fix already
  Error out = e;
  switch (settings_.credentials.kind) {
    case git::GitCredentials::Kind::None:
      out.message += "; the remote needs credentials: --git-username with --git-password-file, or --git-token-file";
      break;
    case git::GitCredentials::Kind::UserPassword:
      out.message += "; check --git-username and --git-password-file";
      break;
    case git::GitCredentials::Kind::Token:
      out.message += "; check --git-token-file (and --git-username)";
      break;
    case git::GitCredentials::Kind::SshKey:
      out.message += "; check --git-ssh-key-file (and --git-username)";
      break;
  }
  return out;
}

std::string Workspace::display() const {
  if (remote_ != nullptr) return remote_->display_url();
  return local_ != nullptr ? local_->workdir() : "";
}

Result<std::string, CliFailure> Workspace::head() {
  auto tip = repo_->fetch(branch());
  if (!tip.ok()) return CliFailure{remote() ? kExitUnavailable : kExitFailed, with_access_hint(tip.error())};
  if (tip->empty()) {
    std::string where = remote() ? display() : "the checkout " + display();
    std::string what = branch().empty() ? "HEAD of " + where + " has no commit yet"
                                        : "branch " + branch() + " does not exist in " + where;
    return CliFailure{kExitFailed, not_found(what)};
  }
  fetched_ = true;
  return std::move(tip).value();
}

Result<std::string, CliFailure> Workspace::resolve(const std::string& rev) {
  if (rev.empty()) return CliFailure{kExitUsage, invalid_input("empty revision")};
  if (remote() && !fetched_) {  // a cache clone knows only what was fetched
    auto tip = head();
    if (!tip.ok()) return std::move(tip).error();
  }
  std::string spec = rev;
  const bool head_relative = rev.compare(0, 4, "HEAD") == 0 && (rev.size() == 4 || rev[4] == '~' || rev[4] == '^');
  if (head_relative && (remote() || !branch().empty())) {
    auto tip = head();
    if (!tip.ok()) return std::move(tip).error();
    spec = *tip + rev.substr(4);
  }
  auto commit = repo_->resolve(spec);
  if (!commit.ok()) {
    std::string hint =
        remote() ? " in " + display() + " (branch " + branch() + " is fetched; other commits may be missing)" : "";
    return CliFailure{kExitFailed, commit.error().with_context("revision " + rev + hint)};
  }
  return std::move(commit).value();
}

// NotFound, not InvalidInput: commands that work without Argo CD (status, plan) must not report
// its absence as an app error (AppPlanner reports InvalidInput observations).
Result<std::vector<ApplicationSummary>> UnconfiguredArgoCd::list_applications(const std::string&) {
  return not_found("no --argocd-url given");
}

Result<std::vector<ClusterConnection>> UnconfiguredArgoCd::list_clusters() {
  return not_found("no --argocd-url given");
}

Status<> UnconfiguredArgoCd::refresh_application(const std::string&) { return invalid_input("no --argocd-url given"); }

Status<> UnconfiguredArgoCd::sync_application(const std::string&, const std::string&) {
  return invalid_input("no --argocd-url given");
}

Result<std::unique_ptr<ArgoCdClient>, CliFailure> open_argocd(CommandContext& ctx, bool required, bool* configured) {
  auto settings = argocd_settings(ctx.args, ctx.process.cwd, required, ctx.secrets);
  ctx.out.add_secrets(ctx.secrets);
  if (!settings.ok()) return usage_failure(ctx, settings.error());
  if (configured != nullptr) *configured = settings->configured;
  if (!settings->configured) return std::unique_ptr<ArgoCdClient>(new UnconfiguredArgoCd());
  auto client = HttpArgoCdClient::create(settings->options);
  if (!client.ok()) return CliFailure{kExitUsage, client.error().with_context("--argocd-url")};
  return std::unique_ptr<ArgoCdClient>(std::move(client).value());
}

Result<AnalysisClients, CliFailure> open_analysis(CommandContext& ctx) {
  auto settings = analysis_settings(ctx.args, ctx.process.cwd, ctx.secrets);
  ctx.out.add_secrets(ctx.secrets);
  if (!settings.ok()) return usage_failure(ctx, settings.error());
  AnalysisClients clients;
  if (settings->prometheus_configured) {
    auto metrics = HttpMetricsProvider::create(settings->prometheus);
    if (!metrics.ok()) return usage_failure(ctx, metrics.error());
    clients.metrics_ = std::move(metrics).value();
  }
  auto web = HttpWebProbe::create(settings->web);
  if (!web.ok()) return CliFailure{kExitFailed, web.error()};
  clients.web_ = std::move(web).value();
  return clients;
}

std::string reconciler_instance(const CommandContext& ctx) {
  auto it = ctx.process.env.find("HOSTNAME");
  if (it != ctx.process.env.end() && !it->second.empty()) return it->second;
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

Result<git::Signature, CliFailure> author_of(CommandContext& ctx, Acting acting) {
  if (ctx.args.has("author") || acting == Acting::Reconciler) {
    auto author = parse_author(ctx.args.get("author", kDefaultAuthor), flag_label(ctx.args, "author"));
    if (!author.ok()) return usage_failure(ctx, author.error());
    return std::move(author).value();
  }
  auto identity = git::configured_identity(ctx.process.cwd, ctx.process.env);
  if (!identity.ok()) return CliFailure{kExitFailed, identity.error()};
  if (!*identity) {
    return usage_failure(ctx, invalid_input("who is acting? Pass --author \"Name <email>\", set FLEETWAVE_AUTHOR, "
                                            "or set git config user.name and user.email"));
  }
  return std::move(**identity);
}

}  // namespace fleetwave::cli
