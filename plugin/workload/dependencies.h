// The objects a workload depends on, as Karmada's default dependencies interpreter finds them
// for propagateDeps (pkg/resourceinterpreter/default/native/dependencies.go, util/helper/pod.go,
// util/lifted/visitpod.go): ConfigMaps, Secrets, the ServiceAccount and PVCs of the pod
// template, and Ingress TLS Secrets, all in the workload's namespace.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "base/json.h"
#include "model/selectors.h"

namespace fleetwave {

struct DependencyRef {
  std::string api_version;
  std::string kind;
  std::string namespace_;
  std::string name;
  std::optional<LabelSelector> label_selector;  // only from Lua interpreters: objects picked by label
  bool operator<(const DependencyRef& o) const { return std::tie(kind, name) < std::tie(o.kind, o.name); }
};

// Sorted and de-duplicated. Empty for kinds without a dependencies interpreter.
std::vector<DependencyRef> workload_dependencies(const Json& object, const std::string& namespace_);

// GetDependenciesFromPodTemplate for one pod spec (the Lua `kube.getPodDependencies` helper):
// ConfigMaps, Secrets, the ServiceAccount and PVCs it names, in that order, each group sorted.
std::vector<DependencyRef> pod_spec_dependencies(const Json& pod_spec, const std::string& namespace_);

}  // namespace fleetwave
