// Issue 10's defects of fleetwave serve, against the real process on 127.0.0.1 (lighttpd's Git
// server and the fake Argo CD behind it), with raw sockets for the attacks:
// D1 bodies limited while read, whatever the framing; D2 probes answered while slow and idle
// clients hold connections, malformed lengths answered at once; D3 a push the server refuses;
// D12 refused webhooks logged at a bounded rate.
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <netinet/in.h>
#include <sys/socket.h>

#include "serve/serve_fixture.h"

namespace fleetwave::serve {
namespace {

using testing_support::HttpResult;
namespace ft = fleetwave::testkit;

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  timeval tv{10, 0};  // a send the server never drains fails instead of hanging the test
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  return fd;
}

bool send_all(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// What the server sent until it closed the connection or `timeout_ms` passed.
std::string read_until_closed(int fd, int timeout_ms) {
  std::string out;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0) return out;
    char buffer[4096];
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) return out;
    out.append(buffer, static_cast<std::size_t>(n));
  }
}

// True once the server has closed the connection (EOF or reset), within `timeout_ms`.
bool closed_by_server(int fd, int timeout_ms) {
  (void)read_until_closed(fd, timeout_ms);
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  char c;
  return ::recv(fd, &c, 1, MSG_DONTWAIT) <= 0;
}

class ServeHardeningServerTest : public testing_support::ServeFixture {
 protected:
  // Sends a chunked body of `total` bytes in 1 MiB chunks; the bytes the server took before it
  // answered and closed the connection.
  std::size_t blast_chunked(const std::string& path, std::size_t total) const {
    const int fd = connect_to(port_);
    if (fd < 0) return 0;
    std::size_t sent = 0;
    const std::string head =
        "POST " + path + " HTTP/1.1\r\nHost: x\r\nX-GitHub-Event: push\r\nTransfer-Encoding: chunked\r\n\r\n";
    const std::string chunk = "100000\r\n" + std::string(1 << 20, '\0') + "\r\n";
    if (send_all(fd, head)) {
      while (sent < total && send_all(fd, chunk)) sent += 1 << 20;
    }
    ::close(fd);
    return sent;
  }

  // One raw request; the answer until the server closes or 5 s pass.
  std::string raw(const std::string& request) const {
    const int fd = connect_to(port_);
    if (fd < 0) return "";
    std::string answer = send_all(fd, request) ? read_until_closed(fd, 5000) : "";
    ::close(fd);
    return answer;
  }

  HttpResult quick_get(const std::string& path) const {
    httplib::Client c("127.0.0.1", port_);
    c.set_connection_timeout(3, 0);
    c.set_read_timeout(3, 0);
    auto r = c.Get(path.c_str());
    return r ? HttpResult{r->status, r->body} : HttpResult{0, httplib::to_string(r.error())};
  }
};

TEST_F(ServeHardeningServerTest, D1_BodiesAreLimitedWhileReadWhateverTheFraming) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const long peak_before = ft::proc_status_kib(serve_->pid(), "VmHWM");

  // A chunked body to a path that takes none is refused before a byte of it is read.
  std::string answer = raw("POST /nosuch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 404 ", 0), 0u) << answer;
  EXPECT_NE(answer.find("no such endpoint: POST /nosuch"), std::string::npos) << answer;
  answer = raw("GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 400 ", 0), 0u) << answer;

  // The probe's attack: 1 GiB chunked to an unknown path, 4 x 512 MiB to the webhook at once.
  std::vector<std::thread> senders;
  std::vector<std::size_t> sent(5);
  senders.emplace_back([&] { sent[0] = blast_chunked("/nosuch", std::size_t{1} << 30); });
  for (int i = 1; i <= 4; ++i) senders.emplace_back([&, i] { sent[i] = blast_chunked("/webhook/git", 512u << 20); });
  for (std::thread& t : senders) t.join();
  for (std::size_t i = 0; i < sent.size(); ++i) {
    EXPECT_LT(sent[i], std::size_t{64} << 20) << "sender " << i << " was read far past the 1 MiB limit";
  }
  const long peak_after = ft::proc_status_kib(serve_->pid(), "VmHWM");
  EXPECT_LT(peak_after - peak_before, 64 * 1024) << "peak RSS grew from " << peak_before << " KB to " << peak_after;
  std::printf("[D1] peak RSS %ld KB -> %ld KB; bytes taken: %zu %zu %zu %zu %zu\n", peak_before, peak_after, sent[0],
              sent[1], sent[2], sent[3], sent[4]);
  EXPECT_GE(metric("fleetwave_webhooks_total{result=\"too_large\"}"), 1);

  // A chunked webhook over the limit answers 413 once the limit is passed.
  const std::string big = std::string(600'000, 'x');
  answer = raw("POST /webhook/git HTTP/1.1\r\nHost: x\r\nX-GitHub-Event: push\r\nTransfer-Encoding: chunked\r\n\r\n" +
               std::string("927c0\r\n") + big + "\r\n927c0\r\n" + big + "\r\n0\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 413 ", 0), 0u) << answer.substr(0, 200);
  EXPECT_EQ(quick_get("/healthz").status, 200);
}

