// Runs the built fleetwave-render exactly as argocd-cmp-server does (docs/architecture.md,
// "Argo CD contracts"): the whole repository extracted into a fresh work dir, cwd = the app path, a
// replaced environment with the ARGOCD_* variables, no shell; stdout parsed as manifests.
#include <filesystem>
#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "cmp/repo_reader.h"
#include "render/renderer.h"
#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fleetwave {
namespace {
namespace fs = std::filesystem;

class CmpProcess : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/fw-cmp-XXXXXX";
    work_ = mkdtemp(tmpl);
    repo_ = work_ / "_cmp_server" / "3f1c0e2a-5b7d-4e59-9a0b-7c1d2e3f4a5b";
    fs::create_directories(repo_);
    fs::copy(fs::path(fleetwave::testkit::source_dir()) / "testdata/example-fleet", repo_, fs::copy_options::recursive);
    // .git arrives with the tarball unless excluded; the plugin must never read it.
    fs::create_directories(repo_ / ".git");
    std::ofstream(repo_ / ".git" / "config") << "[core]\n\tbare = false\n";
  }
  void TearDown() override { fs::remove_all(work_); }

  std::map<std::string, std::string> argocd_env(const std::string& app_path) const {
    return {{"PATH", "/usr/bin:/bin"},
            {"TMPDIR", work_.string()},  // the render cache's directory goes below it
            {"ARGOCD_APP_NAME", "guestbook-eu-1"},
            {"ARGOCD_APP_NAMESPACE", "guestbook"},
            {"ARGOCD_APP_PROJECT_NAME", "default"},
            {"ARGOCD_APP_REVISION", "9f3c1e5d2b7a4c6e8f0a1b2c3d4e5f6a7b8c9d0e"},
            {"ARGOCD_APP_REVISION_SHORT", "9f3c1e5"},
            {"ARGOCD_APP_REVISION_SHORT_8", "9f3c1e5d"},
            {"ARGOCD_APP_SOURCE_REPO_URL", "https://git.example.com/platform/fleet.git"},
            {"ARGOCD_APP_SOURCE_PATH", app_path},
            {"ARGOCD_APP_SOURCE_TARGET_REVISION", "9f3c1e5d2b7a4c6e8f0a1b2c3d4e5f6a7b8c9d0e"},
            {"KUBE_VERSION", "1.29.3"},
            {"KUBE_API_VERSIONS", "apps/v1,apps/v1/Deployment,v1,v1/ConfigMap,v1/Namespace,v1/Service"}};
  }

  testkit::ProcessOutcome run(const std::map<std::string, std::string>& env, const std::string& app_path) const {
    return testkit::run_process({fleetwave::testkit::render_binary()}, env, (repo_ / app_path).string());
  }

  // What the library renders from the pristine example tree.
  static std::string expected(const std::string& app, const std::string& cluster, OutputFormat format) {
    InputBundle bundle;
    bundle.app_path = app;
    RepoLayout layout{fs::path(fleetwave::testkit::source_dir()) / "testdata/example-fleet", app, "clusters",
                      "policies"};
    EXPECT_TRUE(read_repo_files(layout, bundle).ok());
    auto out = render_cluster(bundle, cluster);
    EXPECT_TRUE(out.ok());
    return out.ok() ? format_objects(out->objects, format) : "";
  }

  fs::path work_, repo_;
};

TEST_F(CmpProcess, RendersTheClusterNamedByThePluginEnv) {
  auto env = argocd_env("apps/guestbook");
  env["ARGOCD_ENV_FLEETWAVE_CLUSTER"] = "eu-1";
  testkit::ProcessOutcome r = run(env, "apps/guestbook");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_FALSE(r.out.empty());
  EXPECT_EQ(r.out, expected("apps/guestbook", "eu-1", OutputFormat::YamlStream));
}

TEST_F(CmpProcess, ReadsTheClusterFromPluginParametersAndHonoursJsonOutput) {
  auto env = argocd_env("apps/payments");
  env["ARGOCD_APP_PARAMETERS"] = R"([{"name":"cluster","string":"eu-3"},{"name":"extra","array":["a"]}])";
  env["ARGOCD_ENV_FLEETWAVE_OUTPUT"] = "json";
  testkit::ProcessOutcome r = run(env, "apps/payments");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected("apps/payments", "eu-3", OutputFormat::JsonLines));
  // One JSON object per line, as Argo CD's YAML-or-JSON splitter accepts.
  std::size_t lines = static_cast<std::size_t>(std::count(r.out.begin(), r.out.end(), '\n'));
  EXPECT_GT(lines, 1u);
}

TEST_F(CmpProcess, UnknownClusterFailsWithNothingOnStdout) {
  auto env = argocd_env("apps/guestbook");
  env["ARGOCD_ENV_FLEETWAVE_CLUSTER"] = "mars-1";
  testkit::ProcessOutcome r = run(env, "apps/guestbook");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "unknown cluster \"mars-1\"; the inventory has 7 clusters (ap-1, dev-1, eu-1, eu-2, eu-3, us-1, us-2)\n");
}

TEST_F(CmpProcess, MissingClusterIsAUsageError) {
  testkit::ProcessOutcome r = run(argocd_env("apps/guestbook"), "apps/guestbook");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("no target cluster"), std::string::npos) << r.err;
}

