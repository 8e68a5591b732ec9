// Builds what one cluster receives for one binding, as the binding controller's ensureWork
// does: copy the template, write the cluster's replica share, apply overrides, prune.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "override/override_manager.h"
#include "render/binding_planner.h"
#include "render/fleet.h"

namespace fleetwave {

struct BuiltManifest {
  Json object;
  std::vector<std::string> applied_overrides;
};

// What a Lua ReviseReplica makes of the binding's template for a share of `replicas`, given
// the object exactly as build_manifest hands it over (with the metadata maps a claim adds);
// nullopt when no Lua layer revises the kind. The render cache stores one per distinct share.
Result<std::optional<Json>> lua_revised_template(const Fleet& fleet, const Binding& binding, std::int64_t replicas);

// `rules`: the override rules that match `cluster` (matching_override_rules), when the caller
// builds many manifests for it; nullptr to test them here. `take`: the template's object to
// move from instead of copying (a render that uses each template once).
Result<BuiltManifest> build_manifest(const Fleet& fleet, const Binding& binding, const Cluster& cluster,
                                     const MatchingRules* rules = nullptr, Json* take = nullptr);

}  // namespace fleetwave
