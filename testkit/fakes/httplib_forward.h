// Test support: forward declarations of the cpp-httplib types that the in-process fakes' headers
// name, so that only their .cpp files include <httplib.h>.
#pragma once

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib
