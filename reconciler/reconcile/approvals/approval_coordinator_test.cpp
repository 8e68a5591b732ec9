// Pull-request approvals end to end: the reconcile cycle against a real Git remote (file://,
// libgit2), an in-memory Argo CD and the recorded-shape fake GitHub / GitLab API.
#include "reconcile/approvals/approval_coordinator.h"

#include <sstream>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "reconcile/approvals/approval_hook.h"
#include "reconcile/reconciler.h"
#include "rollout/commit_message.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/fakes/fake_hosting_server.h"
#include "testkit/fakes/in_memory_argocd.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave {
namespace {

using testkit::FakeGitProvider;
using testkit::FakeProviderKind;

std::string deployment(const std::string& image) { return testkit::deployment(image, 2); }

// The test fleet (clusters reached by name, two replicas on every cluster) with europe needing an
// approval and moving whole.
std::map<std::string, std::string> fleet_files() {
  auto f = testkit::fleet_files({.api_endpoints = false, .replicas = 2, .policy = testkit::kPlacedEverywhere});
  f["apps/shop/rollout.yaml"] =
      "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  waves:\n"
      "  - name: canary\n    clusters: {clusterNames: [dev-1]}\n    minSuccessTime: 10s\n"
      "  - name: europe\n    clusters: {labelSelector: {matchLabels: {geo: eu}}}\n    approval: required\n"
      "  - name: rest\n    clusters: {}\n";
  return f;
}

class ApprovalFlowTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override { set_up_remote("fw-approvals", fleet_files()); }

  void start(FakeProviderKind kind, std::vector<std::string> allowed_reviewers = {}) {
    testkit::FakeGitProviderOptions options;
    options.kind = kind;
    auto fake = FakeGitProvider::start(options);
    ASSERT_TRUE(fake.ok());
    fake_ = std::move(fake).value();
    auto provider = make_approval_provider({kind == FakeProviderKind::GitHub ? "github" : "gitlab", fake_->api_url(),
                                            "acme/fleet", fake_->options().token, ""});
    ASSERT_TRUE(provider.ok()) << provider.error().to_string();
    provider_ = std::move(provider).value();
    repo_ = open_cache();
    ASSERT_TRUE(repo_);
    hook_.emplace(*repo_, "main", provider_.get(), std::move(allowed_reviewers));
    ReconcilerOptions options_with_provider;
    options_with_provider.hooks = {&*hook_};
    reconciler_.emplace(*repo_, argocd_, clock_, options_with_provider);
  }

  // One cycle, then Argo CD syncs whatever is pinned and 11 s pass (canary bake time is 10 s).
  CycleReport cycle() {
    auto report = reconciler_->run_once();
    EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.error().to_string());
    argocd_.sync_to(targets(), clock_.now_ms());
    clock_.advance_ms(11'000);
    return report.ok() ? *report : CycleReport{};
  }

  // Cycles until the last Fleetwave-Action on main is `action` (at most 10).
  void cycle_until(const std::string& action) {
    for (int i = 0; i < 10 && last_action() != action; ++i) cycle();
    ASSERT_EQ(last_action(), action);
  }

  Json targets() {
    auto text = testkit::git(remote_, {"show", "main:.fleetwave/shop/targets.json"});
    return text.ok() ? Json::parse(*text) : Json::array();
  }
  std::string head() { return testkit::git(remote_, {"rev-parse", "main"}).value(); }
  std::string last_message() { return testkit::git(remote_, {"log", "-1", "--format=%B", "main"}).value(); }
  std::string last_action() {
    auto log = testkit::git(
        remote_, {"log", "-1", "--first-parent", "--format=%(trailers:key=Fleetwave-Action,valueonly)", "main"});
    return log.ok() ? *log : "";
  }

  static bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  }

  ManualClock clock_{1'800'000'000'000};
  testkit::InMemoryArgoCd argocd_;
  std::unique_ptr<FakeGitProvider> fake_;
  std::unique_ptr<ApprovalProvider> provider_;
  std::unique_ptr<git::LibGit2Repository> repo_;
  std::optional<ApprovalHook> hook_;
  std::optional<Reconciler> reconciler_;
};

