#include "base/nearest_name.h"

#include <algorithm>
#include <cctype>

namespace fleetwave {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t sub = prev[j - 1] + (std::tolower(a[i - 1]) == std::tolower(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string nearest_name(std::string_view name, const std::vector<std::string_view>& candidates,
                         std::size_t max_edits) {
  std::string_view best;
  std::size_t best_distance = max_edits + 1;
  for (std::string_view candidate : candidates) {
    const std::size_t d = edit_distance(name, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return std::string(best);
}

std::string nearest_word(std::string_view word, const std::vector<std::string_view>& candidates) {
  return nearest_name(word, candidates, std::max<std::size_t>(1, word.size() / 3));
}

std::string flag_suggestion(std::string_view typed, const std::vector<std::string_view>& flags) {
  while (!typed.empty() && typed.front() == '-') typed.remove_prefix(1);
  const std::string near = nearest_word(typed, flags);
  return near.empty() ? "" : "; did you mean --" + near + "?";
}

}  // namespace fleetwave
