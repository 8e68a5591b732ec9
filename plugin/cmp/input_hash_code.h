// The two builds of input_hash.h's digests, for input_hash.cpp and its test: one with the
// compiler's default vector code (SSE2 on x86-64), one compiled with -mavx2
// (input_hash_avx2.cpp, called only where the CPU has AVX2). Plain C types only: see the
// AVX2 file.
#pragma once

#include <cstddef>
#include <cstdint>

namespace fleetwave::input_hash_code {

struct Part {
  const void* data;
  std::size_t size;
};

std::uint64_t xxh3_64_default(const Part* parts, std::size_t count);
void xxh3_128_default(const Part* parts, std::size_t count, std::uint64_t out[2]);
std::uint64_t xxh3_64_avx2(const Part* parts, std::size_t count);
void xxh3_128_avx2(const Part* parts, std::size_t count, std::uint64_t out[2]);
bool cpu_has_avx2();

}  // namespace fleetwave::input_hash_code
