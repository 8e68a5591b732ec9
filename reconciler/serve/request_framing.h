// The checks fleetwave serve makes on a request's head before it reads a byte of the body, so a
// body is never read unless an endpoint wants it and its declared size fits: an over-long
// Content-Length answers 413 at once, a malformed one 400 instead of a hanging connection, and
// a body sent to an endpoint that takes none (any path, any framing, chunked included) is
// refused unread. Bodies that are read are still counted while they arrive (http_server.cpp),
// because a chunked body declares no size.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fleetwave::serve {

enum class RouteKind {
  Unknown,   // no endpoint: 404
  NoBody,    // GET endpoints
  TakesBody  // POST /webhook/git, POST /api/v1/getparams.execute
};

struct FramingVerdict {
  int status = 0;  // 0: read on; else answer this status (the connection is then closed)
  std::string message;
};

// `headers` have lower-case names, in the order received.
FramingVerdict check_framing(RouteKind route, std::string_view method, std::string_view path,
                             const std::vector<std::pair<std::string, std::string>>& headers, std::size_t max_body);

}  // namespace fleetwave::serve
