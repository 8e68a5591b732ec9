// Entry file: a 32-byte header (magic, format, size, XXH3-64 checksum) and four length-prefixed
// parts: the build identity, the keyed inputs, the snapshot and a random stamp. The checksum
// covers the body but the stored inputs' and the snapshot's own bytes: a hit compares the
// stored inputs with the current ones byte for byte, which no damage to them survives, and the
// snapshot carries a checksum per record, verified as a render reads it (render/snapshot_format.h),
// so a render from it hashes the records it reads, not all of them. The entry's checksum is
// verified when the snapshot is used, not when a stored output is served (see below): the
// output carries a checksum of its own.
//
// Why a fast non-cryptographic hash is enough: the hash only names the file. A hit requires the
// stored inputs to equal the current ones byte for byte, so two different inputs that collide
// on the name only evict each other; they can never be served each other's output (which would
// mean wrong manifests in production). The checksum and that comparison detect corruption (a
// torn or truncated write, a flipped bit); deliberate tampering is kept out by the private
// directory, since anyone able to write there could forge any checksum.
//
// Output file: the same header with its own magic, then the stamp of the entry it was rendered
// from, the length-prefixed key (cluster and format) and the output. Its checksum covers it all.
// It is named after the entry, the stamp and the key, and used only after its entry was loaded
// (inputs compared byte for byte) and only when the stamp and the key inside are the entry's
// and the request's: a new entry under the same name (other inputs of the same hash) has
// another stamp, so no output outlives the entry it came from.
#include "cmp/render_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <initializer_list>
#include <span>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <utility>
#include <vector>

#include "cmp/input_hash.h"
#include "codec/binary_json.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fleetwave {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kMagic = "fwcache1";        // 8 bytes
constexpr std::string_view kOutputMagic = "fwoutpt1";  // 8 bytes
constexpr std::uint32_t kFormat = 4;      // 1 checksummed the stored inputs too; 2 had no stamp; 3 the whole snapshot
constexpr std::size_t kHeaderBytes = 32;  // magic, format, reserved, total size, checksum
constexpr std::size_t kStampBytes = 16;
// An output store scans the directory for eviction once in this many (by the output's name):
// a release stores one output per cluster, and a scan per render would cost more than the
// render. Snapshot stores always scan. Between scans the directory can pass its bound by the
// outputs stored since, each at most 1/kOutputShareOfBound of it.
constexpr unsigned kOutputStoresPerEviction = 16;
constexpr std::uint64_t kOutputShareOfBound = 64;
constexpr std::string_view kSuffix = ".fwcache";
constexpr std::string_view kTempPrefix = ".tmp-";
constexpr std::int64_t kTouchAfterSeconds = 60;      // refresh an entry's age for LRU eviction
constexpr std::int64_t kStaleTempSeconds = 10 * 60;  // a writer that died mid-write

void put_u64(std::string& out, std::uint64_t v) {
  char bytes[8];
  std::memcpy(bytes, &v, 8);
  out.append(bytes, 8);
}

std::uint64_t get_u64(std::string_view s, std::size_t at) {
  std::uint64_t v = 0;
  std::memcpy(&v, s.data() + at, 8);
  return v;
}

std::string hex128(Digest128 h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high),
                static_cast<unsigned long long>(h.low));
  return buf;
}

std::string errno_text() { return std::strerror(errno); }

