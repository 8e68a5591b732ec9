#include "reconcile/step_writer.h"

#include "rollout/rollout_state.h"

namespace fleetwave {

std::vector<git::FileChange> step_changes(const Step& step, StepFiles files) {
  std::vector<git::FileChange> changes = {{state_path(step.next.app), serialize_state(step.next), std::nullopt}};
  if (files == StepFiles::StateAndTargets) {
    changes.push_back({targets_path(step.next.app), serialize_targets(step.next), std::nullopt});
  }
  return changes;
}

std::string format_signature(const git::Signature& who) { return who.name + " <" + who.email + ">"; }

std::string commit_message_text(const CommitMessage& message, const std::string& actor, const git::Signature& author) {
  CommitMessage with_actor = message;
  with_actor.trailers.emplace_back("Fleetwave-Actor", actor.empty() ? format_signature(author) : actor);
  return with_actor.format();
}

std::string step_commit_message(const Step& step, const git::Signature& author) {
  return commit_message_text(step.message, step.actor, author);
}

git::Signature StepWriter::stamp(git::Signature author) const {
  author.time = clock_.now_ms() / 1000;
  return author;
}

Result<std::string> StepWriter::commit(const std::string& parent, const Step& step, const git::Signature& author,
                                       StepFiles files) {
  return commit_changes(parent, step.message, step.actor, author, step_changes(step, files),
                        files == StepFiles::StateAndTargets);
}

Result<std::string> StepWriter::commit_changes(const std::string& parent, const CommitMessage& message,
                                               const std::string& actor, const git::Signature& author,
                                               std::vector<git::FileChange> changes, bool sign) {
  git::CommitRequest request;
  request.parent = parent;
  request.message = commit_message_text(message, actor, author);
  request.author = stamp(author);
  request.changes = std::move(changes);
  request.sign = sign;
  return repo_.create_commit(request);
}

Result<std::string> StepWriter::fetch(const std::string& branch) {
  FW_TRY(head, repo_.fetch(branch));
  if (head.empty()) return not_found("branch " + branch + " does not exist in the repository");
  return head;
}

Result<Published, WriteFailure> StepWriter::publish(const std::string& branch, const Build& build,
                                                    const FetchHead& fetch_head) {
  std::string last_rejection;  // said at the end: a server hook may reject for its own reasons
  for (int attempt = 1; attempt <= policy_.max_attempts; ++attempt) {
    auto head = fetch_head ? fetch_head(branch) : fetch(branch);
    if (!head.ok()) return WriteFailure{WriteStage::Fetch, head.error()};
    auto tip = build(*head, attempt);
    if (!tip.ok()) return WriteFailure{WriteStage::Build, tip.error()};
    if (*tip == *head) return Published{*head, *tip, attempt};  // nothing to write
    auto pushed = repo_.push(branch, *tip, git::PushMode::FastForwardOnly);
    if (pushed.ok()) return Published{*head, *tip, attempt};
    if (pushed.error().kind != ErrorKind::Conflict) return WriteFailure{WriteStage::Push, pushed.error()};
    last_rejection = pushed.error().message;
    if (attempt < policy_.max_attempts) {
      sleeper_.sleep_ms(random_.uniform(policy_.min_backoff_ms, policy_.backoff_ms_per_attempt * attempt));
    }
  }
  return WriteFailure{WriteStage::Retries,
                      conflict("the branch " + branch + " kept moving: " + std::to_string(policy_.max_attempts) +
                               " pushes were rejected (the last: " + last_rejection + ")")};
}

Status<> StepWriter::force_push(const std::string& branch, const std::string& oid) {
  return repo_.push(branch, oid, git::PushMode::Force);
}

}  // namespace fleetwave
