// The reconcile cycle end to end against a real Git remote (file://, libgit2) and an in-memory
// Argo CD: wave-by-wave rollout, rollback, human revert, broken app isolation, racing writers.
#include "reconcile/reconciler.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "adapters/git/libgit2_repository.h"
#include "rollout/commit_message.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/fakes/in_memory_argocd.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave {
namespace {

using testkit::InMemoryArgoCd;

// The test fleet with clusters reached by name, two replicas placed on every cluster.
const testkit::FleetShape kShape{.api_endpoints = false, .replicas = 2, .policy = testkit::kPlacedEverywhere};

std::string deployment(const std::string& image) { return testkit::deployment(image, kShape.replicas); }
std::map<std::string, std::string> fleet_files() { return testkit::fleet_files(kShape); }
using testkit::wave_plan;

// One cycle, then Argo CD syncs whatever is pinned.
CycleReport cycle(Reconciler& r, InMemoryArgoCd& argocd, ManualClock& clock, const std::function<Json()>& targets) {
  auto report = r.run_once();
  EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.error().to_string());
  argocd.sync_to(targets(), clock.now_ms());
  return report.ok() ? *report : CycleReport{};
}

class ReconcilerTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override { set_up_remote("fw-reconciler", fleet_files()); }

  // A person's commit on the remote's main branch, made with the git CLI in a scratch clone.
  void human_commit(const std::vector<std::string>& git_args, const std::map<std::string, std::string>& files = {}) {
    push_as_person({git_args}, files);
  }

  // Fleetwave-Action trailers of the branch, oldest first.
  std::vector<std::string> actions() {
    auto log = testkit::git(
        remote_, {"log", "--reverse", "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", "main"});
    std::vector<std::string> out;
    std::istringstream in(log.ok() ? *log : "");
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) out.push_back(line);
    }
    return out;
  }

  Json targets(const std::string& app = "shop") {
    auto text = testkit::git(remote_, {"show", "main:.fleetwave/" + app + "/targets.json"});
    return text.ok() ? Json::parse(*text) : Json::array();
  }

  std::map<std::string, std::string> pins(const std::string& app = "shop") {
    std::map<std::string, std::string> out;
    for (const Json& t : targets(app)) out[t["cluster"]] = t["revision"].get<std::string>().substr(0, 7);
    return out;
  }

  std::string head() { return testkit::git(remote_, {"rev-parse", "main"}).value(); }

  // A person's commit of app db (placed like shop) with `db_plan`, and more `files`.
  void add_db_app(const std::string& db_plan, std::map<std::string, std::string> files = {}) {
    std::string db_policy = kShape.policy;
    db_policy.replace(db_policy.find("name: shop"), 10, "name: db");
    files["apps/db/deploy.yaml"] = deployment("db:1.0");
    files["apps/db/policy.yaml"] = db_policy;
    files["apps/db/rollout.yaml"] = db_plan;
    human_commit({"commit", "-qm", "db"}, files);
  }

  // The pins of db and shop, as Argo CD follows them.
  Json db_and_shop_targets() {
    Json all = targets("db");
    for (const Json& t : targets("shop")) all.push_back(t);
    return all;
  }

  // Runs cycles of `r` 11 s apart, as many as shop's first release takes to complete; returns
  // the action of the last step ("complete").
  std::string roll_out_first_release(Reconciler& r) {
    auto targets = [&] { return this->targets(); };
    for (int i = 0; i < 8; ++i) {
      cycle(r, argocd_, clock_, targets);
      clock_.advance_ms(11'000);
    }
    return actions().back();
  }

  ManualClock clock_{1'800'000'000'000};
  InMemoryArgoCd argocd_;
};

