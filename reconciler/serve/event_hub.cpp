#include "serve/event_hub.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string_view>
#include <sys/socket.h>

#include "serve/gzip_text.h"

namespace fleetwave::serve {
namespace {

std::int64_t hub_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The answer's head: no length, the body ends when the stream does (Connection: close); then how
// soon the browser should reconnect. A gzip stream is one gzip header and deflate segments.
constexpr std::string_view kStreamHead =
    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
    "X-Accel-Buffering: no\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n";
constexpr std::string_view kRetry = "retry: 3000\n\n";

const std::shared_ptr<const std::string>& stream_head(bool gzip) {
  static const auto plain =
      std::make_shared<const std::string>(std::string(kStreamHead) + "\r\n" + std::string(kRetry));
  static const auto packed = std::make_shared<const std::string>(
      std::string(kStreamHead) + "Content-Encoding: gzip\r\nVary: Accept-Encoding\r\n\r\n" +
      std::string(gzip_stream_header()) + deflate_segment(kRetry));
  return gzip ? packed : plain;
}

const std::shared_ptr<const std::string>& keep_alive(bool gzip) {
  static const auto plain = std::make_shared<const std::string>(": keep-alive\n\n");
  static const auto packed = std::make_shared<const std::string>(deflate_segment(*plain));
  return gzip ? packed : plain;
}

void refuse_full(int fd) {
  static const std::string kBody = "{\"message\": \"too many board event streams; retry shortly\"}\n";
  static const std::string kAnswer =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 10\r\nContent-Length: " +
      std::to_string(kBody.size()) + "\r\nConnection: close\r\n\r\n" + kBody;
  (void)!::send(fd, kAnswer.data(), kAnswer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  ::shutdown(fd, SHUT_RDWR);
  ::close(fd);
}

// Writes what the stream has queued until the socket would block; false when the viewer is gone.
bool flush(int fd, std::deque<std::shared_ptr<const std::string>>& out, std::size_t& offset, bool& progressed) {
  while (!out.empty()) {
    const std::string& text = *out.front();
    const ssize_t n = ::send(fd, text.data() + offset, text.size() - offset, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    progressed = progressed || n > 0;
    offset += static_cast<std::size_t>(n);
    if (offset == text.size()) {
      out.pop_front();
      offset = 0;
    }
  }
  return true;
}

// Reads and drops what a viewer sends (nothing, normally); false once it closed the connection.
bool still_open(int fd) {
  char sink[512];
  for (;;) {
    const ssize_t n = ::recv(fd, sink, sizeof sink, MSG_DONTWAIT);
    if (n > 0) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);
  }
}

}  // namespace

EventHub::EventHub(Generation generation, EventText event, EventHubLimits limits)
    : generation_(std::move(generation)), event_(std::move(event)), limits_(limits) {
  if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) wake_[0] = wake_[1] = -1;
  thread_ = std::thread([this] { run(); });
}

EventHub::~EventHub() {
  stop();
  for (int fd : wake_)
    if (fd >= 0) ::close(fd);
}

bool EventHub::has_room() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !stopping_ && count_.load() < limits_.max_streams;
}

void EventHub::add(int fd, std::string app, std::uint64_t seen, bool gzip) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!stopping_ && count_.load() < limits_.max_streams) {
      const std::int64_t now = hub_now_ms();
      Stream s;
      s.fd = fd;
      s.app = std::move(app);
      s.sent = seen;
      s.gzip = gzip;
      s.out.push_back(stream_head(gzip));
      s.opened_ms = s.progress_ms = s.written_ms = now;
      incoming_.push_back(std::move(s));
      ++count_;
      if (wake_[1] >= 0) (void)!::write(wake_[1], "a", 1);
      return;
    }
  }
  refuse_full(fd);
}

void EventHub::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
    if (wake_[1] >= 0) (void)!::write(wake_[1], "s", 1);
  }
  if (thread_.joinable()) thread_.join();
}

void EventHub::take_new(std::vector<Stream>& streams) {
  std::lock_guard<std::mutex> lock(mu_);
  for (Stream& s : incoming_) streams.push_back(std::move(s));
  incoming_.clear();
}

// After a new snapshot, the event of each stream's page; a keep-alive comment after a quiet
// spell; the end of a stream past its life (once what it has is written).
void EventHub::queue_events(std::vector<Stream>& streams, std::int64_t now) {
  const std::uint64_t generation = generation_();
  for (Stream& s : streams) {
    if (s.out.empty() && generation != s.sent) {
      auto event = event_(s.app, generation, s.gzip);
      s.sent = generation;
      if (event && !event->empty()) s.out.push_back(std::move(event));
    }
    if (s.out.empty() && now - s.written_ms >= limits_.keep_alive_ms) s.out.push_back(keep_alive(s.gzip));
    if (s.out.empty() && now - s.opened_ms >= limits_.max_life_ms) s.closed = true;
  }
}

// Waits (at most 100 ms, the latency of a new snapshot) until a viewer can take more, closed
// its connection, or add() or stop() wakes the thread.
void EventHub::wait(std::vector<Stream>& streams) {
  std::vector<pollfd> fds;
  fds.reserve(streams.size() + 1);
  fds.push_back({wake_[0], POLLIN, 0});
  for (const Stream& s : streams) fds.push_back({s.fd, static_cast<short>(POLLIN | (s.out.empty() ? 0 : POLLOUT)), 0});
  if (::poll(fds.data(), fds.size(), 100) <= 0) return;
  if (fds[0].revents != 0) {
    char drain[64];
    while (::read(wake_[0], drain, sizeof drain) > 0) {
    }
  }
  for (std::size_t i = 0; i < streams.size(); ++i) {
    const short r = fds[i + 1].revents;
    if ((r & (POLLERR | POLLHUP | POLLNVAL)) != 0 || ((r & POLLIN) != 0 && !still_open(streams[i].fd)))
      streams[i].closed = true;
  }
}

void EventHub::run() {
  std::vector<Stream> streams;
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_) break;
    }
    take_new(streams);
    const std::int64_t now = hub_now_ms();
    queue_events(streams, now);
    for (Stream& s : streams) {
      if (s.closed || s.out.empty()) continue;
      bool progressed = false;
      if (!flush(s.fd, s.out, s.offset, progressed)) s.closed = true;
      if (progressed) s.progress_ms = s.written_ms = now;
      if (!s.out.empty() && now - s.progress_ms > limits_.write_ms) s.closed = true;  // takes nothing
      if (s.out.empty()) s.progress_ms = now;
    }
    std::erase_if(streams, [this](const Stream& s) {
      if (!s.closed) return false;
      ::shutdown(s.fd, SHUT_RDWR);
      ::close(s.fd);
      --count_;
      return true;
    });
    wait(streams);
  }
  take_new(streams);
  for (Stream& s : streams) {
    ::shutdown(s.fd, SHUT_RDWR);
    ::close(s.fd);
  }
  count_ = 0;
}

}  // namespace fleetwave::serve
