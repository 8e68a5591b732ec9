// Foreign changes against the in-memory Git repository: a change to .fleetwave/<app>/ above
// fleetwave's last commit pauses the app, unless it is an approval arriving by merge.
#include "reconcile/foreign_changes.h"

#include <gtest/gtest.h>

#include "rollout/engine_fixture.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

const std::string kRelease = "2222222222222222222222222222222222222222";

RolloutState waiting_for_europe() { return testing_support::waiting_for_approval(kRelease); }

class ForeignChangesTest : public ::testing::Test {
 protected:
  void SetUp() override { repo_.seed(testkit::fleet_files()); }

  // A step as fleetwave writes it: state and targets, with the Fleetwave-App trailer.
  void fleetwave_writes(const RolloutState& state) {
    repo_.commit_on("main",
                    {{state_path("shop"), serialize_state(state)}, {targets_path("shop"), serialize_targets(state)}},
                    "fleetwave(shop): wait\n\nFleetwave-App: shop\nFleetwave-Action: wait-approval");
  }

  std::optional<ForeignChange> foreign() {
    auto history = History::load(repo_, repo_.branch("main"), 256);
    EXPECT_TRUE(history.ok());
    auto found = find_foreign_change(repo_, *history, "shop");
    EXPECT_TRUE(found.ok()) << (found.ok() ? "" : found.error().to_string());
    return found.ok() ? *found : std::nullopt;
  }

  testkit::InMemoryGitRepository repo_;
};

TEST_F(ForeignChangesTest, OnlyFleetwavesOwnCommitsIsNoForeignChange) {
  EXPECT_EQ(foreign(), std::nullopt) << "no state at all";
  fleetwave_writes(waiting_for_europe());
  EXPECT_EQ(foreign(), std::nullopt);
  repo_.commit_on("main", {{"apps/shop/deploy.yaml", testkit::deployment("web:1.1")}}, "web 1.1");
  EXPECT_EQ(foreign(), std::nullopt) << "a change outside .fleetwave/ is a release, not a foreign change";
}

TEST_F(ForeignChangesTest, AHandEditOfTheStateIsForeign) {
  fleetwave_writes(waiting_for_europe());
  RolloutState edited = waiting_for_europe();
  edited.pins.erase("dev-1");
  const std::string commit =
      repo_.commit_on("main", {{state_path("shop"), serialize_state(edited)}}, "unpin dev-1 by hand\n\ndetails");
  auto found = foreign();
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->commit, commit);
  EXPECT_EQ(found->subject, "unpin dev-1 by hand");
}

TEST_F(ForeignChangesTest, AnApprovalArrivingByMergeIsNotForeign) {
  fleetwave_writes(waiting_for_europe());
  RolloutState approved = waiting_for_europe();
  approved.release->approvals = {"europe"};
  repo_.commit_on("main", {{state_path("shop"), serialize_state(approved)}}, "Merge approval branch");
  EXPECT_EQ(foreign(), std::nullopt);

  // The same approval that also moves a pin is a foreign change.
  RolloutState more = approved;
  more.pins["eu-1"] = Pin{kRelease, "europe", "eu-1", 2000};
  repo_.commit_on("main", {{state_path("shop"), serialize_state(more)}}, "approve and pin by hand");
  ASSERT_TRUE(foreign().has_value());
}

TEST(IsApprovalOfTest, ExactlyOneMoreApprovedWave) {
  RolloutState before = waiting_for_europe();
  struct Case {
    std::string name;
    std::vector<std::string> approvals;
    bool paused;
    bool want;
  };
  const std::vector<Case> cases = {
      {"one more wave", {"europe"}, false, true},
      {"two more waves", {"europe", "rest"}, false, false},
      {"nothing new", {}, false, false},
      {"and something else", {"europe"}, true, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    RolloutState after = before;
    after.release->approvals = c.approvals;
    after.paused = c.paused;
    EXPECT_EQ(is_approval_of(before, after), c.want);
  }
}

}  // namespace
}  // namespace fleetwave
