// Hydrated mode (issue 31): the example fleet with FleetSettings spec.hydration, and an Argo CD
// simulator whose Applications sync the plain directories <app>/<cluster> of the hydrated branch
// (no plugin call). Releases roll through every wave (the reconciler reads Argo CD's hydrated
// revisions back to the pins), every simulated cluster runs exactly what fleetwave-render prints
// at its pin, and a bad release rolls back to the stable bytes. With an approval gate, the pull
// request (a fake of GitHub's API) shows each gated cluster's diff: exactly the lines its
// directory on the hydrated branch changes by once the wave is approved.
#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "argocd_sim/manifest_parser.h"
#include "scenario_test.h"
#include "testkit/fakes/fake_hosting_server.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::e2e {
namespace {

constexpr const char* kHydratedBranch = "fleetwave/hydrated";

class HydratedModeE2eTest : public ScenarioTest {
 protected:
  std::map<std::string, std::string> fleet_changes() override {
    std::map<std::string, std::string> changes = ScenarioTest::fleet_changes();
    changes["policies/fleet-settings.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
        "spec:\n  hydration: {targetBranch: fleetwave/hydrated}\n";
    return changes;
  }
  void configure(StackOptions& options) override { options.sim_hydrated_branch = kHydratedBranch; }

  // Both branches agree: every hydrated commit names a distinct step of main, the newest names
  // main's newest step that moved a pin, and each guestbook directory holds what fleetwave-render
  // prints for its cluster at its pin.
  void expect_branches_consistent() {
    FleetRepo& repo = stack_->repo();
    std::string newest;
    Status<> caught_up = poll_until(
        [&] {
          auto last = repo.git(repo.bare_path(),
                               {"log", "-1", "--format=%H", "main", "--", ":(glob).fleetwave/*/targets.json"});
          auto named =
              repo.git(repo.bare_path(),
                       {"log", "-1", "--format=%(trailers:key=Fleetwave-Step,valueonly,separator=)", kHydratedBranch});
          newest = last.ok() ? *last : "";
          return last.ok() && named.ok() && *named == *last;
        },
        Millis(20000), "the hydrated branch to name main's newest step", Millis(100));
    E2E_ASSERT_OK(caught_up);
    E2E_ASSERT_OK_AND_ASSIGN(
        log, repo.git(repo.bare_path(),
                      {"log", "--format=%(trailers:key=Fleetwave-Step,valueonly,separator=)", kHydratedBranch}));
    std::istringstream lines(log);
    std::set<std::string> steps;
    for (std::string step; std::getline(lines, step);) {
      EXPECT_TRUE(steps.insert(step).second) << "hydrated twice: " << step;
      EXPECT_TRUE(repo.git(repo.bare_path(), {"merge-base", "--is-ancestor", step, "main"}).ok()) << step;
    }
    E2E_ASSERT_OK_AND_ASSIGN(targets, repo.targets(kGuestbook));
    for (const Json& t : targets) {
      const std::string cluster = string_at(t, {"cluster"});
      E2E_ASSERT_OK_AND_ASSIGN(
          text, repo.file_at(kHydratedBranch, std::string(kGuestbook) + "/" + cluster + "/manifest.yaml"));
      E2E_ASSERT_OK_AND_ASSIGN(hydrated_objects, sim::parse_manifests(text));
      E2E_ASSERT_OK_AND_ASSIGN(rendered, stack_->render(string_at(t, {"revision"}), string_at(t, {"path"}), cluster));
      EXPECT_EQ(Json(hydrated_objects), Json(rendered)) << cluster;
    }
  }

  std::string hydrated(const std::string& what) {
    Result<std::string> out = stack_->repo().git(stack_->repo().bare_path(), {"rev-parse", what});
    EXPECT_TRUE(out.ok()) << what;
    return out.ok() ? *out : "";
  }
};

TEST_F(HydratedModeE2eTest, ReleasesRollThroughPlainDirectoriesAndABadOneRollsBackToTheStableBytes) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
  const std::string dev1 = std::string(kHydratedBranch) + ":guestbook/dev-1/manifest.yaml";
  const std::string stable_blob = hydrated(dev1);
  const std::map<std::string, std::string> stable_images = live_images();

