#include "reconcile/approvals/approval_hook.h"

#include "reconcile/cycle_report.h"
#include "reconcile/step_writer.h"
#include "rollout/manual_actions.h"

namespace fleetwave {

ApprovalHook::ApprovalHook(git::GitRepository& repo, std::string base_branch, ApprovalProvider* provider,
                           std::vector<std::string> allowed_reviewers)
    : repo_(repo),
      base_branch_(std::move(base_branch)),
      provider_(provider),
      allowed_reviewers_(std::move(allowed_reviewers)) {}

void ApprovalHook::cycle_started() {
  coordinator_.reset();
  if (provider_ != nullptr) coordinator_.emplace(*provider_, repo_, blobs_, base_branch_, allowed_reviewers_);
}

void ApprovalHook::before_commit(HookContext&, std::vector<PlannedApp>& planned) {
  if (coordinator_) coordinator_->before_commit(planned);  // may add approve steps (reviewed requests)
}

void ApprovalHook::after_push(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report) {
  push_branches(ctx, planned, report);
  if (coordinator_) coordinator_->after_push(planned, report);
}

void ApprovalHook::push_branches(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report) {
  std::size_t commit = 0;
  for (const PlannedApp& p : planned) {
    if (!p.step) continue;
    const std::string step_commit = report.commits.at(commit++);
    if (!p.step->approval_wave) continue;
    auto approve = approve_step(*p.plan, p.step->next, p.step->approval_wave);
    if (!approve.ok()) continue;
    const std::string branch =
        approval_branch_name(approve->next.app, approve->next.release->revision, *p.step->approval_wave);
    approve->actor = "whoever merges " + branch;  // `fleetwave history` names the merge's author
    auto oid = ctx.writer.commit(step_commit, *approve, ctx.author, StepFiles::StateOnly);
    if (!oid.ok()) {
      report.errors.push_back(oid.error().with_context("approval branch " + branch));
      continue;
    }
    if (auto pushed = ctx.writer.force_push(branch, *oid); !pushed.ok()) {
      report.errors.push_back(pushed.error().with_context("approval branch " + branch));
      continue;
    }
    report.approval_branches.push_back(branch);
  }
}

}  // namespace fleetwave
