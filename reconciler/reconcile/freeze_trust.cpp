#include "reconcile/freeze_trust.h"

#include <algorithm>

#include "rollout/messages.h"
#include "rollout/observation.h"

namespace fleetwave {
namespace {

Result<std::vector<Freeze>> freezes_at(git::GitRepository& repo, const std::string& commit) {
  if (commit.empty()) return std::vector<Freeze>{};
  auto text = repo.read_file(commit, freezes_path());
  if (!text.ok() && text.error().kind == ErrorKind::NotFound) return std::vector<Freeze>{};
  if (!text.ok()) return text.error();
  return parse_freezes(*text, freezes_path());
}

// Adds to `into` the freezes `entry` lifted (in its parent's file, not in its own).
Status<> add_lifted(git::GitRepository& repo, const HistoryEntry& entry, std::vector<Freeze>& into) {
  FW_TRY(before, freezes_at(repo, entry.first_parent));
  FW_TRY(after, freezes_at(repo, entry.oid));
  for (const Freeze& f : before) {
    const bool lifted = std::find(after.begin(), after.end(), f) == after.end();
    if (lifted && std::find(into.begin(), into.end(), f) == into.end()) into.push_back(f);
  }
  return ok_status();
}

CommitMessage reject_message(const FreezeReject& reject, const std::string& oldest) {
  const std::string why = "unfreeze in " + short_sha(oldest) + " is not signed by a key in approvals.allowedSigners";
  CommitMessage m;
  m.subject = "fleetwave: reject unfreeze in " + short_sha(oldest) + " (not signed by an allowed key)";
  for (const std::string& line : reject.lines) m.body += "- ignored " + line + "\n";
  m.body += "\nThe freezes it lifted are written back into " + freezes_path() +
            ". Lift them with a signed `fleetwave unfreeze`.";
  m.trailers = {{"Fleetwave-Action", "reject"}, {"Fleetwave-Evidence", why}};
  return m;
}

}  // namespace

Result<std::optional<FreezeReject>> check_unfreezes(StepTrust& trust, git::GitRepository& repo,
                                                    const History& history) {
  const auto& entries = history.entries();
  if (entries.empty()) return std::optional<FreezeReject>();
  FW_TRY(end, trust.boundary(repo, history, ""));
  FreezeReject reject;
  FW_TRY(head, freezes_at(repo, entries.front().oid));
  reject.restored = head;
  std::string oldest;
  for (std::size_t i = 0; i < end; ++i) {
    const HistoryEntry& e = entries[i];
    if (e.action != "unfreeze") continue;
    FW_TRY(why, trust.why_untrusted(repo, e.oid));
    if (!why) continue;
    reject.lines.push_back("unfreeze in " + short_sha(e.oid) + " by " + e.author + ": " + *why);
    FW_CHECK(add_lifted(repo, e, reject.restored));
    oldest = e.oid;
  }
  if (reject.lines.empty()) return std::optional<FreezeReject>();
  reject.message = reject_message(reject, oldest);
  return std::optional<FreezeReject>(std::move(reject));
}

}  // namespace fleetwave
