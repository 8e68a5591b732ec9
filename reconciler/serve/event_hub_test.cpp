// The board's event streams through the real HTTP server (serve/event_hub.h): a hundred viewers
// at once, more than the connection threads, each get every event while the API still answers;
// past the limit a viewer gets 503; a viewer that leaves frees its slot; stop ends every stream.
#include "serve/event_hub.h"

#include <httplib.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <vector>

#include <gtest/gtest.h>

#include "serve/gunzip_fixture.h"
#include "serve/http_server.h"
#include "serve/serve_api.h"

namespace fleetwave::serve {
namespace {

// A raw viewer: a socket that asked for GET /events and collects what arrives.
struct Viewer {
  int fd = -1;
  std::string received;

  explicit Viewer(int port, const std::string& headers = "") {
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return;
    const std::string request =
        "GET /events HTTP/1.1\r\nHost: board\r\nAccept: text/event-stream\r\n" + headers + "\r\n";
    (void)!::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  }
  ~Viewer() { close(); }
  Viewer(const Viewer&) = delete;
  Viewer& operator=(const Viewer&) = delete;

  void close() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
  // Reads until `text` has arrived, the server closed, or `ms` passed.
  bool wait_for(const std::string& text, int ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (received.find(text) == std::string::npos) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
      char buffer[65536];
      const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n <= 0) return received.find(text) != std::string::npos;
      received.append(buffer, static_cast<std::size_t>(n));
    }
    return true;
  }
};

// The body after the answer's head, inflated as a browser does while the stream is still open.
std::string inflated_body(const std::string& received) {
  const std::size_t start = received.find("\r\n\r\n");
  if (start == std::string::npos) return "no head: " + received;
  return testing_support::gunzip(received.substr(start + 4), /*ended=*/false);
}

class EventHubTest : public ::testing::Test {
 protected:
  ServeState state_;
  ServeMetrics metrics_;
  TriggerQueue triggers_;
  JsonLog log_{{}};

  void publish() {
    auto s = std::make_shared<Snapshot>();
    s->head = std::string(40, 'c');
    s->status = {{"branch", "main"},
                 {"head", s->head},
                 {"apps", Json::array()},
                 {"warnings", Json::array()},
                 {"cordons", Json::array()}};
    state_.publish(std::move(s));
  }

  Result<std::unique_ptr<HttpServer>> serve(ServeApi& api, std::size_t max_streams) {
    HttpOptions options;
    options.host = "127.0.0.1";
    options.port = 0;
    options.max_connections = 8;  // far fewer threads than viewers
    options.max_event_streams = max_streams;
    return HttpServer::start(options, api, metrics_);
  }
};

TEST_F(EventHubTest, AHundredViewersEachGetEveryEventAndLeavingFreesTheirSlot) {
  publish();
  ServeApi api(state_, metrics_, triggers_, log_, {});
  auto server = serve(api, 100);
  ASSERT_TRUE(server.ok()) << server.error().to_string();
  const int port = (*server)->port();
  std::vector<std::unique_ptr<Viewer>> viewers;
  for (int i = 0; i < 100; ++i) viewers.push_back(std::make_unique<Viewer>(port));
  for (auto& v : viewers) ASSERT_TRUE(v->wait_for("retry: 3000\n\n", 10'000)) << v->received;
  EXPECT_NE(viewers[0]->received.find("Content-Type: text/event-stream"), std::string::npos);

  // The 101st is refused; the API still answers on the 8 connection threads.
  Viewer extra(port);
  ASSERT_TRUE(extra.wait_for("\r\n\r\n", 10'000));
  EXPECT_EQ(extra.received.rfind("HTTP/1.1 503", 0), 0u) << extra.received;
  httplib::Client probe("127.0.0.1", port);
  auto health = probe.Get("/healthz");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);

  // Two snapshots: every viewer gets both events.
  const std::uint64_t first = state_.generation() + 1;
  publish();
  for (auto& v : viewers) ASSERT_TRUE(v->wait_for("id: " + std::to_string(first) + "\n", 10'000));
  publish();
  for (auto& v : viewers) EXPECT_TRUE(v->wait_for("id: " + std::to_string(first + 1) + "\n", 10'000));

  // Half of them leave: as many newcomers are served at once.
  for (int i = 0; i < 50; ++i) viewers[i]->close();
  std::vector<std::unique_ptr<Viewer>> newcomers;
  bool all_in = false;
  for (int attempt = 0; attempt < 50 && !all_in; ++attempt) {
    newcomers.clear();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the hub notices closed sockets within 100 ms
    for (int i = 0; i < 50; ++i) newcomers.push_back(std::make_unique<Viewer>(port));
    all_in = true;
    for (auto& v : newcomers)
      all_in = v->wait_for("\r\n\r\n", 10'000) && v->received.rfind("HTTP/1.1 200", 0) == 0 && all_in;
  }
  EXPECT_TRUE(all_in) << "the slots of the viewers that left were freed";

  // Stop ends every stream: each viewer reads the end of its connection.
  (*server)->stop();
  for (auto& v : newcomers) EXPECT_FALSE(v->wait_for("never sent", 5'000));
}

// A browser that accepts gzip gets the very events a plain viewer gets, as one gzip stream.
TEST_F(EventHubTest, AViewerThatAcceptsGzipGetsTheSameEventsCompressed) {
  publish();
  ServeApi api(state_, metrics_, triggers_, log_, {});
  auto server = serve(api, 10);
  ASSERT_TRUE(server.ok()) << server.error().to_string();
  Viewer plain((*server)->port());
  Viewer packed((*server)->port(), "Accept-Encoding: gzip, deflate, br\r\n");
  ASSERT_TRUE(plain.wait_for("retry: 3000\n\n", 10'000)) << plain.received;
  ASSERT_TRUE(packed.wait_for("\r\n\r\n", 10'000)) << packed.received;
  EXPECT_NE(packed.received.find("\r\nContent-Encoding: gzip\r\n"), std::string::npos) << packed.received;
  EXPECT_EQ(plain.received.find("Content-Encoding"), std::string::npos);
  // Two snapshots, each waited for (the hub sends a late viewer only the newest event).
  const std::uint64_t first = state_.generation() + 1;
  for (std::uint64_t generation = first; generation <= first + 1; ++generation) {
    publish();
    const std::string id = "id: " + std::to_string(generation) + "\n";
    ASSERT_TRUE(plain.wait_for(id, 10'000));
    for (int i = 0; i < 100 && inflated_body(packed.received).find(id) == std::string::npos; ++i) {
      packed.wait_for("never sent", 100);
    }
  }
  const std::string plain_body = plain.received.substr(plain.received.find("\r\n\r\n") + 4);
  EXPECT_EQ(inflated_body(packed.received), plain_body);
  EXPECT_NE(plain_body.find("event: board\nid: " + std::to_string(first) + "\n"), std::string::npos);
}

}  // namespace
}  // namespace fleetwave::serve
