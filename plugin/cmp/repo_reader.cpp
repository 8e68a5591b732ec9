#include "cmp/repo_reader.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <set>
#include <string_view>
#include <sys/mman.h>
#include <sys/stat.h>
#include <system_error>
#include <utility>

#include "base/text.h"
#include "model/cordons.h"

namespace fleetwave {
namespace fs = std::filesystem;
namespace {

bool has_manifest_extension(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  const std::string_view ext = name.substr(dot);
  return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

bool is_git_dir_name(std::string_view name) {
  return name.size() == 4 && name[0] == '.' && (name[1] | 0x20) == 'g' && (name[2] | 0x20) == 'i' &&
         (name[3] | 0x20) == 't';
}

// `real` (an absolute real path) relative to `root`, or nullopt when it is not inside.
std::optional<std::string_view> inside(std::string_view real, std::string_view root) {
  if (real == root) return std::string_view();
  if (root == "/") return real.substr(1);
  if (real.size() <= root.size() || real.compare(0, root.size(), root) != 0 || real[root.size()] != '/') {
    return std::nullopt;
  }
  return real.substr(root.size() + 1);
}

// True when a repository-relative path goes through a .git directory (any spelling of its case,
// as a case-insensitive file system would read it).
bool goes_through_git(std::string_view rel) {
  while (!rel.empty()) {
    const std::size_t slash = rel.find('/');
    if (is_git_dir_name(rel.substr(0, slash))) return true;
    if (slash == std::string_view::npos) break;
    rel.remove_prefix(slash + 1);
  }
  return false;
}

Error file_error(const std::string& rel, std::string message) {
  Error e = invalid_input(std::move(message));
  e.pos.file = rel;
  return e;
}

struct DirEntry {
  std::string name;
  unsigned char type;  // DT_DIR, DT_REG, DT_LNK, ... (DT_UNKNOWN on some file systems)
  bool read = false;   // a regular manifest read while its directory was open
  SourceText content;
  std::string problem;
};

// Walks directories by their real paths, as plain strings: a directory reached without a symlink
// is its parent's real path plus its name, so only symlinks are resolved (each once), and a
// directory is recognised again by its device and inode. Resolving every directory instead
// (std::filesystem::canonical), or keeping std::filesystem::path objects, which store every
// component, costs time and memory quadratic or worse in the depth of the tree.
// The bytes of small files, read into shared blocks rather than a buffer each: once a render has
// parsed its inputs and drops them, a large block's memory goes back to the system (the render
// allocator returns freed blocks over 256 KiB), where a few thousand small buffers would stay
// with the allocator, unused for the rest of the render: 12 MiB of the peak at 10,000
// templates. Blocks double from 64 KiB, so a small render reserves little more than it reads
// (one 512 KiB block cost a 100-template render a fresh huge page: 3 % of its time).
class ReadArena {
 public:
  static constexpr std::size_t kMaxSmallFile = 64 << 10;  // larger files are mapped (Walker)

  // Room for `size` bytes (at most kMaxSmallFile), and the block that owns them.
  std::pair<char*, std::shared_ptr<const void>> slice(std::size_t size) {
    if (block_ == nullptr || block_bytes_ - used_ < size) {
      block_bytes_ = block_ == nullptr ? kFirstBlockBytes : std::min(2 * block_bytes_, kMaxBlockBytes);
      block_ = std::shared_ptr<char[]>(new char[block_bytes_]);
      used_ = 0;
    }
    char* at = block_.get() + used_;
    used_ += size;
    return {at, block_};
  }

 private:
  static constexpr std::size_t kFirstBlockBytes = kMaxSmallFile;
  static constexpr std::size_t kMaxBlockBytes = 1 << 20;  // a 64 KiB file wastes at most a sixteenth
  std::shared_ptr<char[]> block_;
  std::size_t block_bytes_ = 0;
  std::size_t used_ = 0;
};

class Walker {
 public:
  Walker(std::string canonical_root, const InputBundle& bundle, ReadArena& arena, ErrorList& errors)
      : root_(std::move(canonical_root)), limits_(bundle.limits), arena_(arena), errors_(errors) {}

  // Directories the walk must not enter (the inventory and fleet policies, when the app is the
  // repository root or contains them).
  void exclude(const std::string& rel_dir) { excluded_.insert(rel_dir); }

  // The real path of root_/rel_dir. root_ is real already, so only rel_dir's own components
  // are checked, one lstat each; a symlink or ".." among them is left to fs::canonical, which
  // would otherwise resolve every component of the root again on each of the three walks.
  std::string real_dir(const std::string& rel_dir, std::error_code& ec) const {
    std::string real = root_;
    std::string_view rest = rel_dir;
    while (!rest.empty()) {
      const std::size_t slash = rest.find('/');
      const std::string_view part = rest.substr(0, slash);
      rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
      if (part.empty() || part == ".") continue;
      if (real != "/") real += '/';
      real.append(part);
      struct stat st;
      if (part == ".." || ::lstat(real.c_str(), &st) != 0 || S_ISLNK(st.st_mode)) {
        return fs::canonical(fs::path(root_) / rel_dir, ec).string();
      }
    }
    return real;
  }

  void walk(const std::string& rel_dir, FileRole role, std::vector<SourceFile>& out) {
    std::error_code ec;
    const std::string real = real_dir(rel_dir, ec);
    std::optional<std::string_view> rel = inside(real, root_);
    if (ec || !rel) {
      errors_.push_back(file_error(rel_dir, "directory leaves the repository through a symlink"));
      return;
    }
    if (goes_through_git(*rel)) {
      errors_.push_back(file_error(rel_dir, "directory is inside .git; fleetwave never reads .git"));
      return;
    }
    walk_real(rel_dir, real, role, out);
  }

  // One file fleetwave itself writes (.fleetwave/cordons.yaml), when present: a regular file,
  // never a symlink, with the size cap of every input.
  void read_owned_file(const std::string& rel, FileRole role, std::vector<SourceFile>& out) {
    const std::string path = root_ + "/" + rel;
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return;
    SourceText content;
    if (std::string problem = read_file(path, content); !problem.empty()) {
      errors_.push_back(file_error(rel, problem + " (fleetwave writes it as a regular file)"));
      return;
    }
    out.push_back(SourceFile{rel, std::move(content), role});
  }

 private:
  // Depth first, in name order, with an explicit stack: a tree thousands of levels deep cannot
  // overflow the C++ stack (paths give out first, at PATH_MAX: "File name too long").
  void walk_real(const std::string& rel_dir, const std::string& real_dir, FileRole role, std::vector<SourceFile>& out) {
    struct Frame {
      std::string rel, real;
      std::vector<DirEntry> entries;
      std::size_t next = 0;
    };
    std::vector<Frame> stack;
    auto enter = [&](std::string rel, std::string real) {
      Frame f{std::move(rel), std::move(real), {}, 0};
      if (std::string problem = list(f.real, f.entries); !problem.empty()) {
        if (problem != "visited") errors_.push_back(file_error(f.rel, "cannot list directory: " + problem));
        return;
      }
      stack.push_back(std::move(f));
    };
    enter(rel_dir, real_dir);
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next == f.entries.size()) {
        stack.pop_back();
        continue;
      }
      DirEntry& entry = f.entries[f.next++];
      std::string rel = f.rel.empty() ? entry.name : f.rel + "/" + entry.name;
      std::string path = f.real == "/" ? "/" + entry.name : f.real + "/" + entry.name;
      if (std::optional<std::string> dir = visit(entry, rel, std::move(path), role, out)) {
        enter(std::move(rel), std::move(*dir));  // invalidates f
      }
    }
  }

