// Writes one synthetic fleet twice: as a fleetwave repository (templates + Karmada policies +
// Cluster inventory) and as the equivalent kustomize base + per-cluster overlays, shaped like
// a kustomize baseline of the same fleet (one overlay per cluster). Both forms
// must render the same objects for every cluster; the benchmark checks that before timing.
#pragma once

#include <filesystem>

namespace fleetwave::bench {

struct FleetShape {
  int templates = 100;  // resources, in apps of five (Deployment, Service, ConfigMap, HPA, SA)
  int clusters = 100;
  int extra_rules = 0;    // more override rules per cluster (annotations), fleetwave form only
  bool kustomize = true;  // also write the kustomize form (one overlay per cluster)
  // The inventory as one file per Cluster (clusters/cluster-NNN.yaml), or as one file of
  // documents (clusters/inventory.yaml).
  bool file_per_cluster = true;
};

// Creates <dir>/fleetwave (repo root; app at apps/shop) and <dir>/kustomize
// (base/ and overlays/cluster-NNN). Returns false on I/O failure.
bool generate_fleet(const std::filesystem::path& dir, const FleetShape& shape);

std::string cluster_name(int index);

}  // namespace fleetwave::bench
