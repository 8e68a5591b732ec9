// Karmada's resource interpreter chain for the operations a render needs
// (pkg/resourceinterpreter/interpreter.go in Karmada): per operation and per exact
// apiVersion+kind, the first layer that defines it answers, and its error stops the chain:
//   1. user ResourceInterpreterCustomizations (RICs, merged by name),
//   2. [webhooks: not reproducible offline],
//   3. the bundled third-party customizations,
//   4. the native Go handlers (workload/replica_interpreter.h, workload/dependencies.h).
// A GVK with no Lua-backed operation never creates a Lua state.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/error.h"
#include "base/result.h"
#include "interpret/customization.h"
#include "interpret/lua_operations.h"

namespace fleetwave {

// A RIC as read from a file, with where it was found.
struct LoadedCustomization {
  Customization ric;
  SourcePos pos;  // file and line of the object
};

class ResourceInterpreter {
 public:
  ResourceInterpreter() = default;  // bundled and native layers only

  // Merges RICs as Karmada's config manager does (sorted by name; per operation the first
  // non-empty script wins; dependency scripts accumulate) after rejecting what Karmada's
  // admission webhook refuses: two RICs with scripts for one operation of one target.
  static Result<ResourceInterpreter, ErrorList> build(std::vector<LoadedCustomization> customizations);

  // The Lua script that answers `op` for this kind, or nullptr when the native layer does.
  const InterpreterScript* script(const std::string& api_version, const std::string& kind, Operation op) const;

  // InterpretReplica: replicas and requirements (native kinds without a script: Deployment,
  // ReplicaSet, StatefulSet, Job, Pod; everything else without a script: not a workload).
  Result<WorkloadReplicas> get_replicas(const Json& object) const;

  // ReviseReplica through Lua: the revised object, or nullopt when no Lua layer defines it
  // (the native revision then applies).
  Result<std::optional<Json>> revise_replica(const Json& object, std::int64_t replicas) const;

  // InterpretDependency: every Lua script of the first layer that has any (user RICs are
  // unioned), de-duplicated and sorted by apiVersion, kind, namespace, name; else native.
  Result<std::vector<DependencyRef>> get_dependencies(const Json& object, const std::string& namespace_) const;

  std::size_t customization_count() const { return customization_count_; }

 private:
  struct KindScripts {
    std::array<std::optional<InterpreterScript>, kOperationCount> single;
    std::vector<InterpreterScript> dependencies;
  };
  using Key = std::pair<std::string, std::string>;

  const KindScripts* user(const std::string& api_version, const std::string& kind) const;

  std::vector<LoadedCustomization> customizations_;  // owns the script text the user layer points into
  std::map<Key, KindScripts> user_;
  std::size_t customization_count_ = 0;
};

}  // namespace fleetwave
