// ArgoCdClient over argocd-server's REST API (through adapters/http/http_client.h; docs/architecture.md, "Argo CD
// contracts").
//
// Every call opens its own connection, so the object is safe to share between threads: after
// create() it changes only the memos of its last lists, behind a mutex. Bodies are read through
// a size limit and parsed with a nesting limit; errors follow the table in argocd_errors.h. The
// token is sent only in the Authorization header and never appears in an error.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "adapters/argocd/argocd_errors.h"
#include "base/json.h"
#include "net/http_endpoint.h"

namespace fleetwave {

class ApplicationMemo;

struct HttpArgoCdOptions {
  std::string base_url;  // http(s)://host[:port][/path-prefix], no credentials
  std::string token;     // the bearer token (the caller reads it from --argocd-token-file)
  // PEM file of the CA(s) to trust instead of the system store; "" = the system store.
  std::string ca_cert_path;
  // Skips TLS certificate verification (test clusters only; the token is then exposed to any
  // man in the middle).
  bool insecure_skip_tls_verify = false;
  std::chrono::milliseconds connect_timeout{5000};
  // The answer, first byte to last (the whole attempt may take connect + read); a refresh
  // blocks until Argo CD has reconciled, so keep it generous.
  std::chrono::milliseconds read_timeout{60000};
  // An answer's size at most; an Application list is read as it arrives, and this bounds each of
  // its Applications instead (ApplicationListReader).
  std::size_t max_response_bytes = std::size_t{64} << 20;
  std::size_t max_json_depth = 128;
};

class HttpArgoCdClient final : public ArgoCdClient {
 public:
  // InvalidInput for a bad URL, an empty token (or one with control characters, which would
  // break the header), a CA path with an http URL, or an unreadable CA file. Surrounding
  // whitespace of the token (a trailing newline in the file) is dropped.
  [[nodiscard]] static Result<std::unique_ptr<HttpArgoCdClient>> create(HttpArgoCdOptions options);

  Result<std::vector<ApplicationSummary>> list_applications(const std::string& label_selector) override;
  Result<std::vector<ClusterConnection>> list_clusters() override;
  Status<> refresh_application(const std::string& name) override;
  Status<> sync_application(const std::string& name, const std::string& revision) override;

  // The server for messages: scheme://host[:port][/prefix].
  std::string display_url() const { return endpoint_.display(); }

 private:
  struct Reply {
    int status = 0;
    std::string body;
  };

  HttpArgoCdClient(HttpArgoCdOptions options, HttpEndpoint endpoint)
      : options_(std::move(options)), endpoint_(std::move(endpoint)) {}

  // One request; a transport failure or a non-2xx status is an error. With `sink`, a 2xx
  // answer's body goes to it as it arrives (HttpClientRequest::body_sink).
  Result<Reply> send(const std::string& method, const std::string& path_and_query, const std::string& body,
                     const std::string& application, std::function<bool(std::string_view)> sink = nullptr) const;
  Result<Json> parse_body(const Reply& reply, const std::string& application) const;
  ArgoCdRequestContext context(const std::string& application) const;

  // The memo of the last answer to `selector`, taken out (null if none), and keeping a new one.
  std::shared_ptr<ApplicationMemo> take_memo(const std::string& selector);
  void keep_memo(const std::string& selector, ApplicationMemo memo);

  HttpArgoCdOptions options_;
  HttpEndpoint endpoint_;
  // The last answers' memos, most recent first, by selector: the fleet's list each cycle, and a
  // few narrower ones (kMemos at most), so a one-app list does not push out the fleet's. A list
  // takes its selector's memo while it reads (a second list of it meanwhile parses everything).
  static constexpr std::size_t kMemos = 4;
  std::mutex memos_mutex_;
  std::deque<std::pair<std::string, std::shared_ptr<ApplicationMemo>>> memos_;
};

}  // namespace fleetwave