TEST_F(ReconcilerTest, RollsOutWaveByWaveToCompletion) {
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto targets = [&] { return this->targets(); };
  std::string release = head().substr(0, 7);

  cycle(r, argocd_, clock_, targets);
  EXPECT_EQ(pins(), (std::map<std::string, std::string>{{"dev-1", release}}));
  CycleReport baking = cycle(r, argocd_, clock_, targets);
  ASSERT_EQ(baking.apps.size(), 1u);
  EXPECT_EQ(baking.apps[0].blocked, "wave 1/3 canary healthy for 0s of minSuccessTime 10s, 10s left");
  EXPECT_TRUE(baking.commits.empty());
  // The report carries what Argo CD answered (serve's status shows it without asking again).
  EXPECT_TRUE(baking.apps[0].observations.reachable);
  ASSERT_TRUE(baking.apps[0].observations.by_cluster.count("dev-1"));
  EXPECT_EQ(baking.apps[0].observations.by_cluster.at("dev-1").sync_result_revision.substr(0, 7), release);

  clock_.advance_ms(11'000);
  for (int i = 0; i < 6; ++i) {
    cycle(r, argocd_, clock_, targets);
    clock_.advance_ms(1000);
  }
  EXPECT_EQ(actions(), (std::vector<std::string>{"start", "advance", "advance", "advance", "complete"}));
  EXPECT_EQ(pins(), (std::map<std::string, std::string>{
                        {"dev-1", release}, {"eu-1", release}, {"eu-2", release}, {"us-1", release}}));
  auto subject = testkit::git(remote_, {"log", "-1", "--format=%s", "main"});
  EXPECT_EQ(*subject, "fleetwave(shop): complete " + release + " on 4 clusters");

  // A new release: only the canary moves; the rest stays on the stable release.
  human_commit({"commit", "-qm", "web 1.1"}, {{"apps/shop/deploy.yaml", deployment("web:1.1")}});
  std::string next = head().substr(0, 7);
  cycle(r, argocd_, clock_, targets);
  EXPECT_EQ(pins(), (std::map<std::string, std::string>{
                        {"dev-1", next}, {"eu-1", release}, {"eu-2", release}, {"us-1", release}}));
}

TEST_F(ReconcilerTest, FailureRollsBackToTheStableRelease) {
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto targets = [&] { return this->targets(); };
  ASSERT_EQ(roll_out_first_release(r), "complete");
  std::string stable = head();
  human_commit({"commit", "-qm", "web broken"}, {{"apps/shop/deploy.yaml", deployment("web:broken")}});
  std::string bad = head().substr(0, 7);
  argocd_.break_cluster("dev-1");
  cycle(r, argocd_, clock_, targets);  // start: dev-1 pinned to the bad release
  EXPECT_EQ(pins().at("dev-1"), bad);
  cycle(r, argocd_, clock_, targets);  // dev-1 Degraded -> rollback
  EXPECT_EQ(actions().back(), "rollback");
  for (const auto& [cluster, rev] : pins()) EXPECT_NE(rev, bad) << cluster;
  // Held: nothing more happens until a newer release.
  clock_.advance_ms(60'000);
  CycleReport held = cycle(r, argocd_, clock_, targets);
  EXPECT_TRUE(held.commits.empty());
  EXPECT_NE(held.apps[0].blocked.find("is held"), std::string::npos) << held.apps[0].blocked;
}

TEST_F(ReconcilerTest, HumanRevertOfAnAdvancePausesInsteadOfBeingUndone) {
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto targets = [&] { return this->targets(); };
  cycle(r, argocd_, clock_, targets);  // start
  clock_.advance_ms(11'000);
  cycle(r, argocd_, clock_, targets);  // advance to europe
  ASSERT_EQ(actions().back(), "advance");
  human_commit({"revert", "--no-edit", "HEAD"});
  auto reverted_pins = pins();
  EXPECT_EQ(reverted_pins.count("eu-1"), 0u);
  CycleReport paused = cycle(r, argocd_, clock_, targets);
  EXPECT_EQ(actions().back(), "pause");
  EXPECT_EQ(pins(), reverted_pins) << "the human's rollback is kept";
  clock_.advance_ms(60'000);
  CycleReport still = cycle(r, argocd_, clock_, targets);
  EXPECT_TRUE(still.commits.empty());
  EXPECT_EQ(still.apps[0].blocked.rfind("paused: manual change to .fleetwave/shop in ", 0), 0u)
      << still.apps[0].blocked;
}

TEST_F(ReconcilerTest, ABadWavePlanIsReportedWhileOtherAppsProceed) {
  human_commit({"commit", "-qm", "add a broken app"},
               {{"apps/bad/rollout.yaml",
                 "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: bad}\n"
                 "spec:\n  waves:\n  - name: Canary\n    clusters: {}\n    minSuccessTime: soon\n"}});
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto report = r.run_once();
  ASSERT_TRUE(report.ok()) << report.error().to_string();
  ASSERT_EQ(report->apps.size(), 2u);
  const AppReport& bad = report->apps[0];
  EXPECT_EQ(bad.app, "bad");
  std::vector<std::string> errors;
  for (const Error& e : bad.errors) errors.push_back(e.to_string());
  EXPECT_EQ(errors,
            (std::vector<std::string>{
                "apps/bad/rollout.yaml:6:11: spec.waves[0].name: must consist of lowercase letters, digits and '-'",
                "apps/bad/rollout.yaml:8:21: spec.waves[0].minSuccessTime: invalid duration \"soon\"; use a number "
                "with a unit, e.g. 30s, 10m, 1h30m"}));
  EXPECT_EQ(report->apps[1].app, "shop");
  EXPECT_EQ(report->apps[1].action, "start");
}

// db and shop released by one commit; shop depends on db: each of shop's waves starts only
// after db's release has completed the wave of the same name.
TEST_F(ReconcilerTest, APersonsStepFromTheBoardIsOneCommitAuthoredByThem) {
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto targets = [&] { return this->targets(); };
  cycle(r, argocd_, clock_, targets);  // start
  const std::string before = head();
  const git::Signature alice{"Alice Doe", "alice@example.com", 0, 0};
  const ManualRequest pause{"pause", std::nullopt, {}, "incident 42"};

  auto dry = r.take_manual_step("shop", pause, alice, true);
  ASSERT_TRUE(dry.ok()) << dry.error().to_string();
  EXPECT_EQ(head(), before) << "a dry run writes nothing";
  EXPECT_EQ(dry->head, before);
  EXPECT_EQ(dry->commit, "");
  EXPECT_EQ(dry->subject, "fleetwave(shop): pause (incident 42)");
  EXPECT_NE(dry->message.find("Fleetwave-Action: pause\n"), std::string::npos) << dry->message;
  EXPECT_NE(dry->message.find("Fleetwave-Actor: Alice Doe <alice@example.com>"), std::string::npos) << dry->message;
  EXPECT_NE(dry->diff.find("+++ b/.fleetwave/shop/state.yaml"), std::string::npos) << dry->diff;
  EXPECT_NE(dry->diff.find("+paused: true"), std::string::npos) << dry->diff;

  auto done = r.take_manual_step("shop", pause, alice, false);
  ASSERT_TRUE(done.ok()) << done.error().to_string();
  EXPECT_EQ(head(), done->commit);
  EXPECT_EQ(testkit::git(remote_, {"log", "-1", "--format=%an <%ae>|%P", "main"}).value(),
            "Alice Doe <alice@example.com>|" + before);
  EXPECT_EQ(actions().back(), "pause");
  EXPECT_EQ(done->message, dry->message) << "the dry run showed the very commit";

  auto again = r.take_manual_step("shop", pause, alice, false);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().kind, ErrorKind::Conflict) << again.error().to_string();
  auto unknown = r.take_manual_step("nope", pause, alice, true);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
  EXPECT_NE(unknown.error().message.find("apps: shop"), std::string::npos) << unknown.error().message;
  EXPECT_EQ(head(), done->commit) << "refusals write nothing";
  clock_.advance_ms(60'000);
  EXPECT_TRUE(cycle(r, argocd_, clock_, targets).commits.empty()) << "the paused app does not move";
}

TEST_F(ReconcilerTest, ADependentAppEntersEachWaveAfterItsDependency) {
  std::string db_plan = wave_plan("db");
  std::string shop_plan = wave_plan("shop");
  shop_plan.replace(shop_plan.find("spec:\n"), 6, "spec:\n  dependsOn: [db]\n");
  add_db_app(db_plan, {{"apps/shop/rollout.yaml", shop_plan}});
  const std::string release = head().substr(0, 7);
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto both = [&] { return db_and_shop_targets(); };
  CycleReport first = cycle(r, argocd_, clock_, both);
  ASSERT_EQ(first.apps.size(), 2u);
  EXPECT_EQ(first.apps[0].action, "start");
  EXPECT_EQ(first.apps[1].action, "");
  EXPECT_EQ(first.apps[1].blocked, "waiting for dependency db (its release of " + release +
                                       " has not started): it must be stable or past its wave canary before wave "
                                       "1/3 canary starts");
  for (int i = 0; i < 40; ++i) {
    const std::size_t asked = argocd_.queries();
    cycle(r, argocd_, clock_, both);
    EXPECT_LE(argocd_.queries() - asked, 1u) << "cycle " << i << ": one Argo CD read for both apps at most";
    if (i == 0) {
      EXPECT_EQ(argocd_.queries() - asked, 1u) << "both apps in flight: observed together";
    }
    clock_.advance_ms(4000);
  }
  // (app, action, wave) of every step, oldest first.
  auto log = testkit::git(remote_, {"log", "--reverse",
                                    "--format=%(trailers:key=Fleetwave-App,valueonly,separator=) "
                                    "%(trailers:key=Fleetwave-Action,valueonly,separator=) "
                                    "%(trailers:key=Fleetwave-Wave,valueonly,separator=)",
                                    "main"});
  ASSERT_TRUE(log.ok());
  std::vector<std::string> steps;
  std::istringstream lines(*log);
  for (std::string line; std::getline(lines, line);) {
    if (line.size() > 3) steps.push_back(line);
  }
  auto at = [&](const std::string& step) {
    auto it = std::find(steps.begin(), steps.end(), step);
    EXPECT_NE(it, steps.end()) << step << " missing from\n" << testing::PrintToString(steps);
    return it - steps.begin();
  };
  EXPECT_LT(at("db advance europe"), at("shop start canary"));
  EXPECT_LT(at("db advance rest"), at("shop advance europe"));
  EXPECT_LT(at("db complete rest"), at("shop advance rest"));
  at("shop complete rest");
}

TEST_F(ReconcilerTest, UnknownDependenciesAndCyclesAreErrorsAtTheirField) {
  std::string a = wave_plan("a"), b = wave_plan("b"), shop = wave_plan("shop");
  a.replace(a.find("spec:\n"), 6, "spec:\n  dependsOn: [b]\n");
  b.replace(b.find("spec:\n"), 6, "spec:\n  dependsOn: [a]\n");
  shop.replace(shop.find("spec:\n"), 6, "spec:\n  dependsOn:\n  - dbb\n");
  human_commit({"commit", "-qm", "broken dependencies"},
               {{"apps/a/rollout.yaml", a}, {"apps/b/rollout.yaml", b}, {"apps/shop/rollout.yaml", shop}});
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto report = r.run_once();
  ASSERT_TRUE(report.ok()) << report.error().to_string();
  ASSERT_EQ(report->apps.size(), 3u);
  std::vector<std::string> errors;
  for (const AppReport& app : report->apps) {
    EXPECT_EQ(app.action, "") << app.app;
    for (const Error& e : app.errors) errors.push_back(e.to_string());
  }
  EXPECT_EQ(errors, (std::vector<std::string>{
                        "apps/a/rollout.yaml:5:15: spec.dependsOn[0]: dependency cycle a -> b -> a: remove one of "
                        "these dependsOn entries",
                        "apps/b/rollout.yaml:5:15: spec.dependsOn[0]: dependency cycle a -> b -> a: remove one of "
                        "these dependsOn entries",
                        "apps/shop/rollout.yaml:6:5: spec.dependsOn[0]: depends on app \"dbb\", which no WavePlan "
                        "names; the apps are: a, b, shop"}));
  EXPECT_TRUE(report->commits.empty());
}

// RolloutWindows in policies/ are no input of any app: adding one starts no release; a deny
// window that is active holds the next release back; a broken one is an error naming its field.
TEST_F(ReconcilerTest, RolloutWindowsHoldReleasesBackWithoutBeingAReleaseThemselves) {
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto targets = [&] { return this->targets(); };
  ASSERT_EQ(roll_out_first_release(r), "complete");
  const std::size_t steps = actions().size();
  human_commit({"commit", "-qm", "no rollouts on weekends"},
               {{"policies/windows.yaml",
                 "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {name: always}\nspec:\n"
                 "  windows:\n  - kind: deny\n    schedule: '* * * * *'\n    duration: 1h\n"}});
  CycleReport quiet = cycle(r, argocd_, clock_, targets);
  EXPECT_TRUE(quiet.commits.empty()) << "a windows file is no release";
  EXPECT_EQ(actions().size(), steps);

  human_commit({"commit", "-qm", "web 1.1"}, {{"apps/shop/deploy.yaml", deployment("web:1.1")}});
  CycleReport held = cycle(r, argocd_, clock_, targets);
  EXPECT_TRUE(held.commits.empty());
  EXPECT_EQ(held.apps[0].blocked.rfind("wave 1/3 canary waits: deny window always[0] (* * * * * UTC, 1h) is active", 0),
            0u)
      << held.apps[0].blocked;

  human_commit({"commit", "-qm", "typo"},
               {{"policies/windows.yaml",
                 "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {name: always}\nspec:\n"
                 "  windows:\n  - kind: deny\n    schedule: '* * * *'\n    duration: 1h\n"}});
  CycleReport broken = cycle(r, argocd_, clock_, targets);
  ASSERT_EQ(broken.apps[0].errors.size(), 1u);
  EXPECT_EQ(broken.apps[0].errors[0].to_string().rfind("policies/windows.yaml:7:15: spec.windows[0].schedule: ", 0), 0u)
      << broken.apps[0].errors[0].to_string();

  human_commit({"commit", "-qm", "weekdays only"},
               {{"policies/windows.yaml",
                 "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {name: always}\nspec:\n"
                 "  windows:\n  - kind: deny\n    schedule: '0 0 1 1 *'\n    duration: 1h\n"}});
  CycleReport moving = cycle(r, argocd_, clock_, targets);
  EXPECT_EQ(moving.apps[0].action, "start") << moving.apps[0].blocked;
}

TEST_F(ReconcilerTest, ArgoCdUnreachableNeverAdvances) {
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto targets = [&] { return this->targets(); };
  cycle(r, argocd_, clock_, targets);
  argocd_.set_unreachable(true);
  clock_.advance_ms(3'600'000);
  CycleReport report = cycle(r, argocd_, clock_, targets);
  EXPECT_TRUE(report.commits.empty());
  EXPECT_EQ(report.apps[0].blocked,
            "wave 1/3 canary waiting for dev-1: Argo CD unreachable: Argo CD at http://argocd.test unreachable: "
            "connection refused");
}

// A webhook's cycle plans only the apps the push changed and carries the others' plans; a
// change to what every app reads plans them all; a cycle of every app gives way before it writes.
TEST_F(ReconcilerTest, AWebhooksCyclePlansOnlyWhatThePushChanged) {
  add_db_app(wave_plan("db"));
  auto repo = open_cache("cache");
  Reconciler r(*repo, argocd_, clock_, {});
  auto both = [&] { return db_and_shop_targets(); };
  auto changed = [&] {
    auto report = r.run_once({CycleScope::ChangedApps, nullptr});
    EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.error().to_string());
    argocd_.sync_to(both(), clock_.now_ms());
    return report.ok() ? *report : CycleReport{};
  };
  for (int i = 0; i < 12; ++i, clock_.advance_ms(11'000)) cycle(r, argocd_, clock_, both);
  ASSERT_EQ(actions().back(), "complete");
  cycle(r, argocd_, clock_, both);  // settled: both stable, nothing to do

  CycleReport quiet = changed();
  EXPECT_EQ(quiet.apps.size(), 2u) << "nothing was pushed: what moved may be in Argo CD";
  EXPECT_TRUE(quiet.carried.empty());

  human_commit({"commit", "-qm", "web 1.1"}, {{"apps/shop/deploy.yaml", deployment("web:1.1")}});
  const std::size_t asked = argocd_.queries();
  CycleReport release = changed();
  ASSERT_EQ(release.apps.size(), 1u);
  EXPECT_EQ(release.apps[0].app, "shop");
  EXPECT_EQ(release.apps[0].action, "start");
  ASSERT_EQ(release.carried.size(), 1u);
  EXPECT_EQ(release.carried[0]->app, "db");
  EXPECT_EQ(argocd_.queries() - asked, 1u) << "shop's Applications alone";

  human_commit({"commit", "-qm", "relabel us-1"},
               {{"clusters/us-1.yaml", testkit::fleet_files(kShape).at("clusters/us-1.yaml") + "# moved racks\n"}});
  CycleReport fleet = changed();
  ASSERT_EQ(fleet.apps.size(), 2u) << "clusters/ is every app's input";
  EXPECT_TRUE(fleet.carried.empty());
  EXPECT_EQ(fleet.apps[0].action, "start") << "the inventory is part of every release";
  EXPECT_TRUE(cycle(r, argocd_, clock_, both).commits.empty()) << "both canaries bake";

  human_commit({"commit", "-qm", "db 1.1"}, {{"apps/db/deploy.yaml", deployment("db:1.1")}});
  const std::string before = head();
  auto gave_way = r.run_once({CycleScope::EveryApp, [] { return true; }});
  ASSERT_TRUE(gave_way.ok());
  EXPECT_TRUE(gave_way->interrupted);
  EXPECT_EQ(head(), before) << "an interrupted cycle writes nothing";
  CycleReport next = changed();
  ASSERT_EQ(next.apps.size(), 1u);
  EXPECT_EQ(next.apps[0].app, "db");
  EXPECT_EQ(next.apps[0].action, "start");
}

// Holds each replica's first commit of a round until every replica has planned its own (or 30 s
// passed), so the replicas race on every machine however its threads are scheduled (under ASan
// they could run one after the other, and nothing raced).
class RaceTogether final : public CycleHook {
 public:
  struct Gate {
    std::mutex mu;
    std::condition_variable cv;
    int arrived = 0;
    int writers = 0;
  };
  explicit RaceTogether(Gate& gate) : gate_(gate) {}
  void cycle_started() override { waited_ = false; }
  void before_commit(HookContext&, std::vector<PlannedApp>&) override {
    if (waited_) return;
    waited_ = true;
    std::unique_lock<std::mutex> lock(gate_.mu);
    ++gate_.arrived;
    gate_.cv.notify_all();
    // Every replica reaches this point in every cycle (before_commit always runs), so the wait
    // ends when the last arrives; the bound only guards a replica that failed earlier. Generous,
    // because under ASan on a loaded machine planning takes seconds.
    gate_.cv.wait_for(lock, std::chrono::seconds(30), [&] { return gate_.arrived >= gate_.writers; });
  }
  void after_push(HookContext&, const std::vector<PlannedApp>&, CycleReport&) override {}

 private:
  Gate& gate_;
  bool waited_ = false;
};

TEST_F(ReconcilerTest, ThreeRacingReconcilersNeverDoubleAdvanceOrLoseAStep) {
  constexpr int kWriters = 3;
  std::vector<std::unique_ptr<git::LibGit2Repository>> repos;
  std::vector<std::unique_ptr<InMemoryArgoCd>> argocds;
  std::vector<std::unique_ptr<Reconciler>> reconcilers;
  RaceTogether::Gate gate;
  gate.writers = kWriters;
  std::vector<std::unique_ptr<RaceTogether>> racers;
  for (int i = 0; i < kWriters; ++i) {
    racers.push_back(std::make_unique<RaceTogether>(gate));
    repos.push_back(open_cache("cache-" + std::to_string(i)));
    argocds.push_back(std::make_unique<InMemoryArgoCd>());
    // Each replica signs as itself (as pods would), so racing commits differ and conflict.
    ReconcilerOptions options;
    options.author.name = "fleetwave replica-" + std::to_string(i);
    options.hooks.push_back(racers.back().get());
    reconcilers.push_back(std::make_unique<Reconciler>(*repos.back(), *argocds.back(), clock_, options));
  }
  int conflicts = 0;
  for (int round = 0; round < 12 && (actions().empty() || actions().back() != "complete"); ++round) {
    std::vector<std::thread> threads;
    gate.arrived = 0;  // no replica runs between rounds
    std::vector<Result<CycleReport>> results(kWriters, Result<CycleReport>(internal_error("not run")));
    for (int i = 0; i < kWriters; ++i) {
      threads.emplace_back([&, i] { results[i] = reconcilers[i]->run_once(); });
    }
    for (auto& t : threads) t.join();
    for (auto& res : results) {
      ASSERT_TRUE(res.ok()) << res.error().to_string();
      conflicts += res->conflicts;
    }
    Json now_pinned = targets();
    for (auto& a : argocds) a->sync_to(now_pinned, clock_.now_ms());
    clock_.advance_ms(11'000);
  }
  // Exactly the steps one reconciler alone would have made, each once.
  EXPECT_EQ(actions(), (std::vector<std::string>{"start", "advance", "advance", "advance", "complete"}));
  EXPECT_GT(conflicts, 0) << "the writers never raced; the test proves nothing";
  std::cout << "racing writers: " << conflicts << " push conflicts resolved\n";
}

}  // namespace
}  // namespace fleetwave
