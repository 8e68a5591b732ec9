// Hydrated mode through the reconcile cycle, against a real Git remote (file://, libgit2) and an
// in-memory Argo CD: every cluster directory holds exactly what the built fleetwave-render prints
// at its pin, one hydrated commit per step naming it, a step rewrites only the clusters it moves,
// a rollback restores the stable bytes, and a kill between the two pushes heals on the next cycle.
#include "reconcile/hydration/hydrator.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "reconcile/reconciler.h"
#include "reconcile/views/status_builder.h"
#include "reconcile/views/status_text.h"
#include "testkit/build_paths.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_remote_fixture.h"
#include "testkit/fakes/in_memory_argocd.h"
#include "testkit/process/child_process.h"

namespace fleetwave {
namespace {

const char* kHydratedBranch = "fleetwave/hydrated";
const char* kDryUrl = "https://git.example.com/fleet.git";

// The Git port with the process "killed" between the step's push and the hydrated push: the
// hydrated branch's pushes never reach the remote.
class HydratedPushDies final : public git::GitRepository {
 public:
  explicit HydratedPushDies(git::GitRepository& inner) : inner_(inner) {}
  Result<std::string> fetch(const std::string& b) override { return inner_.fetch(b); }
  Result<std::string> resolve(const std::string& rev) override { return inner_.resolve(rev); }
  Result<std::string> read_file(const std::string& c, const std::string& p) override { return inner_.read_file(c, p); }
  Result<std::vector<git::TreeEntry>> list_tree(const std::string& c, const std::string& p, bool r) override {
    return inner_.list_tree(c, p, r);
  }
  Result<std::string> read_blob(const std::string& oid) override { return inner_.read_blob(oid); }
  Result<std::string> tree_id(const std::string& c, const std::string& p) override { return inner_.tree_id(c, p); }
  Result<git::CommitInfo> commit_info(const std::string& c) override { return inner_.commit_info(c); }
  Result<std::optional<git::CommitSignature>> commit_signature(const std::string& c) override {
    return inner_.commit_signature(c);
  }
  Result<std::vector<std::string>> first_parent_log(const std::string& f, const std::string& s, size_t n) override {
    return inner_.first_parent_log(f, s, n);
  }
  Result<std::vector<std::string>> changed_paths(const std::string& c) override { return inner_.changed_paths(c); }
  Result<std::vector<std::string>> changed_paths_between(const std::string& f, const std::string& t) override {
    return inner_.changed_paths_between(f, t);
  }
  Result<std::string> create_commit(const git::CommitRequest& r) override { return inner_.create_commit(r); }
  Status<> push(const std::string& branch, const std::string& oid, git::PushMode mode) override {
    if (branch == kHydratedBranch) return transient("killed before pushing " + branch);
    return inner_.push(branch, oid, mode);
  }
  Status<> delete_remote_branch(const std::string& b) override { return inner_.delete_remote_branch(b); }

 private:
  git::GitRepository& inner_;
};

std::map<std::string, std::string> hydrated_fleet() {
  auto files = testkit::fleet_files();  // replicas divided: every cluster's manifest differs
  files["policies/fleet.yaml"] =
      "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
      "spec:\n  hydration: {targetBranch: fleetwave/hydrated}\n";
  return files;
}

class HydratorTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override { set_up_remote("fw-hydrator", hydrated_fleet()); }

  std::string git_out(const std::vector<std::string>& args) {
    auto out = testkit::git(remote_, args);
    EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().to_string());
    return out.ok() ? *out : std::string();
  }
  std::string rev(const std::string& what) { return git_out({"rev-parse", what}); }
  std::string show(const std::string& what) { return git_out({"show", what}); }
  // A file of the remote's hydrated branch byte for byte (the git CLI helper trims output).
  std::string hydrated_bytes(const std::string& path) {
    if (!reader_) reader_ = open_cache("cache-reader");
    auto tip = reader_->fetch(kHydratedBranch);
    EXPECT_TRUE(tip.ok());
    auto bytes = reader_->read_file(tip.ok() ? *tip : "", path);
    EXPECT_TRUE(bytes.ok()) << path;
    return bytes.ok() ? *bytes : std::string();
  }
  Json targets() { return Json::parse(show("main:.fleetwave/shop/targets.json")); }

