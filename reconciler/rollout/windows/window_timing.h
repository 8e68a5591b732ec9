// When a rollout window triggers: its cron schedule read in its time zone. Held by RolloutWindow
// through a pointer so that the cron and TZif readers reach only the files that parse or evaluate
// windows, not every user of rollout_windows.h.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "model/problems.h"
#include "rollout/windows/cron_schedule.h"
#include "rollout/windows/rollout_windows.h"
#include "rollout/windows/time_zone.h"

namespace fleetwave {

struct WindowTiming {
  CronSchedule schedule;
  TimeZone zone;
};

// Resolves a timeZone value; errors are reported at the field as they are.
using TimeZoneLoader = std::function<Result<TimeZone>(const std::string& name)>;

// load_time_zone through `reader` (the default reads /usr/share/zoneinfo).
TimeZoneLoader zoneinfo_loader(TimeZoneReader reader = read_zoneinfo_file);

// parse_rollout_windows with the time zones from `loader`.
std::vector<RolloutWindow> parse_rollout_windows(const Json& object, Problems& problems, const TimeZoneLoader& loader);

}  // namespace fleetwave
