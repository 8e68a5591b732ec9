// operator new/delete for fleetwave-render only (and render_allocator_test.cpp; not the library):
// a size-class allocator carving blocks out of chunks of 2 and 4 MiB. A render is one short,
// single-threaded process that builds a few hundred thousand small JSON nodes and strings;
// glibc's malloc spent ~25% of a 100-template render on them, this spends a few percent.
//
// Blocks carry no header: each class carves its blocks from runs of 16 KiB pages, and a page map
// (address -> class) tells delete a block's class. A 16-byte header added 27 MiB to the 1.7
// million blocks a render over 10,000 clusters holds at its peak (glibc's malloc adds 8 bytes to
// each). Classes are 16 bytes apart up to 512, then four per power of two, so a block is less
// than a quarter larger than asked (powers of two alone wasted up to half). Freed blocks go back
// to their class's free list, where only blocks of the same class reuse them. Blocks over 1 MiB
// are mapped on their own, behind a header the page map does not know.
//
// Why 1 MiB: on a VM a fresh 4 KiB page costs a few microseconds (measured here: 4 µs), and the
// chunks' huge pages are faulted in 2 MiB at a time at a fraction of that per byte. File
// contents and vectors of up to a MiB in chunks rather than mappings of their own took a fifth
// off a release's renders (a cluster's render from the snapshot, one inventory file) and half
// the page faults of a cold render over 10,000 clusters. What a chunk has left when a run of
// such blocks does not fit serves later page runs, and a freed block over 256 KiB gives its
// pages back. At 2 MiB the peak grew by 7 % at 10,000 templates for no further speed.
//
// Single-threaded by design: fleetwave-render never starts a thread (main.cpp). Aligned new
// (align_val_t) keeps the library's implementation, which pairs with its own delete.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <new>
#include <numeric>
#include <sys/mman.h>

namespace {

constexpr std::size_t kGrain = 16;     // __STDCPP_DEFAULT_NEW_ALIGNMENT__
constexpr std::size_t kMaxFine = 512;  // classes every 16 bytes up to here (class 0: not pooled)
constexpr std::size_t kFineClasses = kMaxFine / kGrain + 1;
constexpr unsigned kMaxPooledWidth = 20;
constexpr std::size_t kMaxPooled = std::size_t{1} << kMaxPooledWidth;  // four classes per power of two up to here
constexpr unsigned kFirstCoarseWidth = 10;  // the first coarse classes end at 2^10 (640 .. 1024)
constexpr std::size_t kClasses = kFineClasses + 4 * (kMaxPooledWidth - kFirstCoarseWidth + 1);
constexpr std::size_t kReturnedBlockBytes = 256 << 10;  // larger freed blocks give their pages back
// The first chunk is one huge page, the next ones two: a warm 100-template render fits in the
// first.
constexpr std::size_t kFirstChunkBytes = 2 << 20;
constexpr std::size_t kMaxChunkBytes = 4 << 20;
constexpr std::size_t kHugePage = 2 << 20;

// The page map: a class per 16 KiB page, in tables of one per 4 GiB of the 47-bit user address
// space, mapped when a chunk first lands in their range (untouched parts cost nothing).
constexpr unsigned kPageShift = 14;
constexpr std::size_t kPageBytes = std::size_t{1} << kPageShift;
constexpr unsigned kRegionShift = 32;
constexpr std::size_t kPagesPerRegion = std::size_t{1} << (kRegionShift - kPageShift);
constexpr std::size_t kRegions = std::size_t{1} << (47 - kRegionShift);

std::uint8_t* g_page_class[kRegions];

struct FreeBlock {
  FreeBlock* next;
};

// A large block's header: its mapping, header included.
struct alignas(kGrain) Header {
  std::size_t mapped_bytes;
};

FreeBlock* g_free[kClasses];
char* g_run_cursor[kClasses];  // each class's current run
char* g_run_limit[kClasses];
char* g_cursor = nullptr;  // the current chunk
char* g_limit = nullptr;
char* g_spare_cursor = nullptr;  // what an earlier chunk had left, for page runs
char* g_spare_limit = nullptr;
std::size_t g_next_chunk_bytes = kFirstChunkBytes;

// A chunk, aligned to and advised for transparent huge pages where the system allows them:
// page faults 4 KiB at a time cost a 100-template render ~15%, one per huge page nearly
// nothing. Faulted in as it is used, not all at once: a chunk populated ahead held memory a
// render never touched, up to 4 MiB of its peak depending on where the last chunk began.
void* map_chunk(std::size_t bytes) {
  void* raw = mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  char* chunk = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(raw) + kHugePage - 1) & ~(kHugePage - 1));
  const auto head = static_cast<std::size_t>(chunk - static_cast<char*>(raw));
  if (head != 0) munmap(raw, head);
  munmap(chunk + bytes, kHugePage - head);
  madvise(chunk, bytes, MADV_HUGEPAGE);
  return chunk;
}

