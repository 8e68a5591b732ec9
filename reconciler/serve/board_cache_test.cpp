#include "serve/board_cache.h"

#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "serve/serve_state.h"

namespace fleetwave::serve {
namespace {

TEST(BoardCache, ViewersAskingTogetherShareOneBuild) {
  BoardCache cache;
  auto snapshot = std::make_shared<const Snapshot>();
  std::atomic<int> builds{0};
  std::vector<std::thread> viewers;
  std::vector<BoardCache::Text> got(16);
  for (int v = 0; v < 16; ++v) {
    viewers.emplace_back([&, v] {
      got[v] = cache.get(snapshot, "page /", 7, [&] {
        ++builds;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the others arrive meanwhile
        return std::string("fleet");
      });
    });
  }
  for (std::thread& t : viewers) t.join();
  EXPECT_EQ(builds.load(), 1);
  for (const BoardCache::Text& text : got) EXPECT_EQ(text.get(), got[0].get());
  EXPECT_EQ(*got[0], "fleet");
}

TEST(BoardCache, ANewSecondOrPageIsBuiltAgainAndANewSnapshotDropsTheOld) {
  BoardCache cache;
  auto first = std::make_shared<const Snapshot>();
  int builds = 0;
  auto build = [&] { return std::to_string(++builds); };
  EXPECT_EQ(*cache.get(first, "page /", 1, build), "1");
  EXPECT_EQ(*cache.get(first, "page /", 1, build), "1");
  EXPECT_EQ(*cache.get(first, "page /", 2, build), "2");
  EXPECT_EQ(*cache.get(first, "page /apps/shop", 2, build), "3");
  EXPECT_EQ(*cache.get(first, "page /", 1, build), "4") << "an older second of a page is not kept";
  std::weak_ptr<const Snapshot> old = first;
  auto second = std::make_shared<const Snapshot>();
  EXPECT_EQ(*cache.get(second, "page /", 2, build), "5");
  first.reset();
  EXPECT_TRUE(old.expired()) << "the cache kept an old snapshot alive";
}

TEST(BoardCache, ABuildThatThrowsIsNotKeptAsAnAnswer) {
  BoardCache cache;
  auto snapshot = std::make_shared<const Snapshot>();
  EXPECT_THROW(cache.get(snapshot, "page /", 1, []() -> std::string { throw std::runtime_error("boom"); }),
               std::runtime_error);
  EXPECT_EQ(*cache.get(snapshot, "page /", 1, [] { return std::string("ok"); }), "ok");
}

}  // namespace
}  // namespace fleetwave::serve
