// The plan view: for the small fleet (testkit/builders/fleet_files.h) rendered from an in-memory
// repository, the waves in WavePlan order with the clusters each takes, every cluster's objects
// and workload shares; reached clusters no wave takes (unassigned), inventory clusters the app
// does not reach, and an empty wave as the error reconcile reports. Then the text and JSON of a
// view: the gates a wave header names, replica wording, and every JSON key present.
#include "reconcile/views/plan_view.h"

#include <algorithm>
#include <memory>
#include <optional>

#include <gtest/gtest.h>

#include "reconcile/app_discovery.h"
#include "reconcile/app_render.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave::cli {
namespace {

const char* kPlanViewNoCatchAll =
    "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  waves:\n"
    "  - name: canary\n    clusters: {clusterNames: [dev-1]}\n"
    "  - name: europe\n    clusters: {labelSelector: {matchLabels: {geo: eu}}}\n";

const char* kPlanViewTwoClusters =
    "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
    "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n"
    "  placement: {clusterAffinity: {clusterNames: [dev-1, us-1]}}\n";

// The small fleet with `changed` files, committed to an in-memory repository, and app shop's
// plan view at that commit. Holds what the view points into (the WavePlan).
struct PlanViewFleet {
  testkit::InMemoryGitRepository repo;
  BlobCache blobs;
  std::string head;
  std::vector<AppDefinition> apps;
  std::optional<AppRender> render;
  AppPlanView view;

