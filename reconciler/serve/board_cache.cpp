#include "serve/board_cache.h"

#include <algorithm>
#include <exception>
#include <optional>

namespace fleetwave::serve {

BoardCache::Text BoardCache::get(const std::shared_ptr<const Snapshot>& snapshot, const std::string& key,
                                 std::int64_t second, const std::function<std::string()>& build) {
  std::promise<Text> promise;
  std::optional<std::shared_future<Text>> shared;
  {
    std::lock_guard<std::mutex> lock(mu_);
    // Only the current snapshot, and per key only the newest second, are worth keeping.
    entries_.erase(
        std::remove_if(entries_.begin(), entries_.end(),
                       [&](const Entry& e) { return e.snapshot != snapshot || (e.key == key && e.second < second); }),
        entries_.end());
    for (const Entry& e : entries_) {
      if (e.key == key && e.second == second) shared = e.text;
    }
    if (!shared) {
      if (entries_.size() >= kEntries) entries_.pop_front();
      entries_.push_back(Entry{snapshot, key, second, promise.get_future().share()});
    }
  }
  if (shared) return shared->get();  // built, or being built by another viewer: wait for it
  try {
    Text text = std::make_shared<const std::string>(build());
    promise.set_value(text);
    return text;
  } catch (...) {
    promise.set_exception(std::current_exception());  // for the viewers waiting on this build
    std::lock_guard<std::mutex> lock(mu_);            // the next one builds again
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                  [&](const Entry& e) { return e.key == key && e.second == second; }),
                   entries_.end());
    throw;
  }
}

}  // namespace fleetwave::serve
