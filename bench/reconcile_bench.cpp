// Reconciler benchmarks (issue: waves):
//  1. a no-change cycle of N apps over a C-cluster inventory (target: 50 x 1,000 under 2 s),
//     after every app has really been rolled out by the reconciler against an in-memory Argo CD;
//  2. one advance (commit + push over smart HTTP with basic auth) on a repository of F files,
//     against the git CLI doing the same commit + push in a clone, side by side.
//
//  3. with --curve DIR: the curve of cycle time and memory against apps x 100 clusters (up to
//     --max-applications Argo CD Applications), into DIR/reconcile.csv for bench/plot-curves.sh.
//     Each point's first cycle writes a start step for every app: one commit per app, one push.
//  4. a no-change cycle while every app's release is in its analysis (a per-cluster Prometheus
//     check on each of N apps x C clusters, target under 2 s), against a provider that counts
//     its queries: a cycle with no new measurement due must send none.
//
//   fleetwave-bench-reconcile [--apps 50] [--clusters 1000] [--files 10000] [--runs 7]
//   fleetwave-bench-reconcile --curve DIR [--runs 3] [--max-applications 100000]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <vector>

#include "adapters/git/libgit2_repository.h"
#include "bench_support.h"
#include "reconcile/reconciler.h"
#include "testkit/builders/git_cli.h"
#include "testkit/fakes/in_memory_argocd.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_http_server.h"

namespace fw = fleetwave;
namespace fb = fleetwave::bench;

namespace {

#ifdef FLEETWAVE_BENCH_ALLOCATOR
constexpr const char* kAllocator = FLEETWAVE_BENCH_ALLOCATOR;
#else
constexpr const char* kAllocator = "the C library's malloc (fleetwave ships with jemalloc unless built without it)";
#endif

struct Options {
  int apps = 50;
  int clusters = 1000;
  int files = 10000;
  int runs = 7;
  int max_applications = 100000;  // --curve: the largest point
};

// Exits with a usage line on a bad flag.
Options parse(int argc, char** argv) {
  Options o;
  fb::parse_int_flags_or_exit(argc, argv,
                              {{"--apps", &o.apps},
                               {"--clusters", &o.clusters},
                               {"--files", &o.files},
                               {"--runs", &o.runs},
                               {"--max-applications", &o.max_applications}});
  return o;
}

std::map<std::string, std::string> fleet_repo(int apps, int clusters, bool analysis = false) {
  return fb::wave_fleet_repo(apps, clusters, analysis);
}

// Every app's targets.json at the head of main, read through `repo` (the reconciler's cache): a
// git process per app would cost more than the cycle at 1,000 apps (each forks this process).
fw::Json targets_of(fw::git::GitRepository& repo, int apps) {
  fw::Json all = fw::Json::array();
  auto head = repo.fetch("main");
  if (!head.ok()) return all;
  for (int a = 0; a < apps; ++a) {
    auto text = repo.read_file(*head, ".fleetwave/app-" + fb::zero_padded(a, 3) + "/targets.json");
    if (!text.ok()) continue;
    for (fw::Json& t : fw::Json::parse(*text)) all.push_back(std::move(t));
  }
  return all;
}

// One fleet's cycles: the first cycle writes a start step for every app (one commit per app, one
// push), then the rollout completes, then no-change cycles run cold (a new reconciler, as
// `fleetwave reconcile --once`) and warm (the same reconciler, as `fleetwave serve`).
struct CyclePoint {
  int apps = 0, clusters = 0;
  double step_cycle_ms = 0;  // the first cycle: a start step for every app
  std::size_t step_commits = 0;
  int step_pushes = 0;  // push attempts of that cycle
  double cold_ms = 0, warm_ms = 0;
  double rss_mib = 0;            // the process's peak so far
  std::size_t argocd_reads = 0;  // Application lists a warm no-change cycle asked for
};

std::optional<CyclePoint> measure_cycles(int apps, int clusters, int runs, const fw::git::LibGit2Runtime& runtime) {
  CyclePoint point{apps, clusters};
  auto dir = fw::testkit::TempDir::create("fw-bench-reconcile");
  std::string remote = dir->path() + "/remote.git";
  if (!fw::testkit::seed_bare_repo(remote, fleet_repo(apps, clusters)).ok()) return std::nullopt;
  fw::testkit::InMemoryArgoCd argocd;
  fw::ManualClock clock(1'800'000'000'000);
  auto repo = fw::git::LibGit2Repository::open(
      runtime, {"file://" + remote, dir->path() + "/cache", fw::git::GitCredentials::none()});
  fw::Reconciler setup(**repo, argocd, clock, {});
  // Roll every app out for real: start, advance, complete.
  for (int i = 0; i < 4; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    auto report = setup.run_once();
    if (!report.ok()) {
      std::fprintf(stderr, "setup cycle failed: %s\n", report.error().to_string().c_str());
      return std::nullopt;
    }
    if (i == 0) {
      point.step_cycle_ms = fb::ms_since(t0);
      point.step_commits = report->commits.size();
      point.step_pushes = report->attempts;
    }
    argocd.sync_to(targets_of(**repo, apps), clock.now_ms());
    clock.advance_ms(60'000);
  }
  std::vector<double> cold, warm;
  fw::Reconciler steady(**repo, argocd, clock, {});
  for (int r = 0; r < runs; ++r) {
    auto fresh_repo = fw::git::LibGit2Repository::open(
        runtime, {"file://" + remote, dir->path() + "/cache", fw::git::GitCredentials::none()});
    fw::Reconciler fresh(**fresh_repo, argocd, clock, {});
    auto t0 = std::chrono::steady_clock::now();
    auto report = fresh.run_once();
    cold.push_back(fb::ms_since(t0));
    if (!report.ok() || !report->commits.empty()) {
      std::fprintf(stderr, "the no-change cycle was not a no-change cycle\n");
      return std::nullopt;
    }
    const std::size_t reads = argocd.queries();
    t0 = std::chrono::steady_clock::now();
    (void)steady.run_once();
    warm.push_back(fb::ms_since(t0));
    point.argocd_reads = argocd.queries() - reads;
  }
  point.cold_ms = fb::median(cold);
  point.warm_ms = fb::median(warm);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  point.rss_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
  return point;
}

// Answers every range query with a passing value at each step, and counts them.
class CountingPrometheus final : public fw::MetricsProvider {
 public:
  std::size_t queries = 0;
  fw::Result<fw::HttpAnswer> query_range(const fw::RangeQuery& q) override {
    ++queries;
    std::string values;
    for (std::int64_t t = q.start_ms; t <= q.end_ms; t += q.step_ms)
      values += std::string(values.empty() ? "" : ",") + "[" + std::to_string(t / 1000) + ",\"0.01\"]";
    return fw::HttpAnswer{
        200,
        R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[)" + values + "]}]}}"};
  }
  // The bench's query is a scalar expression (its condition compares `result` without an index).
  fw::Result<fw::HttpAnswer> query_instant(const std::string&, std::int64_t time_ms) override {
    ++queries;
    return fw::HttpAnswer{200, R"({"status":"success","data":{"resultType":"scalar","result":[)" +
                                   std::to_string(time_ms / 1000) + R"(,"0.01"]}})"};
  }
  std::string describe() const override { return "counting"; }
};

