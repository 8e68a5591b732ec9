#include "model/compute_resource.h"

#include <algorithm>
#include <limits>

#include "model/json_fields.h"

namespace fleetwave {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool is_prefixed_native(std::string_view name) { return name.find("kubernetes.io/") != std::string_view::npos; }

bool is_native(std::string_view name) { return name.find('/') == std::string_view::npos || is_prefixed_native(name); }

// IsExtendedResourceName: not native, not quota-prefixed, and a qualified name once prefixed with
// "requests." as quota would store it.
bool is_extended(std::string_view name) {
  if (is_native(name) || starts_with(name, "requests.")) return false;
  return check_label_key("requests." + std::string(name)).empty();
}

}  // namespace

bool is_scalar_resource_name(std::string_view name) {
  return is_extended(name) || starts_with(name, "hugepages-") || is_prefixed_native(name) ||
         starts_with(name, "attachable-volumes-");
}

Quantity ComputeResource::request_quantity(std::string_view name, std::int64_t amount) {
  return name == "cpu" ? Quantity::from_milli(amount) : Quantity::from_value(amount);
}

ComputeResource ComputeResource::from_list(const std::map<std::string, Quantity>& list) {
  ComputeResource r;
  for (const auto& [name, q] : list) r.add(name, q);
  return r;
}

ComputeResource ComputeResource::from_requests(const std::map<std::string, std::int64_t>& requests) {
  ComputeResource r;
  for (const auto& [name, amount] : requests) r.add(name, request_quantity(name, amount));
  return r;
}

void ComputeResource::add(std::string_view name, const Quantity& q) {
  if (name == "cpu") milli_cpu += q.milli_value();
  else if (name == "memory") memory += q.value();
  else if (name == "pods") allowed_pods += q.value();
  else if (name == "ephemeral-storage") ephemeral_storage += q.value();
  else if (is_scalar_resource_name(name)) scalars[std::string(name)] += q.value();
}

void ComputeResource::set_max(std::string_view name, const Quantity& q) {
  if (name == "cpu") milli_cpu = std::max(milli_cpu, q.milli_value());
  else if (name == "memory") memory = std::max(memory, q.value());
  else if (name == "ephemeral-storage") ephemeral_storage = std::max(ephemeral_storage, q.value());
  else if (name == "pods") allowed_pods = std::max(allowed_pods, q.value());
  else if (is_scalar_resource_name(name)) {
    // SetScalar only when larger than the current value (absent counts as 0).
    std::int64_t& current = scalars[std::string(name)];
    current = std::max(current, q.value());
  }
}

std::map<std::string, std::int64_t> ComputeResource::requests() const {
  std::map<std::string, std::int64_t> out;
  if (milli_cpu > 0) out["cpu"] = milli_cpu;
  if (memory > 0) out["memory"] = memory;
  if (ephemeral_storage > 0) out["ephemeral-storage"] = ephemeral_storage;
  if (allowed_pods > 0) out["pods"] = allowed_pods;
  for (const auto& [name, amount] : scalars) {
    if (amount > 0) out[name] = amount;
  }
  return out;
}

std::int64_t ComputeResource::max_divided(const ComputeResource& required) const {
  std::int64_t result = std::numeric_limits<std::int64_t>::max();
  if (required.milli_cpu > 0) result = std::min(result, milli_cpu / required.milli_cpu);
  if (required.memory > 0) result = std::min(result, memory / required.memory);
  if (required.ephemeral_storage > 0) result = std::min(result, ephemeral_storage / required.ephemeral_storage);
  for (const auto& [name, amount] : required.scalars) {
    if (amount <= 0) continue;
    auto it = scalars.find(name);
    result = std::min(result, (it == scalars.end() ? 0 : it->second) / amount);
  }
  return std::min(result, allowed_pods);
}

}  // namespace fleetwave
