// Line diffs for `fleetwave diff` and approval requests: Myers' O(ND) algorithm in linear space (the middle-snake
// bisection, "An O(ND) Difference Algorithm and Its Variations", 1986) and GNU-style unified
// output with context lines. Pure and deterministic.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

enum class LineOp { Equal, Delete, Insert };

// A shortest edit script turning `a` into `b`, one entry per line of either side: Equal (a line
// of both), Delete (a line of a), Insert (a line of b), in order. Deletions come before the
// insertions they replace.
std::vector<LineOp> diff_lines(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b);

// The lines of `text`, each with its '\n' (the last one without when the text does not end in
// one).
std::vector<std::string_view> split_lines(std::string_view text);

// "--- <from_label>\n+++ <to_label>\n" and "@@ -l,s +l,s @@" hunks with `context` lines around
// each change (hunks closer than 2*context lines merge), as `diff -u` prints them, including
// "\ No newline at end of file". "" when the texts are equal.
std::string unified_diff(std::string_view a, std::string_view b, const std::string& from_label,
                         const std::string& to_label, int context = 3);

}  // namespace fleetwave
