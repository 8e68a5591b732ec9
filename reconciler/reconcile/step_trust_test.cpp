// Which changes count with approvals.allowedSigners, against the in-memory repository and a fake
// signature checker (a signature "KEY:<name>" is good when the allowed-signers text names
// <name>): the reconciler's own signed commit bounds the search, changes above it are judged by
// their diff and signature (never by their trailers), unsigned or unknown-key ones are ignored
// however many commits lie on top, and counted changes on top of an ignored one are said so.
#include "reconcile/step_trust.h"

#include <gtest/gtest.h>

#include "reconcile/repo_snapshot.h"
#include "rollout/engine_fixture.h"
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
  RolloutState s = testing_support::waiting_for_approval(kRelease);
  s.release->approvals = std::move(approvals);
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

  StepTrust trust(bool own_key = true) {
    TrustSettings settings;
    settings.allowed_signers = "keys/allowed_signers";
    settings.checker = &checker_;
    if (own_key) settings.own = signing::parse_allowed_signers("fleetwave " + kKey + "\n", "own").value();
    return StepTrust(std::move(settings));
  }

  Result<std::optional<IgnoredSteps>> check(bool own_key = true) {
    StepTrust t = trust(own_key);
    const std::string head = repo_.branch("main");
    (void)t.start_cycle(repo_, head);
    return t.check(repo_, head, "shop");
  }

  Result<std::vector<IgnoredControl>> check_controls() {
    StepTrust t = trust();
    const std::string head = repo_.branch("main");
    (void)t.start_cycle(repo_, head);
    return t.check_controls(repo_, head);
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
    EXPECT_EQ((*result)->oldest_parent, repo_.commit_info(approve)->parents.front());
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
  EXPECT_EQ((*result)->oldest_action, "approve") << "named by its diff, not its trailer";
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
  EXPECT_EQ((*result)->lines[0].rfind("approve in " + merge.substr(0, 7) + " by ", 0), 0u) << (*result)->lines[0];
}

TEST_F(StepTrustTest, AMissingAllowedSignersFileFailsTheCheck) {
  repo_.commit_on("main", {{"keys/allowed_signers", std::nullopt}}, "drop the file");
  auto result = check();
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().to_string(), "approvals.allowedSigners: keys/allowed_signers does not exist at " +
                                            repo_.branch("main").substr(0, 7) +
                                            "; no change of rollout state, freezes or cordons counts until it "
                                            "does");
}

