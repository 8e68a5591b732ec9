// Memoised first schedules. A schedule is a pure function of the placement, the resource's
// apiVersion/kind, its replicas and requirements, the Webster tie-break its uid picks, and the
// inventory; a fleet's templates mostly share a handful of policies, so one render schedules
// each distinct combination once instead of once per template (1,000 templates over 100
// clusters: from ~45% of a render to ~1%).
#pragma once

#include <map>
#include <memory>
#include <tuple>

#include "schedule/scheduler.h"
#include "workload/webster.h"

namespace fleetwave {

// One memo per inventory: requests must all point at the same `clusters`.
class ScheduleMemo {
 public:
  std::shared_ptr<const ScheduleResult> schedule(const ScheduleRequest& request);

 private:
  using Requirements = std::tuple<bool, std::map<std::string, std::int64_t>, bool>;
  using Key = std::tuple<const Placement*, std::string, std::string, std::int64_t, Requirements, TieBreak>;
  std::map<Key, std::shared_ptr<const ScheduleResult>> results_;
};

}  // namespace fleetwave
