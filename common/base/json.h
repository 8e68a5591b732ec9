// The document model: nlohmann::json with std::map objects, so object keys are always
// iterated in byte order and every output built from it is deterministic.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace fleetwave {

using Json = nlohmann::json;

// Returns the member `key` of `object`, or nullptr when `object` is not an object or lacks it.
const Json* find_member(const Json& object, std::string_view key);
Json* find_member(Json& object, std::string_view key);

// Walks a dotted path of object keys ("metadata.name"); nullptr when any step is missing.
const Json* find_path(const Json& root, std::initializer_list<std::string_view> keys);

// The string at `keys`, or "" when it is missing or not a string.
std::string string_at(const Json& root, std::initializer_list<std::string_view> keys);

// Frees `value`'s tree, leaving it an empty map or list, for a tree whose depth is bounded (a parsed document:
// YamlLimits::max_depth). Json's own destructor survives any depth by moving every map's and
// list's children into a vector it allocates first: twice the cost, for the many small trees a
// reader drops one by one (the override rules of a policy with a rule per cluster).
void free_tree(Json& value);

}  // namespace fleetwave
