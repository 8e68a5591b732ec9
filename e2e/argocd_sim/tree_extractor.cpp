#include "argocd_sim/tree_extractor.h"

#include <fstream>
#include <sys/stat.h>
#include <system_error>

namespace fleetwave::sim {
namespace fs = std::filesystem;
namespace {

bool safe_relative(const std::string& path) {
  if (path.empty() || path.front() == '/') return false;
  for (const auto& part : fs::path(path)) {
    if (part == ".." || part == ".") return false;
  }
  return true;
}

Status<> write_file(const fs::path& target, const std::string& content, bool executable) {
  {
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out) return internal_error("writing " + target.string());
  }
  if (chmod(target.c_str(), executable ? 0755 : 0644) != 0) return internal_error("chmod " + target.string());
  return ok_status();
}

Status<> write_entry(git::GitRepository& repo, const git::TreeEntry& entry, const fs::path& target) {
  std::error_code ec;
  if (entry.type == git::EntryType::Submodule) {
    fs::create_directories(target, ec);
    if (ec) return internal_error("creating " + target.string() + ": " + ec.message());
    return ok_status();
  }
  FW_TRY(content, repo.read_blob(entry.oid));
  if (entry.mode == git::kModeSymlink) {
    fs::create_symlink(content, target, ec);
    if (ec) return internal_error("creating symlink " + target.string() + ": " + ec.message());
    return ok_status();
  }
  return write_file(target, content, entry.mode == git::kModeExecutable);
}

}  // namespace

Result<std::size_t> extract_tree(git::GitRepository& repo, const std::string& commit, const fs::path& dir) {
  FW_TRY(entries, repo.list_tree(commit, "", true));
  for (const git::TreeEntry& entry : entries) {
    if (!safe_relative(entry.path))
      return invalid_input("tree entry \"" + entry.path + "\" escapes the work directory");
    fs::path target = dir / entry.path;
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return internal_error("creating " + target.parent_path().string() + ": " + ec.message());
    FW_CHECK(write_entry(repo, entry, target));
  }
  return entries.size();
}

}  // namespace fleetwave::sim
