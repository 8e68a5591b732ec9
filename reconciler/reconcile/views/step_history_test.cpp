// The history view: an app's steps read back from the first-parent history, newest first, with
// the actor from Fleetwave-Actor (else the author); other apps' steps and plain commits are not
// steps; the text has one line per step with its evidence below.
#include "reconcile/views/step_history.h"

#include <gtest/gtest.h>

#include "base/timestamp.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

std::string step_message(const std::string& app, const std::string& action, const std::string& actor) {
  std::string m = "fleetwave(" + app + "): " + action + " aaaaaaa\n\nWhy.\n\nFleetwave-App: " + app +
                  "\nFleetwave-Release: " + std::string(40, 'a') +
                  "\nFleetwave-Wave: canary\nFleetwave-Action: " + action +
                  "\nFleetwave-Evidence: dev-1 Synced/Healthy\n";
  if (!actor.empty()) m += "Fleetwave-Actor: " + actor + "\n";
  return m;
}

class StepHistoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_.seed({{"README.md", "fleet\n"}});
    repo_.commit_on("main", {{"a", "1"}}, step_message("shop", "start", "fleetwave <fleetwave@localhost> (r-1)"));
    repo_.commit_on("main", {{"b", "1"}}, step_message("db", "start", ""));
    repo_.commit_on("main", {{"c", "1"}}, "docs: a plain commit\n");
    repo_.commit_on("main", {{"d", "1"}}, step_message("shop", "rollback", ""));
    head_ = repo_.branch("main");
  }
  testkit::InMemoryGitRepository repo_;
  std::string head_;
};

TEST_F(StepHistoryTest, TheAppsStepsNewestFirstWithTheirActor) {
  auto steps = step_history(repo_, head_, "shop", 0, 0);
  ASSERT_TRUE(steps.ok()) << steps.error().to_string();
  ASSERT_EQ(steps->size(), 2u);
  EXPECT_EQ((*steps)[0].action, "rollback");
  EXPECT_EQ((*steps)[0].actor, "Test Person <person@fleetwave.test>") << "no Fleetwave-Actor: the author";
  EXPECT_EQ((*steps)[1].action, "start");
  EXPECT_EQ((*steps)[1].actor, "fleetwave <fleetwave@localhost> (r-1)");
  EXPECT_EQ((*steps)[1].evidence, "dev-1 Synced/Healthy");
  EXPECT_EQ((*steps)[1].wave, "canary");

  auto newest = step_history(repo_, head_, "shop", 1, 0);
  ASSERT_TRUE(newest.ok());
  EXPECT_EQ(newest->size(), 1u);
}

// One walk for several apps (the board's audit trails) finds what one walk per app finds, each
// app capped at the limit on its own; an app with no step still gets its (empty) trail.
TEST_F(StepHistoryTest, OneWalkForSeveralAppsFindsWhatAWalkPerAppFinds) {
  for (std::size_t limit : {0u, 1u, 2u}) {
    SCOPED_TRACE(limit);
    auto all = step_histories(repo_, head_, {"shop", "db", "none"}, limit, 0);
    ASSERT_TRUE(all.ok()) << all.error().to_string();
    ASSERT_EQ(all->size(), 3u);
    for (const std::string app : {"shop", "db", "none"}) {
      auto one = step_history(repo_, head_, app, limit, 0);
      ASSERT_TRUE(one.ok());
      ASSERT_EQ(all->at(app).size(), one->size()) << app;
      for (std::size_t i = 0; i < one->size(); ++i) {
        EXPECT_EQ(all->at(app)[i].commit, (*one)[i].commit);
        EXPECT_EQ(all->at(app)[i].action, (*one)[i].action);
      }
    }
    EXPECT_EQ(all->at("shop").size(), limit == 0 ? 2u : limit);
    EXPECT_TRUE(all->at("none").empty());
  }
}

TEST_F(StepHistoryTest, TheTextHasALinePerStepAndItsEvidence) {
  auto steps = step_history(repo_, head_, "shop", 0, 0);
  ASSERT_TRUE(steps.ok());
  const std::string text = format_history_text(history_document("shop", "main", head_, *steps));
  EXPECT_NE(text.find("rollback"), std::string::npos) << text;
  EXPECT_NE(text.find("  by fleetwave <fleetwave@localhost> (r-1)\n"), std::string::npos) << text;
  EXPECT_LT(text.find("rollback"), text.find("start")) << "newest first: " << text;
}

TEST_F(StepHistoryTest, TimesShowTheirAgeWhenNowIsKnown) {
  auto steps = step_history(repo_, head_, "shop", 0, 0);
  ASSERT_TRUE(steps.ok());
  ASSERT_GE(steps->size(), 2u);
  const Json doc = history_document("shop", "main", head_, *steps);
  const std::string first = doc["steps"][0]["time"];
  const std::int64_t now = *parse_rfc3339(first) + 3 * 60'000 + 12'000;
  const std::string text = format_history_text(doc, now);
  EXPECT_EQ(text.rfind(first + " (3m12s ago)", 0), 0u) << text;
  EXPECT_EQ(format_history_text(doc).rfind(first + "  ", 0), 0u) << "no clock, no age";
}

}  // namespace
}  // namespace fleetwave
