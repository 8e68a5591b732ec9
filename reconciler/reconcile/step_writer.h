// The one place a rollout Step becomes a commit and is pushed: the reconcile cycle, the approval
// branches and every manual command (`fleetwave approve|pause|resume|rollback`) write through it.
// A step's commit changes .fleetwave/<app>/state.yaml and targets.json (an approval branch's only
// state.yaml) and carries the step's message; the author is a parameter, the time the clock's.
//
// Publishing is compare-and-swap: fetch the branch, build commits on its tip, push fast-forward.
// A rejected push means someone else moved the branch: back off (jittered, so racing writers
// spread out), fetch, build again from the new tip. One RetryPolicy for every writer.
//
// Not thread-safe; one StepWriter per repository handle.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "base/clock.h"
#include "base/result.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {

struct RetryPolicy {
  int max_attempts = 6;
  // Before attempt n+1 the writer sleeps uniform(min_backoff_ms, n * backoff_ms_per_attempt).
  std::int64_t min_backoff_ms = 20;
  std::int64_t backoff_ms_per_attempt = 120;
};

// Which of fleetwave's files a step's commit writes.
enum class StepFiles {
  StateAndTargets,  // every step on the tracked branch
  StateOnly,        // an approval branch: targets.json stays the parent's
};

// The file changes that record `step`.
std::vector<git::FileChange> step_changes(const Step& step, StepFiles files = StepFiles::StateAndTargets);

// Where publishing stopped.
enum class WriteStage {
  Fetch,    // the branch could not be fetched (or does not exist)
  Build,    // the caller's build function failed
  Push,     // the push failed for another reason than a moved branch
  Retries,  // every attempt's push was rejected because the branch kept moving
};

struct WriteFailure {
  WriteStage stage = WriteStage::Build;
  Error error;
};

struct Published {
  std::string head;  // the branch tip the final attempt built on
  std::string tip;   // what the branch points at now (== head when nothing was written)
  int attempts = 0;  // 1 without conflicts
};

// "Name <email>".
std::string format_signature(const git::Signature& who);

// The commit message of `step` by `author`: the step's message with a Fleetwave-Actor trailer
// naming who acted (step.actor, else the author), so every step in `git log` says who took it
// even when the commit was made on someone's behalf.
std::string step_commit_message(const Step& step, const git::Signature& author);
// The same for any message: `actor` "" means the author.
std::string commit_message_text(const CommitMessage& message, const std::string& actor, const git::Signature& author);

class StepWriter {
 public:
  StepWriter(git::GitRepository& repo, const Clock& clock, Sleeper& sleeper, Random& random, RetryPolicy policy = {})
      : repo_(repo), clock_(clock), sleeper_(sleeper), random_(random), policy_(policy) {}

  // The commit recording `step` on `parent`, by `author` at the clock's time. An approval
  // branch's commit (StepFiles::StateOnly) is never signed: its merge is what may be.
  Result<std::string> commit(const std::string& parent, const Step& step, const git::Signature& author,
                             StepFiles files = StepFiles::StateAndTargets);
  // A commit of fleetwave files that are no app's step (.fleetwave/freezes.yaml). `sign` false:
  // never signed (CommitRequest::sign).
  Result<std::string> commit_changes(const std::string& parent, const CommitMessage& message, const std::string& actor,
                                     const git::Signature& author, std::vector<git::FileChange> changes,
                                     bool sign = true);

  // `author` with the clock's time (seconds).
  git::Signature stamp(git::Signature author) const;

  // Head of `branch`: NotFound when the branch does not exist.
  using FetchHead = std::function<Result<std::string>(const std::string& branch)>;
  // Builds commits on `head` and returns the new tip (`head` itself when there is nothing to
  // write). `attempt` counts from 1.
  using Build = std::function<Result<std::string>(const std::string& head, int attempt)>;

  // Fetch, build, push fast-forward; on a moved branch back off and start again, at most
  // policy.max_attempts times. `fetch_head` defaults to the repository's fetch.
  Result<Published, WriteFailure> publish(const std::string& branch, const Build& build,
                                          const FetchHead& fetch_head = nullptr);

  // Points `branch` at `oid` whatever it held (approval branches are fleetwave's own).
  Status<> force_push(const std::string& branch, const std::string& oid);

  const RetryPolicy& policy() const { return policy_; }
  git::GitRepository& repo() { return repo_; }

 private:
  Result<std::string> fetch(const std::string& branch);

  git::GitRepository& repo_;
  const Clock& clock_;
  Sleeper& sleeper_;
  Random& random_;
  RetryPolicy policy_;
};

}  // namespace fleetwave