  // A bad release: the canary runs it, is Degraded, and gets the stable bytes back.
  std::vector<AuditEntry> steps;
  ship_and_expect_canary_rollback("1.5.0-broken", Millis(60000), steps);
  ASSERT_FALSE(HasFatalFailure());
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  EXPECT_EQ(hydrated(dev1), stable_blob) << "the very blob the stable release had";
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
  EXPECT_EQ(live_images(), stable_images);

  // A good one rolls through every wave.
  const std::string release = ship_guestbook("1.5.0", "1.5.0-broken");
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(90000)));
  expect_complete_rollout(release);
  for (const auto& [cluster, image] : live_images())
    EXPECT_NE(image.find(":1.5.0"), std::string::npos) << cluster << " " << image;

  // Every sync read a directory of the hydrated branch; the plugin never ran.
  E2E_ASSERT_OK_AND_ASSIGN(events, stack_->sim().get("/sim/v1/events"));
  int syncs = 0;
  for (const Json& e : events) {
    if (string_at(e, {"type"}) != "sync-started") continue;
    ++syncs;
    EXPECT_NE(string_at(e, {"detail"}).find("no plugin"), std::string::npos) << e.dump();
  }
  EXPECT_GT(syncs, 0);
  E2E_ASSERT_OK_AND_ASSIGN(apps, stack_->sim().applications(kGuestbook));
  for (const Json& a : apps) {
    const Json& source = a["spec"]["source"];
    EXPECT_EQ(string_at(source, {"targetRevision"}), kHydratedBranch);
    EXPECT_FALSE(source.contains("plugin")) << source.dump();
  }
  // The hydrated tip names its step, a commit of main.
  E2E_ASSERT_OK_AND_ASSIGN(
      step, stack_->repo().git(stack_->repo().bare_path(),
                               {"log", "-1", "--format=%(trailers:key=Fleetwave-Step,valueonly)", kHydratedBranch}));
  ASSERT_GE(step.size(), 40u);
  E2E_ASSERT_OK(
      stack_->repo().git(stack_->repo().bare_path(), {"merge-base", "--is-ancestor", step.substr(0, 40), "main"}));
  expect_branches_consistent();
}

// Two replicas race on both branches and one is killed (-9) mid-rollout: whatever it left
// half done (a step pushed, its hydrated commit not) the other and the restarted one finish,
// and the branches still agree.
class HydratedKillE2eTest : public HydratedModeE2eTest {
 protected:
  void configure(StackOptions& options) override {
    HydratedModeE2eTest::configure(options);
    options.replicas = 2;
  }
};

TEST_F(HydratedKillE2eTest, KillNineAndRacingReplicasLeaveBothBranchesConsistent) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  const std::string release = ship_guestbook("1.5.0");
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(stack_->wait_for_actions(kGuestbook, guestbook_first_ + 2, Millis(60000)));  // start, advance
  stack_->fleetwave(0).kill9();
  E2E_ASSERT_OK(stack_->wait_for_actions(kGuestbook, guestbook_first_ + 3, Millis(60000)));  // the other goes on
  E2E_ASSERT_OK(stack_->fleetwave(0).restart());
  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(90000)));
  expect_complete_rollout(release);
  expect_branches_consistent();
}

// The europe wave needs an approval, asked for in pull requests on a fake GitHub.
class HydratedApprovalE2eTest : public HydratedModeE2eTest {
 protected:
  std::map<std::string, std::string> fleet_changes() override {
    std::map<std::string, std::string> changes = HydratedModeE2eTest::fleet_changes();
    require_approval(changes, "      maxConcurrency: 50%\n");
    return changes;
  }
  void configure(StackOptions& options) override {
    HydratedModeE2eTest::configure(options);
    auto github = testkit::FakeGitProvider::start();
    auto dir = testkit::TempDir::create("fw-e2e-github");
    ASSERT_TRUE(github.ok() && dir.ok());
    github_ = std::move(github).value();
    secrets_.emplace(std::move(dir).value());
    const std::string token_file = *secrets_ / "github-token";
    std::ofstream(token_file) << github_->options().token << "\n";
    options.serve_args = {"--approvals-provider",   "github",     "--approvals-api-url",    github_->api_url(),
                          "--approvals-repository", "acme/fleet", "--approvals-token-file", token_file};
  }

