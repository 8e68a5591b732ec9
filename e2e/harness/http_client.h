// Plain HTTP requests from the e2e harness to the processes it started (the simulator's API,
// `fleetwave serve`'s endpoints). The one harness file that includes <httplib.h>.
#pragma once

#include <map>
#include <string>

#include "base/result.h"

namespace fleetwave::e2e {

struct HttpAnswer {
  int status = 0;
  std::string body;
};

// `base` is "http://HOST:PORT[/prefix]"; `path` starts with '/'. Transient when nothing answers.
[[nodiscard]] Result<HttpAnswer> http_get(const std::string& base, const std::string& path,
                                          const std::map<std::string, std::string>& headers = {});
[[nodiscard]] Result<HttpAnswer> http_post(const std::string& base, const std::string& path, const std::string& body,
                                           const std::map<std::string, std::string>& headers = {});

// HMAC-SHA256 of `body` keyed by `secret` as GitHub sends it: "sha256=<hex>".
std::string github_signature(const std::string& secret, const std::string& body);

}  // namespace fleetwave::e2e
