// Which people's steps count with approvals.allowedSigners, against the in-memory repository and
// a fake signature checker (a signature "KEY:<name>" is good when the allowed-signers text names
// <name>): the reconciler's own signed commit bounds the search, unsigned or unknown-key steps
// above it are ignored, and other changes on top of an ignored step are said so.
#include "reconcile/step_trust.h"

#include <gtest/gtest.h>

#include "testkit/builders/fleet_files.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave {
namespace {

using signing::SignatureVerdict;

const std::string kRelease = "2222222222222222222222222222222222222222";
const std::string kKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILkVbSC+b24T9Nlrrs/jTA2qWZziOfjz+HW94/ETxB3W";

class FakeChecker final : public signing::SignatureChecker {
 public:
  Result<SignatureVerdict> check(const signing::AllowedSigners& allowed,
                                 const git::CommitSignature& signature) const override {
    SignatureVerdict v;
    const std::string name = signature.signature.substr(4);
    if (allowed.text.find(name + " ") != std::string::npos) {
      v.kind = SignatureVerdict::Kind::Good;
      v.principal = name;
    } else {
      v.kind = SignatureVerdict::Kind::UnknownKey;
      v.key = "ED25519 key SHA256:" + name;
    }
    return v;
  }
};

RolloutState waiting(std::vector<std::string> approvals = {}) {
  RolloutState s;
  s.app = "shop";
  s.path = "apps/shop";
  s.release = ReleaseState{kRelease, "inputs", ReleasePhase::WaitingApproval, 1, 1000, {}, {}};
  s.release->approvals = std::move(approvals);
  s.pins["dev-1"] = Pin{kRelease, "canary", "dev-1", 1000};
  return s;
}

class StepTrustTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto files = testkit::fleet_files();
    files["keys/allowed_signers"] = "alice " + kKey + "\n";
    repo_.seed(files);
  }

  // A commit of `state` with trailers; `signer` "" leaves it unsigned.
  std::string write(const RolloutState& state, const std::string& action, const std::string& signer,
                    bool trailers = true) {
    const std::string message = "fleetwave(shop): " + action +
                                (trailers ? "\n\nFleetwave-App: shop\nFleetwave-Action: " + action : std::string());
    std::string oid = repo_.commit_on(
        "main", {{state_path("shop"), serialize_state(state)}, {targets_path("shop"), serialize_targets(state)}},
        message);
    if (!signer.empty()) repo_.set_signature(oid, {"KEY:" + signer, "payload"});
    return oid;
  }

  Result<std::optional<IgnoredSteps>> check(bool own_key = true) {
    TrustSettings settings;
    settings.allowed_signers = "keys/allowed_signers";
    settings.checker = &checker_;
    if (own_key) settings.own = signing::parse_allowed_signers("fleetwave " + kKey + "\n", "own").value();
    StepTrust trust(std::move(settings));
    const std::string head = repo_.branch("main");
    (void)trust.start_cycle(repo_, head);
    auto history = History::load(repo_, head, 256);
    EXPECT_TRUE(history.ok());
    return trust.check(repo_, *history, "shop");
  }

  FakeChecker checker_;
  testkit::InMemoryGitRepository repo_;
};

TEST_F(StepTrustTest, Verdicts) {
  struct Case {
    std::string name;
    std::string approve_signer;
    std::string reason;  // "" = the approve counts
  };
  const Case cases[] = {
      {"signed by an allowed key", "alice", ""},
      {"unsigned", "", "not signed by a key in approvals.allowedSigners (unsigned)"},
      {"unknown key", "eve",
       "not signed by a key in approvals.allowedSigners (signed by an unknown ED25519 key "
       "SHA256:eve)"},
      // The reconciler's own key makes it the newest own commit: nothing above it to judge.
      {"signed by the reconciler's key", "fleetwave", ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    SetUp();
    write(waiting(), "wait-approval", "fleetwave");
    const std::string approve = write(waiting({"europe"}), "approve", c.approve_signer);
    auto result = check();
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    if (c.reason.empty()) {
      EXPECT_EQ(*result, std::nullopt);
      continue;
    }
    ASSERT_TRUE(*result);
    EXPECT_EQ((*result)->lines, std::vector<std::string>{"approve in " + approve.substr(0, 7) +
                                                         " by Test Person <person@fleetwave.test>: " + c.reason});
    EXPECT_EQ((*result)->oldest, approve);
    EXPECT_EQ((*result)->oldest_action, "approve");
    EXPECT_FALSE((*result)->later_steps);
  }
}

TEST_F(StepTrustTest, TheReconcilersSignedCommitBoundsTheSearch) {
  write(waiting(), "wait-approval", "fleetwave");
  write(waiting({"europe"}), "approve", "");
  write(waiting({"europe"}), "reject", "fleetwave");  // the reconciler answered it already
  auto result = check();
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(*result, std::nullopt);
}

TEST_F(StepTrustTest, BeforeTheFirstSignedCommitAReconcilerOnlyStepBoundsIt) {
  write(waiting(), "approve", "");  // long ago
  write(waiting(), "wait-approval", "");
  auto quiet = check();
  ASSERT_TRUE(quiet.ok());
  EXPECT_EQ(*quiet, std::nullopt);
  const std::string resume = write(waiting({"europe"}), "resume", "");
  auto result = check();
  ASSERT_TRUE(result.ok() && *result);
  EXPECT_EQ((*result)->oldest, resume);
  EXPECT_EQ((*result)->oldest_action, "resume");
}

TEST_F(StepTrustTest, ChangesOnTopOfAnIgnoredStepAreLaterSteps) {
  write(waiting(), "wait-approval", "fleetwave");
  const std::string approve = write(waiting({"europe"}), "approve", "");
  RolloutState paused = waiting({"europe"});
  paused.paused = true;
  paused.pause_reason = "look";
  write(paused, "pause", "");
  auto result = check();
  ASSERT_TRUE(result.ok() && *result);
  EXPECT_EQ((*result)->oldest, approve);
  EXPECT_TRUE((*result)->later_steps);
}

TEST_F(StepTrustTest, AnUnsignedApprovalMergeIsIgnored) {
  write(waiting(), "wait-approval", "fleetwave");
  const std::string merge = write(waiting({"europe"}), "Merge branch 'fleetwave/approve/shop/2222222/europe'", "",
                                  /*trailers=*/false);
  auto result = check();
  ASSERT_TRUE(result.ok() && *result);
  EXPECT_EQ((*result)->lines[0].rfind("approval merge in " + merge.substr(0, 7) + " by ", 0), 0u)
      << (*result)->lines[0];
}

TEST_F(StepTrustTest, AMissingAllowedSignersFileFailsTheCheck) {
  repo_.commit_on("main", {{"keys/allowed_signers", std::nullopt}}, "drop the file");
  auto result = check();
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().to_string(), "approvals.allowedSigners: keys/allowed_signers does not exist at " +
                                            repo_.branch("main").substr(0, 7) +
                                            "; no approve, resume, promote, release-hold or unfreeze counts until "
                                            "it does");
}

}  // namespace
}  // namespace fleetwave
