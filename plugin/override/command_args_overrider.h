// commandOverrider and argsOverrider (pkg/util/overridemanager/commandargsoverride.go): add
// or remove entries of a named container's command or args.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "model/override_policy.h"
#include "override/json_patch.h"

namespace fleetwave {

// The patch for one overrider; `target` is "command" or "args". Only Pod
// (/spec/containers) and ReplicaSet, Deployment, DaemonSet, Job, StatefulSet
// (/spec/template/spec/containers) are touched. For every container whose name equals
// containerName: an absent (or null) field is added as [] plus the values for add (just [] for
// remove); a present one is replaced by itself plus the values (add) or without every element
// equal to one of the values (remove).
Result<std::vector<PatchOperation>> command_args_patch(const Json& manifest, const CommandArgsOverrider& overrider,
                                                       std::string_view target);

Status<> apply_command_args_overrider(Json& manifest, const CommandArgsOverrider& overrider, std::string_view target);

// fmt.Sprintf("%s", v) for a decoded JSON value: strings as they are, anything else in Go's
// bad-verb form ("%!s(int64=1)"), which is what Karmada copies into the new list.
std::string go_sprint_s(const Json& value);

}  // namespace fleetwave
