#include "cli/common_options.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

#include "adapters/git/repo_url.h"
#include "base/duration_text.h"
#include "base/text.h"
#include "cli/signing_options.h"
#include "rollout/duration.h"

namespace fleetwave::cli {
namespace {

constexpr std::size_t kMaxSecretBytes = 1u << 20;

// A flag that may only be used together with --repo: an error when given on the command line,
// ignored when it comes from the environment (a shared CI environment may set it for other runs).
bool given(const ParsedArgs& args, std::string_view flag, bool remote, std::string& misuse) {
  if (!args.has(flag)) return false;
  if (remote) return true;
  if (args.source(flag) == FlagSource::CommandLine && misuse.empty()) misuse = "--" + std::string(flag);
  return false;
}

Result<git::GitCredentials> credentials(const ParsedArgs& args, const std::string& cwd, bool remote,
                                        std::vector<std::string>& secrets) {
  std::string misuse;
  const bool user = given(args, "git-username", remote, misuse);
  const bool password = given(args, "git-password-file", remote, misuse);
  const bool token = given(args, "git-token-file", remote, misuse);
  const bool key = given(args, "git-ssh-key-file", remote, misuse);
  const bool known_hosts = given(args, "git-known-hosts-file", remote, misuse);
  const bool passphrase = given(args, "git-ssh-passphrase-file", remote, misuse);
  const bool insecure = given(args, "git-insecure-skip-tls-verify", remote, misuse);
  if (!misuse.empty()) return invalid_input(misuse + " needs --repo URL (without it, commands use the local checkout)");
  if (int(password) + int(token) + int(key) > 1) {
    return invalid_input("choose one of --git-password-file, --git-token-file and --git-ssh-key-file");
  }
  if (password && !user) return invalid_input("--git-password-file needs --git-username");
  if (user && !password && !token && !key) {
    return invalid_input("--git-username needs --git-password-file, --git-token-file or --git-ssh-key-file");
  }
  if ((known_hosts || passphrase) && !key)
    return invalid_input("--git-known-hosts-file and --git-ssh-passphrase-file need --git-ssh-key-file");
  if (key && !known_hosts) return invalid_input("--git-ssh-key-file needs --git-known-hosts-file to verify the server");
  auto secret = [&](const char* flag) -> Result<std::string> {
    FW_TRY(text, read_secret_file(flag_label(args, flag), args.get(flag), cwd));
    return text;
  };
  git::GitCredentials c;
  if (password) {
    FW_TRY(pw, secret("git-password-file"));
    c = git::GitCredentials::user_password(args.get("git-username"), trim_space(pw));
  } else if (token) {
    FW_TRY(tok, secret("git-token-file"));
    c = user ? git::GitCredentials::token(trim_space(tok), args.get("git-username"))
             : git::GitCredentials::token(trim_space(tok));
  } else if (key) {
    FW_TRY(private_key, secret("git-ssh-key-file"));
    FW_TRY(hosts, read_secret_file(flag_label(args, "git-known-hosts-file"), args.get("git-known-hosts-file"), cwd));
    std::string phrase;
    if (passphrase) {
      FW_TRY(p, secret("git-ssh-passphrase-file"));
      phrase = trim_space(p);
    }
    c = git::GitCredentials::ssh_key(private_key, hosts, phrase, args.get("git-username"));
  }
  if ((password || token) && c.password.empty()) {
    return invalid_input("--" + std::string(password ? "git-password-file" : "git-token-file") + " " +
                         args.get(password ? "git-password-file" : "git-token-file") + " is empty");
  }
  c.insecure_skip_tls_verify = insecure;
  for (std::string& s : c.secrets()) secrets.push_back(std::move(s));
  return c;
}

}  // namespace

std::vector<FlagSpec> repository_flags(RepoFallback fallback) {
  const bool checkout = fallback == RepoFallback::Checkout;
  return {
      {"repo", "URL",
       checkout ? "GitOps repository to fetch and push (default: the checkout containing the working directory)"
                : "GitOps repository to fetch and push (required)",
       true, 0, "repo"},
      {"branch", "NAME",
       checkout ? "tracked branch (default main with --repo, else the checked-out branch)"
                : "tracked branch (default main)",
       true, 0, "branch"},
      {"cache-dir", "DIR", "where --repo clones are kept (default $XDG_CACHE_HOME/fleetwave)", true, 0, "cacheDir"},
      {"git-username", "USER", "user name for HTTP(S) Git remotes (or SSH)", true, 0, "git.username"},
      {"git-password-file", "FILE", "file holding the Git password (with --git-username)", true, 0, "git.passwordFile"},
      {"git-token-file", "FILE", "file holding a Git access token (user x-access-token unless --git-username)", true, 0,
       "git.tokenFile"},
      {"git-ssh-key-file", "FILE", "file holding an SSH private key", true, 0, "git.sshKeyFile"},
      {"git-known-hosts-file", "FILE", "known_hosts for SSH remotes (required with --git-ssh-key-file)", true, 0,
       "git.knownHostsFile"},
      {"git-ssh-passphrase-file", "FILE", "file holding the SSH key's passphrase", true, 0, "git.sshPassphraseFile"},
      {"git-ca-file", "FILE", "PEM CA bundle to trust for HTTPS Git remotes", true, 0, "git.caFile"},
      {"git-insecure-skip-tls-verify", "", "do not verify the Git server's TLS certificate (test servers only)", true,
       0, "git.insecureSkipTlsVerify"},
  };
}

std::vector<FlagSpec> argocd_flags() {
  return {
      {"argocd-url", "URL", "Argo CD API server, e.g. https://argocd.example.com", true, 0, "argocd.url"},
      {"argocd-token-file", "FILE", "file holding an Argo CD API token", true, 0, "argocd.tokenFile"},
      {"argocd-ca-file", "FILE", "PEM CA bundle to trust for the Argo CD server", true, 0, "argocd.caFile"},
      {"argocd-insecure", "", "do not verify Argo CD's TLS certificate (test clusters only)", true, 0,
       "argocd.insecure"},
  };
}

std::vector<FlagSpec> prometheus_flags() {
  return {
      {"prometheus-url", "URL", "Prometheus the analysis checks query, e.g. https://prometheus.example.com", true, 0,
       "prometheus.url"},
      {"prometheus-token-file", "FILE", "file holding a bearer token for Prometheus (optional)", true, 0,
       "prometheus.tokenFile"},
      {"prometheus-ca-file", "FILE", "PEM CA bundle to trust for Prometheus", true, 0, "prometheus.caFile"},
  };
}

FlagSpec author_flag() {
  return {"author", "\"NAME <EMAIL>\"", "commit author (default fleetwave <fleetwave@localhost>)", true, 0, "author"};
}

FlagSpec person_author_flag() {
  return {"author", "\"NAME <EMAIL>\"", "who acts (default: git's author, from git config user.name/user.email)", true};
}

FlagSpec dry_run_flag() {
  return {"dry-run", "", "print the commit and every pin change it would make; commit and push nothing", false};
}

std::vector<FlagSpec> manual_step_flags(const std::vector<FlagSpec>& own) {
  return flags_of({own, repository_flags(), {person_author_flag(), signing_key_flag(), dry_run_flag()}});
}

FlagSpec output_flag(std::string_view help) { return {"output", "FORMAT", help, false, 'o'}; }

Result<std::int64_t> duration_flag(const ParsedArgs& args, std::string_view name, std::int64_t fallback_ms,
                                   std::int64_t min_ms) {
  if (!args.has(name)) return fallback_ms;
  const std::string text = args.get(name), label = flag_label(args, name);
  auto ms = parse_duration_ms(text);
  if (!ms.ok()) return invalid_input(label + " \"" + text + "\": expected a duration such as 30s, 10m or 500ms");
  if (*ms < min_ms) return invalid_input(label + " \"" + text + "\": must be at least " + format_duration_ms(min_ms));
  return *ms;
}

Result<std::string> output_format(const ParsedArgs& args, const std::vector<std::string>& formats) {
  const std::string output = args.get("output", formats.front());
  if (std::find(formats.begin(), formats.end(), output) != formats.end()) return output;
  std::string names;
  for (std::size_t i = 0; i < formats.size(); ++i)
    names += (i == 0 ? "" : i + 1 == formats.size() ? " or " : ", ") + formats[i];
  return invalid_input("--output must be " + names + ", not \"" + output + "\"");
}

std::vector<FlagSpec> flags_of(std::initializer_list<std::vector<FlagSpec>> parts) {
  std::vector<FlagSpec> out;
  for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

Result<RepositorySettings> repository_settings(const ParsedArgs& args, const std::map<std::string, std::string>& env,
                                               const std::string& cwd, std::vector<std::string>& secrets) {
  RepositorySettings s;
  s.url = args.get("repo");
  const bool remote = !s.url.empty();
  s.branch = args.get("branch", remote ? "main" : "");
  if (args.has("branch") && s.branch.empty()) return invalid_input("--branch needs a branch name");
  if (remote) {
    if (args.has("cache-dir")) {
      s.cache_dir = absolute_path(args.get("cache-dir"), cwd);
    } else {
      FW_TRY(dir, default_cache_dir(env));
      s.cache_dir = dir;
    }
    s.git_ca_file = absolute_path(args.get("git-ca-file"), cwd);
    // A local repository that is not there is a configuration error, not a remote that may
    // come back: say so now rather than retry for ever.
    auto parsed = git::parse_repo_url(s.url);
    if (parsed.ok() && parsed->scheme == "file" && !std::filesystem::exists(parsed->path)) {
      return invalid_input("repository " + s.url + " does not exist (no such directory " + parsed->path +
                           "); check --repo (or repo: in --config)");
    }
  }
  FW_TRY(c, credentials(args, cwd, remote, secrets));
  s.credentials = std::move(c);
  return s;
}

Result<ArgoCdSettings> argocd_settings(const ParsedArgs& args, const std::string& cwd, bool required,
                                       std::vector<std::string>& secrets) {
  ArgoCdSettings s;
  s.configured = args.has("argocd-url");
  if (!s.configured) {
    if (required) return invalid_input("--argocd-url is required (and --argocd-token-file)");
    for (const char* flag : {"argocd-token-file", "argocd-ca-file", "argocd-insecure"}) {
      if (args.has(flag) && args.source(flag) == FlagSource::CommandLine) {
        return invalid_input("--" + std::string(flag) + " needs --argocd-url");
      }
    }
    return s;
  }
  if (!args.has("argocd-token-file")) return invalid_input("--argocd-url needs --argocd-token-file");
  FW_TRY(token, read_secret_file(flag_label(args, "argocd-token-file"), args.get("argocd-token-file"), cwd));
  s.options.base_url = args.get("argocd-url");
  s.options.token = trim_space(token);
  s.options.ca_cert_path = absolute_path(args.get("argocd-ca-file"), cwd);
  s.options.insecure_skip_tls_verify = args.flag("argocd-insecure");
  if (!s.options.token.empty()) secrets.push_back(s.options.token);
  return s;
}

Result<AnalysisSettings> analysis_settings(const ParsedArgs& args, const std::string& cwd,
                                           std::vector<std::string>& secrets) {
  AnalysisSettings s;
  s.prometheus_configured = args.has("prometheus-url");
  if (!s.prometheus_configured) {
    for (const char* flag : {"prometheus-token-file", "prometheus-ca-file"}) {
      if (args.has(flag) && args.source(flag) == FlagSource::CommandLine)
        return invalid_input("--" + std::string(flag) + " needs --prometheus-url");
    }
    return s;
  }
  s.prometheus.url = args.get("prometheus-url");
  // Checked here too, so that a bad URL is a usage error before any token file is read.
  FW_CHECK(parse_http_endpoint(s.prometheus.url, "--prometheus-url"));
  if (args.has("prometheus-token-file")) {
    FW_TRY(token, read_secret_file(flag_label(args, "prometheus-token-file"), args.get("prometheus-token-file"), cwd));
    s.prometheus.token = trim_space(token);
    if (s.prometheus.token.empty()) {
      return invalid_input("--prometheus-token-file " + args.get("prometheus-token-file") +
                           " is empty; put the token in it, or leave the flag out if Prometheus needs none");
    }
    secrets.push_back(s.prometheus.token);
  }
  s.prometheus.ca_file = absolute_path(args.get("prometheus-ca-file"), cwd);
  return s;
}

Result<git::Signature> parse_author(const std::string& text, const std::string& label) {
  const std::size_t open = text.find('<');
  const std::size_t close = text.rfind('>');
  auto bad = [&](const std::string& why) {
    return invalid_input(label + " \"" + text + "\": " + why + "; expected \"Name <email>\"");
  };
  if (open == std::string::npos || close == std::string::npos || close < open || close + 1 != text.size()) {
    return bad("no <email>");
  }
  git::Signature s;
  s.name = trim_space(text.substr(0, open));
  s.email = trim_space(text.substr(open + 1, close - open - 1));
  if (s.name.empty()) return bad("empty name");
  if (s.email.empty()) return bad("empty email");
  for (const std::string* part : {&s.name, &s.email}) {
    if (part->find_first_of("<>\n\r") != std::string::npos) return bad("stray <, > or line break");
  }
  return s;
}

Result<std::string> default_cache_dir(const std::map<std::string, std::string>& env) {
  auto xdg = env.find("XDG_CACHE_HOME");
  if (xdg != env.end() && !xdg->second.empty() && xdg->second[0] == '/') return xdg->second + "/fleetwave";
  auto home = env.find("HOME");
  if (home != env.end() && !home->second.empty()) return home->second + "/.cache/fleetwave";
  return invalid_input("cannot choose a cache directory: set --cache-dir, XDG_CACHE_HOME or HOME");
}

std::string absolute_path(const std::string& path, const std::string& cwd) {
  if (path.empty() || path[0] == '/' || cwd.empty()) return path;
  return cwd + (cwd.back() == '/' ? "" : "/") + path;
}

std::string why_unreadable(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return "it is a directory";
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    close(fd);
    return "a read error";
  }
  if (errno == ENOENT || errno == ENOTDIR) return "no such file";
  if (errno == EACCES) return "permission denied";
  return std::strerror(errno);
}

Result<std::string> read_secret_file(const std::string& label, const std::string& path, const std::string& cwd) {
  if (path.empty()) return invalid_input(label + " needs a file name");
  const std::string full = absolute_path(path, cwd);
  std::ifstream in(full, std::ios::binary);
  if (!in || std::filesystem::is_directory(full))
    return invalid_input(label + ": cannot read " + path + ": " + why_unreadable(full));
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) return invalid_input(label + ": cannot read " + path + ": " + why_unreadable(full));
  std::string text = buf.str();
  if (text.size() > kMaxSecretBytes) return invalid_input(label + ": " + path + " is larger than 1 MiB");
  return text;
}

}  // namespace fleetwave::cli
