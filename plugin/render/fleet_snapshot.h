// A prepared fleet (loaded, validated and planned) in a compact form that renders any one
// cluster without parsing the rest: the render cache (cmp/render_cache.h) stores one per input
// digest, so the 2nd..Nth cluster of a release skip reading YAML, validating and scheduling.
//
// Rendering from a snapshot builds the same manifests through the same code as FleetRender:
// it restores a Fleet holding that cluster, the policies that matter to it (parsed from their
// stored objects) and the templates bound to it, with their planned bindings.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "render/renderer.h"

namespace fleetwave {

// `default_namespace` as given to the loader (policies are parsed again with it).
std::string encode_fleet_snapshot(const FleetRender& render, const std::string& default_namespace);

// The render of `cluster`, with FleetRender::render's result and errors (its objects go to
// `stream` when one is given). nullopt when the snapshot cannot be read (truncated, from
// another layout): the caller renders from the inputs.
std::optional<Result<RenderOutput, ErrorList>> render_from_snapshot(std::string_view snapshot,
                                                                    const std::string& cluster,
                                                                    ObjectStream* stream = nullptr);

}  // namespace fleetwave
