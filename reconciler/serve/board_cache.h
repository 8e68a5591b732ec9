// The board's pages and live events, built once per snapshot, page and wall-clock second and
// shared by every viewer who asks meanwhile: with N viewers serve builds and holds one copy, not
// N (at 50 apps x 1,000 clusters the fleet page is 13 MB and 0.15 s to build). A viewer asking
// while the page is being built waits for that build instead of starting its own.
//
// Thread-safety: get() may be called from any thread.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>

namespace fleetwave::serve {

struct Snapshot;

class BoardCache {
 public:
  using Text = std::shared_ptr<const std::string>;

  // The text for (`snapshot`, `key`, `second`), from `build` the first time. Entries of other
  // snapshots, and of older seconds of the same key, are dropped as soon as a newer one is asked
  // for, so the cache keeps at most one text per page and never an old snapshot alive; at most
  // kEntries entries are kept. A build that throws is not kept: the
  // viewers waiting on it get the exception, the next one builds again.
  Text get(const std::shared_ptr<const Snapshot>& snapshot, const std::string& key, std::int64_t second,
           const std::function<std::string()>& build);

  static constexpr std::size_t kEntries = 16;

 private:
  struct Entry {
    std::shared_ptr<const Snapshot> snapshot;
    std::string key;
    std::int64_t second = 0;
    std::shared_future<Text> text;
  };
  std::mutex mu_;
  std::deque<Entry> entries_;  // guarded by mu_; oldest first
};

}  // namespace fleetwave::serve
