// Go's unicode.IsLetter and unicode.IsDigit, which go-yaml's map key ordering (sorter.go) uses.
// Tables are Unicode 15.0.0, the edition Go has shipped since 1.21 (unicode.Version).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fleetwave {

// Category L (Lu, Ll, Lt, Lm, Lo).
bool is_unicode_letter(char32_t rune);

// Category Nd.
bool is_unicode_digit(char32_t rune);

// Decodes the UTF-8 sequence at s[i] like Go's utf8.DecodeRuneInString: an invalid or
// truncated sequence yields U+FFFD with width 1. Requires i < s.size().
char32_t decode_utf8(std::string_view s, std::size_t i, std::size_t* width);

// Appends `rune` to `out` as UTF-8. A value past U+10FFFF (an expr \U escape can give one) takes
// the four-byte form too.
void append_utf8(char32_t rune, std::string& out);

}  // namespace fleetwave
