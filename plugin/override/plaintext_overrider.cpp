#include "override/plaintext_overrider.h"

namespace fleetwave {

std::vector<PatchOperation> plaintext_patch(const std::vector<PlaintextOverrider>& overriders) {
  std::vector<PatchOperation> ops;
  ops.reserve(overriders.size());
  for (const PlaintextOverrider& o : overriders) ops.push_back({o.op, o.path, o.value.value_or(Json())});
  return ops;
}

Result<Ok, PatchFailure> apply_plaintext_overriders(Json& manifest, const std::vector<PlaintextOverrider>& overriders) {
  // Karmada also round-trips the object when the list is empty; that only matters for objects
  // without a kind, which fleetwave never renders.
  if (overriders.empty()) return Ok{};
  return apply_json_patch(manifest, plaintext_patch(overriders));
}

}  // namespace fleetwave