// Everything that decides the prepared fleet: the build, the layout, the defaults, the limits
// and every input file. The repository root is not part of it (Argo CD extracts each request
// into a fresh directory), nor are the cluster and the output format (a snapshot serves all).
//
// Kept in pieces, not copied into one string: the framing (lengths, roles, paths) in `framing`,
// the file contents where the bundle holds them. With 1,000 inventory files the copy was a
// warm render's largest buffer (1.4 MB) and fresh pages are what a short process pays most for.
void keyed_inputs(const std::string& identity, const RenderRequest& request, const InputBundle& bundle,
                  std::string& framing, std::vector<std::string_view>& pieces) {
  struct Piece {
    std::size_t offset, size;
    const char* content;  // nullptr: framing[offset, offset + size)
  };
  std::vector<Piece> at;
  std::size_t framed = 0;  // framing bytes already in a piece
  auto close_framing = [&] {
    if (framing.size() > framed) at.push_back({framed, framing.size() - framed, nullptr});
    framed = framing.size();
  };
  framing = "fleetwave-render-cache-key-1\n";
  append_bytes(framing, identity);
  append_bytes(framing, request.layout.app_path);
  append_bytes(framing, request.layout.clusters_dir);
  append_bytes(framing, request.layout.policies_dir);
  append_bytes(framing, bundle.app_path);
  append_bytes(framing, bundle.default_namespace);
  append_varint(framing, bundle.limits.max_file_bytes);
  append_varint(framing, bundle.limits.max_total_bytes);
  append_varint(framing, bundle.files.size());
  for (const SourceFile& f : bundle.files) {
    framing += static_cast<char>(f.role);
    append_bytes(framing, f.path);
    append_varint(framing, f.content.size());
    close_framing();
    if (!f.content.empty()) at.push_back({0, f.content.size(), f.content.data()});
  }
  close_framing();
  pieces.clear();
  pieces.reserve(at.size());
  for (const Piece& piece : at) {
    pieces.emplace_back(piece.content != nullptr ? piece.content : framing.data() + piece.offset, piece.size);
  }
}

std::size_t total_size(const std::vector<std::string_view>& pieces) {
  std::size_t total = 0;
  for (std::string_view piece : pieces) total += piece.size();
  return total;
}

// True when `stored` is the pieces' bytes, compared piece by piece.
bool same_bytes(std::string_view stored, const std::vector<std::string_view>& pieces) {
  if (stored.size() != total_size(pieces)) return false;
  for (std::string_view piece : pieces) {
    if (stored.compare(0, piece.size(), piece) != 0) return false;
    stored.remove_prefix(piece.size());
  }
  return true;
}

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// XXH3-64 of the parts in order, as of their concatenation.
std::uint64_t checksum_of(std::span<const std::string_view> parts) { return xxh3_64(parts); }

std::uint64_t checksum(std::initializer_list<std::string_view> parts) {
  return xxh3_64(std::span<const std::string_view>(parts.begin(), parts.size()));
}

// Writes `parts` in order through a buffer of a MiB: the keyed inputs are the bundle's own
// pieces, and gathering them into one string held a second copy of every input.
bool write_parts(int fd, const std::vector<std::string_view>& parts) {
  constexpr std::size_t kBufferBytes = 1u << 20;
  std::string buffer;
  buffer.reserve(kBufferBytes);
  for (std::string_view part : parts) {
    if (buffer.size() + part.size() > kBufferBytes) {
      if (!write_all(fd, buffer)) return false;
      buffer.clear();
    }
    if (part.size() >= kBufferBytes) {
      if (!write_all(fd, part)) return false;
    } else {
      buffer.append(part);
    }
  }
  return write_all(fd, buffer);
}

std::string header_of(std::string_view magic, std::uint64_t total, std::uint64_t sum) {
  std::string header(magic);
  header.append(reinterpret_cast<const char*>(&kFormat), 4);
  header.append(4, '\0');
  put_u64(header, total);
  put_u64(header, sum);
  return header;
}

// Why a file is not a whole one of this kind and format ("" when it is).
std::string header_problem(std::string_view file, std::string_view magic) {
  if (file.size() < kHeaderBytes || file.substr(0, magic.size()) != magic) return "not a fleetwave cache entry";
  std::uint32_t format = 0;
  std::memcpy(&format, file.data() + 8, 4);
  if (format != kFormat) return "in another format (" + std::to_string(format) + ")";
  if (get_u64(file, 16) != file.size()) return "truncated";
  return {};
}

// The four parts of an entry's body, or why it cannot be used.
struct Parts {
  std::string_view identity, inputs, snapshot, stamp;
  std::string problem;
};

