// One cluster's render through the render cache (cmp/render_cache.h): from the stored snapshot
// of these exact inputs when there is one, else from the inputs, storing the snapshot for the
// next cluster. The result is the same either way.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "cmp/render_cache.h"
#include "render/renderer.h"

namespace fleetwave {

// `keep`, when given, receives the fleet a full render prepared (instead of destroying it).
// `stream`, when given, receives the objects as they are built (RenderOutput::objects stays
// empty); on an error its text is incomplete and must not be printed.
// `parsed`, when given, is called once the render no longer reads the bundle's bytes (its fleet is
// loaded), so that the caller may let them go; errors returned after that are located with the
// bundle read again. Only without the cache: it stores the inputs' bytes in its entries.
Result<RenderOutput, ErrorList> render_through_cache(RenderCache& cache, const InputBundle& bundle,
                                                     const std::string& cluster,
                                                     std::optional<FleetRender>* keep = nullptr,
                                                     ObjectStream* stream = nullptr,
                                                     const std::function<void()>& parsed = {});

}  // namespace fleetwave
