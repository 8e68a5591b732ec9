#include "demo/step_feed.h"

#include <algorithm>

#include "codec/json_reader.h"

namespace fleetwave::e2e {
namespace {

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

}  // namespace

std::string StepFeed::bar(std::size_t done, std::size_t total) {
  std::string out = "[";
  for (std::size_t i = 0; i < total; ++i) out += i < done ? "\u25a0" : "\u25a1";
  return out + "]";
}

Status<> StepFeed::skip_existing() {
  FW_TRY(trail, repo_.audit_trail());
  for (const AuditEntry& e : trail) seen_.insert(e.commit);
  return ok_status();
}

Result<std::size_t> StepFeed::print_new() {
  FW_TRY(trail, repo_.audit_trail());
  std::size_t printed = 0;
  for (const AuditEntry& e : trail) {
    if (!seen_.insert(e.commit).second) continue;
    std::fprintf(out_, "%s\n", line(e).c_str());
    ++printed;
  }
  if (printed > 0) std::fflush(out_);
  return printed;
}

std::string StepFeed::line(const AuditEntry& e) {
  const std::string sha = e.commit.substr(0, 7);
  if (e.app.empty()) return "  " + sha + "  " + e.subject + "   (a person's commit)";
  // Progress: the app's clusters pinned to this step's release, right after this commit.
  std::size_t on_release = 0, total = 0;
  Result<std::string> text = repo_.file_at(e.commit, ".fleetwave/" + e.app + "/targets.json");
  if (text.ok()) {
    Result<Json> targets = parse_json(*text, "targets.json", 16);
    if (targets.ok() && targets->is_array()) {
      total = targets->size();
      for (const Json& t : *targets) on_release += string_at(t, {"revision"}) == e.release ? 1 : 0;
    }
  }
  // A first release pins only the clusters it has reached: measure it against the inventory.
  Result<std::string> inventory =
      repo_.git(repo_.dir(""), {"--git-dir=" + repo_.bare_path(), "ls-tree", "--name-only", e.commit, "clusters/"});
  if (inventory.ok()) total = std::max(total, split_lines(*inventory).size());
  if (e.action == "rollback") on_release = 0;
  const std::string count = std::to_string(on_release) + "/" + std::to_string(total);
  return "  " + bar(on_release, total) + " " + pad(count, 6) + pad(e.app, 10) + pad(e.action, 14) + e.subject;
}

}  // namespace fleetwave::e2e