  const WavePlan& plan() const { return *apps.front().plan; }
};

std::unique_ptr<PlanViewFleet> plan_view_of(const std::map<std::string, std::string>& changed,
                                            const testkit::FleetShape& shape = {}) {
  auto f = std::make_unique<PlanViewFleet>();
  std::map<std::string, std::string> files = testkit::fleet_files(shape);
  for (const auto& [path, content] : changed) files[path] = content;
  f->head = f->repo.seed(files);
  auto apps = AppDiscovery().discover(f->repo, f->blobs, f->head);
  EXPECT_TRUE(apps.ok()) << apps.error().to_string();
  if (!apps.ok() || apps->size() != 1 || !(*apps)[0].plan) {
    ADD_FAILURE() << "expected the one app shop with a valid WavePlan";
    return f;
  }
  f->apps = std::move(apps).value();
  RepoSnapshot snapshot(f->repo, f->blobs, f->head);
  f->render.emplace(AppRender::at(snapshot, "apps/shop"));
  if (f->render->render() == nullptr) {
    ADD_FAILURE() << to_string(f->render->errors());
    return f;
  }
  f->view = plan_view("shop", "apps/shop", f->head, f->plan(), *f->render->render());
  return f;
}

std::vector<std::vector<std::string>> plan_view_wave_clusters(const AppPlanView& view) {
  std::vector<std::vector<std::string>> out;
  for (const WaveView& w : view.waves) {
    out.emplace_back();
    for (const ClusterPlan& c : w.clusters) out.back().push_back(c.name);
  }
  return out;
}

struct PlanViewCase {
  std::string name;
  std::map<std::string, std::string> changed;
  std::vector<std::vector<std::string>> waves;
  std::vector<std::string> unassigned, unreached, errors;
};

TEST(PlanViewTest, WavesTakeTheReachedClustersInPlanOrder) {
  const std::string europe_empty =
      "spec.waves[1]: wave europe takes no cluster (the app reaches 2); fix its clusters, or set allowEmpty: true on "
      "the wave if it may be empty";
  const PlanViewCase cases[] = {
      {"the small fleet", {}, {{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}, {}, {}, {}},
      {"no catch-all wave: us-1 is unassigned",
       {{"apps/shop/rollout.yaml", kPlanViewNoCatchAll}},
       {{"dev-1"}, {"eu-1", "eu-2"}},
       {"us-1"},
       {},
       {}},
      {"the policy reaches two clusters: europe is empty, an error",
       {{"apps/shop/policy.yaml", kPlanViewTwoClusters}},
       {{"dev-1"}, {}, {"us-1"}},
       {},
       {"eu-1", "eu-2"},
       {europe_empty}},
      {"the same with allowEmpty on europe",
       {{"apps/shop/policy.yaml", kPlanViewTwoClusters},
        {"apps/shop/rollout.yaml", testkit::wave_plan("shop", "    allowEmpty: true\n")}},
       {{"dev-1"}, {}, {"us-1"}},
       {},
       {"eu-1", "eu-2"},
       {}},
  };
  for (const PlanViewCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto f = plan_view_of(c.changed);
    const AppPlanView& v = f->view;
    EXPECT_EQ(plan_view_wave_clusters(v), c.waves);
    EXPECT_EQ(v.unassigned, c.unassigned);
    EXPECT_EQ(v.unreached, c.unreached);
    EXPECT_EQ(v.errors, c.errors);
    EXPECT_EQ(v.warnings, std::vector<std::string>{});
    ASSERT_EQ(v.waves.size(), f->plan().waves.size());
    for (std::size_t w = 0; w < v.waves.size(); ++w) EXPECT_EQ(v.waves[w].wave, &f->plan().waves[w]);
    EXPECT_EQ(v.app, "shop");
    EXPECT_EQ(v.path, "apps/shop");
    EXPECT_EQ(v.revision, f->head);
  }
}

// The app's Namespace goes to every cluster (Karmada's namespace sync) while its Deployment goes
// to two: by default every cluster gets an Application; with FleetSettings namespaceOnlyClusters:
// skip, eu-1 and eu-2 (which would receive only the Namespace) get none and no wave.
TEST(PlanViewTest, NamespaceOnlyClustersGetAnApplicationUnlessTheFleetSaysSkip) {
  const std::map<std::string, std::string> app = {
      {"apps/shop/namespace.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n"},
      {"apps/shop/policy.yaml", kPlanViewTwoClusters},
      {"apps/shop/rollout.yaml", testkit::wave_plan("shop", "    allowEmpty: true\n")}};
  auto karmada = plan_view_of(app);
  EXPECT_EQ(plan_view_wave_clusters(karmada->view),
            (std::vector<std::vector<std::string>>{{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}));
  EXPECT_EQ(karmada->view.applications, 4u);
  EXPECT_EQ(karmada->view.namespace_only, (std::vector<std::string>{"eu-1", "eu-2"}));
  EXPECT_FALSE(karmada->view.namespace_only_skipped);

  std::map<std::string, std::string> skip = app;
  skip["policies/fleet.yaml"] =
      "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
      "spec: {namespaceOnlyClusters: skip}\n";
  auto skipped = plan_view_of(skip);
  EXPECT_EQ(plan_view_wave_clusters(skipped->view), (std::vector<std::vector<std::string>>{{"dev-1"}, {}, {"us-1"}}));
  EXPECT_EQ(skipped->view.applications, 2u);
  EXPECT_EQ(skipped->view.namespace_only, (std::vector<std::string>{"eu-1", "eu-2"}));
  EXPECT_TRUE(skipped->view.namespace_only_skipped);
  EXPECT_EQ(skipped->view.unreached, std::vector<std::string>{}) << "they receive the Namespace";
  EXPECT_EQ(skipped->view.errors, std::vector<std::string>{});
  // The renders themselves stay Karmada's: eu-1 still receives the Namespace.
  auto eu1 = skipped->render->cluster_stream("eu-1");
  ASSERT_TRUE(eu1.ok());
  EXPECT_EQ(*eu1, karmada->render->cluster_stream("eu-1").value());
  EXPECT_NE(eu1->find("kind: Namespace"), std::string::npos) << *eu1;
}

TEST(PlanViewTest, EachClusterCountsItsObjectsAndItsWorkloadsShare) {
  struct Case {
    std::string name;
    testkit::FleetShape shape;
    std::size_t objects;
    std::int64_t replicas, total;
    bool divided;
  } cases[] = {
      {"divided by weight", {}, 2, 1, 4, true},
      {"duplicated to every cluster", {.replicas = 3, .policy = testkit::kPlacedEverywhere}, 2, 3, 3, false},
  };
  const std::string config_map = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web-config, namespace: shop}\n";
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string selectors = "[{apiVersion: apps/v1, kind: Deployment}]";
    std::string policy = c.shape.policy;  // the ConfigMap goes where the Deployment goes
    policy.replace(policy.find(selectors), selectors.size(),
                   "[{apiVersion: apps/v1, kind: Deployment}, {apiVersion: v1, kind: ConfigMap}]");
    auto f = plan_view_of({{"apps/shop/config.yaml", config_map}, {"apps/shop/policy.yaml", policy}}, c.shape);
    ASSERT_EQ(f->view.waves.size(), 3u);
    for (const WaveView& w : f->view.waves) {
      for (const ClusterPlan& cluster : w.clusters) {
        SCOPED_TRACE(cluster.name);
        EXPECT_EQ(cluster.objects, c.objects) << "the ConfigMap and the Deployment";
        ASSERT_EQ(cluster.workloads.size(), 1u) << "a ConfigMap is no workload";
        const WorkloadShare& s = cluster.workloads[0];
        EXPECT_EQ(s.api_version + " " + s.kind + " " + s.namespace_ + "/" + s.name, "apps/v1 Deployment shop/web");
        EXPECT_EQ(s.replicas, c.replicas);
        EXPECT_EQ(s.total, c.total);
        EXPECT_EQ(s.divided, c.divided);
        EXPECT_FALSE(s.suspended);
      }
    }
  }
}

// A cluster where the policy suspends dispatching the Deployment, reached by a ConfigMap of
// another policy: it stays in its wave, its share marked suspended, and the objects it counts are
// the objects that cluster receives.
TEST(PlanViewTest, ASuspendedWorkloadKeepsItsShareMarkedSuspended) {
  std::string policy = testkit::kPolicy;
  policy += "  suspension: {dispatchingOnClusters: {clusterNames: [eu-1]}}\n";
  auto f = plan_view_of(
      {{"apps/shop/policy.yaml", policy},
       {"apps/shop/config.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web-config, namespace: shop}\n"},
       {"apps/shop/config-policy.yaml",
        "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: config, namespace: shop}\n"
        "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  placement: {}\n"}});
  EXPECT_EQ(plan_view_wave_clusters(f->view),
            (std::vector<std::vector<std::string>>{{"dev-1"}, {"eu-1", "eu-2"}, {"us-1"}}));
  std::vector<std::string> suspended;
  for (const WaveView& w : f->view.waves) {
    for (const ClusterPlan& c : w.clusters) {
      SCOPED_TRACE(c.name);
      ASSERT_EQ(c.workloads.size(), 1u);
      if (c.workloads[0].suspended) suspended.push_back(c.name);
      auto received = f->render->render()->render(c.name);
      ASSERT_TRUE(received.ok());
      EXPECT_EQ(c.objects, received->objects.size());
    }
  }
  EXPECT_EQ(suspended, std::vector<std::string>{"eu-1"});
}

// One wave with the given gates and no cluster: the header line format_plan_text writes.
TEST(PlanViewTest, TheWaveHeaderNamesTheGatesThatAreNotDefaults) {
  struct Case {
    std::string name;
    Wave wave;
    std::string header;
  } cases[] = {
      {"defaults", Wave{.name = "all"}, "  wave 1/1 all\n"},
      {"maxConcurrency 100% is the default", Wave{.name = "all", .max_concurrency = {true, 100}}, "  wave 1/1 all\n"},
      {"maxConcurrency as a count", Wave{.name = "all", .max_concurrency = {false, 2}},
       "  wave 1/1 all (maxConcurrency 2)\n"},
      {"maxConcurrency as a share", Wave{.name = "all", .max_concurrency = {true, 50}},
       "  wave 1/1 all (maxConcurrency 50%)\n"},
      {"every gate, in order",
       Wave{.name = "all",
            .size = CountOrPercent{false, 1},
            .min_success_time_ms = 90'000,
            .progress_deadline_ms = 3'600'000,
            .max_concurrency = {false, 1},
            .max_failures = {true, 10},
            .approval_required = true},
       "  wave 1/1 all (size 1, maxConcurrency 1, maxFailures 10%, minSuccessTime 1m30s, progressDeadline 1h, "
       "approval required)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    AppPlanView view{"shop", "apps/shop", std::string(40, 'a'), {WaveView{&c.wave, {}}}, {}, {}, {}, {}};
    EXPECT_EQ(format_plan_text(view), "shop (apps/shop) at aaaaaaa\n" + c.header +
                                          "    (no clusters)\n  applications: 0 (one per cluster in a wave)\n");
  }
}

TEST(PlanViewTest, TheTextSaysEachShareAndWhatIsLeftOut) {
  const Wave canary{.name = "canary"};
  const Wave rest{.name = "rest"};
  AppPlanView view{"shop", "apps/shop", "0123456789abcdef", {}, {"us-2"}, {"eu-3", "eu-4"}, {}, {"a.yaml:1:1: w"}};
  view.waves.push_back({&canary,
                        {{"dev-1",
                          3,
                          {{"apps/v1", "Deployment", "shop", "web", 1, 4, true, false},
                           {"apps/v1", "StatefulSet", "shop", "db", 1, 1, false, false},
                           {"batch/v1", "Job", "", "migrate", 2, 2, false, true}}}}});
  view.waves.push_back({&rest, {}});
  view.applications = 1;
  view.namespace_only = {"ap-1"};
  EXPECT_EQ(format_plan_text(view),
            "shop (apps/shop) at 0123456\n"
            "  wave 1/2 canary\n"
            "    dev-1: 3 objects\n"
            "      Deployment shop/web: 1 of 4 replicas\n"
            "      StatefulSet shop/db: 1 replica\n"
            "      Job migrate: 2 replicas (dispatching suspended)\n"
            "  wave 2/2 rest\n"
            "    (no clusters)\n"
            "  unassigned: us-2 (reached, but no wave takes them: add them to a wave or end the plan with a "
            "catch-all wave)\n"
            "  unreached: eu-3, eu-4 (in the inventory, receive nothing)\n"
            "  applications: 1 (one per cluster in a wave); 1 of them receive only Namespaces (ap-1): FleetSettings "
            "namespaceOnlyClusters: skip would leave them out\n"
            "  warning: a.yaml:1:1: w\n");
  // Skipped, a long list stays one short line.
  view.namespace_only_skipped = true;
  view.namespace_only = {"ap-1", "ap-2", "ap-3", "ap-4", "ap-5", "ap-6", "ap-7"};
  EXPECT_NE(format_plan_text(view).find("  applications: 1 (one per cluster in a wave); 7 clusters receive only "
                                        "Namespaces and get none (FleetSettings namespaceOnlyClusters: skip): ap-1, "
                                        "ap-2, ap-3, ap-4, ap-5 and 2 more\n"),
            std::string::npos)
      << format_plan_text(view);
}

TEST(PlanViewTest, TheJsonHasEveryKeyWithTheGatesAsTheWavePlanWritesThem) {
  auto f = plan_view_of({{"apps/shop/rollout.yaml", kPlanViewNoCatchAll}});
  const Json expected = Json::parse(R"({
    "app": "shop", "path": "apps/shop", "revision": ")" +
                                    f->head + R"(",
    "unassigned": ["us-1"], "unreached": [], "errors": [], "warnings": [], "applications": 3,
    "namespaceOnlyClusters": {"setting": "include", "clusters": []},
    "waves": [
      {"index": 1, "name": "canary", "size": "", "maxConcurrency": "100%", "maxFailures": "0",
       "minSuccessTime": "", "progressDeadline": "", "approval": "none",
       "clusters": [{"cluster": "dev-1", "objects": 1, "workloads": [
         {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web",
          "replicas": 1, "total": 4, "divided": true, "suspended": false}]}]},
      {"index": 2, "name": "europe", "size": "", "maxConcurrency": "100%", "maxFailures": "0",
       "minSuccessTime": "", "progressDeadline": "", "approval": "none",
       "clusters": [
         {"cluster": "eu-1", "objects": 1, "workloads": [
           {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web",
            "replicas": 1, "total": 4, "divided": true, "suspended": false}]},
         {"cluster": "eu-2", "objects": 1, "workloads": [
           {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web",
            "replicas": 1, "total": 4, "divided": true, "suspended": false}]}]}]
  })");
  EXPECT_EQ(plan_json(f->view), expected);

  Wave gated{.name = "all",
             .size = CountOrPercent{true, 25},
             .min_success_time_ms = 600'000,
             .progress_deadline_ms = 1'800'000,
             .max_failures = {false, 1},
             .approval_required = true};
  AppPlanView one{"shop", "apps/shop", "r", {WaveView{&gated, {}}}, {}, {}, {}, {}};
  const Json wave = plan_json(one)["waves"][0];
  EXPECT_EQ(wave, Json::parse(R"({"index": 1, "name": "all", "size": "25%", "maxConcurrency": "100%",
    "maxFailures": "1", "minSuccessTime": "10m", "progressDeadline": "30m", "approval": "required",
    "clusters": []})"));
}

}  // namespace
}  // namespace fleetwave::cli