// E2: trailers prove nothing. Whatever an unsigned commit claims to be, its diff decides.
TEST_F(StepTrustTest, ForgedTrailersDoNotMakeAChangeCount) {
  struct Case {
    std::string name;
    std::string message;
    std::string what;  // what the diff does
  };
  const Case cases[] = {
      {"an approval claiming to be an advance",
       "fleetwave(shop): advance\n\nFleetwave-App: shop\nFleetwave-Action: advance", "approve"},
      {"an approval claiming to be a pause", "x\n\nFleetwave-App: shop\nFleetwave-Action: pause", "approve"},
      {"an approval claiming another app", "x\n\nFleetwave-App: cart\nFleetwave-Action: approve", "approve"},
      {"an approval with no trailer", "approve it", "approve"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    SetUp();
    write(waiting(), "wait-approval", "fleetwave");
    RolloutState approved = waiting({"europe"});
    const std::string forged = repo_.commit_on(
        "main", {{state_path("shop"), serialize_state(approved)}, {targets_path("shop"), serialize_targets(approved)}},
        c.message);
    auto result = check();
    ASSERT_TRUE(result.ok() && *result) << (result.ok() ? "counted" : result.error().to_string());
    EXPECT_EQ((*result)->oldest, forged);
    EXPECT_EQ((*result)->oldest_action, c.what);
  }
}

TEST_F(StepTrustTest, DiffsAreNamedByWhatTheyChange) {
  RolloutState paused = waiting();
  paused.paused = true;
  paused.pause_reason = "look";
  struct Case {
    std::string name;
    RolloutState before;
    RolloutState after;
    std::string what;  // "" = counts unsigned
  };
  RolloutState held = waiting();
  held.holds["dev-1"] = ClusterHold{"x", 1};
  RolloutState promoted = waiting();
  promoted.release->promoted_to = "europe";
  RolloutState repinned = waiting();
  repinned.pins["eu-1"] = Pin{kRelease, "europe", "eu-1", 2000};
  const Case cases[] = {
      {"a pause counts unsigned", waiting(), paused, ""}, {"removing a pause is a resume", paused, waiting(), "resume"},
      {"a hold", waiting(), held, "hold-cluster"},        {"a released hold", held, waiting(), "release-hold"},
      {"a promotion", waiting(), promoted, "promote"},    {"a new pin", waiting(), repinned, "pin change"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    SetUp();
    write(c.before, "wait-approval", "fleetwave");
    write(c.after, "pause", "");
    auto result = check();
    ASSERT_TRUE(result.ok()) << result.error().to_string();
    if (c.what.empty()) {
      EXPECT_EQ(*result, std::nullopt);
      continue;
    }
    ASSERT_TRUE(*result);
    EXPECT_EQ((*result)->oldest_action, c.what);
  }
}

TEST_F(StepTrustTest, APauseThatAlsoMovesPinsNeedsASignature) {
  write(waiting(), "wait-approval", "fleetwave");
  RolloutState state = waiting();
  state.paused = true;
  RolloutState pinned = state;
  pinned.pins["eu-1"] = Pin{kRelease, "europe", "eu-1", 2000};
  // state.yaml says "paused" only; targets.json pins one more cluster.
  repo_.commit_on("main",
                  {{state_path("shop"), serialize_state(state)}, {targets_path("shop"), serialize_targets(pinned)}},
                  "pause\n\nFleetwave-App: shop\nFleetwave-Action: pause");
  auto result = check();
  ASSERT_TRUE(result.ok() && *result);
  EXPECT_EQ((*result)->oldest_action, "state change");
}

// E3: no fixed window. An ignored change stays ignored under any number of commits.
TEST_F(StepTrustTest, ManyCommitsOnTopDoNotHideAnIgnoredChange) {
  write(waiting(), "wait-approval", "fleetwave");
  const std::string approve = write(waiting({"europe"}), "approve", "");
  for (int i = 0; i < 300; ++i)
    repo_.commit_on("main", {{"notes.txt", std::to_string(i)}}, "empty " + std::to_string(i));
  auto result = check();
  ASSERT_TRUE(result.ok() && *result);
  EXPECT_EQ((*result)->oldest, approve);
  EXPECT_FALSE((*result)->later_steps) << "commits that change nothing of the app count as nothing";
}

TEST_F(StepTrustTest, AHeadVerifiedCleanIsNotReadAgain) {
  write(waiting(), "wait-approval", "fleetwave");
  write(waiting({"europe"}), "approve", "alice");
  StepTrust t = trust();
  std::string head = repo_.branch("main");
  ASSERT_TRUE(t.start_cycle(repo_, head).ok());
  auto first = t.check(repo_, head, "shop");
  ASSERT_TRUE(first.ok() && !*first);
  const std::string forged = write(waiting({"europe", "global"}), "advance", "");
  head = repo_.branch("main");
  ASSERT_TRUE(t.start_cycle(repo_, head).ok());
  auto second = t.check(repo_, head, "shop");
  ASSERT_TRUE(second.ok() && *second) << "the commit above the verified head is judged";
  EXPECT_EQ((*second)->oldest, forged);
}

// E4 and E12: lifting a freeze, cordoning and uncordoning need a signature; a new freeze does not.
TEST_F(StepTrustTest, ControlsAreJudgedByTheirDiff) {
  Freeze freeze;
  freeze.reason = "incident";
  freeze.by = "Alice <alice@x>";
  Cordon cordon;
  cordon.cluster = "eu-1";
  cordon.taint = parse_taint("cluster.karmada.io/not-ready:NoExecute").value();
  cordon.by = "Alice <alice@x>";
  cordon.reason = "upgrade";
  cordon.since_ms = 1767225600000;
  ASSERT_TRUE(parse_cordons_file(serialize_cordons({cordon})).ok()) << serialize_cordons({cordon});
  repo_.commit_on("main", {{freezes_path(), serialize_freezes({freeze})}}, "freeze\n\nFleetwave-Action: freeze");
  write(waiting(), "start", "fleetwave");
  EXPECT_TRUE(check_controls()->empty()) << "nothing above the reconciler's signed commit";
  const std::string removed = repo_.commit_on("main", {{freezes_path(), std::nullopt}}, "tidy up");
  const std::string cordoned =
      repo_.commit_on("main", {{kCordonsPath, serialize_cordons({cordon})}}, "x\n\nFleetwave-Action: freeze");
  repo_.commit_on("main", {{freezes_path(), serialize_freezes({freeze})}}, "freeze again");  // counts unsigned
  auto ignored = check_controls();
  ASSERT_TRUE(ignored.ok()) << ignored.error().to_string();
  ASSERT_EQ(ignored->size(), 2u) << (ignored->empty() ? "" : (*ignored)[0].line);
  EXPECT_EQ((*ignored)[0].what, "cordon");
  EXPECT_EQ((*ignored)[0].oid, cordoned);
  EXPECT_EQ((*ignored)[1].what, "unfreeze");
  EXPECT_EQ((*ignored)[1].oid, removed);
  EXPECT_EQ((*ignored)[1].line.rfind("unfreeze in " + removed.substr(0, 7) + " by Test Person", 0), 0u)
      << (*ignored)[1].line;
  const std::string signed_uncordon = repo_.commit_on("main", {{kCordonsPath, serialize_cordons({})}}, "uncordon");
  repo_.set_signature(signed_uncordon, {"KEY:alice", "payload"});
  auto after = check_controls();
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->size(), 2u) << "Alice's signed uncordon counts; the unsigned changes below it do not";
}

}  // namespace
}  // namespace fleetwave
