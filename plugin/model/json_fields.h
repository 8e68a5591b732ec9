// Typed reads of API object fields with Kubernetes-style validation messages. Each getter
// records a problem (at `at.key(name)`) when the field has the wrong type and returns a neutral
// value, so parsing continues and reports every problem of a document.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/field_path.h"
#include "base/json.h"
#include "model/problems.h"

namespace fleetwave {

using StringMap = std::map<std::string, std::string>;

// Describes a JSON value's type for messages: "string", "integer", "list", "map", ...
std::string json_type_name(const Json& value);

// Whether `value` is a map; when it is not, records "expected <expected>, got a <type>" at `at`
// (`expected` says what the map holds: "a map with key and values").
bool expect_map(const Json& value, std::string_view expected, const FieldPath& at, Problems& problems);

// Records a problem for every member of `object` not in `known`, suggesting the closest known
// name ("unknown field \"clusterAfinity\"; did you mean \"clusterAffinity\"?").
void reject_unknown_fields(const Json& object, std::initializer_list<std::string_view> known, const FieldPath& at,
                           Problems& problems);

// Field getters: a missing or null field yields the fallback without a problem unless required.
std::string get_string(const Json& object, std::string_view key, const FieldPath& at, Problems& problems,
                       bool required = false);
std::optional<std::int64_t> get_int(const Json& object, std::string_view key, const FieldPath& at, Problems& problems);
bool get_bool(const Json& object, std::string_view key, const FieldPath& at, Problems& problems, bool fallback = false);
std::vector<std::string> get_string_list(const Json& object, std::string_view key, const FieldPath& at,
                                         Problems& problems);
StringMap get_string_map(const Json& object, std::string_view key, const FieldPath& at, Problems& problems);

// The member as an object/array when present and of that type; records a problem otherwise.
const Json* get_object(const Json& object, std::string_view key, const FieldPath& at, Problems& problems,
                       bool required = false);
const Json* get_array(const Json& object, std::string_view key, const FieldPath& at, Problems& problems,
                      bool required = false);

// The "metadata.labels" / "metadata.annotations" maps of an object (empty when absent).
StringMap labels_of(const Json& object);

// Kubernetes name and label rules, returning "" when valid or the reason.
std::string check_label_key(std::string_view key);
std::string check_label_value(std::string_view value);

}  // namespace fleetwave
