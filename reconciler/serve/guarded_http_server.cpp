#include "serve/guarded_http_server.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <thread>
#include <vector>

namespace fleetwave::serve {
namespace {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Waits until `fd` is ready for `events` or `deadline_ms` passes; false on timeout or error.
bool wait_until(int fd, short events, std::int64_t deadline_ms) {
  for (;;) {
    const std::int64_t left = deadline_ms - now_ms();
    if (left <= 0) return false;
    pollfd p{fd, events, 0};
    const int r = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left, 1 << 30)));
    if (r > 0) return true;
    if (r == 0 || errno != EINTR) return false;
  }
}

void address_of(int fd, bool peer, std::string& ip, int& port) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  int rc = peer ? getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len)
                : getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ip.clear();
  port = 0;
  if (rc != 0) return;
  char text[INET6_ADDRSTRLEN] = {};
  if (addr.ss_family == AF_INET) {
    const auto* a = reinterpret_cast<const sockaddr_in*>(&addr);
    inet_ntop(AF_INET, &a->sin_addr, text, sizeof text);
    port = ntohs(a->sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto* a = reinterpret_cast<const sockaddr_in6*>(&addr);
    inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
    port = ntohs(a->sin6_port);
  }
  ip = text;
}

// One connection's socket with deadlines and byte caps per phase, reused across the requests of
// a kept-alive connection (so bytes read ahead are kept).
class DeadlineStream : public httplib::Stream {
 public:
  DeadlineStream(int fd, ConnectionTable& table, std::uint64_t id, const ConnectionLimits& limits)
      : fd_(fd), table_(table), id_(id), limits_(limits) {}

  // Between requests: true once the next request's first byte is here, false when the client
  // closed the connection or stayed quiet for keep_alive_ms.
  bool wait_for_request() {
    enter(ConnectionPhase::Idle);
    if (pos_ == len_ && !wait_until(fd_, POLLIN, now_ms() + limits_.keep_alive_ms)) return false;
    enter(ConnectionPhase::Head);
    const std::int64_t start = now_ms();
    head_deadline_ = start + limits_.head_ms;
    request_deadline_ = start + limits_.request_ms;
    consumed_ = 0;
    close_after_ = false;
    return true;
  }
  void begin_body() {
    enter(ConnectionPhase::Body);
    consumed_ = 0;
  }
  void begin_handling() { enter(ConnectionPhase::Handler); }
  void close_after_response() { close_after_ = true; }
  // A stream of events: each write (not the whole answer) must be taken within write_ms, and
  // the connection closes when the stream ends.
  void begin_streaming() {
    streaming_ = true;
    close_after_ = true;
  }
  // The connection's socket belongs to someone else from now on: nothing more is written to it.
  int adopt() {
    adopted_ = true;
    return fd_;
  }
  bool adopted() const { return adopted_; }
  bool close_after() const { return close_after_ || timed_out_ || over_limit_ || adopted_; }
  // A request was refused with its body (partly) unread, and the client is not merely slow.
  bool should_linger() const { return (close_after_ || over_limit_) && !timed_out_; }
  bool over_limit() const { return over_limit_; }

  bool is_readable() const override { return pos_ < len_ || wait_until(fd_, POLLIN, now_ms() + 1); }
  bool is_writable() const override { return wait_until(fd_, POLLOUT, now_ms() + 1); }

