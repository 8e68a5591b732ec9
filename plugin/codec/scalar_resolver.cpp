#include "codec/scalar_resolver.h"

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

#include "codec/go_format.h"

namespace fleetwave {
namespace {

enum class Kind { String, Null, Bool, Int, Uint, Float };

struct Resolved {
  Kind kind = Kind::String;
  bool boolean = false;
  std::int64_t integer = 0;
  std::uint64_t unsigned_integer = 0;
  double floating = 0;
};

bool in_list(std::string_view s, std::initializer_list<std::string_view> list) {
  for (std::string_view item : list) {
    if (s == item) return true;
  }
  return false;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Go's strconv.ParseInt/ParseUint with base 0 (prefixes 0x, 0o, 0b and leading-0 octal),
// applied after go-yaml removed every underscore.
std::optional<std::uint64_t> parse_magnitude(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int base = 10;
  if (s.size() > 1 && s[0] == '0') {
    char p = s[1];
    if (p == 'x' || p == 'X') { base = 16; s.remove_prefix(2); }
    else if (p == 'o' || p == 'O') { base = 8; s.remove_prefix(2); }
    else if (p == 'b' || p == 'B') { base = 2; s.remove_prefix(2); }
    else { base = 8; s.remove_prefix(1); }
    if (s.empty()) return std::nullopt;
  }
  std::uint64_t value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value, base);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return value;
}

bool yaml_style_float(std::string_view s) {
  // ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
  } else {
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
    if (i < s.size() && s[i] == '.') {
      ++i;
      while (i < s.size() && is_digit(s[i])) ++i;
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
  }
  return i == s.size();
}

std::optional<double> parse_go_float(std::string_view s) {
  // strconv.ParseFloat accepts what strtod does for decimal input, plus "inf"/"nan" words that
  // go-yaml never reaches here; an out-of-range value is an error in Go.
  std::string copy(s);
  if (copy.empty()) return std::nullopt;
  if (copy[0] == '+') copy.erase(0, 1);
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || errno == ERANGE) {
    if (errno == ERANGE && std::fabs(v) < 1) return v;  // underflow rounds to zero in Go too
    return std::nullopt;
  }
  return v;
}

Resolved resolve(std::string_view in) {
  Resolved r;
  if (in.empty() || in_list(in, {"~", "null", "Null", "NULL"})) { r.kind = Kind::Null; return r; }
  if (in_list(in, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})) {
    r.kind = Kind::Bool; r.boolean = true; return r;
  }
  if (in_list(in, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})) {
    r.kind = Kind::Bool; r.boolean = false; return r;
  }
  if (in_list(in, {".nan", ".NaN", ".NAN"})) { r.kind = Kind::Float; r.floating = std::nan(""); return r; }
  if (in_list(in, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"})) {
    r.kind = Kind::Float; r.floating = std::numeric_limits<double>::infinity(); return r;
  }
  if (in_list(in, {"-.inf", "-.Inf", "-.INF"})) {
    r.kind = Kind::Float; r.floating = -std::numeric_limits<double>::infinity(); return r;
  }
  char hint = in[0];
  if (hint == '.') {
    if (auto f = parse_go_float(in)) { r.kind = Kind::Float; r.floating = *f; }
    return r;
  }
  if (!(is_digit(hint) || hint == '+' || hint == '-')) return r;
  // Timestamps (YYYY-MM-DD...) stay strings in go-yaml when decoding into interface{}; they can
  // never parse as numbers below, so no special case is needed.

  std::string plain;
  plain.reserve(in.size());
  for (char c : in) if (c != '_') plain += c;
  std::string_view digits = plain;
  bool negative = false;
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  if (auto mag = parse_magnitude(digits)) {
    constexpr std::uint64_t kMaxInt = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (negative && *mag <= kMaxInt + 1) {
      r.kind = Kind::Int;
      r.integer = *mag == kMaxInt + 1 ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(*mag);
      return r;
    }
    if (!negative && *mag <= kMaxInt) { r.kind = Kind::Int; r.integer = static_cast<std::int64_t>(*mag); return r; }
    if (!negative && plain[0] != '+') { r.kind = Kind::Uint; r.unsigned_integer = *mag; return r; }
  }
  if (yaml_style_float(plain)) {
    if (auto f = parse_go_float(plain)) { r.kind = Kind::Float; r.floating = *f; return r; }
  }
  return r;
}

Result<Json> to_json(const Resolved& r, std::string_view text) {
  switch (r.kind) {
    case Kind::String: return Json(std::string(text));
    case Kind::Null: return Json(nullptr);
    case Kind::Bool: return Json(r.boolean);
    case Kind::Int: return Json(r.integer);
    case Kind::Uint: return Json(r.unsigned_integer);
    case Kind::Float:
      if (!std::isfinite(r.floating)) {
        return invalid_input("'" + std::string(text) + "' is not a finite number and cannot be represented in JSON; quote it to keep it as a string");
      }
      return Json(r.floating);
  }
  return Json(std::string(text));
}

}  // namespace

Result<Json> resolve_plain_scalar(std::string_view text) { return to_json(resolve(text), text); }

Result<Json> resolve_tagged_scalar(std::string_view tag, std::string_view text) {
  constexpr std::string_view kPrefix = "tag:yaml.org,2002:";
  if (tag.substr(0, kPrefix.size()) != kPrefix) return Json(std::string(text));  // local tags: the text
  std::string_view name = tag.substr(kPrefix.size());
  if (name == "str" || name == "binary" || name == "timestamp") return Json(std::string(text));
  Resolved r = resolve(text);
  bool matches = (name == "null" && r.kind == Kind::Null) || (name == "bool" && r.kind == Kind::Bool) ||
                 (name == "int" && (r.kind == Kind::Int || r.kind == Kind::Uint)) ||
                 (name == "float" && (r.kind == Kind::Float || r.kind == Kind::Int || r.kind == Kind::Uint));
  if (name == "float" && r.kind == Kind::Int) return Json(static_cast<double>(r.integer));
  if (name == "float" && r.kind == Kind::Uint) return Json(static_cast<double>(r.unsigned_integer));
  if (!matches && (name == "null" || name == "bool" || name == "int" || name == "float")) {
    return invalid_input("cannot decode '" + std::string(text) + "' as !!" + std::string(name));
  }
  return to_json(r, text);
}

Result<std::string> resolve_plain_key(std::string_view text) {
  Resolved r = resolve(text);
  switch (r.kind) {
    case Kind::String: return std::string(text);
    case Kind::Null: return invalid_input("a mapping key is null ('" + std::string(text) + "'); JSON keys must be strings, quote it");
    case Kind::Bool: return std::string(r.boolean ? "true" : "false");
    case Kind::Int: return std::to_string(r.integer);
    case Kind::Uint: return std::to_string(r.unsigned_integer);
    case Kind::Float: return format_go_float32_g(r.floating);
  }
  return std::string(text);
}

bool plain_scalar_is_not_string(std::string_view text) { return resolve(text).kind != Kind::String; }

}  // namespace fleetwave
