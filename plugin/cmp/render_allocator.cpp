// operator new/delete for fleetwave-render only (not the library, not the tests): a size-class
// allocator carving small blocks out of chunks of 2 and 4 MiB. A render is one short,
// single-threaded process that builds a few hundred thousand small JSON nodes and strings;
// glibc's malloc spent ~25% of a 100-template render on them, this spends a few percent. Freed
// blocks go back to their class's free list, where only blocks of the same class reuse them: at
// 10,000 templates a cold render's peak is ~20 MiB above malloc's (docs/benchmarks.md). Blocks
// over 256 KiB are mapped on their own.
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
constexpr std::size_t kMaxPooled = 256 << 10;                 // then powers of two up to here; larger: mapped
constexpr std::size_t kClasses = kMaxFine / kGrain + 1 + 10;  // 1 KiB .. 256 KiB
// The first chunk is one huge page, the next ones two: a warm 100-template render fits in the
// first, and clearing a fixed 4 MiB first chunk was ~14% of its time.
constexpr std::size_t kFirstChunkBytes = 2 << 20;
constexpr std::size_t kMaxChunkBytes = 4 << 20;
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

// A chunk, faulted in at once: page faults one by one cost a 100-template render ~15%. Chunks ask
// for transparent huge pages where the system allows them.
void* map_chunk(std::size_t bytes) {
  void* raw = mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  char* chunk = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(raw) + kHugePage - 1) & ~(kHugePage - 1));
  const auto head = static_cast<std::size_t>(chunk - static_cast<char*>(raw));
  if (head != 0) munmap(raw, head);
  munmap(chunk + bytes, kHugePage - head);
  madvise(chunk, bytes, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
  if (madvise(chunk, bytes, MADV_POPULATE_WRITE) != 0)
#endif
  {
    for (std::size_t i = 0; i < bytes; i += 4096) reinterpret_cast<volatile char*>(chunk)[i] = 0;
  }
  return chunk;
}

// A large block (file contents, output buffers, big vectors) in a mapping of its own, given back
// when freed, faulted in as it is touched (a buffer's unused capacity costs nothing), in huge
// pages where the mapping spans them.
void* allocate_large(std::size_t bytes) {
  const std::size_t mapped = (sizeof(Header) + bytes + 4095) & ~std::size_t{4095};
  void* raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  if (mapped >= kHugePage) madvise(raw, mapped, MADV_HUGEPAGE);
  auto* h = static_cast<Header*>(raw);
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
    g_cursor = static_cast<char*>(map_chunk(chunk_bytes));
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
