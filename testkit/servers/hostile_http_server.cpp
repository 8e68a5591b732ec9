#include "testkit/servers/hostile_http_server.h"

#include <poll.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace fleetwave::testkit {
namespace {

// Reads until the end of the request's headers (a body, if any, is left unread: the answer
// does not depend on it). False when the client closed first or the server is stopping.
bool read_request_head(int fd, const std::atomic<bool>& stopping) {
  std::string seen;
  char buf[4096];
  while (!stopping.load() && seen.find("\r\n\r\n") == std::string::npos) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return false;
    seen.append(buf, static_cast<std::size_t>(n));
    if (seen.size() > (std::size_t{1} << 20)) return false;
  }
  return !stopping.load();
}

}  // namespace

Result<std::unique_ptr<HostileHttpServer>> HostileHttpServer::start(HostileAnswer answer,
                                                                    std::chrono::milliseconds trickle_every) {
  std::unique_ptr<HostileHttpServer> server(new HostileHttpServer(answer, trickle_every));
  server->listen_fd_ = socket(AF_INET, SOCK_STREAM, 0);
  if (server->listen_fd_ < 0) return internal_error("hostile server: socket() failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (bind(server->listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      listen(server->listen_fd_, 64) != 0 ||
      getsockname(server->listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    return internal_error("hostile server: cannot listen on 127.0.0.1");
  }
  server->port_ = ntohs(addr.sin_port);
  server->acceptor_ = std::thread([s = server.get()] { s->accept_loop(); });
  return server;
}

HostileHttpServer::~HostileHttpServer() {
  stopping_.store(true);
  if (acceptor_.joinable()) acceptor_.join();
  std::lock_guard<std::mutex> lock(mu_);
  for (std::thread& t : connections_) t.join();
  if (listen_fd_ >= 0) close(listen_fd_);
}

std::string HostileHttpServer::url(const std::string& target) const {
  return "http://127.0.0.1:" + std::to_string(port_) + target;
}

void HostileHttpServer::accept_loop() {
  while (!stopping_.load()) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    const int fd = accept(listen_fd_, nullptr, nullptr);
    if (fd < 0) continue;
    std::lock_guard<std::mutex> lock(mu_);
    connections_.emplace_back([this, fd] { serve(fd); });
  }
}

void HostileHttpServer::serve(int fd) {
  ++open_;
  if (read_request_head(fd, stopping_)) {
    ++requests_;
    answer(fd);
  }
  close(fd);
  --open_;
}

// False once the client is gone (or the server stops): the answer ends there.
bool HostileHttpServer::send_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    if (stopping_.load()) return false;
    pollfd p{fd, POLLOUT, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    const ssize_t n = send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
    bytes_sent_ += static_cast<std::size_t>(n);
  }
  return true;
}

void HostileHttpServer::answer(int fd) {
  switch (answer_) {
    case HostileAnswer::EndlessHeaders: {
      const std::string line = "X-Fill: " + std::string(1000, 'a') + "\r\n";
      if (!send_all(fd, "HTTP/1.1 200 OK\r\n")) return;
      while (send_all(fd, line)) {
      }
      return;
    }
    case HostileAnswer::EndlessContinue:
      while (send_all(fd, "HTTP/1.1 100 Continue\r\n\r\n")) {
      }
      return;
    case HostileAnswer::TrickledBody:
      if (!send_all(fd, "HTTP/1.1 200 OK\r\nContent-Length: 10000\r\n\r\n")) return;
      while (send_all(fd, "x")) {
        for (auto slept = std::chrono::milliseconds(0); slept < trickle_every_ && !stopping_.load();
             slept += std::chrono::milliseconds(10)) {
          std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
      }
      return;
    case HostileAnswer::EndlessBody: {
      const std::string chunk(std::size_t{64} << 10, 'b');
      if (!send_all(fd, "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")) return;
      while (send_all(fd, chunk)) {
      }
      return;
    }
  }
}

}  // namespace fleetwave::testkit
