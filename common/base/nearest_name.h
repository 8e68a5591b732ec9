// "Did you mean ...?": the known name closest to a mistyped one (case-insensitive edit distance,
// at most 3 edits), for messages about unknown fields, clusters and commands.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

// Levenshtein distance, comparing ASCII letters case-insensitively.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `name` within 3 edits (the first of equals), or "" when none is.
std::string nearest_name(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace fleetwave
