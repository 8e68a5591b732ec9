// FleetSettings spec.hydration and WavePlan spec.hydrate: which apps are hydrated, onto which
// branch, and the mistakes named at their file, line, column and field.
#include "reconcile/hydration/hydration_settings.h"

#include <gtest/gtest.h>

#include "base/clock.h"
#include "reconcile/hydration/hydrator.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

const std::string kSettingsHead = "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n";

Result<LocatedFleetSettings, ErrorList> settings_of(const std::string& spec) {
  testkit::InMemoryGitRepository repo;
  std::map<std::string, std::string> files = {{"clusters/a.yaml", "kind: Cluster\n"}};
  if (!spec.empty()) files["policies/fleet.yaml"] = kSettingsHead + spec;
  const std::string head = repo.seed(files);
  BlobCache blobs;
  return read_fleet_settings(repo, blobs, head);
}

TEST(HydrationSettings, ReadsTheBranchAndTheFleetDefault) {
  struct Case {
    std::string name;
    std::string spec;
    std::string branch;
    bool enabled;
    HydratedBy by = HydratedBy::Fleetwave;
  } cases[] = {
      {"no FleetSettings", "", "", true},
      {"no hydration", "spec: {namespaceOnlyClusters: skip}\n", "", true},
      {"every app", "spec:\n  hydration: {targetBranch: fleetwave/hydrated}\n", "fleetwave/hydrated", true},
      {"apps opt in", "spec:\n  hydration: {targetBranch: env/prod, enabled: false}\n", "env/prod", false},
      {"said by name", "spec:\n  hydration: {targetBranch: h, hydrator: fleetwave}\n", "h", true},
      {"Argo CD writes it", "spec:\n  hydration: {targetBranch: h, hydrator: argocd}\n", "h", true, HydratedBy::ArgoCd},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto read = settings_of(c.spec);
    ASSERT_TRUE(read.ok()) << read.error().front().to_string();
    EXPECT_EQ(read->settings.hydration.target_branch, c.branch);
    EXPECT_EQ(read->settings.hydration.enabled, c.enabled);
    EXPECT_EQ(read->settings.hydration.hydrated_by, c.by);
    EXPECT_EQ(read->file, c.spec.empty() ? "" : "policies/fleet.yaml");
  }
}

TEST(HydrationSettings, NamesTheFieldAndTheFix) {
  struct Case {
    std::string name;
    std::string spec;
    std::string error;
  } cases[] = {
      {"no branch", "spec:\n  hydration: {enabled: true}\n",
       "policies/fleet.yaml:5:14: spec.hydration.targetBranch: required field is missing"},
      {"not a branch", "spec:\n  hydration:\n    targetBranch: \"hydrated..x\"\n",
       "policies/fleet.yaml:6:19: spec.hydration.targetBranch: \"hydrated..x\" is not a branch name: must not contain "
       "'..', '//', '/.' or '@{' (e.g. fleetwave/hydrated)"},
      {"no such hydrator", "spec:\n  hydration: {targetBranch: h, hydrator: argo}\n",
       "policies/fleet.yaml:5:42: spec.hydration.hydrator: unsupported value \"argo\": expected fleetwave (the "
       "reconciler writes the branch, the default) or argocd (Argo CD's Source Hydrator does)"},
      {"misspelt", "spec:\n  hydration: {targetBrunch: x}\n",
       "policies/fleet.yaml:5:29: spec.hydration.targetBrunch: unknown field \"targetBrunch\"; did you mean "
       "\"targetBranch\"?"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto read = settings_of(c.spec);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().front().to_string(), c.error);
  }
}

TEST(HydrationSettings, AWavePlanOverridesTheFleetDefault) {
  auto app = [](std::optional<bool> hydrate) {
    AppDefinition a;
    a.name = "shop";
    a.path = "apps/shop";
    a.plan.emplace();
    a.plan->hydrate = hydrate;
    return a;
  };
  AppDefinition broken;
  broken.name = "broken";
  struct Case {
    std::string name;
    HydrationSettings settings;
    AppDefinition app;
    bool hydrated;
  } cases[] = {
      {"off without a branch", {"", true}, app(true), false},
      {"fleet default", {"h", true}, app(std::nullopt), true},
      {"app opts out", {"h", true}, app(false), false},
      {"app opts in", {"h", false}, app(true), true},
      {"fleet says no", {"h", false}, app(std::nullopt), false},
      {"broken WavePlan", {"h", true}, broken, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(app_is_hydrated(c.settings, c.app), c.hydrated);
    EXPECT_EQ(hydrated_apps(c.settings, {c.app}).size(), c.hydrated ? 1u : 0u);
  }
}

// The hydrated branch may not be the tracked one: the Hydrator refuses before writing anything.
TEST(HydrationSettings, TheTrackedBranchIsNoHydratedBranch) {
  testkit::InMemoryGitRepository repo;
  const std::string head =
      repo.seed({{"policies/fleet.yaml", kSettingsHead + "spec:\n  hydration: {targetBranch: main}\n"}});
  BlobCache blobs;
  ManualClock clock(0);
  SystemSleeper sleeper;  // never sleeps: nothing is pushed
  SystemRandom random(1);
  StepWriter writer(repo, clock, sleeper, random);
  Hydrator hydrator(repo, blobs, writer, {.tracked_branch = "main"});
  AppDefinition app;
  app.name = "shop";
  app.plan.emplace();
  auto synced = hydrator.sync(head, {app});
  ASSERT_FALSE(synced.ok());
  EXPECT_EQ(synced.error().to_string(),
            "policies/fleet.yaml: spec.hydration.targetBranch: is the branch fleetwave tracks (main); name a branch "
            "of its own, e.g. fleetwave/hydrated");
  EXPECT_EQ(repo.pushes(), 0);
}

}  // namespace
}  // namespace fleetwave
