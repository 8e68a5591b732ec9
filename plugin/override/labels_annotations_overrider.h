// labelsOverrider and annotationsOverrider (pkg/util/overridemanager/
// labelannotationoverrider.go): edit metadata.labels / metadata.annotations of the object
// itself (never of a pod template).
#pragma once

#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "model/override_policy.h"
#include "override/json_patch.h"

namespace fleetwave {

// The patch for one overrider on `field` ("labels" or "annotations"):
// - add sets every key (overwriting), creating the map first when metadata.<field> is not a
//   map of strings (Karmada then replaces it with an empty map);
// - replace changes only keys that exist, remove deletes only keys that exist (the values in
//   the policy are ignored).
// Creating the map is done directly on `manifest`, as Karmada does before patching.
std::vector<PatchOperation> labels_annotations_patch(Json& manifest, const LabelAnnotationOverrider& overrider,
                                                     std::string_view field);

Status<> apply_labels_annotations_overrider(Json& manifest, const LabelAnnotationOverrider& overrider,
                                            std::string_view field);

// The same, always through labels_annotations_patch and apply_json_patch (the reference that
// apply_labels_annotations_overrider's direct edit is tested against).
Status<> apply_labels_annotations_patch(Json& manifest, const LabelAnnotationOverrider& overrider,
                                        std::string_view field);

}  // namespace fleetwave
