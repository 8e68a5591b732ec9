// A compact binary form of Json for the render cache (cmp/render_cache): one tag byte per
// value, LEB128 lengths and integers, object members in the map's (sorted) order so decoding
// inserts each at the end without searching. Not an interchange format: no stability promise
// beyond one build of fleetwave, which is why cache entries carry the build's identity.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "base/json.h"

namespace fleetwave {

void append_binary_json(std::string& out, const Json& value);

// Reads one value at `pos` and moves `pos` past it. nullopt for malformed data (truncated, an
// unknown tag, a length past the end, nesting deeper than `max_depth`); `pos` is then unusable.
std::optional<Json> read_binary_json(std::string_view data, std::size_t& pos, int max_depth = 256);

// The members named in `keep` of the object whose whole encoding is `value`, reading no
// further than the greatest of those keys (members are stored in key order) and building none
// of the others; a value that is no object is read whole.
std::optional<Json> read_binary_json_head(std::string_view value, std::initializer_list<std::string_view> keep,
                                          int max_depth = 256);

// The LEB128 integers the format is built from, for callers that frame their own records.
void append_varint(std::string& out, std::uint64_t value);
std::optional<std::uint64_t> read_varint(std::string_view data, std::size_t& pos);
void append_bytes(std::string& out, std::string_view bytes);  // length-prefixed
std::optional<std::string_view> read_bytes(std::string_view data, std::size_t& pos);

}  // namespace fleetwave
