// The Webster / Sainte-Laguë apportionment Karmada uses to divide replicas
// (pkg/util/helper/webstermethod.go AllocateWebsterSeats, pkg/util/helper/binding.go Dispenser).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "workload/replica_interpreter.h"

namespace fleetwave {

// How two parties with equal priority and equal seats are ordered. Karmada derives it from the
// template's metadata.uid so that different workloads favour different clusters.
enum class TieBreak { NameAscending, NameDescending };

// 32-bit FNV-1a (Go's hash/fnv New32a).
std::uint32_t fnv32a(std::string_view data);

// tieBreakerByUID: an empty uid or an even fnv32a(uid) favours the smaller name, odd the larger.
TieBreak tie_break_for_uid(std::string_view uid);

struct Party {
  std::string name;
  std::int64_t votes = 0;
  std::int32_t seats = 0;
  bool operator==(const Party&) const = default;
};

// AllocateWebsterSeats: hands out `new_seats` one at a time to the party with the highest
// votes/(2*seats+1) (float64), ties to fewer seats, then by `tie_break` on the name. Parties only
// in `initial` take part with 0 votes. Returns every party sorted by name; empty when there are
// no parties.
std::vector<Party> allocate_webster_seats(std::int32_t new_seats, const std::map<std::string, std::int64_t>& votes,
                                          const std::map<std::string, std::int32_t>& initial, TieBreak tie_break);

struct ClusterWeight {
  std::string cluster;
  std::int64_t weight = 0;
};

// Dispenser.AllocateByWeight from an empty start: Webster over the weights, every cluster listed
// (zero shares included) sorted by name; empty when the weights sum to 0.
std::vector<TargetCluster> divide_by_weight(std::int32_t replicas, const std::vector<ClusterWeight>& weights,
                                            TieBreak tie_break);

}  // namespace fleetwave
