// Test support: a temporary directory removed with everything in it on destruction (set
// FLEETWAVE_KEEP_TEST_DIRS=1 to keep them for debugging).
#pragma once

#include <string>

#include "base/result.h"

namespace fleetwave::testkit {

class TempDir {
 public:
  // A new directory below $TMPDIR (or /tmp) named <prefix>-XXXXXX.
  [[nodiscard]] static Result<TempDir> create(const std::string& prefix);

  TempDir(TempDir&& other) noexcept;
  TempDir& operator=(TempDir&& other) noexcept;
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();

  const std::string& path() const { return path_; }
  std::string operator/(const std::string& child) const { return path_ + "/" + child; }

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  void remove();
  std::string path_;
};

// Writes `content` to `path`, creating parent directories.
[[nodiscard]] Status<> write_text_file(const std::string& path, const std::string& content, int mode = 0644);

}  // namespace fleetwave::testkit
