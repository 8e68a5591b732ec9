// RFC 6901 JSON pointers as the Go libraries behind Karmada's overriders read them:
// go-openapi/jsonpointer (validation of every path in a policy, and fieldOverrider's
// fieldPath lookup) and evanphx/json-patch (token decoding, array indexes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// jsonpointer.New's only check: a pointer is empty or starts with '/'. Returns the error text
// Karmada's webhook reports, or "" when valid.
std::string check_json_pointer(std::string_view pointer);

// The still-escaped reference tokens of a valid pointer ("" has none, "/" has one empty token).
std::vector<std::string> split_json_pointer(std::string_view pointer);

// "~1" -> "/" and "~0" -> "~", scanned left to right without re-scanning replaced text
// (Go's strings.NewReplacer("~1", "/", "~0", "~")), so "~01" decodes to "~1".
std::string unescape_pointer_token(std::string_view token);

// Escapes '~' and '/' so `key` can be one pointer token.
std::string escape_pointer_token(std::string_view key);

// strconv.Atoi: an optional sign and at least one decimal digit, within int64.
std::optional<std::int64_t> go_atoi(std::string_view text);

// jsonpointer.Pointer.Get on a decoded document: the value `pointer` designates (the document
// itself for ""), or an error worded like go-openapi's ("object has no key \"x\"", ...).
Result<Json*> json_pointer_get(Json& document, std::string_view pointer);

}  // namespace fleetwave