Parts split_entry(std::string_view entry) {
  Parts p;
  if (p.problem = header_problem(entry, kMagic); !p.problem.empty()) return p;
  std::string_view body = entry.substr(kHeaderBytes);
  std::size_t at = 0;
  for (std::string_view* part : {&p.identity, &p.inputs, &p.snapshot, &p.stamp}) {
    if (body.size() - at < 8 || get_u64(body, at) > body.size() - at - 8) {
      p.problem = "corrupt (bad lengths)";
      return p;
    }
    *part = body.substr(at + 8, get_u64(body, at));
    at += 8 + part->size();
  }
  if (at != body.size() || p.stamp.size() != kStampBytes) p.problem = "corrupt (trailing bytes or a bad stamp)";
  return p;
}

// Whether the checksum in a split entry's header holds (it covers all but the stored inputs'
// and the snapshot's bytes, which lie in that order).
bool checksum_holds(std::string_view entry, const Parts& p) {
  const std::string_view body = entry.substr(kHeaderBytes);
  const auto at = [&](std::string_view part) { return static_cast<std::size_t>(part.data() - body.data()); };
  const std::size_t inputs_end = at(p.inputs) + p.inputs.size(), snapshot_end = at(p.snapshot) + p.snapshot.size();
  return checksum({body.substr(0, at(p.inputs)), body.substr(inputs_end, at(p.snapshot) - inputs_end),
                   body.substr(snapshot_end)}) == get_u64(entry, 24);
}

// An output file's stamp, key and output, or why it cannot be used.
struct OutputParts {
  std::string_view stamp, key, output;
  std::string problem;
};

OutputParts split_output(std::string_view file) {
  OutputParts p;
  if (p.problem = header_problem(file, kOutputMagic); !p.problem.empty()) return p;
  std::string_view body = file.substr(kHeaderBytes);
  if (body.size() < kStampBytes + 8 || get_u64(body, kStampBytes) > body.size() - kStampBytes - 8) {
    p.problem = "corrupt (bad lengths)";
    return p;
  }
  p.stamp = body.substr(0, kStampBytes);
  p.key = body.substr(kStampBytes + 8, get_u64(body, kStampBytes));
  p.output = body.substr(kStampBytes + 8 + p.key.size());
  if (checksum({body}) != get_u64(file, 24)) p.problem = "corrupt (checksum mismatch)";
  return p;
}

// 16 random bytes; getrandom cannot fail for so few once the pool is ready, but if it does the
// clock and process make a stamp that is still unique to this store.
std::string new_stamp(const std::string& name) {
  std::string stamp(kStampBytes, '\0');
  if (::getrandom(stamp.data(), stamp.size(), 0) == static_cast<ssize_t>(stamp.size())) return stamp;
  const std::string seed = name + std::to_string(getpid()) + "-" +
                           std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
  const XXH128_hash_t h = XXH3_128bits(seed.data(), seed.size());
  std::memcpy(stamp.data(), &h.low64, 8);
  std::memcpy(stamp.data() + 8, &h.high64, 8);
  return stamp;
}

}  // namespace

CacheSettings cache_settings(const std::map<std::string, std::string>& env) {
  auto get = [&](const char* key) {
    auto it = env.find(key);
    return it == env.end() ? std::string() : it->second;
  };
  auto is_one_of = [](const std::string& v, std::initializer_list<const char*> words) {
    return std::any_of(words.begin(), words.end(), [&](const char* w) { return v == w; });
  };
  CacheSettings s;
  s.debug = is_one_of(get("FLEETWAVE_DEBUG"), {"1", "true", "yes"});
  s.enabled = !is_one_of(get("FLEETWAVE_CACHE"), {"off", "0", "false", "no"});
  std::string dir = get("FLEETWAVE_CACHE_DIR");
  if (dir.empty()) {
    std::string tmp = get("TMPDIR");
    if (tmp.empty() || tmp[0] != '/') tmp = "/tmp";
    dir = tmp + "/fleetwave-render-cache-" + std::to_string(geteuid());
  }
  s.dir = dir;
  if (dir[0] != '/') {
    s.enabled = false;
    s.problem = "FLEETWAVE_CACHE_DIR must be an absolute path, got \"" + dir + "\"; cache off";
  }
  if (std::string mb = get("FLEETWAVE_CACHE_MAX_MB"); !mb.empty()) {
    char* end = nullptr;
    unsigned long long n = std::strtoull(mb.c_str(), &end, 10);
    if (*end != '\0' || n == 0 || n > (1ull << 20)) {
      s.problem = "FLEETWAVE_CACHE_MAX_MB=" + mb + " is not a number of MiB from 1 to 1048576; using 256";
    } else {
      s.max_bytes = n << 20;
    }
  }
  return s;
}

