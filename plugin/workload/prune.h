// Removal of server-populated fields before a manifest is delivered
// (pkg/resourceinterpreter/default/native/prune/prune.go, RemoveIrrelevantFields).
#pragma once

#include "base/json.h"

namespace fleetwave {

void prune_irrelevant_fields(Json& manifest);

}  // namespace fleetwave
