#include "codec/yaml_text.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "codec/unicode_class.h"
#include "codec/yaml_codec.h"

namespace fleetwave {

TextPos text_position(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::string_view before = text.substr(0, offset);
  std::size_t line_start = before.rfind('\n');
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  TextPos pos;
  pos.line = 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
  pos.column = 1 + static_cast<int>(offset - line_start);
  return pos;
}

std::size_t max_yaml_documents(std::string_view text) {
  std::size_t count = 1;
  for (std::size_t i = 0; i < text.size();) {
    std::string_view marker = text.substr(i, 3);
    if ((marker == "---" || marker == "...") && (i + 3 == text.size() || text[i + 3] == ' ' || text[i + 3] == '\t' ||
                                                 text[i + 3] == '\n' || text[i + 3] == '\r')) {
      ++count;
    }
    std::size_t nl = text.find('\n', i);
    if (nl == std::string_view::npos) break;
    i = nl + 1;
  }
  return count;
}

bool is_unterminated_quote(std::string_view text, std::size_t i, std::size_t* quote_offset) {
  // Skip node properties (!tag, &anchor), the blanks and line breaks around them, and comments.
  while (i < text.size()) {
    char c = text[i];
    if (c == '!' || c == '&') {
      while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') ++i;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else {
      break;
    }
  }
  if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) return false;
  const char quote = text[i];
  *quote_offset = i;
  for (++i; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;  // the escaped character cannot close the string
    } else if (text[i] == quote) {
      if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;  // '' is an escaped single quote
        continue;
      }
      return false;
    }
  }
  return true;
}

bool is_valid_utf8(std::string_view s, std::size_t* bad_offset) {
  std::size_t i = 0;
  auto bad = [&] {
    if (bad_offset != nullptr) *bad_offset = i;
    return false;
  };
  while (i < s.size()) {
    // ASCII runs dominate manifests; test eight bytes at a time.
    while (i + 8 <= s.size()) {
      std::uint64_t chunk = 0;
      std::memcpy(&chunk, s.data() + i, sizeof chunk);
      if ((chunk & 0x8080808080808080ULL) != 0) break;
      i += 8;
    }
    if (i >= s.size()) break;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return bad();
    std::uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return bad();
      cp = (cp << 6) | (cc & 0x3F);
    }
    bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
    if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return bad();
    i += len;
  }
  return true;
}

bool repair_single_byte_escapes(std::string& value) {
  std::size_t bad = 0;
  if (is_valid_utf8(value, &bad)) return false;
  std::string out(value, 0, bad);
  out.reserve(value.size() + 8);
  for (std::size_t i = bad; i < value.size();) {
    std::size_t width = 1;
    char32_t r = decode_utf8(value, i, &width);
    if (r == 0xFFFD && width == 1 && (value[i] == '\x85' || value[i] == '\xA0')) {
      out += '\xC2';  // U+0085 and U+00A0 in UTF-8: C2 85 and C2 A0
    }
    out.append(value, i, width);
    i += width;
  }
  value = std::move(out);
  return true;
}

}  // namespace fleetwave