RenderCache::RenderCache(CacheSettings settings, std::string identity)
    : settings_(std::move(settings)), identity_(std::move(identity)) {
  enabled_ = settings_.enabled && !identity_.empty();
  if (settings_.enabled && identity_.empty()) note("the build's identity is unknown; cache off");
}

void RenderCache::set_inputs(const RenderRequest& request, const InputBundle& bundle) {
  if (!enabled_) return;
  keyed_inputs(identity_, request, bundle, framing_, keyed_);
  name_ = hex128(xxh3_128(keyed_)) + std::string(kSuffix);
}

void RenderCache::note(const std::string& event) { events_ += (events_.empty() ? "" : "; ") + event; }

std::string RenderCache::debug_line() const {
  if (!settings_.debug) return {};
  std::string line = settings_.problem;
  if (!events_.empty()) line += (line.empty() ? "" : "; ") + events_;
  if (line.empty()) line = "off";
  return "fleetwave-render: cache: " + line + "\n";
}

// False when the directory cannot be used; a missing one is created when `create`. Any
// failure but "missing, not created yet" turns the cache off for this process.
bool RenderCache::usable_directory(bool create) {
  const std::string dir = settings_.dir.string();
  auto give_up = [&](const std::string& why) {
    note(why);
    enabled_ = false;
    return false;
  };
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) {
    if (errno != ENOENT) return give_up("cannot use directory " + dir + ": " + errno_text());
    if (!create) return false;
    std::error_code ec;
    fs::create_directories(settings_.dir.parent_path(), ec);
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
      return give_up("cannot create directory " + dir + ": " + errno_text());
    if (::lstat(dir.c_str(), &st) != 0) return give_up("cannot use directory " + dir + ": " + errno_text());
  }
  // Anyone who can write to the directory could plant entries: it must be ours alone.
  if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022) != 0) {
    return give_up("directory " + dir + " is not a directory owned by uid " + std::to_string(geteuid()) +
                   " and writable only by it; not used");
  }
  return true;
}

// Maps the file `name` of the directory into `into`, refreshing its age for eviction. "" when
// mapped, else what to say about `what` ("entry ..."); `missing` when there is no such file.
std::string RenderCache::map_file(const std::string& name, const std::string& what, Mapping& into, bool& missing) {
  into = Mapping();
  const std::string path = (settings_.dir / name).string();
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  missing = fd < 0 && errno == ENOENT;
  if (fd < 0) return missing ? "missing" : "cannot open " + what + ": " + errno_text();
  struct stat st {};
  std::string problem;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
    problem = "not a regular file of this user";
  } else if (static_cast<std::uint64_t>(st.st_size) > settings_.max_bytes) {
    problem = "larger than FLEETWAVE_CACHE_MAX_MB";
  } else if (st.st_size > 0) {
    // Mapped, not read: no zero-filled buffer and no copy of what the page cache holds.
    void* mapped = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapped == MAP_FAILED) problem = "unreadable: " + errno_text();
    else into = Mapping(static_cast<const char*>(mapped), static_cast<std::size_t>(st.st_size));
  }
  // Recently used: evicted last. A damaged file is replaced by the render that follows.
  if (problem.empty() &&
      std::chrono::system_clock::now().time_since_epoch() / std::chrono::seconds(1) - st.st_mtim.tv_sec >
          kTouchAfterSeconds) {
    (void)::futimens(fd, nullptr);
  }
  ::close(fd);
  return problem.empty() ? "" : what + " is " + problem;
}

