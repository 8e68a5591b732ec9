// The snapshot's checksums: xxHash (Debian's libxxhash-dev, header-only), as the render cache's.
#include "render/snapshot_format.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fleetwave::snapshot_format {

std::uint64_t checksum(std::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

}  // namespace fleetwave::snapshot_format
