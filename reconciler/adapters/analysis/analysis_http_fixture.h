// Test support for the analysis adapters: an in-process cpp-httplib server on 127.0.0.1 (HTTP,
// or HTTPS with the given certificate) that records every request and answers with a handler
// the test sets. Tests may include <httplib.h>; production code may not (.ci/lint).
#pragma once

#include <httplib.h>

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace fleetwave::testing_analysis {

struct RecordedRequest {
  std::string method;
  std::string path;
  std::string target;  // path and query as sent
  httplib::Params params;
  httplib::Headers headers;

  std::string param(const std::string& name) const {
    auto it = params.find(name);
    return it == params.end() ? "<absent>" : it->second;
  }
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "<absent>" : it->second;
  }
};

class RecordingServer {
 public:
  using Handler = std::function<void(const httplib::Request&, httplib::Response&)>;

  // Plain HTTP, or HTTPS when `cert` and `key` are PEM files.
  explicit RecordingServer(const std::string& cert = "", const std::string& key = "") {
    if (cert.empty()) {
      server_ = std::make_unique<httplib::Server>();
    } else {
      server_ = std::make_unique<httplib::SSLServer>(cert.c_str(), key.c_str());
    }
    auto route = [this](const httplib::Request& req, httplib::Response& res) { handle(req, res); };
    server_->Get(".*", route);
    server_->Post(".*", route);
    port_ = server_->bind_to_any_port("127.0.0.1");
    if (port_ > 0) thread_ = std::thread([this] { server_->listen_after_bind(); });
    for (int i = 0; i < 500 && port_ > 0 && !server_->is_running(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ~RecordingServer() {
    server_->stop();
    if (thread_.joinable()) thread_.join();
  }
  RecordingServer(const RecordingServer&) = delete;
  RecordingServer& operator=(const RecordingServer&) = delete;

  bool running() const { return port_ > 0 && server_->is_running(); }
  int port() const { return port_; }
  std::string url(const std::string& scheme = "http") const { return scheme + "://127.0.0.1:" + std::to_string(port_); }

  void answer(Handler handler) {
    std::lock_guard<std::mutex> lock(mu_);
    handler_ = std::move(handler);
  }
  // Answers every request with `status` and a JSON `body`.
  void answer(int status, const std::string& body) {
    answer([status, body](const httplib::Request&, httplib::Response& res) {
      res.status = status;
      res.set_content(body, "application/json");
    });
  }

  std::vector<RecordedRequest> requests() const {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
  }

 private:
  void handle(const httplib::Request& req, httplib::Response& res) {
    Handler handler;
    {
      std::lock_guard<std::mutex> lock(mu_);
      RecordedRequest r;
      r.method = req.method;
      r.path = req.path;
      r.target = req.target;
      r.params = req.params;
      r.headers = req.headers;
      requests_.push_back(std::move(r));
      handler = handler_;
    }
    if (handler) {
      handler(req, res);
    } else {
      res.status = 200;
      res.set_content("{}", "application/json");
    }
  }

  std::unique_ptr<httplib::Server> server_;
  int port_ = -1;
  std::thread thread_;
  mutable std::mutex mu_;
  Handler handler_;
  std::vector<RecordedRequest> requests_;
};

}  // namespace fleetwave::testing_analysis