  // The pull request asking to approve the wave of the newest release, once it is open.
  testkit::FakeRequest wait_for_request(std::size_t count) {
    testkit::FakeRequest newest;
    Status<> opened = poll_until(
        [&] {
          std::vector<testkit::FakeRequest> all = github_->requests();
          if (all.size() < count) return false;
          newest = all.back();
          return true;
        },
        Millis(30000), "the approval pull request", Millis(100));
    EXPECT_TRUE(opened.ok()) << stack_->diagnostics();
    return newest;
  }

  // The + and - lines of `cluster`'s diff in a request body (file headers left out), sorted.
  static std::vector<std::string> changed_lines_in_body(const std::string& body, const std::string& cluster) {
    const std::string summary = "<summary>" + cluster + "</summary>";
    std::size_t at = body.find(summary);
    if (at == std::string::npos) return {"(no section for " + cluster + ")"};
    const std::size_t begin = body.find("```diff\n", at), end = body.find("```\n</details>", at);
    return changed_lines(body.substr(begin + 8, end - begin - 8));
  }
  static std::vector<std::string> changed_lines(const std::string& diff) {
    std::istringstream in(diff);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("+++", 0) == 0 || line.rfind("---", 0) == 0) continue;
      if (!line.empty() && (line[0] == '+' || line[0] == '-')) lines.push_back(line);
    }
    std::sort(lines.begin(), lines.end());
    return lines;
  }
  // The lines `cluster`'s manifest.yaml changes by from hydrated commit `from` to `to`.
  std::vector<std::string> changed_lines_hydrated(const std::string& from, const std::string& to,
                                                  const std::string& cluster) {
    auto diff =
        stack_->repo().git(stack_->repo().bare_path(),
                           {"diff", "-U0", from, to, "--", std::string(kGuestbook) + "/" + cluster + "/manifest.yaml"});
    EXPECT_TRUE(diff.ok());
    return diff.ok() ? changed_lines(*diff) : std::vector<std::string>{};
  }
  std::vector<std::string> europe_clusters() {
    std::vector<std::string> europe;
    auto targets = stack_->repo().targets(kGuestbook);
    EXPECT_TRUE(targets.ok());
    if (!targets.ok()) return europe;
    for (const Json& t : *targets) {
      if (string_at(t, {"wave"}) == "europe") europe.push_back(string_at(t, {"cluster"}));
    }
    return europe;
  }

  std::unique_ptr<testkit::FakeGitProvider> github_;
  std::optional<testkit::TempDir> secrets_;
};

TEST_F(HydratedApprovalE2eTest, TheApprovalRequestShowsExactlyTheLinesEachGatedClusterChangesBy) {
  // The seed: canary, then the pull request for europe; a review approves it.
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "wait-approval", Millis(60000)));
  const testkit::FakeRequest first = wait_for_request(1);
  ASSERT_FALSE(HasFatalFailure());
  E2E_ASSERT_OK(github_->review(first.number, "rita", "APPROVED"));
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "complete", Millis(90000)));
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  const std::vector<std::string> europe = europe_clusters();
  ASSERT_EQ(europe.size(), 3u) << join(europe);

  // The next release waits at the gate again; its request shows the per-cluster diff.
  const std::string release = ship_guestbook("1.5.0");
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(wait_for_guestbook("wait-approval", Millis(60000)));
  const testkit::FakeRequest second = wait_for_request(2);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_NE(second.number, first.number);
  const std::string before = hydrated(kHydratedBranch);  // europe still holds the stable bytes
  for (const std::string& cluster : europe) {
    EXPECT_NE(second.body.find("<summary>" + cluster + "</summary>"), std::string::npos) << second.body;
  }

  E2E_ASSERT_OK(github_->review(second.number, "rita", "APPROVED"));
  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(90000)));
  EXPECT_EQ(actions_after(kGuestbook, steps_before_ship_),
            (std::vector<std::string>{"start", "wait-approval", "approve", "advance", "advance", "advance", "advance",
                                      "complete"}));
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
  expect_branches_consistent();
  const std::string after = hydrated(kHydratedBranch);
  for (const std::string& cluster : europe) {
    SCOPED_TRACE(cluster);
    const std::vector<std::string> shown = changed_lines_in_body(second.body, cluster);
    EXPECT_FALSE(shown.empty());
    EXPECT_EQ(shown, changed_lines_hydrated(before, after, cluster)) << second.body;
  }
}

}  // namespace
}  // namespace fleetwave::e2e
