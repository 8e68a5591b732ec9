// Says each distinct message once rather than every cycle: a message is new the first cycle it
// is seen; while it repeats cycle after cycle it is counted, not logged; the cycle it is no
// longer seen, end_cycle() hands it back with how many cycles it lasted, so the log can say it
// stopped. Keys are whatever identifies the source (an app and its message).
//
// Thread-safety: single-threaded (the reconcile loop's thread).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace fleetwave::serve {

class RepeatFilter {
 public:
  // True when `key` was not seen in the previous cycle (say it); false when it repeats.
  bool seen(const std::string& key);
  // Ends a cycle: the keys of earlier cycles not seen in this one, with the cycles each lasted.
  std::vector<std::pair<std::string, int>> end_cycle();

 private:
  struct Count {
    int cycles = 0;
    bool this_cycle = false;
  };
  std::map<std::string, Count> counts_;
};

}  // namespace fleetwave::serve
