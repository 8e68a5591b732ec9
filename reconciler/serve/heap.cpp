#include "serve/heap.h"

#include <malloc.h>

namespace fleetwave::serve {

void limit_heap_arenas() {
#if defined(__GLIBC__)
  mallopt(M_ARENA_MAX, 2);
#endif
}

void release_free_heap() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace fleetwave::serve
