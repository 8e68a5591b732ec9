// A C++ transcription of Go's src/sort/zsortinterface.go (BSD licence, The Go Authors). Signed
// indexes keep the arithmetic identical to Go's int.
#include "schedule/go_sort.h"

#include <bit>
#include <cstdint>

namespace fleetwave {
namespace {

using Index = std::int64_t;

enum class Hint { Unknown, Increasing, Decreasing };

class PdqSort {
 public:
  explicit PdqSort(const GoSortable& data) : d_(data) {}

  void sort(Index a, Index b, int limit);

 private:
  bool less(Index i, Index j) const { return d_.less(static_cast<std::size_t>(i), static_cast<std::size_t>(j)); }
  void swap(Index i, Index j) const { d_.swap(static_cast<std::size_t>(i), static_cast<std::size_t>(j)); }

  void insertion_sort(Index a, Index b) const {
    for (Index i = a + 1; i < b; ++i) {
      for (Index j = i; j > a && less(j, j - 1); --j) swap(j, j - 1);
    }
  }

  void sift_down(Index lo, Index hi, Index first) const {
    Index root = lo;
    for (;;) {
      Index child = 2 * root + 1;
      if (child >= hi) return;
      if (child + 1 < hi && less(first + child, first + child + 1)) ++child;
      if (!less(first + root, first + child)) return;
      swap(first + root, first + child);
      root = child;
    }
  }

  void heap_sort(Index a, Index b) const {
    Index first = a, lo = 0, hi = b - a;
    for (Index i = (hi - 1) / 2; i >= 0; --i) sift_down(i, hi, first);
    for (Index i = hi - 1; i >= 0; --i) {
      swap(first, first + i);
      sift_down(lo, i, first);
    }
  }

  std::pair<Index, bool> partition(Index a, Index b, Index pivot) const {
    swap(a, pivot);
    Index i = a + 1, j = b - 1;
    while (i <= j && less(i, a)) ++i;
    while (i <= j && !less(j, a)) --j;
    if (i > j) {
      swap(j, a);
      return {j, true};
    }
    swap(i, j);
    ++i;
    --j;
    for (;;) {
      while (i <= j && less(i, a)) ++i;
      while (i <= j && !less(j, a)) --j;
      if (i > j) break;
      swap(i, j);
      ++i;
      --j;
    }
    swap(j, a);
    return {j, false};
  }

  Index partition_equal(Index a, Index b, Index pivot) const {
    swap(a, pivot);
    Index i = a + 1, j = b - 1;
    for (;;) {
      while (i <= j && !less(a, i)) ++i;
      while (i <= j && less(a, j)) --j;
      if (i > j) break;
      swap(i, j);
      ++i;
      --j;
    }
    return i;
  }

  bool partial_insertion_sort(Index a, Index b) const {
    constexpr int kMaxSteps = 5;
    constexpr Index kShortestShifting = 50;
    Index i = a + 1;
    for (int step = 0; step < kMaxSteps; ++step) {
      while (i < b && !less(i, i - 1)) ++i;
      if (i == b) return true;
      if (b - a < kShortestShifting) return false;
      swap(i, i - 1);
      if (i - a >= 2) {
        for (Index j = i - 1; j >= 1; --j) {
          if (!less(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
      if (b - i >= 2) {
        for (Index j = i + 1; j < b; ++j) {
          if (!less(j, j - 1)) break;
          swap(j, j - 1);
        }
      }
    }
    return false;
  }

  void break_patterns(Index a, Index b) const {
    Index length = b - a;
    if (length < 8) return;
    std::uint64_t random = static_cast<std::uint64_t>(length);  // xorshift seeded with the length
    std::uint64_t modulus = std::uint64_t{1} << std::bit_width(static_cast<std::uint64_t>(length));
    for (Index idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1; ++idx) {
      random ^= random << 13;
      random ^= random >> 7;
      random ^= random << 17;
      auto other = static_cast<Index>(random & (modulus - 1));
      if (other >= length) other -= length;
      swap(idx, a + other);
    }
  }

  std::pair<Index, Index> order2(Index a, Index b, int& swaps) const {
    if (less(b, a)) {
      ++swaps;
      return {b, a};
    }
    return {a, b};
  }

  Index median(Index a, Index b, Index c, int& swaps) const {
    std::tie(a, b) = order2(a, b, swaps);
    std::tie(b, c) = order2(b, c, swaps);
    std::tie(a, b) = order2(a, b, swaps);
    (void)c;
    return b;
  }

  std::pair<Index, Hint> choose_pivot(Index a, Index b) const {
    constexpr Index kShortestNinther = 50;
    constexpr int kMaxSwaps = 4 * 3;
    Index l = b - a;
    int swaps = 0;
    Index i = a + l / 4 * 1, j = a + l / 4 * 2, k = a + l / 4 * 3;
    if (l >= 8) {
      if (l >= kShortestNinther) {
        i = median(i - 1, i, i + 1, swaps);
        j = median(j - 1, j, j + 1, swaps);
        k = median(k - 1, k, k + 1, swaps);
      }
      j = median(i, j, k, swaps);
    }
    if (swaps == 0) return {j, Hint::Increasing};
    if (swaps == kMaxSwaps) return {j, Hint::Decreasing};
    return {j, Hint::Unknown};
  }

  void reverse_range(Index a, Index b) const {
    for (Index i = a, j = b - 1; i < j; ++i, --j) swap(i, j);
  }

  const GoSortable& d_;
};

void PdqSort::sort(Index a, Index b, int limit) {
  constexpr Index kMaxInsertion = 12;
  bool was_balanced = true, was_partitioned = true;
  for (;;) {
    Index length = b - a;
    if (length <= kMaxInsertion) {
      insertion_sort(a, b);
      return;
    }
    if (limit == 0) {
      heap_sort(a, b);
      return;
    }
    if (!was_balanced) {
      break_patterns(a, b);
      --limit;
    }
    auto [pivot, hint] = choose_pivot(a, b);
    if (hint == Hint::Decreasing) {
      reverse_range(a, b);
      pivot = (b - 1) - (pivot - a);
      hint = Hint::Increasing;
    }
    if (was_balanced && was_partitioned && hint == Hint::Increasing && partial_insertion_sort(a, b)) return;
    if (a > 0 && !less(a - 1, pivot)) {
      a = partition_equal(a, b, pivot);
      continue;
    }
    auto [mid, already_partitioned] = partition(a, b, pivot);
    was_partitioned = already_partitioned;
    Index left = mid - a, right = b - mid, balance_threshold = length / 8;
    if (left < right) {
      was_balanced = left >= balance_threshold;
      sort(a, mid, limit);
      a = mid + 1;
    } else {
      was_balanced = right >= balance_threshold;
      sort(mid + 1, b, limit);
      b = mid;
    }
  }
}

}  // namespace

void go_sort(const GoSortable& data) {
  if (data.size <= 1) return;
  auto limit = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(data.size)));
  PdqSort(data).sort(0, static_cast<Index>(data.size), limit);
}

}  // namespace fleetwave
