// XXH3 digests of byte strings taken as their concatenation, from xxHash's AVX2 code where the
// CPU has it and its SSE2 code elsewhere: the same digests either way (XXH3 is defined apart
// from its vector code). The render cache hashes every input byte on each render (its key) and
// every byte of an entry it loads (its checksum): with the SSE2 code, a sixth of the
// instructions of a render from the snapshot at 1,000 clusters; a tenth less in all with AVX2.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace fleetwave {

struct Digest128 {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
};

std::uint64_t xxh3_64(std::span<const std::string_view> parts);
Digest128 xxh3_128(std::span<const std::string_view> parts);

}  // namespace fleetwave
