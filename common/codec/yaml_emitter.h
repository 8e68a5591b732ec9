// The parts of go-yaml v2's emitter (emitterc.go) that block-style output of JSON-like values
// reaches, ported state for state. The column, the indent stack and the whitespace/indention
// and context flags decide every space, line break, quote and fold exactly as the
// yaml_emitter_* functions do, so the output matches sigs.k8s.io/yaml byte for byte.
// Internal to the codec: yaml_writer.cpp drives it the way encode.go drives the Go emitter.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

enum class ScalarStyle { Plain, SingleQuoted, DoubleQuoted, Literal };

// yaml_emitter_analyze_scalar's verdict on a value.
struct ScalarAnalysis {
  bool multiline = false;
  bool flow_plain_allowed = false;
  bool block_plain_allowed = false;
  bool single_quoted_allowed = false;
  bool block_allowed = false;
};

ScalarAnalysis analyze_scalar(std::string_view value);

// True when `value` is written in block context as a plain scalar exactly as it is: printable
// ASCII without blanks, breaks or indicators that count there, not "-", "---" or "...", and not
// a word or number that would read back as another type. What analyze_scalar and go-yaml's
// quoting rule decide for such a value, decided in one pass (most keys and values of a
// manifest are like this).
bool is_simple_plain(std::string_view value);

// A scalar event as encode.go builds it.
struct YamlScalar {
  std::string_view value;
  ScalarStyle style = ScalarStyle::Plain;  // the style encode.go asks for
  bool binary_tag = false;                 // tagged !!binary, so not implicit
  ScalarAnalysis analysis;
};

class YamlEmitter {
 public:
  explicit YamlEmitter(std::string& out) : out_(out) {}

  // The context flags yaml_emitter_emit_node sets for the node about to be written. (Its root
  // and sequence flags only matter for "..." document ends and never change our output.)
  void set_context(bool mapping, bool simple_key) {
    mapping_context_ = mapping;
    simple_key_context_ = simple_key;
  }
  bool mapping_context() const { return mapping_context_; }
  bool indention() const { return indention_; }

  void increase_indent(bool flow, bool indentless);
  void restore_indent();
  void write_indent();
  void write_indicator(std::string_view indicator, bool need_whitespace, bool is_whitespace, bool is_indention);

  // yaml_emitter_check_simple_key for a scalar: one line and at most 128 bytes with its tag.
  static bool is_simple_key(const YamlScalar& key);

  // yaml_emitter_emit_scalar: style selection, tag, indentation and the text itself.
  void emit_scalar(const YamlScalar& scalar);

  // What emit_scalar does for a value that is_simple_plain accepts, in any block context.
  void emit_simple_plain(std::string_view value) {
    if (!whitespace_) put(' ');
    out_ += value;
    column_ += static_cast<int>(value.size());
    whitespace_ = indention_ = false;
  }

 private:
  ScalarStyle select_style(const YamlScalar& scalar) const;
  void put(char c);
  void put_break();
  void write(std::string_view value, std::size_t& i);
  void write_run(std::string_view value, std::size_t& i, bool stop_at_space);
  void write_break(std::string_view value, std::size_t& i);
  void write_plain(std::string_view value, bool allow_breaks);
  void write_single_quoted(std::string_view value, bool allow_breaks);
  void write_folding(std::string_view value, bool allow_breaks, bool single_quoted);
  void write_double_quoted(std::string_view value, bool allow_breaks);
  void write_escape(std::string_view value, std::size_t& i);
  void write_literal(std::string_view value);
  void write_block_hints(std::string_view value);

  static constexpr int kBestIndent = 2;  // yaml_emitter_emit_stream_start defaults
  static constexpr int kBestWidth = 80;

  std::string& out_;
  int column_ = 0;
  int indent_ = -1;
  std::vector<int> indents_;
  bool whitespace_ = true;
  bool indention_ = true;
  bool mapping_context_ = false;
  bool simple_key_context_ = false;
};

}  // namespace fleetwave
