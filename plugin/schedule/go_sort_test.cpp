#include "schedule/go_sort.h"

#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct Item {
  int key;
  int id;  // input position, to observe how ties end up
};

std::vector<Item> go_sorted(std::vector<Item> items) {
  go_sort({items.size(), [&](std::size_t i, std::size_t j) { return items[i].key > items[j].key; },
           [&](std::size_t i, std::size_t j) { std::swap(items[i], items[j]); }});
  return items;
}

TEST(GoSortTest, SortsByLessForEverySize) {
  std::mt19937 rng(11);
  for (std::size_t n : {0u, 1u, 2u, 7u, 12u, 13u, 49u, 50u, 51u, 200u, 1000u}) {
    for (int keys : {2, 5, 1000}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " keys=" + std::to_string(keys));
      std::vector<Item> items;
      for (std::size_t i = 0; i < n; ++i) items.push_back({static_cast<int>(rng() % keys), static_cast<int>(i)});
      std::vector<Item> got = go_sorted(items);
      ASSERT_EQ(got.size(), n);
      EXPECT_TRUE(std::is_sorted(got.begin(), got.end(), [](const Item& a, const Item& b) { return a.key > b.key; }));
      std::vector<int> ids;
      for (const Item& it : got) ids.push_back(it.id);
      std::sort(ids.begin(), ids.end());
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(ids[i], static_cast<int>(i));
    }
  }
}

// Up to 12 elements Go's pdqsort is an insertion sort, which keeps ties in input order; this is
// what makes Karmada's unit tests with three clusters deterministic.
TEST(GoSortTest, ShortInputsKeepTiesInOrder) {
  std::vector<Item> items;
  for (int i = 0; i < 12; ++i) items.push_back({i % 3, i});
  std::vector<Item> got = go_sorted(items);
  for (std::size_t i = 1; i < got.size(); ++i) {
    if (got[i].key == got[i - 1].key) {
      EXPECT_LT(got[i - 1].id, got[i].id);
    }
  }
}

TEST(GoSortTest, IsDeterministic) {
  std::vector<Item> items;
  for (int i = 0; i < 300; ++i) items.push_back({(i * 7919) % 4, i});
  std::vector<Item> a = go_sorted(items), b = go_sorted(items);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].id, b[i].id);
}

}  // namespace
}  // namespace fleetwave
