// RolloutWindows (fleetwave.io/v1alpha1, a file under policies/ of the fleet repo): cron-scheduled
// spans when rollouts of matching apps and clusters may (allow) or may not (deny) move, with
// Argo CD sync-window semantics. Pure: time zones come through the injected loader
// (window_timing.h, which holds the cron and time-zone readers; only the files that parse or
// evaluate windows include it).
//
//   spec:
//     windows:
//       - kind: deny                  # allow | deny
//         schedule: "0 17 * * 5"      # cron_schedule.h, in timeZone
//         duration: 63h               # Go duration, at most 8784h (366 days)
//         timeZone: Europe/Berlin     # IANA name; default UTC
//         applications: ["shop*"]     # globs (* and ?); absent or empty: every app
//         clusters: {labelSelector: {matchLabels: {env: prod}}}  # ClusterAffinity; absent: every cluster
//
// A window is active at t when some trigger s of its schedule (a local time in its zone, mapped
// to an instant as time_zone.h documents) has s <= t < s + duration.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "model/cluster.h"
#include "model/problems.h"
#include "model/selectors.h"

namespace fleetwave {

enum class WindowKind { Allow, Deny };

const char* to_string(WindowKind kind);  // "allow" | "deny"

struct WindowTiming;  // window_timing.h: the cron schedule and the time zone

inline constexpr std::int64_t kMaxWindowDurationMs = 366LL * 24 * 3'600'000;

struct RolloutWindow {
  WindowKind kind = WindowKind::Deny;
  std::shared_ptr<const WindowTiming> timing;  // set by parse_rollout_windows; null: never active
  std::string schedule_text;
  std::int64_t duration_ms = 0;
  std::string zone_name = "UTC";
  std::vector<std::string> applications;    // globs; empty = every app
  std::optional<ClusterAffinity> clusters;  // absent = every cluster
  std::string source;                       // "business-hours[0]": object name and index

  bool applies_to_app(const std::string& app) const;
  // nullptr stands for "no cluster yet" (a start) and always applies.
  bool applies_to_cluster(const Cluster* cluster) const;

  // The start (epoch ms) of the trigger whose span holds now_ms; nullopt when inactive.
  std::optional<std::int64_t> active_start(std::int64_t now_ms) const;
  // The first start after now_ms (strictly); nullopt when none within about 9 years.
  std::optional<std::int64_t> next_start(std::int64_t now_ms) const;

  std::string describe() const;  // "0 17 * * 5 Europe/Berlin, 63h"
};

// Validates a RolloutWindows object; every problem is reported at its field
// (spec.windows[0].schedule, spec.windows[1].timeZone, ...). Time zones are read from
// /usr/share/zoneinfo (window_timing.h takes another loader).
std::vector<RolloutWindow> parse_rollout_windows(const Json& object, Problems& problems);

// Shell-style glob on the whole name: '*' any run of characters (also none), '?' one character,
// everything else literal.
bool glob_match(std::string_view pattern, std::string_view name);

struct WindowBlock {
  std::string reason;                    // names the window and when the block ends
  std::optional<std::int64_t> until_ms;  // nullopt: no allow window ever opens again
};

// Whether a rollout step of `app` touching `clusters` (the clusters it would pin; empty for a
// step that pins nothing yet, such as a start) must wait at now_ms. A step waits when any of its
// clusters does; for each cluster (or once, for no cluster):
//   - an active deny window that applies blocks until it ends (the latest end when several are
//     active);
//   - else, when allow windows apply and none is active, it waits until the next one opens.
// Deny windows are reported before allow windows. Rollback and pause are the caller's to exempt.
std::optional<WindowBlock> window_block(const std::vector<RolloutWindow>& windows, const std::string& app,
                                        const std::vector<const Cluster*>& clusters, std::int64_t now_ms);

}  // namespace fleetwave
