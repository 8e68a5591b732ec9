// Test support for the app step tests (header-only, beside them): the small fleet of
// testkit/builders/fleet_files.h in an in-memory repository, an in-memory Argo CD, and one app's
// AppContext at the head, so each step is run as AppPlanner runs it (the steps before it first).
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "reconcile/app_discovery.h"
#include "reconcile/app_steps/app_step.h"
#include "reconcile/foreign_changes.h"
#include "rollout/rollout_state.h"
#include "testkit/builders/fleet_files.h"
#include "testkit/fakes/in_memory_argocd.h"
#include "testkit/fakes/in_memory_git_repository.h"

namespace fleetwave::testing_support {

class AppStepTest : public ::testing::Test {
 protected:
  static constexpr std::int64_t kNow = 1'800'000'000'000;

  void SetUp() override { head_ = repo_.seed(files()); }
  virtual std::map<std::string, std::string> files() { return testkit::fleet_files(); }

  // A commit on main writing `files`; the context is made again at the new head.
  void commit(const std::map<std::string, std::optional<std::string>>& changed, const std::string& message = "change") {
    head_ = repo_.commit_on("main", changed, message);
    ctx_.reset();
  }

  // The app "shop" at the head, as the cycle gives it to the steps.
  AppContext& context() {
    if (ctx_) return *ctx_;
    auto apps = AppDiscovery().discover(repo_, blobs_, head_);
    EXPECT_TRUE(apps.ok()) << apps.error().to_string();
    apps_ = std::move(apps).value();
    auto history = History::load(repo_, head_, 256);
    EXPECT_TRUE(history.ok()) << history.error().to_string();
    history_.emplace(std::move(history).value());
    auto shop = std::find_if(apps_.begin(), apps_.end(), [](const AppDefinition& a) { return a.name == "shop"; });
    EXPECT_NE(shop, apps_.end());
    ctx_.emplace(AppContext{*shop, apps_, head_, *history_, repo_, blobs_, renders_, observer_, cache_, analysis_,
                            nullptr, RepoSnapshot(repo_, blobs_, head_)});
    ctx_->in.now_ms = kNow;
    return *ctx_;
  }

  // Runs the steps in order up to and including `name`; the outcome of the last one run.
  StepOutcome run_through(std::string_view name) {
    AppContext& ctx = context();
    for (const AppStep& step : app_steps()) {
      const StepOutcome outcome = step.run(ctx);
      if (step.name == name || outcome == StepOutcome::Stop) return outcome;
    }
    ADD_FAILURE() << "no app step " << name;
    return StepOutcome::Stop;
  }

  // A step commit's message for app shop (so the state it writes is fleetwave's, not a foreign
  // change).
  static std::string fleetwave_message(const std::string& action) {
    return "fleetwave(shop): " + action + "\n\nFleetwave-App: shop\nFleetwave-Action: " + action + "\n";
  }

  // The app's input digest at the head.
  std::string digest() {
    RepoSnapshot at(repo_, blobs_, head_);
    auto d = at.input_digest("apps/shop");
    EXPECT_TRUE(d.ok()) << d.error().to_string();
    return d.ok() ? *d : "";
  }

  // Commits .fleetwave/shop/state.yaml saying the head is the stable release, every cluster on it.
  void head_is_stable() {
    RolloutState s;
    s.app = "shop";
    s.path = "apps/shop";
    s.stable_revision = head_;
    s.stable_inputs = digest();
    for (const char* c : {"dev-1", "eu-1", "eu-2", "us-1"}) s.pins[c] = Pin{head_, "rest", c, kNow - 3'600'000};
    commit({{state_path("shop"), serialize_state(s)}, {targets_path("shop"), serialize_targets(s)}},
           fleetwave_message("complete"));
  }

  // Argo CD follows the app's targets.json at the head.
  void argocd_follows_targets() {
    auto text = repo_.read_file(head_, targets_path("shop"));
    ASSERT_TRUE(text.ok()) << text.error().to_string();
    argocd_.sync_to(Json::parse(*text), kNow - 60'000);
  }

  testkit::InMemoryGitRepository repo_;
  BlobCache blobs_;
  ReachCache renders_;
  testkit::InMemoryArgoCd argocd_;
  ArgoCdObserver observer_{argocd_};
  std::map<std::string, Observations> cache_;
  AnalysisRunner* analysis_ = nullptr;  // null: checks are not measured
  std::string head_;
  std::vector<AppDefinition> apps_;
  std::optional<History> history_;
  std::optional<AppContext> ctx_;
};

}  // namespace fleetwave::testing_support
