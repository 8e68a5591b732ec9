// The board's live event streams (Server-Sent Events), every one on a single thread: a stream
// holds no connection thread, so a hundred viewers (or a thousand) watch while the connection
// threads stay free for the API, the probes and the webhooks. After each published snapshot
// every stream gets its page's live part, text shared by every viewer of that page (BoardCache
// builds it once per page and second), written without blocking; to a browser that accepts gzip,
// as a gzip stream whose every event was compressed once for all such viewers
// (serve/gzip_text.h). A viewer that closes its tab
// frees its slot at once (its socket reads end-of-file); one that takes nothing for write_ms is
// closed; a stream ends after max_life_ms (the browser reconnects and catches up by
// Last-Event-ID) and sends a comment after keep_alive_ms of quiet, so proxies keep it open.
//
// Thread-safety: add(), streams() and stop() may be called from any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace fleetwave::serve {

struct EventHubLimits {
  std::size_t max_streams = 1000;
  std::int64_t write_ms = 10'000;
  std::int64_t keep_alive_ms = 15'000;
  std::int64_t max_life_ms = 10 * 60'000;
};

class EventHub {
 public:
  // The newest published snapshot's generation (0: none yet).
  using Generation = std::function<std::uint64_t()>;
  // The event of `app`'s page ("" = the fleet page) at `generation`, as a deflate segment when
  // `gzip` (gzip_text.h's deflate_segment); null or "" sends nothing.
  using EventText =
      std::function<std::shared_ptr<const std::string>(const std::string& app, std::uint64_t generation, bool gzip)>;

  EventHub(Generation generation, EventText event, EventHubLimits limits = {});
  ~EventHub();
  EventHub(const EventHub&) = delete;
  EventHub& operator=(const EventHub&) = delete;

  bool has_room() const;
  // Takes the connected socket `fd` (a request for the event stream of `app`'s page, already
  // read) and answers it from now on: the response head, then an event for every generation
  // after `seen`, gzipped when `gzip`. When full or stopped, it answers 503 and closes the socket.
  void add(int fd, std::string app, std::uint64_t seen, bool gzip = false);
  std::size_t streams() const { return count_.load(); }
  // Closes every stream and ends the thread. Idempotent.
  void stop();

 private:
  struct Stream {
    int fd = -1;
    std::string app;
    std::uint64_t sent = 0;  // the generation the viewer has
    bool gzip = false;
    std::deque<std::shared_ptr<const std::string>> out;  // what is still to be written
    std::size_t offset = 0;                              // into out.front()
    std::int64_t opened_ms = 0, progress_ms = 0, written_ms = 0;
    bool closed = false;
  };
  void run();
  void take_new(std::vector<Stream>& streams);
  void queue_events(std::vector<Stream>& streams, std::int64_t now);
  void wait(std::vector<Stream>& streams);

  const Generation generation_;
  const EventText event_;
  const EventHubLimits limits_;
  int wake_[2] = {-1, -1};  // a pipe: add() and stop() wake the thread's poll
  mutable std::mutex mu_;
  std::vector<Stream> incoming_;  // guarded by mu_
  bool stopping_ = false;         // guarded by mu_
  std::atomic<std::size_t> count_{0};
  std::thread thread_;
};

}  // namespace fleetwave::serve
