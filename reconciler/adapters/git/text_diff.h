// Unified diffs of two texts for `fleetwave diff` and approval requests, computed by libgit2's
// xdiff (git_patch_from_buffers) and printed as `diff -u` prints them:
// "--- <from>\n+++ <to>\n", "@@ -l,s +l,s @@" hunks with `context` lines around each change
// (hunks closer than 2*context lines merge) and "\ No newline at end of file".
//
// The texts are YAML streams of Kubernetes objects, so each hunk header also names the object
// its first change belongs to: "@@ -8,5 +8,5 @@ Deployment shop/web" (kind, then
// namespace/name, or just name for cluster-scoped objects). Deterministic.
#pragma once

#include <string>
#include <string_view>

namespace fleetwave::git {

// "" when the texts are equal.
std::string unified_diff(std::string_view a, std::string_view b, const std::string& from_label,
                         const std::string& to_label, int context = 3);

// The object header for line `line` (0-based) of a YAML stream: "Kind namespace/name", "" when
// the document there has no kind or name.
std::string object_header(std::string_view stream, std::size_t line);

}  // namespace fleetwave::git
