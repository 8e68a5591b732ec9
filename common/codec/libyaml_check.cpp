#include "codec/libyaml_check.h"

#include <yaml.h>

#include "codec/yaml_text.h"

namespace fleetwave {
namespace {

// libyaml counts marks in characters; the byte offset of character `index` of UTF-8 `text`.
std::size_t byte_offset(std::string_view text, std::size_t index) {
  std::size_t i = 0;
  for (; i < text.size() && index > 0; --index) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

TextPos position(std::string_view text, const yaml_mark_t& mark) {
  return text_position(text, byte_offset(text, mark.index));
}

std::string line_column(const TextPos& p) { return std::to_string(p.line) + ":" + std::to_string(p.column); }

// The error points where the problem is: at the offending byte for a reader error; at the token
// the scanner could not finish (a key without its ':' is noticed only at the next line); for a
// parser error at the problem, naming where the enclosing node starts.
Error rejection(const yaml_parser_t& parser, std::string_view text, const std::string& file) {
  std::string message = "invalid YAML: ";
  message += parser.problem != nullptr ? parser.problem : "unknown error";
  TextPos pos;
  if (parser.error == YAML_READER_ERROR) {
    pos = text_position(text, parser.problem_offset);
  } else if (parser.error == YAML_SCANNER_ERROR && parser.context != nullptr) {
    pos = position(text, parser.context_mark);
    message += std::string(" (") + parser.context + ")";
  } else {
    pos = position(text, parser.problem_mark);
    if (parser.context != nullptr)
      message += std::string(" (") + parser.context + " that starts at " +
                 line_column(position(text, parser.context_mark)) + ")";
  }
  message += "; Kubernetes tools (go-yaml, libyaml) reject it";
  Error e = invalid_input(std::move(message));
  e.pos = {file, pos.line, pos.column};
  return e;
}

// Line breaks libyaml (and go-yaml) know and yaml-cpp does not: a CR without LF, NEL, U+2028
// and U+2029. Both parsers may accept a text holding one, with different values (libyaml ends a
// key or a scalar there, yaml-cpp keeps it as text), so it is refused rather than misread.
std::optional<Error> ambiguous_line_break(std::string_view text, const std::string& file) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    std::string what;
    if (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) {
      what = "a carriage return without a line feed";
    } else if (c == '\xC2' && text.compare(i, 2, "\xC2\x85") == 0) {
      what = "U+0085 (next line)";
    } else if (c == '\xE2' && (text.compare(i, 3, "\xE2\x80\xA8") == 0 || text.compare(i, 3, "\xE2\x80\xA9") == 0)) {
      what = text[i + 2] == '\xA8' ? "U+2028 (line separator)" : "U+2029 (paragraph separator)";
    } else {
      continue;
    }
    TextPos p = text_position(text, i);
    Error e = invalid_input("invalid YAML: " + what +
                            ", which Kubernetes tools read as a line break; end lines with LF (or CRLF), or write the "
                            "character as an escape in a double-quoted string");
    e.pos = {file, p.line, p.column};
    return e;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> libyaml_rejects(std::string_view text, const std::string& file) {
  if (auto e = ambiguous_line_break(text, file)) return e;
  yaml_parser_t parser;
  if (yaml_parser_initialize(&parser) == 0) return internal_error("libyaml: cannot create a parser");
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  bool ok = true;
  for (;;) {
    yaml_event_t event;
    if (yaml_parser_parse(&parser, &event) == 0) {
      ok = false;
      break;
    }
    const bool end = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    if (end) break;
  }
  std::optional<Error> out;
  if (!ok) out = rejection(parser, text, file);
  yaml_parser_delete(&parser);
  return out;
}

}  // namespace fleetwave
