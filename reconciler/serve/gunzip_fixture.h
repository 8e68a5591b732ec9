// Tests of the board's gzip (serve/gzip_text.h, the event streams): what a browser reads from
// the bytes it has received.
#pragma once

#include <zlib.h>

#include <string>

namespace fleetwave::serve::testing_support {

// `data` inflated as gzip. `ended`: the stream must be whole (its trailer read); otherwise it is
// an open stream, read as far as it goes. On a mismatch the text says what went wrong.
inline std::string gunzip(const std::string& data, bool ended = true) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) return "inflateInit2 failed";
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::string out;
  char buffer[4096];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - z.avail_out);
  }
  const bool read_all = z.avail_in == 0;
  inflateEnd(&z);
  // An open stream stops for want of input (Z_BUF_ERROR) with all of it read.
  if (rc != (ended ? Z_STREAM_END : Z_BUF_ERROR) || !read_all)
    return "inflate stopped (" + std::to_string(rc) + ") after: " + out;
  return out;
}

}  // namespace fleetwave::serve::testing_support
