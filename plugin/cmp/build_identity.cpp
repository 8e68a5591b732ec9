#include "cmp/build_identity.h"

#include <elf.h>
#include <link.h>

#include <cstring>
#include <fstream>
#include <iterator>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "base/text.h"

#ifndef FLEETWAVE_VERSION
#define FLEETWAVE_VERSION "dev"
#endif

namespace fleetwave {
namespace {

// The NT_GNU_BUILD_ID note of the main program (the first object dl_iterate_phdr reports).
int find_build_id(dl_phdr_info* info, std::size_t, void* data) {
  auto* out = static_cast<std::string*>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
    const char* end = p + ph.p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(p);
      const char* name = p + sizeof(ElfW(Nhdr));
      const char* desc = name + ((note->n_namesz + 3) & ~3u);
      if (desc + note->n_descsz > end) break;
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
        *out = hex_bytes(reinterpret_cast<const unsigned char*>(desc), note->n_descsz);
        return 1;
      }
      p = desc + ((note->n_descsz + 3) & ~3u);
    }
  }
  return 1;
}

std::string compute() {
  std::string id;
  dl_iterate_phdr(find_build_id, &id);
  if (!id.empty()) return std::string(FLEETWAVE_VERSION) + " build-id " + id;
  std::ifstream exe("/proc/self/exe", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(exe)), std::istreambuf_iterator<char>());
  if (bytes.empty()) return {};  // unknown: the cache stays off
  XXH128_hash_t h = XXH3_128bits(bytes.data(), bytes.size());
  unsigned char raw[16];
  std::memcpy(raw, &h.high64, 8);
  std::memcpy(raw + 8, &h.low64, 8);
  return std::string(FLEETWAVE_VERSION) + " exe " + std::to_string(bytes.size()) + " " + hex_bytes(raw, sizeof raw);
}

}  // namespace

const std::string& build_identity() {
  static const std::string identity = compute();
  return identity;
}

}  // namespace fleetwave