bool RenderCache::load() {
  stamp_.clear();
  snapshot_ = std::nullopt;
  checked_ = false;
  if (!enabled_) return false;
  if (!usable_directory(false)) {
    if (events_.empty()) note("miss " + name_);
    return false;
  }
  const std::string what = "entry " + name_;
  bool missing = false;
  std::string problem = map_file(name_, what, entry_, missing);
  if (missing) {
    note("miss " + name_);
    return false;
  }
  Parts parts;
  if (problem.empty()) {
    parts = split_entry(entry_.view());
    if (!parts.problem.empty()) problem = what + " is " + parts.problem;
  }
  if (problem.empty() && parts.identity != identity_)
    problem = what + " is from another build (" + std::string(parts.identity) + ")";
  if (problem.empty() && !same_bytes(parts.inputs, keyed_))
    problem = what + " is for other inputs (a collision of their hash, or damaged stored inputs)";
  if (!problem.empty()) {
    note(problem + "; rendered from the inputs");
    return false;
  }
  note("hit " + name_);
  stamp_ = parts.stamp;
  snapshot_ = parts.snapshot;
  return true;
}

std::optional<std::string_view> RenderCache::snapshot() {
  if (!snapshot_ || checked_) return snapshot_;
  if (!checksum_holds(entry_.view(), split_entry(entry_.view()))) {
    note("entry " + name_ + " is corrupt (checksum mismatch); rendered from the inputs");
    snapshot_ = std::nullopt;
  }
  checked_ = true;
  return snapshot_;
}

// Writes `parts` to a new file `name` of the directory, whole or not at all: a temporary file
// renamed into place. `what` names it in notes ("entry ...").
bool RenderCache::write_file(const std::string& name, const std::string& what,
                             const std::vector<std::string_view>& parts) {
  const auto nanos = std::chrono::steady_clock::now().time_since_epoch().count();
  const std::string temp = (settings_.dir / (std::string(kTempPrefix) + std::to_string(getpid()) + "-" +
                                             std::to_string(nanos) + std::string(kSuffix)))
                               .string();
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) {
    note("cannot write " + what + ": " + errno_text());
    return false;
  }
  const bool ok = write_parts(fd, parts);
  std::string problem = ok ? "" : errno_text();
  if (::close(fd) != 0 && ok) problem = errno_text();
  if (problem.empty() && ::rename(temp.c_str(), (settings_.dir / name).c_str()) != 0) problem = errno_text();
  if (!problem.empty()) {
    ::unlink(temp.c_str());
    note("cannot write " + what + ": " + problem);
    return false;
  }
  return true;
}

void RenderCache::store(std::string_view snapshot) {
  if (!enabled_ || !usable_directory(true)) return;
  const std::size_t inputs_size = total_size(keyed_);
  const std::uint64_t total = kHeaderBytes + 32 + identity_.size() + inputs_size + snapshot.size() + kStampBytes;
  if (total > settings_.max_bytes) {
    note("entry of " + std::to_string(total) + " bytes is over FLEETWAVE_CACHE_MAX_MB; not stored");
    return;
  }
  const std::string stamp = new_stamp(name_);
  std::string lengths[4];
  put_u64(lengths[0], identity_.size());
  put_u64(lengths[1], inputs_size);
  put_u64(lengths[2], snapshot.size());
  put_u64(lengths[3], stamp.size());
  const std::string header =
      header_of(kMagic, total, checksum({lengths[0], identity_, lengths[1], lengths[2], lengths[3], stamp}));
  std::vector<std::string_view> parts = {header, lengths[0], identity_, lengths[1]};
  parts.insert(parts.end(), keyed_.begin(), keyed_.end());
  parts.insert(parts.end(), {lengths[2], snapshot, lengths[3], stamp});
  if (!write_file(name_, "entry " + name_, parts)) return;
  stamp_ = stamp;
  note("stored " + name_);
  evict(name_);
}

