// Test support: an in-process Argo CD API server (cpp-httplib) on 127.0.0.1, on a port the
// kernel picks at start, over HTTP or HTTPS. It serves the slice of argocd-server's REST API
// that fleetwave uses (docs/architecture.md, "Argo CD contracts"), with Argo CD's status codes and
// error bodies ({"error", "code", "message"}):
//
//   GET  /api/v1/applications[?selector=...]  v1alpha1ApplicationList, sorted by name; items
//                                             null when empty; bad selector -> 400
//   GET  /api/v1/applications/{name}[?refresh=normal|hard]  the Application (refresh recorded)
//   GET  /api/v1/clusters                     v1alpha1ClusterList (set_cluster_connection)
//   POST /api/v1/applications/{name}/sync     records {name, revision}, returns the Application;
//                                             400 "another operation is already in progress"
//                                             while status.operationState.phase is Running
//
// Every request needs "Authorization: Bearer <token>" (401 otherwise); unknown apps are 404.
// FakeArgoCdOptions::extra_get_routes adds GET endpoints behind the same auth (a simulator's
// own read API); `host` and `port` choose where it listens (default 127.0.0.1, a kernel port).
//
// Thread-safety: all public methods may be called from any thread while the server threads
// answer requests; the state lives behind a private mutex. start() and the destructor must not
// race with other calls.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "testkit/fakes/fake_argocd_apps.h"
#include "testkit/fakes/httplib_forward.h"

namespace fleetwave::testkit {

// A canned answer for every authorized request (to test malformed, huge or odd responses).
struct FakeResponse {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  bool chunked = false;  // Transfer-Encoding: chunked (no Content-Length), in 64 KiB chunks
};

// An extra GET endpoint: `pattern` is a regular expression for the whole path (below
// root_path); `handler` gets its capture groups and runs on a server thread.
struct FakeRoute {
  using Handler = std::function<FakeResponse(const std::vector<std::string>& captures)>;
  std::string pattern;
  Handler handler;
};

struct FakeArgoCdOptions {
  std::string token = "fake-argocd-token-0123456789";
  // Both set: serve HTTPS with this PEM certificate (chain) and key.
  std::string tls_cert_path;
  std::string tls_key_path;
  // Serve the API below this prefix, like argocd-server --rootpath (e.g. "/argocd").
  std::string root_path;
  std::string host = "127.0.0.1";  // address to listen on (and to name in url())
  int port = 0;                    // 0: a port the kernel picks
  std::vector<FakeRoute> extra_get_routes;
  std::vector<FakeRoute> extra_post_routes;  // the same for POST (a simulator's controls)
};

struct FakeSyncCall {
  std::string name;
  std::string revision;  // "" when the request named none
};

class FakeArgoCd {
 public:
  [[nodiscard]] static Result<std::unique_ptr<FakeArgoCd>> start(FakeArgoCdOptions options = {});
  ~FakeArgoCd();  // stops the server and joins its thread
  FakeArgoCd(const FakeArgoCd&) = delete;
  FakeArgoCd& operator=(const FakeArgoCd&) = delete;

  int port() const { return port_; }
  std::string url() const;  // http(s)://HOST:PORT[root_path]
  const std::string& token() const { return options_.token; }

  // Adds or replaces an Application (a full object, e.g. from make_application); InvalidInput
  // without a string metadata.name.
  [[nodiscard]] Status<> put_application(Json application);
  [[nodiscard]] Status<> remove_application(const std::string& name);  // NotFound when absent
  // Applies `edit` to the stored Application under the lock; NotFound when absent.
  [[nodiscard]] Status<> update_application(const std::string& name, const std::function<void(Json&)>& edit);
  std::optional<Json> application(const std::string& name) const;

  // Status transitions (fake_argocd_apps.h); NotFound when the Application is absent.
  [[nodiscard]] Status<> mark_synced(const std::string& name, const std::string& revision,
                                     const std::string& health = "Healthy", const std::string& finished_at = "");
  [[nodiscard]] Status<> mark_progressing(const std::string& name, const std::string& revision);
  [[nodiscard]] Status<> mark_sync_running(const std::string& name, const std::string& revision);
  [[nodiscard]] Status<> mark_degraded(const std::string& name, const std::string& revision,
                                       const std::string& message);
  [[nodiscard]] Status<> mark_failed(const std::string& name, const std::string& revision, const std::string& message);
  [[nodiscard]] Status<> mark_out_of_sync(const std::string& name, const std::string& revision);

  // A cluster of GET /api/v1/clusters (a v1alpha1Cluster with info.connectionState), added or
  // replaced by name.
  void set_cluster_connection(const std::string& name, const std::string& server, const std::string& status,
                              const std::string& message = "", const std::string& attempted_at = "");
  // Lists a cluster as Argo CD lists every registered one (connection state Successful) unless
  // it is listed already.
  void register_cluster(const std::string& name, const std::string& server);
  // 503 with a text body for every request while set.
  void set_unavailable(bool unavailable);
  // Answers every authorized request with `response` until cleared (nullopt).
  void set_response_override(std::optional<FakeResponse> response);
  // Holds every answer this long (to exercise client timeouts); 0 to stop.
  void set_response_delay(std::chrono::milliseconds delay);

  std::size_t request_count() const;                 // every request received, authorized or not
  std::vector<std::string> request_targets() const;  // "GET /api/v1/applications?selector=..." as sent
  std::vector<FakeSyncCall> sync_calls() const;
  std::vector<std::string> refresh_calls() const;  // names, in order

 private:
  explicit FakeArgoCd(FakeArgoCdOptions options);  // out of line: httplib::Server is incomplete here
  [[nodiscard]] Status<> listen();
  void register_routes();
  // Everything before routing: counting, delay, 503, auth, override. True when answered.
  bool pre_route(const httplib::Request& req, httplib::Response& res);
  void handle_list(const httplib::Request& req, httplib::Response& res);
  void handle_get(const httplib::Request& req, httplib::Response& res);
  void handle_sync(const httplib::Request& req, httplib::Response& res);

  const FakeArgoCdOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;

  mutable std::mutex mu_;
  std::condition_variable stopping_cv_;
  bool stopping_ = false;  // guarded by mu_
  // An Application as stored, with its JSON text and labels kept beside it: a list answer at
  // fleet size (8,000 Applications) is then copies of texts, not a serialisation of each.
  struct StoredApp {
    Json app;
    std::string text;
    std::map<std::string, std::string> labels;
  };
  static StoredApp stored(Json app);
  std::map<std::string, StoredApp> apps_;     // guarded by mu_
  std::map<std::string, Json> clusters_;      // guarded by mu_ (GET /api/v1/clusters)
  std::uint64_t resource_version_ = 1;        // guarded by mu_
  bool unavailable_ = false;                  // guarded by mu_
  std::optional<FakeResponse> override_;      // guarded by mu_
  std::chrono::milliseconds delay_{0};        // guarded by mu_
  std::size_t request_count_ = 0;             // guarded by mu_
  std::vector<std::string> request_targets_;  // guarded by mu_
  std::vector<FakeSyncCall> sync_calls_;      // guarded by mu_
  std::vector<std::string> refresh_calls_;    // guarded by mu_
};

}  // namespace fleetwave::testkit
