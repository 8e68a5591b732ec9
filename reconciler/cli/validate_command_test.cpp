// fleetwave validate (issue 25, 2), the built binary on real Git: a clean repository and the
// example fleet pass; each mistake of the issue is reported with its place and fix, exit 1 on
// errors (and on warnings with --strict); -o json for tools.
#include <filesystem>

#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "testkit/build_paths.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliValidateTest : public CliTest {
 protected:
  CliRun validate(std::vector<std::string> args = {}) { return command_on_remote("validate", std::move(args), true); }
};

TEST_F(CliValidateTest, ACleanRepositoryPassesInACheckoutAndAtPath) {
  CliRun clean = validate();
  EXPECT_EQ(clean.exit_code, 0) << clean.out << clean.err;
  EXPECT_EQ(clean.out, "0 error(s), 0 warning(s) in 1 app(s) at " + head().substr(0, 7) + "\n");
  const std::string work = checkout();
  CliRun at_path = run_binary({"validate", work, "--strict"});
  EXPECT_EQ(at_path.exit_code, 0) << at_path.out << at_path.err;
}

TEST_F(CliValidateTest, TheExampleFleetPasses) {
  const std::filesystem::path fleet = std::filesystem::path(testkit::source_dir()) / "testdata/example-fleet";
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(fleet)) {
    if (entry.is_regular_file())
      files[std::filesystem::relative(entry.path(), fleet).string()] = testkit::read_text_file(entry.path().string());
  }
  const std::string remote = *dir_ / "example.git";
  ASSERT_TRUE(testkit::seed_bare_repo(remote, files).ok());
  CliRun r = run_binary({"validate", "--strict", "--repo", "file://" + remote, "--cache-dir", *dir_ / "cache-ex"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("0 error(s), 0 warning(s) in 3 app(s)"), std::string::npos) << r.out;
}

TEST_F(CliValidateTest, EachMistakeIsReportedWithItsPlaceAndFix) {
  struct Case {
    std::string name;
    std::map<std::string, std::string> files;
    std::string finding;
  } cases[] = {
      {"a mistyped key",
       {{"apps/shop/rollout.yaml",
         "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\n"
         "spec:\n  waves:\n  - name: all\n    clusters: {}\n    minSucessTime: 5s\n"}},
       "error: shop: apps/shop/rollout.yaml:8:20: spec.waves[0].minSucessTime: unknown field \"minSucessTime\"; did "
       "you mean \"minSuccessTime\"?"},
      {"a mistyped kind",
       {{"apps/shop/rollout.yaml",
         "apiVersion: fleetwave.io/v1alpha1\nkind: Waveplan\nmetadata: {name: shop}\n"
         "spec:\n  waves:\n  - name: all\n    clusters: {}\n"}},
       "error: shop: apps/shop/rollout.yaml:2:7: kind: kind \"Waveplan\" is not a fleetwave kind; did you mean "
       "WavePlan?"},
      {"an unknown cluster in a wave",
       {{"apps/shop/rollout.yaml",
         "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\n"
         "spec:\n  waves:\n  - name: canary\n    clusters: {clusterNames: [dev-9]}\n"
         "  - name: rest\n    clusters: {}\n"}},
       "error: shop: apps/shop/rollout.yaml: "},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    human_commit(c.name, c.files);
    CliRun r = validate();
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find(c.finding), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 error(s)"), std::string::npos) << r.out;
    human_commit("fix " + c.name, {{"apps/shop/rollout.yaml", testing_support::wave_plan("shop")}});
  }
}

TEST_F(CliValidateTest, APolicyThatClaimsNothingIsAWarning) {
  human_commit("a policy for a StatefulSet there is not",
               {{"apps/shop/extra-policy.yaml",
                 "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: nothing, "
                 "namespace: shop}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: StatefulSet}]\n"
                 "  placement: {}\n"}});
  CliRun lenient = validate();
  EXPECT_EQ(lenient.exit_code, 0) << lenient.out << lenient.err;
  EXPECT_NE(lenient.out.find("warning: shop: PropagationPolicy shop/nothing claims no resource template: its "
                             "resourceSelectors match nothing"),
            std::string::npos)
      << lenient.out;
  EXPECT_EQ(validate({"--strict"}).exit_code, 1);
}

