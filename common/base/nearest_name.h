// "Did you mean ...?": the known name closest to a mistyped one (case-insensitive edit distance,
// at most 3 edits), for messages about unknown fields, clusters and commands.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

// Levenshtein distance, comparing ASCII letters case-insensitively.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `name` within `max_edits` edits (the first of equals), or "" when none is.
std::string nearest_name(std::string_view name, const std::vector<std::string_view>& candidates,
                         std::size_t max_edits = 3);

// nearest_name for short words typed on a command line (commands, flags): a third of the word's
// length in edits, at least one, so "nope" is not taken for "once".
std::string nearest_word(std::string_view word, const std::vector<std::string_view>& candidates);

// "; did you mean --NAME?" for the flag nearest to a mistyped one (`typed` with or without its
// dashes, `flags` without), or "" when none is near.
std::string flag_suggestion(std::string_view typed, const std::vector<std::string_view>& flags);

}  // namespace fleetwave
