// `fleetwave status` as text, rendered from the status document (status_view.h) so the text
// and JSON outputs always say the same thing. Deterministic.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "base/json.h"

namespace fleetwave::cli {

// `colour`: ANSI colours and symbols for a terminal (phases, verdicts, what waits). `now_ms`:
// ages next to the times ("started 3m12s ago", "pinned 2h ago"); none without it, so a report
// that is only appended when it changes does not change every second.
std::string format_status_text(const Json& document, bool colour = false,
                               std::optional<std::int64_t> now_ms = std::nullopt);

}  // namespace fleetwave::cli
