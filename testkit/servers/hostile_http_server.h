// Test support: a raw TCP server on 127.0.0.1 (a kernel-chosen port) that answers every HTTP
// request in one hostile way, for the limits of the reconciler's HTTP client
// (reconciler/adapters/http/http_client.h): it never ends its headers, never ends its 1xx
// answers, trickles its body, or streams a body without end. It writes as fast as the client
// reads (or once per `trickle_every`) until the client closes the connection or the server stops.
//
// Thread-safety: public methods may be called from any thread while the server answers.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "base/result.h"

namespace fleetwave::testkit {

enum class HostileAnswer {
  EndlessHeaders,   // "200 OK", then header lines of 1 KB forever
  EndlessContinue,  // "100 Continue" answers forever
  TrickledBody,     // "200 OK" with a 10 KB Content-Length, then one byte per trickle_every
  EndlessBody,      // "200 OK" with no length, then 64 KB chunks forever
};

class HostileHttpServer {
 public:
  [[nodiscard]] static Result<std::unique_ptr<HostileHttpServer>> start(
      HostileAnswer answer, std::chrono::milliseconds trickle_every = std::chrono::milliseconds(300));
  ~HostileHttpServer();  // closes every connection and joins its threads
  HostileHttpServer(const HostileHttpServer&) = delete;
  HostileHttpServer& operator=(const HostileHttpServer&) = delete;

  int port() const { return port_; }
  std::string url(const std::string& target = "/") const;        // http://127.0.0.1:PORT<target>
  std::size_t requests() const { return requests_.load(); }      // requests read in full
  std::size_t bytes_sent() const { return bytes_sent_.load(); }  // of answers, all connections
  std::size_t open_connections() const { return open_.load(); }

 private:
  HostileHttpServer(HostileAnswer answer, std::chrono::milliseconds trickle_every)
      : answer_(answer), trickle_every_(trickle_every) {}
  void accept_loop();
  void serve(int fd);
  bool send_all(int fd, const std::string& bytes);
  void answer(int fd);

  const HostileAnswer answer_;
  const std::chrono::milliseconds trickle_every_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> requests_{0};
  std::atomic<std::size_t> bytes_sent_{0};
  std::atomic<std::size_t> open_{0};
  std::thread acceptor_;
  std::mutex mu_;
  std::vector<std::thread> connections_;  // guarded by mu_
};

}  // namespace fleetwave::testkit
