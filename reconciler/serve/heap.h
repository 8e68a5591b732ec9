// How serve keeps its resident memory near what it uses. glibc's allocator gives each thread
// that allocates concurrently its own arena (up to 8 per core) and keeps what is freed there;
// serve builds large documents on the loop thread and on every HTTP worker, so at 50 apps x
// 1,000 clusters its resident set settled at ~1.2 GiB, twice what it used (bench/serve_bench.cpp
// --board 1; docs/serve.md, "Memory"). The default build links jemalloc instead, which needs
// neither (heap.cpp).
#pragma once

namespace fleetwave::serve {

// At most two arenas. Call before serve starts its threads.
void limit_heap_arenas();

// Gives the pages freed by a cycle back to the system (after each published snapshot).
void release_free_heap();

}  // namespace fleetwave::serve
