// fleetwave serve: the reconcile loop on an interval and on Git webhooks, with the HTTP
// endpoints of serve/serve_api.h. Configuration: --config FILE < FLEETWAVE_<FLAG> < flags;
// secrets only from files. This file reads the settings and builds the adapters; the service
// itself is serve/serve_runner.h.
#include <charconv>
#include <sstream>

#include "adapters/hosting/approval_provider.h"
#include "adapters/hosting/commit_status.h"
#include "adapters/hosting/hosting_providers.h"
#include "adapters/notify/webhook_http.h"
#include "base/duration_text.h"
#include "base/text.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/config/config_file.h"
#include "cli/config/reconciler_setup.h"
#include "cli/signing_options.h"
#include "cli/workspace.h"
#include "codec/json_reader.h"
#include "net/http_endpoint.h"
#include "reconcile/notify/notify_settings.h"
#include "rollout/duration.h"
#include "serve/json_log.h"
#include "serve/serve_config.h"
#include "serve/serve_runner.h"

namespace fleetwave::cli {
namespace {

// A share such as "50%" (1% to 100%), as a fraction.
Result<double> share_flag(const ParsedArgs& args, const std::string& flag) {
  const std::string text = args.get(flag);
  int percent = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), percent);
  if (ec != std::errc() || std::string_view(end) != "%" || percent < 1 || percent > 100)
    return invalid_input(flag_label(args, flag) + " \"" + text + "\": expected a percentage from 1% to 100%, e.g. 50%");
  return percent / 100.0;
}

// An optional secret file: "" when the flag is unset; an error when it is set but empty.
Result<std::string> optional_secret(CommandContext& ctx, const ParsedArgs& args, const std::string& flag) {
  if (!args.has(flag)) return std::string();
  FW_TRY(text, read_secret_file(flag_label(args, flag), args.get(flag), ctx.process.cwd));
  std::string secret = trim_space(text);
  if (secret.empty()) return invalid_input(flag_label(args, flag) + " " + args.get(flag) + " is empty");
  ctx.secrets.push_back(secret);
  return secret;
}

// board.actorsFile: who may act from the board (serve/board_actors.h); nullopt when unset.
Result<std::optional<serve::BoardActors>> board_actors(CommandContext& ctx, const ParsedArgs& args) {
  if (!args.has("board-actors-file")) return std::optional<serve::BoardActors>();
  const std::string file = args.get("board-actors-file");
  FW_TRY(text, read_secret_file(flag_label(args, "board-actors-file"), file, ctx.process.cwd));
  FW_TRY(actors, serve::BoardActors::parse(text, file));
  return std::optional<serve::BoardActors>(std::move(actors));
}

