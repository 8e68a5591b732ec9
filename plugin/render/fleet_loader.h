// Parses and validates every input file into a Fleet. All problems of all files are reported
// together, each as "file:line:column: field: message".
#pragma once

#include "base/result.h"
#include "render/fleet.h"
#include "render/input_bundle.h"

namespace fleetwave {

Result<Fleet, ErrorList> load_fleet(const InputBundle& bundle, LoadOptions options = {});

}  // namespace fleetwave