  ssize_t read(char* ptr, size_t size) override {
    if (pos_ == len_ && !fill()) return -1;
    const std::size_t cap = phase_ == ConnectionPhase::Head ? limits_.max_head_bytes : limits_.body_cap();
    const std::size_t n = std::min(size, len_ - pos_);
    if (consumed_ + n > cap) {
      over_limit_ = true;
      return -1;
    }
    std::memcpy(ptr, buffer_ + pos_, n);
    pos_ += n;
    consumed_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (adopted_) return static_cast<ssize_t>(size);  // the new owner writes; httplib's answer is dropped
    if (phase_ != ConnectionPhase::Write) {
      enter(ConnectionPhase::Write);
      write_deadline_ = now_ms() + limits_.write_ms;
    } else if (streaming_) {
      write_deadline_ = now_ms() + limits_.write_ms;
    }
    for (;;) {  // send first: waiting is only needed when the socket buffer is full
      if (now_ms() >= write_deadline_) {
        timed_out_ = true;
        return -1;
      }
      const ssize_t n = ::send(fd_, ptr, size, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n >= 0) return n;
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
      if (!wait_until(fd_, POLLOUT, write_deadline_)) {
        timed_out_ = true;
        return -1;
      }
    }
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { address_of(fd_, true, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address_of(fd_, false, ip, port); }
  socket_t socket() const override { return fd_; }

 private:
  void enter(ConnectionPhase phase) {
    phase_ = phase;
    table_.set_phase(id_, phase, now_ms());
  }

  // Reads what has arrived, waiting at most until the phase's deadline.
  bool fill() {
    const std::int64_t deadline = phase_ == ConnectionPhase::Head ? head_deadline_ : request_deadline_;
    if (now_ms() >= deadline) {  // also when bytes trickle in: a byte a second must not hold a thread
      timed_out_ = true;
      return false;
    }
    for (;;) {  // read first: waiting is only needed when nothing has arrived
      const ssize_t n = ::recv(fd_, buffer_, sizeof buffer_, MSG_DONTWAIT);
      if (n > 0) {
        pos_ = 0;
        len_ = static_cast<std::size_t>(n);
        return true;
      }
      if (n == 0) return false;
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) return false;
      if (!wait_until(fd_, POLLIN, deadline)) {
        timed_out_ = true;
        return false;
      }
    }
  }

  const int fd_;
  ConnectionTable& table_;
  const std::uint64_t id_;
  const ConnectionLimits& limits_;
  ConnectionPhase phase_ = ConnectionPhase::Idle;
  char buffer_[4096];
  std::size_t pos_ = 0, len_ = 0;
  std::size_t consumed_ = 0;  // bytes of the current head or body handed to httplib
  std::int64_t head_deadline_ = 0, request_deadline_ = 0, write_deadline_ = 0;
  bool timed_out_ = false, over_limit_ = false, close_after_ = false, streaming_ = false, adopted_ = false;
};

// The stream of the request the calling pool thread serves (handlers reach it through the
// static GuardedServer functions); null on other threads.
thread_local DeadlineStream* t_stream = nullptr;
// Set while the accept thread runs a connection itself because the queue is full.
thread_local bool t_overflow = false;

// A fixed pool of threads, one connection each. When no thread is free for a new connection, the
// one waiting longest on its client is closed, which frees a thread at once, and the newest
// connection is served first (last in, first out): a probe that just connected is never stuck
// behind slow clients queued before it. When too many wait, the oldest waiting one answers 503.
class ConnectionPool : public httplib::TaskQueue {
 public:
  ConnectionPool(std::size_t threads, std::size_t max_queued, int evict_after_ms, ConnectionTable& table)
      : max_queued_(max_queued), evict_after_ms_(evict_after_ms), table_(table), idle_(threads) {
    for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
    threads_.emplace_back([this] { reap(); });
  }

  void enqueue(std::function<void()> fn) override {
    std::unique_lock<std::mutex> lock(mu_);
    make_room();
    if (jobs_.size() >= max_queued_) {
      std::function<void()> oldest = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      t_overflow = true;  // process_and_close_socket answers 503 and closes
      oldest();
      t_overflow = false;
      lock.lock();
    }
    jobs_.push_back(std::move(fn));
    cv_.notify_one();
  }

  ~ConnectionPool() override { shutdown(); }

  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    reaper_cv_.notify_all();
    for (std::thread& t : threads_) {
      if (t.joinable()) t.join();
    }
  }

 private:
  // Closes a connection waiting on its client (for long enough) for every queued one that has
  // no thread yet. Called with mu_ held.
  void make_room() {
    for (std::size_t waiting = jobs_.size() + 1; waiting > idle_; --waiting) {
      if (!table_.evict_oldest(now_ms(), evict_after_ms_)) break;
    }
  }

