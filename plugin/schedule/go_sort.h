// Go's sort.Sort (pattern-defeating quicksort, Go >= 1.19), reproduced step for step.
//
// Karmada sorts some lists with a Less that has ties (for example the dynamic-weight candidates,
// ordered by available replicas only). sort.Sort is not stable: for more than 12 elements the
// order of tied elements depends on the exact algorithm, and with Aggregated division that order
// decides which clusters receive replicas. Porting the algorithm keeps fleetwave's choice equal to
// Karmada's. For total orders any sort gives the same result and std::sort is used instead.
#pragma once

#include <cstddef>
#include <functional>

namespace fleetwave {

// sort.Interface over indexes [0, n).
struct GoSortable {
  std::size_t size = 0;
  std::function<bool(std::size_t, std::size_t)> less;
  std::function<void(std::size_t, std::size_t)> swap;
};

// sort.Sort(data).
void go_sort(const GoSortable& data);

}  // namespace fleetwave
