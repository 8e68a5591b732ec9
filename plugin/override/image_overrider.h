// imageOverrider (pkg/util/overridemanager/imageoverride.go): rewrites the registry,
// repository or tag of container images.
#pragma once

#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "model/override_policy.h"
#include "override/json_patch.h"

namespace fleetwave {

// The JSON patch Karmada builds for one imageOverrider: one replace per image. Without a
// predicate only Pod (/spec/containers) and ReplicaSet, Deployment, DaemonSet, StatefulSet
// and Job (/spec/template/spec/containers) are touched, every entry of `containers` (never
// initContainers); every other kind gets an empty patch. With predicate.path, only that path.
Result<std::vector<PatchOperation>> image_overrider_patch(const Json& manifest, const ImageOverrider& overrider);

// The new image string for one component/operator pair (overrideImage).
Result<std::string> override_image(const std::string& image, const ImageOverrider& overrider);

Status<> apply_image_overrider(Json& manifest, const ImageOverrider& overrider);

}  // namespace fleetwave
