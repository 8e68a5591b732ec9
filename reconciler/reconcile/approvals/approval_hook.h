// Approvals in the reconcile cycle, as a CycleHook (the cycle knows nothing of approvals):
//
//   after_push     for every wait-approval step just pushed, push the branch
//                  fleetwave/approve/<app>/<release7>/<wave> whose one commit is the approve step
//                  on top of it (merging it approves the wave, with or without a provider);
//   with a provider (GitHub, GitLab), the pull/merge-request flow of approval_coordinator.h:
//   before_commit  a reviewer's approval becomes the app's approve step;
//   after_push     requests are opened, commented and closed.
//
// Not thread-safe; one per Reconciler.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/hosting/approval_provider.h"
#include "reconcile/approvals/approval_coordinator.h"
#include "reconcile/cycle_hook.h"

namespace fleetwave {

class ApprovalHook final : public CycleHook {
 public:
  // `provider` may be nullptr (branches only); not owned, it outlives the hook.
  // `allowed_reviewers`: approvals.allowedReviewers (ApprovalCoordinator).
  ApprovalHook(git::GitRepository& repo, std::string base_branch, ApprovalProvider* provider,
               std::vector<std::string> allowed_reviewers = {});

  void cycle_started() override;
  void before_commit(HookContext& ctx, std::vector<PlannedApp>& planned) override;
  void after_push(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report) override;

 private:
  void push_branches(HookContext& ctx, const std::vector<PlannedApp>& planned, CycleReport& report);

  git::GitRepository& repo_;
  std::string base_branch_;
  ApprovalProvider* provider_;
  std::vector<std::string> allowed_reviewers_;
  BlobCache blobs_;
  std::optional<ApprovalCoordinator> coordinator_;  // one per cycle: its lookups are the cycle's
};

}  // namespace fleetwave
