// Typing of plain YAML scalars, as sigs.k8s.io/yaml (go-yaml v2, YAML 1.1 rules) does it when
// kubectl or Argo CD read a manifest: yes/no/on/off are booleans, 0x1F and 017 are integers,
// timestamps stay strings. Matching it keeps our output equal to what Argo CD would apply.
#pragma once

#include <string>
#include <string_view>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// The value of an untagged plain scalar. NaN and infinities are errors: JSON cannot hold them.
Result<Json> resolve_plain_scalar(std::string_view text);

// A scalar with an explicit YAML tag (!!str, !!int, ...); unknown tags keep the text as a string.
Result<Json> resolve_tagged_scalar(std::string_view tag, std::string_view text);

// The JSON object key for a plain scalar used as a mapping key (sigs.k8s.io/yaml rules: true,
// false, integers and floats become their string forms; null keys are an error).
Result<std::string> resolve_plain_key(std::string_view text);

// True when `text` written as a plain scalar would not read back as this same string.
bool plain_scalar_is_not_string(std::string_view text);

}  // namespace fleetwave
