#include "reconcile/approvals/request_body.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

WavePlan two_waves() {
  WavePlan plan;
  plan.waves.resize(2);
  plan.waves[0].name = "canary";
  plan.waves[1].name = "europe";
  plan.waves[1].approval_required = true;
  return plan;
}

RequestBodyInput input(const WavePlan& plan, std::vector<ClusterDiff> diffs) {
  RequestBodyInput in;
  in.app = "shop";
  in.plan = &plan;
  in.waves.clusters = {{"dev-1"}, {"eu-1", "eu-2", "eu-3"}};
  in.wave = "europe";
  in.stable_revision = std::string(40, 'a');
  in.release_revision = std::string(40, 'b');
  in.diffs = std::move(diffs);
  return in;
}

std::string big_diff(int lines) {
  std::string out = "--- a\n+++ b\n@@ -1 +1 @@\n";
  for (int i = 0; i < lines; ++i) out += "+line " + std::to_string(i) + " of a long rendered manifest\n";
  return out;
}

TEST(RequestBodyTest, ShowsPlanAndEveryClusterWhenItFits) {
  WavePlan plan = two_waves();
  std::string body =
      request_body(input(plan, {{"eu-1", "--- a\n+++ b\n-x\n+y\n", ""}, {"eu-2", "", ""}, {"eu-3", "", "boom"}}));
  EXPECT_NE(body.find("| 1 | canary | 1 |  |\n| 2 | **europe** (this request) | 3 | required |\n"), std::string::npos)
      << body;
  EXPECT_NE(body.find("Clusters of wave europe: `eu-1`, `eu-2`, `eu-3`"), std::string::npos) << body;
  EXPECT_NE(body.find("From the stable release `aaaaaaa` to `bbbbbbb`."), std::string::npos) << body;
  EXPECT_NE(body.find("<details><summary>eu-1</summary>\n\n````diff\n--- a\n+++ b\n-x\n+y\n````\n</details>"),
            std::string::npos)
      << body;
  EXPECT_NE(body.find("**eu-2**: no changes"), std::string::npos) << body;
  EXPECT_NE(body.find("**eu-3**: could not render: boom"), std::string::npos) << body;
  EXPECT_EQ(body.find("Truncated"), std::string::npos);
  EXPECT_EQ(request_title("shop", std::string(40, 'b'), "europe"), "fleetwave(shop): approve bbbbbbb wave europe");
}

TEST(RequestBodyTest, CapsTheBodyAtALineAndSaysHowToSeeTheRest) {
  struct Case {
    std::string name;
    std::size_t max;
    int lines;
    std::string note;
  };
  const std::vector<Case> cases = {
      {"default cap", kMaxRequestBodyChars, 3000, "(0 of 3 clusters shown in full)"},
      {"small cap", 3000, 40, "(1 of 3 clusters shown in full)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    WavePlan plan = two_waves();
    std::string body = request_body(
        input(plan,
              {{"eu-1", big_diff(c.lines), ""}, {"eu-2", big_diff(c.lines), ""}, {"eu-3", big_diff(c.lines), ""}}),
        c.max);
    EXPECT_LE(body.size(), c.max);
    EXPECT_NE(body.find("run `fleetwave diff --app shop --from aaaaaaa --to bbbbbbb` for the full diff " + c.note),
              std::string::npos)
        << body.substr(body.size() > 400 ? body.size() - 400 : 0);
    // Every opened fence is closed: the truncated diff still renders as a block.
    std::size_t fences = 0;
    for (std::size_t at = body.find("````"); at != std::string::npos; at = body.find("````", at + 4)) ++fences;
    EXPECT_EQ(fences % 2, 0u);
    EXPECT_EQ(body, request_body(input(plan, {{"eu-1", big_diff(c.lines), ""},
                                              {"eu-2", big_diff(c.lines), ""},
                                              {"eu-3", big_diff(c.lines), ""}}),
                                 c.max))
        << "deterministic";
  }
}

}  // namespace
}  // namespace fleetwave
