#include "codec/json_reader.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace fleetwave {
namespace {

SourcePos position_of(std::string_view text, std::size_t byte, const std::string& file) {
  byte = std::min(byte, text.size());
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < byte; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return SourcePos{file, line, static_cast<int>(byte - line_start) + 1};
}

// nlohmann reports "[json.exception.parse_error.101] parse error at line 1, column 2: syntax
// error while parsing value - invalid literal; last read: '...'"; keep the part after the colon.
std::string short_message(const std::string& what) {
  std::size_t p = what.find(": ");
  std::string out = p == std::string::npos ? what : what.substr(p + 2);
  if (!out.empty()) out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  return out;
}

struct DepthExceeded {};

// Parses the value starting at `offset` of `text`; with `consumed` set, stops after that one
// value and reports how many bytes it used.
Result<Json> parse_at(std::string_view text, std::size_t offset, const std::string& file, std::size_t max_depth,
                      std::size_t* consumed) {
  auto depth_guard = [max_depth](int depth, Json::parse_event_t, Json&) {
    if (static_cast<std::size_t>(depth) > max_depth) throw DepthExceeded{};
    return true;
  };
  std::string_view rest = text.substr(offset);
  try {
    if (consumed == nullptr) return Json::parse(rest.begin(), rest.end(), depth_guard);
    std::istringstream in{std::string(rest)};
    Json j = Json::parse(in, depth_guard, true, false);
    auto pos = in.tellg();
    *consumed = pos < 0 ? rest.size() : static_cast<std::size_t>(pos);
    return j;
  } catch (const DepthExceeded&) {
    Error e = invalid_input("JSON nested deeper than " + std::to_string(max_depth) + " levels");
    e.pos = position_of(text, offset, file);
    return e;
  } catch (const Json::parse_error& ex) {
    Error e = invalid_input("invalid JSON: " + short_message(ex.what()));
    e.pos = position_of(text, offset + (ex.byte == 0 ? 0 : ex.byte - 1), file);
    return e;
  }
}

}  // namespace

Result<Json> parse_json(std::string_view text, const std::string& file, std::size_t max_depth) {
  return parse_at(text, 0, file, max_depth, nullptr);
}

Result<std::vector<Json>> parse_json_stream(std::string_view text, const std::string& file, std::size_t max_depth) {
  std::vector<Json> values;
  std::size_t offset = 0;
  auto skip_space = [&] {
    while (offset < text.size() && std::isspace(static_cast<unsigned char>(text[offset]))) ++offset;
  };
  skip_space();
  while (offset < text.size()) {
    std::size_t used = 0;
    FW_TRY(value, parse_at(text, offset, file, max_depth, &used));
    values.push_back(std::move(value));
    offset += used == 0 ? text.size() - offset : used;
    skip_space();
  }
  return values;
}

}  // namespace fleetwave