  // The entries of a directory, sorted by name, its regular manifests already read; "visited"
  // for a directory already walked (reached again through a symlink), else a problem, else "".
  std::string list(const std::string& real, std::vector<DirEntry>& entries) {
    DIR* dir = ::opendir(real.c_str());
    if (dir == nullptr) return std::strerror(errno);
    struct stat st {};
    if (::fstat(::dirfd(dir), &st) == 0 && !visited_.emplace(st.st_dev, st.st_ino).second) {
      ::closedir(dir);
      return "visited";
    }
    errno = 0;
    while (const dirent* e = ::readdir(dir)) {
      if (e->d_name[0] == '.') continue;  // ".", "..", .git, .argocd-source*.yaml, editor files
      entries.push_back(DirEntry{e->d_name, e->d_type});
    }
    const int error = errno;
    if (error == 0) {
      std::sort(entries.begin(), entries.end(), [](const DirEntry& a, const DirEntry& b) { return a.name < b.name; });
      read_manifests(::dirfd(dir), entries);
    }
    ::closedir(dir);
    return error != 0 ? std::strerror(error) : "";
  }

  // Reads the directory's regular manifests relative to the open directory, so the kernel
  // resolves one name instead of the whole path for each of hundreds of small files.
  void read_manifests(int dir_fd, std::vector<DirEntry>& entries) const {
    for (DirEntry& entry : entries) {
      if (entry.type != DT_REG || !has_manifest_extension(entry.name)) continue;
      entry.problem = read_file(::openat(dir_fd, entry.name.c_str(), kReadFlags), entry.content);
      entry.read = true;
    }
  }

