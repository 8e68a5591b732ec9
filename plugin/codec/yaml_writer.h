// YAML output byte-identical to sigs.k8s.io/yaml's JSONToYAML (go-yaml v2's emitter), which is
// what kubectl prints and what Karmada's fieldOverrider writes back for YAML sub-documents:
// keys in go-yaml's "natural" order, 2-space indent, sequences not indented under their key,
// strings quoted only when they would read back as another type, multi-line strings as
// literal blocks, long plain strings folded at 80 columns.
#pragma once

#include <string>

#include "base/json.h"

namespace fleetwave {

// One document, ending in a newline ("{}\n" for an empty object, "null\n" for null).
std::string write_yaml(const Json& value);

// go-yaml v2's map key ordering (sorter.go keyList.Less) for string keys.
bool yaml_key_less(const std::string& a, const std::string& b);

}  // namespace fleetwave
