#include "serve/gzip_text.h"

#include <zlib.h>

#include <cctype>
#include <cstdlib>

#include "base/text.h"

namespace fleetwave::serve {

namespace {

// `text` deflated in one call: windowBits 15 + 16 writes a gzip header and trailer, -15 bare
// deflate blocks; level 6 is zlib's default balance of speed and size. `flush` Z_FINISH ends the
// stream, Z_SYNC_FLUSH leaves it open on a byte boundary.
std::string deflate_all(std::string_view text, int window_bits, int flush) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) std::abort();
  // deflateBound covers a finished stream; a sync flush adds at most its empty stored block.
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 16, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int done = deflate(&z, flush);
  const bool whole = flush == Z_FINISH ? done == Z_STREAM_END : done == Z_OK && z.avail_in == 0 && z.avail_out > 0;
  out.resize(z.total_out);
  deflateEnd(&z);
  if (!whole) std::abort();
  return out;
}

}  // namespace

std::string gzip_text(std::string_view text) { return deflate_all(text, 15 + 16, Z_FINISH); }

std::string_view gzip_stream_header() {
  // Magic, deflate, no flags, no time, no extra flags, unknown system (RFC 1952 2.3).
  static constexpr char kHeader[] = {'\x1f', '\x8b', 8, 0, 0, 0, 0, 0, 0, '\xff'};
  return {kHeader, sizeof kHeader};
}

std::string deflate_segment(std::string_view text) { return deflate_all(text, -15, Z_SYNC_FLUSH); }

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
