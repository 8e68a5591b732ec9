#include "reconcile/approvals/approval_coordinator.h"

#include <algorithm>

#include "reconcile/approvals/approval_outcome.h"
#include "reconcile/approvals/cluster_diffs.h"
#include "reconcile/approvals/request_body.h"
#include "rollout/manual_actions.h"

namespace fleetwave {
namespace {

// Provider problems never stall an app (InvalidInput would): they are reported as Transient.
void report_error(AppReport& report, const std::string& branch, const Error& e) {
  report.errors.push_back(transient("approval request for " + branch + ": " + e.message));
}

AppReport* find_report(CycleReport& report, const std::string& app) {
  for (AppReport& r : report.apps) {
    if (r.app == app) return &r;
  }
  return nullptr;
}

std::string join_logins(const std::vector<std::string>& logins, const std::string& prefix) {
  std::string out;
  for (const std::string& l : logins) out += (out.empty() ? "" : ", ") + prefix + l;
  return out;
}

// The gated wave an app waits for, when it waits for one that is not approved yet.
std::optional<std::string> waiting_wave(const PlannedApp& p) {
  if (p.step || p.plan == nullptr || !p.report.state || !p.report.state->release || p.report.state->paused)
    return std::nullopt;
  const ReleaseState& r = *p.report.state->release;
  if (r.phase != ReleasePhase::WaitingApproval || r.wave >= p.plan->waves.size()) return std::nullopt;
  const std::string& wave = p.plan->waves[r.wave].name;
  if (std::find(r.approvals.begin(), r.approvals.end(), wave) != r.approvals.end()) return std::nullopt;
  return wave;
}

// The approvers approvals.allowedReviewers lets count (all when it is empty); a line in
// `ignored` for each other one.
std::vector<std::string> counted_approvers(const ReviewState& review, const std::vector<std::string>& allowed,
                                           const std::string& url, std::vector<std::string>& ignored) {
  if (allowed.empty()) return review.approvers;
  std::vector<std::string> out;
  for (const std::string& login : review.approvers) {
    if (std::find(allowed.begin(), allowed.end(), login) != allowed.end()) {
      out.push_back(login);
    } else {
      ignored.push_back("review approval by @" + login + " in " + url + ": @" + login +
                        " is not in approvals.allowedReviewers");
    }
  }
  return out;
}

}  // namespace

Result<ReviewRequest> ApprovalCoordinator::open(const PlannedApp& p, const RolloutState& state,
                                                const std::string& wave) {
  const ReleaseState& r = *state.release;
  RequestBodyInput in;
  in.app = state.app;
  in.plan = p.plan;
  if (p.report.waves) in.waves = *p.report.waves;
  in.wave = wave;
  in.stable_revision = state.stable_revision;
  in.release_revision = r.revision;
  auto it = std::find_if(p.plan->waves.begin(), p.plan->waves.end(), [&](const Wave& w) { return w.name == wave; });
  std::size_t index = static_cast<std::size_t>(it - p.plan->waves.begin());
  if (index < in.waves.clusters.size()) {
    in.diffs = render_cluster_diffs(repo_, blobs_, state.app, state.path, state.stable_revision, r.revision,
                                    in.waves.clusters[index]);
  }
  ReviewRequestSpec spec;
  spec.head_branch = approval_branch_name(state.app, r.revision, wave);
  spec.base_branch = base_branch_;
  spec.title = request_title(state.app, r.revision, wave);
  spec.body = request_body(in);
  return provider_.find_or_open(spec);
}

const ApprovalCoordinator::Lookup& ApprovalCoordinator::lookup(const PlannedApp& p, const std::string& branch,
                                                               const std::string& wave) {
  auto cached = lookups_.find(branch);
  if (cached != lookups_.end()) return cached->second;
  Lookup& l = lookups_[branch];
  auto found = provider_.find(branch);
  if (!found.ok()) {
    l.error = found.error();
    return l;
  }
  l.request = *found;
  if (!l.request) {
    // An earlier cycle pushed the branch but could not open the request (provider down).
    auto opened = open(p, *p.report.state, wave);
    if (!opened.ok()) {
      l.error = opened.error();
      return l;
    }
    l.request = *opened;
  }
  if (l.request->state != RequestState::Open) return l;  // merged: Git did it; closed: declined
  auto review = provider_.review_state(*l.request);
  if (!review.ok()) l.error = review.error();
  else l.review = *review;
  return l;
}

void ApprovalCoordinator::note_approval(PlannedApp& p, const std::string& wave, const Lookup& l) {
  if (!l.review || l.review->state != RequestState::Open || !l.review->approved()) return;
  ReviewState review = *l.review;
  review.approvers = counted_approvers(review, allowed_reviewers_, l.request->url, p.report.ignored);
  if (!review.approved()) return;
  auto step = approve_step(*p.plan, *p.report.state, wave);
  if (!step.ok()) return;  // e.g. approved meanwhile through Git; nothing to add
  const std::string evidence = "approved by " + join_logins(review.approvers, "") + " in " + l.request->url;
  for (auto& [key, value] : step->message.trailers) {
    if (key == "Fleetwave-Evidence") value = evidence;
  }
  step->message.body += "\nApproved by " + join_logins(review.approvers, "@") + " in " + l.request->url + ".";
  step->actor = join_logins(review.approvers, "@") + " (review of " + l.request->url + ")";
  p.report.action = step->action;
  p.report.subject = step->message.subject;
  p.report.blocked.clear();
  p.step = std::move(step).value();
  approvals_[p.report.app] = Approval{*l.request, review};
}

void ApprovalCoordinator::before_commit(std::vector<PlannedApp>& planned) {
  approvals_.clear();  // the plan is new on every push attempt
  for (PlannedApp& p : planned) {
    std::optional<std::string> wave = waiting_wave(p);
    if (!wave) continue;
    const std::string branch = approval_branch_name(p.report.app, p.report.state->release->revision, *wave);
    const Lookup& l = lookup(p, branch, *wave);
    if (l.error) {
      report_error(p.report, branch, *l.error);
      continue;
    }
    if (l.request && l.request->state == RequestState::Closed) {
      p.report.blocked += " (request " + l.request->url + " was closed without merging; reopen it to review)";
    }
    note_approval(p, *wave, l);
  }
}

void ApprovalCoordinator::finish_approval(const PlannedApp& p, const Approval& a, const std::string& commit,
                                          AppReport& report) {
  const std::string branch =
      approval_branch_name(p.report.app, p.step->next.release->revision, p.step->message.trailer("Fleetwave-Wave"));
  std::string text = "Approved by " + join_logins(a.review.approvers, "@") + ". fleetwave recorded the approval on `" +
                     base_branch_ + "` in " + short_sha(commit) + " (" + p.step->message.subject +
                     "); the wave starts on the next cycle.";
  auto current = provider_.review_state(a.request);  // a reviewer may have merged it meanwhile
  bool open = !current.ok() || current->state == RequestState::Open;
  if (open) text += " Closing this request: its branch is no longer needed.";
  if (auto c = provider_.comment(a.request, text); !c.ok()) report_error(report, branch, c.error());
  if (!open) return;
  if (auto c = provider_.close(a.request); !c.ok()) report_error(report, branch, c.error());
}

void ApprovalCoordinator::comment_outcome(const PlannedApp& p, const std::string& commit, AppReport& report) {
  auto outcome = approval_outcome(*p.plan, *p.report.state, *p.step);
  if (!outcome) return;
  const std::string branch = approval_branch_name(p.report.app, p.report.state->release->revision, outcome->wave);
  auto found = provider_.find(branch);
  if (!found.ok()) return report_error(report, branch, found.error());
  if (!*found) return;  // no request was ever opened (e.g. no provider back then)
  const ReviewRequest& request = **found;
  std::string text = "fleetwave: " + outcome->what + ".\n\n`" + short_sha(commit) + "` on `" + base_branch_ +
                     "`: " + p.step->message.subject;
  bool close = outcome->close && request.state == RequestState::Open;
  if (close) text += "\n\nClosing this request: it is no longer needed.";
  if (auto c = provider_.comment(request, text); !c.ok()) return report_error(report, branch, c.error());
  if (close) {
    if (auto c = provider_.close(request); !c.ok()) report_error(report, branch, c.error());
  }
}

void ApprovalCoordinator::after_push(const std::vector<PlannedApp>& planned, CycleReport& report) {
  std::size_t commit_index = 0;
  for (const PlannedApp& p : planned) {
    if (!p.step) continue;
    const std::string commit = report.commits.at(commit_index++);
    AppReport* app_report = find_report(report, p.report.app);
    if (app_report == nullptr || p.plan == nullptr) continue;
    if (p.step->approval_wave && p.step->next.release) {
      const std::string branch =
          approval_branch_name(p.report.app, p.step->next.release->revision, *p.step->approval_wave);
      bool pushed = std::find(report.approval_branches.begin(), report.approval_branches.end(), branch) !=
                    report.approval_branches.end();
      if (pushed) {
        if (auto opened = open(p, p.step->next, *p.step->approval_wave); !opened.ok())
          report_error(*app_report, branch, opened.error());
      }
    }
    if (auto a = approvals_.find(p.report.app); a != approvals_.end()) {
      finish_approval(p, a->second, commit, *app_report);
    } else if (p.report.state) {
      comment_outcome(p, commit, *app_report);
    }
  }
}

}  // namespace fleetwave