std::string RenderCache::output_name(std::string_view key) const {
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(checksum({stamp_, key})));
  return name_.substr(0, name_.size() - kSuffix.size()) + "-" + hash + std::string(kSuffix);
}

std::optional<std::string_view> RenderCache::load_output(std::string_view key) {
  if (!enabled_ || stamp_.empty()) return std::nullopt;
  const std::string name = output_name(key);
  const std::string what = "output " + name;
  bool missing = false;
  std::string problem = map_file(name, what, output_, missing);
  if (missing) {
    note("no output stored");
    return std::nullopt;
  }
  OutputParts parts;
  if (problem.empty()) {
    parts = split_output(output_.view());
    if (!parts.problem.empty()) problem = what + " is " + parts.problem;
  }
  if (problem.empty() && (parts.stamp != stamp_ || parts.key != key))
    problem = what + " is for another entry or cluster";
  if (!problem.empty()) {
    note(problem + "; rendered from the snapshot");
    return std::nullopt;
  }
  note("hit " + what);
  return parts.output;
}

void RenderCache::store_output(std::string_view key, const std::vector<std::string>& pieces) {
  if (!enabled_ || stamp_.empty()) return;
  const std::string name = output_name(key);
  std::string key_length;
  put_u64(key_length, key.size());
  std::vector<std::string_view> body = {stamp_, key_length, key};
  body.insert(body.end(), pieces.begin(), pieces.end());
  const std::uint64_t total = kHeaderBytes + total_size(body);
  if (total > settings_.max_bytes / kOutputShareOfBound) {
    note("output of " + std::to_string(total) + " bytes is over 1/" + std::to_string(kOutputShareOfBound) +
         " of FLEETWAVE_CACHE_MAX_MB; not stored");
    return;
  }
  const std::string header = header_of(kOutputMagic, total, checksum_of(body));
  body.insert(body.begin(), header);
  if (!write_file(name, "output " + name, body)) return;
  note("stored output " + name);
  if (XXH3_64bits(name.data(), name.size()) % kOutputStoresPerEviction == 0) evict(name);
}

// Keeps the directory under max_bytes, oldest-used entries first (loads refresh the time of
// what they read), down to three quarters of the bound so that evictions are not one per
// store; removes temporary files of writers that died. Races with other processes are
// harmless: an entry removed under a reader stays readable through its open descriptor.
void RenderCache::evict(const std::string& keep) {
  struct Item {
    std::int64_t mtime;
    std::uint64_t size;
    fs::path path;
  };
  std::vector<Item> items;
  std::uint64_t total = 0;
  const std::int64_t now = std::chrono::system_clock::now().time_since_epoch() / std::chrono::seconds(1);
  std::error_code ec;
  for (fs::directory_iterator it(settings_.dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) continue;
    const bool temp = name.rfind(kTempPrefix, 0) == 0;
    if (temp && now - st.st_mtim.tv_sec > kStaleTempSeconds) {
      ::unlink(it->path().c_str());
      continue;
    }
    if (temp || name.size() < kSuffix.size() ||
        name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
      continue;
    total += static_cast<std::uint64_t>(st.st_size);
    if (name != keep) items.push_back({st.st_mtim.tv_sec, static_cast<std::uint64_t>(st.st_size), it->path()});
  }
  if (total <= settings_.max_bytes) return;
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.mtime < b.mtime; });
  std::size_t removed = 0;
  for (const Item& item : items) {
    if (total <= settings_.max_bytes / 4 * 3) break;
    if (::unlink(item.path.c_str()) == 0 || errno == ENOENT) {
      total -= item.size;
      ++removed;
    }
  }
  if (removed > 0) note("evicted " + std::to_string(removed) + " entries");
}

RenderCache::Mapping::~Mapping() {
  if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
}

RenderCache::Mapping& RenderCache::Mapping::operator=(Mapping&& other) noexcept {
  if (this != &other) {
    if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

}  // namespace fleetwave
