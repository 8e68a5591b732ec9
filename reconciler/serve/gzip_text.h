// gzip (RFC 1952) of a text, for the board's pages and live events: compressed once per
// snapshot, page and second and shared by every viewer whose browser accepts it
// (Accept-Encoding: gzip), so a 1.7 MB fleet page goes out as a fraction of it without
// compressing per request or per stream. zlib is included here only.
#pragma once

#include <string>
#include <string_view>

namespace fleetwave::serve {

std::string gzip_text(std::string_view text);

// An endless gzip stream (an event stream) is its header, then any chain of deflate segments:
// each segment is one text deflated on its own (it refers to nothing before it), in blocks none
// of which is the last, ending on a byte boundary (zlib's sync flush). So one event compressed
// once can follow any other on every viewer's stream. Such a stream has no trailer: it ends when
// the connection does, and the browser's EventSource then reconnects as after any cut.
std::string_view gzip_stream_header();
std::string deflate_segment(std::string_view text);

// Whether an Accept-Encoding header value accepts gzip (a "gzip;q=0" refusal included).
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace fleetwave::serve
