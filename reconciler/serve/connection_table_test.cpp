// ConnectionTable (issue 10, D2): when every connection slot is taken, the connection waiting
// longest on its client is closed, never one whose request is being handled.
#include "serve/connection_table.h"

#include <vector>

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

struct Recorder {
  std::vector<int> closed;
  ConnectionTable table{[this](int fd) { closed.push_back(fd); }};
};

TEST(ConnectionTable, EvictsTheConnectionWaitingLongestOnItsClient_D2) {
  Recorder r;
  const auto idle = r.table.add(10, 100);     // connected at 100, sent nothing
  const auto slow = r.table.add(11, 200);     // reading its head since 300
  const auto busy = r.table.add(12, 50);      // being answered: never evicted
  const auto writing = r.table.add(13, 400);  // its answer waits for the client since 500
  r.table.set_phase(slow, ConnectionPhase::Head, 300);
  r.table.set_phase(busy, ConnectionPhase::Handler, 60);
  r.table.set_phase(writing, ConnectionPhase::Write, 500);
  ASSERT_EQ(r.table.size(), 4u);

  EXPECT_TRUE(r.table.evict_oldest(5000, 1000));
  EXPECT_TRUE(r.table.evict_oldest(5000, 1000));
  EXPECT_TRUE(r.table.evict_oldest(5000, 1000));
  EXPECT_EQ(r.closed, (std::vector<int>{10, 11, 13}));
  EXPECT_FALSE(r.table.evict_oldest(5000, 1000)) << "the connection being handled must stay";
  EXPECT_EQ(r.table.evictions(), 3u);
  (void)idle;
}

TEST(ConnectionTable, ANewPhaseRestartsTheClock) {
  Recorder r;
  const auto a = r.table.add(1, 0);
  const auto b = r.table.add(2, 10);
  r.table.set_phase(a, ConnectionPhase::Head, 20);  // a's client sent its first byte after b connected
  EXPECT_TRUE(r.table.evict_oldest(2000, 1000));
  EXPECT_EQ(r.closed, std::vector<int>{2});
  (void)b;
}

TEST(ConnectionTable, ClientsNotYetDoneAreNotEvictedWithinTheGracePeriod) {
  // A burst of ordinary clients must all be answered: only a wait of at least the grace period
  // marks a client as slow.
  Recorder r;
  r.table.set_phase(r.table.add(1, 1000), ConnectionPhase::Head, 1000);
  r.table.set_phase(r.table.add(2, 1400), ConnectionPhase::Write, 1400);
  EXPECT_FALSE(r.table.evict_oldest(1500, 1000));
  EXPECT_TRUE(r.table.evict_oldest(2000, 1000));
  EXPECT_EQ(r.closed, std::vector<int>{1});
  EXPECT_FALSE(r.table.evict_oldest(2000, 1000));
  EXPECT_TRUE(r.table.evict_oldest(2400, 1000));
}

TEST(ConnectionTable, RemovedConnectionsAreNeverClosedAgain) {
  Recorder r;
  const auto a = r.table.add(7, 0);
  r.table.remove(a);  // its owner closed fd 7, which may now belong to someone else
  EXPECT_FALSE(r.table.evict_oldest(10'000, 0));
  r.table.close_waiting();
  EXPECT_TRUE(r.closed.empty());
  EXPECT_EQ(r.table.size(), 0u);
}

TEST(ConnectionTable, StoppingClosesOnlyConnectionsWaitingForARequest) {
  Recorder r;
  r.table.add(1, 0);                                                  // idle
  r.table.set_phase(r.table.add(2, 0), ConnectionPhase::Head, 1);     // reading a head
  r.table.set_phase(r.table.add(3, 0), ConnectionPhase::Body, 1);     // reading a body
  r.table.set_phase(r.table.add(4, 0), ConnectionPhase::Handler, 1);  // being answered
  r.table.set_phase(r.table.add(5, 0), ConnectionPhase::Write, 1);    // writing
  r.table.close_waiting();
  EXPECT_EQ(r.closed, (std::vector<int>{1, 2}));
  r.table.close_waiting();  // each at most once
  EXPECT_EQ(r.closed, (std::vector<int>{1, 2}));
}

}  // namespace
}  // namespace fleetwave::serve
