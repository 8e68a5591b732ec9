// Escaping for formats whose special characters are a short list (JSON pointer tokens,
// Prometheus label values, Slack mrkdwn): one loop, each caller its list.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace fleetwave {

// One character and the text that stands for it.
struct CharEscape {
  char c;
  std::string_view text;
};

// `text` with each character that `escapes` names replaced by its text, every other byte kept.
std::string escape_chars(std::string_view text, std::initializer_list<CharEscape> escapes);

}  // namespace fleetwave
