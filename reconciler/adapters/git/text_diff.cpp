#include "adapters/git/text_diff.h"

#include <git2.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace fleetwave::git {
namespace {

// libgit2 is reference-counted: inside a running LibGit2Runtime this only counts up and down;
// alone (a unit test of the diff) it starts and stops the library around the call.
class ScopedLibGit2 {
 public:
  ScopedLibGit2() { git_libgit2_init(); }
  ~ScopedLibGit2() { git_libgit2_shutdown(); }
  ScopedLibGit2(const ScopedLibGit2&) = delete;
  ScopedLibGit2& operator=(const ScopedLibGit2&) = delete;
};

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

std::string range(std::size_t start, std::size_t count) {
  return count == 1 ? std::to_string(start) : std::to_string(start) + "," + std::to_string(count);
}

// `key: value` at the start of `line` (no indentation beyond `indent`), or "".
std::string value_of(std::string_view line, std::string_view key, std::size_t indent) {
  if (line.size() < indent + key.size() + 2 || line.find_first_not_of(' ') != indent) return "";
  if (line.substr(indent, key.size()) != key || line.substr(indent + key.size(), 2) != ": ") return "";
  std::string_view v = line.substr(indent + key.size() + 2);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r' || v.back() == ' ')) v.remove_suffix(1);
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
  return std::string(v);
}

bool is_separator(std::string_view line) { return line.substr(0, 3) == "---" && (line.size() == 3 || line[3] == '\n'); }

}  // namespace

std::string object_header(std::string_view stream, std::size_t line) {
  const std::vector<std::string_view> lines = split_lines(stream);
  if (lines.empty()) return "";
  std::size_t begin = std::min(line, lines.size() - 1);
  while (begin > 0 && !is_separator(lines[begin])) --begin;
  std::string kind, name, ns;
  bool in_metadata = false;
  for (std::size_t i = is_separator(lines[begin]) ? begin + 1 : begin; i < lines.size() && !is_separator(lines[i]);
       ++i) {
    const std::string_view l = lines[i];
    if (!l.empty() && l[0] != ' ' && l[0] != '\n') in_metadata = l.substr(0, 9) == "metadata:";
    if (kind.empty()) kind = value_of(l, "kind", 0);
    if (in_metadata && name.empty()) name = value_of(l, "name", 2);
    if (in_metadata && ns.empty()) ns = value_of(l, "namespace", 2);
  }
  if (kind.empty() || name.empty()) return "";
  return kind + " " + (ns.empty() ? name : ns + "/" + name);
}

std::string unified_diff(std::string_view a, std::string_view b, const std::string& from_label,
                         const std::string& to_label, int context) {
  if (a == b) return "";
  ScopedLibGit2 library;
  git_diff_options options;
  git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
  // xdiff is exact below its cost limit (small texts); past it, a heuristic keeps large diffs fast.
  options.flags = GIT_DIFF_FORCE_TEXT;
  options.context_lines = static_cast<std::uint32_t>(std::max(context, 0));
  options.interhunk_lines = 0;
  git_patch* patch = nullptr;
  if (git_patch_from_buffers(&patch, a.data(), a.size(), "a", b.data(), b.size(), "b", &options) != 0) {
    const git_error* e = git_error_last();
    return "--- " + from_label + "\n+++ " + to_label + "\n(no diff: " + (e != nullptr ? e->message : "libgit2 failed") +
           ")\n";
  }
  std::string out;
  for (std::size_t h = 0; h < git_patch_num_hunks(patch); ++h) {
    const git_diff_hunk* hunk = nullptr;
    std::size_t count = 0;
    if (git_patch_get_hunk(&hunk, &count, patch, h) != 0) break;
    std::string header;
    std::string body;
    for (std::size_t i = 0; i < count; ++i) {
      const git_diff_line* line = nullptr;
      if (git_patch_get_line_in_hunk(&line, patch, h, i) != 0) break;
      const char origin = line->origin;
      if (origin != GIT_DIFF_LINE_CONTEXT && origin != GIT_DIFF_LINE_ADDITION && origin != GIT_DIFF_LINE_DELETION) {
        continue;  // the end-of-file markers: written below from the line's own content
      }
      if (header.empty() && origin != GIT_DIFF_LINE_CONTEXT) {
        const bool added = origin == GIT_DIFF_LINE_ADDITION;
        header =
            object_header(added ? b : a, static_cast<std::size_t>((added ? line->new_lineno : line->old_lineno) - 1));
        if (header.empty()) header = " ";  // looked up once
      }
      std::string_view content(line->content, line->content_len);
      body += origin;
      body += content;
      if (content.empty() || content.back() != '\n') body += "\n\\ No newline at end of file\n";
    }
    if (out.empty()) out = "--- " + from_label + "\n+++ " + to_label + "\n";
    out += "@@ -" + range(static_cast<std::size_t>(hunk->old_start), static_cast<std::size_t>(hunk->old_lines)) + " +" +
           range(static_cast<std::size_t>(hunk->new_start), static_cast<std::size_t>(hunk->new_lines)) + " @@" +
           (header == " " ? "" : " " + header) + "\n" + body;
  }
  git_patch_free(patch);
  return out;
}

}  // namespace fleetwave::git
