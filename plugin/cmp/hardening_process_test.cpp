// Issue 10's defects of the render input, each reproduced against the built fleetwave-render
// run as Argo CD runs it (a fresh repository, cwd and flags or the CMP environment, no shell):
// D4/D5 YAML libyaml rejects, D6 .git through symlinks and paths, D7 echoed values, D8 locating
// many errors in a large file, D9 deep trees, D10 file names with control characters, D11 no
// partial stdout on timeout, D13 symlink messages, the selector that matches nothing ("also
// seen"), and issue 9's CLI items (line:column of fields, --help, -o, summary --output json).
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <thread>

#include <gtest/gtest.h>

#include "base/json.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fleetwave {
namespace {
namespace fs = std::filesystem;

constexpr const char* kCluster =
    "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: m1\n  labels: {env: prod}\n"
    "spec:\n  region: eu\n";

constexpr const char* kPolicy =
    "apiVersion: policy.karmada.io/v1alpha1\n"
    "kind: PropagationPolicy\n"
    "metadata: {name: all, namespace: shop}\n"
    "spec:\n"
    "  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}, {apiVersion: apps/v1, kind: Deployment}]\n"
    "  placement: {clusterAffinity: {clusterNames: [m1]}}\n";

constexpr const char* kConfigMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web, namespace: shop}\n";

std::size_t count_lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

class RenderHardening : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/fw-harden-XXXXXX";
    repo_ = mkdtemp(tmpl);
    write("clusters/m1.yaml", kCluster);
    write("app/policy.yaml", kPolicy);
  }
  // `rm -rf`: std::filesystem::remove_all gives up on the deep tree of D9.
  void TearDown() override { (void)testkit::run_process({"/bin/rm", "-rf", repo_.string()}, {}, "/"); }

  void write(const std::string& rel, const std::string& text) const {
    fs::create_directories((repo_ / rel).parent_path());
    std::ofstream(repo_ / rel, std::ios::binary) << text;
  }

  std::map<std::string, std::string> env(std::map<std::string, std::string> extra = {}) const {
    extra.emplace("PATH", "/usr/bin:/bin");
    return extra;
  }

  // fleetwave-render --repo-root <repo> --app app --cluster m1 [args...]
  testkit::ProcessOutcome render(std::vector<std::string> args = {},
                                 std::map<std::string, std::string> extra = {}) const {
    std::vector<std::string> argv = {
        fleetwave::testkit::render_binary(), "--repo-root", repo_.string(), "--app", "app", "--cluster", "m1"};
    argv.insert(argv.end(), args.begin(), args.end());
    return testkit::run_process(argv, env(std::move(extra)), repo_.string(), 120);
  }

  // render() expected to fail: exit code 1 and nothing on stdout; the outcome, for its stderr.
  testkit::ProcessOutcome render_refused(std::map<std::string, std::string> extra = {}) const {
    testkit::ProcessOutcome r = render({}, std::move(extra));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    return r;
  }

  // As argocd-cmp-server runs it: cwd is the app directory, ARGOCD_APP_SOURCE_PATH names it.
  testkit::ProcessOutcome render_as_cmp(const std::string& app, std::map<std::string, std::string> extra = {}) const {
    extra.emplace("ARGOCD_APP_SOURCE_PATH", app);
    extra.emplace("ARGOCD_ENV_FLEETWAVE_CLUSTER", "m1");
    return testkit::run_process({fleetwave::testkit::render_binary()}, env(std::move(extra)), (repo_ / app).string());
  }

  fs::path repo_;
};