TEST_F(ApprovalFlowTest, ReviewApprovalOnGitHubAdvancesTheWaveAndClosesTheRequest) {
  start(FakeProviderKind::GitHub);
  const std::string release = head();
  const std::string branch = "fleetwave/approve/shop/" + release.substr(0, 7) + "/europe";
  cycle_until("wait-approval");

  ASSERT_EQ(fake_->requests().size(), 1u);
  testkit::FakeRequest pr = fake_->requests()[0];
  EXPECT_EQ(pr.head, branch);
  EXPECT_EQ(pr.base, "main");
  EXPECT_EQ(pr.title, "fleetwave(shop): approve " + release.substr(0, 7) + " wave europe");
  EXPECT_TRUE(contains(pr.body, "| 2 | **europe** (this request) | 2 | required |")) << pr.body;
  EXPECT_TRUE(contains(pr.body, "Clusters of wave europe: `eu-1`, `eu-2`")) << pr.body;
  EXPECT_TRUE(contains(pr.body, "First release of shop")) << pr.body;
  EXPECT_TRUE(contains(pr.body, "+++ b/shop/eu-1 (" + release.substr(0, 7) + ")")) << pr.body;
  EXPECT_TRUE(contains(pr.body, "web:1.0")) << pr.body;
  EXPECT_FALSE(contains(pr.body, "b/shop/us-1")) << "only the gated wave's clusters";

  // Not approved yet (a comment is not an approval): nothing moves, no second request.
  ASSERT_TRUE(fake_->review(1, "bob", "COMMENTED").ok());
  std::string waiting_head = head();
  CycleReport waiting = cycle();
  EXPECT_TRUE(waiting.commits.empty());
  EXPECT_EQ(head(), waiting_head);
  EXPECT_EQ(fake_->requests().size(), 1u);
  ASSERT_EQ(waiting.apps.size(), 1u);
  EXPECT_TRUE(waiting.apps[0].errors.empty()) << to_string(waiting.apps[0].errors);

  // Alice approves: the next cycle records the approval itself, comments and closes.
  ASSERT_TRUE(fake_->review(1, "alice", "APPROVED").ok());
  CycleReport approved = cycle();
  ASSERT_EQ(approved.commits.size(), 1u);
  EXPECT_EQ(approved.apps[0].action, "approve");
  const std::string message = last_message();
  EXPECT_EQ(find_trailer(message, "Fleetwave-Action"), "approve");
  EXPECT_EQ(find_trailer(message, "Fleetwave-Wave"), "europe");
  EXPECT_EQ(find_trailer(message, "Fleetwave-Evidence"),
            "approved by alice in https://github.example/acme/fleet/pull/1");
  pr = *fake_->request(1);
  EXPECT_EQ(pr.state, "closed");
  ASSERT_EQ(pr.comments.size(), 1u);
  EXPECT_TRUE(contains(pr.comments[0], "Approved by @alice. fleetwave recorded the approval on `main` in " +
                                           approved.commits[0].substr(0, 7)))
      << pr.comments[0];

  // The wave starts: commented once, on the closed request.
  CycleReport started = cycle();
  EXPECT_EQ(started.apps[0].action, "advance");
  pr = *fake_->request(1);
  ASSERT_EQ(pr.comments.size(), 2u);
  EXPECT_TRUE(contains(pr.comments[1], "fleetwave: wave europe started.")) << pr.comments[1];
  EXPECT_TRUE(contains(pr.comments[1], started.commits[0].substr(0, 7))) << pr.comments[1];

  cycle_until("complete");
  pr = *fake_->request(1);
  ASSERT_EQ(pr.comments.size(), 3u) << "the second europe batch is not commented";
  EXPECT_TRUE(contains(pr.comments[2], "fleetwave: wave europe is done; the rollout moved on.")) << pr.comments[2];
  EXPECT_EQ(fake_->requests().size(), 1u);

  // A second release: the request shows the rendered diff against the stable release.
  push_as_person({{"commit", "-qm", "web 2.0"}}, {{"apps/shop/deploy.yaml", deployment("web:2.0")}});
  const std::string second = head();
  cycle_until("wait-approval");
  ASSERT_EQ(fake_->requests().size(), 2u);
  const std::string body = fake_->requests()[1].body;
  EXPECT_TRUE(
      contains(body, "From the stable release `" + release.substr(0, 7) + "` to `" + second.substr(0, 7) + "`."))
      << body;
  EXPECT_TRUE(contains(body, "--- a/shop/eu-1 (" + release.substr(0, 7) + ")")) << body;
  EXPECT_TRUE(contains(body, "````diff\n--- a/shop/eu-1 (" + release.substr(0, 7) + ")\n+++ b/shop/eu-1 (" +
                                 second.substr(0, 7) +
                                 ")\n@@ -8,5 +8,5 @@ Deployment shop/web\n   template:\n     spec:\n       "
                                 "containers:\n-      - image: web:1.0\n"
                                 "+      - image: web:2.0\n         name: web\n````\n"))
      << body;
  EXPECT_TRUE(contains(body, "<details><summary>eu-2</summary>")) << body;
}

TEST_F(ApprovalFlowTest, OnlyAllowedReviewersApprove) {
  start(FakeProviderKind::GitHub, {"alice"});
  cycle_until("wait-approval");
  const std::string url = "https://github.example/acme/fleet/pull/1";
  ASSERT_TRUE(fake_->review(1, "eve", "APPROVED").ok());
  CycleReport ignored = cycle();
  EXPECT_TRUE(ignored.commits.empty()) << "eve is not in approvals.allowedReviewers";
  ASSERT_EQ(ignored.apps.size(), 1u);
  EXPECT_EQ(ignored.apps[0].ignored, std::vector<std::string>{"review approval by @eve in " + url +
                                                              ": @eve is not in approvals.allowedReviewers"});
  EXPECT_FALSE(ignored.apps[0].blocked.empty());

  ASSERT_TRUE(fake_->review(1, "alice", "APPROVED").ok());
  CycleReport approved = cycle();
  ASSERT_EQ(approved.commits.size(), 1u);
  EXPECT_EQ(approved.apps[0].action, "approve");
  EXPECT_EQ(find_trailer(last_message(), "Fleetwave-Evidence"), "approved by alice in " + url)
      << "the approve names only the allowed reviewer";
  EXPECT_EQ(find_trailer(last_message(), "Fleetwave-Actor"), "@alice (review of " + url + ")");
}

