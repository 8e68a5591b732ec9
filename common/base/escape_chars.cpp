#include "base/escape_chars.h"

#include <algorithm>

namespace fleetwave {

std::string escape_chars(std::string_view text, std::initializer_list<CharEscape> escapes) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    auto escape = std::find_if(escapes.begin(), escapes.end(), [c](const CharEscape& e) { return e.c == c; });
    if (escape != escapes.end()) out += escape->text;
    else out += c;
  }
  return out;
}

}  // namespace fleetwave
