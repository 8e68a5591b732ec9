// Cordons and failover through Git, every part a real process: `fleetwave cordon` commits a
// Karmada taint into the overlay, every app rolls it out and fleetwave-render moves guestbook's
// Divided replicas off the cordoned cluster (checked on the renders and on the simulated
// clusters); a simulated outage (Argo CD's connection state Failed) makes `fleetwave serve
// --failover-after` cordon the cluster by itself, and a recovery never un-cordons it.
#include <thread>

#include "harness/http_client.h"
#include "scenario_test.h"

namespace fleetwave::e2e {
namespace {

class FailoverE2eTest : public ScenarioTest {
 protected:
  void configure(StackOptions& options) override { options.serve_args = {"--failover-after", "2s"}; }

  // guestbook-ui replicas per cluster in the renders at `commit` (clusters without it left out).
  std::map<std::string, std::int64_t> replicas_at(const std::string& commit) {
    std::map<std::string, std::int64_t> out;
    for (const char* cluster : {"ap-1", "dev-1", "eu-1", "eu-2", "eu-3", "us-1", "us-2"}) {
      Result<std::vector<Json>> objects = stack_->render(commit, "apps/guestbook", cluster);
      EXPECT_TRUE(objects.ok()) << objects.error().to_string();
      if (!objects.ok()) continue;
      for (const Json& o : *objects) {
        if (string_at(o, {"kind"}) == "Deployment" && string_at(o, {"metadata", "name"}) == "guestbook-ui")
          out[cluster] = o["spec"]["replicas"].get<std::int64_t>();
      }
    }
    return out;
  }

  static std::int64_t total(const std::map<std::string, std::int64_t>& replicas) {
    std::int64_t sum = 0;
    for (const auto& [cluster, n] : replicas) sum += n;
    return sum;
  }

  // The newest audit entry with `action` whose subject names `cluster`.
  std::optional<AuditEntry> newest(const std::string& action, const std::string& cluster) {
    Result<std::vector<AuditEntry>> trail = stack_->repo().audit_trail();
    if (!trail.ok()) return std::nullopt;
    for (auto it = trail->rbegin(); it != trail->rend(); ++it) {
      if (it->action == action && it->subject.find(" " + cluster + " ") != std::string::npos) return *it;
    }
    return std::nullopt;
  }
};

TEST_F(FailoverE2eTest, ACordonMovesReplicasAndAnOutageCordonsTheClusterByItself) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  E2E_ASSERT_OK_AND_ASSIGN(first, stack_->repo().head());
  const std::map<std::string, std::int64_t> before = replicas_at(first);
  ASSERT_EQ(total(before), 12) << "guestbook-ui has 12 replicas";
  ASSERT_GT(before.count("eu-2"), 0u);