  ReconcilerOptions options() {
    ReconcilerOptions o;
    o.repo_url = kDryUrl;
    return o;
  }

  // One cycle, then Argo CD syncs every pin; then `advance_ms` pass.
  CycleReport cycle(Reconciler& r, std::int64_t advance_ms = 11'000) {
    auto report = r.run_once();
    EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.error().to_string());
    if (report.ok()) {
      for (const Error& e : report->errors) ADD_FAILURE() << e.to_string();
    }
    argocd_.sync_to(targets(), clock_.now_ms());
    clock_.advance_ms(advance_ms);
    return report.ok() ? *report : CycleReport{};
  }
  // One cycle with no Argo CD sync after it; the apps' actions appended to `actions`.
  CycleReport run_cycle(Reconciler& r, std::vector<std::string>& actions) {
    auto report = r.run_once();
    EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.error().to_string());
    if (!report.ok()) return {};
    for (const AppReport& app : report->apps) {
      if (!app.action.empty()) actions.push_back(app.action);
    }
    return *report;
  }
  std::string last_action() {
    return git_out({"log", "-1", "--format=%(trailers:key=Fleetwave-Action,valueonly,separator=)", "main"});
  }
  void complete(Reconciler& r) {
    for (int i = 0; i < 8; ++i) cycle(r);
    ASSERT_EQ(last_action(), "complete");
  }

  // Each line of `git log` of the hydrated branch: the step each hydrated commit names.
  std::vector<std::string> hydrated_steps() {
    std::istringstream in(
        git_out({"log", "--reverse", "--format=%(trailers:key=Fleetwave-Step,valueonly,separator=)", kHydratedBranch}));
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) out.push_back(line);
    }
    return out;
  }
  // The commits of main that move shop's pins, oldest first.
  std::vector<std::string> pinning_steps() {
    std::istringstream in(git_out({"log", "--reverse", "--format=%H", "main", "--", ".fleetwave/shop/targets.json"}));
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }

  // What the built fleetwave-render prints for `cluster` at `revision`, run as Argo CD's CMP
  // server runs it in a checkout of that revision.
  std::string render(const std::string& revision, const std::string& cluster) {
    const std::string work = *dir_ / "render-checkout";
    if (!cloned_ && !testkit::git(dir_->path(), {"clone", "-q", remote_, work}).ok()) return "clone failed";
    cloned_ = true;
    if (!testkit::git(work, {"fetch", "-q", "origin"}).ok()) return "fetch failed";
    if (!testkit::git(work, {"checkout", "-q", revision}).ok()) return "checkout failed";
    auto out = testkit::run_process({testkit::render_binary()},
                                    {{"ARGOCD_APP_SOURCE_PATH", "apps/shop"},
                                     {"ARGOCD_ENV_FLEETWAVE_CLUSTER", cluster},
                                     {"FLEETWAVE_CACHE", "off"}},
                                    work + "/apps/shop");
    EXPECT_EQ(out.exit_code, 0) << out.err;
    return out.out;
  }

  void expect_hydrated_as_rendered() {
    for (const Json& t : targets()) {
      const std::string cluster = t["cluster"], pin = t["revision"];
      SCOPED_TRACE(cluster);
      const std::string dir = std::string(kHydratedBranch) + ":shop/" + cluster + "/";
      EXPECT_EQ(hydrated_bytes("shop/" + cluster + "/manifest.yaml"), render(pin, cluster));
      EXPECT_EQ(Json::parse(show(dir + "hydrator.metadata"))["drySha"], pin);
    }
  }

  ManualClock clock_{1'800'000'000'000};
  testkit::InMemoryArgoCd argocd_;
  bool cloned_ = false;
  std::unique_ptr<git::LibGit2Repository> reader_;
};

