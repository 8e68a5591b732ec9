#include "testkit/fakes/in_memory_git_repository.h"

#include <algorithm>
#include <set>

#include "adapters/git/digest.h"

namespace fleetwave::testkit {
namespace {

std::string hash(const std::string& kind, const std::string& body) {
  return git::to_hex(git::sha1(kind + " " + std::to_string(body.size()) + '\0' + body));
}

bool below(const std::string& path, const std::string& prefix) {
  return prefix.empty() ||
         (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 && path[prefix.size()] == '/');
}

std::string relative(const std::string& path, const std::string& prefix) {
  return prefix.empty() ? path : path.substr(prefix.size() + 1);
}

}  // namespace

std::string InMemoryGitRepository::put_blob(const std::string& content) {
  std::string oid = hash("blob", content);
  blobs_.emplace(oid, content);
  return oid;
}

std::string InMemoryGitRepository::tree_of(const Files& files, const std::string& prefix) const {
  std::string body;  // content-addressed: the same files below `prefix` give the same id
  for (const auto& [path, file] : files) {
    if (below(path, prefix)) body += std::to_string(file.mode) + " " + relative(path, prefix) + " " + file.blob + "\n";
  }
  return body.empty() ? "" : hash("tree", body);
}

Result<const InMemoryGitRepository::Commit*> InMemoryGitRepository::find(const std::string& commit) const {
  auto it = commits_.find(commit);
  if (it == commits_.end()) {
    auto b = branches_.find(commit);
    if (b != branches_.end()) it = commits_.find(b->second);
  }
  if (it == commits_.end()) return not_found("no commit " + commit);
  return &it->second;
}

std::string InMemoryGitRepository::branch(const std::string& name) const {
  auto it = branches_.find(name);
  return it == branches_.end() ? "" : it->second;
}

std::string InMemoryGitRepository::seed(const std::map<std::string, std::string>& files, const std::string& branch,
                                        const std::string& message) {
  std::map<std::string, std::optional<std::string>> changes(files.begin(), files.end());
  branches_.erase(branch);
  return commit_on(branch, changes, message);
}

std::string InMemoryGitRepository::commit_on(const std::string& branch,
                                             const std::map<std::string, std::optional<std::string>>& files,
                                             const std::string& message) {
  git::CommitRequest request;
  request.parent = this->branch(branch);
  for (const auto& [path, content] : files) request.changes.push_back({path, content, std::nullopt});
  request.message = message;
  request.author = git::Signature{"Test Person", "person@fleetwave.test", ++clock_, 0};
  request.allow_empty = true;
  std::string oid = create_commit(request).value();
  branches_[branch] = oid;
  return oid;
}

Result<std::string> InMemoryGitRepository::fetch(const std::string& branch) { return this->branch(branch); }

Result<std::string> InMemoryGitRepository::resolve(const std::string& rev) {
  std::string name = rev;
  for (const char* prefix : {"refs/heads/", "refs/remotes/origin/"}) {
    if (name.rfind(prefix, 0) == 0) name = name.substr(std::string(prefix).size());
  }
  FW_TRY(commit, find(name));
  return commit->info.oid;
}

Result<std::string> InMemoryGitRepository::read_file(const std::string& commit, const std::string& path) {
  FW_TRY(c, find(commit));
  auto it = c->files.find(path);
  if (it != c->files.end()) return blobs_.at(it->second.blob);
  if (!tree_of(c->files, path).empty()) return invalid_input(path + " is a directory");
  return not_found(path + " does not exist in " + commit);
}

Result<std::vector<git::TreeEntry>> InMemoryGitRepository::list_tree(const std::string& commit,
                                                                     const std::string& prefix, bool recursive) {
  FW_TRY(c, find(commit));
  if (c->files.count(prefix)) return invalid_input(prefix + " is a file");
  if (!prefix.empty() && tree_of(c->files, prefix).empty()) return not_found(prefix + " does not exist in " + commit);
  std::vector<git::TreeEntry> out;
  std::set<std::string> dirs;
  for (const auto& [path, file] : c->files) {
    if (!below(path, prefix)) continue;
    const std::string rest = relative(path, prefix);
    const std::size_t slash = rest.find('/');
    if (recursive || slash == std::string::npos) {
      out.push_back({path, file.blob, file.mode, git::EntryType::Blob, blobs_.at(file.blob).size()});
    } else {
      dirs.insert((prefix.empty() ? "" : prefix + "/") + rest.substr(0, slash));
    }
  }
  for (const std::string& dir : dirs) {
    out.push_back({dir, tree_of(c->files, dir), git::kModeTree, git::EntryType::Tree, std::nullopt});
  }
  std::sort(out.begin(), out.end(), [](const git::TreeEntry& a, const git::TreeEntry& b) { return a.path < b.path; });
  return out;
}

Result<std::string> InMemoryGitRepository::read_blob(const std::string& oid) {
  auto it = blobs_.find(oid);
  if (it == blobs_.end()) return not_found("no blob " + oid);
  return it->second;
}

Result<std::string> InMemoryGitRepository::tree_id(const std::string& commit, const std::string& path) {
  FW_TRY(c, find(commit));
  if (c->files.count(path)) return invalid_input(path + " is a file");
  std::string id = tree_of(c->files, path);
  if (id.empty() && !path.empty()) return not_found(path + " does not exist in " + commit);
  return id.empty() ? hash("tree", "") : id;
}

Result<git::CommitInfo> InMemoryGitRepository::commit_info(const std::string& commit) {
  FW_TRY(c, find(commit));
  return c->info;
}

Result<std::optional<git::CommitSignature>> InMemoryGitRepository::commit_signature(const std::string& commit) {
  FW_TRY(c, find(commit));
  auto it = signatures_.find(c->info.oid);
  if (it == signatures_.end()) return std::optional<git::CommitSignature>();
  return std::optional<git::CommitSignature>(it->second);
}

Result<std::vector<std::string>> InMemoryGitRepository::first_parent_log(const std::string& from,
                                                                         const std::string& stop_at, size_t max_count) {
  std::vector<std::string> out;
  FW_TRY(c, find(from));
  for (const Commit* at = c; at != nullptr && at->info.oid != stop_at;) {
    out.push_back(at->info.oid);
    if (max_count != 0 && out.size() == max_count) break;
    at = at->info.parents.empty() ? nullptr : &commits_.at(at->info.parents.front());
  }
  return out;
}

std::vector<std::string> InMemoryGitRepository::diff(const Files& a, const Files& b) {
  std::set<std::string> paths;
  for (const auto& [path, file] : a) {
    auto it = b.find(path);
    if (it == b.end() || !(it->second == file)) paths.insert(path);
  }
  for (const auto& [path, file] : b) {
    if (!a.count(path)) paths.insert(path);
  }
  return {paths.begin(), paths.end()};
}

Result<std::vector<std::string>> InMemoryGitRepository::changed_paths(const std::string& commit) {
  FW_TRY(c, find(commit));
  const Files none;
  const Files& parent = c->info.parents.empty() ? none : commits_.at(c->info.parents.front()).files;
  return diff(parent, c->files);
}

Result<std::vector<std::string>> InMemoryGitRepository::changed_paths_between(const std::string& from,
                                                                              const std::string& to) {
  const Files none;
  const Files* a = &none;
  if (!from.empty()) {
    FW_TRY(f, find(from));
    a = &f->files;
  }
  FW_TRY(t, find(to));
  return diff(*a, t->files);
}

Result<std::string> InMemoryGitRepository::create_commit(const git::CommitRequest& request) {
  Files files;
  if (!request.parent.empty()) {
    FW_TRY(parent, find(request.parent));
    files = parent->files;
  }
  const std::string parent_tree = tree_of(files, "");
  for (const git::FileChange& change : request.changes) {
    if (!change.content) {
      files.erase(change.path);
      continue;
    }
    auto existing = files.find(change.path);
    uint32_t mode = change.mode.value_or(existing != files.end() ? existing->second.mode : git::kModeFile);
    files[change.path] = File{put_blob(*change.content), mode};
  }
  const std::string tree = tree_of(files, "");
  if (!request.parent.empty() && tree == parent_tree && !request.allow_empty) return request.parent;
  git::CommitInfo info;
  info.tree = tree.empty() ? hash("tree", "") : tree;
  if (!request.parent.empty()) info.parents = {commits_.at(request.parent).info.oid};
  info.message = request.message.empty() || request.message.back() != '\n' ? request.message + "\n" : request.message;
  info.author = request.author;
  info.committer = request.committer.value_or(request.author);
  const std::string body = "tree " + info.tree + "\nparent " + (info.parents.empty() ? "" : info.parents[0]) +
                           "\nauthor " + info.author.name + " " + std::to_string(info.author.time) + "\n\n" +
                           info.message;
  info.oid = hash("commit", body);
  commits_[info.oid] = Commit{info, std::move(files)};
  return info.oid;
}

bool InMemoryGitRepository::descends_from(const std::string& commit, const std::string& ancestor) const {
  std::vector<std::string> todo = {commit};
  std::set<std::string> seen;
  while (!todo.empty()) {
    std::string at = todo.back();
    todo.pop_back();
    if (at == ancestor) return true;
    if (!seen.insert(at).second) continue;
    auto it = commits_.find(at);
    if (it != commits_.end()) todo.insert(todo.end(), it->second.info.parents.begin(), it->second.info.parents.end());
  }
  return false;
}

Status<> InMemoryGitRepository::push(const std::string& branch, const std::string& oid, git::PushMode mode) {
  ++pushes_;
  if (before_push_) {
    auto fn = std::move(before_push_);
    before_push_ = nullptr;
    fn();
  }
  if (rejects_ > 0) {
    --rejects_;
    return Error{reject_kind_, "push to " + branch + " rejected (scripted)", {}, ""};
  }
  if (!commits_.count(oid)) return not_found("no commit " + oid);
  const std::string current = this->branch(branch);
  if (mode == git::PushMode::FastForwardOnly && !current.empty() && !descends_from(oid, current)) {
    return conflict("push to " + branch + " rejected: the remote moved (non-fast-forward)");
  }
  branches_[branch] = oid;
  return ok_status();
}

Status<> InMemoryGitRepository::delete_remote_branch(const std::string& branch) {
  branches_.erase(branch);
  return ok_status();
}

}  // namespace fleetwave::testkit
