#include "scenario_test.h"

#include <fstream>
#include <sstream>

#include "testkit/build_paths.h"

namespace fleetwave::e2e {
namespace {

constexpr Millis kFirstRollout(90000);

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

void require_approval(std::map<std::string, std::string>& changes, const std::string& wave_tail) {
  std::string& plan = changes["apps/guestbook/rollout.yaml"];
  const std::size_t at = plan.find(wave_tail);
  ASSERT_NE(at, std::string::npos) << plan;
  plan.replace(at, wave_tail.size(), wave_tail + "      approval: required\n");
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

Binaries ScenarioTest::binaries() {
  return {fleetwave::testkit::cli_binary(), fleetwave::testkit::render_binary(),
          fleetwave::testkit::argocd_sim_binary()};
}

std::string ScenarioTest::example_file(const std::string& path) {
  std::ifstream in(std::string(fleetwave::testkit::source_dir()) + "/testdata/example-fleet/" + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::map<std::string, std::string> ScenarioTest::fleet_changes() {
  std::map<std::string, std::string> changes;
  for (const char* plan :
       {"apps/guestbook/rollout.yaml", "apps/payments/rollout.yaml", "apps/storefront/waveplan.yaml"}) {
    std::string text = example_file(plan);
    EXPECT_NE(text.find("minSuccessTime: 5s"), std::string::npos) << plan;
    changes[plan] = replace_all(text, "minSuccessTime: 5s", "minSuccessTime: 1s");
  }
  return changes;
}

void ScenarioTest::SetUp() {
  StackOptions options;
  options.binaries = binaries();
  options.repo.source_dir = std::string(fleetwave::testkit::source_dir()) + "/testdata/example-fleet";
  options.repo.changes = fleet_changes();
  configure(options);
  Result<std::unique_ptr<RolloutStack>> stack = RolloutStack::start(options);
  ASSERT_TRUE(stack.ok()) << stack.error().to_string();
  stack_ = std::move(stack).value();
}

void ScenarioTest::TearDown() {
  if (HasFailure() && stack_) {
    Result<std::vector<AuditEntry>> trail = stack_->repo().audit_trail();
    if (trail.ok()) {
      for (const AuditEntry& e : *trail) std::cerr << e.commit.substr(0, 7) << " " << e.subject << "\n";
    }
  }
  stack_.reset();
}

void ScenarioTest::wait_for_first_rollout() {
  for (const char* app : {kGuestbook, kPayments, kStorefront}) {
    E2E_ASSERT_OK_AND_ASSIGN(actions, stack_->wait_for_last_action(app, "complete", kFirstRollout));
    if (std::string(app) == kGuestbook) guestbook_first_ = actions.size();
    E2E_ASSERT_OK(stack_->wait_for_sim_converged(app, Millis(20000)));
  }
}

std::string ScenarioTest::ship_guestbook(const std::string& tag, const std::string& from_tag) {
  Result<std::vector<std::string>> before = stack_->repo().actions(kGuestbook);
  EXPECT_TRUE(before.ok());
  steps_before_ship_ = before.ok() ? before->size() : 0;
  Result<std::string> text = stack_->repo().file_at("main", kDeployment);
  EXPECT_TRUE(text.ok());
  if (!text.ok()) return "";
  const std::string from = "registry.example.com/guestbook/ui:" + from_tag;
  EXPECT_NE(text->find(from), std::string::npos);
  std::string bumped = replace_all(*text, from, "registry.example.com/guestbook/ui:" + tag);
  Result<std::string> release =
      stack_->repo().commit_and_push("Dana Developer", {{kDeployment, bumped}}, "guestbook: ship ui " + tag);
  EXPECT_TRUE(release.ok()) << release.error().to_string();
  return release.ok() ? *release : "";
}

void ScenarioTest::ship_and_expect_canary_rollback(const std::string& tag, Millis timeout,
                                                   std::vector<AuditEntry>& steps) {
  const std::string release = ship_guestbook(tag);
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(wait_for_guestbook("rollback", timeout));
  steps = steps_of(kGuestbook, release);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].action, "start");
  EXPECT_EQ(steps[1].action, "rollback");
  EXPECT_EQ(steps[1].wave, "canary");
}

void ScenarioTest::expect_complete_rollout(const std::string& release) {
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(20000)));
  std::vector<std::string> steps;
  for (const AuditEntry& e : steps_of(kGuestbook, release))
    steps.push_back(e.action + (e.action == "complete" ? "" : " " + e.wave));
  const std::vector<std::string> want = {"start canary",   "advance europe", "advance europe",
                                         "advance europe", "advance rest",   "complete"};
  EXPECT_EQ(steps, want) << join(steps, "; ");
  std::map<std::string, std::string> now = pins(kGuestbook);
  EXPECT_EQ(now.size(), 7u) << "guestbook reaches every cluster (ap-1 gets its Namespace)";
  for (const auto& [cluster, pin] : now) EXPECT_EQ(pin, release) << cluster;
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
}

std::vector<std::string> ScenarioTest::actions_after(const std::string& app, std::size_t skip) {
  Result<std::vector<std::string>> all = stack_->repo().actions(app);
  EXPECT_TRUE(all.ok());
  if (!all.ok() || all->size() < skip) return {};
  return std::vector<std::string>(all->begin() + static_cast<std::ptrdiff_t>(skip), all->end());
}

std::vector<AuditEntry> ScenarioTest::steps_of(const std::string& app, const std::string& release) {
  std::vector<AuditEntry> out;
  Result<std::vector<AuditEntry>> trail = stack_->repo().audit_trail();
  EXPECT_TRUE(trail.ok());
  if (!trail.ok()) return out;
  for (const AuditEntry& e : *trail) {
    if (e.app == app && e.release == release) out.push_back(e);
  }
  return out;
}

std::string ScenarioTest::ship_guestbook_with_plan(const std::string& tag,
                                                   const std::function<void(std::string&)>& edit_plan) {
  auto plan = stack_->repo().file_at("main", "apps/guestbook/rollout.yaml");
  auto deployment = stack_->repo().file_at("main", kDeployment);
  EXPECT_TRUE(plan.ok() && deployment.ok());
  if (!plan.ok() || !deployment.ok()) return "";
  std::string edited = *plan;
  edit_plan(edited);
  std::string bumped = *deployment;
  const std::size_t at = bumped.find("ui:");
  bumped.replace(at, bumped.find('\n', at) - at, "ui:" + tag);
  steps_before_ship_ = stack_->repo().actions(kGuestbook)->size();
  auto release = stack_->repo().commit_and_push(
      "Dana Developer", {{kDeployment, bumped}, {"apps/guestbook/rollout.yaml", edited}}, "guestbook: ship ui " + tag);
  EXPECT_TRUE(release.ok()) << release.error().to_string();
  return release.ok() ? *release : "";
}

std::string ScenarioTest::message_of(const std::string& commit) {
  Result<std::string> text = stack_->repo().git(stack_->repo().bare_path(), {"log", "-1", "--format=%B", commit});
  return text.ok() ? *text : text.error().to_string();
}

std::map<std::string, std::string> ScenarioTest::pins(const std::string& app) {
  std::map<std::string, std::string> out;
  Result<Json> targets = stack_->repo().targets(app);
  EXPECT_TRUE(targets.ok());
  if (targets.ok()) {
    for (const Json& t : *targets) out[string_at(t, {"cluster"})] = string_at(t, {"revision"});
  }
  return out;
}

std::map<std::string, std::string> ScenarioTest::live_images() {
  std::map<std::string, std::string> out;
  Result<Json> clusters = stack_->sim().get("/sim/v1/clusters");
  EXPECT_TRUE(clusters.ok());
  if (!clusters.ok()) return out;
  for (const Json& c : (*clusters)["clusters"]) {
    Result<Json> objects = stack_->sim().cluster_objects(c.get<std::string>());
    if (!objects.ok()) continue;
    std::string image = first_image(*objects, "guestbook-ui");
    if (!image.empty()) out[c.get<std::string>()] = image;
  }
  return out;
}

}  // namespace fleetwave::e2e
