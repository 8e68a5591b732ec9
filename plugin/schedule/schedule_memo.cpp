#include "schedule/schedule_memo.h"

namespace fleetwave {

std::shared_ptr<const ScheduleResult> ScheduleMemo::schedule(const ScheduleRequest& request) {
  const std::optional<ReplicaRequirements>& req = request.replicas.requirements;
  Requirements requirements =
      req ? Requirements{true, req->requests, req->has_node_claim} : Requirements{false, {}, false};
  Key key{request.placement,         request.api_version,     request.kind,
          request.replicas.replicas, std::move(requirements), tie_break_for_uid(request.uid)};
  auto it = results_.find(key);
  if (it == results_.end())
    it = results_.emplace(std::move(key), std::make_shared<const ScheduleResult>(fleetwave::schedule(request))).first;
  return it->second;
}

}  // namespace fleetwave
