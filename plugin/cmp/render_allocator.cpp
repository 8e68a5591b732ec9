// operator new/delete for fleetwave-render only (not the library, not the tests): a size-class
// allocator carving small blocks out of 1 MiB chunks. A render is one short, single-threaded
// process that builds a few hundred thousand small JSON nodes and strings; glibc's malloc spent
// ~25% of a 100-template render on them, this spends a few percent. Freed blocks go back to
// their class's free list, so peak memory stays close to malloc's. Large blocks are mapped on their own.
//
// Single-threaded by design: fleetwave-render never starts a thread (main.cpp). Aligned new
// (align_val_t) keeps the library's implementation, which pairs with its own delete.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <sys/mman.h>

namespace {

constexpr std::size_t kGrain = 16;                            // __STDCPP_DEFAULT_NEW_ALIGNMENT__
constexpr std::size_t kMaxFine = 512;                         // classes every 16 bytes up to here
constexpr std::size_t kMaxPooled = 256 << 10;                 // then powers of two up to here; larger: malloc
constexpr std::size_t kClasses = kMaxFine / kGrain + 1 + 10;  // 1 KiB .. 256 KiB
// Chunks grow from 512 KiB, doubling up to 8 MiB: a small render zeroes only about what it uses
// (a fixed 4 MiB chunk was ~14% of a warm 100-template render, in page clearing), a large one
// still takes few chunks.
constexpr std::size_t kFirstChunkBytes = 2 << 20;
constexpr std::size_t kMaxChunkBytes = 8 << 20;
constexpr std::size_t kHugePage = 2 << 20;

struct FreeBlock {
  FreeBlock* next;
};

// Each block is preceded by a 16-byte header holding its class (0: a large block, mapped on its
// own), so unsized delete works and alignment stays 16.
struct alignas(kGrain) Header {
  std::size_t size_class;
  std::size_t mapped_bytes;  // a large block's mapping, header included
};

FreeBlock* g_free[kClasses];
char* g_cursor = nullptr;
char* g_limit = nullptr;
std::size_t g_next_chunk_bytes = kFirstChunkBytes;

// Memory faulted in at once: page faults one by one cost a 100-template render ~15%. Mappings
// of 2 MiB and more ask for transparent huge pages where the system allows them.
void* map_populated(std::size_t bytes) {
  const bool huge = bytes >= kHugePage;
  const std::size_t slack = huge ? kHugePage : 0;
  void* raw = mmap(nullptr, bytes + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  void* chunk = raw;
  if (huge) {
    chunk = reinterpret_cast<void*>((reinterpret_cast<std::uintptr_t>(raw) + kHugePage - 1) & ~(kHugePage - 1));
    const auto head = static_cast<std::size_t>(static_cast<char*>(chunk) - static_cast<char*>(raw));
    if (head != 0) munmap(raw, head);
    if (slack != head) munmap(static_cast<char*>(chunk) + bytes, slack - head);
    madvise(chunk, bytes, MADV_HUGEPAGE);
  }
#ifdef MADV_POPULATE_WRITE
  if (madvise(chunk, bytes, MADV_POPULATE_WRITE) != 0)
#endif
  {
    for (std::size_t i = 0; i < bytes; i += 4096) static_cast<volatile char*>(chunk)[i] = 0;
  }
  return chunk;
}

// A large block (file contents, the cache key, output buffers) in a mapping of its own, given back
// when freed; rounded to whole pages, or to huge pages from 1 MiB, where the huge page's one
// fault is far cheaper than hundreds of small ones.
void* allocate_large(std::size_t bytes) {
  const std::size_t round = sizeof(Header) + bytes >= kHugePage / 2 ? kHugePage : 4096;
  const std::size_t mapped = (sizeof(Header) + bytes + round - 1) & ~(round - 1);
  auto* h = static_cast<Header*>(map_populated(mapped));
  h->size_class = 0;
  h->mapped_bytes = mapped;
  return h + 1;
}

void* allocate(std::size_t bytes) {
  if (bytes == 0) bytes = 1;
  if (bytes > kMaxPooled) {
    return allocate_large(bytes);
  }
  std::size_t cls = (bytes + kGrain - 1) / kGrain;
  std::size_t block_bytes = cls * kGrain;
  if (bytes > kMaxFine) {  // file contents, output buffers, vectors: rounded to a power of two
    block_bytes = kMaxFine * 2;
    cls = kMaxFine / kGrain + 1;
    while (block_bytes < bytes) {
      block_bytes *= 2;
      ++cls;
    }
  }
  if (FreeBlock* block = g_free[cls]) {
    g_free[cls] = block->next;
    return block;
  }
  const std::size_t need = sizeof(Header) + block_bytes;
  if (static_cast<std::size_t>(g_limit - g_cursor) < need) {
    const std::size_t chunk_bytes = g_next_chunk_bytes;
    g_next_chunk_bytes = std::min(chunk_bytes * 2, kMaxChunkBytes);
    g_cursor = static_cast<char*>(map_populated(chunk_bytes));
    g_limit = g_cursor + chunk_bytes;
  }
  auto* h = reinterpret_cast<Header*>(g_cursor);
  g_cursor += need;
  h->size_class = cls;
  return h + 1;
}

void release(void* p) noexcept {
  if (p == nullptr) return;
  Header* h = static_cast<Header*>(p) - 1;
  if (h->size_class == 0) {
    munmap(h, h->mapped_bytes);
    return;
  }
  auto* block = static_cast<FreeBlock*>(p);
  block->next = g_free[h->size_class];
  g_free[h->size_class] = block;
}

}  // namespace

void* operator new(std::size_t bytes) { return allocate(bytes); }
void* operator new[](std::size_t bytes) { return allocate(bytes); }
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept {
  try {
    return allocate(bytes);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept { return operator new(bytes, std::nothrow); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
