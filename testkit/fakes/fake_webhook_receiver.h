// Test support: an HTTP endpoint on 127.0.0.1 (cpp-httplib, a kernel-chosen port) that records
// every POST it receives (path, headers, body) and answers from a script: the Nth request gets
// the Nth scripted status (the last one repeats; 200 when none), after an optional delay.
//
// Thread-safety: public methods may be called from any thread while the server answers.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "base/result.h"
#include "testkit/fakes/httplib_forward.h"

namespace fleetwave::testkit {

struct ReceivedWebhook {
  std::string target;                          // path and query
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
};

class FakeWebhookReceiver {
 public:
  [[nodiscard]] static Result<std::unique_ptr<FakeWebhookReceiver>> start();
  ~FakeWebhookReceiver();
  FakeWebhookReceiver(const FakeWebhookReceiver&) = delete;
  FakeWebhookReceiver& operator=(const FakeWebhookReceiver&) = delete;

  int port() const { return port_; }
  std::string url(const std::string& target = "/hook") const;  // http://127.0.0.1:PORT<target>

  void script(std::vector<int> statuses);       // answers, in order
  void set_delay(std::chrono::milliseconds d);  // before each answer
  std::vector<ReceivedWebhook> received() const;
  // Waits until at least `n` requests arrived (or `timeout` passed); returns how many did.
  std::size_t wait_for(std::size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10)) const;

 private:
  FakeWebhookReceiver() = default;

  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;

  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  std::vector<ReceivedWebhook> received_;  // guarded by mu_
  std::vector<int> script_;                // guarded by mu_
  std::chrono::milliseconds delay_{0};     // guarded by mu_
};

}  // namespace fleetwave::testkit
