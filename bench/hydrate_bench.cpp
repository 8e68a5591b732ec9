// Hydrated mode's cost (issue 31): the reconcile cycle whose one step pins every cluster of a
// 1,000-cluster fleet, over smart HTTP with basic auth (lighttpd + git-http-backend, another
// process), with hydration (the step, then every cluster's manifests rendered and committed to the
// hydrated branch) next to the same step in plugin mode (the step alone), in the same run.
// Runs interleave the two modes; each run seeds a fresh repository, so every step starts cold.
// Two steps are timed: the first release (the hydrated branch is created) and the next release
// on the fleet now hydrated (every cluster directory changes). Wall time and this process's CPU
// time (user + system; the Git server's is not counted).
//
//   fleetwave-bench-hydrate [--clusters 1000] [--runs 5] [--distinct]
//
// --distinct adds an OverridePolicy with one rule per cluster (a label naming it), so every
// cluster's manifest differs and the hydrated commit writes as many blobs as clusters; without
// it every cluster runs the same bytes (one blob, as a fleet of identical clusters has).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <vector>

#include "adapters/git/libgit2_repository.h"
#include "bench_support.h"
#include "reconcile/reconciler.h"
#include "testkit/builders/git_cli.h"
#include "testkit/builders/git_test_helpers.h"
#include "testkit/fakes/in_memory_argocd.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_http_server.h"

namespace fw = fleetwave;
namespace fb = fleetwave::bench;