TEST_F(HydratorTest, EveryClusterDirectoryIsWhatFleetwaveRenderPrintsAtItsPin) {
  auto repo = open_cache();
  Reconciler r(*repo, argocd_, clock_, options());
  CycleReport start = cycle(r);
  EXPECT_EQ(start.hydrated_branch, kHydratedBranch);
  ASSERT_EQ(start.hydrated_commits.size(), 1u);
  EXPECT_EQ(git_out({"ls-tree", "-r", "--name-only", kHydratedBranch}),
            "hydrator.metadata\nshop/dev-1/hydrator.metadata\nshop/dev-1/manifest.yaml");
  ASSERT_NO_FATAL_FAILURE(complete(r));
  expect_hydrated_as_rendered();
  EXPECT_EQ(targets().size(), 4u);
  // One hydrated commit per step that moved a pin, each naming its step; the root metadata
  // names the last one, as Argo CD's hydrator names the dry commit.
  EXPECT_EQ(hydrated_steps(), pinning_steps());
  const Json root = Json::parse(show(std::string(kHydratedBranch) + ":hydrator.metadata"));
  EXPECT_EQ(root["drySha"], pinning_steps().back());
  EXPECT_EQ(root["repoURL"], kDryUrl);
  EXPECT_EQ(root["subject"].get<std::string>(), git_out({"log", "-1", "--format=%s", pinning_steps().back()}));
  // Nothing new: no hydrated commit.
  CycleReport idle = cycle(r);
  EXPECT_TRUE(idle.hydrated_commits.empty());
}

TEST_F(HydratorTest, AStepRewritesOnlyTheClustersItMoves) {
  auto repo = open_cache();
  Reconciler r(*repo, argocd_, clock_, options());
  ASSERT_NO_FATAL_FAILURE(complete(r));
  const std::string before = rev(kHydratedBranch);
  push_as_person({{"commit", "-qm", "web 1.1"}}, {{"apps/shop/deploy.yaml", testkit::deployment("web:1.1")}});
  cycle(r);  // start: only dev-1 moves
  const std::string after = rev(kHydratedBranch);
  ASSERT_NE(before, after);
  EXPECT_EQ(git_out({"diff", "--name-only", before, after}),
            "hydrator.metadata\nshop/dev-1/hydrator.metadata\nshop/dev-1/manifest.yaml");
  for (const char* kept : {"eu-1", "eu-2", "us-1"}) {  // the very same trees: no new blob or tree
    EXPECT_EQ(rev(before + ":shop/" + kept), rev(after + ":shop/" + kept)) << kept;
  }
  EXPECT_NE(show(after + ":shop/dev-1/manifest.yaml").find("web:1.1"), std::string::npos);
  expect_hydrated_as_rendered();
}

TEST_F(HydratorTest, ARollbackRestoresTheStableBytes) {
  auto repo = open_cache();
  Reconciler r(*repo, argocd_, clock_, options());
  ASSERT_NO_FATAL_FAILURE(complete(r));
  const std::string stable_blob = rev(std::string(kHydratedBranch) + ":shop/dev-1/manifest.yaml");
  push_as_person({{"commit", "-qm", "web broken"}}, {{"apps/shop/deploy.yaml", testkit::deployment("web:broken")}});
  argocd_.break_cluster("dev-1");
  cycle(r);  // start: dev-1 runs the bad release
  EXPECT_NE(rev(std::string(kHydratedBranch) + ":shop/dev-1/manifest.yaml"), stable_blob);
  cycle(r);  // dev-1 Degraded: rollback
  ASSERT_EQ(last_action(), "rollback");
  EXPECT_EQ(rev(std::string(kHydratedBranch) + ":shop/dev-1/manifest.yaml"), stable_blob);
  EXPECT_EQ(hydrated_steps(), pinning_steps());
  expect_hydrated_as_rendered();
}