  // The real path of a symlink's target, or nullopt after reporting why it is not followed.
  std::optional<std::string> resolve_symlink(const std::string& path, const std::string& name, const std::string& rel) {
    char* resolved = ::realpath(path.c_str(), nullptr);
    if (resolved == nullptr) {
      const int error = errno;
      if (error == ELOOP) {
        errors_.push_back(file_error(rel, "symlink loop (the link resolves to itself); remove or fix the symlink"));
      } else if (error == ENOENT) {
        // A dangling link to something fleetwave would not read anyway is no problem.
        if (has_manifest_extension(name))
          errors_.push_back(file_error(rel, "dangling symlink: its target does not exist"));
      } else {
        errors_.push_back(file_error(rel, std::string("cannot resolve symlink: ") + std::strerror(error)));
      }
      return std::nullopt;
    }
    std::string real = resolved;
    std::free(resolved);
    std::optional<std::string_view> in_repo = inside(real, root_);
    if (!in_repo) {
      errors_.push_back(file_error(rel, "symlink points outside the repository; fleetwave never follows it"));
      return std::nullopt;
    }
    if (goes_through_git(*in_repo)) {
      errors_.push_back(file_error(rel, "symlink points into .git; fleetwave never reads .git"));
      return std::nullopt;
    }
    return real;
  }

  // Reads the entry at `target` when it is a manifest; returns the real path of a directory to
  // walk into.
  std::optional<std::string> visit(DirEntry& entry, const std::string& rel, std::string target, FileRole role,
                                   std::vector<SourceFile>& out) {
    unsigned char type = entry.type;
    struct stat st {};
    if (type == DT_UNKNOWN && ::lstat(target.c_str(), &st) == 0) type = static_cast<unsigned char>(IFTODT(st.st_mode));
    if (type == DT_LNK) {
      std::optional<std::string> real = resolve_symlink(target, entry.name, rel);
      if (!real) return std::nullopt;
      target = std::move(*real);
      type = ::stat(target.c_str(), &st) != 0 ? static_cast<unsigned char>(DT_UNKNOWN)
                                              : static_cast<unsigned char>(IFTODT(st.st_mode));
    }
    if (type == DT_DIR) {
      if (excluded_.count(rel) != 0) return std::nullopt;
      return target;
    }
    if (!has_manifest_extension(entry.name)) return std::nullopt;
    if (entry.read) {
      if (!entry.problem.empty()) errors_.push_back(file_error(rel, entry.problem));
      else out.push_back(SourceFile{rel, std::move(entry.content), role});
      return std::nullopt;
    }
    if (type != DT_REG) {
      errors_.push_back(file_error(rel, "not a regular file (a FIFO, socket or device?)"));
      return std::nullopt;
    }
    SourceText content;
    if (std::string problem = read_file(target, content); !problem.empty()) {
      errors_.push_back(file_error(rel, problem));
      return std::nullopt;
    }
    out.push_back(SourceFile{rel, std::move(content), role});
    return std::nullopt;
  }

  // O_NONBLOCK so a file swapped for a FIFO after the listing cannot block (fstat re-checks it
  // is a regular file); O_NOFOLLOW: the name was listed as a regular file, or is a real path, so
  // a symlink there was swapped in after the listing.
  static constexpr int kReadFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW;
  // From this size a file is mapped rather than read. Below it, a mapping's own costs (its
  // creation, a page fault, its removal) outweigh copying the bytes.
  static constexpr std::size_t kMappedFileBytes = ReadArena::kMaxSmallFile;

