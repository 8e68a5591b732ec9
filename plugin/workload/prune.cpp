// Temporary: metadata only; the full pruner replaces it.
#include "workload/prune.h"

namespace fleetwave {

void prune_irrelevant_fields(Json& manifest) {
  if (Json* meta = find_member(manifest, "metadata")) {
    for (const char* k : {"creationTimestamp", "generation", "managedFields", "resourceVersion", "selfLink", "uid"}) meta->erase(k);
  }
  manifest.erase("status");
}

}  // namespace fleetwave
