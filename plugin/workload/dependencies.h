// The objects a workload depends on, as Karmada's default dependencies interpreter finds them
// for propagateDeps (pkg/resourceinterpreter/default/native/dependencies.go, util/helper/pod.go,
// util/lifted/visitpod.go): ConfigMaps, Secrets, the ServiceAccount and PVCs of the pod
// template, and Ingress TLS Secrets, all in the workload's namespace.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "base/json.h"

namespace fleetwave {

struct DependencyRef {
  std::string api_version;
  std::string kind;
  std::string namespace_;
  std::string name;
  bool operator<(const DependencyRef& o) const { return std::tie(kind, name) < std::tie(o.kind, o.name); }
};

// Sorted and de-duplicated. Empty for kinds without a dependencies interpreter.
std::vector<DependencyRef> workload_dependencies(const Json& object, const std::string& namespace_);

}  // namespace fleetwave
