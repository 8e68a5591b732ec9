#include "cli/manual_step.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "adapters/git/worktree_committer.h"
#include "cli/app_lookup.h"
#include "cli/workspace.h"
#include "reconcile/manual_change.h"
#include "reconcile/step_writer.h"

namespace fleetwave::cli {
namespace {

// The step for `app` at `head`; every failure here is the app's or the user's (exit 1).
Result<PreparedChange, CliFailure> prepare_app_step(Workspace& ws, const std::string& head, const std::string& app,
                                                    const ManualStepMaker& make_step) {
  BlobCache blobs;
  auto prepared = prepare_manual_step(ws.repo(), blobs, head, app, make_step);
  if (!prepared.ok()) return CliFailure{kExitFailed, prepared.error()};
  return PreparedChange{prepared->step.message, prepared->step.actor, std::move(prepared->changes)};
}

// Refuses to overwrite uncommitted edits of the files the step writes.
Status<> check_untouched(git::LocalRepository& repo, const std::string& head,
                         const std::vector<git::FileChange>& changes) {
  for (const git::FileChange& change : changes) {
    std::ifstream in(repo.workdir() + change.path, std::ios::binary);
    std::optional<std::string> on_disk;
    if (in) {
      std::ostringstream buf;
      buf << in.rdbuf();
      on_disk = buf.str();
    }
    auto committed = repo.read_file(head, change.path);
    std::optional<std::string> in_head = committed.ok() ? std::optional<std::string>(*committed) : std::nullopt;
    if (on_disk != in_head) {
      return invalid_input(change.path + " has uncommitted changes in " + repo.workdir() +
                           "; commit or discard them first");
    }
  }
  return ok_status();
}

void warn_unpinning(CommandContext& ctx, git::GitRepository& repo, const std::string& head,
                    const PreparedChange& prepared) {
  std::vector<std::string> gone = clusters_unpinned(repo, head, prepared.changes);
  if (gone.empty()) return;
  std::string list;
  for (const std::string& c : gone) list += (list.empty() ? "" : ", ") + c;
  ctx.out.warning("this step unpins " + std::to_string(gone.size()) + " cluster(s): " + list +
                  "; Argo CD deletes the app's Application there and prunes what it deployed");
}

// --dry-run: the commit message and a diff of every file the step writes; nothing is written.
int dry_run(CommandContext& ctx, Workspace& ws, const ChangePreparer& prepare, const git::Signature& author) {
  auto head = ws.head();
  if (!head.ok()) return ctx.fail(head.error());
  auto prepared = prepare(ws, *head);
  if (!prepared.ok()) return ctx.fail(prepared.error());
  warn_unpinning(ctx, ws.repo(), *head, *prepared);
  ctx.out.line("dry run: nothing committed or pushed; on " + ws.branch_label() + " at " + short_sha(*head) +
               " this would commit:");
  ctx.out.write("\n" + commit_message_text(prepared->message, prepared->actor, author) + "\n");
  ctx.out.write(changes_diff(ws.repo(), *head, prepared->changes));
  return kExitOk;
}

int commit_locally(CommandContext& ctx, Workspace& ws, const ChangePreparer& prepare, const git::Signature& author) {
  git::LocalRepository& local = *ws.local_repo();
  if (!ws.branch().empty()) {
    auto current = local.head_branch();
    if (!current.ok()) return ctx.fail(kExitFailed, current.error());
    if (*current != ws.branch()) {
      return ctx.fail(kExitFailed, invalid_input("the checkout is on " +
                                                 (current->empty() ? "a detached HEAD" : "branch " + *current) +
                                                 ", not " + ws.branch() + "; switch branches or drop --branch"));
    }
  }
  auto head = ws.head();
  if (!head.ok()) return ctx.fail(head.error());
  auto prepared = prepare(ws, *head);
  if (!prepared.ok()) return ctx.fail(prepared.error());
  if (auto clean = check_untouched(local, *head, prepared->changes); !clean.ok())
    return ctx.fail(kExitFailed, clean.error());
  auto committer = git::WorktreeCommitter::open(ctx.services.runtime, local.workdir());
  if (!committer.ok()) return ctx.fail(kExitFailed, committer.error());
  git::WorktreeCommitRequest request;
  request.changes = prepared->changes;
  request.message = commit_message_text(prepared->message, prepared->actor, author);
  request.author = author;
  request.signer = ws.signer();
  warn_unpinning(ctx, ws.repo(), *head, *prepared);
  auto oid = (*committer)->commit(request);
  if (!oid.ok()) return ctx.fail(kExitFailed, oid.error());
  ctx.out.line(short_sha(*oid) + " " + prepared->message.subject);
  ctx.out.line("committed locally: push it, or open a pull request with it");
  return kExitOk;
}

int commit_and_push(CommandContext& ctx, Workspace& ws, const ChangePreparer& prepare, const git::Signature& author) {
  StepWriter writer(ws.repo(), ctx.services.clock, ctx.services.sleeper, ctx.services.random);
  std::optional<CliFailure> failure;  // why fetching or building failed, with its exit code
  std::string subject;
  auto fetch_head = [&](const std::string&) -> Result<std::string> {
    auto head = ws.head();
    if (!head.ok()) failure = head.error();
    return head.ok() ? Result<std::string>(*head) : Result<std::string>(failure->error);
  };
  bool warned = false;  // once, not on every retry
  auto build = [&](const std::string& head, int) -> Result<std::string> {
    auto prepared = prepare(ws, head);
    if (!prepared.ok()) {
      failure = prepared.error();
      return failure->error;
    }
    subject = prepared->message.subject;
    if (!warned) warn_unpinning(ctx, ws.repo(), head, *prepared);
    warned = true;
    auto oid = writer.commit_changes(head, prepared->message, prepared->actor, author, prepared->changes);
    if (!oid.ok()) failure = CliFailure{kExitFailed, oid.error()};
    return oid;
  };
  auto published = writer.publish(ws.branch(), build, fetch_head);
  if (!published.ok()) {
    const WriteFailure& f = published.error();
    switch (f.stage) {
      case WriteStage::Push:
        return ctx.fail(kExitUnavailable, ws.with_access_hint(f.error));
      case WriteStage::Retries:
        return ctx.fail(kExitUnavailable, conflict(f.error.message + "; try again"));
      case WriteStage::Fetch:
      case WriteStage::Build:
        break;
    }
    return ctx.fail(failure ? *failure : CliFailure{kExitFailed, f.error});
  }
  ctx.out.line(short_sha(published->tip) + " " + subject);
  return kExitOk;
}

}  // namespace

int run_manual_step(CommandContext& ctx, const std::string& app, const ManualRequest& request) {
  auto make = [&](const WavePlan& plan, const RolloutState& state) {
    return make_manual_step(request, plan, state, ctx.services.clock.now_ms());
  };
  return run_manual_change(
      ctx, [&](Workspace& ws, const std::string& head) { return prepare_app_step(ws, head, app, make); });
}

int run_manual_change(CommandContext& ctx, const ChangePreparer& prepare) {
  auto ws = Workspace::open(ctx);
  if (!ws.ok()) return ctx.fail(ws.error());
  auto author = author_of(ctx, Acting::Person);
  if (!author.ok()) return ctx.fail(author.error());
  git::Signature signature = *author;
  signature.time = ctx.services.clock.now_ms() / 1000;
  if (ctx.args.has("dry-run")) return dry_run(ctx, *ws, prepare, signature);
  return ws->remote() ? commit_and_push(ctx, *ws, prepare, signature) : commit_locally(ctx, *ws, prepare, signature);
}

}  // namespace fleetwave::cli
