// The encoder side of go-yaml v2 (encode.go) for JSON-like values, driving the emitter port
// through the same states as yaml_emitter_emit_block_mapping_key, ..._block_sequence_item and
// ..._flow_*: block collections, flow style only for empty ones, one document, no "---".
#include "codec/yaml_writer.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "codec/base64.h"
#include "codec/go_format.h"
#include "codec/scalar_resolver.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_emitter.h"

namespace fleetwave {
namespace {

// resolve.go encodeBase64: 70-character lines, each ending in a newline once there are two.
std::string base64_lines(std::string_view data) {
  std::string encoded = base64_encode(data);
  constexpr std::size_t kLine = 70;
  if (encoded.size() < kLine) return encoded;
  std::string out;
  for (std::size_t i = 0; i < encoded.size(); i += kLine) {
    out.append(encoded, i, kLine);
    out += '\n';
  }
  return out;
}

// A string scalar as encode.go stringv prepares it; owns the base64 text of invalid UTF-8.
class StringScalar {
 public:
  explicit StringScalar(const std::string& s) {
    bool can_use_plain = true;
    std::string_view text = s;
    if (!is_valid_utf8(s)) {
      encoded_ = base64_lines(s);
      text = encoded_;
      scalar_.binary_tag = true;
    } else {
      can_use_plain = !go_yaml_plain_needs_quotes(s);
    }
    scalar_.value = text;
    scalar_.style = text.find('\n') != std::string_view::npos ? ScalarStyle::Literal
                    : can_use_plain                           ? ScalarStyle::Plain
                                                              : ScalarStyle::DoubleQuoted;
    scalar_.analysis = analyze_scalar(text);
  }
  const YamlScalar& scalar() const { return scalar_; }

 private:
  std::string encoded_;
  YamlScalar scalar_;
};

bool has_digit_or_non_ascii(const std::string& key) {
  for (char c : key) {
    if ((c >= '0' && c <= '9') || static_cast<unsigned char>(c) >= 0x80) return true;
  }
  return false;
}

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// yaml_key_less for ASCII keys without digits: the first differing character decides, a
// non-letter before a letter, else by code; a prefix first.
bool ascii_key_less(const std::string& a, const std::string& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] == b[i]) continue;
    const bool al = is_ascii_letter(a[i]), bl = is_ascii_letter(b[i]);
    if (al != bl) return bl;
    return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
  }
  return a.size() < b.size();
}

// encode.go floatv: strconv 'g' with the shortest digits, YAML names for the specials.
std::string float_text(double v) {
  std::string s = format_go_float_g(v);
  if (s == "+Inf") return ".inf";
  if (s == "-Inf") return "-.inf";
  if (s == "NaN") return ".nan";
  return s;
}

template <typename T>
std::string integer_text(T v) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

class TreeWriter {
 public:
  explicit TreeWriter(std::string& out) : emitter_(out) {}

  void document(const Json& value) {
    node(value, false, false);
    emitter_.write_indent();  // yaml_emitter_emit_document_end: the final line break
  }

 private:
  void node(const Json& v, bool mapping, bool simple_key) {
    emitter_.set_context(mapping, simple_key);
    switch (v.type()) {
      case Json::value_t::object:
        if (v.empty()) {
          empty_flow("{", "}");
        } else {
          block_mapping(v);
        }
        return;
      case Json::value_t::array:
        if (v.empty()) {
          empty_flow("[", "]");
        } else {
          block_sequence(v);
        }
        return;
      case Json::value_t::string: {
        const std::string& s = v.get_ref<const std::string&>();
        if (is_simple_plain(s)) {
          emitter_.emit_simple_plain(s);
        } else {
          emitter_.emit_scalar(StringScalar(s).scalar());
        }
        return;
      }
      // Booleans and integers are plain words and digits (a leading '-' before a digit).
      case Json::value_t::boolean:
        emitter_.emit_simple_plain(v.get<bool>() ? "true" : "false");
        return;
      case Json::value_t::number_integer:
        emitter_.emit_simple_plain(integer_text(v.get<std::int64_t>()));
        return;
      case Json::value_t::number_unsigned:
        emitter_.emit_simple_plain(integer_text(v.get<std::uint64_t>()));
        return;
      case Json::value_t::number_float:
        plain(float_text(v.get<double>()));
        return;
      default:
        plain("null");
        return;
    }
  }

