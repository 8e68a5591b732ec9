// Runs OpenSSH's ssh-keygen for commit signing and verification (ssh_signer.h,
// ssh_signature_checker.h). Git itself signs and verifies SSH commit signatures by running
// ssh-keygen -Y; doing the same keeps our signatures byte for byte what `git commit -S` makes
// and our verdicts what `git verify-commit` says, without a second implementation of the
// SSHSIG format and its key types.
//
// Files the child reads (a key, a signature, an allowed-signers file) are written into a private
// scratch directory (0700, files 0600) that is removed afterwards.
//
// Thread-safety: the functions are reentrant; each call has its own scratch directory.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/result.h"

namespace fleetwave::signing {

struct KeygenRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// A private directory for the files one ssh-keygen call reads, removed on destruction.
class ScratchDir {
 public:
  [[nodiscard]] static Result<ScratchDir> create();
  ScratchDir(ScratchDir&& other) noexcept;
  ScratchDir& operator=(ScratchDir&&) = delete;
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir();

  // Writes `content` to <dir>/<name> with mode 0600 and returns its path.
  [[nodiscard]] Result<std::string> write(const std::string& name, const std::string& content);

 private:
  explicit ScratchDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// ssh-keygen with `args` (found in PATH), `input` on its stdin; stdout and stderr captured.
// Internal when it cannot be started at all (not installed).
[[nodiscard]] Result<KeygenRun> run_ssh_keygen(const std::vector<std::string>& args, const std::string& input);

// The last line of ssh-keygen's stderr (without its "Load key PATH:" prefix), for messages.
std::string keygen_reason(const KeygenRun& run);

}  // namespace fleetwave::signing
