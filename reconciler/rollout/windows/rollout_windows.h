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
//         applications: ["shop*"]     # globs (* and ?)
//         namespaces: ["shop-*"]      # globs on the app's namespace
//         clusters: {labelSelector: {matchLabels: {env: prod}}}  # ClusterAffinity
//         andOperator: false          # true: every listed matcher must match; default: any
//         manualSync: false           # true: a person's promote is not held back
//         description: "CHG-1234"     # shown in the block reason
//
// A window is active at t when some trigger s of its schedule (a local time in its zone, mapped
// to an instant as time_zone.h documents) has s <= t < s + duration. Which steps it governs:
// applies() (Argo CD's SyncWindows.Matches, except that a window listing no matcher governs
// every step; Argo CD's would govern none).
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
  std::vector<std::string> applications;    // globs on the app name; empty: not listed
  std::vector<std::string> namespaces;      // globs on the app's namespace; empty: not listed
  std::optional<ClusterAffinity> clusters;  // absent: not listed
  bool and_operator = false;                // andOperator
  bool manual_sync = false;                 // manualSync
  std::string description;                  // free text, shown with the window's name
  std::string source;                       // "business-hours[0]": object name and index

  // Whether one of `applications` matches `app` (false when none is listed).
  bool lists_app(const std::string& app) const;
  // Whether the window governs a step of `app` (in namespace `app_namespace`, "" when unknown)
  // on `cluster`. No matcher listed: always. Otherwise, as Argo CD's SyncWindows.Matches: with
  // andOperator every listed matcher must match, else any one; an unlisted one never matches by
  // itself. nullptr stands for "no cluster yet" (a start): a listed cluster selector counts as
  // matching it, as the step may reach any cluster.
  bool applies(const std::string& app, const std::string& app_namespace, const Cluster* cluster) const;

  // The start (epoch ms) of the trigger whose span holds now_ms; nullopt when inactive.
  std::optional<std::int64_t> active_start(std::int64_t now_ms) const;
  // The first start after now_ms (strictly); nullopt when none within about 9 years.
  std::optional<std::int64_t> next_start(std::int64_t now_ms) const;

  std::string describe() const;  // "0 17 * * 5 Europe/Berlin, 63h"
  std::string name() const;      // the source, with the description when set: w[0] "CHG-1234"
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

// A rollout step the windows are asked about.
struct WindowStep {
  std::string app;
  std::string app_namespace;  // "" when unknown (the app's templates name several namespaces)
  // The clusters it would pin; empty for a step that pins nothing yet, such as a start.
  std::vector<const Cluster*> clusters;
  // A person's step (a promote): as Argo CD lets a manual sync through, a deny window with
  // manualSync does not block it, nor does being outside allow windows that all have manualSync.
  bool manual = false;
};

// Whether `step` must wait at now_ms. A step waits when any of its clusters does; for each
// cluster (or once, for no cluster):
//   - an active deny window that applies blocks until it ends (the latest end when several are
//     active; for a person's step, only windows without manualSync count);
//   - else, when allow windows apply and none is active, it waits until the next one opens
//     (unless it is a person's step and every one of them has manualSync).
// Deny windows are reported before allow windows. Rollback and pause are the caller's to exempt.
std::optional<WindowBlock> window_block(const std::vector<RolloutWindow>& windows, const WindowStep& step,
                                        std::int64_t now_ms);

// An automatic step of `app` (namespace unknown) touching `clusters`.
inline std::optional<WindowBlock> window_block(const std::vector<RolloutWindow>& windows, const std::string& app,
                                               const std::vector<const Cluster*>& clusters, std::int64_t now_ms) {
  return window_block(windows, WindowStep{app, "", clusters, false}, now_ms);
}

}  // namespace fleetwave
