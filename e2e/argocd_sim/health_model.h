// How the simulated clusters' workloads become healthy: after a sync that changed objects the
// app is Progressing for a while, then Healthy, or Degraded when a Deployment runs an image
// whose tag contains "broken" (the demo's and the tests' way to ship a bad release). Pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/json.h"

namespace fleetwave::sim {

struct HealthStatus {
  std::string status;   // Healthy | Progressing | Degraded | Missing
  std::string message;  // "" when none

  bool operator==(const HealthStatus&) const = default;
};

// The tag of an image reference; the text after the last ':' of the last path segment when the
// reference does not parse ("" when there is none).
std::string image_tag(const std::string& image);

// Argo CD's message for the first Deployment (in object order) with a container or init
// container image whose tag contains "broken":
// `Deployment "web" exceeded its progress deadline`; nullopt when every image is fine.
std::optional<std::string> degraded_reason(const std::vector<Json>& objects);

struct HealthInputs {
  bool deployed = false;                // a sync has put the app's objects on its cluster
  std::int64_t progress_until_ms = 0;   // rolling out until then
  std::optional<std::string> degraded;  // degraded_reason of the live objects
};

// Missing before the first sync, Progressing until progress_until_ms, then Degraded or Healthy.
HealthStatus evaluate_health(const HealthInputs& inputs, std::int64_t now_ms);

}  // namespace fleetwave::sim
