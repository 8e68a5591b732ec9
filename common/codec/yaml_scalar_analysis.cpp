// yaml_emitter_analyze_scalar (emitterc.go): which scalar styles can carry a value.
#include "codec/scalar_resolver.h"
#include "codec/yaml_chars.h"
#include "codec/yaml_emitter.h"

namespace fleetwave {
namespace {

using namespace yaml_chars;

// Printable ASCII that is never an indicator, a blank or a break wherever it appears. A value
// made only of these (names, images, quantities, paths) allows every style; checking that
// first skips the full analysis for most values.
constexpr bool plain_safe_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '/' ||
         c == '_' || c == '=' || c == '+' || c == '-' || c == '(' || c == ')' || c == '$' || c == '^' || c == '~' ||
         c == ';' || c == '<' || c == '\\';
}

struct PlainSafeTable {
  bool safe[256] = {};
  constexpr PlainSafeTable() {
    for (int c = 0; c < 256; ++c) safe[c] = plain_safe_char(static_cast<unsigned char>(c));
  }
};
constexpr PlainSafeTable kPlainSafe;

inline bool plain_safe(unsigned char c) { return kPlainSafe.safe[c]; }

bool all_plain_safe(std::string_view value) {
  for (char c : value) {
    if (!plain_safe(static_cast<unsigned char>(c))) return false;
  }
  // '-' is an indicator only first and followed by a blank or the end (no other character in
  // the set is a blank); "---" and "..." at the start are document markers.
  return value != "-" && value.substr(0, 3) != "---" && value.substr(0, 3) != "...";
}

// What analyze_scalar learns while it walks the value.
struct Findings {
  bool block_indicators = false, flow_indicators = false, line_breaks = false, special_characters = false;
  bool leading_space = false, leading_break = false, trailing_space = false, trailing_break = false;
  bool break_space = false, space_break = false, previous_space = false, previous_break = false;
};

// The indicator part of the loop: flow indicators forbid plain style in flow context, block
// indicators in block context.
void note_indicator(unsigned char c, bool first, bool followed_by_whitespace, bool preceded_by_whitespace,
                    Findings& f) {
  switch (c) {
    case '#':
      if (first || preceded_by_whitespace) f.flow_indicators = f.block_indicators = true;
      break;
    case ',':
    case '[':
    case ']':
    case '{':
    case '}':
      f.flow_indicators = true;
      f.block_indicators = f.block_indicators || first;
      break;
    case '&':
    case '*':
    case '!':
    case '|':
    case '>':
    case '\'':
    case '"':
    case '%':
    case '@':
    case '`':
      if (first) f.flow_indicators = f.block_indicators = true;
      break;
    case '?':
      f.flow_indicators = true;
      f.block_indicators = f.block_indicators || (first && followed_by_whitespace);
      break;
    case ':':
      f.flow_indicators = true;
      f.block_indicators = f.block_indicators || followed_by_whitespace;
      break;
    case '-':
      if (first && followed_by_whitespace) f.flow_indicators = f.block_indicators = true;
      break;
    default:
      break;
  }
}

// The spacing part: leading/trailing spaces and breaks, and a space next to a break.
void note_spacing(bool space, bool line_break, bool first, bool last, Findings& f) {
  if (space) {
    f.leading_space = f.leading_space || first;
    f.trailing_space = f.trailing_space || last;
    f.break_space = f.break_space || f.previous_break;
  } else if (line_break) {
    f.line_breaks = true;
    f.leading_break = f.leading_break || first;
    f.trailing_break = f.trailing_break || last;
    f.space_break = f.space_break || f.previous_space;
  }
  f.previous_space = space;
  f.previous_break = line_break && !space;
}

ScalarAnalysis verdict(const Findings& f) {
  ScalarAnalysis a;
  a.multiline = f.line_breaks;
  a.flow_plain_allowed = a.block_plain_allowed = a.single_quoted_allowed = a.block_allowed = true;
  if (f.leading_space || f.leading_break || f.trailing_space || f.trailing_break || f.line_breaks) {
    a.flow_plain_allowed = a.block_plain_allowed = false;
  }
  if (f.trailing_space) a.block_allowed = false;
  if (f.break_space) a.flow_plain_allowed = a.block_plain_allowed = a.single_quoted_allowed = false;
  if (f.space_break || f.special_characters) {
    a.flow_plain_allowed = a.block_plain_allowed = a.single_quoted_allowed = a.block_allowed = false;
  }
  if (f.flow_indicators) a.flow_plain_allowed = false;
  if (f.block_indicators) a.block_plain_allowed = false;
  return a;
}

}  // namespace

bool is_simple_plain(std::string_view value) {
  if (value.empty()) return false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto c = static_cast<unsigned char>(value[i]);
    if (plain_safe(c)) continue;
    // ':' is an indicator in block context only before a blank or at the end.
    if (c == ':' && i + 1 < value.size() && plain_safe(static_cast<unsigned char>(value[i + 1]))) continue;
    return false;
  }
  const unsigned char first = static_cast<unsigned char>(value[0]);
  if (!may_resolve_to_non_string(first)) return true;  // neither a marker nor a typed word or number
  const bool marker = value.size() >= 3 && (first == '-' || first == '.') && value[1] == value[0] &&
                      value[2] == value[0];  // "---" or "..." starts the value
  if ((first == '-' && value.size() == 1) || marker) return false;
  return !go_yaml_plain_needs_quotes(value);
}

ScalarAnalysis analyze_scalar(std::string_view value) {
  ScalarAnalysis a;
  if (value.empty()) {
    a.block_plain_allowed = true;
    a.single_quoted_allowed = true;
    return a;
  }
  if (all_plain_safe(value)) {
    a.flow_plain_allowed = a.block_plain_allowed = a.single_quoted_allowed = a.block_allowed = true;
    return a;
  }
  Findings f;
  if (value.substr(0, 3) == "---" || value.substr(0, 3) == "...") f.block_indicators = f.flow_indicators = true;
  bool preceded_by_whitespace = true;
  for (std::size_t i = 0, w = 1; i < value.size(); i += w) {
    unsigned char c = at(value, i);
    if (plain_safe(c) && (c != '-' || i > 0)) {  // none of the findings can change: skip the run
      std::size_t end = i + 1;
      while (end < value.size() && plain_safe(static_cast<unsigned char>(value[end]))) ++end;
      w = end - i;
      f.previous_space = f.previous_break = preceded_by_whitespace = false;
      continue;
    }
    if (c == ' ' || c == '\n') {  // what the general branch below finds for them, in short
      w = 1;
      note_spacing(c == ' ', c == '\n', i == 0, i + 1 == value.size(), f);
      preceded_by_whitespace = true;
      continue;
    }
    // ASCII (nearly every character of a manifest) is classified inline.
    bool printable = c < 0x80 ? c == '\n' || (c >= 0x20 && c <= 0x7E) : is_printable(value, i);
    bool line_break = c < 0x80 ? c == '\n' || c == '\r' : is_break(value, i);
    w = width(c);
    unsigned char next = at(value, i + w);
    bool followed_by_whitespace = i + w >= value.size() || next == ' ' || next == '\t';
    note_indicator(c, i == 0, followed_by_whitespace, preceded_by_whitespace, f);
    if (!printable) f.special_characters = true;  // the emitter runs with unicode on
    note_spacing(c == ' ', line_break, i == 0, i + w == value.size(), f);
    preceded_by_whitespace = c == ' ' || c == '\t' || c == 0 || line_break;  // is_blankz
  }
  return verdict(f);
}

}  // namespace fleetwave
