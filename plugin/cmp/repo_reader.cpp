#include "cmp/repo_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <sys/stat.h>
#include <system_error>

namespace fleetwave {
namespace fs = std::filesystem;
namespace {

bool has_manifest_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

bool is_inside(const fs::path& path, const fs::path& root) {
  auto mismatch = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return mismatch.first == root.end();
}

Error file_error(const std::string& rel, std::string message) {
  Error e = invalid_input(std::move(message));
  e.pos.file = rel;
  return e;
}

class Walker {
 public:
  Walker(const fs::path& canonical_root, const InputBundle& bundle, ErrorList& errors)
      : root_(canonical_root), limits_(bundle.limits), errors_(errors) {}

  // Directories the walk must not enter (the inventory and fleet policies, when the app is the
  // repository root or contains them).
  void exclude(const std::string& rel_dir) { excluded_.insert(rel_dir); }

  void walk(const std::string& rel_dir, FileRole role, std::vector<SourceFile>& out) {
    std::error_code ec;
    fs::path dir = root_ / rel_dir;
    fs::path real = fs::canonical(dir, ec);
    if (ec || !is_inside(real, root_)) {
      errors_.push_back(file_error(rel_dir, "directory leaves the repository through a symlink"));
      return;
    }
    if (!visited_.insert(real.string()).second) return;  // symlink loop or repeated directory
    std::vector<fs::directory_entry> entries;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
    if (ec) {
      errors_.push_back(file_error(rel_dir, "cannot list directory: " + ec.message()));
      return;
    }
    // Same directory: comparing the names' bytes orders them as comparing the paths would,
    // without path::compare's per-component work (a third of a cached render of 1,000 clusters).
    std::sort(entries.begin(), entries.end(), [](const fs::directory_entry& a, const fs::directory_entry& b) {
      return a.path().native() < b.path().native();
    });
    for (const fs::directory_entry& entry : entries) visit(entry, rel_dir, role, out);
  }

 private:
  void visit(const fs::directory_entry& entry, const std::string& rel_dir, FileRole role,
             std::vector<SourceFile>& out) {
    std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.') return;  // .git, .argocd-source*.yaml, editor files
    std::string rel = rel_dir.empty() ? name : rel_dir + "/" + name;
    std::error_code ec;
    // directory_entry keeps the type the listing reported: no lstat per file (libstdc++'s
    // symlink_status() would make one).
    const bool symlink = entry.is_symlink(ec);
    fs::path target = entry.path();
    if (symlink) {
      fs::path real = fs::weakly_canonical(entry.path(), ec);
      if (ec || !is_inside(real, root_)) {
        errors_.push_back(file_error(rel, "symlink points outside the repository; fleetwave never follows it"));
        return;
      }
      target = real;
    }
    // The entry's type comes from the directory listing (no syscall) unless it is a symlink.
    fs::file_type type = symlink                     ? fs::status(target, ec).type()
                         : entry.is_directory(ec)    ? fs::file_type::directory
                         : entry.is_regular_file(ec) ? fs::file_type::regular
                                                     : fs::file_type::unknown;
    if (type == fs::file_type::directory) {
      if (excluded_.count(rel) == 0) walk(rel, role, out);
      return;
    }
    if (!has_manifest_extension(entry.path())) return;
    if (type != fs::file_type::regular) {
      errors_.push_back(file_error(rel, "not a regular file (a FIFO, socket or device?)"));
      return;
    }
    std::string content;
    if (std::string problem = read_file(target, content); !problem.empty()) {
      errors_.push_back(file_error(rel, problem));
      return;
    }
    out.push_back(SourceFile{rel, std::move(content), role});
  }

  // One open, fstat and read: a render reads hundreds of small files. O_NONBLOCK so a file
  // swapped for a FIFO after the listing cannot block; fstat re-checks it is a regular file.
  std::string read_file(const fs::path& path, std::string& content) const {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return std::string("cannot open file: ") + std::strerror(errno);
    struct stat st {};
    std::string problem;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      problem = "not a regular file (a FIFO, socket or device?)";
    } else if (static_cast<std::uintmax_t>(st.st_size) > limits_.max_file_bytes) {
      problem = "file is " + std::to_string(st.st_size) + " bytes, over the limit of " +
                std::to_string(limits_.max_file_bytes) + " bytes; split it or raise FLEETWAVE_MAX_FILE_BYTES";
    } else {
      content.resize(static_cast<std::size_t>(st.st_size));
      std::size_t done = 0;
      while (done < content.size()) {
        ssize_t n = ::read(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      // A file that shrank while being read is read as it is now; one that fails is an error.
      if (done < content.size()) content.resize(done);
      if (done == 0 && st.st_size > 0) problem = "cannot read file";
    }
    ::close(fd);
    return problem;
  }

  fs::path root_;
  const RenderLimits& limits_;
  ErrorList& errors_;
  std::set<std::string> visited_;
  std::set<std::string> excluded_;
};

}  // namespace

Result<std::string> clean_relative_path(const std::string& path, const std::string& what) {
  fs::path p = fs::path(path).lexically_normal();
  std::string s = p.generic_string();
  while (!s.empty() && s.back() == '/') s.pop_back();
  if (s == ".") s.clear();
  if (p.is_absolute() || s == ".." || s.rfind("../", 0) == 0) {
    return invalid_input(what + " \"" + path + "\" must be a path inside the repository");
  }
  return s;
}

Result<Ok, ErrorList> read_repo_files(const RepoLayout& layout, InputBundle& bundle) {
  ErrorList errors;
  std::error_code ec;
  fs::path root = fs::canonical(layout.root, ec);
  if (ec) return ErrorList{invalid_input("repository root " + layout.root.string() + " does not exist")};
  Walker walker(root, bundle, errors);
  auto require_dir = [&](const std::string& rel, const std::string& what) {
    if (!fs::is_directory(root / rel, ec)) {
      errors.push_back(invalid_input(what + " directory \"" + rel + "\" does not exist in the repository"));
      return false;
    }
    return true;
  };
  walker.exclude(layout.clusters_dir);
  walker.exclude(layout.policies_dir);
  if (require_dir(layout.app_path.empty() ? "." : layout.app_path, "app")) {
    walker.walk(layout.app_path, FileRole::App, bundle.files);
  }
  if (require_dir(layout.clusters_dir, "cluster inventory")) {
    Walker inventory(root, bundle, errors);
    inventory.walk(layout.clusters_dir, FileRole::Inventory, bundle.files);
  }
  if (fs::is_directory(root / layout.policies_dir, ec)) {
    Walker policies(root, bundle, errors);
    policies.walk(layout.policies_dir, FileRole::FleetPolicy, bundle.files);
  }
  if (!errors.empty()) return errors;
  return Ok{};
}

}  // namespace fleetwave
