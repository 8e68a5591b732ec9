// fleetwave serve's configuration file (manifests/reconciler/config.yaml) and the values only
// serve has: the listen address and the pull-request approvals block. Pure: the file's text
// comes in, flag values come out. Precedence is file < FLEETWAVE_<FLAG> < flags; the caller
// applies the file's values only to flags the environment and command line left unset.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.h"

namespace fleetwave::serve {

// A key of the config file and the flag it stands for, e.g. "git.passwordFile" ->
// "git-password-file" (the command's flag table, FlagSpec::config_key, is where they come from).
struct ConfigKey {
  std::string key;
  std::string flag;
  bool boolean = false;  // written true/false in the file
};

// Parses the config file into flag values ("git-password-file" -> path) for the keys `keys`.
// Relative *File paths and cacheDir are made absolute against `base_dir` (the file's directory).
// Errors are InvalidInput and name the file and the key: "<file>: git.pasword: unknown key; did
// you mean ...?" (or the valid keys when none is close).
Result<std::map<std::string, std::string>> config_file_flags(std::string_view text, const std::string& file,
                                                             const std::string& base_dir,
                                                             const std::vector<ConfigKey>& keys);

struct ListenAddress {
  std::string host;  // "0.0.0.0" for ":PORT"
  int port = 0;      // 0: the kernel picks one
};

// ":8080", "127.0.0.1:0", "0.0.0.0:9000". InvalidInput naming --listen otherwise.
Result<ListenAddress> parse_listen_address(const std::string& text);

struct ApprovalsConfig {
  std::string provider;    // "" (off), or a hosting provider's name ("github", "gitlab")
  std::string api_url;     // default: the provider's (https://api.github.com, https://gitlab.com/api/v4)
  std::string repository;  // OWNER/NAME (GitLab: a project path, may hold more slashes, or a numeric id)
  std::string token_file;
  std::string ca_file;                         // PEM CA bundle for a self-hosted provider with a private CA
  std::vector<std::string> allowed_reviewers;  // approvals.allowedReviewers; empty: anyone's review counts
};

// Checks an approvals block against the hosting table (adapters/hosting/hosting_providers.h): a
// known provider, a repository its rule accepts, a token file, an http(s) API URL. All empty =
// approvals off. Fills in the provider's default API URL.
Result<ApprovalsConfig> validate_approvals(ApprovalsConfig config);

}  // namespace fleetwave::serve
