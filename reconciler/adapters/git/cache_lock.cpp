#include "adapters/git/cache_lock.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sys/file.h>
#include <vector>

namespace fleetwave::git {
namespace fs = std::filesystem;
namespace {

// Lock files libgit2 creates while writing refs and repository files of a bare clone.
void remove_stale_lock_files(const fs::path& clone) {
  std::error_code ec;
  std::vector<fs::path> stale;
  for (fs::recursive_directory_iterator it(clone / "refs", ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".lock") stale.push_back(it->path());
  }
  for (const char* name : {"packed-refs.lock", "HEAD.lock", "config.lock", "FETCH_HEAD.lock"}) {
    if (fs::exists(clone / name, ec)) stale.push_back(clone / name);
  }
  for (const fs::path& p : stale) fs::remove(p, ec);
}

}  // namespace

Result<CacheWriteLock> CacheWriteLock::acquire(const std::string& clone_path) {
  const std::string lock_path = (fs::path(clone_path) / "fleetwave.lock").string();
  int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return transient("opening " + lock_path + ": " + std::strerror(errno));
  while (::flock(fd, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int error = errno;
    ::close(fd);
    return transient("locking " + lock_path + ": " + std::strerror(error));
  }
  remove_stale_lock_files(clone_path);
  return CacheWriteLock(fd);
}

CacheWriteLock::~CacheWriteLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the flock
}

}  // namespace fleetwave::git
