// input_hash_code.h's AVX2 build, compiled with -mavx2 (plugin/CMakeLists.txt). It uses no C++
// library template and no inline function of a header other than xxHash's static ones: an
// inline function emitted here would carry AVX2 instructions, and the linker could keep this
// copy for every caller, on any CPU.
#define XXH_INLINE_ALL
#define XXH_VECTOR XXH_AVX2
#include <xxhash.h>

#include "cmp/input_hash_code.h"

#define FLEETWAVE_XXH3_64 xxh3_64_avx2
#define FLEETWAVE_XXH3_128 xxh3_128_avx2
#include "cmp/input_hash_code.inc"
#undef FLEETWAVE_XXH3_64
#undef FLEETWAVE_XXH3_128
