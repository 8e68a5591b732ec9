// check_framing (issue 10, D1 and D2): a request's framing is judged from its head alone, so a
// body nobody wants is never read, whatever its framing, and a malformed length never leaves a
// connection hanging.
#include "serve/request_framing.h"

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

TEST(RequestFraming, DecidesBeforeReadingTheBody) {
  constexpr std::size_t kMax = 1 << 20;
  struct Case {
    const char* name;
    RouteKind route;
    const char* method;
    const char* path;
    Headers headers;
    int status;
    const char* message;
  } cases[] = {
      {"webhook with a length", RouteKind::TakesBody, "POST", "/webhook/git", {{"content-length", "120"}}, 0, ""},
      {"webhook chunked", RouteKind::TakesBody, "POST", "/webhook/git", {{"transfer-encoding", "Chunked"}}, 0, ""},
      {"empty POST body", RouteKind::TakesBody, "POST", "/webhook/git", {{"content-length", "0"}}, 0, ""},
      {"GET without a body", RouteKind::NoBody, "GET", "/healthz", {}, 0, ""},
      {"GET with Content-Length 0", RouteKind::NoBody, "GET", "/healthz", {{"content-length", "0"}}, 0, ""},
      {"unknown path without a body", RouteKind::Unknown, "GET", "/nosuch", {}, 0, ""},
      {"D1 chunked body to an unknown path",
       RouteKind::Unknown,
       "POST",
       "/nosuch",
       {{"transfer-encoding", "chunked"}},
       404,
       "no such endpoint: POST /nosuch"},
      {"D1 chunked body to a GET endpoint",
       RouteKind::NoBody,
       "GET",
       "/healthz",
       {{"transfer-encoding", "chunked"}},
       400,
       "GET /healthz takes no request body"},
      {"D1 declared length over the limit",
       RouteKind::TakesBody,
       "POST",
       "/webhook/git",
       {{"content-length", "1048577"}},
       413,
       "request body too large: 1048577 bytes, over the limit of 1048576 bytes"},
      {"D2 negative length",
       RouteKind::TakesBody,
       "POST",
       "/webhook/git",
       {{"content-length", "-5"}},
       400,
       "Content-Length must be a decimal number of bytes, got \"-5\""},
      {"D2 twenty digits",
       RouteKind::TakesBody,
       "POST",
       "/webhook/git",
       {{"content-length", "99999999999999999999"}},
       400,
       "Content-Length must be a decimal number of bytes, got \"99999999999999999999\""},
      {"D2 negative length on an unknown path",
       RouteKind::Unknown,
       "POST",
       "/x",
       {{"content-length", "-5"}},
       400,
       "Content-Length must be a decimal number of bytes, got \"-5\""},
      {"two lengths",
       RouteKind::TakesBody,
       "POST",
       "/webhook/git",
       {{"content-length", "5"}, {"content-length", "5"}},
       400,
       "more than one Content-Length header"},
      {"length and chunked",
       RouteKind::TakesBody,
       "POST",
       "/webhook/git",
       {{"content-length", "5"}, {"transfer-encoding", "chunked"}},
       400,
       "a request with both Content-Length and Transfer-Encoding is ambiguous; send one"},
      {"other transfer coding",
       RouteKind::TakesBody,
       "POST",
       "/webhook/git",
       {{"transfer-encoding", "gzip, chunked"}},
       501,
       "Transfer-Encoding \"gzip, chunked\" is not supported (only chunked)"},
      {"no length at all",
       RouteKind::TakesBody,
       "POST",
       "/webhook/git",
       {},
       411,
       "POST /webhook/git needs a Content-Length header (or chunked Transfer-Encoding)"},
      {"path echoed escaped",
       RouteKind::Unknown,
       "POST",
       "/a\x1b[2J",
       {{"content-length", "3"}},
       404,
       "no such endpoint: POST /a\\x1b[2J"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    FramingVerdict v = check_framing(c.route, c.method, c.path, c.headers, kMax);
    EXPECT_EQ(v.status, c.status);
    EXPECT_EQ(v.message, c.message);
  }
}

}  // namespace
}  // namespace fleetwave::serve
