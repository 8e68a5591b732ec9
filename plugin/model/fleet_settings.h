// FleetSettings (a fleetwave.io/v1alpha1 object in policies/): fleet-wide choices fleetwave
// makes where Karmada has no equivalent. Only the reconciler acts on them; a render never reads
// them, so fleetwave-render's output stays exactly Karmada's.
#pragma once

#include <string>

#include "base/json.h"
#include "model/problems.h"

namespace fleetwave {

// Karmada's namespace sync controller sends every Namespace to every cluster. `Include` keeps
// that: a cluster that receives only Namespaces still gets an Argo CD Application and a wave.
// `Skip` gives such a cluster neither (one Application per cluster that runs something).
enum class NamespaceOnlyClusters { Include, Skip };

// spec.hydration (docs/formats.md, "Hydrated mode"): the reconciler also commits what each
// cluster runs, rendered, to a branch Argo CD syncs as plain directories. Off when no branch.
// Who writes the branch (spec.hydration.hydrator): the reconciler, after each step (the
// default), or Argo CD's Source Hydrator, rendering each Application's pin through the fleetwave
// plugin; then the reconciler only reads the branch, to map Argo CD's hydrated revisions back
// to the pins.
enum class HydratedBy { Fleetwave, ArgoCd };

struct HydrationSettings {
  std::string target_branch;  // spec.hydration.targetBranch; "" = hydration off
  // spec.hydration.enabled: whether apps are hydrated unless their WavePlan says spec.hydrate.
  bool enabled = true;
  HydratedBy hydrated_by = HydratedBy::Fleetwave;
  bool on() const { return !target_branch.empty(); }
};

struct FleetSettings {
  NamespaceOnlyClusters namespace_only_clusters = NamespaceOnlyClusters::Include;
  HydrationSettings hydration;
};

inline constexpr const char* kFleetSettingsKind = "FleetSettings";

// The settings of one FleetSettings document; problems name the field ("spec.namespaceOnlyClusters").
FleetSettings parse_fleet_settings(const Json& document, Problems& problems);

}  // namespace fleetwave
