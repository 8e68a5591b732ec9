// A member cluster of the fleet inventory (cluster.karmada.io/v1alpha1 Cluster).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/json.h"
#include "model/json_fields.h"
#include "model/problems.h"

namespace fleetwave {

struct Taint {
  std::string key;
  std::string value;
  std::string effect;  // NoSchedule | NoExecute
  bool operator==(const Taint&) const = default;
};

struct Cluster {
  std::string name;
  StringMap labels;
  std::string provider;
  std::string region;
  std::vector<std::string> zones;  // spec.zones, or the legacy spec.zone migrated as Karmada does
  std::vector<Taint> taints;
  std::string api_endpoint;
  // "group/version/Kind" for each entry of status.apiEnablements; empty = no discovery data,
  // which fleetwave treats as "every API enabled".
  std::set<std::string> enabled_apis;
  bool has_api_enablements = false;      // status.apiEnablements is present and non-empty
  std::optional<Json> resource_summary;  // status.resourceSummary, raw (read by the estimator)
  std::optional<Json> resource_models;   // spec.resourceModels, raw (read by the estimator)
};

// Parses one Cluster object. Unknown fields are allowed (inventories are often exported from
// a live control plane); wrongly typed known fields are problems.
Cluster parse_cluster(const Json& object, Problems& problems);

// Karmada's APIEnablement check with fleetwave's convention for missing discovery data.
bool cluster_api_enabled(const Cluster& cluster, const std::string& api_version, const std::string& kind);

}  // namespace fleetwave