TEST_F(ServeHardeningServerTest, D2_ProbesAnswerWhileSlowAndIdleClientsHoldConnections) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  // 20 clients that send nothing and 20 that send a header line a second: more than the 32
  // connections served at once (the server used to have 16 threads and starve after 16).
  std::vector<int> idle, slow;
  for (int i = 0; i < 20; ++i) idle.push_back(connect_to(port_));
  for (int i = 0; i < 20; ++i) {
    slow.push_back(connect_to(port_));
    send_all(slow.back(), "GET /healthz HTTP/1.1\r\n");
  }
  std::atomic<bool> stop{false};
  std::thread drip([&] {
    for (int n = 0; !stop; ++n) {
      for (int fd : slow) (void)::send(fd, "X-Slow: 1\r\n", 11, MSG_NOSIGNAL | MSG_DONTWAIT);
      for (int i = 0; i < 10 && !stop; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));

  // Probes, webhooks and the generator keep answering (each within 3 s).
  for (int i = 0; i < 10; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(quick_get("/healthz").status, 200);
    EXPECT_EQ(quick_get("/readyz").status, 200);
  }
  EXPECT_EQ(github_webhook(R"({"ref":"refs/heads/main"})").status, 202);
  EXPECT_EQ(generate("shop").status, 200);
  // Malformed lengths are answered at once, not left hanging.
  for (const char* length : {"-5", "99999999999999999999"}) {
    SCOPED_TRACE(length);
    std::string answer =
        raw(std::string("POST /webhook/git HTTP/1.1\r\nHost: x\r\nContent-Length: ") + length + "\r\n\r\n");
    EXPECT_EQ(answer.rfind("HTTP/1.1 400 ", 0), 0u) << answer;
    EXPECT_NE(answer.find("Content-Length must be a decimal number of bytes"), std::string::npos) << answer;
  }

  // Every slow and idle client is cut off: idle ones after the keep-alive wait (5 s), slow ones
  // at the head deadline (10 s), or earlier when evicted to make room.
  std::size_t closed = 0;
  for (int fd : idle) closed += closed_by_server(fd, 20'000) ? 1 : 0;
  for (int fd : slow) closed += closed_by_server(fd, 20'000) ? 1 : 0;
  stop = true;
  drip.join();
  for (int fd : idle) ::close(fd);
  for (int fd : slow) ::close(fd);
  EXPECT_EQ(closed, idle.size() + slow.size());
  EXPECT_EQ(quick_get("/healthz").status, 200);
}

TEST_F(ServeHardeningServerTest, D12_RefusedWebhooksAreLoggedAtABoundedRate) {
  start("1h");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 20'000)) << logs();
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::thread> senders;
  for (int t = 0; t < 4; ++t) {
    senders.emplace_back([&] {
      httplib::Client c("127.0.0.1", port_);
      c.set_keep_alive(true);
      for (int i = 0; i < 500; ++i) c.Post("/webhook/git", {{"X-Gitlab-Event", "Push Hook"}}, "{}", "application/json");
    });
  }
  for (std::thread& t : senders) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(metric("fleetwave_webhooks_total{result=\"unauthorized\"}"), 2000);
  const std::string log = logs();
  std::size_t lines = 0;
  for (std::size_t at = log.find("webhook refused"); at != std::string::npos;
       at = log.find("webhook refused", at + 1)) {
    ++lines;
  }
  // A burst of 10, then one a second.
  EXPECT_GE(lines, 1u);
  EXPECT_LE(lines, 10u + static_cast<std::size_t>(seconds) + 1) << seconds << " s";
  EXPECT_EQ(metric("fleetwave_webhook_logs_suppressed_total"), 2000.0 - static_cast<double>(lines));
  std::printf("[D12] 2000 refused webhooks in %.1f s: %zu log lines\n", seconds, lines);
}

TEST_F(ServeHardeningServerTest, D3_APushTheServerRefusesIsReportedNotRetried) {
  const std::string attempts = file("push-attempts");
  ASSERT_TRUE(
      git_->install_hook("fleet.git", "pre-receive",
                         "#!/bin/sh\necho x >> '" + attempts + "'\necho 'branch is frozen by policy' >&2\nexit 1\n")
          .ok());
  start("300ms");
  ASSERT_TRUE(wait_until([&] { return get("/readyz").body.find("push refused: ") != std::string::npos; }, 20'000))
      << get("/readyz").body << logs();
  ASSERT_TRUE(wait_until([&] { return metric("fleetwave_cycles_total{result=\"error\"}") >= 3; }, 20'000));
  HttpResult readyz = get("/readyz");
  EXPECT_EQ(readyz.status, 503);
  EXPECT_NE(readyz.body.find("the server refused the update (refs/heads/main pre-receive hook declined); remote: "
                             "branch is frozen by policy"),
            std::string::npos)
      << readyz.body;
  EXPECT_EQ(metric("fleetwave_push_conflicts_total"), 0);
  EXPECT_GE(metric("fleetwave_push_rejections_total"), 3);
  EXPECT_GE(metric("fleetwave_errors_total{kind=\"rejected\"}"), 3);
  // One push per cycle, never the six retries of a lost race.
  const double failed = metric("fleetwave_cycles_total{result=\"error\"}");
  const std::string tries = ft::read_text_file(attempts);
  const auto pushes = static_cast<double>(std::count(tries.begin(), tries.end(), '\n'));
  EXPECT_LE(pushes, failed + 1) << pushes << " pushes in " << failed << " failed cycles";
  EXPECT_NE(logs().find("branch is frozen by policy"), std::string::npos);
  EXPECT_EQ(subject(), "seed");

  // The hook is lifted: the next cycles push, and fleetwave is ready again.
  std::filesystem::remove(bare() + "/hooks/pre-receive");
  ASSERT_TRUE(wait_until([&] { return ready(); }, 30'000)) << get("/readyz").body;
  EXPECT_EQ(subject().rfind("fleetwave(shop): start ", 0), 0u) << subject();
}

}  // namespace
}  // namespace fleetwave::serve