// The app, inventory and policy directories may be reached through symlinks that stay inside
// the repository; one that leaves it, or leads into .git, is refused by name.
TEST_F(RenderHardening, WalkedDirectoriesReachedThroughSymlinks) {
  write("app/cm.yaml", kConfigMap);
  auto run = [&](const std::string& app, const std::string& clusters) {
    return testkit::run_process({fleetwave::testkit::render_binary(), "--repo-root", repo_.string(), "--app", app,
                                 "--cluster", "m1", "--clusters-dir", clusters},
                                env(), repo_.string(), 120);
  };
  const testkit::ProcessOutcome direct = run("app", "clusters");
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  ASSERT_NE(direct.out.find("name: web"), std::string::npos) << direct.out;

  fs::create_directory_symlink("app", repo_ / "app-link");
  fs::create_directories(repo_ / "nested");
  fs::create_directory_symlink("../clusters", repo_ / "nested/inventory");
  testkit::ProcessOutcome r = run("app-link", "nested/inventory");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, direct.out);

  char outside_template[] = "/tmp/fw-harden-outside-XXXXXX";
  const fs::path outside = mkdtemp(outside_template);
  std::ofstream(outside / "m1.yaml") << kCluster;
  fs::create_directory_symlink(outside, repo_ / "nested/elsewhere");
  r = run("app", "nested/elsewhere");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "nested/elsewhere: directory leaves the repository through a symlink\n");
  fs::remove_all(outside);

  write(".git/m1.yaml", kCluster);
  fs::create_directory_symlink("../.git", repo_ / "nested/git");
  r = run("app", "nested/git");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "nested/git: directory is inside .git; fleetwave never reads .git\n");
}

TEST_F(RenderHardening, D4_MappingLineWithoutColonFails) {
  write("app/cm.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web, namespace: shop}\ndata:\n"
        "  a: b\n  replicas 3\n");
  testkit::ProcessOutcome r = render_refused();
  EXPECT_EQ(r.err,
            "app/cm.yaml:6:3: invalid YAML: could not find expected ':' (while scanning a simple key); Kubernetes "
            "tools (go-yaml, libyaml) reject it\n");
}

