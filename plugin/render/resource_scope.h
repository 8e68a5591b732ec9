// Whether a kind is namespaced or cluster-scoped. Karmada asks the API server's REST mapper;
// offline we use the built-in Kubernetes kinds, CustomResourceDefinitions found among the
// inputs, and a documented fallback for kinds we cannot know.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/json.h"

namespace fleetwave {

class ResourceScopes {
 public:
  // Learns the scope of every CustomResourceDefinition among `objects`.
  void learn_from(const std::vector<const Json*>& objects);

  // True for namespaced kinds. Unknown kinds are namespaced when the object names a
  // namespace, cluster-scoped when their kind starts with "Cluster", namespaced otherwise.
  bool is_namespaced(const std::string& api_version, const std::string& kind, bool has_namespace) const;

 private:
  std::map<std::string, bool> crd_namespaced_;  // "group/Kind" -> namespaced
};

// The API group of an apiVersion ("apps/v1" -> "apps", "v1" -> "").
std::string api_group_of(const std::string& api_version);

}  // namespace fleetwave
