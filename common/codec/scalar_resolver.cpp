#include "codec/scalar_resolver.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

#include "base/enum_names.h"
#include "base/text.h"
#include "codec/base64.h"
#include "codec/go_format.h"
#include "codec/go_timestamp.h"
#include "codec/yaml_chars.h"

namespace fleetwave {
namespace {

enum class ScalarKind { String, Null, Bool, Int, Uint, Float, Timestamp, Binary };

struct Resolved {
  ScalarKind kind = ScalarKind::String;
  bool boolean = false;
  std::int64_t integer = 0;
  std::uint64_t unsigned_integer = 0;
  double floating = 0;
  std::string decoded;  // Binary only
};

constexpr std::string_view kTagPrefix = "tag:yaml.org,2002:";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool in_list(std::string_view s, std::initializer_list<std::string_view> list) {
  for (std::string_view item : list) {
    if (s == item) return true;
  }
  return false;
}

Resolved of_kind(ScalarKind kind) {
  Resolved r;
  r.kind = kind;
  return r;
}

Resolved of_float(double v) {
  Resolved r = of_kind(ScalarKind::Float);
  r.floating = v;
  return r;
}

// go-yaml's resolveMap: the words that are looked up before any number parsing.
// Dispatched on the first character: map keys such as "name" and "type" come through here
// for every object written.
std::optional<Resolved> lookup_word(std::string_view s) {
  if (s.empty() || s.size() > 5) return std::nullopt;  // "false" and "+.inf" are the longest words
  Resolved yes;
  yes.kind = ScalarKind::Bool;
  yes.boolean = true;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  switch (s[0]) {
    case 'y':
    case 'Y':
      if (in_list(s, {"y", "Y", "yes", "Yes", "YES"})) return yes;
      break;
    case 't':
    case 'T':
      if (in_list(s, {"true", "True", "TRUE"})) return yes;
      break;
    case 'o':
    case 'O':
      if (in_list(s, {"on", "On", "ON"})) return yes;
      if (in_list(s, {"off", "Off", "OFF"})) return of_kind(ScalarKind::Bool);
      break;
    case 'n':
    case 'N':
      if (in_list(s, {"n", "N", "no", "No", "NO"})) return of_kind(ScalarKind::Bool);
      if (in_list(s, {"null", "Null", "NULL"})) return of_kind(ScalarKind::Null);
      break;
    case 'f':
    case 'F':
      if (in_list(s, {"false", "False", "FALSE"})) return of_kind(ScalarKind::Bool);
      break;
    case '~':
      if (s.size() == 1) return of_kind(ScalarKind::Null);
      break;
    case '.':
      if (in_list(s, {".nan", ".NaN", ".NAN"})) return of_float(std::nan(""));
      if (in_list(s, {".inf", ".Inf", ".INF"})) return of_float(kInf);
      break;
    case '+':
      if (in_list(s, {"+.inf", "+.Inf", "+.INF"})) return of_float(kInf);
      break;
    case '-':
      if (in_list(s, {"-.inf", "-.Inf", "-.INF"})) return of_float(-kInf);
      break;
    default:
      break;
  }
  return std::nullopt;
}

// strconv.underscoreOK: underscores only between digits (a base prefix counts as a digit).
bool underscore_ok(std::string_view s) {
  char saw = '^';
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  for (char c : s) {
    if (is_digit(c)) {
      saw = '0';
    } else if (c == '_') {
      if (saw != '0') return false;
      saw = '_';
    } else {
      if (saw == '_') return false;
      saw = '!';
    }
  }
  return saw != '_';
}

// strconv.ParseFloat(s, 64) for decimal text (go-yaml never hands it hex, inf or nan here).
// Overflow is an error, as in Go; underflow rounds toward zero without one.
std::optional<double> parse_go_float(std::string_view s) {
  std::string clean;
  std::size_t i = 0;
  bool underscores = false, digits = false, dot = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) clean += s[i++];
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') underscores = true;
    else if (c == '.' && !dot) dot = true, clean += c;
    else if (is_digit(c)) digits = true, clean += c;
    else break;
  }
  if (!digits) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    clean += s[i++];
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) clean += s[i++];
    if (i >= s.size() || !is_digit(s[i])) return std::nullopt;
    for (; i < s.size() && (is_digit(s[i]) || s[i] == '_'); ++i) {
      if (s[i] == '_') underscores = true;
      else clean += s[i];
    }
  }
  if (i != s.size() || (underscores && !underscore_ok(s))) return std::nullopt;
  double v = std::strtod(clean.c_str(), nullptr);
  if (std::isinf(v)) return std::nullopt;
  return v;
}

// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ (resolve.go yamlStyleFloat)
bool yaml_style_float(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    return i - start;
  };
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (digits() == 0) return false;
  } else {
    if (digits() == 0) return false;
    if (i < s.size() && s[i] == '.') {
      ++i;
      digits();
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    if (digits() == 0) return false;
  }
  return i == s.size();
}

// ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$ (encode.go base60float)
bool is_base60_float(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  if (i >= s.size() || !is_digit(s[i])) return false;
  while (i < s.size() && (is_digit(s[i]) || s[i] == '_')) ++i;
  int groups = 0;
  while (i < s.size() && s[i] == ':') {
    ++i;
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i]) && i - start < 2) ++i;
    std::size_t n = i - start;
    if (n == 0 || (n == 2 && s[start] > '5')) return false;
    ++groups;
  }
  if (groups == 0) return false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && (is_digit(s[i]) || s[i] == '_')) ++i;
  }
  return i == s.size();
}

// strconv.ParseUint(s, 0, 64) after the sign: 0x/0o/0b prefixes, a leading 0 means octal.
std::optional<std::uint64_t> parse_magnitude(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int base = 10;
  if (s.size() > 1 && s[0] == '0') {
    char p = static_cast<char>(s[1] | 0x20);
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 8;
    s.remove_prefix(p == 'x' || p == 'o' || p == 'b' ? 2 : 1);
    if (s.empty()) return std::nullopt;
  }
  std::uint64_t value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value, base);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return value;
}

// Integers, floats and timestamps: scalars starting with a digit or a sign.
Resolved resolve_number(std::string_view in, bool timestamps) {
  if (timestamps && is_go_yaml_timestamp(in)) return of_kind(ScalarKind::Timestamp);
  std::string plain;
  plain.reserve(in.size());
  for (char c : in) {
    if (c != '_') plain += c;
  }
  std::string_view digits = plain;
  bool negative = !digits.empty() && digits[0] == '-';
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) digits.remove_prefix(1);
  if (auto mag = parse_magnitude(digits)) {
    constexpr auto kMaxInt = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    Resolved r;
    if (negative && *mag <= kMaxInt + 1) {
      r.kind = ScalarKind::Int;
      r.integer = *mag == kMaxInt + 1 ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(*mag);
      return r;
    }
    if (!negative && *mag <= kMaxInt) {
      r.kind = ScalarKind::Int;
      r.integer = static_cast<std::int64_t>(*mag);
      return r;
    }
    if (!negative && plain[0] != '+') {  // ParseUint takes no sign
      r.kind = ScalarKind::Uint;
      r.unsigned_integer = *mag;
      return r;
    }
  }
  if (yaml_style_float(plain)) {
    if (auto f = parse_go_float(plain)) return of_float(*f);
  }
  return of_kind(ScalarKind::String);
}

// resolve.go resolve() for an untagged scalar; `timestamps` as for tag "" or !!timestamp.
Resolved resolve(std::string_view in, bool timestamps) {
  if (in.empty()) return of_kind(ScalarKind::Null);
  char hint = in[0];
  bool word = std::string_view("yYnNtTfFoO~").find(hint) != std::string_view::npos;
  bool number = is_digit(hint) || hint == '+' || hint == '-';
  if (!word && !number && hint != '.') return of_kind(ScalarKind::String);  // the common case: no lookup at all
  if (auto r = lookup_word(in)) return *r;
  if (word) return of_kind(ScalarKind::String);
  if (hint == '.') {
    auto f = parse_go_float(in);
    return f ? of_float(*f) : of_kind(ScalarKind::String);
  }
  return resolve_number(in, timestamps);
}

constexpr auto kScalarKindTags = enum_names(
    EnumName(ScalarKind::String, "!!str"), EnumName(ScalarKind::Null, "!!null"), EnumName(ScalarKind::Bool, "!!bool"),
    EnumName(ScalarKind::Int, "!!int"), EnumName(ScalarKind::Uint, "!!int"), EnumName(ScalarKind::Float, "!!float"),
    EnumName(ScalarKind::Timestamp, "!!timestamp"), EnumName(ScalarKind::Binary, "!!binary"));

const char* short_tag(ScalarKind kind) { return enum_name(kScalarKindTags, kind, "!!str"); }

Result<Resolved> resolve_tagged(std::string_view tag, std::string_view text) {
  if (tag.substr(0, kTagPrefix.size()) != kTagPrefix) return of_kind(ScalarKind::String);  // local tags keep the text
  std::string_view name = tag.substr(kTagPrefix.size());
  if (name == "binary") {
    auto data = base64_decode(text);
    if (!data) return invalid_input("!!binary value contains invalid base64 data");
    Resolved r = of_kind(ScalarKind::Binary);
    r.decoded = to_valid_utf8(*data);  // Go's json.Marshal would write U+FFFD for bad bytes
    return r;
  }
  ScalarKind want = name == "null"        ? ScalarKind::Null
                    : name == "bool"      ? ScalarKind::Bool
                    : name == "int"       ? ScalarKind::Int
                    : name == "float"     ? ScalarKind::Float
                    : name == "timestamp" ? ScalarKind::Timestamp
                                          : ScalarKind::String;
  if (want == ScalarKind::String) return of_kind(ScalarKind::String);  // !!str and tags go-yaml does not resolve
  Resolved r = resolve(text, want == ScalarKind::Timestamp);
  if (want == ScalarKind::Float && r.kind == ScalarKind::Int) return of_float(static_cast<double>(r.integer));
  ScalarKind got = r.kind == ScalarKind::Uint ? ScalarKind::Int : r.kind;
  if (got != want) {
    return invalid_input(std::string("cannot decode ") + short_tag(r.kind) + " `" + std::string(text) + "` as a " +
                         short_tag(want));
  }
  return r;
}