TEST_F(ApprovalFlowTest, MergedMergeRequestOnGitLabIsTheApprovalAndIsOnlyCommented) {
  start(FakeProviderKind::GitLab);
  const std::string branch = "fleetwave/approve/shop/" + head().substr(0, 7) + "/europe";
  cycle_until("wait-approval");
  ASSERT_EQ(fake_->requests().size(), 1u);
  EXPECT_EQ(fake_->requests()[0].head, branch);

  // A reviewer merges the request: the merge lands on main (the Git flow), GitLab says merged.
  push_as_person({{"fetch", "-q", "origin", branch},
                  {"merge", "-q", "--no-ff", "-m", "Merge branch '" + branch + "'", "FETCH_HEAD"}});
  ASSERT_TRUE(fake_->set_state(1, "merged").ok());
  CycleReport started = cycle();
  ASSERT_EQ(started.apps.size(), 1u);
  EXPECT_EQ(started.apps[0].action, "advance") << started.apps[0].blocked << to_string(started.apps[0].errors);
  testkit::FakeRequest mr = *fake_->request(1);
  EXPECT_EQ(mr.state, "merged");
  ASSERT_EQ(mr.comments.size(), 1u);
  EXPECT_TRUE(contains(mr.comments[0], "fleetwave: wave europe started.")) << mr.comments[0];
  for (const std::string& line : fake_->request_log())
    EXPECT_FALSE(contains(line, "PUT ")) << "a merged request is never closed";
}

TEST_F(ApprovalFlowTest, ClosedWithoutMergingIsNotAnApproval) {
  start(FakeProviderKind::GitHub);
  cycle_until("wait-approval");
  ASSERT_TRUE(fake_->review(1, "alice", "APPROVED").ok());
  ASSERT_TRUE(fake_->set_state(1, "closed").ok());
  std::string before = head();
  CycleReport report = cycle();
  EXPECT_TRUE(report.commits.empty());
  EXPECT_EQ(head(), before);
  EXPECT_TRUE(contains(report.apps[0].blocked, "was closed without merging")) << report.apps[0].blocked;
  EXPECT_EQ(fake_->requests().size(), 1u) << "a declined request is not reopened";
}

TEST_F(ApprovalFlowTest, ProviderDownNeverBlocksTheGitFlow) {
  start(FakeProviderKind::GitHub);
  fake_->set_unavailable(true);
  const std::string branch = "fleetwave/approve/shop/" + head().substr(0, 7) + "/europe";
  cycle_until("wait-approval");
  EXPECT_TRUE(fake_->requests().empty());

  // Still down: reported as a Transient app error; the approval branch is on the remote.
  CycleReport down = cycle();
  ASSERT_EQ(down.apps.size(), 1u);
  ASSERT_EQ(down.apps[0].errors.size(), 1u);
  EXPECT_EQ(down.apps[0].errors[0].kind, ErrorKind::Transient);
  EXPECT_TRUE(contains(down.apps[0].errors[0].message, "approval request for " + branch + ": github API at "))
      << down.apps[0].errors[0].message;
  EXPECT_TRUE(contains(down.apps[0].errors[0].message, "HTTP 503")) << down.apps[0].errors[0].message;

  // Back up: the request is opened late; the reviewer approves; the wave advances.
  fake_->set_unavailable(false);
  CycleReport up = cycle();
  EXPECT_TRUE(up.apps[0].errors.empty()) << to_string(up.apps[0].errors);
  ASSERT_EQ(fake_->requests().size(), 1u);
  ASSERT_TRUE(fake_->review(1, "alice", "APPROVED").ok());
  cycle_until("advance");
  EXPECT_EQ(fake_->request(1)->state, "closed");

  // Down again for the rest of the rollout: Git carries on to completion regardless.
  fake_->set_unavailable(true);
  cycle_until("complete");
}

TEST_F(ApprovalFlowTest, MergingTheBranchWorksWhileTheProviderIsDown) {
  start(FakeProviderKind::GitLab);
  fake_->set_unavailable(true);
  const std::string branch = "fleetwave/approve/shop/" + head().substr(0, 7) + "/europe";
  cycle_until("wait-approval");
  push_as_person({{"fetch", "-q", "origin", branch}, {"merge", "-q", "--no-ff", "-m", "approve europe", "FETCH_HEAD"}});
  cycle_until("complete");
}

}  // namespace
}  // namespace fleetwave
