// The reconciler's side of pull-request approvals, one instance per reconcile cycle:
//
//   before_commit  for every app waiting for approval of a gated wave (and without a step this
//                  cycle): find its request (opening it if an earlier cycle could not), and when
//                  a reviewer approved the still-open request, give the app the approve step
//                  (the commit `fleetwave approve` makes, with the reviewer as evidence);
//   after_push     once the steps are on the tracked branch: open a request for every approval
//                  branch pushed, comment and close the requests approved this cycle, and
//                  comment on the requests whose wave moved (approval_outcome.h).
//
// Provider errors never stop the Git-based flow: they become Transient errors of the app in
// the cycle report, and merging the approval branch still approves the wave.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "adapters/hosting/approval_provider.h"
#include "reconcile/app_planner.h"
#include "reconcile/cycle_report.h"

namespace fleetwave {

class ApprovalCoordinator {
 public:
  // `allowed_reviewers` (approvals.allowedReviewers): the logins whose review approval counts;
  // empty: anyone's. Another reviewer's approval is reported as ignored, with the reason.
  ApprovalCoordinator(ApprovalProvider& provider, git::GitRepository& repo, BlobCache& blobs, std::string base_branch,
                      std::vector<std::string> allowed_reviewers = {})
      : provider_(provider),
        repo_(repo),
        blobs_(blobs),
        base_branch_(std::move(base_branch)),
        allowed_reviewers_(std::move(allowed_reviewers)) {}

  // Once per push attempt, after planning and before the steps are committed.
  void before_commit(std::vector<PlannedApp>& planned);

  // After the steps of `planned` were pushed (report.commits holds one commit per step, in
  // order) and the approval branches in report.approval_branches.
  void after_push(const std::vector<PlannedApp>& planned, CycleReport& report);

 private:
  struct Lookup {
    std::optional<ReviewRequest> request;
    std::optional<ReviewState> review;
    std::optional<Error> error;
  };
  struct Approval {
    ReviewRequest request;
    ReviewState review;
  };

  // find() then review_state(), cached by branch across the push attempts of the cycle.
  const Lookup& lookup(const PlannedApp& p, const std::string& branch, const std::string& wave);
  Result<ReviewRequest> open(const PlannedApp& p, const RolloutState& state, const std::string& wave);
  void note_approval(PlannedApp& p, const std::string& wave, const Lookup& l);
  void comment_outcome(const PlannedApp& p, const std::string& commit, AppReport& report);
  void finish_approval(const PlannedApp& p, const Approval& a, const std::string& commit, AppReport& report);

  ApprovalProvider& provider_;
  git::GitRepository& repo_;
  BlobCache& blobs_;
  std::string base_branch_;
  std::vector<std::string> allowed_reviewers_;
  std::map<std::string, Lookup> lookups_;      // by approval branch
  std::map<std::string, Approval> approvals_;  // by app: approved by review in this attempt
};

}  // namespace fleetwave