Result<Json> to_json(Resolved r, std::string_view text) {
  switch (r.kind) {
    case ScalarKind::String:
    case ScalarKind::Timestamp:
      return Json(std::string(text));  // go-yaml keeps timestamps as strings in interface{}
    case ScalarKind::Binary:
      return Json(std::move(r.decoded));
    case ScalarKind::Null:
      return Json(nullptr);
    case ScalarKind::Bool:
      return Json(r.boolean);
    case ScalarKind::Int:
      return Json(r.integer);
    case ScalarKind::Uint:
      return Json(r.unsigned_integer);
    case ScalarKind::Float:
      if (!std::isfinite(r.floating)) {
        return invalid_input(
            "'" + std::string(text) +
            "' is not a finite number and cannot be represented in JSON; quote it to keep it as a string");
      }
      return Json(r.floating);
  }
  return Json(std::string(text));
}

// sigs.k8s.io/yaml convertToJSONableObject: floats use go-yaml's 32-bit 'g' form.
std::string float_key(double v) {
  if (std::isnan(v)) return ".nan";
  if (std::isinf(v)) return v > 0 ? ".inf" : "-.inf";
  return format_go_float32_g(v);
}

Result<std::string> to_key(Resolved r, std::string_view text) {
  switch (r.kind) {
    case ScalarKind::String:
    case ScalarKind::Timestamp:
      return std::string(text);
    case ScalarKind::Binary:
      return std::move(r.decoded);
    case ScalarKind::Null:
      return invalid_input("a mapping key is null ('" + printable(text) + "'); JSON keys must be strings, quote it");
    case ScalarKind::Bool:
      return std::string(r.boolean ? "true" : "false");
    case ScalarKind::Int:
      return std::to_string(r.integer);
    case ScalarKind::Uint:
      return invalid_input("mapping key " + std::string(text) +
                           " is an integer beyond int64, which sigs.k8s.io/yaml cannot use as a key; quote it");
    case ScalarKind::Float:
      return float_key(r.floating);
  }
  return std::string(text);
}

}  // namespace

Result<Json> resolve_plain_scalar(std::string_view text) { return to_json(resolve(text, false), text); }

Result<Json> resolve_tagged_scalar(std::string_view tag, std::string_view text) {
  FW_TRY(r, resolve_tagged(tag, text));
  return to_json(std::move(r), text);
}

Result<std::string> resolve_plain_key(std::string_view text) { return to_key(resolve(text, false), text); }

Result<std::string> resolve_tagged_key(std::string_view tag, std::string_view text) {
  FW_TRY(r, resolve_tagged(tag, text));
  return to_key(std::move(r), text);
}

Result<std::string> json_key_string(const Json& key) {
  switch (key.type()) {
    case Json::value_t::string:
      return key.get<std::string>();
    case Json::value_t::boolean:
      return std::string(key.get<bool>() ? "true" : "false");
    case Json::value_t::number_integer:
      return std::to_string(key.get<std::int64_t>());
    case Json::value_t::number_unsigned:
      if (key.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return std::to_string(key.get<std::uint64_t>());
      }
      return invalid_input("mapping key " + std::to_string(key.get<std::uint64_t>()) +
                           " is an integer beyond int64, which sigs.k8s.io/yaml cannot use as a key; quote it");
    case Json::value_t::number_float:
      return float_key(key.get<double>());
    case Json::value_t::null:
      return invalid_input("a mapping key is null; JSON keys must be strings, quote it");
    default:
      return invalid_input("complex mapping keys (a map or list used as a key) are not supported");
  }
}

bool plain_scalar_is_not_string(std::string_view text) {
  ScalarKind k = resolve(text, false).kind;
  return k != ScalarKind::String;
}

bool go_yaml_plain_needs_quotes(std::string_view text) {
  // Most keys and values start with no hint character; they skip the resolver's work (a base
  // 60 float starts with a sign or a digit, so it has one too).
  if (!text.empty() && !yaml_chars::may_resolve_to_non_string(static_cast<unsigned char>(text[0]))) return false;
  return resolve(text, true).kind != ScalarKind::String || is_base60_float(text);
}

}  // namespace fleetwave
