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
  const std::vector<Cluster> inventory = {cluster("eu-2")};
  EXPECT_TRUE(watch.observe({connection("eu-2", "Failed")}, inventory, {}, "f", kNow).empty());
  EXPECT_TRUE(watch.observe({connection("eu-2", "Successful")}, inventory, {}, "f", kNow + 3 * kMinute).empty());
  EXPECT_TRUE(watch.observe({connection("eu-2", "Failed")}, inventory, {}, "f", kNow + 4 * kMinute).empty());
  EXPECT_TRUE(watch.observe({connection("eu-2", "Failed")}, inventory, {}, "f", kNow + 8 * kMinute).empty())
      << "failing for 4m since it failed again";
  EXPECT_EQ(watch.observe({connection("eu-2", "Failed")}, inventory, {}, "f", kNow + 9 * kMinute).size(), 1u);
}

TEST(FailoverWatchTest, MatchesArgoCdClustersByNameOrServerAndIgnoresOthers) {
  FailoverWatch watch(kMinute);
  const std::vector<Cluster> inventory = {cluster("eu-1", "https://eu-1.example.com:6443")};
  const std::vector<ClusterConnection> seen = {connection("in-cluster", "Failed"),
                                               connection("prod-eu-1", "Failed", "https://eu-1.example.com:6443"),
                                               connection("eu-1-old", "Unknown")};
  EXPECT_TRUE(watch.observe(seen, inventory, {}, "f", kNow).empty());
  std::vector<FailoverDue> due = watch.observe(seen, inventory, {}, "f", kNow + kMinute);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].cordon.cluster, "eu-1");
}

TEST(FailoverWatchTest, ArgoCdTextIsQuotedWithoutCredentials) {
  FailoverWatch watch(kMinute);
  ClusterConnection c = connection("eu-2", "Failed");
  c.message = "Get \"https://admin:s3cret@eu-2.example.com/version\": dial tcp: i/o timeout\n";
  watch.observe({c}, {cluster("eu-2")}, {}, "f", kNow);
  std::vector<FailoverDue> due = watch.observe({c}, {cluster("eu-2")}, {}, "f", kNow + kMinute);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].evidence.find("s3cret"), std::string::npos) << due[0].evidence;
  EXPECT_EQ(due[0].evidence.find('\n'), std::string::npos) << due[0].evidence;
}

}  // namespace
}  // namespace fleetwave
