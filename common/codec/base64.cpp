#include "codec/base64.h"

#include "codec/unicode_class.h"

namespace fleetwave {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

std::string base64_encode(std::string_view data) {
  std::string out;
  out.reserve((data.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= data.size(); i += 3) {
    unsigned v = static_cast<unsigned char>(data[i]) << 16 | static_cast<unsigned char>(data[i + 1]) << 8 |
                 static_cast<unsigned char>(data[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += kAlphabet[(v >> shift) & 0x3F];
  }
  std::size_t left = data.size() - i;
  if (left > 0) {
    unsigned v = static_cast<unsigned char>(data[i]) << 16;
    if (left == 2) v |= static_cast<unsigned char>(data[i + 1]) << 8;
    out += kAlphabet[(v >> 18) & 0x3F];
    out += kAlphabet[(v >> 12) & 0x3F];
    out += left == 2 ? kAlphabet[(v >> 6) & 0x3F] : '=';
    out += '=';
  }
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (char c : text) {
    if (c != '\r' && c != '\n') clean += c;
  }
  if (clean.size() % 4 != 0) return std::nullopt;
  std::string out;
  out.reserve(clean.size() / 4 * 3);
  for (std::size_t q = 0; q < clean.size(); q += 4) {
    bool last = q + 4 == clean.size();
    int pad = 0;
    unsigned v = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      char c = clean[q + k];
      if (c == '=' && last && k >= 2 && (k == 3 || clean[q + 3] == '=')) {
        ++pad;
        v <<= 6;
        continue;
      }
      int s = sextet(c);
      if (s < 0 || pad > 0) return std::nullopt;
      v = v << 6 | static_cast<unsigned>(s);
    }
    out += static_cast<char>((v >> 16) & 0xFF);
    if (pad < 2) out += static_cast<char>((v >> 8) & 0xFF);
    if (pad < 1) out += static_cast<char>(v & 0xFF);
  }
  return out;
}

std::string to_valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t width = 1;
    char32_t r = decode_utf8(text, i, &width);
    if (r == 0xFFFD && width == 1) {
      out += "\xEF\xBF\xBD";
    } else {
      out.append(text, i, width);
    }
    i += width;
  }
  return out;
}

}  // namespace fleetwave
