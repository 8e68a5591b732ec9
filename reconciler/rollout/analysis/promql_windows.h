// How far back in time a PromQL query reads samples, and the same query bounded to read no
// further back than a given window. A measurement taken soon after a release started must not be
// judged by samples from before it: an instant selector answers with the last sample in
// Prometheus' lookback (5 minutes by default), a range selector with every sample in its range.
// Bounding rewrites each instant selector `s` to `last_over_time(s[W])` and clips each range to W,
// which Prometheus 2.42 (Debian 12) evaluates; its per-query `lookback_delta` parameter came in
// 2.43 and would not clip ranges anyway.
//
// Hand-written rather than a PromQL parser (none is packaged for C++): only what locates
// selectors is read -- strings, comments, brackets, braces, keywords, and the grouping label
// lists of `by`, `without`, `on`, `ignoring`, `group_left` and `group_right`. A query with a
// subquery cannot be bounded this way (the inner query is evaluated at earlier steps), nor one
// it cannot read; it is left as written. A selector with `offset` or `@` asks for older data on
// purpose and is left as written too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

// Prometheus' default --query.lookback-delta.
inline constexpr std::int64_t kDefaultLookbackMs = 5 * 60 * 1000;

class PromqlWindows {
 public:
  // A place the query reads samples from: an instant selector's text, or a range's duration.
  struct Edit {
    std::size_t begin = 0;
    std::size_t end = 0;
    bool instant = true;        // an instant selector; otherwise the duration inside [...]
    std::int64_t range_ms = 0;  // the range as written
  };

  static PromqlWindows of(std::string_view query);

  // False when the query is left as written (a subquery, or text the scanner cannot read).
  bool boundable() const { return boundable_; }
  // The widest window any bounded selector reads before its evaluation time: the lookback for
  // an instant selector, the range for a range selector; 0 when nothing is bounded.
  std::int64_t widest_ms() const { return widest_ms_; }
  // The query reading no sample older than `window_ms` (at least 1) before its evaluation time.
  std::string within(std::int64_t window_ms) const;

 private:
  std::string query_;
  std::vector<Edit> edits_;
  bool boundable_ = false;
  std::int64_t widest_ms_ = 0;
};

// A PromQL duration ("5m", "1h30m", "250ms") in milliseconds; -1 when it is not one.
std::int64_t promql_duration_ms(std::string_view text);

}  // namespace fleetwave