  std::string read_file(const std::string& path, SourceText& content) const {
    return read_file(::open(path.c_str(), kReadFlags), content);
  }

  // One fstat and read of an opened file (closed here): a render reads hundreds of small files.
  // A large one is mapped instead: no zero-filled buffer, no copy of what the page cache holds.
  // (A file cut short while mapped would end the process with SIGBUS; main.cpp reports it.)
  std::string read_file(int fd, SourceText& content) const {
    if (fd < 0) return std::string("cannot open file: ") + std::strerror(errno);
    struct stat st {};
    std::string problem;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      problem = "not a regular file (a FIFO, socket or device?)";
    } else if (static_cast<std::uintmax_t>(st.st_size) > limits_.max_file_bytes) {
      problem = "file is " + std::to_string(st.st_size) + " bytes, over the limit of " +
                std::to_string(limits_.max_file_bytes) + " bytes; split it or raise FLEETWAVE_MAX_FILE_BYTES";
    } else if (static_cast<std::size_t>(st.st_size) >= kMappedFileBytes) {
      problem = map_file(fd, static_cast<std::size_t>(st.st_size), content);
    } else {
      const auto size = static_cast<std::size_t>(st.st_size);
      auto [text, owner] = arena_.slice(size);
      std::size_t done = 0;
      while (done < size) {
        ssize_t n = ::read(fd, text + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      // A file that shrank while being read is read as it is now; one that fails is an error.
      if (done == 0 && size > 0) problem = "cannot read file";
      content = SourceText(std::move(owner), std::string_view(text, done));
    }
    ::close(fd);
    return problem;
  }

  // Populated when mapped: every byte is hashed into the cache key at least once, and mapping
  // all pages in one call costs fewer faults than touching them one run at a time.
  static std::string map_file(int fd, std::size_t size, SourceText& content) {
    void* mapped = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (mapped == MAP_FAILED) return std::string("cannot map file: ") + std::strerror(errno);
    std::shared_ptr<const void> owner(mapped, [size](const void* p) { ::munmap(const_cast<void*>(p), size); });
    content = SourceText(std::move(owner), std::string_view(static_cast<const char*>(mapped), size));
    return "";
  }

  const std::string root_;
  const RenderLimits& limits_;
  ReadArena& arena_;
  ErrorList& errors_;
  std::set<std::pair<dev_t, ino_t>> visited_;
  std::set<std::string> excluded_;
};

}  // namespace

Result<std::string> clean_relative_path(const std::string& path, const std::string& what) {
  fs::path p = fs::path(path).lexically_normal();
  std::string s = p.generic_string();
  while (!s.empty() && s.back() == '/') s.pop_back();
  if (s == ".") s.clear();
  if (p.is_absolute() || s == ".." || s.rfind("../", 0) == 0) {
    return invalid_input(what + " \"" + printable(path) + "\" must be a path inside the repository");
  }
  if (goes_through_git(s)) {
    return invalid_input(what + " \"" + printable(path) + "\" is inside .git; fleetwave never reads .git");
  }
  return s;
}

Result<Ok, ErrorList> read_repo_files(const RepoLayout& layout, InputBundle& bundle) {
  ErrorList errors;
  std::error_code ec;
  fs::path root = fs::canonical(layout.root, ec);
  if (ec) return ErrorList{invalid_input("repository root " + printable(layout.root.string()) + " does not exist")};
  ReadArena arena;
  Walker walker(root.string(), bundle, arena, errors);
  auto require_dir = [&](const std::string& rel, const std::string& what) {
    if (!fs::is_directory(root / rel, ec)) {
      errors.push_back(invalid_input(what + " directory \"" + printable(rel) + "\" does not exist in the repository"));
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
    Walker inventory(root.string(), bundle, arena, errors);
    inventory.walk(layout.clusters_dir, FileRole::Inventory, bundle.files);
  }
  if (fs::is_directory(root / layout.policies_dir, ec)) {
    Walker policies(root.string(), bundle, arena, errors);
    policies.walk(layout.policies_dir, FileRole::FleetPolicy, bundle.files);
  }
  walker.read_owned_file(kCordonsPath, FileRole::Cordons, bundle.files);
  if (!errors.empty()) return errors;
  return Ok{};
}

}  // namespace fleetwave