// Settings of serve's own (everything but the repository, Argo CD and author).
Result<serve::ServeOptions> serve_options(CommandContext& ctx, const ParsedArgs& args) {
  serve::ServeOptions o;
  FW_TRY(listen, serve::parse_listen_address(args.get("listen", ":8080")));
  o.http.host = listen.host;
  o.http.port = listen.port;
  o.port_file = absolute_path(args.get("port-file"), ctx.process.cwd);
  FW_TRY(interval, duration_flag(args, "interval", 30'000, 100));
  o.schedule.interval_ms = interval;
  FW_TRY(timeout, duration_flag(args, "cycle-timeout", 300'000, 1000));
  o.cycle_timeout_ms = timeout;
  if (args.has("failover-after")) {
    FW_TRY(failover_after, duration_flag(args, "failover-after", 0, 1000));
    o.reconciler.failover_after_ms = failover_after;
  }
  if (args.has("failover-max-share")) {
    FW_TRY(share, share_flag(args, "failover-max-share"));
    o.reconciler.failover_max_share = share;
  }
  FW_TRY(webhook, optional_secret(ctx, args, "webhook-secret-file"));
  FW_TRY(generator, optional_secret(ctx, args, "generator-token-file"));
  o.secrets = {webhook, generator};
  if (args.has("board-username") != args.has("board-password-file"))
    return invalid_input("--board-username and --board-password-file go together (board.username, board.passwordFile)");
  FW_TRY(board_password, optional_secret(ctx, args, "board-password-file"));
  FW_TRY(board_token, optional_secret(ctx, args, "board-token-file"));
  o.secrets.board_username = args.get("board-username");
  o.secrets.board_password = board_password;
  o.secrets.board_token = board_token;
  // The board's links to the Git host: board.gitWebUrl, else from the approvals settings.
  FW_TRY(links, serve::make_git_links(args.get("approvals-provider"), args.get("approvals-api-url"),
                                      args.get("approvals-repository"), args.get("board-git-web-url")));
  FW_TRY(argocd_web, serve::argocd_web_url(args.get("board-argocd-url")));
  o.board_links = {links, argocd_web};
  FW_TRY(actors, board_actors(ctx, args));
  o.board_actors = std::move(actors);
  o.build = {build_version(), build_revision()};
  return o;
}

// The approvals settings, validated; the provider is built from them in run_serve().
Result<serve::ApprovalsConfig> approvals_config(const ParsedArgs& args) {
  serve::ApprovalsConfig c{args.get("approvals-provider"), args.get("approvals-api-url"),
                           args.get("approvals-repository"), args.get("approvals-token-file"),
                           args.get("approvals-ca-file")};
  FW_TRY(valid, serve::validate_approvals(c));
  if (!args.has("allowed-reviewers")) return valid;
  if (valid.provider.empty()) return invalid_input("--allowed-reviewers needs --approvals-provider");
  std::istringstream logins(args.get("allowed-reviewers"));
  for (std::string login; std::getline(logins, login, ',');) {
    if (!trim_space(login).empty()) valid.allowed_reviewers.push_back(trim_space(login));
  }
  if (valid.allowed_reviewers.empty()) return invalid_input("--allowed-reviewers: expected LOGIN[,LOGIN...]");
  return valid;
}

// The review provider of the approvals settings (nullptr when off); its token joins the secrets.
Result<std::unique_ptr<ApprovalProvider>> open_provider(CommandContext& ctx, const serve::ApprovalsConfig& approvals) {
  if (approvals.provider.empty()) return std::unique_ptr<ApprovalProvider>();
  FW_TRY(token, optional_secret(ctx, ctx.args, "approvals-token-file"));
  auto made =
      make_approval_provider({approvals.provider, approvals.api_url, approvals.repository, token, approvals.ca_file});
  if (!made.ok()) return made.error().with_context("--approvals-provider");
  return std::move(made).value();
}

// The commit status client (nullptr without a provider or with --commit-statuses off).
Result<std::unique_ptr<CommitStatusClient>> open_status_client(CommandContext& ctx,
                                                               const serve::ApprovalsConfig& approvals) {
  const std::string on = ctx.args.get("commit-statuses", "true");
  if (on != "true" && on != "false" && on != "on" && on != "off")
    return invalid_input("--commit-statuses \"" + on + "\": expected on or off");
  if (approvals.provider.empty() || on == "false" || on == "off") return std::unique_ptr<CommitStatusClient>();
  FW_TRY(token, optional_secret(ctx, ctx.args, "approvals-token-file"));
  auto made = make_commit_status_client(
      {approvals.provider, approvals.api_url, approvals.repository, token, approvals.ca_file});
  if (!made.ok()) return made.error().with_context("--approvals-provider");
  return std::move(made).value();
}

// board.url and notifications.webhooks, with each webhook's URL read (urlFile) and kept secret.
Result<serve::NotifyOptions> notify_options(CommandContext& ctx, const ParsedArgs& args) {
  serve::NotifyOptions o;
  o.user_agent = "fleetwave/" + build_version();
  if (args.has("board-url")) {
    FW_TRY(board, parse_http_endpoint(args.get("board-url"), "--board-url"));
    o.board_url = board.display();
  }
  if (!args.has("notifications-webhooks")) return o;
  auto json = parse_json(args.get("notifications-webhooks"), "--notifications-webhooks", 16);
  if (!json.ok()) return json.error();
  FW_TRY(webhooks, parse_webhook_settings(*json, "notifications.webhooks"));
  for (std::size_t i = 0; i < webhooks.size(); ++i) {
    const WebhookSettings& w = webhooks[i];
    std::string key = "notifications.webhooks[" + std::to_string(i) + "].url";
    std::string url = w.url;
    if (!w.url_file.empty()) {
      key += "File";
      auto text = read_secret_file("--notifications-webhooks", w.url_file, ctx.process.cwd);
      if (!text.ok())  // "--notifications-webhooks: cannot read PATH: why", named by its key instead
        return invalid_input(key + text.error().message.substr(text.error().message.find(':')));
      url = trim_space(*text);
      if (url.empty()) return invalid_input(key + ": " + w.url_file + " is empty");
      key += " " + w.url_file;
    }
    ctx.secrets.push_back(url);  // a webhook URL is its own credential: never logged
    FW_TRY(parsed, parse_webhook_url(url, key));
    o.webhooks.push_back({parsed, {w.events.begin(), w.events.end()}, w.format});
  }
  return o;
}

void warn_missing_secrets(serve::JsonLog& log, const serve::ApiSecrets& secrets) {
  if (secrets.webhook_secret.empty()) log.warn("no --webhook-secret-file: POST /webhook/git answers 401");
  if (secrets.generator_token.empty()) log.warn("no --generator-token-file: the plugin generator answers 403");
}

// The providers and their default API URLs, from the hosting table: a new provider names itself.
const std::string& approvals_provider_help() {
  static const std::string help = "open pull requests for approval waves: " + hosting_provider_names(" or ");
  return help;
}

const std::string& approvals_api_url_help() {
  static const std::string help = [] {
    std::string defaults;
    for (const HostingProvider& p : hosting_providers()) {
      defaults += (defaults.empty() ? "" : " or ") + std::string(p.default_api_url);
    }
    return "provider API base URL (default " + defaults + ")";
  }();
  return help;
}

// serve's settings, one row each: flag, FLEETWAVE_<FLAG> and config-file key.
std::vector<FlagSpec> serve_flags() {
  return flags_of(
      {repository_flags(RepoFallback::None),
       {{"config", "FILE", "YAML configuration file (flags and FLEETWAVE_* variables override it)", true},
        {"listen", "ADDR", "address to serve on: \":8080\" (default) or \"127.0.0.1:PORT\"; port 0 picks a free one",
         true, 0, "listen"},
        {"port-file", "FILE", "write the bound port to FILE once listening", true},
        {"interval", "DUR", "time between cycles without webhooks (default 30s)", true, 0, "interval"},
        {"cycle-timeout", "DUR",
         "a cycle running longer is reported stuck (not ready); twice as long exits 1 (default 5m)", true},
        {"failover-after", "DUR",
         "cordon a cluster whose Argo CD connection state has been Failed this long (off by default)", true, 0,
         "failover.after"},
        {"failover-max-share", "PCT", "most of the inventory failover may cordon (default 50%; never all)", true, 0,
         "failover.maxShare"},
        {"webhook-secret-file", "FILE", "file holding the webhook secret (the key or token the Git host sends)", true,
         0, "webhook.secretFile"},
        {"generator-token-file", "FILE", "file holding the bearer token of the plugin generator", true, 0,
         "generator.tokenFile"},
        {"approvals-provider", "NAME", approvals_provider_help(), true, 0, "approvals.provider"},
        {"approvals-api-url", "URL", approvals_api_url_help(), true, 0, "approvals.apiUrl"},
        {"approvals-repository", "OWNER/NAME", "repository (GitLab: project path) to open pull requests in", true, 0,
         "approvals.repository"},
        {"approvals-token-file", "FILE", "file holding the provider API token", true, 0, "approvals.tokenFile"},
        {"approvals-ca-file", "FILE", "PEM CA bundle to trust for a self-hosted provider", true, 0, "approvals.caFile"},
        {"allowed-reviewers", "LOGIN,...", "only these reviewers' approvals count (approvals.allowedReviewers)", true,
         0, "approvals.allowedReviewers"},
        {"board-username", "NAME", "the board (and /api/v1/apps) asks for HTTP basic auth as NAME", true, 0,
         "board.username"},
        {"board-password-file", "FILE", "file holding the board's basic auth password", true, 0, "board.passwordFile"},
        {"board-token-file", "FILE", "file holding a bearer token that opens the board", true, 0, "board.tokenFile"},
        {"board-actors-file", "FILE",
         "people who may act from the board, one per line: EMAIL RIGHTS sha256:TOKEN-HASH NAME", true, 0,
         "board.actorsFile"},
        {"board-argocd-url", "URL", "Argo CD's web address, for the board's links to each cluster's Application", true,
         0, "board.argocdUrl"},
        {"board-git-web-url", "URL",
         "the repository's web page, for the board's links (default: from the approvals settings)", true, 0,
         "board.gitWebUrl"},
        {"commit-statuses", "on|off",
         "post a commit status per wave on each release commit through the approvals provider (default on)", true, 0,
         "commitStatuses"},
        {"board-url", "URL",
         "externally reachable URL of this service's board: linked from statuses and "
         "notifications",
         true, 0, "board.url"},
        {"log-level", "LEVEL", "info (default: changes and failures) or debug (also every quiet cycle)", true, 0,
         "logLevel"},
        {"notifications-webhooks", "JSON",
         "notifications.webhooks as a JSON list [{url|urlFile, events, format}] (usually set in --config)", true, 0,
         "notifications.webhooks"}},
       argocd_flags(),
       prometheus_flags(),
       {author_flag(), signing_key_flag(), allowed_signers_flag()}});
}

int run_serve(CommandContext& outer) {
  if (!outer.args.positionals.empty()) return outer.usage("unexpected argument \"" + outer.args.positionals[0] + "\"");
  auto merged = with_config_file(outer.args, outer.process.cwd, serve_flags());
  if (!merged.ok()) return outer.fail(kExitUsage, merged.error());
  CommandContext ctx{outer.services, outer.process, *merged, outer.out, outer.command, {}};
  if (!ctx.args.has("repo")) return ctx.usage("serve needs --repo URL (or repo: in --config)");
  auto options = serve_options(ctx, ctx.args);
  ctx.out.add_secrets(ctx.secrets);
  if (!options.ok()) return ctx.usage(options.error().to_string());
  auto approvals = approvals_config(ctx.args);
  if (!approvals.ok()) return ctx.usage(approvals.error().to_string());
  auto provider = open_provider(ctx, *approvals);
  if (!provider.ok()) return ctx.usage(provider.error().to_string());
  auto statuses = open_status_client(ctx, *approvals);
  if (!statuses.ok()) return ctx.usage(statuses.error().to_string());
  auto notify = notify_options(ctx, ctx.args);
  if (!notify.ok()) return ctx.usage(notify.error().to_string());
  const std::string level = ctx.args.get("log-level", "info");
  if (level != "info" && level != "debug")
    return ctx.usage(flag_label(ctx.args, "log-level") + " \"" + level + "\": expected info or debug");
  // Argo CD, analysis, repository, author and trust: they live until run_serve returns.
  auto setup = open_reconciler(ctx, options->reconciler);  // serve's own: failover
  if (!setup.ok()) return ctx.fail(setup.error());
  Workspace* ws = &(*setup)->ws();
  const ReconcilerOptions& shared = (*setup)->options;
  options->reconciler = shared;
  options->allowed_reviewers = approvals->allowed_reviewers;
  options->approval_provider = provider->get();
  (options->notify = std::move(notify).value()).statuses = statuses->get();
  options->notify.actor = reconciler_actor(options->reconciler);
  ctx.out.add_secrets(ctx.secrets);
  serve::JsonLog log(ctx.secrets, level == "debug");
  log.info("starting fleetwave serve",
           {{"repo", ws->display()},
            {"branch", ws->branch()},
            {"interval", format_duration_ms(options->schedule.interval_ms)},
            {"webhooks", !options->secrets.webhook_secret.empty()},
            {"generator", !options->secrets.generator_token.empty()},
            {"approvals", approvals->provider.empty() ? "off" : approvals->provider},
            {"signing", ws->signer() ? "on" : "off"},
            {"allowedSigners", shared.trust ? ctx.args.get("allowed-signers") : "off"},
            {"prometheus", shared.metrics ? shared.metrics->describe() : "off"},
            {"commitStatuses", *statuses ? (*statuses)->name() : "off"},
            {"board",
             options->secrets.board_username.empty() && options->secrets.board_token.empty() ? "open" : "credentials"},
            {"notifications", options->notify.webhooks.size()}});
  warn_missing_secrets(log, options->secrets);
  return serve::run_serve(
      *options, {ws->repo(), *(*setup)->argocd, ctx.services.clock, ctx.services.sleeper, ctx.services.random, log});
}

}  // namespace

CommandSpec serve_command() {
  return {"serve",
          "run the reconcile loop as a service, with webhooks, metrics and the ApplicationSet generator",
          "fleetwave serve --repo URL --argocd-url URL --argocd-token-file FILE [flags]  (or --config FILE)",
          "Runs a reconcile cycle at start, then every --interval (±10% jitter; exponential backoff after\n"
          "failures, up to min(5m, 10 x interval)) and at once after an authenticated Git webhook. Serves\n"
          "on --listen: GET /healthz, GET /readyz, GET /metrics (Prometheus), POST /webhook/git (GitHub\n"
          "X-Hub-Signature-256 or GitLab X-Gitlab-Token), POST /api/v1/getparams.execute (ApplicationSet\n"
          "plugin generator, Bearer token), GET /api/v1/apps[/APP] (the status document), and the board:\n"
          "GET / (the fleet), GET /apps/APP, live by Server-Sent Events (GET /events). Settings come\n"
          "from --config (YAML: repo, branch, interval, listen, cacheDir, author, signingKeyFile, git.*,\n"
          "argocd.*, webhook.secretFile, generator.tokenFile, approvals.*, prometheus.*, commitStatuses,\n"
          "board.*, notifications.webhooks), overridden by\n"
          "FLEETWAVE_<FLAG> variables, overridden by flags. Secrets are read from files only and never\n"
          "logged. Logs are JSON lines on stderr. SIGTERM/SIGINT: stop accepting, finish the running\n"
          "cycle (a push not yet started is abandoned), exit 0. Exit 2 for bad settings. See\n"
          "docs/serve.md.",
          serve_flags(),
          &run_serve};
}

}  // namespace fleetwave::cli
