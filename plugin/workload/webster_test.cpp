#include "workload/webster.h"

#include <random>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

// The UIDs of pkg/util/helper/binding_test.go.
constexpr const char* kEvenUid = "4858ca61-3ff8-4095-8267-f3d059d8074c";
constexpr const char* kOddUid = "d43fdeeb-d750-4e2b-bee3-64eb94534f4c";

TEST(WebsterTest, TieBreakFollowsUidParity) {
  EXPECT_EQ(fnv32a(""), 2166136261u);
  EXPECT_EQ(fnv32a("a"), 0xe40c292cu);  // FNV-1a reference vector
  EXPECT_EQ(tie_break_for_uid(""), TieBreak::NameAscending);
  EXPECT_EQ(tie_break_for_uid(kEvenUid), TieBreak::NameAscending);
  EXPECT_EQ(tie_break_for_uid(kOddUid), TieBreak::NameDescending);
}

// TestAllocateWebsterSeats (webstermethod_test.go): the Wikipedia Sainte-Laguë example round by
// round, plus its edge cases.
TEST(WebsterTest, AllocateWebsterSeatsPortedVectors) {
  const std::map<std::string, std::int64_t> classic{
      {"PartyA", 100000}, {"PartyB", 80000}, {"PartyC", 30000}, {"PartyD", 20000}};
  struct Case {
    std::string name;
    std::int32_t seats;
    std::map<std::string, std::int64_t> votes;
    std::map<std::string, std::int32_t> initial;
    TieBreak tie;
    std::vector<std::int32_t> expected;  // seats by party name
  };
  const Case cases[] = {
      {"classic round 1", 1, classic, {}, TieBreak::NameAscending, {1, 0, 0, 0}},
      {"classic round 2", 2, classic, {}, TieBreak::NameAscending, {1, 1, 0, 0}},
      {"classic round 3", 3, classic, {}, TieBreak::NameAscending, {2, 1, 0, 0}},
      {"classic round 4", 4, classic, {}, TieBreak::NameAscending, {2, 1, 1, 0}},
      {"classic round 5", 5, classic, {}, TieBreak::NameAscending, {2, 2, 1, 0}},
      {"classic round 6", 6, classic, {}, TieBreak::NameAscending, {2, 2, 1, 1}},
      {"classic round 7", 7, classic, {}, TieBreak::NameAscending, {3, 2, 1, 1}},
      {"classic round 8", 8, classic, {}, TieBreak::NameAscending, {3, 3, 1, 1}},
      {"no new seats", 0, {{"PartyA", 100}, {"PartyB", 200}}, {}, TieBreak::NameAscending, {0, 0}},
      {"fewer seats wins a tie",
       1,
       {{"PartyA", 3}, {"PartyB", 1}},
       {{"PartyA", 1}, {"PartyB", 0}},
       TieBreak::NameAscending,
       {1, 1}},
      {"name ascending", 1, {{"PartyA", 1}, {"PartyB", 1}}, {}, TieBreak::NameAscending, {1, 0}},
      {"name descending", 1, {{"PartyA", 1}, {"PartyB", 1}}, {}, TieBreak::NameDescending, {0, 1}},
      {"old party without votes keeps its seats",
       2,
       {{"NewParty1", 1}, {"NewParty2", 1}},
       {{"OldParty", 0}},
       TieBreak::NameAscending,
       {1, 1, 0}},
      {"old and new compete",
       2,
       {{"OldParty", 1}, {"NewParty", 1}},
       {{"OldParty", 1}},
       TieBreak::NameAscending,
       {2, 1}},
      {"initial-only party gets nothing new", 2, {{"PartyA", 100}}, {{"PartyB", 3}}, TieBreak::NameAscending, {2, 3}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<Party> got = allocate_webster_seats(c.seats, c.votes, c.initial, c.tie);
    std::vector<std::int32_t> seats;
    for (const Party& p : got) seats.push_back(p.seats);
    EXPECT_EQ(seats, c.expected);
  }
  EXPECT_TRUE(allocate_webster_seats(1, {}, {}, TieBreak::NameAscending).empty());
}

// Karmada's division vectors: Test_assignByStaticWeightStrategy, Test_dispenser_AllocateByWeight,
// TestDispenseReplicasByTargetClusters and Test_dynamicDivideReplicas.
TEST(WebsterTest, DivideByWeightPortedVectors) {
  struct Case {
    std::string name;
    std::int32_t replicas;
    std::vector<std::int64_t> weights;  // for clusters m1, m2, m3, ...
    const char* uid;
    std::vector<std::int64_t> expected;
  };
  const Case cases[] = {
      {"12 over 3:2:1", 12, {3, 2, 1}, "", {6, 4, 2}},
      {"13 over 3:2:1", 13, {3, 2, 1}, "", {7, 4, 2}},
      {"14 over 3:2:1", 14, {3, 2, 1}, "", {7, 5, 2}},
      {"12 over 1:1:1", 12, {1, 1, 1}, "", {4, 4, 4}},
      {"10 over 1:1:1, empty uid", 10, {1, 1, 1}, "", {4, 3, 3}},
      {"10 over 1:1:1, even uid", 10, {1, 1, 1}, kEvenUid, {4, 3, 3}},
      {"10 over 1:1:1, odd uid", 10, {1, 1, 1}, kOddUid, {3, 3, 4}},
      {"13 over 1:2:3", 13, {1, 2, 3}, "", {2, 4, 7}},
      {"7 over 1:2:3", 7, {1, 2, 3}, "", {1, 2, 4}},
      {"4 over 1:3:6, not largest remainder", 4, {1, 3, 6}, "", {0, 1, 3}},
      {"4 over 1:1:5", 4, {1, 1, 5}, "", {1, 1, 2}},
      {"HA 2:1, 1 replica", 1, {2, 1}, "", {1, 0}},
      {"HA 2:1, 2 replicas", 2, {2, 1}, "", {1, 1}},
      {"HA 2:1, 3 replicas", 3, {2, 1}, "", {2, 1}},
      {"5 over 170:110:60", 5, {170, 110, 60}, "", {2, 2, 1}},
      {"6 over 170:110:60", 6, {170, 110, 60}, "", {3, 2, 1}},
      {"5 over 1:1, odd uid", 5, {1, 1}, kOddUid, {2, 3}},
      {"5 over 1:1, even uid", 5, {1, 1}, kEvenUid, {3, 2}},
      {"insufficient replicas give 0", 0, {1, 1}, "", {0, 0}},
      {"12 over available 18:12:6", 12, {18, 12, 6}, "", {6, 4, 2}},
      {"12 over available 20:12:6", 12, {20, 12, 6}, "", {6, 4, 2}},
      {"12 over available 6:12:6", 12, {6, 12, 6}, "", {3, 6, 3}},
      {"12 over available 6:8:10", 12, {6, 8, 10}, "", {3, 4, 5}},
      {"12 over available 8:8:10", 12, {8, 8, 10}, "", {4, 4, 4}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<ClusterWeight> weights;
    for (std::size_t i = 0; i < c.weights.size(); ++i)
      weights.push_back({"member" + std::to_string(i + 1), c.weights[i]});
    std::vector<std::int64_t> got;
    for (const TargetCluster& t : divide_by_weight(c.replicas, weights, tie_break_for_uid(c.uid)))
      got.push_back(t.replicas);
    EXPECT_EQ(got, c.expected);
  }
  EXPECT_TRUE(divide_by_weight(10, {{"a", 0}, {"b", 0}}, TieBreak::NameAscending).empty());
}

// The one-seat-at-a-time method, written plainly, to check the prefilled fast path against.
std::vector<std::int32_t> naive_webster(std::int32_t seats, const std::vector<std::int64_t>& votes, TieBreak tie) {
  std::vector<std::int32_t> out(votes.size(), 0);
  for (std::int32_t s = 0; s < seats; ++s) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < votes.size(); ++i) {
      double pi = static_cast<double>(votes[i]) / (2.0 * out[i] + 1),
             pb = static_cast<double>(votes[best]) / (2.0 * out[best] + 1);
      bool wins = pi != pb ? pi > pb : (out[i] != out[best] ? out[i] < out[best] : tie == TieBreak::NameDescending);
      if (wins) best = i;  // names are "p0", "p1", ... in index order (fewer than 10 parties)
    }
    ++out[best];
  }
  return out;
}