TEST_F(CmpProcess, AMistypedFlagNamesTheNearestOne) {
  testkit::ProcessOutcome r = testkit::run_process({fleetwave::testkit::render_binary(), "--repo-root", repo_.string(),
                                                    "--app", "apps/guestbook", "--clustr", "eu-1"},
                                                   {{"PATH", "/usr/bin:/bin"}}, repo_.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("unknown flag \"--clustr\"; did you mean --cluster?"), std::string::npos) << r.err;
  r = testkit::run_process({fleetwave::testkit::render_binary(), "summary", "--repo-rot", repo_.string()},
                           {{"PATH", "/usr/bin:/bin"}}, repo_.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown flag \"--repo-rot\"; did you mean --repo-root?"), std::string::npos) << r.err;
}

TEST_F(CmpProcess, CompletesItsSubcommandsFlagsAndFormatsInBash) {
  testkit::ProcessOutcome script = testkit::run_process({fleetwave::testkit::render_binary(), "completion", "bash"},
                                                        {{"PATH", "/usr/bin:/bin"}}, work_.string());
  ASSERT_EQ(script.exit_code, 0) << script.err;
  std::ofstream(work_ / "render.bash") << script.out;
  const std::string bin = fleetwave::testkit::render_binary();
  const auto offers = [&](const std::string& line) {
    testkit::ProcessOutcome r = testkit::run_process(
        {"/bin/bash", "-c",
         "source render.bash; COMP_WORDS=(fleetwave-render " + line +
             "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _fleetwave_render; printf '%s\\n' \"${COMPREPLY[@]}\""},
        {{"PATH", bin.substr(0, bin.rfind('/')) + ":/usr/bin:/bin"}}, work_.string());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  EXPECT_EQ(offers("su"), "summary\n");
  EXPECT_EQ(offers("--cl"), "--cluster\n--clusters-dir\n");
  EXPECT_EQ(offers("--app x -o ''"), "json\nyaml\n");
  EXPECT_EQ(offers("summary -o ''"), "json\ntext\n");
  EXPECT_EQ(offers("summary --a"), "--apps-dir\n");
  EXPECT_EQ(offers("completion z"), "zsh\n");
  testkit::ProcessOutcome bad =
      testkit::run_process({bin, "completion", "csh"}, {{"PATH", "/usr/bin:/bin"}}, work_.string());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
}

TEST_F(CmpProcess, BrokenYamlFailsWithFileAndLine) {
  std::ofstream(repo_ / "apps/guestbook/broken.yaml") << "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [oops\n";
  auto env = argocd_env("apps/guestbook");
  env["ARGOCD_ENV_FLEETWAVE_CLUSTER"] = "eu-1";
  testkit::ProcessOutcome r = run(env, "apps/guestbook");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("apps/guestbook/broken.yaml:", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(CmpProcess, SymlinkOutOfTheRepositoryIsRefused) {
  fs::create_symlink("/etc/passwd", repo_ / "apps/guestbook/leak.yaml");
  auto env = argocd_env("apps/guestbook");
  env["ARGOCD_ENV_FLEETWAVE_CLUSTER"] = "eu-1";
  testkit::ProcessOutcome r = run(env, "apps/guestbook");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "apps/guestbook/leak.yaml: symlink points outside the repository; fleetwave never follows it\n");
  EXPECT_EQ(r.err.find("root:"), std::string::npos);
}

TEST_F(CmpProcess, ClusterThatReceivesNothingIsAnEmptySuccess) {
  // payments only runs on production clusters; dev-1 legitimately receives just its Namespace
  // from auto-propagation, so drop the Namespace to get a cluster that receives nothing.
  fs::remove(repo_ / "apps/payments/namespace.yaml");
  auto env = argocd_env("apps/payments");
  env["ARGOCD_ENV_FLEETWAVE_CLUSTER"] = "dev-1";
  testkit::ProcessOutcome r = run(env, "apps/payments");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CmpProcess, FilesOfEverySizeAreReadWhole) {
  // From 64 KiB a file is mapped instead of read (repo_reader.cpp): both ways give its bytes,
  // and a mapped file's bytes outlive the file.
  const fs::path app = repo_ / "apps/guestbook";
  std::map<std::string, std::string> written;
  for (std::size_t size : {std::size_t{1}, std::size_t{(64 << 10) - 1}, std::size_t{64 << 10}, std::size_t{300'000}}) {
    const std::string name = "cm-" + std::to_string(size) + ".yaml";
    const std::string head = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-" + std::to_string(size) +
                             ", namespace: guestbook}\ndata:\n  value: ";
    std::string text = head + std::string(size > head.size() + 1 ? size - head.size() - 1 : 1, 'v') + "\n";
    std::ofstream(app / name, std::ios::binary) << text;
    written["apps/guestbook/" + name] = std::move(text);
  }
  InputBundle bundle;
  bundle.app_path = "apps/guestbook";
  ASSERT_TRUE(read_repo_files(RepoLayout{repo_, "apps/guestbook", "clusters", "policies"}, bundle).ok());
  for (const auto& [path, _] : written) fs::remove(repo_ / path);
  std::size_t seen = 0;
  for (const SourceFile& f : bundle.files) {
    auto it = written.find(f.path);
    if (it == written.end()) continue;
    ++seen;
    EXPECT_TRUE(f.content.view() == it->second) << f.path << ": " << f.content.size() << " bytes read";
  }
  EXPECT_EQ(seen, written.size());
}

}  // namespace
}  // namespace fleetwave