  // While connections wait for a thread, looks for clients that have become slow enough to
  // close: without it, a probe queued behind fresh slow clients would wait for their deadlines.
  void reap() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stopping_) {
      reaper_cv_.wait_for(lock, std::chrono::milliseconds(100));
      if (!jobs_.empty() && jobs_.size() > idle_) make_room();
    }
  }

  void work() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, and nothing left to serve
      std::function<void()> job = std::move(jobs_.back());
      jobs_.pop_back();
      --idle_;
      lock.unlock();
      job();
      lock.lock();
      ++idle_;
    }
  }

  const std::size_t max_queued_;
  const int evict_after_ms_;
  ConnectionTable& table_;
  std::mutex mu_;
  std::condition_variable cv_;              // a job or the stop, for the workers
  std::condition_variable reaper_cv_;       // the stop, for reap()
  std::deque<std::function<void()>> jobs_;  // guarded by mu_
  std::size_t idle_;                        // guarded by mu_
  bool stopping_ = false;                   // guarded by mu_
  std::vector<std::thread> threads_;
};

// Half-closes, then reads and drops what the client still sends (a body the answer refused) for
// up to `ms` or 16 MiB, so the client gets to read the answer instead of a connection reset.
void linger(int fd, int ms) {
  ::shutdown(fd, SHUT_WR);
  const std::int64_t deadline = now_ms() + ms;
  char sink[4096];
  for (std::size_t dropped = 0; dropped < (std::size_t{16} << 20);) {
    const ssize_t n = ::recv(fd, sink, sizeof sink, MSG_DONTWAIT);
    if (n > 0) {
      dropped += static_cast<std::size_t>(n);
      continue;
    }
    if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) return;
    if (!wait_until(fd, POLLIN, deadline)) return;
  }
}

void refuse_busy(int fd) {
  static constexpr char kBody[] = "{\"message\": \"too many connections; retry shortly\"}\n";
  const std::string answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: " +
                             std::to_string(sizeof kBody - 1) + "\r\nConnection: close\r\n\r\n" + kBody;
  (void)!::send(fd, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
}

}  // namespace

GuardedServer::GuardedServer(const ConnectionLimits& limits)
    : limits_(limits), table_([](int fd) { ::shutdown(fd, SHUT_RDWR); }) {
  new_task_queue = [this] {
    return new ConnectionPool(limits_.max_connections, limits_.max_queued, limits_.evict_after_ms, table_);
  };
  set_payload_max_length(limits_.max_body_bytes);
  set_keep_alive_timeout(limits_.keep_alive_ms / 1000);
}

void GuardedServer::stop_serving() {
  stop();
  table_.close_waiting();
}

bool GuardedServer::process_and_close_socket(socket_t sock) {
  if (t_overflow) {
    refuse_busy(sock);
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return false;
  }
  // httplib writes an answer's head and body separately: without TCP_NODELAY the body waits for
  // the client's delayed ACK (~40 ms per answer on a kept-alive connection).
  const int on = 1;
  ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  const std::uint64_t id = table_.add(sock, now_ms());
  DeadlineStream stream(sock, table_, id, limits_);
  t_stream = &stream;
  bool ok = true;
  for (std::size_t left = keep_alive_max_count_; left > 0 && svr_sock_ != INVALID_SOCKET; --left) {
    if (!stream.wait_for_request()) break;
    bool closed_by_client = false;
    ok = process_request(stream, left == 1, closed_by_client, nullptr);
    if (!ok || closed_by_client || stream.close_after()) break;
  }
  t_stream = nullptr;
  if (stream.adopted()) {  // its new owner closes it
    table_.remove(id);
    return ok;
  }
  if (stream.should_linger()) {
    table_.set_phase(id, ConnectionPhase::Idle, now_ms());  // evictable while it lingers
    linger(sock, limits_.linger_ms);
  }
  table_.remove(id);  // before close: the table never shuts down a descriptor number reused later
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

void GuardedServer::begin_body() {
  if (t_stream != nullptr) t_stream->begin_body();
}
void GuardedServer::begin_handling() {
  if (t_stream != nullptr) t_stream->begin_handling();
}
void GuardedServer::begin_streaming() {
  if (t_stream != nullptr) t_stream->begin_streaming();
}
void GuardedServer::close_after_response() {
  if (t_stream != nullptr) t_stream->close_after_response();
}
bool GuardedServer::body_over_limit() { return t_stream != nullptr && t_stream->over_limit(); }
int GuardedServer::adopt_connection() { return t_stream != nullptr ? t_stream->adopt() : -1; }

}  // namespace fleetwave::serve
