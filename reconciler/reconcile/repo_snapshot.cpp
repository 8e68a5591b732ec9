#include "reconcile/repo_snapshot.h"

#include <algorithm>

#include "adapters/git/digest.h"
#include "codec/yaml_codec.h"
#include "model/cordons.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {
namespace {

bool has_manifest_extension(const std::string& path) {
  auto ends = [&](const char* ext) {
    std::size_t n = std::char_traits<char>::length(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  return ends(".yaml") || ends(".yml") || ends(".json");
}

// True when a component of the path (below `base`) starts with '.'.
bool hidden_below(const std::string& path, const std::string& base) {
  std::size_t start = base.empty() ? 0 : base.size() + 1;
  while (start < path.size()) {
    if (path[start] == '.') return true;
    std::size_t slash = path.find('/', start);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return false;
}

bool under(const std::string& path, const std::string& dir) {
  return !dir.empty() && path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/';
}

std::string parent_dir(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// Resolves a symlink target relative to the link's directory; "" when it leaves the repository.
std::string resolve_link(const std::string& link_path, const std::string& target) {
  if (!target.empty() && target[0] == '/') return {};
  std::vector<std::string> parts;
  std::string base = parent_dir(link_path);
  std::string joined = base.empty() ? target : base + "/" + target;
  std::size_t start = 0;
  while (start <= joined.size()) {
    std::size_t slash = joined.find('/', start);
    if (slash == std::string::npos) slash = joined.size();
    std::string part = joined.substr(start, slash - start);
    if (part == "..") {
      if (parts.empty()) return {};
      parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = slash + 1;
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

Error file_error(const std::string& path, std::string message) {
  Error e = invalid_input(std::move(message));
  e.pos.file = path;
  return e;
}

}  // namespace

Result<std::string> BlobCache::read(git::GitRepository& repo, const std::string& oid) {
  if (auto it = blobs_.find(oid); it != blobs_.end()) return *it->second;
  FW_TRY(content, repo.read_blob(oid));
  if (content.size() <= max_bytes_ / 8) {
    if (bytes_ + content.size() > max_bytes_) {
      blobs_.clear();  // simple and bounded: objects are cheap to read again
      bytes_ = 0;
    }
    bytes_ += content.size();
    blobs_.emplace(oid, std::make_shared<const std::string>(content));
  }
  return content;
}

Result<std::vector<Cordon>> parse_cordons_file(const std::string& text) {
  FW_TRY(docs, parse_yaml_stream(text, kCordonsPath));
  if (docs.size() != 1) {
    Error e = invalid_input("expected one Cordons document; fleetwave cordon and uncordon write it");
    e.pos.file = kCordonsPath;
    return e;
  }
  Problems problems;
  std::vector<Cordon> cordons = parse_cordons(docs[0].value, problems);
  if (!problems.empty()) return locate_in_file(problems.list().front(), kCordonsPath, text, 0, docs[0].line);
  return cordons;
}

Error locate_in_file(Error e, const std::string& file, const std::string& content, std::size_t doc, int doc_line) {
  e.pos.file = file;
  e.pos.line = doc_line;
  if (auto where = locate_yaml_field(content, doc, FieldPath::parse(e.field))) {
    e.pos.line = where->line;
    e.pos.column = where->column;
  }
  return e;
}

const std::string* BlobCache::derived(const std::string& key) const {
  auto it = derived_.find(key);
  return it == derived_.end() ? nullptr : &it->second;
}

void BlobCache::remember(const std::string& key, std::string value) {
  if (derived_.size() >= 4096) derived_.clear();
  derived_[key] = std::move(value);
}

const RolloutState* BlobCache::parsed_state(const std::string& file, const std::string& text) const {
  auto it = states_.find(file);
  return it != states_.end() && it->second.text == text ? it->second.state.get() : nullptr;
}

void BlobCache::remember_state(const std::string& file, std::string text, std::shared_ptr<const RolloutState> state) {
  if (states_.size() >= 4096) states_.clear();
  states_[file] = ParsedState{std::move(text), std::move(state)};
}

Result<std::string> RepoSnapshot::tree_id(const std::string& path) {
  auto id = repo_.tree_id(commit_, path);
  if (!id.ok() && id.error().kind == ErrorKind::NotFound) return std::string();
  return id;
}

Result<std::string> RepoSnapshot::input_digest(const std::string& app_path) {
  FW_TRY(app, tree_id(app_path));
  FW_TRY(clusters, tree_id(layout_.clusters));
  FW_TRY(policies, policies_digest());
  FW_TRY(cordons, cordons_blob());
  return fleetwave::input_digest(app, clusters, policies, cordons);
}

Result<std::string> RepoSnapshot::cordons_blob() {
  if (cordons_blob_) return *cordons_blob_;
  // Asked by every app of a cycle: listing .fleetwave/ (an entry per app) each time made a cycle
  // quadratic in apps, so the answer is kept per .fleetwave/ tree.
  FW_TRY(dir, tree_id(".fleetwave"));
  if (dir.empty()) return *(cordons_blob_ = std::string());
  const std::string key = "cordons-blob " + dir;
  if (const std::string* known = cache_.derived(key)) return *(cordons_blob_ = *known);
  auto entries = repo_.list_tree(commit_, ".fleetwave", false);
  std::string oid;
  if (entries.ok()) {
    for (const git::TreeEntry& e : *entries) {
      if (e.path == kCordonsPath && e.type == git::EntryType::Blob) oid = e.oid;
    }
  } else if (entries.error().kind != ErrorKind::NotFound) {
    return std::move(entries).error();
  }
  cordons_blob_ = oid;
  cache_.remember(key, oid);
  return oid;
}

Result<std::vector<std::pair<std::string, std::string>>> RepoSnapshot::window_files(
    std::vector<git::TreeEntry>* others) {
  std::vector<std::pair<std::string, std::string>> found;
  auto entries = repo_.list_tree(commit_, layout_.policies, true);
  if (!entries.ok() && entries.error().kind == ErrorKind::NotFound) return found;
  if (!entries.ok()) return std::move(entries).error();
  for (const git::TreeEntry& e : *entries) {
    bool windows = false;
    if (e.type == git::EntryType::Blob && has_manifest_extension(e.path) && !hidden_below(e.path, layout_.policies)) {
      FW_TRY(content, cache_.read(repo_, e.oid));
      if (content.find("RolloutWindows") != std::string::npos) {
        auto docs = parse_yaml_stream(content, e.path);
        windows = docs.ok() && !docs->empty();
        for (std::size_t i = 0; windows && i < docs->size(); ++i) {
          windows = string_at((*docs)[i].value, {"kind"}) == "RolloutWindows" &&
                    string_at((*docs)[i].value, {"apiVersion"}) == "fleetwave.io/v1alpha1";
        }
        if (windows) found.emplace_back(e.path, std::move(content));
      }
    }
    if (!windows && others != nullptr) others->push_back(e);
  }
  return found;
}

Result<std::string> RepoSnapshot::policies_digest() {
  FW_TRY(tree, tree_id(layout_.policies));
  if (tree.empty()) return tree;
  const std::string key = "policies-digest " + tree;
  if (const std::string* known = cache_.derived(key)) return *known;
  std::vector<git::TreeEntry> others;
  FW_TRY(windows, window_files(&others));
  std::string digest = tree;
  if (!windows.empty()) {  // the same for every content of the windows files
    std::string listing;
    for (const git::TreeEntry& e : others) listing += e.path + " " + e.oid + "\n";
    digest = "w" + git::to_hex(git::sha1(listing));
  }
  cache_.remember(key, digest);
  return digest;
}

Result<std::vector<RolloutWindow>, ErrorList> RepoSnapshot::rollout_windows() {
  auto files = window_files(nullptr);
  if (!files.ok()) return ErrorList{files.error()};
  std::vector<RolloutWindow> out;
  ErrorList errors;
  for (const auto& [path, content] : *files) {
    auto docs = parse_yaml_stream(content, path);
    if (!docs.ok()) return ErrorList{docs.error()};
    for (std::size_t i = 0; i < docs->size(); ++i) {
      Problems problems;
      std::vector<RolloutWindow> windows = parse_rollout_windows((*docs)[i].value, problems);
      for (Error e : problems.take()) errors.push_back(locate_in_file(std::move(e), path, content, i, (*docs)[i].line));
      for (RolloutWindow& w : windows) out.push_back(std::move(w));
    }
  }
  if (!errors.empty()) return errors;
  return out;
}

Result<std::optional<std::string>> RepoSnapshot::read_optional(const std::string& path) {
  auto content = repo_.read_file(commit_, path);
  if (!content.ok() && content.error().kind == ErrorKind::NotFound) return std::optional<std::string>();
  if (!content.ok()) return std::move(content).error();
  return std::optional<std::string>(std::move(content).value());
}

Result<Ok, ErrorList> RepoSnapshot::add_directory(const std::string& dir, FileRole role, bool required,
                                                  const std::string& skip_a, const std::string& skip_b,
                                                  InputBundle& bundle) {
  auto entries = repo_.list_tree(commit_, dir, true);
  if (!entries.ok()) {
    if (entries.error().kind == ErrorKind::NotFound && !required) return Ok{};
    return ErrorList{entries.error().with_context(dir.empty() ? "repository root" : dir)};
  }
  ErrorList errors;
  for (const git::TreeEntry& e : *entries) {
    if (e.type != git::EntryType::Blob || !has_manifest_extension(e.path) || hidden_below(e.path, dir)) continue;
    if (under(e.path, skip_a) || under(e.path, skip_b) || under(e.path, ".fleetwave")) continue;
    if (e.size && *e.size > bundle.limits.max_file_bytes) {
      errors.push_back(file_error(e.path, "file is " + std::to_string(*e.size) + " bytes, over the limit of " +
                                              std::to_string(bundle.limits.max_file_bytes) + " bytes"));
      continue;
    }
    auto content = cache_.read(repo_, e.oid);
    if (!content.ok()) {
      errors.push_back(content.error());
      continue;
    }
    if (e.mode == git::kModeSymlink) {
      std::string target = resolve_link(e.path, *content);
      if (target.empty()) {
        errors.push_back(file_error(e.path, "symlink points outside the repository; fleetwave never follows it"));
        continue;
      }
      auto linked = repo_.read_file(commit_, target);
      if (!linked.ok()) {
        errors.push_back(file_error(e.path, "symlink target " + target + " cannot be read: " + linked.error().message));
        continue;
      }
      bundle.files.push_back(SourceFile{e.path, std::move(linked).value(), role});
      continue;
    }
    bundle.files.push_back(SourceFile{e.path, std::move(content).value(), role});
  }
  if (!errors.empty()) return errors;
  return Ok{};
}

Result<InputBundle, ErrorList> RepoSnapshot::bundle(const std::string& app_path) {
  InputBundle b;
  b.app_path = app_path;
  ErrorList errors;
  auto collect = [&](Result<Ok, ErrorList> r) {
    if (!r.ok()) errors.insert(errors.end(), r.error().begin(), r.error().end());
  };
  collect(add_directory(app_path, FileRole::App, true, layout_.clusters, layout_.policies, b));
  collect(add_directory(layout_.clusters, FileRole::Inventory, true, "", "", b));
  collect(add_directory(layout_.policies, FileRole::FleetPolicy, false, "", "", b));
  if (!errors.empty()) return errors;
  auto cordons = cordons_blob();
  if (!cordons.ok()) return ErrorList{cordons.error()};
  if (!cordons->empty()) {
    auto content = cache_.read(repo_, *cordons);
    if (!content.ok()) return ErrorList{content.error()};
    b.files.push_back(SourceFile{kCordonsPath, std::move(content).value(), FileRole::Cordons});
  }
  return b;
}

Result<std::vector<Cluster>, ErrorList> RepoSnapshot::inventory() {
  InputBundle files;
  if (auto read = add_directory(layout_.clusters, FileRole::Inventory, true, "", "", files); !read.ok())
    return read.error();
  std::vector<Cluster> clusters;
  for (const SourceFile& f : files.files) {
    auto docs = parse_yaml_stream(f.content, f.path);
    if (!docs.ok()) return ErrorList{docs.error()};
    for (const auto& doc : *docs) {
      if (string_at(doc.value, {"kind"}) != "Cluster") continue;
      Problems ignored;  // the render reports them, with positions
      clusters.push_back(parse_cluster(doc.value, ignored));
    }
  }
  std::sort(clusters.begin(), clusters.end(), [](const Cluster& a, const Cluster& b) { return a.name < b.name; });
  return clusters;
}

Result<std::optional<std::vector<std::string>>> RepoSnapshot::clusters_added_since(RepoSnapshot& older) {
  using Added = std::optional<std::vector<std::string>>;
  auto now = repo_.list_tree(commit_, layout_.clusters, true);
  auto before = repo_.list_tree(older.commit_, layout_.clusters, true);
  if (!now.ok() || !before.ok()) return Added();  // a missing inventory is no growth
  std::map<std::string, std::string> kept;
  for (const git::TreeEntry& e : *now) kept[e.path] = e.oid;
  for (const git::TreeEntry& e : *before) {
    auto it = kept.find(e.path);
    if (it == kept.end() || it->second != e.oid) return Added();  // removed or edited
    kept.erase(it);
  }
  std::vector<std::string> names;
  for (const auto& [path, oid] : kept) {
    if (!has_manifest_extension(path) || hidden_below(path, layout_.clusters)) continue;
    FW_TRY(content, cache_.read(repo_, oid));
    auto docs = parse_yaml_stream(content, path);
    if (!docs.ok()) return Added();  // the render reports it
    for (const auto& doc : *docs) {
      if (string_at(doc.value, {"kind"}) == "Cluster") names.push_back(string_at(doc.value, {"metadata", "name"}));
    }
  }
  std::sort(names.begin(), names.end());
  if (names.empty()) return Added();
  return Added(std::move(names));
}

}  // namespace fleetwave
