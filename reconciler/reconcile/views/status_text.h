// `fleetwave status` as text, rendered from the status document (status_view.h) so the text
// and JSON outputs always say the same thing. Deterministic.
#pragma once

#include <string>

#include "base/json.h"

namespace fleetwave::cli {

// `colour`: ANSI colours and symbols for a terminal (phases, verdicts, what waits).
std::string format_status_text(const Json& document, bool colour = false);

}  // namespace fleetwave::cli
