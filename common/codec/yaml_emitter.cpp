#include "codec/yaml_emitter.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "codec/yaml_chars.h"

namespace fleetwave {
namespace {

using namespace yaml_chars;

// go-yaml's is_bom ignores its index and tests the start of the value, so a value that starts
// with U+FEFF has every character escaped in double quotes. Reproduced on purpose.
bool starts_with_bom(std::string_view v) { return at(v, 0) == 0xEF && at(v, 1) == 0xBB && at(v, 2) == 0xBF; }

// A byte that may start a line break (see is_break); runs without them are copied in bulk.
bool may_start_break(unsigned char b) { return b == '\n' || b == '\r' || b == 0xC2 || b == 0xE2; }

std::size_t count_runes(std::string_view v) {
  std::size_t n = 0;
  for (char c : v) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace

bool YamlEmitter::is_simple_key(const YamlScalar& key) {
  if (key.analysis.multiline) return false;
  std::size_t tag_length = key.binary_tag ? std::string_view("!!binary").size() : 0;
  return tag_length + key.value.size() <= 128;
}

void YamlEmitter::increase_indent(bool flow, bool indentless) {
  indents_.push_back(indent_);
  if (indent_ < 0) {
    indent_ = flow ? kBestIndent : 0;
  } else if (!indentless) {
    indent_ += kBestIndent;
  }
}

void YamlEmitter::restore_indent() {
  indent_ = indents_.back();
  indents_.pop_back();
}

void YamlEmitter::put(char c) {
  out_ += c;
  ++column_;
}

void YamlEmitter::put_break() {
  out_ += '\n';
  column_ = 0;
}

// Copies one character (all of its UTF-8 bytes); the column counts characters.
void YamlEmitter::write(std::string_view value, std::size_t& i) {
  std::size_t w = width(at(value, i));
  out_.append(value, i, w);
  ++column_;
  i += w;
}

// Copies characters up to the next possible line break (and, when folding matters, the next
// space): what `write` would do one character at a time in the branches that neither fold
// nor break.
void YamlEmitter::write_run(std::string_view value, std::size_t& i, bool stop_at_space) {
  std::size_t end = std::min(i + width(at(value, i)), value.size());
  int runes = 1;
  // Eight ASCII bytes at a time while none of them can stop the run (SWAR zero-byte tests).
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
  auto has_byte = [](std::uint64_t word, char c) {
    std::uint64_t v = word ^ (kOnes * static_cast<unsigned char>(c));
    return ((v - kOnes) & ~v & kHighs) != 0;
  };
  while (end + 8 <= value.size()) {
    std::uint64_t word = 0;
    std::memcpy(&word, value.data() + end, sizeof word);
    if ((word & kHighs) != 0 || has_byte(word, '\n') || has_byte(word, '\r') || (stop_at_space && has_byte(word, ' ')))
      break;
    end += 8;
    runes += 8;
  }
  for (; end < value.size(); ++end) {
    unsigned char c = static_cast<unsigned char>(value[end]);
    if ((stop_at_space && c == ' ') || may_start_break(c)) break;
    runes += (c & 0xC0) != 0x80;
  }
  out_.append(value, i, end - i);
  column_ += runes;
  i = end;
}

void YamlEmitter::write_break(std::string_view value, std::size_t& i) {
  if (value[i] == '\n') {
    put_break();
    ++i;
  } else {
    write(value, i);
    column_ = 0;
  }
}

void YamlEmitter::write_indent() {
  int indent = indent_ < 0 ? 0 : indent_;
  if (!indention_ || column_ > indent || (column_ == indent && !whitespace_)) put_break();
  if (column_ < indent) {
    out_.append(static_cast<std::size_t>(indent - column_), ' ');
    column_ = indent;
  }
  whitespace_ = true;
  indention_ = true;
}

void YamlEmitter::write_indicator(std::string_view indicator, bool need_whitespace, bool is_whitespace,
                                  bool is_indention) {
  if (need_whitespace && !whitespace_) put(' ');
  out_ += indicator;
  column_ += static_cast<int>(count_runes(indicator));
  whitespace_ = is_whitespace;
  indention_ = indention_ && is_indention;
}

// yaml_emitter_select_scalar_style. Scalars are never inside a flow collection here (only
// empty ones are written in flow style), so the flow_level > 0 branches are left out.
ScalarStyle YamlEmitter::select_style(const YamlScalar& s) const {
  ScalarStyle style = s.style;
  const ScalarAnalysis& a = s.analysis;
  if (simple_key_context_ && a.multiline) style = ScalarStyle::DoubleQuoted;
  if (style == ScalarStyle::Plain) {
    if (!a.block_plain_allowed) style = ScalarStyle::SingleQuoted;
    if (s.value.empty() && simple_key_context_) style = ScalarStyle::SingleQuoted;
  }
  if (style == ScalarStyle::SingleQuoted && !a.single_quoted_allowed) style = ScalarStyle::DoubleQuoted;
  if (style == ScalarStyle::Literal && (!a.block_allowed || simple_key_context_)) style = ScalarStyle::DoubleQuoted;
  return style;
}

void YamlEmitter::emit_scalar(const YamlScalar& s) {
  ScalarStyle style = select_style(s);
  if (s.binary_tag) {
    // yaml_emitter_process_tag: handle "!!" then suffix "binary".
    if (!whitespace_) put(' ');
    out_ += "!!binary";
    column_ += 8;
    whitespace_ = indention_ = false;
  }
  increase_indent(true, false);
  bool allow_breaks = !simple_key_context_;
  switch (style) {
    case ScalarStyle::Plain:
      write_plain(s.value, allow_breaks);
      break;
    case ScalarStyle::SingleQuoted:
      write_single_quoted(s.value, allow_breaks);
      break;
    case ScalarStyle::DoubleQuoted:
      write_double_quoted(s.value, allow_breaks);
      break;
    case ScalarStyle::Literal:
      write_literal(s.value);
      break;
  }
  restore_indent();
}

void YamlEmitter::write_plain(std::string_view value, bool allow_breaks) {
  if (!whitespace_) put(' ');
  write_folding(value, allow_breaks, false);
  whitespace_ = indention_ = false;
}

void YamlEmitter::write_single_quoted(std::string_view value, bool allow_breaks) {
  write_indicator("'", true, false, false);
  write_folding(value, allow_breaks, true);
  write_indicator("'", false, false, false);
  whitespace_ = indention_ = false;
}

// libyaml's loop of a plain and of a single-quoted scalar, which differ only in that a quoted
// one folds no space at either end and doubles its quotes.
void YamlEmitter::write_folding(std::string_view value, bool allow_breaks, bool single_quoted) {
  bool spaces = false, breaks = false;
  for (std::size_t i = 0; i < value.size();) {
    if (is_space(value, i)) {
      // Fold: a single space once the line is past the best width becomes a line break.
      const bool inner = !single_quoted || (i > 0 && i < value.size() - 1);
      if (allow_breaks && !spaces && column_ > kBestWidth && inner && !is_space(value, i + 1)) {
        write_indent();
        ++i;
      } else {
        write(value, i);
      }
      spaces = true;
    } else if (is_break(value, i)) {
      if (!breaks && value[i] == '\n') put_break();
      write_break(value, i);
      indention_ = true;
      breaks = true;
    } else {
      if (breaks) write_indent();
      if (!single_quoted) {
        write_run(value, i, true);
      } else {
        if (value[i] == '\'') put('\'');
        write(value, i);
      }
      indention_ = false;
      spaces = breaks = false;
    }
  }
}

void YamlEmitter::write_double_quoted(std::string_view value, bool allow_breaks) {
  const bool bom = starts_with_bom(value);
  write_indicator("\"", true, false, false);
  bool spaces = false;
  for (std::size_t i = 0; i < value.size();) {
    unsigned char c = at(value, i);
    if (!is_printable(value, i) || bom || is_break(value, i) || c == '"' || c == '\\') {
      write_escape(value, i);
      spaces = false;
    } else if (c == ' ') {
      if (allow_breaks && !spaces && column_ > kBestWidth && i > 0 && i < value.size() - 1) {
        write_indent();
        if (is_space(value, i + 1)) put('\\');  // keep the next space from being folded away
        ++i;
      } else {
        write(value, i);
      }
      spaces = true;
    } else {
      write(value, i);
      spaces = false;
    }
  }
  write_indicator("\"", false, false, false);
  whitespace_ = indention_ = false;
}

void YamlEmitter::write_escape(std::string_view value, std::size_t& i) {
  std::size_t w = width(at(value, i));
  char32_t v = w == 1   ? at(value, i)
               : w == 2 ? at(value, i) & 0x1F
               : w == 3 ? at(value, i) & 0x0F
                        : at(value, i) & 0x07;
  for (std::size_t k = 1; k < w; ++k) v = (v << 6) + (at(value, i + k) & 0x3F);
  i += w;
  put('\\');
  switch (v) {
    case 0x00:
      put('0');
      return;
    case 0x07:
      put('a');
      return;
    case 0x08:
      put('b');
      return;
    case 0x09:
      put('t');
      return;
    case 0x0A:
      put('n');
      return;
    case 0x0B:
      put('v');
      return;
    case 0x0C:
      put('f');
      return;
    case 0x0D:
      put('r');
      return;
    case 0x1B:
      put('e');
      return;
    case 0x22:
      put('"');
      return;
    case 0x5C:
      put('\\');
      return;
    case 0x85:
      put('N');
      return;
    case 0xA0:
      put('_');
      return;
    case 0x2028:
      put('L');
      return;
    case 0x2029:
      put('P');
      return;
    default:
      break;
  }
  int digits = v <= 0xFF ? 2 : v <= 0xFFFF ? 4 : 8;
  put(digits == 2 ? 'x' : digits == 4 ? 'u' : 'U');
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) put("0123456789ABCDEF"[(v >> shift) & 0xF]);
}

void YamlEmitter::write_block_hints(std::string_view value) {
  if (is_space(value, 0) || is_break(value, 0)) write_indicator(std::string(1, '0' + kBestIndent), false, false, false);
  // Chomping: "-" strips a missing final break, "+" keeps extra trailing breaks, none clips.
  std::size_t i = value.size() - 1;
  while (i > 0 && (at(value, i) & 0xC0) == 0x80) --i;
  const char* chomp = nullptr;
  if (!is_break(value, i)) {
    chomp = "-";
  } else if (i == 0) {
    chomp = "+";
  } else {
    --i;
    while (i > 0 && (at(value, i) & 0xC0) == 0x80) --i;
    if (is_break(value, i)) chomp = "+";
  }
  if (chomp != nullptr) write_indicator(chomp, false, false, false);
}

void YamlEmitter::write_literal(std::string_view value) {
  write_indicator("|", true, false, false);
  write_block_hints(value);
  put_break();
  indention_ = whitespace_ = true;
  bool breaks = true;
  for (std::size_t i = 0; i < value.size();) {
    if (is_break(value, i)) {
      write_break(value, i);
      indention_ = true;
      breaks = true;
    } else {
      if (breaks) write_indent();
      write_run(value, i, false);
      indention_ = false;
      breaks = false;
    }
  }
}

}  // namespace fleetwave
