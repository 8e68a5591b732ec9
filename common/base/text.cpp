#include "base/text.h"

namespace fleetwave {

std::string trim_space(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n\f\v";
  const std::size_t begin = text.find_first_not_of(kSpace);
  if (begin == std::string_view::npos) return "";
  return std::string(text.substr(begin, text.find_last_not_of(kSpace) - begin + 1));
}

}  // namespace fleetwave
