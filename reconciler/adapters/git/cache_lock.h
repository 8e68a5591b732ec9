// CacheWriteLock: serializes the ref-writing operations (fetch, push) of every fleetwave process
// and thread on one cache clone, and clears the lock files a killed writer left behind.
//
// libgit2 writes a ref through "<ref>.lock" and renames it; a process killed in between leaves
// the .lock file, and every later fetch fails with "failed to lock file" until a person deletes
// it. Holding an flock(2) on <clone>/fleetwave.lock proves no other fleetwave writer is inside
// this clone (the kernel drops the lock when its holder dies), so any ref lock file present then
// is stale and is removed.
#pragma once

#include <string>

#include "base/result.h"

namespace fleetwave::git {

class CacheWriteLock {
 public:
  // Blocks until no other holder remains, then removes stale lock files of the clone's refs.
  [[nodiscard]] static Result<CacheWriteLock> acquire(const std::string& clone_path);

  CacheWriteLock(CacheWriteLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  CacheWriteLock& operator=(CacheWriteLock&&) = delete;
  CacheWriteLock(const CacheWriteLock&) = delete;
  CacheWriteLock& operator=(const CacheWriteLock&) = delete;
  ~CacheWriteLock();

 private:
  explicit CacheWriteLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace fleetwave::git
