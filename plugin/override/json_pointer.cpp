#include "override/json_pointer.h"

#include <limits>

#include "base/escape_chars.h"
#include "base/text.h"

namespace fleetwave {

std::string check_json_pointer(std::string_view pointer) {
  if (pointer.empty() || pointer.front() == '/') return {};
  return "JSON pointer must be empty or start with a \"/\"";
}

std::vector<std::string> split_json_pointer(std::string_view pointer) {
  if (pointer.empty()) return {};
  return split_at(pointer.substr(1), '/');
}

std::string unescape_pointer_token(std::string_view token) {
  std::string out;
  out.reserve(token.size());
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out += token[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

std::string escape_pointer_token(std::string_view key) { return escape_chars(key, {{'~', "~0"}, {'/', "~1"}}); }

std::optional<std::int64_t> go_atoi(std::string_view text) {
  std::size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i == text.size()) return std::nullopt;
  // Accumulate as a negative number so INT64_MIN is representable.
  std::int64_t value = 0;
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c < '0' || c > '9') return std::nullopt;
    int digit = c - '0';
    if (value < (kMin + digit) / 10) return std::nullopt;
    value = value * 10 - digit;
  }
  if (!negative) {
    if (value == kMin) return std::nullopt;
    value = -value;
  }
  return value;
}

namespace {

Result<Json*> get_token(Json* node, const std::string& token) {
  if (node->is_null()) return invalid_input("nil value has no field \"" + printable(token) + "\"");
  if (node->is_object()) {
    auto it = node->find(token);
    if (it == node->end()) return invalid_input("object has no key \"" + printable(token) + "\"");
    return &*it;
  }
  if (node->is_array()) {
    if (token == "-") return invalid_input("cannot resolve \"-\" token on get");
    auto index = go_atoi(token);
    if (!index) return invalid_input("strconv.Atoi: parsing \"" + printable(token) + "\": invalid syntax");
    auto size = static_cast<std::int64_t>(node->size());
    if (*index < 0 || *index >= size) {
      return invalid_input("index out of bounds array[0," + std::to_string(size - 1) + "] index '" +
                           std::to_string(*index) + "'");
    }
    return &(*node)[static_cast<std::size_t>(*index)];
  }
  return invalid_input("invalid token reference \"" + printable(token) + "\"");
}

}  // namespace

Result<Json*> json_pointer_get(Json& document, std::string_view pointer) {
  if (std::string why = check_json_pointer(pointer); !why.empty()) return invalid_input(why);
  Json* node = &document;
  for (const std::string& raw : split_json_pointer(pointer)) {
    FW_TRY(next, get_token(node, unescape_pointer_token(raw)));
    node = next;
  }
  return node;
}

}  // namespace fleetwave
