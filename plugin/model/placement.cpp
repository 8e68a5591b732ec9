// Temporary minimal parser; the full webhook-exact version replaces it.
#include "model/placement.h"

namespace fleetwave {

Placement parse_placement(const Json& value, const FieldPath& at, Problems& problems) {
  Placement p;
  if (const Json* a = get_object(value, "clusterAffinity", at, problems)) {
    p.cluster_affinity = parse_cluster_affinity(*a, at.key("clusterAffinity"), problems);
  }
  return p;
}

}  // namespace fleetwave
