// plaintext overriders: the policy's own RFC 6902 operations, applied to the whole object as
// one patch (parseJSONPatchesByPlaintext + applyJSONPatch).
#pragma once

#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "model/override_policy.h"
#include "override/json_patch.h"

namespace fleetwave {

// A missing value is sent as null, so "add" without a value adds null.
std::vector<PatchOperation> plaintext_patch(const std::vector<PlaintextOverrider>& overriders);

// Applies the list as one patch; the failure names the operation that failed.
Result<Ok, PatchFailure> apply_plaintext_overriders(Json& manifest, const std::vector<PlaintextOverrider>& overriders);

}  // namespace fleetwave
