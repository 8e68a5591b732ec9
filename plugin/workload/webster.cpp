#include "workload/webster.h"

#include <algorithm>
#include <bit>

namespace fleetwave {
namespace {

// Go computes float64(votes) / float64(2*seats+1) with int32 seats, so 2*seats+1 wraps above
// 2^30 seats; the wrap is reproduced rather than "fixed".
double priority(std::int64_t votes, std::int64_t seats) {
  auto denominator = static_cast<std::int32_t>(static_cast<std::uint32_t>(2 * seats + 1));
  return static_cast<double>(votes) / static_cast<double>(denominator);
}

// WebsterPriorityQueue.Less with the Dispenser's tie breaker: true when `a` gets the next seat
// before `b`. Names are unique, so this is a strict total order and the sequence of seats does not
// depend on how the heap is laid out.
bool wins(const Party& a, const Party& b, TieBreak tie_break) {
  double pa = priority(a.votes, a.seats);
  double pb = priority(b.votes, b.seats);
  if (pa != pb) return pa > pb;
  if (a.seats != b.seats) return a.seats < b.seats;
  return tie_break == TieBreak::NameAscending ? a.name < b.name : a.name > b.name;
}

constexpr std::int64_t kLastUnwrappedSeat = std::int64_t{1} << 30;

// How many further seats `p` would take whose priority is strictly above `threshold`, looking at
// most `limit` seats ahead. Only parties with positive votes qualify; their priorities fall with
// every seat until the int32 wrap.
std::int64_t seats_above(const Party& p, double threshold, std::int64_t limit) {
  if (p.votes <= 0) return 0;
  std::int64_t lo = p.seats;
  std::int64_t hi = std::min<std::int64_t>(p.seats + limit, kLastUnwrappedSeat);
  if (lo >= hi) return 0;
  while (lo < hi) {  // first seat count whose priority is <= threshold
    std::int64_t mid = lo + (hi - lo) / 2;
    if (priority(p.votes, mid) > threshold) lo = mid + 1;
    else hi = mid;
  }
  return lo - p.seats;
}

std::int64_t total_above(const std::vector<Party>& parties, double threshold, std::int64_t limit) {
  std::int64_t total = 0;
  for (const Party& p : parties) total += seats_above(p, threshold, limit);
  return total;
}

// Seats that the one-at-a-time method is certain to hand out first: every seat whose priority
// exceeds the smallest threshold t with at most `seats` such seats. Each party's seats above t
// come before its others, and before any seat at or below t of any party, so granting them up
// front yields exactly the state the sequential method reaches after that many rounds. This keeps
// huge replica counts from taking one heap operation per replica.
std::int64_t prefill(std::vector<Party>& parties, std::int64_t seats) {
  double highest = 0;
  for (const Party& p : parties) {
    if (p.votes > 0) highest = std::max(highest, priority(p.votes, p.seats));
  }
  if (highest <= 0) return 0;
  // Positive doubles order like their bit patterns, so bisect over those.
  std::uint64_t lo = 0, hi = std::bit_cast<std::uint64_t>(highest);
  while (lo < hi) {
    std::uint64_t mid = lo + (hi - lo) / 2;
    if (total_above(parties, std::bit_cast<double>(mid), seats) <= seats) hi = mid;
    else lo = mid + 1;
  }
  double threshold = std::bit_cast<double>(hi);
  std::int64_t granted = 0;
  for (Party& p : parties) {
    std::int64_t n = seats_above(p, threshold, seats);
    p.seats = static_cast<std::int32_t>(p.seats + n);
    granted += n;
  }
  return granted;
}

}  // namespace

std::uint32_t fnv32a(std::string_view data) {
  std::uint32_t hash = 2166136261u;
  for (unsigned char c : data) {
    hash ^= c;
    hash *= 16777619u;
  }
  return hash;
}

TieBreak tie_break_for_uid(std::string_view uid) {
  if (uid.empty()) return TieBreak::NameAscending;
  return (fnv32a(uid) & 1u) == 1u ? TieBreak::NameDescending : TieBreak::NameAscending;
}

std::vector<Party> allocate_webster_seats(std::int32_t new_seats, const std::map<std::string, std::int64_t>& votes,
                                          const std::map<std::string, std::int32_t>& initial, TieBreak tie_break) {
  std::map<std::string, Party> by_name;
  for (const auto& [name, seats] : initial) by_name[name] = Party{name, 0, seats};
  for (const auto& [name, v] : votes) {
    Party& p = by_name[name];
    p.name = name;
    p.votes = v;
  }
  std::vector<Party> parties;
  for (auto& [name, p] : by_name) parties.push_back(std::move(p));
  if (parties.empty()) return parties;

  std::int64_t remaining = new_seats > 0 ? new_seats : 0;
  remaining -= prefill(parties, remaining);
  // Max-heap on "wins": the top is the party that gets the next seat.
  auto heap_less = [tie_break](const Party& a, const Party& b) { return wins(b, a, tie_break); };
  std::make_heap(parties.begin(), parties.end(), heap_less);
  for (; remaining > 0; --remaining) {
    std::pop_heap(parties.begin(), parties.end(), heap_less);
    ++parties.back().seats;
    std::push_heap(parties.begin(), parties.end(), heap_less);
  }
  std::sort(parties.begin(), parties.end(), [](const Party& a, const Party& b) { return a.name < b.name; });
  return parties;
}

std::vector<TargetCluster> divide_by_weight(std::int32_t replicas, const std::vector<ClusterWeight>& weights,
                                            TieBreak tie_break) {
  std::int64_t sum = 0;
  std::map<std::string, std::int64_t> votes;
  for (const ClusterWeight& w : weights) {
    sum += w.weight;
    votes[w.cluster] = w.weight;
  }
  std::vector<TargetCluster> out;
  if (sum == 0) return out;
  for (const Party& p : allocate_webster_seats(replicas, votes, {}, tie_break)) out.push_back({p.name, p.seats});
  return out;
}

}  // namespace fleetwave
