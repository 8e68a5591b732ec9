#include "serve/gzip_text.h"

#include <zlib.h>

#include <cctype>
#include <cstdlib>

#include "base/text.h"

namespace fleetwave::serve {

std::string gzip_text(std::string_view text) {
  z_stream z{};
  // windowBits 15 + 16: a gzip header and trailer; level 6, zlib's default balance of speed and size.
  if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) std::abort();
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int done = deflate(&z, Z_FINISH);  // deflateBound leaves room for all of it in one call
  out.resize(z.total_out);
  deflateEnd(&z);
  if (done != Z_STREAM_END) std::abort();
  return out;
}

bool accepts_gzip(std::string_view accept_encoding) {
  std::size_t start = 0;
  while (start <= accept_encoding.size()) {
    std::size_t comma = accept_encoding.find(',', start);
    if (comma == std::string_view::npos) comma = accept_encoding.size();
    std::string coding = ascii_lower(trim_space(accept_encoding.substr(start, comma - start)));
    std::string q;
    if (std::size_t semi = coding.find(';'); semi != std::string::npos) {
      q = trim_space(std::string_view(coding).substr(semi + 1));
      coding = trim_space(std::string_view(coding).substr(0, semi));
    }
    if (coding == "gzip" || coding == "x-gzip")
      return !(q.starts_with("q=") && std::strtod(q.c_str() + 2, nullptr) == 0);
    start = comma + 1;
  }
  return false;
}

}  // namespace fleetwave::serve
