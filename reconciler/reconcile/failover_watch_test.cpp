#include "reconcile/failover_watch.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;  // 2027-01-15T08:00:00Z
constexpr std::int64_t kMinute = 60'000;

Cluster cluster(const std::string& name, const std::string& endpoint = "") {
  Cluster c;
  c.name = name;
  c.api_endpoint = endpoint;
  return c;
}

ClusterConnection connection(const std::string& name, const std::string& status, const std::string& server = "") {
  return ClusterConnection{name, server, status, "dial tcp 10.0.0.1:6443: connect: connection refused", kNow};
}

TEST(FailoverWatchTest, CordonsAClusterFailedForTheWholeDelayOnce) {
  FailoverWatch watch(5 * kMinute);
  const std::vector<Cluster> inventory = {cluster("eu-1"), cluster("eu-2")};
  const std::vector<ClusterConnection> down = {connection("eu-1", "Successful"), connection("eu-2", "Failed")};
  EXPECT_TRUE(watch.observe(down, inventory, {}, "fleetwave", kNow).empty()) << "first seen Failed now";
  EXPECT_TRUE(watch.observe(down, inventory, {}, "fleetwave", kNow + 4 * kMinute).empty()) << "4m of 5m";
  std::vector<FailoverDue> due = watch.observe(down, inventory, {}, "fleetwave", kNow + 5 * kMinute);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].cordon.cluster, "eu-2");
  EXPECT_TRUE(due[0].cordon.automatic);
  EXPECT_EQ(taint_text(due[0].cordon.taint), "cluster.karmada.io/not-ready:NoExecute");
  EXPECT_EQ(due[0].evidence,
            "Argo CD connection state of eu-2 Failed since 2027-01-15T08:00:00Z (5m, --failover-after 5m): dial tcp "
            "10.0.0.1:6443: connect: connection refused");
  // Once cordoned, nothing more is due, and a recovery never un-cordons.
  EXPECT_TRUE(watch.observe(down, inventory, {due[0].cordon}, "fleetwave", kNow + 6 * kMinute).empty());
  const std::vector<ClusterConnection> up = {connection("eu-1", "Successful"), connection("eu-2", "Successful")};
  EXPECT_TRUE(watch.observe(up, inventory, {due[0].cordon}, "fleetwave", kNow + 7 * kMinute).empty());
}

TEST(FailoverWatchTest, ARecoveryRestartsTheClock) {
  FailoverWatch watch(5 * kMinute);
  const std::vector<Cluster> inventory = {cluster("eu-1"), cluster("eu-2")};
  auto eu2 = [](const std::string& status) {
    return std::vector<ClusterConnection>{connection("eu-1", "Successful"), connection("eu-2", status)};
  };
  EXPECT_TRUE(watch.observe(eu2("Failed"), inventory, {}, "f", kNow).empty());
  EXPECT_TRUE(watch.observe(eu2("Successful"), inventory, {}, "f", kNow + 3 * kMinute).empty());
  EXPECT_TRUE(watch.observe(eu2("Failed"), inventory, {}, "f", kNow + 4 * kMinute).empty());
  EXPECT_TRUE(watch.observe(eu2("Failed"), inventory, {}, "f", kNow + 8 * kMinute).empty())
      << "failing for 4m since it failed again";
  EXPECT_EQ(watch.observe(eu2("Failed"), inventory, {}, "f", kNow + 9 * kMinute).size(), 1u);
}

TEST(FailoverWatchTest, MatchesArgoCdClustersByNameOrServerAndIgnoresOthers) {
  FailoverWatch watch(kMinute);
  const std::vector<Cluster> inventory = {cluster("eu-1", "https://eu-1.example.com:6443"), cluster("us-1")};
  const std::vector<ClusterConnection> seen = {connection("in-cluster", "Failed"),
                                               connection("prod-eu-1", "Failed", "https://eu-1.example.com:6443"),
                                               connection("eu-1-old", "Unknown"), connection("us-1", "Successful")};
  EXPECT_TRUE(watch.observe(seen, inventory, {}, "f", kNow).empty());
  std::vector<FailoverDue> due = watch.observe(seen, inventory, {}, "f", kNow + kMinute);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].cordon.cluster, "eu-1");
}

