// input_hash_code.h's AVX2 build, compiled with -mavx2 (plugin/CMakeLists.txt). It uses no C++
// library template and no inline function of a header other than xxHash's static ones: an
// inline function emitted here would carry AVX2 instructions, and the linker could keep this
// copy for every caller, on any CPU.
#define XXH_INLINE_ALL
#define XXH_VECTOR XXH_AVX2
#include <xxhash.h>

#include "cmp/input_hash_code.h"

namespace fleetwave::input_hash_code {

std::uint64_t xxh3_64_avx2(const Part* parts, std::size_t count) {
  XXH3_state_t state;
  XXH3_64bits_reset(&state);
  for (std::size_t i = 0; i < count; ++i) XXH3_64bits_update(&state, parts[i].data, parts[i].size);
  return XXH3_64bits_digest(&state);
}

void xxh3_128_avx2(const Part* parts, std::size_t count, std::uint64_t out[2]) {
  XXH3_state_t state;
  XXH3_128bits_reset(&state);
  for (std::size_t i = 0; i < count; ++i) XXH3_128bits_update(&state, parts[i].data, parts[i].size);
  const XXH128_hash_t h = XXH3_128bits_digest(&state);
  out[0] = h.low64;
  out[1] = h.high64;
}

}  // namespace fleetwave::input_hash_code
