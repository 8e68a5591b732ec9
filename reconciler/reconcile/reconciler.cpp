#include "reconcile/reconciler.h"

#include <chrono>
#include <thread>

#include "reconcile/approvals/approval_coordinator.h"
#include "rollout/manual_actions.h"

namespace fleetwave {

Reconciler::Reconciler(git::GitRepository& repo, ArgoCdClient& argocd, const Clock& clock, ReconcilerOptions options)
    : repo_(repo), argocd_(argocd), clock_(clock), options_(std::move(options)), jitter_(std::random_device{}()) {}

git::Signature Reconciler::signature() const {
  git::Signature s = options_.author;
  s.time = clock_.now_ms() / 1000;
  return s;
}

Result<std::string> Reconciler::commit_steps(const std::string& head, std::vector<PlannedApp>& planned,
                                             CycleReport& report) {
  std::string parent = head;
  for (PlannedApp& p : planned) {
    if (!p.step) continue;
    const Step& step = *p.step;
    git::CommitRequest request;
    request.parent = parent;
    request.message = step.message.format();
    request.author = signature();
    request.changes = {{state_path(step.next.app), serialize_state(step.next), std::nullopt},
                       {targets_path(step.next.app), serialize_targets(step.next), std::nullopt}};
    FW_TRY(oid, repo_.create_commit(request));
    report.commits.push_back(oid);
    parent = oid;
  }
  return parent;
}

void Reconciler::push_approval_branches(const std::vector<PlannedApp>& planned, CycleReport& report) {
  if (!options_.request_approvals) return;
  for (std::size_t i = 0, commit = 0; i < planned.size(); ++i) {
    const PlannedApp& p = planned[i];
    if (!p.step) continue;
    const std::string step_commit = report.commits[commit++];
    if (!p.step->approval_wave) continue;
    auto approve = approve_step(*p.plan, p.step->next, p.step->approval_wave);
    if (!approve.ok()) continue;
    git::CommitRequest request;
    request.parent = step_commit;
    request.message = approve->message.format();
    request.author = signature();
    request.changes = {{state_path(approve->next.app), serialize_state(approve->next), std::nullopt}};
    std::string branch =
        approval_branch_name(approve->next.app, approve->next.release->revision, *p.step->approval_wave);
    auto oid = repo_.create_commit(request);
    if (!oid.ok()) {
      report.errors.push_back(oid.error().with_context("approval branch " + branch));
      continue;
    }
    auto pushed = repo_.push(branch, *oid, git::PushMode::Force);
    if (!pushed.ok()) {
      report.errors.push_back(pushed.error().with_context("approval branch " + branch));
      continue;
    }
    report.approval_branches.push_back(branch);
  }
}

Result<CycleReport> Reconciler::run_once() {
  CycleReport report;
  std::map<std::string, Observations> observations;  // one Argo CD query per app per cycle
  std::optional<ApprovalCoordinator> approvals;      // pull/merge requests for approval branches
  if (options_.approval_provider != nullptr && options_.request_approvals) {
    approvals.emplace(*options_.approval_provider, repo_, blobs_, options_.branch);
  }
  for (int attempt = 1; attempt <= options_.max_push_attempts; ++attempt) {
    report = CycleReport{};
    report.attempts = attempt;
    report.conflicts = attempt - 1;
    FW_TRY(head, repo_.fetch(options_.branch));
    if (head.empty()) return not_found("branch " + options_.branch + " does not exist in the repository");
    report.head = head;
    FW_TRY(history, History::load(repo_, head, options_.history_window));
    FW_TRY(apps, discovery_.discover(repo_, blobs_, head));
    std::vector<PlannedApp> planned;
    AppPlanner planner(repo_, blobs_, renders_, argocd_);
    for (const AppDefinition& app : apps)
      planned.push_back(planner.plan(app, head, history, clock_.now_ms(), observations));
    if (approvals) approvals->before_commit(planned);  // may add approve steps (reviewed requests)
    for (const PlannedApp& p : planned) report.apps.push_back(p.report);
    FW_TRY(tip, commit_steps(head, planned, report));
    if (tip == head) return report;  // nothing to write
    auto pushed = repo_.push(options_.branch, tip, git::PushMode::FastForwardOnly);
    if (pushed.ok()) {
      push_approval_branches(planned, report);
      if (approvals) approvals->after_push(planned, report);
      return report;
    }
    if (pushed.error().kind != ErrorKind::Conflict) return pushed.error().with_context("push to " + options_.branch);
    // Someone else moved the branch: back off a little (jittered, so racing writers spread
    // out) and decide again from the new head.
    std::uniform_int_distribution<int> ms(20, 120 * attempt);
    std::this_thread::sleep_for(std::chrono::milliseconds(ms(jitter_)));
  }
  return conflict("the branch " + options_.branch + " kept moving: " + std::to_string(options_.max_push_attempts) +
                  " pushes were rejected; the next cycle tries again");
}

}  // namespace fleetwave
