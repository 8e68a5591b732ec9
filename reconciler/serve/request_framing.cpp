#include "serve/request_framing.h"

#include <algorithm>
#include <cctype>

#include "base/text.h"

namespace fleetwave::serve {
namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// 1 to 19 decimal digits (below 2^63): anything else, a sign or 20 digits, is malformed.
bool parse_length(std::string_view text, std::size_t& value) {
  if (text.empty() || text.size() > 19) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  return true;
}

FramingVerdict refuse_request(int status, std::string message) { return {status, std::move(message)}; }

}  // namespace

FramingVerdict check_framing(RouteKind route, std::string_view method, std::string_view path,
                             const std::vector<std::pair<std::string, std::string>>& headers, std::size_t max_body) {
  const std::string request = printable(method, 16) + " " + printable(path, 100);
  const std::string* length = nullptr;
  const std::string* encoding = nullptr;
  for (const auto& [name, value] : headers) {
    if (name == "content-length") {
      if (length != nullptr) return refuse_request(400, "more than one Content-Length header");
      length = &value;
    } else if (name == "transfer-encoding") {
      if (encoding != nullptr) return refuse_request(400, "more than one Transfer-Encoding header");
      encoding = &value;
    }
  }
  if (length != nullptr && encoding != nullptr) {
    return refuse_request(400, "a request with both Content-Length and Transfer-Encoding is ambiguous; send one");
  }
  if (encoding != nullptr && !equals_ignoring_case(trim_space(*encoding), "chunked")) {
    return refuse_request(501,
                          "Transfer-Encoding \"" + printable(*encoding, 40) + "\" is not supported (only chunked)");
  }
  std::size_t declared = 0;
  if (length != nullptr && !parse_length(trim_space(*length), declared)) {
    return refuse_request(400,
                          "Content-Length must be a decimal number of bytes, got \"" + printable(*length, 40) + "\"");
  }
  const bool has_body = encoding != nullptr || declared > 0;
  if (route == RouteKind::Unknown) {
    return has_body ? refuse_request(404, "no such endpoint: " + request) : FramingVerdict{};
  }
  if (route == RouteKind::NoBody) {
    return has_body ? refuse_request(400, request + " takes no request body") : FramingVerdict{};
  }
  if (length == nullptr && encoding == nullptr) {
    return refuse_request(411, request + " needs a Content-Length header (or chunked Transfer-Encoding)");
  }
  if (declared > max_body) {
    return refuse_request(413, "request body too large: " + std::to_string(declared) + " bytes, over the limit of " +
                                   std::to_string(max_body) + " bytes");
  }
  return {};
}

}  // namespace fleetwave::serve
