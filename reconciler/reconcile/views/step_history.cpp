#include "reconcile/views/step_history.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "base/duration_text.h"
#include "base/timestamp.h"
#include "reconcile/step_writer.h"
#include "rollout/commit_message.h"

namespace fleetwave {
namespace {

std::string first_line(const std::string& message) { return message.substr(0, message.find('\n')); }

// The entry a step commit records, when it is one of `app`'s.
std::optional<StepRecord> step_entry(const git::CommitInfo& info, const std::string& app) {
  const CommitMessage message{"", "", parse_trailers(info.message)};  // parsed once, read by key
  auto get = [&](const char* key) { return message.trailer(key); };
  if (get("Fleetwave-App") != app || get("Fleetwave-Action").empty()) return std::nullopt;
  StepRecord e;
  e.commit = info.oid;
  e.time_ms = info.author.time * 1000;
  e.action = get("Fleetwave-Action");
  e.release = get("Fleetwave-Release");
  e.wave = get("Fleetwave-Wave");
  e.actor = get("Fleetwave-Actor");
  if (e.actor.empty()) e.actor = format_signature(info.author);
  e.evidence = get("Fleetwave-Evidence");
  e.subject = first_line(info.message);
  return e;
}

// A `git revert` of one of `app`'s steps: git's subject is `Revert "<reverted subject>"`.
std::optional<StepRecord> revert_entry(const git::CommitInfo& info, const std::string& app) {
  const std::string subject = first_line(info.message);
  if (subject.rfind("Revert \"fleetwave(" + app + "):", 0) != 0) return std::nullopt;
  StepRecord e;
  e.commit = info.oid;
  e.time_ms = info.author.time * 1000;
  e.action = "revert";
  e.actor = format_signature(info.author);
  const std::size_t reverts = info.message.find("This reverts commit ");
  if (reverts != std::string::npos) e.evidence = first_line(info.message.substr(reverts));
  e.subject = subject;
  return e;
}

}  // namespace

namespace {

// The entry `info` records for `app`, if any; `merged` reads a merge's second parent once.
Result<std::optional<StepRecord>> entry_for(const git::CommitInfo& info, const std::string& app,
                                            const std::function<Result<git::CommitInfo>()>& merged) {
  if (auto step = step_entry(info, app)) return step;
  if (auto revert = revert_entry(info, app)) return revert;
  if (info.parents.size() != 2) return std::optional<StepRecord>();
  // A merge: when it brings in an approve step (an approval branch), the merger approved.
  FW_TRY(side, merged());
  auto approve = step_entry(side, app);
  if (!approve || approve->action != "approve") return std::optional<StepRecord>();
  approve->commit = info.oid;
  approve->time_ms = info.author.time * 1000;
  approve->actor = format_signature(info.author);
  approve->evidence = "merged " + first_line(info.message);
  return approve;
}

}  // namespace

Result<std::map<std::string, std::vector<StepRecord>>> step_histories(git::GitRepository& repo, const std::string& head,
                                                                      const std::vector<std::string>& apps,
                                                                      std::size_t limit, std::size_t scan) {
  std::map<std::string, std::vector<StepRecord>> out;
  for (const std::string& app : apps) out[app];
  if (head.empty()) return out;
  FW_TRY(commits, repo.first_parent_log(head, "", scan));
  std::size_t full = 0;  // apps holding `limit` entries already
  for (const std::string& oid : commits) {
    if (limit != 0 && full == out.size()) break;
    FW_TRY(info, repo.commit_info(oid));
    std::optional<git::CommitInfo> side;
    auto merged = [&]() -> Result<git::CommitInfo> {
      if (!side) {
        FW_TRY(read, repo.commit_info(info.parents[1]));
        side = std::move(read);
      }
      return *side;
    };
    for (auto& [app, entries] : out) {
      if (limit != 0 && entries.size() >= limit) continue;
      FW_TRY(entry, entry_for(info, app, merged));
      if (!entry) continue;
      entries.push_back(std::move(*entry));
      if (limit != 0 && entries.size() == limit) ++full;
    }
  }
  return out;
}

Result<std::vector<StepRecord>> step_history(git::GitRepository& repo, const std::string& head, const std::string& app,
                                             std::size_t limit, std::size_t scan) {
  FW_TRY(histories, step_histories(repo, head, {app}, limit, scan));
  return std::move(histories[app]);
}

Json history_document(const std::string& app, const std::string& branch, const std::string& head,
                      const std::vector<StepRecord>& entries) {
  Json steps = Json::array();
  for (const StepRecord& e : entries) {
    steps.push_back({{"commit", e.commit},
                     {"time", format_rfc3339(e.time_ms)},
                     {"action", e.action},
                     {"release", e.release},
                     {"wave", e.wave},
                     {"actor", e.actor},
                     {"evidence", e.evidence},
                     {"subject", e.subject}});
  }
  return Json{{"app", app}, {"branch", branch}, {"head", head}, {"steps", steps}};
}

std::string format_history_text(const Json& document, std::optional<std::int64_t> now_ms) {
  const Json& steps = document.at("steps");
  if (steps.empty())
    return "No steps of " + document.at("app").get<std::string>() + " on " + document.at("branch").get<std::string>() +
           ".\n";
  std::size_t action_width = 0, age_width = 0;
  std::vector<std::string> ages;
  for (const Json& s : steps) {
    action_width = std::max(action_width, s.at("action").get<std::string>().size());
    const auto time = parse_rfc3339(s.at("time").get<std::string>());
    ages.push_back(now_ms && time ? " (" + format_age_ms(*now_ms - *time) + " ago)" : "");
    age_width = std::max(age_width, ages.back().size());
  }
  std::string out;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Json& s = steps[i];
    const std::string action = s.at("action").get<std::string>();
    out += s.at("time").get<std::string>() + ages[i] + std::string(age_width - ages[i].size(), ' ') + "  " +
           s.at("commit").get<std::string>().substr(0, 7) + "  " + action +
           std::string(action_width - action.size(), ' ');
    const std::string release = s.at("release").get<std::string>();
    const std::string wave = s.at("wave").get<std::string>();
    if (!release.empty()) out += "  release " + release.substr(0, 7);
    if (!wave.empty()) out += "  wave " + wave;
    out += "  by " + s.at("actor").get<std::string>() + "\n";
    const std::string evidence = s.at("evidence").get<std::string>();
    if (!evidence.empty()) out += "    " + evidence + "\n";
  }
  return out;
}

}  // namespace fleetwave
