#include "adapters/git/libgit2_runtime.h"

#include <git2.h>

#include <string>

namespace fleetwave::git {

Result<LibGit2Runtime> LibGit2Runtime::start() {
  int rc = git_libgit2_init();
  if (rc < 0) {
    const git_error* e = git_error_last();
    return internal_error(std::string("libgit2 initialization failed: ") + (e ? e->message : "unknown error"));
  }
  LibGit2Runtime runtime;
  runtime.active_ = true;
  // libgit2 caches no tree over 4 KiB by default, so every read below .fleetwave/ (an entry per
  // app) or clusters/ (one per cluster) parsed that tree from the pack again: a cycle of N apps
  // parsed a tree of N entries N times. Trees of any size are cached (the cache's total bound,
  // 256 MiB by default, stays).
  git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_TREE, static_cast<size_t>(64) << 20);
  // Without threads support libgit2 objects must not be used from several threads at all.
  if ((git_libgit2_features() & GIT_FEATURE_THREADS) == 0) {
    return internal_error("libgit2 was built without thread support");
  }
  return runtime;
}

LibGit2Runtime::LibGit2Runtime(LibGit2Runtime&& other) noexcept : active_(other.active_) { other.active_ = false; }

LibGit2Runtime& LibGit2Runtime::operator=(LibGit2Runtime&& other) noexcept {
  if (this != &other) {
    if (active_) git_libgit2_shutdown();
    active_ = other.active_;
    other.active_ = false;
  }
  return *this;
}

LibGit2Runtime::~LibGit2Runtime() {
  if (active_) git_libgit2_shutdown();
}

Status<> LibGit2Runtime::set_ca_certificates(const std::string& pem_file) const {
  if (git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, pem_file.c_str(), nullptr) < 0) {
    const git_error* e = git_error_last();
    return invalid_input("loading CA certificates from " + pem_file + ": " + (e ? e->message : "unknown error"));
  }
  return ok_status();
}

std::string LibGit2Runtime::version() {
  int major = 0, minor = 0, rev = 0;
  git_libgit2_version(&major, &minor, &rev);
  int features = git_libgit2_features();
  std::string out = std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(rev) + " (";
  out += (features & GIT_FEATURE_HTTPS) ? "https" : "no-https";
  out += (features & GIT_FEATURE_SSH) ? " ssh" : " no-ssh";
  out += (features & GIT_FEATURE_THREADS) ? " threads)" : " no-threads)";
  return out;
}

}  // namespace fleetwave::git
