#include "adapters/git/libgit2_repository.h"

#include <git2.h>

#include <filesystem>
#include <system_error>

#include "adapters/git/cache_lock.h"
#include "net/redaction.h"

namespace fleetwave::git {
namespace {

constexpr const char* kUrlConfigKey = "fleetwave.url";

// Opens the bare clone at `path`, or creates it. The normalized URL is recorded in its config
// to detect (astronomically unlikely) hash collisions and to tell humans what the dir holds.
// Holds the cache's write lock meanwhile: creating the clone and writing its config go through
// config.lock, which a process killed at that moment leaves behind (the lock clears it).
Result<detail::Handle<git_repository>> open_or_init(const std::string& path, const std::string& normalized) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) return invalid_input("creating git cache " + path + ": " + ec.message());
  FW_TRY(lock, CacheWriteLock::acquire(path));
  git_repository* raw = nullptr;
  int rc =
      git_repository_open_ext(&raw, path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH | GIT_REPOSITORY_OPEN_BARE, nullptr);
  bool created = false;
  if (rc == GIT_ENOTFOUND) {
    git_repository_init_options init = GIT_REPOSITORY_INIT_OPTIONS_INIT;
    init.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH;
    rc = git_repository_init_ext(&raw, path.c_str(), &init);
    created = true;
  }
  if (rc < 0) return detail::libgit2_error(rc, "opening cache " + path);
  detail::Handle<git_repository> repo(raw);
  git_config* config = nullptr;
  if (rc = git_repository_config(&config, raw); rc < 0) return detail::libgit2_error(rc, "config of cache " + path);
  std::unique_ptr<git_config, void (*)(git_config*)> config_handle(config, git_config_free);
  if (created) {
    if (rc = git_config_set_string(config, kUrlConfigKey, normalized.c_str()); rc < 0) {
      return detail::libgit2_error(rc, "config of cache " + path);
    }
    return repo;
  }
  git_buf recorded = GIT_BUF_INIT;
  rc = git_config_get_string_buf(&recorded, config, kUrlConfigKey);
  std::string value = rc == 0 ? std::string(recorded.ptr, recorded.size) : "";
  git_buf_dispose(&recorded);
  if (rc == 0 && value != normalized) {
    return internal_error("cache " + path + " holds " + redact_url(value) + ", not " + redact_url(normalized));
  }
  if (rc == GIT_ENOTFOUND) git_config_set_string(config, kUrlConfigKey, normalized.c_str());
  return repo;
}

}  // namespace

Result<std::unique_ptr<LibGit2Repository>> LibGit2Repository::open(const LibGit2Runtime& /*runtime*/,
                                                                   RepositoryOptions options) {
  FW_TRY(parsed, parse_repo_url(options.url));
  FW_CHECK(validate_credentials(options.credentials, parsed));
  FW_TRY(normalized, normalize_repo_url(options.url));
  FW_TRY(dir_name, cache_dir_name(options.url));
  if (options.cache_root.empty()) return invalid_input("git cache root is not set");
  if (options.max_credential_attempts < 1) return invalid_input("max_credential_attempts must be at least 1");
  std::error_code ec;
  std::filesystem::create_directories(options.cache_root, ec);
  if (ec) return invalid_input("creating git cache root " + options.cache_root + ": " + ec.message());
  std::string path = (std::filesystem::path(options.cache_root) / dir_name).string();
  FW_TRY(repo, open_or_init(path, normalized));
  detail::RemoteTarget remote{repo.get(),
                              options.url,
                              parsed,
                              redact_url(options.url),
                              std::move(options.credentials),
                              options.max_credential_attempts};
  return std::unique_ptr<LibGit2Repository>(new LibGit2Repository(std::move(repo), std::move(path), std::move(remote)));
}

LibGit2Repository::LibGit2Repository(detail::Handle<git_repository> repo, std::string path, detail::RemoteTarget remote)
    : ObjectStoreRepository(std::move(repo)), path_(std::move(path)), remote_(std::move(remote)) {}

LibGit2Repository::~LibGit2Repository() = default;

Result<std::string> LibGit2Repository::fetch(const std::string& branch) {
  FW_TRY(lock, CacheWriteLock::acquire(path_));
  return detail::fetch_branch(remote_, branch);
}

Status<> LibGit2Repository::push(const std::string& branch, const std::string& oid, PushMode mode) {
  if (oid.empty()) return invalid_input("push " + branch + ": empty commit id (use delete_remote_branch)");
  FW_TRY(lock, CacheWriteLock::acquire(path_));
  return detail::push_branch(remote_, branch, oid, mode);
}

Status<> LibGit2Repository::delete_remote_branch(const std::string& branch) {
  FW_TRY(lock, CacheWriteLock::acquire(path_));
  return detail::push_branch(remote_, branch, "", PushMode::Force);
}

}  // namespace fleetwave::git
