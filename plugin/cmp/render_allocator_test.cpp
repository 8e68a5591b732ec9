// The render allocator (render_allocator.cpp) as the only operator new/delete of this test
// program, as it is of fleetwave-render: every block is aligned, usable over its whole size and
// never handed out twice, whichever size, class or delete form, under a random mix of
// allocations and frees at the sizes a render asks for.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <random>
#include <sys/mman.h>
#include <vector>

#include <gtest/gtest.h>

namespace {

struct Block {
  unsigned char* data;
  std::size_t size;
  unsigned char fill;
};

void fill(const Block& b) { std::memset(b.data, b.fill, b.size); }

bool intact(const Block& b) {
  return std::all_of(b.data, b.data + b.size, [&](unsigned char c) { return c == b.fill; });
}

unsigned char* allocate(std::size_t size) { return static_cast<unsigned char*>(::operator new(size)); }

TEST(RenderAllocator, EverySizeIsAlignedWritableAndDistinct) {
  std::vector<Block> blocks;
  for (std::size_t size = 1; size <= (1u << 20); size = size < 1200 ? size + 1 : size * 9 / 8) {
    Block b{allocate(size), size, static_cast<unsigned char>(size * 31)};
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.data) % 16, 0u) << size;
    fill(b);
    blocks.push_back(b);
  }
  for (const Block& b : blocks) EXPECT_TRUE(intact(b)) << b.size;
  // No two blocks overlap.
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> ranges;
  for (const Block& b : blocks) ranges.emplace_back(reinterpret_cast<std::uintptr_t>(b.data), b.size);
  std::sort(ranges.begin(), ranges.end());
  for (std::size_t i = 1; i < ranges.size(); ++i) {
    EXPECT_LE(ranges[i - 1].first + ranges[i - 1].second, ranges[i].first);
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (i % 2 == 0) ::operator delete(blocks[i].data);
    else ::operator delete(blocks[i].data, blocks[i].size);
  }
}

TEST(RenderAllocator, AFreedBlockIsReusedByItsOwnClassOnly) {
  for (std::size_t size : {1u, 48u, 80u, 512u, 700u, 20000u, 200000u, 400000u}) {
    unsigned char* first = allocate(size);
    ::operator delete(first);
    unsigned char* other_class = allocate(size * 2 + 16);
    EXPECT_NE(other_class, first) << size;
    unsigned char* same_class = allocate(size);
    EXPECT_EQ(same_class, first) << size;
    ::operator delete(same_class, size);
    ::operator delete(other_class);
  }
}

// Blocks over 256 KiB come from the chunks, but a freed one gives its pages back, as a mapping
// of its own would: only its first page, which holds the free list's link, stays.
TEST(RenderAllocator, AFreedBlockOverAQuarterMiBGivesItsPagesBack) {
  constexpr std::size_t kSize = 600u << 10;
  const long page = sysconf(_SC_PAGESIZE);
  Block b{allocate(kSize), kSize, 0x3c};
  ASSERT_EQ(reinterpret_cast<std::uintptr_t>(b.data) % static_cast<std::uintptr_t>(page), 0u);
  fill(b);
  auto resident_pages = [&](unsigned char* at) {
    std::vector<unsigned char> flags(kSize / static_cast<std::size_t>(page));
    EXPECT_EQ(mincore(at, kSize, flags.data()), 0);
    return std::count_if(flags.begin(), flags.end(), [](unsigned char f) { return (f & 1) != 0; });
  };
  EXPECT_EQ(resident_pages(b.data), static_cast<long>(kSize / static_cast<std::size_t>(page)));
  // The address, kept as a number (volatile, so the compiler does not take it for the freed
  // pointer): the range stays mapped, and mincore only reads its state.
  volatile std::uintptr_t address = reinterpret_cast<std::uintptr_t>(b.data);
  ::operator delete(b.data);
  EXPECT_LE(resident_pages(reinterpret_cast<unsigned char*>(std::uintptr_t{address})), 1);
  Block again{allocate(kSize), kSize, 0x5d};
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(again.data), std::uintptr_t{address}) << "its class reuses it";
  fill(again);
  EXPECT_TRUE(intact(again));
  ::operator delete(again.data);
}

TEST(RenderAllocator, LargeBlocksAreMappedAndGivenBack) {
  for (std::size_t size : {(1u << 20) + 1, 3u << 20, 7u << 20}) {
    Block b{allocate(size), size, 0x5a};
    fill(b);
    EXPECT_TRUE(intact(b));
    ::operator delete(b.data);
  }
  int* array = new int[300000];
  array[299999] = 7;
  EXPECT_EQ(array[299999], 7);
  delete[] array;
}

// A random mix of allocations and frees, weighted to the small sizes of JSON nodes and strings,
// with every live block checked against its fill pattern at the end.
TEST(RenderAllocator, ARandomMixNeverCorruptsALiveBlock) {
  std::mt19937_64 random(20261129);
  std::vector<Block> live;
  auto random_size = [&] {
    switch (random() % 64) {
      case 0:
        return static_cast<std::size_t>(random() % 1500000 + 1);  // pooled up to 1 MiB, then mapped
      case 1:
      case 2:
      case 3:
        return static_cast<std::size_t>(random() % 300000 + 1);
      case 4:
      case 5:
      case 6:
      case 7:
      case 8:
      case 9:
      case 10:
      case 11:
        return static_cast<std::size_t>(random() % 5000 + 1);
      default:
        return static_cast<std::size_t>(random() % 160 + 1);
    }
  };
  for (int step = 0; step < 100000; ++step) {
    if (!live.empty() && random() % 5 < 2) {
      const std::size_t at = random() % live.size();
      ASSERT_TRUE(intact(live[at])) << "step " << step << " size " << live[at].size;
      if (random() % 2 == 0) ::operator delete(live[at].data);
      else ::operator delete(live[at].data, live[at].size);
      live[at] = live.back();
      live.pop_back();
      continue;
    }
    const std::size_t size = random_size();
    Block b{allocate(size), size, static_cast<unsigned char>(random())};
    ASSERT_EQ(reinterpret_cast<std::uintptr_t>(b.data) % 16, 0u) << size;
    fill(b);
    live.push_back(b);
  }
  for (const Block& b : live) EXPECT_TRUE(intact(b)) << b.size;
  for (const Block& b : live) ::operator delete(b.data);
}

}  // namespace
