// fleetwave cordon / uncordon through the built binary and the reconcile cycle: the overlay
// commit, its refusals, the release every app makes of it (bake skipped with
// spec.failover.expedite, the cordoned cluster pinned but never waited for), status, and
// `status --watch`. Also the status warning of a checkout behind or ahead of its upstream.
#include <chrono>
#include <functional>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "testkit/build_paths.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;

class CliCordonTest : public testing_support::CliScenarioTest {
 protected:
  std::map<std::string, std::string> files() override {
    auto f = testing_support::fleet_files();
    f["apps/shop/rollout.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  waves:\n"
        "  - {name: canary, clusters: {clusterNames: [dev-1]}, minSuccessTime: 10m}\n"
        "  - {name: europe, clusters: {labelSelector: {matchLabels: {geo: eu}}}, minSuccessTime: 10m}\n"
        "  - {name: rest, clusters: {}}\n"
        "  failover: {expedite: true}\n";
    return f;
  }

  // `fleetwave status --watch --interval 200ms [extra...]` against the remote, stdout to
  // <dir>/<name>-out (not a terminal); stopped by the caller like an interrupted watch.
  Result<fleetwave::testkit::ChildProcess> start_watch(const std::string& name, const std::vector<std::string>& extra) {
    fleetwave::testkit::ProcessSpec spec;
    spec.argv = {fleetwave::testkit::cli_binary(), "status", "--watch", "--interval", "200ms"};
    spec.argv.insert(spec.argv.end(), extra.begin(), extra.end());
    spec.argv.insert(spec.argv.end(), {"--repo", remote_url(), "--cache-dir", *dir_ / ("cache-" + name)});
    spec.cwd = dir_->path();
    spec.env = {"HOME=" + (*dir_ / "home")};
    spec.stdout_path = *dir_ / (name + "-out");
    spec.stderr_path = *dir_ / (name + "-err");
    return fleetwave::testkit::ChildProcess::spawn(spec);
  }

  void SetUp() override {
    CliScenarioTest::SetUp();
    step_ms_ = 11 * 60'000;  // past every minSuccessTime of 10m
  }

  // One cycle, then Argo CD syncs every pin, except that a cluster in `down_` never answers;
  // then `step_ms_` pass.
  void reconcile() {
    CliRun r = reconcile_cycle();
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }

  // Reconciles until the app's newest step is `complete`; returns the actions taken.
  std::vector<std::string> complete() {
    std::vector<std::string> actions;
    for (int i = 0; i < 10; ++i) {
      reconcile();
      actions.push_back(last_action());
      if (actions.back() == "complete") return actions;
    }
    ADD_FAILURE() << "the release did not complete";
    return actions;
  }

  // The CLI as the built binary, against the remote.
  CliRun with_repo(std::vector<std::string> args, bool binary = true) {
    return CliScenarioTest::with_repo(args, binary);
  }

  // fleetwave-render (the built binary, as Argo CD runs it) for eu-2 at `revision` in the clone
  // `work`, with the plugin env FLEETWAVE_CORDONS a targets.json entry gives it.
  CliRun render_eu2(const std::string& work, const std::string& revision, const std::string& cordons) {
    git(work, {"checkout", "-q", revision});
    fleetwave::testkit::ProcessSpec spec;
    spec.argv = {fleetwave::testkit::render_binary(), "--cluster", "eu-2"};
    spec.cwd = work + "/apps/shop";
    spec.env = {"ARGOCD_APP_SOURCE_PATH=apps/shop", "ARGOCD_ENV_FLEETWAVE_CORDONS=" + cordons, "FLEETWAVE_CACHE=off"};
    return run_process(std::move(spec));
  }
};

TEST_F(CliCordonTest, RefusesUnknownClustersAndTaintsKarmadaWouldReject) {
  CliRun unknown = with_repo({"cordon", "mars-1", "--reason", "x"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(unknown.err, "error: cluster \"mars-1\" is not in the inventory (its clusters: dev-1, eu-1, eu-2, us-1)\n");
  CliRun taint = with_repo({"cordon", "eu-2", "--reason", "x", "--taint", "maintenance:Sometimes"});
  EXPECT_EQ(taint.exit_code, 2);
  EXPECT_NE(taint.err.find("taint effect \"Sometimes\" is not one Karmada accepts on a cluster: use NoSchedule or "
                           "NoExecute"),
            std::string::npos)
      << taint.err;
  CliRun no_reason = with_repo({"cordon", "eu-2"});
  EXPECT_EQ(no_reason.exit_code, 2);
  CliRun not_cordoned = with_repo({"uncordon", "eu-2"});
  EXPECT_EQ(not_cordoned.exit_code, 1);
  EXPECT_EQ(not_cordoned.err, "error: cluster \"eu-2\" is not cordoned (cordoned: none)\n");
}

TEST_F(CliCordonTest, ACordonRollsOutAsAnExpeditedReleaseWithoutWaitingForTheCordonedCluster) {
  const std::string first = head();
  complete();  // the first release
  EXPECT_EQ(pin_of("eu-2"), first);

  const std::string completed = head();
  CliRun dry = with_repo({"cordon", "eu-2", "--reason", "eu-2 API server down", "--dry-run"});
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_EQ(head(), completed) << "a dry run writes nothing";
  EXPECT_NE(dry.out.find("+++ b/.fleetwave/cordons.yaml"), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("Fleetwave-Action: cordon"), std::string::npos) << dry.out;

  CliRun cordon = with_repo({"cordon", "eu-2", "--reason", "eu-2 API server down"});
  ASSERT_EQ(cordon.exit_code, 0) << cordon.err;
  const std::string cordon_commit = head();
  EXPECT_EQ(subject(), "fleetwave: cordon eu-2 (eu-2 API server down)");
  EXPECT_EQ(git(remote_, {"log", "-1", "--format=%an <%ae>", "main"}), "Pat Person <pat@fleetwave.test>");
  const std::string overlay = git(remote_, {"show", "main:.fleetwave/cordons.yaml"});
  EXPECT_NE(overlay.find("cluster: eu-2"), std::string::npos) << overlay;
  EXPECT_NE(overlay.find("key: cluster.karmada.io/not-ready"), std::string::npos) << overlay;
  EXPECT_NE(overlay.find("effect: NoExecute"), std::string::npos) << overlay;
  CliRun again = with_repo({"cordon", "eu-2", "--reason", "again"});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.err.find("eu-2 is already cordoned by Pat Person <pat@fleetwave.test>"), std::string::npos)
      << again.err;

  // eu-2 is down: its Application never answers. The overlay is an input of the app, so the
  // cordon is a release; it skips the 10m bakes (expedite: 11s between cycles) and does not wait
  // for eu-2.
  down_ = {"eu-2"};
  step_ms_ = 11'000;
  const std::vector<std::string> actions = complete();
  EXPECT_EQ(actions, (std::vector<std::string>{"start", "advance", "advance", "complete"}));
  EXPECT_EQ(pin_of("dev-1"), cordon_commit);
  EXPECT_EQ(pin_of("eu-1"), cordon_commit);
  EXPECT_EQ(pin_of("eu-2"), "") << "no longer reached: its Application goes, Argo CD prunes it once it is back";
  const std::string log = git(remote_, {"log", "--format=%B", cordon_commit + "..main"});
  EXPECT_NE(log.find("a failover: only cordons changed and spec.failover.expedite is set"), std::string::npos) << log;

  CliRun status = with_repo({"status"});
  ASSERT_EQ(status.exit_code, 0) << status.err;
  EXPECT_NE(status.out.find("cordoned: eu-2 (cluster.karmada.io/not-ready:NoExecute) by Pat Person "
                            "<pat@fleetwave.test> since "),
            std::string::npos)
      << status.out;
  CliRun json = with_repo({"status", "--output", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  Json doc = Json::parse(json.out);
  ASSERT_EQ(doc["cordons"].size(), 1u) << json.out;
  EXPECT_EQ(doc["cordons"][0]["cluster"], "eu-2");
  EXPECT_EQ(doc["cordons"][0]["automatic"], false);

  CliRun uncordon = with_repo({"uncordon", "eu-2"});
  ASSERT_EQ(uncordon.exit_code, 0) << uncordon.err;
  EXPECT_EQ(subject(), "fleetwave: uncordon eu-2");
  down_.clear();
  const std::string uncordoned = head();
  complete();
  EXPECT_EQ(pin_of("eu-2"), uncordoned) << "back in service: pinned again";
}

TEST_F(CliCordonTest, ARollbackAfterAnUncordonKeepsTheClusterInService) {
  complete();  // the first release
  down_ = {"eu-2"};
  step_ms_ = 11'000;
  ASSERT_EQ(with_repo({"cordon", "eu-2", "--reason", "node pool upgrade"}).exit_code, 0);
  complete();
  const std::string cordoned_stable = pin_of("eu-1");
  ASSERT_EQ(pin_of("eu-2"), "");

  // eu-2 is back: uncordoned, together with a bad image. The release reaches europe (eu-2 is
  // pinned to it and runs the app again), then a person rolls it back.
  down_.clear();
  step_ms_ = 11 * 60'000;
  ASSERT_EQ(with_repo({"uncordon", "eu-2"}).exit_code, 0);
  human_commit("shop: web 2.0", {{"apps/shop/deploy.yaml", fleetwave::testkit::deployment("web:2.0")}});
  const std::string bad = head();
  for (int i = 0; i < 6 && pin_of("eu-2") != bad; ++i) reconcile();
  ASSERT_EQ(pin_of("eu-2"), bad) << "the release reached europe";
  CliRun rollback = with_repo({"rollback", "shop", "--reason", "web 2.0 crashes"});
  ASSERT_EQ(rollback.exit_code, 0) << rollback.err;

  // eu-2 returns to the stable commit, which cordoned it, but renders with the uncordon.
  EXPECT_EQ(pin_of("eu-2"), cordoned_stable);
  std::string overlay;
  for (const Json& t : targets())
    if (t["cluster"] == "eu-2") overlay = t["cordons"];
  ASSERT_FALSE(overlay.empty()) << targets().dump();
  EXPECT_EQ(Json::parse(overlay)["cordons"], Json::array()) << overlay;
  const std::string work = checkout("render");
  CliRun kept = render_eu2(work, cordoned_stable, overlay);
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_NE(kept.out.find("kind: Deployment"), std::string::npos) << kept.out;
  EXPECT_NE(kept.out.find("image: web:1.0"), std::string::npos) << "the stable release's image: " << kept.out;
  CliRun without = render_eu2(work, cordoned_stable, "");
  ASSERT_EQ(without.exit_code, 0) << without.err;
  EXPECT_EQ(without.out.find("kind: Deployment"), std::string::npos) << "the commit alone cordons eu-2";

  CliRun json = with_repo({"status", "--output", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(Json::parse(json.out)["cordons"], Json::array()) << "no cordon anywhere, and none in effect";

  // Resumed, the release pins eu-2 again with its own revision's cordons.
  ASSERT_EQ(with_repo({"resume", "shop"}).exit_code, 0);
  complete();
  EXPECT_EQ(pin_of("eu-2"), bad);
  for (const Json& t : targets()) EXPECT_EQ(t["cordons"], "") << t.dump();
}

TEST_F(CliCordonTest, StatusWarnsWhenTheCheckoutIsBehindOrAheadOfItsUpstream) {
  const std::string work = checkout();
  CliRun even = run_binary({"status"}, {}, work);
  ASSERT_EQ(even.exit_code, 0) << even.err;
  EXPECT_EQ(even.out.find("warning:"), std::string::npos) << even.out;

  human_commit("web 2.0", {{"apps/shop/deploy.yaml", testing_support::deployment("web:2.0")}});
  git(work, {"fetch", "-q"});
  CliRun behind = run_binary({"status"}, {}, work);
  ASSERT_EQ(behind.exit_code, 0) << behind.err;
  EXPECT_NE(behind.out.find("warning: branch main is 1 commit(s) behind origin/main (as of your last fetch): this "
                            "status is of an older state; run git pull, or pass --repo URL"),
            std::string::npos)
      << behind.out;

  git(work, {"pull", "-q", "--ff-only"});
  CliRun pause = run_binary({"pause", "shop", "--reason", "checking"}, {}, work);
  ASSERT_EQ(pause.exit_code, 0) << pause.err;
  CliRun ahead = run_binary({"status", "--output", "json"}, {}, work);
  ASSERT_EQ(ahead.exit_code, 0) << ahead.err;
  Json doc = Json::parse(ahead.out);
  ASSERT_EQ(doc["warnings"].size(), 1u) << ahead.out;
  EXPECT_EQ(doc["warnings"][0],
            "branch main is 1 commit(s) ahead of origin/main: the reconciler does not see them until they are "
            "pushed; push them, or open a pull request");
}

TEST_F(CliCordonTest, StatusWatchAppendsAReportWhenItChanges) {
  // Not a terminal: a time line and the report, again only when it changed. Stopped by SIGTERM
  // like an interrupted watch.
  auto child = start_watch("watch", {});
  ASSERT_TRUE(child.ok()) << child.error().to_string();
  auto output = [&] { return fleetwave::testkit::read_text_file(*dir_ / "watch-out"); };
  auto count = [](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  auto wait_for = [&](const std::function<bool()>& done) {
    for (int i = 0; i < 300 && !done(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return done();
  };
  ASSERT_TRUE(wait_for([&] { return count(output(), "--- ") == 1; })) << output();
  std::this_thread::sleep_for(std::chrono::milliseconds(800));  // several intervals, nothing new
  EXPECT_EQ(count(output(), "--- "), 1u) << output();
  EXPECT_NE(output().find("next:     start"), std::string::npos) << output();

  ASSERT_EQ(with_repo({"pause", "shop", "--reason", "watching"}).exit_code, 0);
  EXPECT_TRUE(wait_for([&] { return count(output(), "--- ") == 2; })) << output();
  EXPECT_NE(output().find("blocked:  paused: watching"), std::string::npos) << output();
  child->stop();
  EXPECT_FALSE(child->running());
}

TEST_F(CliCordonTest, StatusWatchJsonIsAStreamOfOneDocumentPerLine) {
  auto child = start_watch("watch-json", {"-o", "json"});
  ASSERT_TRUE(child.ok()) << child.error().to_string();
  auto lines = [&] {
    std::vector<Json> out;
    std::istringstream text(fleetwave::testkit::read_text_file(*dir_ / "watch-json-out"));
    for (std::string line; std::getline(text, line);) out.push_back(Json::parse(line, nullptr, false));
    return out;
  };
  auto wait_for = [&](std::size_t n) {
    for (int i = 0; i < 300 && lines().size() < n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return lines().size() >= n;
  };
  ASSERT_TRUE(wait_for(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(800));  // several intervals, nothing new
  EXPECT_EQ(lines().size(), 1u);
  ASSERT_EQ(with_repo({"pause", "shop", "--reason", "watching"}).exit_code, 0);
  ASSERT_TRUE(wait_for(2));
  child->stop();
  const std::vector<Json> got = lines();
  for (const Json& doc : got) {
    ASSERT_TRUE(doc.is_object()) << "not one JSON document per line";
    EXPECT_TRUE(doc.contains("observedAt"));
    ASSERT_TRUE(doc.contains("apps"));
  }
  EXPECT_EQ(got[0]["apps"][0]["paused"], false);
  EXPECT_EQ(got[1]["apps"][0]["paused"], true);
  EXPECT_EQ(got[1]["apps"][0]["pauseReason"], "watching");
}

}  // namespace
}  // namespace fleetwave::cli
