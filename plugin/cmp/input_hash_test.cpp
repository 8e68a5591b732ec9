#include "cmp/input_hash.h"

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cmp/input_hash_code.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fleetwave {
namespace {

// Random bytes cut at random places: sizes around XXH3's internal boundaries (16, 128, 240
// bytes, its 1,024-byte stripes and 256-byte buffer) and a MiB.
struct Sample {
  std::string bytes;
  std::vector<std::string_view> parts;
};

std::vector<Sample> samples() {
  std::mt19937_64 rng(20261129);
  std::vector<std::size_t> sizes = {0,   1,   3,   4,   8,    9,    16,   17,   128,   129,    240,
                                    241, 255, 256, 257, 1023, 1024, 1025, 4096, 65537, 1 << 20};
  for (int i = 0; i < 200; ++i) sizes.push_back(rng() % 5000);
  std::vector<Sample> out;
  out.reserve(sizes.size());
  for (std::size_t size : sizes) {
    Sample& s = out.emplace_back();
    s.bytes.resize(size);
    for (char& c : s.bytes) c = static_cast<char>(rng());
    std::string_view rest = s.bytes;
    while (!rest.empty()) {
      const std::size_t cut = std::min<std::size_t>(rest.size(), rng() % 3 == 0 ? 0 : 1 + rng() % 700);
      s.parts.push_back(rest.substr(0, cut));
      rest.remove_prefix(cut);
    }
  }
  return out;
}

// The digests are XXH3's own of the concatenated bytes, whichever code computes them.
TEST(InputHash, DigestsAreXxh3OfTheConcatenationWithEitherCode) {
  using namespace input_hash_code;
  const bool avx2 = cpu_has_avx2();
  for (const Sample& s : samples()) {
    SCOPED_TRACE(s.bytes.size());
    const std::uint64_t want64 = XXH3_64bits(s.bytes.data(), s.bytes.size());
    const XXH128_hash_t want128 = XXH3_128bits(s.bytes.data(), s.bytes.size());
    EXPECT_EQ(xxh3_64(s.parts), want64);
    const Digest128 got = xxh3_128(s.parts);
    EXPECT_EQ(got.low, want128.low64);
    EXPECT_EQ(got.high, want128.high64);
    std::vector<Part> parts;
    for (std::string_view p : s.parts) parts.push_back({p.data(), p.size()});
    std::uint64_t out[2];
    EXPECT_EQ(xxh3_64_default(parts.data(), parts.size()), want64);
    xxh3_128_default(parts.data(), parts.size(), out);
    EXPECT_EQ(out[0], want128.low64);
    EXPECT_EQ(out[1], want128.high64);
    if (!avx2) continue;  // the AVX2 code cannot run here
    EXPECT_EQ(xxh3_64_avx2(parts.data(), parts.size()), want64);
    xxh3_128_avx2(parts.data(), parts.size(), out);
    EXPECT_EQ(out[0], want128.low64);
    EXPECT_EQ(out[1], want128.high64);
  }
  if (!avx2) std::printf("this CPU has no AVX2: only the default code was checked\n");
}

}  // namespace
}  // namespace fleetwave
