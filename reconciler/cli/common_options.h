// The flags several commands share (where the GitOps repository is and how to reach it, Argo
// CD, the commit author) and their translation into adapter options. Secrets only ever come
// from files; their contents are collected so that every output can be scrubbed of them.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/analysis/http_metrics_provider.h"
#include "adapters/analysis/http_web_probe.h"
#include "adapters/argocd/http_argocd_client.h"
#include "adapters/git/git_credentials.h"
#include "adapters/git/git_repository.h"
#include "base/result.h"
#include "cli/flag_parser.h"

namespace fleetwave::cli {

// Whether a command without --repo works in the checkout containing the working directory
// (the manual commands), or needs --repo (reconcile and serve fetch and push with
// compare-and-swap, which a working tree's branch cannot offer). Only the help text differs.
enum class RepoFallback { Checkout, None };

// --repo, --branch, --cache-dir and the --git-* credential flags.
std::vector<FlagSpec> repository_flags(RepoFallback fallback = RepoFallback::Checkout);
// --argocd-url, --argocd-token-file, --argocd-ca-file, --argocd-insecure.
std::vector<FlagSpec> argocd_flags();
// --prometheus-url, --prometheus-token-file, --prometheus-ca-file: the analysis gates' metrics.
std::vector<FlagSpec> prometheus_flags();
// --author for fleetwave's own steps (reconcile, serve), defaulting to kDefaultAuthor.
FlagSpec author_flag();
// --author for a step a person takes (approve, pause, resume, rollback), defaulting to the
// identity git would use.
FlagSpec person_author_flag();
// --dry-run of a manual step: print the commit and every file change, write and push nothing.
FlagSpec dry_run_flag();
// The flags of a command that commits a step a person takes (approve, cordon, freeze...): its
// `own` flags, the repository flags, --author, --signing-key and --dry-run.
std::vector<FlagSpec> manual_step_flags(const std::vector<FlagSpec>& own = {});

// -o/--output FORMAT; `help` names the formats and the default.
FlagSpec output_flag(std::string_view help);
// The --output value when it is one of `formats` (the first is the default), else an
// InvalidInput naming them.
Result<std::string> output_format(const ParsedArgs& args, const std::vector<std::string>& formats);

// A duration flag (30s, 10m, 500ms) in milliseconds, `fallback_ms` when unset, at least `min_ms`.
// The one reader of durations for every command: errors name the flag, variable or config key.
Result<std::int64_t> duration_flag(const ParsedArgs& args, std::string_view name, std::int64_t fallback_ms,
                                   std::int64_t min_ms = 1);

// Concatenates flag tables.
std::vector<FlagSpec> flags_of(std::initializer_list<std::vector<FlagSpec>> parts);

inline constexpr const char* kDefaultAuthor = "fleetwave <fleetwave@localhost>";

struct RepositorySettings {
  std::string url;     // "" = the checkout containing the working directory
  std::string branch;  // "main" with --repo; "" (HEAD) in a checkout unless --branch is given
  std::string cache_dir;
  git::GitCredentials credentials;
  std::string git_ca_file;  // trusted CA bundle for HTTPS Git remotes ("" = system)
};

struct ArgoCdSettings {
  bool configured = false;  // --argocd-url given
  HttpArgoCdOptions options;
};

// What the analysis gates query: Prometheus (only with --prometheus-url) and web checks (always,
// with the system's CA store and the adapters' default timeouts).
struct AnalysisSettings {
  bool prometheus_configured = false;  // --prometheus-url given
  MetricsProviderSettings prometheus;
  WebProbeSettings web;
};

// Reads the repository flags; credential files are read (relative paths from `cwd`). Usage
// errors (conflicting or incomplete credential flags, credentials without --repo) are
// InvalidInput. `secrets` gains every secret read.
Result<RepositorySettings> repository_settings(const ParsedArgs& args, const std::map<std::string, std::string>& env,
                                               const std::string& cwd, std::vector<std::string>& secrets);

// Reads the Argo CD flags (the token file is read); `required` makes --argocd-url mandatory.
Result<ArgoCdSettings> argocd_settings(const ParsedArgs& args, const std::string& cwd, bool required,
                                       std::vector<std::string>& secrets);

// Reads the --prometheus-* flags; the token file (optional: Prometheus may need none) is read and
// its contents join `secrets`. InvalidInput naming the flag for a token or CA file without
// --prometheus-url (given on the command line; from the environment they are ignored, as for
// Argo CD), an unreadable or empty token file, a URL that is not http(s), an unreadable CA file.
Result<AnalysisSettings> analysis_settings(const ParsedArgs& args, const std::string& cwd,
                                           std::vector<std::string>& secrets);

// "Name <email>" -> a signature without a time. InvalidInput for anything else.
// "Name <email>"; errors name `label` (the flag or its variable).
Result<git::Signature> parse_author(const std::string& text, const std::string& label = "--author");

// $XDG_CACHE_HOME/fleetwave, else $HOME/.cache/fleetwave.
Result<std::string> default_cache_dir(const std::map<std::string, std::string>& env);

// The contents of a secret file (at most 1 MiB). The message of an error starts with `label`
// (flag_label: the flag, its variable or its config key) and names the path, never the contents.
Result<std::string> read_secret_file(const std::string& label, const std::string& path, const std::string& cwd);

// `path` made absolute against `cwd` (unchanged when already absolute or empty).
std::string absolute_path(const std::string& path, const std::string& cwd);

// Why `path` cannot be read, for messages: "no such file", "permission denied", "it is a
// directory", or the system's words.
std::string why_unreadable(const std::string& path);

}  // namespace fleetwave::cli
