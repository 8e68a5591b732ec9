// fieldOverrider (applyFieldOverriders in pkg/util/overridemanager/overridemanager.go):
// patches a JSON or YAML document embedded in a string field, e.g. a ConfigMap entry.
#pragma once

#include <string>

#include "base/json.h"
#include "base/result.h"
#include "model/override_policy.h"

namespace fleetwave {

// The new text of the embedded document:
// - yaml ops (checked first): the text is read as YAML (first document; empty = null),
//   patched, and written back as sigs.k8s.io/yaml JSONToYAML writes it (keys sorted,
//   2-space indent, trailing newline);
// - else json ops: the text is patched as JSON and comes back compact, with the original key
//   order and number/string spelling kept, new keys appended and <, >, & escaped;
// - else (only possible in the deprecated spec.overriders, which Karmada does not validate):
//   the empty string.
// Errors name the failing operation in Error::field ("yaml[1]").
Result<std::string> override_embedded_document(const std::string& text, const FieldOverrider& overrider);

// Reads the string at fieldPath (go-openapi/jsonpointer semantics), rewrites it, stores it back.
Status<> apply_field_overrider(Json& manifest, const FieldOverrider& overrider);

}  // namespace fleetwave