TEST_F(CliValidateTest, StateOfAnUnnamedAppAndCordonsOfUnknownClustersAreWarnings) {
  std::vector<std::string> reconcile = {"reconcile", "--once", "--repo", remote_url(), "--cache-dir", *dir_ / "cache"};
  const std::vector<std::string> argocd = start_argocd();
  reconcile.insert(reconcile.end(), argocd.begin(), argocd.end());
  ASSERT_EQ(run_binary(reconcile).exit_code, 0);
  ASSERT_EQ(run_binary({"cordon", "eu-2", "--reason", "disk", "--repo", remote_url(), "--cache-dir", *dir_ / "cache"})
                .exit_code,
            0);
  const std::string work = checkout("rename");
  ASSERT_TRUE(testkit::write_text_file(work + "/apps/shop/rollout.yaml", testing_support::wave_plan("shopp")).ok());
  std::filesystem::remove(work + "/clusters/eu-2.yaml");
  git(work, {"commit", "-qam", "rename the app, drop eu-2"});
  git(work, {"push", "-q", "origin", "main"});

  CliRun lenient = validate();
  EXPECT_EQ(lenient.exit_code, 0) << lenient.out << lenient.err;
  EXPECT_NE(lenient.out.find("warning: shop: .fleetwave/shop/ holds rollout state, but no WavePlan names app \"shop\" "
                             "(did you mean shopp?); was its WavePlan deleted or renamed"),
            std::string::npos)
      << lenient.out;
  EXPECT_NE(lenient.out.find("warning: .fleetwave/cordons.yaml: cluster \"eu-2\" is not in the inventory (did you "
                             "mean eu-1?); run `fleetwave uncordon eu-2`"),
            std::string::npos)
      << lenient.out;
  CliRun strict = validate({"--strict"});
  EXPECT_EQ(strict.exit_code, 1);
  CliRun json = validate({"-o", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const Json doc = Json::parse(json.out);
  EXPECT_EQ(doc["revision"], head());
  EXPECT_EQ(doc["apps"], 1);
  EXPECT_TRUE(doc["errors"].empty()) << json.out;
  ASSERT_GE(doc["warnings"].size(), 2u) << json.out;
  EXPECT_EQ(doc["warnings"][0].size(), 2u);  // {"app", "message"}
}

TEST_F(CliValidateTest, RolloutWindowsThatCannotRunAreReported) {
  auto windows = [](const std::string& window) {
    return std::map<std::string, std::string>{
        {"policies/windows.yaml",
         "apiVersion: fleetwave.io/v1alpha1\nkind: RolloutWindows\nmetadata: {name: freeze}\nspec:\n  windows:\n"
         "  - {kind: deny, schedule: \"0 17 * * FRI\", duration: 63h}\n  - " +
             window + "\n"}};
  };
  human_commit("a window for an app that is not", windows("{kind: deny, schedule: \"0 9 * * *\", duration: 1h, "
                                                          "applications: [shpo]}"));
  CliRun typo = validate();
  EXPECT_EQ(typo.exit_code, 0) << typo.out << typo.err;
  EXPECT_NE(typo.out.find("warning: RolloutWindows freeze[1] (0 9 * * * UTC, 1h): applications shpo match no app "
                          "(did you mean shop?); fix the globs"),
            std::string::npos)
      << typo.out;
  EXPECT_EQ(typo.out.find("freeze[0]"), std::string::npos) << "a window of every app is fine: " << typo.out;
  EXPECT_EQ(validate({"--strict"}).exit_code, 1);

  human_commit("a window that never opens", windows("{kind: deny, schedule: \"0 0 30 2 *\", duration: 1h}"));
  CliRun never = validate();
  EXPECT_EQ(never.exit_code, 1) << never.out;
  EXPECT_NE(never.out.find("error: policies/windows.yaml:7:"), std::string::npos) << never.out;
  EXPECT_NE(never.out.find("day-of-month: \"30\" never occurs in month \"2\""), std::string::npos) << never.out;

  human_commit("a time zone that is not",
               windows("{kind: deny, schedule: \"0 9 * * *\", duration: 1h, timeZone: Europe/Berlinn}"));
  CliRun zone = validate();
  EXPECT_EQ(zone.exit_code, 1) << zone.out;
  EXPECT_NE(zone.out.find("error: policies/windows.yaml:7:"), std::string::npos) << zone.out;
  EXPECT_NE(zone.out.find("Europe/Berlinn"), std::string::npos) << zone.out;
}

}  // namespace
}  // namespace fleetwave::cli
