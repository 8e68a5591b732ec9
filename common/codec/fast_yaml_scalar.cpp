#include "codec/fast_yaml_scalar.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

#include "codec/unicode_class.h"

namespace fleetwave::fast_yaml {
namespace {

// What ends a scalar (the `end` regex yaml-cpp's scanner passes to ScanScalar).
enum class End { Plain, PlainFlow, Single, Double, None };
enum class Fold { None, Block, Flow };  // DONT_FOLD, FOLD_BLOCK, FOLD_FLOW
enum class Chomp { Strip, Clip, Keep };

struct Params {
  End end = End::None;
  bool eat_end = false;
  int indent = 0;
  bool detect_indent = false;
  bool eat_leading_whitespace = false;
  char escape = 0;
  Fold fold = Fold::None;
  bool trim_trailing_spaces = false;
  Chomp chomp = Chomp::Clip;
  bool break_on_doc = false;  // onDocIndicator BREAK; THROW is `throw_on_doc`
  bool throw_on_doc = false;
  bool throw_on_tab = false;  // onTabInIndentation THROW
};

// Bytes that need a closer look inside a scalar's line; any other byte is plain content.
using ByteSet = std::array<bool, 256>;
constexpr ByteSet byte_set(std::string_view bytes) {
  ByteSet set{};
  for (char b : bytes) set[static_cast<unsigned char>(b)] = true;
  return set;
}
constexpr ByteSet kSpecial[] = {
    byte_set(":\t \n\r"),        // Plain
    byte_set(":\t \n\r,?[]{}"),  // PlainFlow
    byte_set("'\n\r"),           // Single
    byte_set("\"\\\n\r"),        // Double
    byte_set("\n\r"),            // None
};

bool flow_indicator(char ch) { return ch == ',' || ch == '?' || ch == '[' || ch == ']' || ch == '{' || ch == '}'; }

// Length of the `end` match at the cursor, or -1 (only "matches or not" matters but for the
// quotes, whose match is eaten).
int end_match(const Cursor& c, End end) {
  const char ch = c.peek();
  switch (end) {
    case End::Plain:
    case End::PlainFlow: {
      if (ch == ':') {
        const char next = c.peek(1);
        bool ends =
            blank_break_or_eof_at(c, 1) || (end == End::PlainFlow && (next == ',' || next == ']' || next == '}'));
        return ends ? 1 : -1;
      }
      if (end == End::PlainFlow && flow_indicator(ch)) return 1;
      std::size_t n = ch == ' ' || ch == '\t' ? 1 : break_at(c);
      return n != 0 && c.peek(n) == '#' ? static_cast<int>(n) + 1 : -1;
    }
    case End::Single:
      return ch == '\'' && c.peek(1) != '\'' ? 1 : -1;
    case End::Double:
      return ch == '"' ? 1 : -1;
    case End::None:
      return ch == kEof ? 0 : -1;
  }
  return -1;
}

int hex_digit(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

// Exp::Escape: the cursor is at the escape character ('\\', or the first of "''").
bool escape_sequence(Cursor& c, std::string& out) {
  const char escape = c.peek();
  const char ch = c.peek(1);
  if (ch == kEof || break_at(c, 1) != 0) return false;
  c.p += 2;
  if (escape == '\'') {  // only reached for "''"
    out += '\'';
    return true;
  }
  int digits = 0;
  switch (ch) {
    case '0':
      out += '\0';
      return true;
    case 'a':
      out += '\a';
      return true;
    case 'b':
      out += '\b';
      return true;
    case 't':
    case '\t':
      out += '\t';
      return true;
    case 'n':
      out += '\n';
      return true;
    case 'v':
      out += '\v';
      return true;
    case 'f':
      out += '\f';
      return true;
    case 'r':
      out += '\r';
      return true;
    case 'e':
      out += '\x1B';
      return true;
    case ' ':
      out += ' ';
      return true;
    case '"':
      out += '"';
      return true;
    case '\'':
      return false;  // yaml-cpp (and go-yaml) read "\'" as ', libyaml rejects it: the yaml-cpp path decides
    case '\\':
      out += '\\';
      return true;
    case '/':
      out += '/';
      return true;
    case 'N':
      out += "\xC2\x85";
      return true;  // yaml-cpp: the byte 0x85, repaired to U+0085
    case '_':
      out += "\xC2\xA0";
      return true;  // yaml-cpp: the byte 0xA0, repaired to U+00A0
    case 'L':
      out += "\xE2\x80\xA8";
      return true;
    case 'P':
      out += "\xE2\x80\xA9";
      return true;
    case 'x':
      digits = 2;
      break;
    case 'u':
      digits = 4;
      break;
    case 'U':
      digits = 8;
      break;
    default:
      return false;  // yaml-cpp: "unknown escape character"
  }
  std::uint32_t value = 0;
  for (int i = 0; i < digits; ++i) {
    int d = hex_digit(c.peek());
    if (d < 0) return false;
    value = (value << 4) | static_cast<std::uint32_t>(d);
    c.skip();
  }
  if ((value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF) return false;
  append_utf8(value, out);
  return true;
}

// ScanScalar, phase by phase (see src/scanscalar.cpp in yaml-cpp 0.7.0).
bool scan_scalar(Cursor& c, Params& params, std::string& scalar, ScalarInfo& info) {
  const ByteSet& special = kSpecial[static_cast<int>(params.end)];
  bool found_non_empty_line = false;
  bool past_opening_break = params.fold == Fold::Flow;
  bool empty_line = false, more_indented = false;
  int folded_newline_count = 0;
  bool folded_newline_started_more_indented = false;
  std::size_t last_escaped_char = std::string::npos;
  int content_lines = 0;
  bool closed = false;
  scalar.clear();
  info = ScalarInfo();

  while (!c.eof()) {
    // Phase 1: scan until the line ends.
    std::size_t last_non_whitespace_char = scalar.size();
    bool escaped_newline = false;
    bool consumed = false;
    for (;;) {
      if (end_match(c, params.end) >= 0 || break_at(c) != 0 || c.eof()) break;
      if (c.column() == 0 && doc_indicator_at(c)) {
        if (params.break_on_doc) break;
        if (params.throw_on_doc) return false;
      }
      found_non_empty_line = past_opening_break = consumed = true;
      if (params.escape == '\\' && c.peek() == '\\' && break_at(c, 1) != 0) {
        c.skip();
        last_non_whitespace_char = last_escaped_char = scalar.size();
        escaped_newline = true;
        break;
      }
      if (params.escape != 0 && c.peek() == params.escape) {
        if (!escape_sequence(c, scalar)) return false;
        last_non_whitespace_char = last_escaped_char = scalar.size();
        continue;
      }
      // This character, and the run of ordinary ones after it.
      const char* run = c.p;
      c.skip();
      while (c.p < c.end && !special[static_cast<unsigned char>(*c.p)]) ++c.p;
      scalar.append(run, static_cast<std::size_t>(c.p - run));
      for (const char* q = c.p; q > run; --q) {
        if (q[-1] != ' ' && q[-1] != '\t') {
          last_non_whitespace_char = scalar.size() - static_cast<std::size_t>(c.p - q);
          break;
        }
      }
    }
    if (consumed) ++content_lines;

    if (c.eof()) {
      if (params.eat_end) return false;  // "illegal EOF in scalar"
      break;
    }
    if (params.break_on_doc && c.column() == 0 && doc_indicator_at(c)) break;
    if (int n = end_match(c, params.end); n >= 0) {
      if (params.eat_end) c.p += n;  // a closing quote
      closed = true;
      break;
    }
    if (params.fold == Fold::Flow) scalar.erase(last_non_whitespace_char);

    // Phase 2: eat the line break.
    c.newline(break_at(c));

    // Phase 3: the indentation, then the rest of the leading blanks.
    while (c.peek() == ' ' && (c.column() < params.indent || (params.detect_indent && !found_non_empty_line)) &&
           end_match(c, params.end) < 0) {
      c.skip();
    }
    if (params.detect_indent && !found_non_empty_line) {
      params.indent = std::max(params.indent, c.column());
      // libyaml rejects a tab right after the spaces that set a block scalar's indentation.
      if (c.peek() == '\t') return false;
    }
    while (blank_at(c)) {
      if (c.peek() == '\t' && c.column() < params.indent && params.throw_on_tab) return false;
      if (!params.eat_leading_whitespace || end_match(c, params.end) >= 0) break;
      c.skip();
    }

    const bool next_empty_line = break_at(c) != 0;
    const bool next_more_indented = blank_at(c);
    if (params.fold == Fold::Block && folded_newline_count == 0 && next_empty_line) {
      folded_newline_started_more_indented = more_indented;
    }
    if (past_opening_break) {
      switch (params.fold) {
        case Fold::None:
          scalar += '\n';
          break;
        case Fold::Block:
          if (!empty_line && !next_empty_line && !more_indented && !next_more_indented && c.column() >= params.indent) {
            scalar += ' ';
          } else if (next_empty_line) {
            ++folded_newline_count;
          } else {
            scalar += '\n';
          }
          if (!next_empty_line && folded_newline_count > 0) {
            scalar.append(static_cast<std::size_t>(folded_newline_count - 1), '\n');
            if (folded_newline_started_more_indented || next_more_indented || !found_non_empty_line) scalar += '\n';
            folded_newline_count = 0;
          }
          break;
        case Fold::Flow:
          if (next_empty_line) {
            scalar += '\n';
          } else if (!empty_line && !escaped_newline) {
            scalar += ' ';
          }
          break;
      }
    }
    empty_line = next_empty_line;
    more_indented = next_more_indented;
    past_opening_break = true;

    if (!empty_line && c.column() < params.indent) {
      info.leading_spaces = true;
      break;
    }
  }

  // Post-processing: trailing spaces and chomping.
  if (params.trim_trailing_spaces) {
    std::size_t pos = scalar.find_last_not_of(" \t");
    if (last_escaped_char != std::string::npos && (pos < last_escaped_char || pos == std::string::npos)) {
      pos = last_escaped_char;
    }
    if (pos < scalar.size()) scalar.erase(pos + 1);
  }
  if (params.chomp != Chomp::Keep) {
    std::size_t pos = scalar.find_last_not_of('\n');
    if (last_escaped_char != std::string::npos && (pos < last_escaped_char || pos == std::string::npos)) {
      pos = last_escaped_char;
    }
    if (pos == std::string::npos) {
      scalar.clear();
    } else if (params.chomp == Chomp::Clip) {
      if (pos + 1 < scalar.size()) scalar.erase(pos + 2);
    } else if (pos < scalar.size()) {
      scalar.erase(pos + 1);
    }
  }
  info.multi_line = content_lines > 1;
  // yaml-cpp accepts a quoted scalar whose input ends right after a line break (the yaml-cpp
  // path then reports the unterminated quote itself).
  return closed || !params.eat_end;
}

// Where a plain scalar of one line ends at its line break `p`, in the block context: at the
// break when a comment starts the next line, or after the next line's indentation when that
// line is indented less than `indent` (then `next_line` is set). nullptr for any other next line.
const char* end_at_break(const Cursor& c, const char* p, int indent, const char*& next_line) {
  if (p + 1 < c.end && p[1] == '#') return p;
  const char* q = p + 1;
  while (q < c.end && *q == ' ' && q - (p + 1) < indent) ++q;
  // A '#' after the indentation: scan_scalar stops the indentation at the blank before it.
  if (q >= c.end || q - (p + 1) >= indent || *q == '\t' || *q == '\n' || *q == '\r' || *q == '#') return nullptr;
  next_line = p + 1;
  return q;
}

// The common plain scalar, on one line: a key ended by its ':', a flow value ended by a flow
// indicator, anything ended by " #", or a block value whose line break is followed by a line
// indented less than `params.indent`. The text and the cursor come out as scan_scalar leaves
// them. Returns false with `c` untouched for every other shape (the first column, continuation
// lines, tabs, "\r\n", the end of the input), which scan_scalar then reads from the start.
// scan_scalar's per-character checks were a sixth of a render without cache, mostly for these.
bool scan_one_line_plain(Cursor& c, const Params& params, std::string& out, ScalarInfo& info) {
  const ByteSet& special = kSpecial[static_cast<int>(params.end)];
  const bool flow = params.end == End::PlainFlow;
  const char* p = c.p;
  if (c.column() == 0 || p >= c.end || special[static_cast<unsigned char>(*p)]) return false;
  const char* text_end = p;  // past the last character that is not a blank
  const char* stop = nullptr;
  const char* next_line = nullptr;
  Cursor at = c;  // at p, for the shared character tests
  while (stop == nullptr) {
    while (p < c.end && !special[static_cast<unsigned char>(*p)]) ++p;
    text_end = at.p = p;
    if (p >= c.end) return false;
    if (blank_at(at)) {
      while (blank_at(at)) ++at.p;
      if (at.eof()) return false;
      if (at.peek() == '#') {
        stop = at.p - 1;  // scan_scalar stops at the last blank before the comment
        break;
      }
      p = at.p;
      if (!special[static_cast<unsigned char>(*p)]) continue;
    }
    if (*p == ':') {
      // end_match's rule for ':', as in scan_scalar
      const char next = at.peek(1);
      if (blank_break_or_eof_at(at, 1) || (flow && (next == ',' || next == ']' || next == '}'))) stop = p;
      else ++p;
      continue;
    }
    if (flow && flow_indicator(*p)) {
      stop = p;
    } else {
      if (*p != '\n' || flow || params.indent <= 0) return false;
      if ((stop = end_at_break(c, p, params.indent, next_line)) == nullptr) return false;
    }
  }
  out.assign(c.p, static_cast<std::size_t>(text_end - c.p));
  info = ScalarInfo();
  info.leading_spaces = next_line != nullptr;
  if (next_line != nullptr) c.line_start = next_line;
  c.p = stop;
  return true;
}

}  // namespace

bool scan_plain(Cursor& c, bool flow, int indent, std::string& out, ScalarInfo& info) {
  Params params;
  params.end = flow ? End::PlainFlow : End::Plain;
  params.indent = flow ? 0 : indent;
  params.fold = Fold::Flow;
  params.eat_leading_whitespace = true;
  params.trim_trailing_spaces = true;
  params.chomp = Chomp::Strip;
  params.break_on_doc = true;
  params.throw_on_tab = true;
  if (!scan_one_line_plain(c, params, out, info) && !scan_scalar(c, params, out, info)) return false;
  info.ended_at_colon = !info.leading_spaces && c.peek() == ':' && end_match(c, params.end) >= 0;
  return true;
}

bool scan_quoted(Cursor& c, std::string& out, ScalarInfo& info) {
  const bool single = c.peek() == '\'';
  Params params;
  params.end = single ? End::Single : End::Double;
  params.eat_end = true;
  params.escape = single ? '\'' : '\\';
  params.fold = Fold::Flow;
  params.eat_leading_whitespace = true;
  params.chomp = Chomp::Clip;
  params.throw_on_doc = true;
  c.skip();  // the opening quote
  return scan_scalar(c, params, out, info);
}

bool scan_block(Cursor& c, int top_indent, std::string& out, ScalarInfo& info) {
  Params params;
  params.indent = 1;
  params.detect_indent = true;
  params.fold = c.peek() == '>' ? Fold::Block : Fold::None;
  c.skip();  // '|' or '>'
  // Chomping and indentation indicators: (+|-)digit, digit(+|-), +|-, or digit.
  auto is_chomp = [](char ch) { return ch == '+' || ch == '-'; };
  auto is_digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  const char a = c.peek(), b = c.peek(1);
  int n = (is_chomp(a) && is_digit(b)) || (is_digit(a) && is_chomp(b)) ? 2 : is_chomp(a) || is_digit(a) ? 1 : 0;
  for (int i = 0; i < n; ++i) {
    const char ch = c.peek();
    c.skip();
    if (ch == '+') {
      params.chomp = Chomp::Keep;
    } else if (ch == '-') {
      params.chomp = Chomp::Strip;
    } else {
      if (ch == '0') return false;  // "cannot set zero indentation for a block scalar"
      params.indent = ch - '0';
      params.detect_indent = false;
    }
  }
  while (blank_at(c)) c.skip();
  if (c.peek() == '#') {
    while (!c.eof() && break_at(c) == 0) c.skip();
  }
  if (!c.eof() && break_at(c) == 0) return false;  // "unexpected character in block scalar"
  if (top_indent >= 0) params.indent += top_indent;
  params.throw_on_tab = true;
  return scan_scalar(c, params, out, info);
}

}  // namespace fleetwave::fast_yaml
