// Reading JSON manifests and API payloads with a nesting limit (nlohmann's dump() overflows
// the stack on very deep input).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// Parses one JSON value. Errors are InvalidInput with the line and column in `file`.
// Duplicate object keys are errors, as in the YAML reader (encoding/json would keep the last).
Result<Json> parse_json(std::string_view text, const std::string& file, std::size_t max_depth = 128);

// Parses a manifest file written as JSON: one value, or several values one after another
// (as kubectl and Argo CD accept).
Result<std::vector<Json>> parse_json_stream(std::string_view text, const std::string& file,
                                            std::size_t max_depth = 128);

}  // namespace fleetwave
