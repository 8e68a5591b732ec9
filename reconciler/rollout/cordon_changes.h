// The commits of `fleetwave cordon|uncordon` and of automatic failover: a new content of the
// cordon overlay (.fleetwave/cordons.yaml, model/cordons.h) and its message. Pure.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "model/cordons.h"
#include "rollout/commit_message.h"

namespace fleetwave {

struct CordonChange {
  std::vector<Cordon> next;
  CommitMessage message;
};

// "cordoned by Jane <jane@example.com> since ...: kernel upgrade (taint ...)", for status.
std::string describe_cordon(const Cordon& cordon);

// Adds `cordon`. Refused for a cluster the inventory (`inventory`: cluster names at the head)
// does not have, naming the clusters it has, and for a cluster already cordoned.
Result<CordonChange> cordon_change(const std::vector<Cordon>& current, const std::vector<std::string>& inventory,
                                   Cordon cordon, const std::string& evidence);

// Removes the cordons of `clusters`; refused for a cluster that is not cordoned.
Result<CordonChange> uncordon_change(const std::vector<Cordon>& current, const std::vector<std::string>& clusters);

}  // namespace fleetwave
