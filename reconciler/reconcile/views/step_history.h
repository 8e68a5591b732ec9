// `fleetwave history APP`: the audit trail of an app's rollout, read back from Git. Every step
// commit carries Fleetwave-* trailers (rollout/commit_message.h); this walks the branch's
// first-parent history and turns them into entries, newest first:
//
//   a step commit            its trailers; the actor from Fleetwave-Actor (else the author)
//   a merge of an approval   the approve step on the merged branch, acted by the merge's author
//   branch                   (the person who merged the pull request)
//   a `git revert` of a      action "revert", acted by the revert's author
//   step commit
//
// Older commits without Fleetwave-Actor show their author. Deterministic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

struct StepRecord {
  std::string commit;  // the step's commit (for a merged approval, the merge)
  std::int64_t time_ms = 0;
  std::string action;
  std::string release;
  std::string wave;
  std::string actor;
  std::string evidence;
  std::string subject;
};

// The steps of `app` on the first-parent history from `head`, newest first; at most `limit`
// entries (0: all) from at most `scan` commits (0: all).
Result<std::vector<StepRecord>> step_history(git::GitRepository& repo, const std::string& head, const std::string& app,
                                             std::size_t limit, std::size_t scan);

// step_history of each of `apps` (every one a key of the result), from one walk of the history:
// each commit is read once, not once per app.
Result<std::map<std::string, std::vector<StepRecord>>> step_histories(git::GitRepository& repo, const std::string& head,
                                                                      const std::vector<std::string>& apps,
                                                                      std::size_t limit, std::size_t scan);

// {"app", "branch", "head", "steps": [{commit, time, action, release, wave, actor, evidence, subject}]}
Json history_document(const std::string& app, const std::string& branch, const std::string& head,
                      const std::vector<StepRecord>& entries);

// One line per step: time (with its age at `now_ms`, "3m ago", when given), action, release,
// wave, actor, then the evidence indented below.
std::string format_history_text(const Json& document, std::optional<std::int64_t> now_ms = std::nullopt);

}  // namespace fleetwave