  void plain(const std::string& text) {
    YamlScalar s;
    s.value = text;
    s.analysis = analyze_scalar(text);
    emitter_.emit_scalar(s);
  }

  // yaml_emitter_emit_flow_sequence_item / _flow_mapping_key with no items.
  void empty_flow(std::string_view open, std::string_view close) {
    emitter_.write_indicator(open, true, true, false);
    emitter_.increase_indent(true, false);
    emitter_.restore_indent();
    emitter_.write_indicator(close, false, false, false);
  }

  void block_mapping(const Json& v) {
    emitter_.increase_indent(false, false);
    if (in_go_order(v)) {
      for (auto it = v.begin(); it != v.end(); ++it) member(it.key(), it.value());
    } else {
      std::vector<std::pair<const std::string*, const Json*>> items;
      items.reserve(v.size());
      for (auto it = v.begin(); it != v.end(); ++it) items.emplace_back(&it.key(), &it.value());
      std::stable_sort(items.begin(), items.end(),
                       [](const auto& a, const auto& b) { return yaml_key_less(*a.first, *b.first); });
      for (const auto& [key, value] : items) member(*key, *value);
    }
    emitter_.restore_indent();
  }

  // Whether the map's (byte) order is go-yaml's order already, as it usually is. Without digits
  // in ASCII keys go-yaml's order compares character by character (a total order), so adjacent
  // comparisons tell; keys with digit runs always go through the sort, whose result for them
  // may depend on the algorithm (see yaml_key_less).
  static bool in_go_order(const Json& v) {
    const std::string* previous = nullptr;
    for (auto it = v.begin(); it != v.end(); ++it) {
      const std::string& key = it.key();
      if (has_digit_or_non_ascii(key)) return false;
      if (previous != nullptr && ascii_key_less(key, *previous)) return false;
      previous = &key;
    }
    return true;
  }

  void member(const std::string& key, const Json& value) {
    emitter_.write_indent();
    if (key.size() <= 128 && is_simple_plain(key)) {  // a simple key (is_simple_key) in plain style
      emitter_.emit_simple_plain(key);
      emitter_.write_indicator(":", false, false, false);
      node(value, true, false);
      return;
    }
    StringScalar k(key);
    if (YamlEmitter::is_simple_key(k.scalar())) {
      emitter_.set_context(true, true);
      emitter_.emit_scalar(k.scalar());
      emitter_.write_indicator(":", false, false, false);
    } else {
      // A complex key: "? key" on its own line(s), then ": value".
      emitter_.write_indicator("?", true, false, true);
      emitter_.set_context(true, false);
      emitter_.emit_scalar(k.scalar());
      emitter_.write_indent();
      emitter_.write_indicator(":", true, false, true);
    }
    node(value, true, false);
  }

  void block_sequence(const Json& v) {
    // Under a mapping key the "- " items start at the key's own indentation.
    emitter_.increase_indent(false, emitter_.mapping_context() && !emitter_.indention());
    for (const Json& item : v) {
      emitter_.write_indent();
      emitter_.write_indicator("-", true, false, true);
      node(item, false, false);
    }
    emitter_.restore_indent();
  }

  YamlEmitter emitter_;
};

}  // namespace

std::string write_yaml(const Json& value) {
  std::string out;
  TreeWriter(out).document(value);
  return out;
}

void append_yaml(std::string& out, const Json& value) { TreeWriter(out).document(value); }

}  // namespace fleetwave
