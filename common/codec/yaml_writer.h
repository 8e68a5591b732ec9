// YAML output byte-identical to sigs.k8s.io/yaml's JSONToYAML (go-yaml v2's Marshal of the
// decoded JSON), which is what kubectl prints and what Karmada writes back for YAML
// sub-documents: keys in go-yaml's "natural" order, 2-space indent, sequences not indented
// under their key, empty maps and lists as {} and [], strings quoted only when they would
// read back as another type, multi-line strings as literal blocks, long strings folded after
// column 80, floats in strconv 'g' form (so 1.0 is written 1 and reads back as an int).
#pragma once

#include <string>

#include "base/json.h"

namespace fleetwave {

// One document, ending in a newline ("{}\n" for an empty object, "null\n" for null). Recursion
// follows the nesting of `value`; documents from our readers are at most 128 levels deep.
std::string write_yaml(const Json& value);

// The same, appended to `out` (a stream of documents is written into one buffer).
void append_yaml(std::string& out, const Json& value);

// go-yaml v2's map key ordering (sorter.go keyList.Less) for string keys.
bool yaml_key_less(const std::string& a, const std::string& b);

}  // namespace fleetwave
