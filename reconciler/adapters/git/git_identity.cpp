#include "adapters/git/git_identity.h"

#include <git2.h>

#include <memory>
#include <vector>

#include "adapters/git/libgit2_handles.h"

namespace fleetwave::git {
namespace {

using ConfigHandle = std::unique_ptr<git_config, decltype(&git_config_free)>;

std::string env_value(const std::map<std::string, std::string>& env, const std::string& name) {
  auto it = env.find(name);
  return it == env.end() ? std::string() : it->second;
}

// The configuration files git reads in `path`, highest priority first: the repository's own,
// then XDG, global and system. Built by hand rather than with git_repository_config because
// libgit2 takes $HOME from the process once, at initialisation.
Result<ConfigHandle> open_config(const std::string& path, const std::map<std::string, std::string>& env) {
  git_config* raw = nullptr;
  int rc = git_config_new(&raw);
  if (rc < 0) return detail::libgit2_error(rc, "reading the git configuration");
  ConfigHandle config(raw, git_config_free);
  struct File {
    std::string path;
    git_config_level_t level;
  };
  std::vector<File> files = {{"/etc/gitconfig", GIT_CONFIG_LEVEL_SYSTEM}};
  const std::string home = env_value(env, "HOME");
  std::string xdg = env_value(env, "XDG_CONFIG_HOME");
  if (xdg.empty() && !home.empty()) xdg = home + "/.config";
  if (!home.empty()) files.push_back({home + "/.gitconfig", GIT_CONFIG_LEVEL_GLOBAL});
  if (!xdg.empty()) files.push_back({xdg + "/git/config", GIT_CONFIG_LEVEL_XDG});
  git_repository* raw_repo = nullptr;
  if (git_repository_open_ext(&raw_repo, path.c_str(), 0, nullptr) == 0) {
    detail::Handle<git_repository> repo(raw_repo);
    files.push_back({std::string(git_repository_path(raw_repo)) + "config", GIT_CONFIG_LEVEL_LOCAL});
  }
  git_error_clear();
  for (const File& file : files) {
    rc = git_config_add_file_ondisk(config.get(), file.path.c_str(), file.level, nullptr, 0);
    if (rc < 0 && rc != GIT_ENOTFOUND) return detail::libgit2_error(rc, "reading " + file.path);
  }
  git_error_clear();
  return config;
}

// The value of `key`, "" when unset.
Result<std::string> config_string(git_config* config, const char* key) {
  git_buf value{};
  int rc = git_config_get_string_buf(&value, config, key);
  if (rc == GIT_ENOTFOUND) {
    git_error_clear();
    return std::string();
  }
  if (rc < 0) return detail::libgit2_error(rc, std::string("reading git config ") + key);
  std::string out(value.ptr != nullptr ? value.ptr : "");
  git_buf_dispose(&value);
  return out;
}

}  // namespace

Result<std::optional<Signature>> configured_identity(const std::string& path,
                                                     const std::map<std::string, std::string>& env) {
  FW_TRY(config, open_config(path, env));
  Signature who;
  who.name = env_value(env, "GIT_AUTHOR_NAME");
  who.email = env_value(env, "GIT_AUTHOR_EMAIL");
  if (who.name.empty()) {
    FW_TRY(name, config_string(config.get(), "user.name"));
    who.name = std::move(name);
  }
  if (who.email.empty()) {
    FW_TRY(email, config_string(config.get(), "user.email"));
    who.email = std::move(email);
  }
  if (who.name.empty() || who.email.empty()) return std::optional<Signature>();
  return std::optional<Signature>(std::move(who));
}

}  // namespace fleetwave::git
