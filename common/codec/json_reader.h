// Reading JSON manifests and API payloads with a nesting limit (nlohmann's dump() overflows
// the stack on very deep input).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// Parses one JSON value. Errors are InvalidInput with the line and column in `file`.
// Duplicate object keys are errors, as in the YAML reader (encoding/json would keep the last).
Result<Json> parse_json(std::string_view text, const std::string& file, std::size_t max_depth = 128);

// Which members of a JSON value to build: an object builds only the members `fields` names,
// each as its own mask says; empty `fields` builds the whole value. An array applies its mask to
// every element. The rest is read (it must still be valid JSON) but never built, which is what
// costs: a large API answer of which a few fields are read.
struct JsonMask {
  using Fields = std::map<std::string, JsonMask, std::less<>>;
  Fields fields;
};

// parse_json, building only what `mask` keeps. Duplicate keys are errors among the kept members.
Result<Json> parse_json_masked(std::string_view text, const std::string& file, const JsonMask& mask,
                               std::size_t max_depth = 128);

// Parses a manifest file written as JSON: one value, or several values one after another
// (as kubectl and Argo CD accept).
Result<std::vector<Json>> parse_json_stream(std::string_view text, const std::string& file,
                                            std::size_t max_depth = 128);

}  // namespace fleetwave
