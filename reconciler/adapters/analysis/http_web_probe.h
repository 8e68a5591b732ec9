// WebProbe over plain HTTP(S): one GET or POST to any http(s) URL, the answer returned whatever
// its status; only a missing answer is an error, as listed in analysis_http.h.
//
// Header values may hold credentials: they are sent and never repeated in a message, and
// messages show a URL's query as "?..." (it may hold a key). Immutable after create(); safe to
// share between threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "adapters/analysis/analysis_http.h"
#include "adapters/analysis/analysis_provider.h"
#include "base/result.h"
#include "net/http_endpoint.h"

namespace fleetwave {

struct WebProbeSettings {
  std::string ca_file;                    // PEM CA bundle to trust instead of the system store ("" = the system store)
  bool insecure_skip_tls_verify = false;  // tests only
  std::int64_t timeout_ms = 10000;        // one request, connect to last byte
  std::size_t max_response_bytes = std::size_t{4} << 20;
};

// A web check's URL, split for the request.
struct WebTarget {
  HttpEndpoint endpoint;
  std::string path_and_query;  // "/health?region=eu", sent as given
  std::string display;         // "https://status.example.com/health?..." for messages
};

// InvalidInput naming the URL (credentials redacted) for anything but http(s)://host[:port]
// [/path][?query]: credentials in the URL, spaces or control characters. A fragment is dropped.
[[nodiscard]] Result<WebTarget> parse_web_url(const std::string& url);

class HttpWebProbe final : public WebProbe {
 public:
  // InvalidInput for a bad timeout or size limit, or an unreadable CA file.
  [[nodiscard]] static Result<std::unique_ptr<HttpWebProbe>> create(const WebProbeSettings& settings);

  // InvalidInput, with nothing sent, for a bad URL, a method other than GET or POST, or a header
  // whose name is not a token or whose value holds a line break; otherwise the answer, or
  // Transient when there is none.
  Result<HttpAnswer> fetch(const WebRequest& request) override;

 private:
  explicit HttpWebProbe(AnalysisHttpTransport transport) : transport_(std::move(transport)) {}

  AnalysisHttpTransport transport_;
};

}  // namespace fleetwave