TEST(FailoverWatchTest, ArgoCdTextIsQuotedWithoutCredentials) {
  FailoverWatch watch(kMinute);
  ClusterConnection c = connection("eu-2", "Failed");
  c.message = "Get \"https://admin:s3cret@eu-2.example.com/version\": dial tcp: i/o timeout\n";
  const std::vector<ClusterConnection> seen = {connection("eu-1", "Successful"), c};
  watch.observe(seen, {cluster("eu-1"), cluster("eu-2")}, {}, "f", kNow);
  std::vector<FailoverDue> due = watch.observe(seen, {cluster("eu-1"), cluster("eu-2")}, {}, "f", kNow + kMinute);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].evidence.find("s3cret"), std::string::npos) << due[0].evidence;
  EXPECT_EQ(due[0].evidence.find('\n'), std::string::npos) << due[0].evidence;
}

// An outage of Argo CD (every cluster it knows Failed) cordons nothing: cordoning every cluster
// would pin each to an empty render and prune every workload when the connection returns.
TEST(FailoverWatchTest, AnArgoCdWideOutageCordonsNothing) {
  FailoverWatch watch(kMinute);
  const std::vector<Cluster> inventory = {cluster("eu-1"), cluster("eu-2"), cluster("us-1")};
  const std::vector<ClusterConnection> all_down = {connection("eu-1", "Failed"), connection("eu-2", "Failed"),
                                                   connection("us-1", "Failed")};
  watch.observe(all_down, inventory, {}, "f", kNow);
  EXPECT_TRUE(watch.observe(all_down, inventory, {}, "f", kNow + kMinute).empty());
  ASSERT_EQ(watch.refused().size(), 3u);
  EXPECT_EQ(watch.refused()[0],
            "eu-1: not cordoned automatically: Argo CD reports every cluster it knows Failed (3 of 3): an outage of "
            "Argo CD or its network, not of the clusters");
  // A single-cluster fleet is the same case: its only cluster is never cordoned automatically.
  FailoverWatch alone(kMinute);
  alone.observe({connection("eu-1", "Failed")}, {cluster("eu-1")}, {}, "f", kNow);
  EXPECT_TRUE(alone.observe({connection("eu-1", "Failed")}, {cluster("eu-1")}, {}, "f", kNow + kMinute).empty());
  EXPECT_EQ(alone.refused().size(), 1u);
}

// Automatic cordons stop at failover.maxShare of the inventory; manual cordons count too.
TEST(FailoverWatchTest, AutomaticCordonsStopAtTheMaxShare) {
  const std::vector<Cluster> inventory = {cluster("c-1"), cluster("c-2"), cluster("c-3"), cluster("c-4"),
                                          cluster("c-5")};
  const std::vector<ClusterConnection> three_down = {connection("c-1", "Failed"), connection("c-2", "Failed"),
                                                     connection("c-3", "Failed"), connection("c-4", "Successful"),
                                                     connection("c-5", "Successful")};
  FailoverWatch half(kMinute);  // 50% of 5: at most 2 cordoned
  half.observe(three_down, inventory, {}, "f", kNow);
  std::vector<FailoverDue> due = half.observe(three_down, inventory, {}, "f", kNow + kMinute);
  ASSERT_EQ(due.size(), 2u);
  EXPECT_EQ(due[0].cordon.cluster, "c-1");
  EXPECT_EQ(due[1].cordon.cluster, "c-2");
  ASSERT_EQ(half.refused().size(), 1u);
  EXPECT_EQ(
      half.refused()[0],
      "c-3: not cordoned automatically: 2 of 5 clusters would be cordoned, the most failover.maxShare 50% allows");

  FailoverWatch fifth(kMinute, 0.2);  // 20% of 5: one, and c-5 is cordoned by hand already
  Cordon manual;
  manual.cluster = "c-5";
  fifth.observe(three_down, inventory, {manual}, "f", kNow);
  EXPECT_TRUE(fifth.observe(three_down, inventory, {manual}, "f", kNow + kMinute).empty());
  EXPECT_EQ(fifth.refused().size(), 3u);
}

}  // namespace
}  // namespace fleetwave
