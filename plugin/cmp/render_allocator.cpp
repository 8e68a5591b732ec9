// operator new/delete for fleetwave-render only (not the library, not the tests): a size-class
// allocator carving small blocks out of 1 MiB chunks. A render is one short, single-threaded
// process that builds a few hundred thousand small JSON nodes and strings; glibc's malloc spent
// ~25% of a 100-template render on them, this spends a few percent. Freed blocks go back to
// their class's free list, so peak memory stays close to malloc's. Large blocks use malloc.
//
// Single-threaded by design: fleetwave-render never starts a thread (main.cpp). Aligned new
// (align_val_t) keeps the library's implementation, which pairs with its own delete.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <sys/mman.h>

namespace {

constexpr std::size_t kGrain = 16;                            // __STDCPP_DEFAULT_NEW_ALIGNMENT__
constexpr std::size_t kMaxFine = 512;                         // classes every 16 bytes up to here
constexpr std::size_t kMaxPooled = 256 << 10;                 // then powers of two up to here; larger: malloc
constexpr std::size_t kClasses = kMaxFine / kGrain + 1 + 10;  // 1 KiB .. 256 KiB
constexpr std::size_t kChunkBytes = 4 << 20;

struct FreeBlock {
  FreeBlock* next;
};

// Each block is preceded by a 16-byte header holding its class (0: a malloc'd large block), so
// unsized delete works and alignment stays 16.
struct alignas(kGrain) Header {
  std::size_t size_class;
};

FreeBlock* g_free[kClasses];
char* g_cursor = nullptr;
char* g_limit = nullptr;

// Whole chunks are faulted in at once: page faults one by one cost a 100-template render ~15%.
// Transparent huge pages where the system allows them on request.
void* new_chunk() {
  const std::size_t huge = 2 << 20;
  void* raw = mmap(nullptr, kChunkBytes + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  auto start = (reinterpret_cast<std::uintptr_t>(raw) + huge - 1) & ~(huge - 1);
  void* chunk = reinterpret_cast<void*>(start);
  madvise(chunk, kChunkBytes, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
  if (madvise(chunk, kChunkBytes, MADV_POPULATE_WRITE) != 0)
#endif
  {
    for (std::size_t i = 0; i < kChunkBytes; i += 4096) static_cast<volatile char*>(chunk)[i] = 0;
  }
  return chunk;
}

void* allocate(std::size_t bytes) {
  if (bytes == 0) bytes = 1;
  if (bytes > kMaxPooled) {
    auto* h = static_cast<Header*>(std::malloc(sizeof(Header) + bytes));
    if (h == nullptr) throw std::bad_alloc();
    h->size_class = 0;
    return h + 1;
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
    void* chunk = new_chunk();
    g_cursor = static_cast<char*>(chunk);
    g_limit = g_cursor + kChunkBytes;
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
    std::free(h);
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
