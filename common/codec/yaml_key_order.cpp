// go-yaml v2's "natural" map key order (sorter.go keyList.Less) for string keys. JSON object
// keys are always strings, so the numeric and bool branches of keyList.Less never apply.
#include <cstdint>
#include <string>
#include <string_view>

#include "codec/unicode_class.h"
#include "codec/yaml_writer.h"

namespace fleetwave {
namespace {

bool is_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// Go's []rune(s): invalid bytes become U+FFFD.
std::u32string runes(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    std::size_t w = 1;
    out += decode_utf8(s, i, &w);
    i += w;
  }
  return out;
}

struct AsciiRunes {
  std::string_view s;
  std::size_t size() const { return s.size(); }
  char32_t operator[](std::size_t i) const { return static_cast<unsigned char>(s[i]); }
};

// keyList.Less on rune sequences. Letters compare by code point and sort after non-letters;
// runs of digits compare by value (int64 arithmetic that wraps, as in Go), a shorter run first
// on a tie. Not a strict weak order for every input, so callers must use a sort that
// tolerates that (std::stable_sort does; std::sort may read out of bounds).
template <typename Runes>
bool less_runes(const Runes& a, const Runes& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] == b[i]) continue;
    bool al = is_unicode_letter(a[i]), bl = is_unicode_letter(b[i]);
    if (al && bl) return a[i] < b[i];
    if (al || bl) return bl;
    std::uint64_t an = 0, bn = 0;
    if (a[i] == '0' || b[i] == '0') {
      for (std::size_t j = i; j-- > 0 && is_unicode_digit(a[j]);) {
        if (a[j] != '0') {
          an = bn = 1;
          break;
        }
      }
    }
    std::size_t ai = i, bi = i;
    for (; ai < a.size() && is_unicode_digit(a[ai]); ++ai)
      an = an * 10 + static_cast<std::uint64_t>(std::int64_t{a[ai]} - '0');
    for (; bi < b.size() && is_unicode_digit(b[bi]); ++bi)
      bn = bn * 10 + static_cast<std::uint64_t>(std::int64_t{b[bi]} - '0');
    if (an != bn) return static_cast<std::int64_t>(an) < static_cast<std::int64_t>(bn);
    if (ai != bi) return ai < bi;
    return a[i] < b[i];
  }
  return a.size() < b.size();
}

}  // namespace

bool yaml_key_less(const std::string& a, const std::string& b) {
  if (is_ascii(a) && is_ascii(b)) return less_runes(AsciiRunes{a}, AsciiRunes{b});
  return less_runes(runes(a), runes(b));
}

}  // namespace fleetwave
