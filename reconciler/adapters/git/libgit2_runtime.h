// LibGit2Runtime: owns libgit2's global state (git_libgit2_init / git_libgit2_shutdown).
// Created once in main (or a test) and passed by reference to every libgit2 adapter, which
// documents and enforces at compile time that the library is initialized. Every repository
// object must be destroyed before the runtime.
#pragma once

#include <string>

#include "base/result.h"

namespace fleetwave::git {

class LibGit2Runtime {
 public:
  [[nodiscard]] static Result<LibGit2Runtime> start();

  LibGit2Runtime(LibGit2Runtime&& other) noexcept;
  LibGit2Runtime& operator=(LibGit2Runtime&& other) noexcept;
  LibGit2Runtime(const LibGit2Runtime&) = delete;
  LibGit2Runtime& operator=(const LibGit2Runtime&) = delete;
  ~LibGit2Runtime();

  // "1.5.1 (https ssh threads)", for start-up logs.
  static std::string version();

  // Trusts the CA certificates in `pem_file` (a PEM bundle) for HTTPS instead of the system
  // bundle. Process-wide (libgit2 has no per-remote setting): call once at start-up, before
  // any repository talks to a server.
  [[nodiscard]] Status<> set_ca_certificates(const std::string& pem_file) const;

 private:
  LibGit2Runtime() = default;
  bool active_ = false;
};

}  // namespace fleetwave::git
