// The overrider kinds of policy/v1alpha1.Overriders and the fixed order Karmada applies them
// in (applyPolicyOverriders): image, command, args, labels, annotations, field, plaintext.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "base/json.h"
#include "base/result.h"
#include "model/override_policy.h"

namespace fleetwave {

// Where inside `overriders` a failure happened ("plaintext[0]", "fieldOverrider[1].yaml[0]")
// and why ("replace /spec/foo: path does not exist").
struct OverriderFailure {
  std::string field;
  std::string message;
};

struct OverriderKind {
  std::string_view name;     // the JSON name in Overriders
  std::string_view summary;  // one line for docs and error hints
  // Applies every entry of this kind in `overriders`, in list order.
  Result<Ok, OverriderFailure> (*apply)(Json& manifest, const Overriders& overriders);
};

// The registry, in application order.
std::span<const OverriderKind> builtin_overriders();

// The kind called `name`, or an InvalidInput error listing the valid names.
Result<const OverriderKind*> find_overrider(std::string_view name);

// applyPolicyOverriders: every kind in order; stops at the first failure.
Result<Ok, OverriderFailure> apply_overriders(Json& manifest, const Overriders& overriders);

}  // namespace fleetwave
