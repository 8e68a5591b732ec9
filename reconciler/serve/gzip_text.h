// gzip (RFC 1952) of a text, for the board's pages: compressed once per snapshot, page and
// second and shared by every viewer whose browser accepts it (Accept-Encoding: gzip), so a
// 1.7 MB fleet page goes out as a fraction of it without compressing per request. zlib is
// included here only.
#pragma once

#include <string>
#include <string_view>

namespace fleetwave::serve {

std::string gzip_text(std::string_view text);

// Whether an Accept-Encoding header value accepts gzip (a "gzip;q=0" refusal included).
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace fleetwave::serve
