// Base fixture of the e2e scenarios: a RolloutStack on a copy of testdata/example-fleet with
// short bake times (minSuccessTime 1s instead of the demo's), the first release of every app
// rolled out, and helpers to ship a new guestbook image and read the audit trail.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "harness/rollout_stack.h"

namespace fleetwave::e2e {

// Asserts that a Result is ok, printing its error and the processes' logs otherwise.
#define E2E_ASSERT_OK(expr)                                                                            \
  do {                                                                                                 \
    const auto& e2e_result_ = (expr);                                                                  \
    ASSERT_TRUE(e2e_result_.ok()) << e2e_result_.error().to_string() << "\n" << stack_->diagnostics(); \
  } while (0)

#define E2E_ASSERT_OK_AND_ASSIGN(var, expr)                                                              \
  auto var##_result_ = (expr);                                                                           \
  ASSERT_TRUE(var##_result_.ok()) << var##_result_.error().to_string() << "\n" << stack_->diagnostics(); \
  auto var = std::move(var##_result_).value()

inline constexpr const char* kGuestbook = "guestbook";
inline constexpr const char* kPayments = "payments";
inline constexpr const char* kStorefront = "storefront";  // an Argo Rollouts Rollout with a RIC
inline constexpr const char* kDeployment = "apps/guestbook/deployment.yaml";

class ScenarioTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Overridable: changes to the example fleet before the seed commit, and stack settings.
  virtual std::map<std::string, std::string> fleet_changes();
  virtual void configure(StackOptions& options) { (void)options; }

  static Binaries binaries();
  static std::string example_file(const std::string& path);

  // Waits for the first release of every app to complete (the seed is a first release).
  void wait_for_first_rollout();
  // Commits guestbook's image tag `from_tag` replaced with `tag` as "Dana Developer" and pushes
  // it; returns the release commit. Remembers how many guestbook steps there were
  // (steps_before_ship_).
  std::string ship_guestbook(const std::string& tag, const std::string& from_tag = "1.4.0");
  // Ships guestbook image `tag` and waits up to `timeout` for the rollback; asserts that the
  // release took exactly two steps, its start and the rollback of the canary wave, into `steps`
  // (the caller checks HasFatalFailure()).
  void ship_and_expect_canary_rollback(const std::string& tag, Millis timeout, std::vector<AuditEntry>& steps);
  // Asserts that `release` of guestbook went through exactly the example plan's steps (start on
  // canary, one advance per europe batch of maxConcurrency 50% = 1 cluster, one to rest,
  // complete; nothing repeated or missing), that every guestbook pin is the release and that
  // every simulated cluster runs exactly the renders at its pins.
  void expect_complete_rollout(const std::string& release);
  // The app's Fleetwave-Action trailers after its first `skip` ones.
  std::vector<std::string> actions_after(const std::string& app, std::size_t skip);
  // The audit trail entries of `app` for `release` (commit id), oldest first.
  std::vector<AuditEntry> steps_of(const std::string& app, const std::string& release);
  // Ships guestbook image `tag` and, in the same commit, its WavePlan as `edit_plan` changes
  // it (a release that brings its own checks); returns the release commit ("" on failure).
  std::string ship_guestbook_with_plan(const std::string& tag, const std::function<void(std::string&)>& edit_plan);
  // The full message of `commit` in the remote (the error when git fails).
  std::string message_of(const std::string& commit);
  // Guestbook's pins (cluster -> revision) at the head of main.
  std::map<std::string, std::string> pins(const std::string& app);
  // The guestbook-ui image on every simulated cluster that runs it.
  std::map<std::string, std::string> live_images();

  std::unique_ptr<RolloutStack> stack_;
  // Waits for guestbook's newest step to be `action`, counting only steps after the last ship.
  Result<std::vector<std::string>> wait_for_guestbook(const std::string& action, Millis timeout) {
    return stack_->wait_for_last_action(kGuestbook, action, timeout, steps_before_ship_);
  }

  std::size_t guestbook_first_ = 0;    // guestbook steps of the first release
  std::size_t steps_before_ship_ = 0;  // guestbook steps when ship_guestbook pushed
};

std::string join(const std::vector<std::string>& items, const std::string& sep = ",");

// Makes the guestbook wave whose WavePlan lines end with `wave_tail` (its last lines, e.g.
// "      maxConcurrency: 50%\n" for europe) need an approval, in a fleet_changes() map.
void require_approval(std::map<std::string, std::string>& changes, const std::string& wave_tail);

// A fleet whose guestbook waits for an approval of its last wave (rest): a rollout that stays
// mid-way until the test approves it (the board's scenarios).
class RestGatedScenarioTest : public ScenarioTest {
 protected:
  std::map<std::string, std::string> fleet_changes() override {
    auto changes = ScenarioTest::fleet_changes();
    require_approval(changes, "    - name: rest\n      clusters: {}\n");
    return changes;
  }
};

}  // namespace fleetwave::e2e
