// Provisional emitter: correct YAML with conservative quoting. To be made byte-exact with
// go-yaml v2 (see yaml_writer.h).
#include "codec/yaml_writer.h"

#include <algorithm>
#include <vector>

#include "codec/go_format.h"
#include "codec/json_writer.h"
#include "codec/scalar_resolver.h"

namespace fleetwave {
namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || static_cast<unsigned char>(c) >= 0x80; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool needs_quotes(const std::string& s) {
  if (s.empty() || plain_scalar_is_not_string(s)) return true;
  static const std::string kIndicators = "-?:,[]{}#&*!|>'\"%@`";
  if (kIndicators.find(s[0]) != std::string::npos || s[0] == ' ' || s.back() == ' ') return true;
  if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos || s.back() == ':') return true;
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20) return true;
  }
  return false;
}

void scalar(std::string& out, const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: out += "null"; break;
    case Json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; break;
    case Json::value_t::number_integer: out += std::to_string(v.get<std::int64_t>()); break;
    case Json::value_t::number_unsigned: out += std::to_string(v.get<std::uint64_t>()); break;
    case Json::value_t::number_float: out += format_go_float_g(v.get<double>()); break;
    case Json::value_t::string: {
      const std::string& s = v.get_ref<const std::string&>();
      if (needs_quotes(s)) append_json_string(out, s, false);
      else out += s;
      break;
    }
    default: out += "null";
  }
}

void indent(std::string& out, int n) { out.append(static_cast<std::size_t>(n), ' '); }

void node(std::string& out, const Json& v, int level, bool inline_start);

void block_map(std::string& out, const Json& v, int level, bool inline_start) {
  std::vector<const std::string*> keys;
  for (auto it = v.begin(); it != v.end(); ++it) keys.push_back(&it.key());
  std::sort(keys.begin(), keys.end(), [](const std::string* a, const std::string* b) { return yaml_key_less(*a, *b); });
  bool first = true;
  for (const std::string* key : keys) {
    if (!(first && inline_start)) indent(out, level);
    first = false;
    scalar(out, Json(*key));
    out += ':';
    const Json& child = v.at(*key);
    if (child.is_object() && !child.empty()) {
      out += '\n';
      block_map(out, child, level + 2, false);
    } else if (child.is_array() && !child.empty()) {
      out += '\n';
      node(out, child, level, false);
    } else {
      out += ' ';
      node(out, child, level + 2, true);
    }
  }
}

void node(std::string& out, const Json& v, int level, bool inline_start) {
  if (v.is_object()) {
    if (v.empty()) { out += "{}\n"; return; }
    block_map(out, v, level, inline_start);
    return;
  }
  if (v.is_array()) {
    if (v.empty()) { out += "[]\n"; return; }
    bool first = true;
    for (const Json& item : v) {
      if (!(first && inline_start)) indent(out, level);
      first = false;
      out += "- ";
      node(out, item, level + 2, true);
    }
    return;
  }
  if (v.is_string() && v.get_ref<const std::string&>().find('\n') != std::string::npos) {
    const std::string& s = v.get_ref<const std::string&>();
    bool trailing_newline = !s.empty() && s.back() == '\n';
    bool leading_space = !s.empty() && s[0] == ' ';
    if (!leading_space) {
      out += trailing_newline ? "|\n" : "|-\n";
      std::size_t start = 0;
      while (start < s.size()) {
        std::size_t end = s.find('\n', start);
        if (end == std::string::npos) end = s.size();
        if (end > start) indent(out, level);
        out.append(s, start, end - start);
        out += '\n';
        start = end + 1;
      }
      return;
    }
  }
  scalar(out, v);
  out += '\n';
}

}  // namespace

bool yaml_key_less(const std::string& a, const std::string& b) {
  // go-yaml v2 sorter.go: letters compare by code point; digits runs compare numerically.
  std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] == b[i]) continue;
    bool al = is_letter(a[i]), bl = is_letter(b[i]);
    if (al && bl) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
    if (al || bl) return bl;
    std::int64_t an = 0, bn = 0;
    std::size_t ai = i, bi = i;
    if (a[i] == '0' || b[i] == '0') {
      for (std::size_t j = i; j-- > 0 && is_digit(a[j]);) {
        if (a[j] != '0') { an = 1; bn = 1; break; }
      }
    }
    for (; ai < a.size() && is_digit(a[ai]); ++ai) an = an * 10 + (a[ai] - '0');
    for (; bi < b.size() && is_digit(b[bi]); ++bi) bn = bn * 10 + (b[bi] - '0');
    if (an != bn) return an < bn;
    if (ai != bi) return ai < bi;
    return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
  }
  return a.size() < b.size();
}

std::string write_yaml(const Json& value) {
  std::string out;
  node(out, value, 0, true);
  return out;
}

}  // namespace fleetwave
