// RFC 6902 JSON patches applied exactly as Karmada applies them: evanphx/json-patch v5 with
// its default options (SupportNegativeIndices on, EnsurePathExistsOnAdd and
// AllowMissingPathOnRemove off). Only the operations Karmada generates (add, remove, replace)
// are supported; overrider validation rejects the others.
//
// Behaviour worth knowing (all the library's):
// - add never creates missing parents; add to an object key overwrites it;
// - remove/replace of a missing key or index is an error;
// - "-" appends on add; negative indexes count from the end (-1 is the last element, and
//   add at -1 appends);
// - a path without a leading '/' is read as if it had one ("a/b" patches "/b");
// - replace of a key "" (e.g. "/x/") never fails on an object: it adds the key.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

struct PatchOperation {
  std::string op;    // add | remove | replace
  std::string path;  // JSON pointer, escaped as written
  Json value;        // null when the policy gives none (Karmada sends "value": null then)
};

// Why a patch failed: the operation (index into the patch, or npos when the result could not
// be written) and a message such as "replace /spec/foo: path does not exist".
struct PatchFailure {
  std::size_t op_index = std::string::npos;
  std::string message;
};

// Patch.Apply on JSON text, returning compact JSON as the library writes it: untouched parts
// keep their text (numbers, string escapes), objects keep key order and append new keys, and
// <, >, & are escaped. Empty input is returned unchanged.
Result<std::string, PatchFailure> apply_json_patch_text(std::string_view document,
                                                        const std::vector<PatchOperation>& ops);

// Patch.Apply on a decoded document (the same semantics, without text round trips).
Result<Json, PatchFailure> apply_json_patch_value(Json document, const std::vector<PatchOperation>& ops);

// Karmada's applyJSONPatch: the object is patched, then read back as an unstructured object,
// which fails unless the result is an object with a non-empty string "kind". On failure
// `object` is left in an unspecified state (callers abandon it).
Result<Ok, PatchFailure> apply_json_patch(Json& object, const std::vector<PatchOperation>& ops);

}  // namespace fleetwave
