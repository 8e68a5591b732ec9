#include "testkit/process/temp_dir.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <vector>

namespace fleetwave::testkit {

Result<TempDir> TempDir::create(const std::string& prefix) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/" + prefix + "-XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (mkdtemp(buf.data()) == nullptr) return internal_error("mkdtemp " + pattern + ": " + std::strerror(errno));
  return TempDir(buf.data());
}

TempDir::TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }

TempDir& TempDir::operator=(TempDir&& other) noexcept {
  if (this != &other) {
    remove();
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

TempDir::~TempDir() { remove(); }

void TempDir::remove() {
  if (path_.empty()) return;
  const char* keep = std::getenv("FLEETWAVE_KEEP_TEST_DIRS");
  if (keep == nullptr || std::string(keep) != "1") {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  path_.clear();
}

Status<> write_text_file(const std::string& path, const std::string& content, int mode) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return internal_error("creating parent of " + path + ": " + ec.message());
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out) return internal_error("writing " + path);
  }
  if (chmod(path.c_str(), static_cast<mode_t>(mode)) != 0) return internal_error("chmod " + path);
  return ok_status();
}

}  // namespace fleetwave::testkit