TEST(WebsterTest, PrefillMatchesSequentialAllocation) {
  std::mt19937 rng(7);
  for (int round = 0; round < 300; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    std::size_t parties = 1 + rng() % 6;
    std::vector<std::int64_t> votes;
    std::map<std::string, std::int64_t> by_name;
    for (std::size_t i = 0; i < parties; ++i) {
      votes.push_back(static_cast<std::int64_t>(rng() % (round % 3 == 0 ? 4 : 1000)));
      by_name["p" + std::to_string(i)] = votes.back();
    }
    auto seats = static_cast<std::int32_t>(rng() % 3000);
    TieBreak tie = round % 2 == 0 ? TieBreak::NameAscending : TieBreak::NameDescending;
    std::vector<std::int32_t> got;
    for (const Party& p : allocate_webster_seats(seats, by_name, {}, tie)) got.push_back(p.seats);
    EXPECT_EQ(got, naive_webster(seats, votes, tie));
  }
}

TEST(WebsterTest, LargeSeatCountsStayFast) {
  std::vector<TargetCluster> got =
      divide_by_weight(2000000000, {{"a", 1}, {"b", 1}, {"c", 2}}, TieBreak::NameAscending);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].replicas + got[1].replicas + got[2].replicas, 2000000000);
  EXPECT_EQ(got[2].replicas, 1000000000);
}

}  // namespace
}  // namespace fleetwave
