#include "rollout/analysis/web_answer.h"

#include <charconv>
#include <cmath>

#include "base/text.h"
#include "codec/json_reader.h"
#include "model/json_fields.h"

namespace fleetwave {
namespace {

bool is_field_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

Error path_error(std::size_t pos, const std::string& what) {
  return invalid_input("column " + std::to_string(pos + 1) + ": " + what);
}

// "['field']" or "[\"field\"]" starting at the quote (`pos` just after '['); leaves `pos` after ']'.
Result<std::string> quoted_key(std::string_view text, std::size_t& pos) {
  const char quote = text[pos];
  std::size_t close = text.find(quote, pos + 1);
  if (close == std::string_view::npos) return path_error(pos, std::string("the quoted name is not closed by ") + quote);
  std::string key(text.substr(pos + 1, close - pos - 1));
  if (key.empty()) return path_error(pos, "expected a field name inside the quotes");
  pos = close + 1;
  if (pos >= text.size() || text[pos] != ']') return path_error(pos, "expected \"]\" after the quoted name");
  ++pos;
  return key;
}

Result<std::size_t> array_index(std::string_view text, std::size_t& pos) {
  std::size_t start = pos;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
  std::size_t index = 0;
  auto [ptr, ec] = std::from_chars(text.data() + start, text.data() + pos, index);
  if (start == pos || ec != std::errc() || ptr != text.data() + pos) {
    return path_error(start, "expected an array index (0, 1, ...) or a quoted field name");
  }
  if (pos >= text.size() || text[pos] != ']') return path_error(pos, "expected \"]\"");
  ++pos;
  return index;
}

}  // namespace

Result<JsonPath> JsonPath::parse(std::string_view text) {
  JsonPath path;
  path.text_ = std::string(text);
  // Columns count in the text as written, braces included.
  std::size_t pos = 0, end = text.size();
  if (!text.empty() && text.front() == '{') {
    if (text.back() != '}') return path_error(text.size(), "expected \"}\" closing the \"{\" at column 1");
    pos = 1;
    end = text.size() - 1;
  }
  const std::string_view body = text.substr(0, end);
  if (pos >= end || body[pos] != '$') return path_error(pos, "a jsonPath starts with \"$\"");
  ++pos;
  while (pos < end) {
    if (body[pos] == '.') {
      std::size_t start = ++pos;
      while (pos < end && is_field_char(body[pos])) ++pos;
      if (start == pos) return path_error(start, "expected a field name after \".\"");
      path.steps_.emplace_back(std::string(body.substr(start, pos - start)));
    } else if (body[pos] == '[') {
      ++pos;
      if (pos < end && (body[pos] == '\'' || body[pos] == '"')) {
        FW_TRY(key, quoted_key(body, pos));
        path.steps_.emplace_back(std::move(key));
      } else {
        FW_TRY(index, array_index(body, pos));
        path.steps_.emplace_back(index);
      }
    } else {
      return path_error(
          pos, "expected \".field\", \"['field']\" or \"[N]\", found \"" + printable(body.substr(pos, 1)) + "\"");
    }
  }
  return path;
}

const Json* JsonPath::find(const Json& root) const {
  const Json* at = &root;
  for (const Step& step : steps_) {
    if (const std::string* key = std::get_if<std::string>(&step)) {
      at = find_member(*at, *key);
    } else {
      std::size_t i = std::get<std::size_t>(step);
      at = at->is_array() && i < at->size() ? &(*at)[i] : nullptr;
    }
    if (at == nullptr) return nullptr;
  }
  return at;
}

Result<WebValue> read_web_answer(std::string_view body, const JsonPath& path) {
  auto json = parse_json(body, "web answer");
  if (!json.ok()) return WebValue{ExprValue::string(std::string(body)), std::string(body)};  // as Rollouts: the text
  const Json* found = path.find(*json);
  if (found == nullptr) return invalid_input("could not find JSONPath " + printable(path.text()) + " in the answer");
  return WebValue{ExprValue::from_json(*found), found->dump()};
}

}  // namespace fleetwave
