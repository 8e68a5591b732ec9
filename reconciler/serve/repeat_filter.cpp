#include "serve/repeat_filter.h"

namespace fleetwave::serve {

bool RepeatFilter::seen(const std::string& key) {
  Count& c = counts_[key];
  if (c.this_cycle) return false;  // twice in one cycle: said already
  c.this_cycle = true;
  return ++c.cycles == 1;
}

std::vector<std::pair<std::string, int>> RepeatFilter::end_cycle() {
  std::vector<std::pair<std::string, int>> ended;
  for (auto it = counts_.begin(); it != counts_.end();) {
    if (!it->second.this_cycle) {
      ended.emplace_back(it->first, it->second.cycles);
      it = counts_.erase(it);
    } else {
      it->second.this_cycle = false;
      ++it;
    }
  }
  return ended;
}

}  // namespace fleetwave::serve
