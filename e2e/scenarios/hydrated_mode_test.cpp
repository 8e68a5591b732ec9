// Hydrated mode (issue 31): the example fleet with FleetSettings spec.hydration, and an Argo CD
// simulator whose Applications sync the plain directories <app>/<cluster> of the hydrated branch
// (no plugin call). Releases roll through every wave (the reconciler reads Argo CD's hydrated
// revisions back to the pins), every simulated cluster runs exactly what fleetwave-render prints
// at its pin, and a bad release rolls back to the stable bytes.
#include <set>
#include <sstream>

#include "argocd_sim/manifest_parser.h"
#include "scenario_test.h"

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

}  // namespace
}  // namespace fleetwave::e2e