TEST_F(HydratorTest, AKillBetweenTheTwoPushesHealsOnTheNextCycle) {
  auto repo = open_cache();
  {
    Reconciler r(*repo, argocd_, clock_, options());
    cycle(r);  // start, hydrated
  }
  const std::string hydrated = rev(kHydratedBranch);
  {
    HydratedPushDies dying(*repo);
    Reconciler r(dying, argocd_, clock_, options());
    for (int i = 0; i < 2; ++i) {  // two advances pushed, their hydrated commits never
      auto report = r.run_once();
      ASSERT_TRUE(report.ok()) << report.error().to_string();
      ASSERT_EQ(report->commits.size(), 1u);
      ASSERT_EQ(report->errors.size(), 1u);
      EXPECT_EQ(report->errors[0].to_string(),
                "hydrated branch fleetwave/hydrated: killed before pushing fleetwave/hydrated");
      argocd_.sync_to(targets(), clock_.now_ms());
      clock_.advance_ms(11'000);
    }
  }
  EXPECT_EQ(rev(kHydratedBranch), hydrated) << "never ahead of its step, never half written";
  EXPECT_EQ(pinning_steps().size(), 3u);
  // A new process: it walks main from the step the hydrated tip names and writes each missed step.
  auto fresh = open_cache("cache-after-restart");
  Reconciler healed(*fresh, argocd_, clock_, options());
  auto report = healed.run_once();
  ASSERT_TRUE(report.ok()) << report.error().to_string();
  EXPECT_EQ(report->hydrated_commits.size(), 2u + (report->commits.empty() ? 0u : 1u));
  EXPECT_EQ(hydrated_steps(), pinning_steps());
  expect_hydrated_as_rendered();
}

// `fleetwave status` (and serve's document) name the hydrated branch, its tip and the step it holds.
TEST_F(HydratorTest, TheStatusNamesTheHydratedCommitOfTheLastStep) {
  auto repo = open_cache();
  Reconciler r(*repo, argocd_, clock_, options());
  cycle(r);  // start
  StatusBuilder builder(*repo, argocd_, clock_);
  auto doc = builder.status({.branch = "main", .head = rev("main"), .argocd_configured = false});
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  const std::string tip = rev(kHydratedBranch), step = pinning_steps().back();
  EXPECT_EQ((*doc)["hydration"],
            Json({{"branch", kHydratedBranch}, {"hydrator", "fleetwave"}, {"commit", tip}, {"step", step}}));
  const std::string text = cli::format_status_text(*doc, false, std::nullopt);
  EXPECT_EQ(
      text.rfind(
          "hydrated: fleetwave/hydrated at " + tip.substr(0, 7) + ", manifests of step " + step.substr(0, 7) + "\n", 0),
      0u)
      << text;
}

// Argo CD syncing the hydrated branch reports hydrated commits, not pins: the reconciler reads
// each back to the pin it holds for the cluster (hydrated_revisions.h), and the release rolls.
TEST_F(HydratorTest, RollsOutWhileArgoCdReportsHydratedCommits) {
  auto repo = open_cache();
  Reconciler r(*repo, argocd_, clock_, options());
  std::vector<std::string> actions;
  for (int i = 0; i < 10 && (actions.empty() || actions.back() != "complete"); ++i) {
    run_cycle(r, actions);
    ASSERT_FALSE(HasFailure());
    // As Argo CD does: an Application syncs again only when its directory changed, and then
    // reports the hydrated commit it applied.
    Json seen = targets();
    for (Json& t : seen) {
      t["revision"] =
          git_out({"log", "-1", "--format=%H", kHydratedBranch, "--", "shop/" + t["cluster"].get<std::string>()});
    }
    argocd_.sync_to(seen, clock_.now_ms());
    clock_.advance_ms(11'000);
  }
  EXPECT_EQ(actions, (std::vector<std::string>{"start", "advance", "advance", "advance", "complete"}));
  expect_hydrated_as_rendered();
}

// A reconciler whose view of the tracked branch is older than the step the hydrated branch
// already holds (another reconciler hydrated further) writes nothing: never a rewind.
TEST_F(HydratorTest, AnOlderViewNeverRewindsTheHydratedBranch) {
  auto repo = open_cache();
  Reconciler r(*repo, argocd_, clock_, options());
  const std::string seed = rev("main");
  cycle(r);  // start
  cycle(r);  // advance
  const std::string hydrated = rev(kHydratedBranch);
  BlobCache blobs;
  AppDiscovery discovery;
  auto apps = discovery.discover(*repo, blobs, seed);
  ASSERT_TRUE(apps.ok());
  SystemSleeper sleeper;
  SystemRandom random;
  StepWriter writer(*repo, clock_, sleeper, random);
  Hydrator late(*repo, blobs, writer, {.repo_url = kDryUrl});
  for (const std::string& old_view : {pinning_steps().front(), seed}) {
    auto synced = late.sync(old_view, *apps);
    ASSERT_TRUE(synced.ok()) << synced.error().to_string();
    EXPECT_TRUE(synced->commits.empty());
    EXPECT_EQ(rev(kHydratedBranch), hydrated);
  }
}

// spec.hydration.hydrator: argocd. Argo CD's Source Hydrator (played here: a clone that renders
// each Application's pin through fleetwave-render and commits <app>/<cluster>/manifest.yaml and
// hydrator.metadata, and makes no commit when no byte changes) writes the branch; every
// Application reports the branch's newest commit. The reconciler writes nothing there, fetches
// it, reads each cluster's pin back from its directory, and rolls the release through.
class ArgoCdHydratesTest : public HydratorTest {
 protected:
  void SetUp() override {
    auto files = testkit::fleet_files();
    files["policies/fleet.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
        "spec:\n  hydration: {targetBranch: fleetwave/hydrated, hydrator: argocd}\n";
    set_up_remote("fw-argocd-hydrates", files);
  }

  // One hydration of every Application at its pin; the branch's tip after it.
  std::string argocd_hydrates() {
    const std::string work = *dir_ / "argocd-hydrator";
    if (!std::filesystem::exists(work)) git_in(dir_->path(), {"clone", "-q", remote_, work});
    git_in(work, {"fetch", "-q", "origin"});
    if (testkit::git(work, {"rev-parse", "-q", "--verify", std::string("origin/") + kHydratedBranch}).ok()) {
      git_in(work, {"checkout", "-q", "-B", kHydratedBranch, std::string("origin/") + kHydratedBranch});
    } else {
      git_in(work, {"checkout", "-q", "--orphan", kHydratedBranch});
      git_in(work, {"rm", "-rfq", "."});
    }
    for (const Json& t : targets()) {
      const std::string cluster = t["cluster"], pin = t["revision"];
      const std::filesystem::path dir = std::filesystem::path(work) / "shop" / cluster;
      std::filesystem::create_directories(dir);
      std::ofstream(dir / "manifest.yaml") << render(pin, cluster);
      std::ofstream(dir / "hydrator.metadata") << Json({{"repoURL", kDryUrl}, {"drySha", pin}}).dump(2) << "\n";
    }
    std::ofstream(std::filesystem::path(work) / "hydrator.metadata")
        << Json({{"repoURL", kDryUrl}, {"drySha", rev("main")}}).dump(2) << "\n";
    git_in(work, {"add", "-A", "shop", "hydrator.metadata"});
    if (!testkit::git(work, {"diff", "--cached", "--quiet"}).ok()) {
      git_in(work, {"commit", "-qm", "[Argo CD Bot] hydrate"});
      git_in(work, {"push", "-q", "origin", kHydratedBranch});
    }
    return rev(kHydratedBranch);
  }
  void git_in(const std::string& dir, const std::vector<std::string>& args) {
    auto out = testkit::git(dir, args);
    ASSERT_TRUE(out.ok()) << args.front() << ": " << out.error().to_string();
  }
};

TEST_F(ArgoCdHydratesTest, TheReconcilerReadsArgoCdsHydratedCommitsBackToThePinsAndWritesNothingThere) {
  auto repo = open_cache();
  Reconciler r(*repo, argocd_, clock_, options());
  std::vector<std::string> actions;
  for (int i = 0; i < 10 && (actions.empty() || actions.back() != "complete"); ++i) {
    const CycleReport report = run_cycle(r, actions);
    ASSERT_FALSE(HasFailure());
    EXPECT_EQ(report.hydrated_branch, kHydratedBranch);
    EXPECT_TRUE(report.hydrated_commits.empty());
    const std::string tip = argocd_hydrates();
    ASSERT_FALSE(HasFatalFailure());
    Json seen = targets();  // every Application syncs the branch: its newest commit
    for (Json& t : seen) t["revision"] = tip;
    argocd_.sync_to(seen, clock_.now_ms());
    clock_.advance_ms(11'000);
  }
  EXPECT_EQ(actions, (std::vector<std::string>{"start", "advance", "advance", "advance", "complete"}));
  EXPECT_EQ(git_out({"log", "--format=%s", kHydratedBranch}).find("fleetwave"), std::string::npos)
      << "only Argo CD writes the branch";
  // The status names the branch, its writer, and the dry commit its tip (as last fetched, by
  // the next cycle) was rendered from.
  ASSERT_TRUE(r.run_once().ok());
  StatusBuilder builder(*repo, argocd_, clock_);
  auto doc = builder.status({.branch = "main", .head = rev("main"), .argocd_configured = false});
  ASSERT_TRUE(doc.ok()) << doc.error().to_string();
  const std::string tip = rev(kHydratedBranch);
  const std::string dry = Json::parse(show(tip + ":hydrator.metadata"))["drySha"];
  EXPECT_EQ((*doc)["hydration"],
            Json({{"branch", kHydratedBranch}, {"hydrator", "argocd"}, {"commit", tip}, {"step", dry}}));
  const std::string text = cli::format_status_text(*doc, false, std::nullopt);
  EXPECT_NE(text.find("hydrated by Argo CD: fleetwave/hydrated at " + tip.substr(0, 7) + ", manifests of step " +
                      dry.substr(0, 7) + "\n"),
            std::string::npos)
      << text;
}

// The step that pins 1,000 clusters at once, with and without hydrated mode, on a file://
// remote: one step, one hydrated commit holding every cluster's directory. (Its cost is measured
// by bench/hydrate_bench.cpp, not here.)
class HydratorSlowTest : public testkit::LibGit2RemoteTest {
 protected:
  void SetUp() override {}  // each test seeds its own fleet (measure_the_step)

  static std::map<std::string, std::string> big_fleet(bool hydrated) {
    std::map<std::string, std::string> files = {
        {"apps/shop/deploy.yaml", testkit::deployment("web:1.0", 2)},
        {"apps/shop/policy.yaml", testkit::kPlacedEverywhere},
        {"apps/shop/rollout.yaml",
         "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\n"
         "spec:\n  waves:\n  - {name: all, clusters: {}}\n"}};
    for (int i = 0; i < 1000; ++i) {
      const std::string name = "c-" + std::to_string(i);
      files["clusters/" + name + ".yaml"] = testkit::cluster_yaml(name, i % 2 == 0 ? "eu" : "us", false);
    }
    if (hydrated) files["policies/fleet.yaml"] = hydrated_fleet().at("policies/fleet.yaml");
    return files;
  }

  // Rolls out the first release of the big fleet: one step pins every cluster.
  void measure_the_step(bool hydrated) {
    set_up_remote("fw-hydrator-big", big_fleet(hydrated));
    ASSERT_FALSE(HasFatalFailure());
    ManualClock clock(1'800'000'000'000);
    testkit::InMemoryArgoCd argocd;
    auto repo = open_cache();
    ReconcilerOptions o;
    o.repo_url = kDryUrl;
    Reconciler r(*repo, argocd, clock, o);
    auto report = r.run_once();
    ASSERT_TRUE(report.ok()) << report.error().to_string();
    ASSERT_EQ(report->commits.size(), 1u);
    EXPECT_EQ(report->hydrated_commits.size(), hydrated ? 1u : 0u);
    if (!hydrated) return;
    auto files = testkit::git(remote_, {"ls-tree", "-r", "--name-only", kHydratedBranch});
    ASSERT_TRUE(files.ok());
    EXPECT_EQ(std::count(files->begin(), files->end(), '\n') + 1, 2001);  // 1,000 directories + the root file
  }
};

TEST_F(HydratorSlowTest, AStepThatPinsAThousandClustersInPluginMode) { measure_the_step(false); }
TEST_F(HydratorSlowTest, AStepThatPinsAThousandClustersHydrated) { measure_the_step(true); }

}  // namespace
}  // namespace fleetwave