// Bench 4: every app's release analysing its `rest` wave (C clusters each), then cycles where
// no new measurement is due.
int analysis_cycle(const Options& o, const fw::git::LibGit2Runtime& runtime) {
  auto dir = fw::testkit::TempDir::create("fw-bench-analysis");
  std::string remote = dir->path() + "/remote.git";
  if (!fw::testkit::seed_bare_repo(remote, fleet_repo(o.apps, o.clusters, true)).ok()) return 1;
  fw::testkit::InMemoryArgoCd argocd;
  fw::ManualClock clock(1'800'000'000'000);
  CountingPrometheus prometheus;
  auto repo = fw::git::LibGit2Repository::open(
      runtime, {"file://" + remote, dir->path() + "/cache", fw::git::GitCredentials::none()});
  fw::ReconcilerOptions options;
  options.metrics = &prometheus;
  fw::Reconciler r(**repo, argocd, clock, options);
  // start (canary) -> canary measured 3 times -> advance to rest -> rest measured once.
  for (std::int64_t wait_ms : {60'000, 60'000, 31'000}) {
    if (!r.run_once().ok()) return 1;
    argocd.sync_to(targets_of(**repo, o.apps), clock.now_ms());
    clock.advance_ms(wait_ms);
  }
  auto measured = r.run_once();
  if (!measured.ok() || !measured->commits.empty()) {
    std::fprintf(stderr, "bench 4: expected every app measuring its rest wave\n");
    return 1;
  }
  const std::size_t due_queries = prometheus.queries;
  std::vector<double> times;
  const std::size_t before = prometheus.queries;
  for (int i = 0; i < o.runs; ++i) {
    clock.advance_ms(1'000);  // the next measurement is due 30 s after the last
    auto t0 = std::chrono::steady_clock::now();
    auto report = r.run_once();
    times.push_back(fb::ms_since(t0));
    if (!report.ok() || !report->commits.empty()) return 1;
  }
  std::printf(
      "analysis, %d apps x %d clusters measuring: %zu queries in all so far (a type probe and a range query per "
      "check); a no-change cycle %.0f ms with "
      "%zu queries (median of %d; target < 2000 ms) %s\n",
      o.apps, o.clusters, due_queries, fb::median(times), prometheus.queries - before, o.runs,
      fb::median(times) < 2000 && prometheus.queries == before ? "ok" : "MISSED");
  return 0;
}

int no_change_cycle(const Options& o, const fw::git::LibGit2Runtime& runtime) {
  auto p = measure_cycles(o.apps, o.clusters, o.runs, runtime);
  if (!p) return 1;
  std::printf("steps for many apps: %d start steps in one cycle in %.0f ms: %zu commits, %d push\n", o.apps,
              p->step_cycle_ms, p->step_commits, p->step_pushes);
  std::printf(
      "no-change cycle, %d apps x %d clusters: cold %.0f ms, warm %.0f ms (median of %d; target < 2000 ms), %zu Argo "
      "CD "
      "read(s) per cycle %s\n",
      o.apps, o.clusters, p->cold_ms, p->warm_ms, o.runs, p->argocd_reads, p->cold_ms < 2000 ? "ok" : "MISSED");
  return 0;
}

// The reconcile curve (docs/benchmarks.md): apps x 100 clusters up to `max_applications`
// Argo CD Applications, one CSV row per point into out/reconcile.csv.
int reconcile_curve(const Options& o, const std::string& out, const fw::git::LibGit2Runtime& runtime) {
  std::filesystem::create_directories(out);
  std::ofstream csv(out + "/reconcile.csv");
  csv << "apps,clusters,applications,cold_ms,warm_ms,step_cycle_ms,rss_mib,step_commits,step_pushes,argocd_reads\n";
  std::printf("%6s %8s %12s %10s %10s %14s %9s %8s %12s\n", "apps", "clusters", "Applications", "cold ms", "warm ms",
              "step cycle ms", "commits", "RSS MiB", "Argo CD reads");
  const int clusters = 100;
  for (int apps : {10, 30, 100, 300, 1000, 3000}) {
    if (apps * clusters > o.max_applications) break;
    auto p = measure_cycles(apps, clusters, o.runs, runtime);
    if (!p) return 1;
    if (p->step_commits != static_cast<std::size_t>(apps) || p->step_pushes != 1) {
      std::fprintf(stderr, "%d apps: expected %d start commits in one push, got %zu in %d\n", apps, apps,
                   p->step_commits, p->step_pushes);
      return 1;
    }
    std::printf("%6d %8d %12d %10.0f %10.0f %14.0f %9zu %8.1f %12zu\n", apps, clusters, apps * clusters, p->cold_ms,
                p->warm_ms, p->step_cycle_ms, p->step_commits, p->rss_mib, p->argocd_reads);
    std::fflush(stdout);
    csv << apps << ',' << clusters << ',' << apps * clusters << ',' << p->cold_ms << ',' << p->warm_ms << ','
        << p->step_cycle_ms << ',' << p->rss_mib << ',' << p->step_commits << ',' << p->step_pushes << ','
        << p->argocd_reads << '\n';
  }
  std::printf("wrote %s/reconcile.csv\n", out.c_str());
  return 0;
}

std::map<std::string, std::string> big_repo(int files) {
  std::map<std::string, std::string> repo = fleet_repo(1, 3);
  for (int i = 0; i < files; ++i) {
    repo["docs/d" + fb::zero_padded(i / 100, 3) + "/f" + fb::zero_padded(i % 100, 2) + ".yaml"] =
        "id: " + std::to_string(i) + "\nbody: some text\n";
  }
  return repo;
}

bool run_cli(const std::string& cwd, const std::vector<std::string>& args) {
  auto r = fw::testkit::git(cwd, args);
  if (!r.ok()) std::fprintf(stderr, "git %s failed: %s\n", args[0].c_str(), r.error().to_string().c_str());
  return r.ok();
}

// One advance: fetch, decide, commit state.yaml + targets.json, push over smart HTTP with auth,
// against `git pull && git add && git commit && git push` writing the same two files.
int advance_over_http(const Options& o, const fw::git::LibGit2Runtime& runtime) {
  auto server = fw::testkit::GitHttpServer::start();
  if (!server.ok()) {
    std::fprintf(stderr, "cannot start the Git server: %s\n", server.error().to_string().c_str());
    return 1;
  }
  auto seeded = (*server)->create_repo("fleet.git", big_repo(o.files));
  if (!seeded.ok()) return 1;
  const std::string bare = (*server)->repo_path("fleet.git");
  auto dir = fw::testkit::TempDir::create("fw-bench-advance");
  auto credentials = fw::git::GitCredentials::user_password((*server)->user(), (*server)->password());
  auto repo =
      fw::git::LibGit2Repository::open(runtime, {(*server)->url("fleet.git"), dir->path() + "/cache", credentials});
  if (!repo.ok()) return 1;
  fw::testkit::InMemoryArgoCd argocd;
  fw::ManualClock clock(1'800'000'000'000);
  fw::Reconciler reconciler(**repo, argocd, clock, {});
  if (!reconciler.run_once().ok()) return 1;  // start: the canary is pinned
  argocd.sync_to(targets_of(**repo, 1), clock.now_ms());
  clock.advance_ms(60'000);
  const std::string before = fw::testkit::git(bare, {"rev-parse", "main"}).value();

  // The CLI peer works in an ordinary clone over the same server, with the same credentials.
  std::string url = (*server)->url("fleet.git");
  url.insert(url.find("//") + 2, (*server)->user() + ":" + (*server)->password() + "@");
  std::string clone = dir->path() + "/clone";
  if (!run_cli(dir->path(), {"clone", "-q", url, clone})) return 1;
  std::vector<double> ours, cli;
  std::string advanced_state, advanced_targets;
  for (int r = 0; r < o.runs; ++r) {
    if (!run_cli(bare, {"update-ref", "refs/heads/main", before})) return 1;
    auto t0 = std::chrono::steady_clock::now();
    auto report = reconciler.run_once();
    ours.push_back(fb::ms_since(t0));
    if (!report.ok() || report->commits.size() != 1) {
      std::fprintf(stderr, "expected one advance commit\n");
      return 1;
    }
    advanced_state = fw::testkit::git(bare, {"show", "main:.fleetwave/app-000/state.yaml"}).value();
    advanced_targets = fw::testkit::git(bare, {"show", "main:.fleetwave/app-000/targets.json"}).value();
    if (!run_cli(bare, {"update-ref", "refs/heads/main", before})) return 1;
    if (!run_cli(clone, {"fetch", "-q", "origin"}) || !run_cli(clone, {"reset", "-q", "--hard", "origin/main"}))
      return 1;
    t0 = std::chrono::steady_clock::now();
    std::ofstream(clone + "/.fleetwave/app-000/state.yaml") << advanced_state << "\n";
    std::ofstream(clone + "/.fleetwave/app-000/targets.json") << advanced_targets << "\n";
    bool ok = run_cli(clone, {"pull", "-q", "--ff-only"}) && run_cli(clone, {"add", ".fleetwave"}) &&
              run_cli(clone, {"commit", "-qm", "advance"}) && run_cli(clone, {"push", "-q", "origin", "main"});
    cli.push_back(fb::ms_since(t0));
    if (!ok) return 1;
  }
  double ratio = fb::median(ours) / fb::median(cli);
  std::printf(
      "advance over smart HTTP, %d-file repo: fleetwave %.0f ms (fetch, decide, commit, push), git CLI %.0f ms "
      "(pull, add, commit, push): %.2fx of the CLI's time (target <= 1.00x) %s\n",
      o.files, fb::median(ours), fb::median(cli), ratio, ratio <= 1.0 ? "ok" : "MISSED");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // --curve DIR (the one flag that is not a number): the reconcile curve instead of the two
  // benchmarks above.
  std::vector<char*> args(argv, argv + argc);
  const std::string curve_out = fb::take_flag_value(args, "--curve");
  Options o = parse(static_cast<int>(args.size()), args.data());
  std::printf("allocator: %s\n", kAllocator);
  auto runtime = fw::git::LibGit2Runtime::start();
  if (!runtime.ok()) return 1;
  if (!curve_out.empty()) return reconcile_curve(o, curve_out, *runtime);
  int rc = no_change_cycle(o, *runtime);
  if (rc == 0) rc = analysis_cycle(o, *runtime);
  return rc != 0 ? rc : advance_over_http(o, *runtime);
}
