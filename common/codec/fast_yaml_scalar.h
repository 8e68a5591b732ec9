// Scalar scanning for the fast YAML reader (fast_yaml_parser.h): a port of yaml-cpp 0.7.0's
// ScanScalar (src/scanscalar.cpp) and of the parameters its scanner passes for plain, quoted
// and block scalars (src/scantoken.cpp), so that every scalar this reader accepts has exactly
// the text yaml-cpp gives it, quirks included (a '#' at the continuation indent of a plain
// scalar is content, a plain scalar on its own line ends one column after its start, ...).
// Where yaml-cpp would throw, these functions return false and the caller gives up.
// Internal to the codec.
#pragma once

#include <cstddef>
#include <string>

namespace fleetwave::fast_yaml {

// yaml-cpp reads past the end of the input as this character (Stream::eof()); the input never
// contains it (control characters make the fast reader give up before scanning).
constexpr char kEof = '\x04';

// A position in the input. Columns count bytes from the last '\n', as yaml-cpp's marks do.
struct Cursor {
  const char* p = nullptr;
  const char* end = nullptr;
  const char* line_start = nullptr;

  bool eof() const { return p >= end; }
  char peek(std::size_t i = 0) const { return static_cast<std::size_t>(end - p) > i ? p[i] : kEof; }
  int column() const { return static_cast<int>(p - line_start); }
  // Consumes one character that is not '\n'.
  void skip() { ++p; }
  // Consumes a line break ("\n" or "\r\n") of `n` bytes.
  void newline(std::size_t n) {
    p += n;
    line_start = p;
  }
};

// yaml-cpp's Break: "\n" or "\r\n"; returns its length, 0 when there is none.
inline std::size_t break_at(const Cursor& c, std::size_t i = 0) {
  char ch = c.peek(i);
  if (ch == '\n') return 1;
  return ch == '\r' && c.peek(i + 1) == '\n' ? 2 : 0;
}
inline bool blank_at(const Cursor& c, std::size_t i = 0) {
  char ch = c.peek(i);
  return ch == ' ' || ch == '\t';
}
inline bool blank_or_break_at(const Cursor& c, std::size_t i = 0) { return blank_at(c, i) || break_at(c, i) != 0; }
inline bool blank_break_or_eof_at(const Cursor& c, std::size_t i = 0) {
  return blank_or_break_at(c, i) || c.peek(i) == kEof;
}

// "---" or "..." followed by a blank, a break or the end (yaml-cpp's DocIndicator; it only
// counts at column 0).
inline bool doc_indicator_at(const Cursor& c) {
  char ch = c.peek();
  return (ch == '-' || ch == '.') && c.peek(1) == ch && c.peek(2) == ch && blank_break_or_eof_at(c, 3);
}

struct ScalarInfo {
  bool leading_spaces = false;  // ended by indentation at the start of a later line
  bool multi_line = false;      // text from more than one line went into it
  bool ended_at_colon = false;  // a plain scalar stopped at a ':' value indicator
};

// A plain scalar at c.p (which must be a valid plain scalar start). `indent` is yaml-cpp's
// GetTopIndent() + 1 in the block context; `flow` selects the flow-context end rules.
bool scan_plain(Cursor& c, bool flow, int indent, std::string& out, ScalarInfo& info);

// A single- or double-quoted scalar at its opening quote; consumes the closing quote. Escapes
// \N and \_ are written as UTF-8 (U+0085, U+00A0), as the yaml-cpp path repairs them.
bool scan_quoted(Cursor& c, std::string& out, ScalarInfo& info);

// A literal or folded block scalar at its '|' or '>'; `top_indent` is yaml-cpp's GetTopIndent()
// (the column of the innermost block collection, -1 at the document root).
bool scan_block(Cursor& c, int top_indent, std::string& out, ScalarInfo& info);

}  // namespace fleetwave::fast_yaml
