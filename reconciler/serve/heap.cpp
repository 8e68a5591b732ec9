#include "serve/heap.h"

#include <malloc.h>

namespace fleetwave::serve {

// With jemalloc (FLEETWAVE_JEMALLOC, the default build) both are no-ops: jemalloc spreads threads
// over a bounded set of arenas (four per core) and returns freed pages to the system by itself
// within its decay time (opt.dirty_decay_ms, 10 s by default). glibc's knobs would only tune an
// allocator that is then unused.
void limit_heap_arenas() {
#if defined(__GLIBC__) && !defined(FLEETWAVE_JEMALLOC)
  mallopt(M_ARENA_MAX, 2);
#endif
}

void release_free_heap() {
#if defined(__GLIBC__) && !defined(FLEETWAVE_JEMALLOC)
  malloc_trim(0);
#endif
}

}  // namespace fleetwave::serve
