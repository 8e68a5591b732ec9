#include "adapters/git/path_rules.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

#include "base/text.h"

namespace fleetwave::git {
namespace {

bool is_dot_git(std::string_view component) {
  if (component.size() != 4) return false;
  return ascii_lower(component) == ".git";
}

}  // namespace

Status<> validate_repo_path(const std::string& path) {
  auto bad = [&](const std::string& why) { return invalid_input("path '" + path + "': " + why); };
  if (path.empty()) return bad("empty path");
  if (path.find('\0') != std::string::npos) return bad("contains a NUL byte");
  if (path.front() == '/') return bad("must be relative to the repository root");
  if (path.back() == '/') return bad("must not end with a slash");
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = std::min(path.find('/', start), path.size());
    std::string_view component(path.data() + start, end - start);
    if (component.empty()) return bad("empty path component");
    if (component == "." || component == "..") return bad("'.' and '..' components are not allowed");
    if (is_dot_git(component)) return bad("'.git' components are not allowed");
    start = end + 1;
  }
  return ok_status();
}

Status<> validate_changes(const std::vector<FileChange>& changes) {
  std::set<std::string> paths;
  for (const FileChange& change : changes) {
    FW_CHECK(validate_repo_path(change.path));
    if (!paths.insert(change.path).second) return invalid_input("path '" + change.path + "': changed twice");
    if (change.mode && *change.mode != kModeFile && *change.mode != kModeExecutable && *change.mode != kModeSymlink) {
      return invalid_input("path '" + change.path + "': unsupported file mode");
    }
  }
  // In sorted order a directory "a" sorts right before "a/...", possibly with "a-b" between.
  for (const std::string& path : paths) {
    auto it = paths.lower_bound(path + "/");
    if (it != paths.end() && it->compare(0, path.size() + 1, path + "/") == 0) {
      return invalid_input("path '" + path + "': also used as a directory by '" + *it + "'");
    }
  }
  return ok_status();
}

Result<std::string> normalize_prefix(const std::string& prefix) {
  std::string out = prefix;
  while (!out.empty() && out.back() == '/') out.pop_back();
  if (out.empty()) return out;
  FW_CHECK(validate_repo_path(out));
  return out;
}

}  // namespace fleetwave::git
