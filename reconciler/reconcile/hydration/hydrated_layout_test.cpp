// The hydrated branch's files as Argo CD's Source Hydrator writes them: hydrator.metadata at the
// root naming the dry (step) commit, per cluster its pin and render command; the message's trailer.
#include "reconcile/hydration/hydrated_layout.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

const std::string kUrl = "https://git.example.com/fleet.git";
const std::string kPin = "1111111111111111111111111111111111111111";
const std::string kStep = "2222222222222222222222222222222222222222";

git::CommitInfo step_commit(const std::string& message) {
  git::CommitInfo info;
  info.oid = kStep;
  info.message = message;
  info.author = {"fleetwave", "fleetwave@localhost", 1'800'000'000, 0};
  return info;
}

TEST(HydratedLayout, RootMetadataNamesTheDryCommitAsArgoCdWritesIt) {
  const std::string message =
      "fleetwave(shop): start 1111111 on 1 cluster\n\nwave canary\n\nFleetwave-App: shop\nFleetwave-Action: start\n";
  EXPECT_EQ(root_metadata(kUrl, step_commit(message)),
            "{\n"
            "  \"repoURL\": \"https://git.example.com/fleet.git\",\n"
            "  \"drySha\": \"2222222222222222222222222222222222222222\",\n"
            "  \"author\": \"fleetwave <fleetwave@localhost>\",\n"
            "  \"date\": \"2027-01-15T08:00:00Z\",\n"
            "  \"subject\": \"fleetwave(shop): start 1111111 on 1 cluster\",\n"
            "  \"body\": \"wave canary\\n\\nFleetwave-App: shop\\nFleetwave-Action: start\"\n"
            "}\n");
  // A one-line message has no body field, as Argo CD omits an empty one.
  EXPECT_EQ(root_metadata(kUrl, step_commit("seed\n")).find("body"), std::string::npos);
}

TEST(HydratedLayout, ClusterMetadataNamesThePinAndTheRenderCommand) {
  struct Case {
    std::string name;
    HydratedTarget target;
    std::string command;
  } cases[] = {
      {"own overlay", {"shop", "apps/shop", "eu-1", kPin, ""}, "fleetwave-render --app apps/shop --cluster eu-1"},
      {"kept overlay",
       {"shop", "apps/shop", "eu-1", kPin, "{\"kind\":\"Cordons\"}"},
       "fleetwave-render --app apps/shop --cluster eu-1 --cordons '{\"kind\":\"Cordons\"}'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(render_command_line(c.target), c.command);
    const std::string text = cluster_metadata(kUrl, c.target);
    EXPECT_EQ(
        text.rfind("{\n  \"repoURL\": \"https://git.example.com/fleet.git\",\n  \"drySha\": \"" + kPin + "\",\n", 0),
        0u)
        << text;
  }
  EXPECT_EQ(hydrated_dir("shop", "eu-1"), "shop/eu-1");
}

TEST(HydratedLayout, MessageNamesTheStepInATrailerAndEscapesItsSubject) {
  CommitMessage m = hydrated_message(step_commit("fleetwave(shop): advance\x1b[31m\n\nbody\n"), 2);
  EXPECT_EQ(m.subject, "hydrate 2222222: fleetwave(shop): advance\\x1b[31m");
  EXPECT_EQ(m.trailer(kStepTrailer), kStep);
  EXPECT_EQ(m.body.rfind("2 cluster directories changed", 0), 0u) << m.body;
}

TEST(HydratedLayout, ReadsTargetsAndRejectsAHandEditedEntry) {
  auto targets =
      parse_hydrated_targets("[{\"app\": \"shop\", \"cluster\": \"eu-1\", \"path\": \"apps/shop\", \"revision\": \"" +
                                 kPin + "\", \"server\": \"eu-1\", \"wave\": \"europe\", \"cordons\": \"\"}]",
                             ".fleetwave/shop/targets.json");
  ASSERT_TRUE(targets.ok()) << targets.error().to_string();
  ASSERT_EQ(targets->size(), 1u);
  EXPECT_EQ((*targets)[0].cluster, "eu-1");
  EXPECT_EQ((*targets)[0].revision, kPin);

  auto broken = parse_hydrated_targets("[{\"app\": \"shop\"}]", ".fleetwave/shop/targets.json");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().to_string(),
            ".fleetwave/shop/targets.json: [0]: app, path, cluster and revision are required; fleetwave writes this "
            "file: revert the hand edit");
}

}  // namespace
}  // namespace fleetwave
