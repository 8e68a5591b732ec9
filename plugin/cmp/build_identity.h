// Which build of fleetwave-render is running, for the render cache: entries written by another
// build (another version, or the same version compiled from other sources) are never read.
#pragma once

#include <string>

namespace fleetwave {

// The version, plus the ELF build id the linker wrote (a hash of the code), or, for a binary
// without one, a hash of the executable file; "" when neither can be read. Computed once per
// process.
const std::string& build_identity();

}  // namespace fleetwave