TEST_F(RenderHardening, D5_YamlThatLibyamlRejectsFails) {
  struct Case {
    const char* name;
    std::string text;
    std::string err;
  } cases[] = {
      {"undefined tag handle", std::string(kConfigMap) + "data: {k: !e!foo v}\n",
       "app/cm.yaml:4:11: invalid YAML: found undefined tag handle (while parsing a node that starts at 4:11)"},
      {"control character",
       std::string(kConfigMap) + "data: {k: a\x02"
                                 "b}\n",
       "app/cm.yaml:4:12: invalid YAML: control characters are not allowed"},
      {"unknown directive", "%FOO bar\n---\n" + std::string(kConfigMap),
       "app/cm.yaml:1:1: invalid YAML: found unknown directive name (while scanning a directive)"},
      {"mapping line without a colon", std::string(kConfigMap) + "data:\n  a: b\n  replicas 3\n",
       "app/cm.yaml:6:3: invalid YAML: could not find expected ':' (while scanning a simple key)"},
      // (a byte order mark where libyaml accepts it, inside a key, is part of the key for both)
      {"byte order mark in the middle", std::string(kConfigMap) + "\xEF\xBB\xBF" + "data: {k: v}\n",
       "app/cm.yaml:4:4: invalid YAML: did not find expected key (while parsing a block mapping that starts at 1:1)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    write("app/cm.yaml", c.text);
    testkit::ProcessOutcome r = render_refused();
    EXPECT_EQ(r.err, c.err + "; Kubernetes tools (go-yaml, libyaml) reject it\n");
  }
  // Line breaks libyaml knows and yaml-cpp does not: both accepted "data:\n  ke\ry: v" with
  // different values (a key "ke\ry", or data: ke and a second key y), so it is refused.
  for (const std::string& text :
       {std::string(kConfigMap) + "data:\n  ke\ry: v\n", std::string(kConfigMap) + "data:\n  k: a\u2028b\n"}) {
    SCOPED_TRACE(text);
    write("app/cm.yaml", text);
    testkit::ProcessOutcome r = render_refused();
    EXPECT_NE(r.err.find("which Kubernetes tools read as a line break"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind("app/cm.yaml:5:", 0), 0u) << r.err;
  }
}

TEST_F(RenderHardening, D6_GitIsNeverReadThroughAnyPath) {
  write(".git/objects/evil.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: from-git, namespace: shop}\n");
  write(".git/config.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: config, namespace: shop}\n");
  fs::create_directory_symlink("../.git", repo_ / "app/g");
  fs::create_symlink("../.git/config.yaml", repo_ / "app/leak.yaml");
  testkit::ProcessOutcome r = render_refused();
  EXPECT_EQ(r.err,
            "app/g: symlink points into .git; fleetwave never reads .git\n"
            "app/leak.yaml: symlink points into .git; fleetwave never reads .git\n");

  fs::remove(repo_ / "app/g");
  fs::remove(repo_ / "app/leak.yaml");
  r = render_as_cmp(".git");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "app path \".git\" is inside .git; fleetwave never reads .git\nrun fleetwave-render --help for usage\n");

  r = render_as_cmp("app", {{"ARGOCD_ENV_FLEETWAVE_CLUSTERS", ".git"}});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "cluster inventory directory \".git\" is inside .git; fleetwave never reads .git\n"
            "run fleetwave-render --help for usage\n");
  r = render({"--clusters-dir", "x/../.git/objects"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
}

TEST_F(RenderHardening, D7_EchoedValuesAreCut) {
  write("app/cm.yaml", "apiVersion: fleetwave.io/v1alpha1\nkind: " + std::string(1'000'000, 'K') + "\n");
  testkit::ProcessOutcome r = render_refused();
  EXPECT_EQ(count_lines(r.err), 1u) << r.err.substr(0, 400);
  EXPECT_LT(r.err.size(), 600u);
  EXPECT_EQ(r.err, "app/cm.yaml:2:7: kind: unknown fleetwave kind fleetwave.io/v1alpha1 " + std::string(200, 'K') +
                       "...(999800 more bytes); expected fleetwave.io/v1alpha1 WavePlan\n");
}

TEST_F(RenderHardening, D8_ManyErrorsAfterALongLineAreLocatedInOnePass) {
  // One 7.9 MB line, then 60 documents with an error each: locating them re-read the file per
  // error (quadratic) and took longer than fleetwave-render's own 50 s timeout on the 2-core
  // workplace; one pass takes about a second. 20 s here leaves room for a loaded machine.
  std::string text = std::string(kConfigMap) + "data:\n  k: " + std::string(7'900'000, 'x') + "\n";
  for (int i = 0; i < 60; ++i) text += "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [bad]\n";
  write("app/big.yaml", text);
  testkit::ProcessOutcome r = render({}, {{"FLEETWAVE_TIMEOUT_SECONDS", "20"}});
  EXPECT_EQ(r.exit_code, 1) << r.err.substr(0, 300);
  EXPECT_EQ(r.out, "");
  // fleetwave-render prints the first 50 problems, each at its field's line and column.
  std::istringstream lines(r.err);
  std::string line;
  int n = 0;
  while (std::getline(lines, line) && n < 50) {
    EXPECT_EQ(line, "app/big.yaml:" + std::to_string(10 + 5 * n) + ":9: metadata.name: expected a string, got a list");
    ++n;
  }
  EXPECT_EQ(n, 50);
  EXPECT_EQ(line, "... and 10 more problems");
  std::printf("[D8] 7.9 MB line + 60 errors: %.0f ms\n", r.wall_ms);
}

// The D9 memory budget; AddressSanitizer's shadow memory and redzones add about half again.
#if defined(__SANITIZE_ADDRESS__)
constexpr long kRssBudgetKb = 250'000;
#else
constexpr long kRssBudgetKb = 100'000;
#endif

TEST_F(RenderHardening, D9_DeepTreesAreWalkedInTimeLinearInTheirDepth) {
  // 1,500 nested directories took 39 s (cubic: each level resolved its whole path again).
  // Made level by level (mkdirat): std::filesystem gives up on paths this long.
  int dir = ::open((repo_ / "app").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(dir, 0);
  for (int i = 0; i < 1500; ++i) {
    ASSERT_EQ(::mkdirat(dir, "d", 0755), 0);
    const int child = ::openat(dir, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ::close(dir);
    dir = child;
    ASSERT_GE(dir, 0);
  }
  const int file = ::openat(dir, "cm.yaml", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  ::close(dir);
  ASSERT_GE(file, 0);
  ASSERT_EQ(::write(file, kConfigMap, std::strlen(kConfigMap)), static_cast<ssize_t>(std::strlen(kConfigMap)));
  ::close(file);
  testkit::ProcessOutcome r = render({}, {{"FLEETWAVE_TIMEOUT_SECONDS", "20"}});
  EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 300);
  EXPECT_EQ(r.out, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n  namespace: shop\n")
      << r.out.substr(0, 300);
  EXPECT_LT(r.max_rss_kb, kRssBudgetKb);
  std::printf("[D9] 1500 levels: %.0f ms, %ld KB\n", r.wall_ms, r.max_rss_kb);
}

TEST_F(RenderHardening, D10_FileNamesAreEscaped) {
  write("app/bad\n\x1b[31mred.yaml", "a: [\n");
  testkit::ProcessOutcome r = render();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(count_lines(r.err), 1u) << r.err;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos);
  EXPECT_EQ(r.err.rfind("app/bad\\n\\x1b[31mred.yaml:", 0), 0u) << r.err;
}

// Runs fleetwave-render with stdout on a pipe nobody reads for `delay` (then sends it `signal`,
// if any), then reads it all.
testkit::ProcessOutcome render_to_slow_reader(const std::vector<std::string>& argv, const std::string& cwd,
                                              std::chrono::milliseconds delay, int signal = 0) {
  testkit::ProcessOutcome outcome;
  int out[2], err[2];
  if (pipe(out) != 0) return outcome;
  if (pipe(err) != 0) return outcome;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addclose(&actions, err[0]);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  std::vector<std::string> args = argv;
  std::vector<char*> c_args;
  for (std::string& a : args) c_args.push_back(a.data());
  c_args.push_back(nullptr);
  std::string timeout = "FLEETWAVE_TIMEOUT_SECONDS=1";
  char* envp[] = {timeout.data(), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, c_args.data(), envp);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  close(err[1]);
  if (spawned != 0) {
    close(out[0]);
    close(err[0]);
    return outcome;
  }
  std::this_thread::sleep_for(delay);
  if (signal != 0) kill(pid, signal);
  char buffer[65536];
  for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;) outcome.out.append(buffer, static_cast<size_t>(n));
  for (ssize_t n; (n = read(err[0], buffer, sizeof buffer)) > 0;) outcome.err.append(buffer, static_cast<size_t>(n));
  close(out[0]);
  close(err[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return outcome;
}

TEST_F(RenderHardening, D11_NoPartialStdoutWhenTheReaderIsSlowerThanTheTimeout) {
  // ~400 KB of output, far more than a pipe holds; the reader starts after the 1 s timeout. The
  // timer used to fire mid-write: 64 KiB of YAML and exit 3.
  std::string data;
  for (int i = 0; i < 400; ++i) data += "  k" + std::to_string(i) + ": " + std::string(1000, 'v') + "\n";
  write("app/cm.yaml", std::string(kConfigMap) + "data:\n" + data);
  const testkit::ProcessOutcome full = render();
  ASSERT_EQ(full.exit_code, 0) << full.err;
  ASSERT_GT(full.out.size(), 400'000u);
  testkit::ProcessOutcome slow = render_to_slow_reader(
      {fleetwave::testkit::render_binary(), "--repo-root", repo_.string(), "--app", "app", "--cluster", "m1"},
      repo_.string(), std::chrono::milliseconds(2500));
  EXPECT_EQ(slow.exit_code, 0);
  EXPECT_EQ(slow.out.size(), full.out.size());
  EXPECT_TRUE(slow.out == full.out);
}

TEST_F(RenderHardening, ABusErrorStopsTheRenderWithAMessage) {
  // Inputs of 64 KiB or more and cache files are mapped: one cut short by another process while
  // mapped raises SIGBUS. Here the signal comes while the render waits to write its output.
  write("app/cm.yaml", std::string(kConfigMap) + "data:\n  big: " + std::string(200'000, 'v') + "\n");
  testkit::ProcessOutcome r = render_to_slow_reader(
      {fleetwave::testkit::render_binary(), "--repo-root", repo_.string(), "--app", "app", "--cluster", "m1"},
      repo_.string(), std::chrono::milliseconds(500), SIGBUS);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("was cut short by another process (SIGBUS); the render stopped"), std::string::npos) << r.err;
}

TEST_F(RenderHardening, D13_SymlinkProblemsAreNamedForWhatTheyAre) {
  fs::create_symlink("nowhere.yaml", repo_ / "app/gone.yaml");
  fs::create_symlink("loop.yaml", repo_ / "app/loop.yaml");
  fs::create_symlink("gone-dir", repo_ / "app/notes");  // dangling, and nothing fleetwave reads
  testkit::ProcessOutcome r = render_refused();
  EXPECT_EQ(r.err,
            "app/gone.yaml: dangling symlink: its target does not exist\n"
            "app/loop.yaml: symlink loop (the link resolves to itself); remove or fix the symlink\n");
}

TEST_F(RenderHardening, SelectorThatMatchesNothingWarnsOnStderr) {
  // Karmada admits an unknown operator and the selector matches nothing, so the render is empty
  // (with auto-prune Argo CD would delete the app): keep that verdict, and say why on stderr.
  write("app/policy.yaml",
        "apiVersion: policy.karmada.io/v1alpha1\n"
        "kind: PropagationPolicy\n"
        "metadata: {name: all, namespace: shop}\n"
        "spec:\n"
        "  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n"
        "  placement:\n"
        "    clusterAffinity:\n"
        "      labelSelector:\n"
        "        matchExpressions:\n"
        "          - {key: env, operator: Bogus, values: [prod]}\n");
  write("app/cm.yaml", kConfigMap);
  testkit::ProcessOutcome r = render();
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(
      r.err,
      "warning: app/policy.yaml:10:34: spec.placement.clusterAffinity.labelSelector.matchExpressions[0].operator: "
      "PropagationPolicy shop/all: unknown operator \"Bogus\" (valid: In, NotIn, Exists, DoesNotExist); Karmada "
      "admits this label selector but cannot convert it, so it matches nothing\n");
}

TEST_F(RenderHardening, ErrorsNameTheLineAndColumnOfTheirField) {
  struct Case {
    const char* name;
    std::string file, text, err;
  } cases[] = {
      {"template field type", "app/deploy.yaml",
       "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: three\n",
       "app/deploy.yaml:5:13: spec.replicas: Deployment shop/web: expected an integer, got a string\n"},
      {"policy field", "app/weights.yaml",
       "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: w, namespace: shop}\n"
       "spec:\n  resourceSelectors: [{apiVersion: v1, kind: Secret}]\n  placement:\n    replicaScheduling:\n"
       "      replicaSchedulingType: Divided\n      replicaDivisionPreference: Weighted\n      weightPreference:\n"
       "        staticWeightList:\n          - {targetCluster: {clusterNames: [m1]}, weight: 0}\n",
       "app/weights.yaml:12:59: spec.placement.replicaScheduling.weightPreference.staticWeightList[0].weight: must be "
       "greater than or equal to 1\n"},
      {"override field", "app/override.yaml",
       "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: o, namespace: shop}\n"
       "spec:\n  overrideRules:\n    - overriders:\n        plaintext:\n"
       "          - {path: /data/missing, operator: replace, value: x}\n",
       "app/override.yaml:8:13: spec.overrideRules[0].overriders.plaintext[0]: ConfigMap shop/web for cluster m1: "
       "OverridePolicy shop/o: replace /data/missing: path does not exist\n"},
      {"cluster field", "clusters/m2.yaml",
       "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: m2}\nspec:\n  taints:\n"
       "    - {key: k, effect: Sometimes}\n",
       "clusters/m2.yaml:6:24: spec.taints[0].effect: unsupported taint effect \"Sometimes\", must be NoSchedule or "
       "NoExecute\n"},
  };
  write("app/cm.yaml", kConfigMap);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    write(c.file, c.text);
    testkit::ProcessOutcome r = render_refused();
    EXPECT_EQ(r.err, c.err);
    // Without the cache the render lets its inputs' bytes go once they are parsed, and reads them
    // again to locate an error found later (the override's).
    testkit::ProcessOutcome uncached = render_refused({{"FLEETWAVE_CACHE", "off"}});
    EXPECT_EQ(uncached.err, c.err);
    fs::remove(repo_ / c.file);
  }
}

TEST_F(RenderHardening, HelpListsSummaryAndTheShortOutputFlag) {
  testkit::ProcessOutcome help =
      testkit::run_process({fleetwave::testkit::render_binary(), "--help"}, env(), repo_.string());
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("[-o|--output yaml|json]"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("fleetwave-render summary --repo-root DIR"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("[-o|--output text|json]"), std::string::npos) << help.out;
  testkit::ProcessOutcome summary_help =
      testkit::run_process({fleetwave::testkit::render_binary(), "summary", "--help"}, env(), repo_.string());
  EXPECT_EQ(summary_help.exit_code, 0);
  EXPECT_EQ(summary_help.out, help.out);

  write("app/cm.yaml", kConfigMap);
  testkit::ProcessOutcome json = render({"-o", "json"});
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.out, render({"--output", "json"}).out);
  EXPECT_EQ(Json::parse(json.out)["metadata"]["name"], "web");
}

TEST_F(RenderHardening, SummaryPrintsJson) {
  const std::string fleet = std::string(fleetwave::testkit::source_dir()) + "/testdata/example-fleet";
  testkit::ProcessOutcome text = testkit::run_process(
      {fleetwave::testkit::render_binary(), "summary", "--repo-root", fleet}, env(), repo_.string());
  ASSERT_EQ(text.exit_code, 0) << text.err;
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{"--output", "json"}, std::vector<std::string>{"-o", "json"}}) {
    std::vector<std::string> argv = {fleetwave::testkit::render_binary(), "summary", "--repo-root", fleet};
    argv.insert(argv.end(), flags.begin(), flags.end());
    testkit::ProcessOutcome r = testkit::run_process(argv, env(), repo_.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(count_lines(r.out), 1u);
    const Json doc = Json::parse(r.out);
    EXPECT_EQ(doc["fleet"], "example-fleet");
    EXPECT_EQ(doc["apps"], Json({"apps/guestbook", "apps/payments", "apps/storefront"}));
    ASSERT_EQ(doc["clusters"].size(), 7u);
    // The same facts as the text form: one "cluster NAME (...)" line per cluster, and per app
    // its object count.
    for (const Json& c : doc["clusters"]) {
      const std::string name = c["name"];
      EXPECT_NE(text.out.find("\ncluster " + name + " (" + c["provider"].get<std::string>() + " " +
                              c["region"].get<std::string>() + ")\n"),
                std::string::npos)
          << name;
      for (const Json& app : c["apps"]) {
        for (const Json& o : app["objects"]) {
          EXPECT_TRUE(o.contains("apiVersion") && o.contains("kind") && o.contains("name") && o.contains("images"));
        }
      }
    }
  }
  testkit::ProcessOutcome bad = testkit::run_process(
      {fleetwave::testkit::render_binary(), "summary", "--repo-root", fleet, "--output", "xml"}, env(), repo_.string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "--output must be text or json, got \"xml\"\nrun fleetwave-render --help for usage\n");
}

}  // namespace
}  // namespace fleetwave
