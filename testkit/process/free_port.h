// Test support: a TCP port on 127.0.0.1 that was free a moment ago (bind port 0, read it,
// close). Another process may take it before the server binds, so callers retry on a bind
// failure.
#pragma once

#include "base/result.h"

namespace fleetwave::testkit {

[[nodiscard]] Result<int> pick_free_port();

// Whether something accepts TCP connections on 127.0.0.1:port.
bool port_accepts(int port);

}  // namespace fleetwave::testkit
