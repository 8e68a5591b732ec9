// Typing of YAML scalars, as sigs.k8s.io/yaml (go-yaml v2, YAML 1.1 rules; resolve.go) does it
// when kubectl, Karmada or Argo CD read a manifest: yes/no/on/off are booleans, 0x1F and 017
// are integers, timestamps stay strings. Matching it keeps our output equal to what they apply.
#pragma once

#include <string>
#include <string_view>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// The value of an untagged plain scalar. NaN and infinities are errors: JSON cannot hold them.
Result<Json> resolve_plain_scalar(std::string_view text);

// A scalar with an explicit tag, as yaml-cpp reports it ("tag:yaml.org,2002:int" for !!int).
// !!str, !!binary (base64-decoded) and tags go-yaml does not resolve keep the text as a string;
// !!null, !!bool, !!int, !!float and !!timestamp must match the text, as in go-yaml
// ("cannot decode !!str `abc` as a !!int"); !!float also accepts an int64.
Result<Json> resolve_tagged_scalar(std::string_view tag, std::string_view text);

// The JSON object key for a plain scalar used as a mapping key (sigs.k8s.io/yaml rules: true,
// false, integers and floats become their string forms; null keys and integers beyond int64
// are errors).
Result<std::string> resolve_plain_key(std::string_view text);
Result<std::string> resolve_tagged_key(std::string_view tag, std::string_view text);

// The same key conversion for an already decoded value (an alias used as a key).
Result<std::string> json_key_string(const Json& key);

// True when `text` written as a plain scalar would not read back as this same string.
bool plain_scalar_is_not_string(std::string_view text);

// True when go-yaml's encoder would not write `text` as a plain scalar because it resolves to
// another type (encode.go stringv): the cases above, plus timestamps and YAML 1.1 base-60
// numbers such as 1:30.
bool go_yaml_plain_needs_quotes(std::string_view text);

}  // namespace fleetwave
