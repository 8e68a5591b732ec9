// The step writer against the in-memory Git repository: the commit a step becomes, and
// publishing with one retry policy when the branch moves (scripted rejections, another writer).
#include "reconcile/step_writer.h"

#include <gtest/gtest.h>

#include "testkit/builders/fleet_files.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

class RecordingSleeper final : public Sleeper {
 public:
  void sleep_ms(std::int64_t ms) override { slept.push_back(ms); }
  std::vector<std::int64_t> slept;
};

Step pause_step_of(const std::string& app) {
  Step step;
  step.action = "pause";
  step.next.app = app;
  step.next.path = "apps/" + app;
  step.next.paused = true;
  step.next.pause_reason = "test";
  step.message.subject = "fleetwave(" + app + "): pause (test)";
  step.message.trailers = {{"Fleetwave-App", app}, {"Fleetwave-Action", "pause"}};
  return step;
}

class StepWriterTest : public ::testing::Test {
 protected:
  void SetUp() override { head_ = repo_.seed(testkit::fleet_files()); }

  StepWriter::Build one_step() {
    return [this](const std::string& head, int) { return writer_.commit(head, pause_step_of("shop"), author_); };
  }

  testkit::InMemoryGitRepository repo_;
  ManualClock clock_{1'800'000'000'000};
  RecordingSleeper sleeper_;
  SystemRandom random_{7};
  StepWriter writer_{repo_, clock_, sleeper_, random_};
  git::Signature author_{"fleetwave", "fleetwave@localhost", 0, 0};
  std::string head_;
};

TEST_F(StepWriterTest, AStepIsOneCommitOfStateAndTargets) {
  auto oid = writer_.commit(head_, pause_step_of("shop"), author_);
  ASSERT_TRUE(oid.ok());
  auto info = repo_.commit_info(*oid);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->parents, std::vector<std::string>{head_});
  EXPECT_EQ(info->author.time, 1'800'000'000) << "the clock's time";
  EXPECT_EQ(info->message,
            "fleetwave(shop): pause (test)\n\nFleetwave-App: shop\nFleetwave-Action: pause\n"
            "Fleetwave-Actor: fleetwave <fleetwave@localhost>\n");
  EXPECT_EQ(repo_.changed_paths(*oid).value(),
            (std::vector<std::string>{".fleetwave/shop/state.yaml", ".fleetwave/shop/targets.json"}));
  auto approval = writer_.commit(head_, pause_step_of("shop"), author_, StepFiles::StateOnly);
  ASSERT_TRUE(approval.ok());
  EXPECT_EQ(repo_.changed_paths(*approval).value(), std::vector<std::string>{".fleetwave/shop/state.yaml"});
}

TEST_F(StepWriterTest, PublishesOnTheFetchedTip) {
  auto published = writer_.publish("main", one_step());
  ASSERT_TRUE(published.ok());
  EXPECT_EQ(published->attempts, 1);
  EXPECT_EQ(published->head, head_);
  EXPECT_EQ(repo_.branch("main"), published->tip);
  EXPECT_TRUE(sleeper_.slept.empty());

  auto nothing = writer_.publish("main", [](const std::string& head, int) { return Result<std::string>(head); });
  ASSERT_TRUE(nothing.ok());
  EXPECT_EQ(nothing->tip, nothing->head);
  EXPECT_EQ(repo_.pushes(), 1) << "nothing to write: no push";
}

TEST_F(StepWriterTest, BacksOffAndRebuildsWhenTheBranchMoves) {
  std::string theirs;
  repo_.before_push([&] { theirs = repo_.commit_on("main", {{"apps/shop/note.txt", "x\n"}}, "someone else"); });
  repo_.reject_pushes(1);  // and one more rejection, scripted
  std::vector<std::string> heads;
  auto published = writer_.publish("main", [&](const std::string& head, int attempt) {
    heads.push_back(head);
    EXPECT_EQ(attempt, static_cast<int>(heads.size()));
    return writer_.commit(head, pause_step_of("shop"), author_);
  });
  ASSERT_TRUE(published.ok());
  EXPECT_EQ(published->attempts, 2);
  EXPECT_EQ(heads, (std::vector<std::string>{head_, theirs}))
      << "the second attempt builds on the other writer's commit";
  EXPECT_EQ(repo_.commit_info(published->tip)->parents, std::vector<std::string>{theirs});
  ASSERT_EQ(sleeper_.slept.size(), 1u);
  EXPECT_GE(sleeper_.slept[0], 20);
  EXPECT_LE(sleeper_.slept[0], 120);
}

TEST_F(StepWriterTest, FailuresSayWhereTheyHappened) {
  struct Case {
    std::string name;
    std::string branch;
    int rejects;
    ErrorKind kind;
    WriteStage stage;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"missing branch", "nope", 0, ErrorKind::Conflict, WriteStage::Fetch,
       "branch nope does not exist in the repository"},
      {"network", "main", 1, ErrorKind::Transient, WriteStage::Push, "push to main rejected (scripted)"},
      {"kept moving", "main", 6, ErrorKind::Conflict, WriteStage::Retries,
       "the branch main kept moving: 6 pushes were rejected (the last: push to main rejected (scripted))"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    sleeper_.slept.clear();
    repo_.reject_pushes(c.rejects, c.kind);
    auto published = writer_.publish(c.branch, one_step());
    ASSERT_FALSE(published.ok());
    EXPECT_EQ(published.error().stage, c.stage);
    EXPECT_EQ(published.error().error.message, c.message);
  }
  EXPECT_EQ(sleeper_.slept.size(), 5u) << "one back-off between each of the 6 attempts";
}

}  // namespace
}  // namespace fleetwave