namespace {

constexpr const char* kHydratedBranch = "fleetwave/hydrated";

struct Options {
  int clusters = 1000;
  int runs = 5;
  bool distinct = false;
};

// One rule per cluster: a label with its name, so no two clusters' manifests are the same bytes.
std::string per_cluster_overrides(int clusters) {
  std::string policy =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: per-cluster, namespace: "
      "app-000}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  overrideRules:\n";
  for (int c = 0; c < clusters; ++c) {
    const std::string name = "cluster-" + fb::zero_padded(c, 4);
    policy += "  - targetCluster: {clusterNames: [" + name +
              "]}\n    overriders:\n      labelsOverrider: [{operator: add, value: {fleet.example/cluster: " + name +
              "}}]\n";
  }
  return policy;
}

// The fleet: one app placed on every cluster, one wave holding them all, so the release's first
// step pins every cluster at once.
std::map<std::string, std::string> fleet(const Options& o, bool hydrated) {
  std::map<std::string, std::string> files = fb::wave_fleet_repo(1, o.clusters);
  files["apps/app-000/rollout.yaml"] =
      "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: app-000}\n"
      "spec:\n  waves:\n  - name: all\n    clusters: {}\n";
  if (o.distinct) files["apps/app-000/overrides.yaml"] = per_cluster_overrides(o.clusters);
  if (hydrated)
    files["policies/fleet-settings.yaml"] =
        "apiVersion: fleetwave.io/v1alpha1\nkind: FleetSettings\nmetadata: {name: fleet}\n"
        "spec:\n  hydration: {targetBranch: " +
        std::string(kHydratedBranch) + "}\n";
  return files;
}

double cpu_ms() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto ms = [](const timeval& t) { return 1000.0 * static_cast<double>(t.tv_sec) + t.tv_usec / 1000.0; };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

struct StepCost {
  double wall_ms = 0, cpu_ms = 0;
};

struct Measured {
  StepCost first;    // the first release: the hydrated branch is created
  StepCost release;  // the next release on a fleet already hydrated: every directory changes
};

// Times one reconcile cycle; it must write one step (and, hydrated, one hydrated commit).
std::optional<StepCost> timed_step(fw::Reconciler& reconciler, bool hydrated, const std::string& what) {
  const auto wall0 = std::chrono::steady_clock::now();
  const double cpu0 = cpu_ms();
  auto report = reconciler.run_once();
  StepCost cost{fb::ms_since(wall0), cpu_ms() - cpu0};
  if (!report.ok() || report->commits.size() != 1 || report->hydrated_commits.size() != (hydrated ? 1u : 0u)) {
    std::fprintf(stderr, "%s: expected one step%s: %s\n", what.c_str(), hydrated ? " and one hydrated commit" : "",
                 report.ok() ? "other commits" : report.error().to_string().c_str());
    return std::nullopt;
  }
  return cost;
}

// Every cluster pinned to one commit, the newest of main.
bool all_pinned_to_tip(const std::string& bare, int clusters) {
  auto pinned = fw::testkit::git(bare, {"show", "main:.fleetwave/app-000/targets.json"});
  auto tip = fw::testkit::git(bare, {"log", "-1", "--format=%H", "main", "--", "apps"});
  if (!pinned.ok() || !tip.ok()) return false;
  const fw::Json targets = fw::Json::parse(*pinned);
  if (targets.size() != static_cast<std::size_t>(clusters)) return false;
  for (const fw::Json& t : targets) {
    if (t.value("revision", "") != *tip) return false;
  }
  return true;
}

// Seeds repository `name` on the server, times the cycle that writes the first release's step,
// lets it complete, pushes a second release and times its step; checks each did what it says.
std::optional<Measured> measure(fw::testkit::GitHttpServer& server, const fw::git::LibGit2Runtime& runtime,
                                const Options& o, bool hydrated, const std::string& name) {
  if (!server.create_repo(name, fleet(o, hydrated)).ok()) return std::nullopt;
  const std::string bare = server.repo_path(name);
  auto dir = fw::testkit::TempDir::create("fw-bench-hydrate");
  auto credentials = fw::git::GitCredentials::user_password(server.user(), server.password());
  auto repo = fw::git::LibGit2Repository::open(runtime, {server.url(name), dir->path() + "/cache", credentials});
  if (!repo.ok()) return std::nullopt;
  fw::testkit::InMemoryArgoCd argocd;
  fw::ManualClock clock(1'800'000'000'000);
  fw::ReconcilerOptions options;
  options.repo_url = server.url(name);
  fw::Reconciler reconciler(**repo, argocd, clock, options);
  Measured m;
  auto first = timed_step(reconciler, hydrated, name + " first release");
  if (!first || !all_pinned_to_tip(bare, o.clusters)) return std::nullopt;
  m.first = *first;
  for (int i = 0; i < 3; ++i) {  // Argo CD syncs every pin; the release completes
    argocd.sync_to(fw::Json::parse(fw::testkit::git(bare, {"show", "main:.fleetwave/app-000/targets.json"}).value()),
                   clock.now_ms());
    clock.advance_ms(60'000);
    if (!reconciler.run_once().ok()) return std::nullopt;
  }
  auto tip = (*repo)->fetch("main");
  if (!tip.ok()) return std::nullopt;
  auto release = fw::testkit::commit_request(
      *tip,
      {fw::testkit::write("apps/app-000/deploy.yaml",
                          fb::wave_fleet_repo(1, 1, false, "web:2.0").at("apps/app-000/deploy.yaml"))},
      "release web:2.0");
  auto pushed = (*repo)->create_commit(release);
  if (!pushed.ok() || !(*repo)->push("main", *pushed, fw::git::PushMode::FastForwardOnly).ok()) return std::nullopt;
  auto next = timed_step(reconciler, hydrated, name + " second release");
  if (!next || !all_pinned_to_tip(bare, o.clusters)) return std::nullopt;
  m.release = *next;
  if (hydrated) {
    auto files = fw::testkit::git(bare, {"ls-tree", "-r", "--name-only", kHydratedBranch, "app-000"});
    const auto manifests = files.ok() ? static_cast<int>(std::count(files->begin(), files->end(), '\n')) + 1 : 0;
    auto image = fw::testkit::git(bare, {"show", std::string(kHydratedBranch) + ":app-000/cluster-0000/manifest.yaml"});
    if (manifests != 2 * o.clusters || !image.ok() || image->find("web:2.0") == std::string::npos) {
      std::fprintf(stderr, "%s: the hydrated branch does not hold the second release everywhere\n", name.c_str());
      return std::nullopt;
    }
  }
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  fb::set_flags_or_exit(argc, argv, {{"--clusters", fb::into(o.clusters)}, {"--runs", fb::into(o.runs)}},
                        {{"--distinct", &o.distinct}});
  if (o.clusters < 1 || o.runs < 1) {
    std::fprintf(stderr, "--clusters and --runs take a positive number\n");
    return 2;
  }
  fb::note_machine_load("before the runs");
  auto runtime = fw::git::LibGit2Runtime::start();
  auto server = fw::testkit::GitHttpServer::start();
  if (!runtime.ok() || !server.ok()) {
    std::fprintf(stderr, "cannot start libgit2 or the Git server\n");
    return 1;
  }
  std::map<std::string, std::vector<double>> samples;  // "mode step wall|cpu" -> per run
  for (int r = 0; r < o.runs; ++r) {
    for (bool hydrated : {false, true}) {
      const std::string mode = hydrated ? "hydrated" : "plugin";
      auto m = measure(**server, *runtime, o, hydrated, mode + "-" + std::to_string(r) + ".git");
      if (!m) return 1;
      samples[mode + " first wall"].push_back(m->first.wall_ms);
      samples[mode + " first cpu"].push_back(m->first.cpu_ms);
      samples[mode + " release wall"].push_back(m->release.wall_ms);
      samples[mode + " release cpu"].push_back(m->release.cpu_ms);
    }
  }
  fb::note_machine_load("after the runs");
  const char* shape = o.distinct ? "every cluster's manifest distinct" : "every cluster the same manifest";
  std::printf("a step pinning %d clusters over smart HTTP (%s), median of %d:\n", o.clusters, shape, o.runs);
  for (const char* step : {"first", "release"}) {
    auto at = [&](const std::string& mode, const char* what) {
      return fb::median(samples[mode + " " + step + " " + what]);
    };
    std::printf("  %-8s plugin mode: wall %6.0f ms, CPU %6.0f ms | hydrated: wall %6.0f ms, CPU %6.0f ms (%.1fx)\n",
                step, at("plugin", "wall"), at("plugin", "cpu"), at("hydrated", "wall"), at("hydrated", "cpu"),
                at("hydrated", "wall") / at("plugin", "wall"));
  }
  return 0;
}
