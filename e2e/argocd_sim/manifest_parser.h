// The plugin's stdout as the repo-server reads it (docs/architecture.md, "Argo CD contracts"): a YAML
// stream ("---" separated) or JSON objects one after another; empty and null documents are
// skipped and objects whose kind ends in "List" are flattened into their items. Pure.
#pragma once

#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave::sim {

// InvalidInput when the text does not parse or a document is not an object with apiVersion,
// kind and metadata.name.
[[nodiscard]] Result<std::vector<Json>> parse_manifests(std::string_view text);

}  // namespace fleetwave::sim
