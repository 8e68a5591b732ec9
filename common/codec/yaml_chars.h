// YAML character classes from go-yaml v2's yamlprivateh.go, shared by the emitter port and
// the scalar analysis. Internal to the codec.
#pragma once

#include <cstddef>
#include <string_view>

namespace fleetwave::yaml_chars {

// Byte accessors of yamlprivateh.go; reading past the end yields NUL (Go's "z").
inline unsigned char at(std::string_view v, std::size_t i) {
  return i < v.size() ? static_cast<unsigned char>(v[i]) : 0;
}

inline std::size_t width(unsigned char b) {
  if (b < 0x80) return 1;
  if ((b & 0xE0) == 0xC0) return 2;
  if ((b & 0xF0) == 0xE0) return 3;
  if ((b & 0xF8) == 0xF0) return 4;
  return 1;  // a stray continuation byte; never in valid UTF-8
}

// resolve.go's resolveTable: only a value starting with one of these can be a resolveMap word
// (y, n, true, null, ~, .inf...) or a number, so only such a plain scalar may read back as
// another type than a string. Everything else resolves to a string without a lookup.
inline bool may_resolve_to_non_string(unsigned char first) {
  switch (first) {
    case 'y':
    case 'Y':
    case 'n':
    case 'N':
    case 't':
    case 'T':
    case 'f':
    case 'F':
    case 'o':
    case 'O':
    case '~':
    case '.':
    case '+':
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      return true;
    default:
      return false;
  }
}

inline bool is_space(std::string_view v, std::size_t i) { return at(v, i) == ' '; }

inline bool is_break(std::string_view v, std::size_t i) {
  unsigned char b = at(v, i);
  return b == '\r' || b == '\n' || (b == 0xC2 && at(v, i + 1) == 0x85) ||                        // NEL
         (b == 0xE2 && at(v, i + 1) == 0x80 && (at(v, i + 2) == 0xA8 || at(v, i + 2) == 0xA9));  // LS, PS
}

// YAML's printable set: no C0/C1 controls but \n, no surrogates, no U+FEFF/FFFE/FFFF, and
// (a go-yaml quirk) nothing beyond the BMP, so emoji end up double-quoted as \U0001F600.
inline bool is_printable(std::string_view v, std::size_t i) {
  unsigned char b = at(v, i), b1 = at(v, i + 1), b2 = at(v, i + 2);
  return b == 0x0A || (b >= 0x20 && b <= 0x7E) || (b == 0xC2 && b1 >= 0xA0) || (b > 0xC2 && b < 0xED) ||
         (b == 0xED && b1 < 0xA0) || b == 0xEE ||
         (b == 0xEF && !(b1 == 0xBB && b2 == 0xBF) && !(b1 == 0xBF && (b2 == 0xBE || b2 == 0xBF)));
}

}  // namespace fleetwave::yaml_chars
