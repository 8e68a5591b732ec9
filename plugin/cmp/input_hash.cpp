#include "cmp/input_hash.h"

#include <vector>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "cmp/input_hash_code.h"

#define FLEETWAVE_XXH3_64 xxh3_64_default
#define FLEETWAVE_XXH3_128 xxh3_128_default
#include "cmp/input_hash_code.inc"
#undef FLEETWAVE_XXH3_64
#undef FLEETWAVE_XXH3_128

namespace fleetwave {
namespace input_hash_code {

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

}  // namespace input_hash_code

namespace {

std::vector<input_hash_code::Part> parts_of(std::span<const std::string_view> parts) {
  std::vector<input_hash_code::Part> out;
  out.reserve(parts.size());
  for (std::string_view p : parts) out.push_back({p.data(), p.size()});
  return out;
}

}  // namespace

std::uint64_t xxh3_64(std::span<const std::string_view> parts) {
  const auto in = parts_of(parts);
  return input_hash_code::cpu_has_avx2() ? input_hash_code::xxh3_64_avx2(in.data(), in.size())
                                         : input_hash_code::xxh3_64_default(in.data(), in.size());
}

Digest128 xxh3_128(std::span<const std::string_view> parts) {
  const auto in = parts_of(parts);
  std::uint64_t out[2];
  if (input_hash_code::cpu_has_avx2()) {
    input_hash_code::xxh3_128_avx2(in.data(), in.size(), out);
  } else {
    input_hash_code::xxh3_128_default(in.data(), in.size(), out);
  }
  return Digest128{out[0], out[1]};
}

}  // namespace fleetwave
