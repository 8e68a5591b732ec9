// E7 of the trust issue, against the built binary: the board's fleet page viewed again and again,
// sixteen viewers at once, mid-rollout on a wide fleet. Serve's resident memory must neither grow
// with the number of views (it grew ~66 MB per view at 50 apps x 1,000 clusters while the page
// copied each app's document per cell) nor peak with the number of viewers (BoardCache).
// bench/serve_bench.cpp --board 1 measures the same at fleet size.
#include "serve/serve_fixture.h"

namespace fleetwave::serve {
namespace {

constexpr int kApps = 8;
constexpr int kClusters = 500;

std::string app_name(int a) { return "app-" + std::to_string(a); }

// kApps apps over kClusters clusters, each with two waves (canary on cluster-0, then the rest).
std::map<std::string, std::string> wide_fleet(const std::string& image) {
  std::map<std::string, std::string> files;
  for (int c = 0; c < kClusters; ++c) {
    const std::string name = "cluster-" + std::to_string(c);
    files["clusters/" + name + ".yaml"] = testkit::cluster_yaml(name, c % 2 == 0 ? "eu" : "us");
  }
  for (int a = 0; a < kApps; ++a) {
    const std::string app = app_name(a);
    files["apps/" + app + "/deploy.yaml"] =
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: " + app +
        "}\nspec:\n  replicas: 1\n  template:\n    spec:\n      containers:\n" + "      - {name: web, image: " + image +
        "}\n";
    files["apps/" + app + "/policy.yaml"] =
        "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: web, namespace: " + app +
        "}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement: {}\n";
    files["apps/" + app + "/rollout.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: " + app +
        "}\nspec:\n  waves:\n  - name: canary\n    clusters: {clusterNames: [cluster-0]}\n  - name: rest\n"
        "    clusters: {}\n";
  }
  return files;
}

class ServeBoardMemoryServerTest : public testing_support::ServeFixture {
 protected:
  std::string wide() const { return git_->repo_path("wide.git"); }

  // VmRSS (resident now) or VmHWM (the peak) of serve, in KiB.
  long kib(const std::string& field) const { return testkit::proc_status_kib(serve_->pid(), field); }
  bool reset_peak() const { return testkit::reset_peak_rss(serve_->pid()); }

  // Argo CD reports every pinned cluster of every app Synced and Healthy at its pin.
  void sync_all() {
    for (int a = 0; a < kApps; ++a) {
      auto text = testkit::git(wide(), {"show", "main:.fleetwave/" + app_name(a) + "/targets.json"});
      if (!text.ok()) continue;
      for (const Json& t : Json::parse(*text)) {
        const std::string cluster = t["cluster"];
        ASSERT_TRUE(argocd_
                        ->put_application(testkit::make_application(
                            app_name(a) + "-" + cluster, {{"fleetwave.io/app", app_name(a)}}, cluster, t["revision"],
                            "Synced", "Healthy", "Succeeded", "2020-01-01T00:00:00Z"))
                        .ok());
      }
    }
  }

  int apps_in(const std::string& phase) const {
    const testing_support::HttpResult r = get("/api/v1/apps");
    if (r.status != 200) return -1;
    int n = 0;
    for (const Json& app : Json::parse(r.body).value("apps", Json::array())) n += app.value("phase", "") == phase;
    return n;
  }

  // `n` views of the fleet page, `at_once` viewers at a time; false if any failed.
  bool view_board(int n, int at_once) {
    std::atomic<int> failed{0};
    for (int done = 0; done < n; done += at_once) {
      std::vector<std::thread> viewers;
      for (int v = 0; v < at_once; ++v) {
        viewers.emplace_back([&] {
          const testing_support::HttpResult page = get("/");
          if (page.status != 200 || page.body.find("cluster-499") == std::string::npos) ++failed;
        });
      }
      for (std::thread& t : viewers) t.join();
    }
    return failed.load() == 0;
  }
};

TEST_F(ServeBoardMemoryServerTest, ManyViewsOfAWideFleetMidRolloutDoNotGrowServe) {
  ASSERT_TRUE(git_->create_repo("wide.git", wide_fleet("web:1")).ok());
  std::vector<std::string> argv = serve_args("1s");
  argv[3] = git_->url("wide.git");  // after "--repo"
  ASSERT_EQ(argv[2], "--repo");
  start("1s", argv);
  ASSERT_TRUE(wait_until(
      [&] {
        sync_all();
        return apps_in("Stable") == kApps;
      },
      120'000))
      << logs();
  // Release 2: every canary pinned to it and not yet synced, the other clusters on release 1.
  const std::string work = file("work");
  ASSERT_TRUE(testkit::git(file(""), {"clone", "-q", wide(), work}).ok());
  for (const auto& [path, text] : wide_fleet("web:2")) {
    if (path.rfind("apps/", 0) != 0) continue;
    ASSERT_TRUE(testkit::write_text_file(work + "/" + path, text).ok());
  }
  ASSERT_TRUE(
      testkit::git(work, {"-c", "user.name=Fixture", "-c", "user.email=fixture@test", "commit", "-qam", "release 2"})
          .ok());
  ASSERT_TRUE(testkit::git(work, {"push", "-q", "origin", "HEAD:main"}).ok());
  ASSERT_TRUE(wait_until([&] { return apps_in("Stable") == 0; }, 60'000)) << logs();

  ASSERT_TRUE(view_board(4, 4));  // warm: the first views build what every later view shares
  const long before = kib("VmRSS");
  ASSERT_TRUE(reset_peak());
  ASSERT_TRUE(view_board(64, 16));
  const long after = kib("VmRSS");
  const long peak = kib("VmHWM");
  ASSERT_GT(before, 0);
  // Sixteen viewers at once share one build of the page (it peaked ~26 MiB higher when each
  // built its own), and nothing stays behind.
  EXPECT_LT(peak - before, 16 * 1024) << "serve peaked at " << peak << " KiB from " << before << " KiB";
  EXPECT_LT(after - before, 8 * 1024) << "serve grew from " << before << " KiB to " << after << " KiB in 64 views";
}

}  // namespace
}  // namespace fleetwave::serve
