// Karmada's util.Resource (pkg/util/resource.go): compute resources in the units Karmada adds
// and divides them in. CPU is in milli-cores (Quantity.MilliValue), memory, ephemeral storage,
// pods and scalar resources in whole units (Quantity.Value), each rounded up as it is added.
// Other resource names are dropped, as Resource.Add does.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "model/quantity.h"

namespace fleetwave {

// IsScalarResourceName (pkg/util/lifted): extended (domain-prefixed, not kubernetes.io),
// hugepages-*, attachable-volumes-* and *kubernetes.io/* names.
bool is_scalar_resource_name(std::string_view name);

struct ComputeResource {
  std::int64_t milli_cpu = 0;
  std::int64_t memory = 0;
  std::int64_t ephemeral_storage = 0;
  std::int64_t allowed_pods = 0;
  std::map<std::string, std::int64_t> scalars;

  // NewResource(list) and Resource.Add.
  static ComputeResource from_list(const std::map<std::string, Quantity>& list);
  // The inverse of requests(): NewResource over a ReplicaRequirements.ResourceRequest.
  static ComputeResource from_requests(const std::map<std::string, std::int64_t>& requests);
  // The Quantity a ResourceRequest entry stands for (cpu is milli, the rest whole units).
  static Quantity request_quantity(std::string_view name, std::int64_t amount);

  void add(std::string_view name, const Quantity& q);
  // SetMaxResource for one entry.
  void set_max(std::string_view name, const Quantity& q);

  // Resource.ResourceList() as a map of Karmada units, keeping only entries > 0.
  std::map<std::string, std::int64_t> requests() const;

  // MaxDivided(required.ResourceList()): how many times `required` fits, bounded by the pods.
  std::int64_t max_divided(const ComputeResource& required) const;
};

}  // namespace fleetwave
