// Temporary no-op; the full override manager replaces it.
#include "override/override_manager.h"

namespace fleetwave {

Result<std::vector<std::string>> apply_overrides(Json&, const OverrideContext&) { return std::vector<std::string>{}; }

}  // namespace fleetwave
