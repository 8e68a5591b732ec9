// The parsed, validated inputs of a render: inventory, policies and resource templates.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/error.h"
#include "base/json.h"
#include "match/selector_match.h"
#include "model/cluster.h"
#include "model/override_policy.h"
#include "model/propagation_policy.h"

namespace fleetwave {

// Where an object was read from, for messages ("apps/web/deploy.yaml:12").
struct ObjectSource {
  std::string file;
  int line = 0;
  std::size_t document = 0;  // index of the document in the file
  std::string describe() const { return line > 0 ? file + ":" + std::to_string(line) : file; }
};

struct ResourceTemplate {
  Json object;
  ResourceIdentity id;  // id.namespace_ is the effective namespace ("" when cluster-scoped)
  bool namespaced = true;
  ObjectSource source;
};

struct Fleet {
  std::vector<Cluster> clusters;  // sorted by name
  std::vector<PropagationPolicy> propagation_policies;
  std::vector<OverridePolicy> override_policies;
  std::vector<ResourceTemplate> templates;  // sorted by apiVersion, kind, namespace, name
  std::optional<Json> wave_plan;            // the app's WavePlan, unvalidated
  std::optional<ObjectSource> wave_plan_source;
  // The objects the clusters, propagation policies and override policies above were parsed
  // from (same order): the render cache (render/fleet_snapshot.h) keeps these and parses
  // only what one cluster's render needs.
  std::vector<Json> cluster_objects;
  std::vector<Json> propagation_policy_objects;
  std::vector<Json> override_policy_objects;

  const Cluster* find_cluster(const std::string& name) const;
};

}  // namespace fleetwave