// The class of the pooled block at `p`, or 0 for a large block.
std::size_t class_of(const void* p) {
  const auto address = reinterpret_cast<std::uintptr_t>(p);
  const std::uint8_t* table = g_page_class[(address >> kRegionShift) & (kRegions - 1)];
  return table == nullptr ? 0 : table[(address >> kPageShift) & (kPagesPerRegion - 1)];
}

void mark_pages(char* start, std::size_t bytes, std::size_t cls) {
  for (std::size_t at = 0; at < bytes; at += kPageBytes) {
    const auto address = reinterpret_cast<std::uintptr_t>(start + at);
    if ((address >> kRegionShift) >= kRegions) throw std::bad_alloc();  // beyond 47 bits: not mapped so
    std::uint8_t*& table = g_page_class[address >> kRegionShift];
    if (table == nullptr) {
      void* mapped = mmap(nullptr, kPagesPerRegion, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (mapped == MAP_FAILED) throw std::bad_alloc();
      table = static_cast<std::uint8_t*>(mapped);
    }
    table[(address >> kPageShift) & (kPagesPerRegion - 1)] = static_cast<std::uint8_t>(cls);
  }
}

// A new run for class `cls`: whole pages from the chunk, marked with the class. What a chunk has
// left when a run does not fit stays unused.
void new_run(std::size_t cls, std::size_t block_bytes) {
  // One page of blocks up to a page; over a page, the fewest blocks that fill whole pages (a
  // block of 20 KiB is 5 / 4 pages: runs of four). No block may share a page with another run.
  const std::size_t run = block_bytes <= kPageBytes ? kPageBytes : std::lcm(block_bytes, kPageBytes);
  char* start = nullptr;
  if (run == kPageBytes && g_spare_limit - g_spare_cursor >= static_cast<std::ptrdiff_t>(run)) {
    start = g_spare_cursor;
    g_spare_cursor += run;
  } else {
    if (static_cast<std::size_t>(g_limit - g_cursor) < run) {
      // What the chunk has left serves page runs later: runs of up to a MiB leave up to a MiB.
      if (g_limit - g_cursor > g_spare_limit - g_spare_cursor) {
        g_spare_cursor = g_cursor;
        g_spare_limit = g_limit;
      }
      const std::size_t chunk_bytes = g_next_chunk_bytes;
      g_next_chunk_bytes = std::min(chunk_bytes * 2, kMaxChunkBytes);
      g_cursor = static_cast<char*>(map_chunk(chunk_bytes));
      g_limit = g_cursor + chunk_bytes;
    }
    start = g_cursor;
    g_cursor += run;
  }
  mark_pages(start, run, cls);
  g_run_cursor[cls] = start;
  g_run_limit[cls] = start + run;
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
  if (bytes > kMaxFine) {
    // File contents, strings, vectors: 5, 6, 7 or 8 eighths of the power of two at or above
    // `bytes` (640, 768, 896, 1024, 1280, ...), so a block is less than a quarter larger than asked.
    const auto width = static_cast<unsigned>(std::bit_width(bytes - 1));
    const unsigned step_shift = width - 3;
    const std::size_t eighths = (bytes + (std::size_t{1} << step_shift) - 1) >> step_shift;  // 5 .. 8
    block_bytes = eighths << step_shift;
    cls = kFineClasses + 4 * (width - kFirstCoarseWidth) + (eighths - 5);
  }
  if (FreeBlock* block = g_free[cls]) {
    g_free[cls] = block->next;
    return block;
  }
  if (static_cast<std::size_t>(g_run_limit[cls] - g_run_cursor[cls]) < block_bytes) new_run(cls, block_bytes);
  char* block = g_run_cursor[cls];
  g_run_cursor[cls] += block_bytes;
  return block;
}

// The size of a block of coarse class `cls` (the inverse of allocate's numbering).
std::size_t coarse_block_bytes(std::size_t cls) {
  const std::size_t k = cls - kFineClasses;
  const auto width = static_cast<unsigned>(kFirstCoarseWidth + k / 4);
  return (5 + k % 4) << (width - 3);
}

void release(void* p) noexcept {
  if (p == nullptr) return;
  const std::size_t cls = class_of(p);
  if (cls == 0) {
    Header* h = static_cast<Header*>(p) - 1;
    munmap(h, h->mapped_bytes);
    return;
  }
  // A freed block over 256 KiB gives its pages back (its address range stays its class's), as
  // its own mapping did before such blocks came from chunks: vectors that grow and schedules
  // that come and go would otherwise hold every size they passed through until the exit.
  // Such blocks start on a page (runs are whole pages, the blocks multiples of 32 KiB).
  if (cls >= kFineClasses && coarse_block_bytes(cls) > kReturnedBlockBytes)
    madvise(p, coarse_block_bytes(cls), MADV_DONTNEED);
  auto* block = static_cast<FreeBlock*>(p);
  block->next = g_free[cls];
  g_free[cls] = block;
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