  E2E_ASSERT_OK_AND_ASSIGN(steps, stack_->repo().actions(kGuestbook));
  E2E_ASSERT_OK_AND_ASSIGN(cordon, stack_->fleetwave_cli({"cordon", "eu-2", "--reason", "node pool upgrade"},
                                                         "Olga Oncall <olga@example.com>"));
  ASSERT_EQ(cordon.exit_code, 0) << cordon.output;
  E2E_ASSERT_OK_AND_ASSIGN(cordoned, stack_->repo().head());
  E2E_ASSERT_OK(stack_->wait_for_last_action(kGuestbook, "complete", Millis(120000), steps.size()));
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(30000)));

  // The renders at the cordon: eu-2 gets no guestbook-ui, the others share all 12 replicas.
  const std::map<std::string, std::int64_t> after = replicas_at(cordoned);
  EXPECT_EQ(after.count("eu-2"), 0u);
  EXPECT_EQ(total(after), 12);
  for (const auto& [cluster, n] : after) EXPECT_GE(n, before.at(cluster)) << cluster;
  // And the simulated clusters run exactly what the pins render: eu-2 keeps guestbook's Namespace
  // (Namespaces go to every cluster) and no longer runs guestbook-ui.
  for (const auto& [cluster, pin] : pins(kGuestbook)) EXPECT_EQ(pin, cordoned) << cluster;
  E2E_ASSERT_OK(stack_->check_clusters_match_pins({kGuestbook, kPayments, kStorefront}));
  E2E_ASSERT_OK_AND_ASSIGN(live_eu2, stack_->sim().cluster_objects("eu-2"));
  EXPECT_EQ(first_image(live_eu2, "guestbook-ui"), "") << live_eu2.dump();

  // An outage of us-1: Argo CD reports its connection Failed; after --failover-after 2s fleetwave
  // cordons it in one commit naming since when and what Argo CD said.
  E2E_ASSERT_OK(stack_->sim().set_connection("us-1", "Failed"));
  std::optional<AuditEntry> failover;
  E2E_ASSERT_OK(poll_until([&] { return (failover = newest("cordon", "us-1")).has_value(); }, Millis(60000),
                           "the automatic cordon of us-1"));
  EXPECT_EQ(
      failover->subject.rfind("fleetwave: cordon us-1 (automatic failover: Argo CD cannot connect to us-1 since ", 0),
      0u)
      << failover->subject;
  E2E_ASSERT_OK_AND_ASSIGN(
      message, stack_->repo().git(stack_->repo().bare_path(), {"log", "-1", "--format=%an%n%B", failover->commit}));
  EXPECT_EQ(message.rfind("Fleetwave Bot\n", 0), 0u) << message;
  EXPECT_NE(message.find("Fleetwave-Evidence: Argo CD connection state of us-1 Failed since "), std::string::npos)
      << message;
  EXPECT_NE(message.find("connect: connection refused"), std::string::npos) << message;
  E2E_ASSERT_OK_AND_ASSIGN(overlay, stack_->repo().file_at("main", ".fleetwave/cordons.yaml"));
  EXPECT_NE(overlay.find("cluster: us-1"), std::string::npos) << overlay;
  EXPECT_NE(overlay.find("automatic: true"), std::string::npos) << overlay;

  // The cluster comes back: fleetwave never un-cordons it by itself.
  E2E_ASSERT_OK(stack_->sim().set_connection("us-1", "Successful"));
  std::this_thread::sleep_for(Millis(3000));  // a negative check: three reconcile intervals
  E2E_ASSERT_OK_AND_ASSIGN(still, stack_->repo().file_at("main", ".fleetwave/cordons.yaml"));
  EXPECT_NE(still.find("cluster: us-1"), std::string::npos) << still;
  EXPECT_FALSE(newest("uncordon", "us-1").has_value());

  // Issue 24, E8: every cluster Failed at once is an outage of Argo CD or its network: nothing is
  // cordoned, and the refusal is in serve's status, not only in its log.
  E2E_ASSERT_OK_AND_ASSIGN(cordons_before, stack_->repo().file_at("main", ".fleetwave/cordons.yaml"));
  for (const auto& [cluster, pin] : pins(kGuestbook)) E2E_ASSERT_OK(stack_->sim().set_connection(cluster, "Failed"));
  std::string status;
  E2E_ASSERT_OK(poll_until(
      [&] {
        auto answer = http_get(stack_->fleetwave().url(), "/api/v1/apps");
        if (answer.ok()) status = answer->body;
        return status.find("reports every cluster it knows Failed") != std::string::npos;
      },
      Millis(60000), "the refused failover in serve's status"));
  std::this_thread::sleep_for(Millis(3000));  // a negative check: three reconcile intervals
  E2E_ASSERT_OK_AND_ASSIGN(cordons_after, stack_->repo().file_at("main", ".fleetwave/cordons.yaml"));
  EXPECT_EQ(cordons_after, cordons_before) << "nothing cordoned during the outage";
  for (const auto& [cluster, pin] : pins(kGuestbook))
    E2E_ASSERT_OK(stack_->sim().set_connection(cluster, "Successful"));
}

}  // namespace
}  // namespace fleetwave::e2e
