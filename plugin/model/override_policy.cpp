// Temporary minimal parser; the full webhook-exact version replaces it.
#include "model/override_policy.h"

namespace fleetwave {

OverridePolicy parse_override_policy(const Json& object, bool cluster_scoped, const std::string& default_namespace,
                                     Problems& problems) {
  OverridePolicy p;
  p.cluster_scoped = cluster_scoped;
  p.name = string_at(object, {"metadata", "name"});
  p.namespace_ = cluster_scoped ? "" : string_at(object, {"metadata", "namespace"});
  if (!cluster_scoped && p.namespace_.empty()) p.namespace_ = default_namespace;
  (void)problems;
  return p;
}

}  // namespace fleetwave
