// Cordons: Karmada taints fleetwave adds to clusters of the inventory (`fleetwave cordon`,
// automatic failover), kept in the fleetwave-owned overlay .fleetwave/cordons.yaml. The
// renderer applies each cordon's taint to its cluster, so Karmada's TaintToleration filter moves
// the cluster's replicas to the others; the overlay is an input of every app (docs/formats.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "model/cluster.h"
#include "model/problems.h"

namespace fleetwave {

inline constexpr const char* kCordonsPath = ".fleetwave/cordons.yaml";
inline constexpr const char* kDefaultCordonTaint = "cluster.karmada.io/not-ready:NoExecute";

struct Cordon {
  std::string cluster;
  Taint taint;
  std::string reason;
  std::string by;  // "Name <email>" of who cordoned, or fleetwave for an automatic failover
  std::int64_t since_ms = 0;
  bool automatic = false;  // cordoned by fleetwave's failover (never un-cordoned by it)
  bool operator==(const Cordon&) const = default;
};

// "key[=value]:Effect", as Karmada prints a taint.
std::string taint_text(const Taint& taint);

// Parses "key[=value]:Effect" and checks it as Karmada's cluster validation does (a qualified
// key, a label value, NoSchedule or NoExecute); the error says what to write instead.
Result<Taint> parse_taint(const std::string& text);
// The same checks on a parsed taint, recorded at `at`.
void check_taint(const Taint& taint, const FieldPath& at, Problems& problems);

// The overlay as a document (apiVersion, kind, cordons); serialize_cordons writes it as YAML.
Json cordons_document(const std::vector<Cordon>& cordons);
std::string serialize_cordons(const std::vector<Cordon>& cordons);
// Problems carry fields ("cordons[0].taint.effect"); the caller adds file and line.
std::vector<Cordon> parse_cordons(const Json& document, Problems& problems);

// Adds each cordon's taint to the Cluster object of its cluster (spec.taints), replacing a taint
// of the same key and effect, which Karmada would reject as a duplicate. Returns the names of
// cordoned clusters the inventory does not have.
std::vector<std::string> apply_cordons(const std::vector<Cordon>& cordons, std::vector<Json>& cluster_objects);

const Cordon* find_cordon(const std::vector<Cordon>& cordons, const std::string& cluster);

}  // namespace fleetwave
