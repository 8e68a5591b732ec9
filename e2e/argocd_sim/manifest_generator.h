// The port through which the simulator asks for an Application's manifests (the repo-server's
// GenerateManifest). CmpPluginRunner is the real one; tests substitute a hand-written fake.
#pragma once

#include <vector>

#include "argocd_sim/cmp_environment.h"
#include "base/json.h"
#include "base/result.h"

namespace fleetwave::sim {

class ManifestGenerator {
 public:
  virtual ~ManifestGenerator() = default;
  // The objects the plugin prints for `context` (context.revision is the resolved commit).
  // InvalidInput: the plugin failed (Argo CD's ComparisonError; retrying the same revision gives
  // the same answer). Any other kind: the simulator's own trouble (Git, disk), worth a retry.
  [[nodiscard]] virtual Result<std::vector<Json>> generate(const CmpContext& context) = 0;
};

}  // namespace fleetwave::sim
