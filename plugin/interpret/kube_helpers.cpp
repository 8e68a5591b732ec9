#include "interpret/kube_helpers.h"

#include "interpret/quantity_text.h"
#include "model/compute_resource.h"
#include "model/quantity.h"
#include "workload/dependencies.h"
#include "workload/replica_interpreter.h"

namespace fleetwave {
namespace {

const Json& pod_spec_of(const Json& pod_template) {
  static const Json kEmpty = Json::object();
  const Json* spec = find_member(pod_template, "spec");
  return spec != nullptr && spec->is_object() ? *spec : kEmpty;
}

// Resource.ResourceList(): the format each resource is written back with.
QuantityFormat format_for(const std::string& name) {
  if (name == "cpu" || name == "pods") return QuantityFormat::DecimalSI;
  if (name == "memory" || name == "ephemeral-storage" || name.rfind("hugepages-", 0) == 0) {
    return QuantityFormat::BinarySI;
  }
  return QuantityFormat::DecimalSI;
}

// GenerateNodeClaimByPodSpec; empty maps and lists never reach here (the conversion from Lua
// deletes them), so presence is what counts.
Json node_claim(const Json& spec) {
  Json claim = Json::object();
  if (const Json* s = find_member(spec, "nodeSelector"); s && s->is_object() && !s->empty()) claim["nodeSelector"] = *s;
  if (const Json* t = find_member(spec, "tolerations"); t && t->is_array() && !t->empty()) claim["tolerations"] = *t;
  if (const Json* a = find_path(spec, {"affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution"});
      a && !a->is_null())
    claim["hardNodeAffinity"] = *a;
  return claim;
}

Result<Quantity> parse_argument(const std::optional<std::string>& text) {
  if (!text) return Quantity();
  return Quantity::parse(*text);
}

}  // namespace

Result<Json> kube_pod_requirements(const Json& pod_template) {
  const Json& spec = pod_spec_of(pod_template);
  auto requirements = pod_spec_requirements(spec);
  if (!requirements.ok()) return fail(std::move(requirements).error());
  Json claim = node_claim(spec);
  Json requests = Json::object();
  if (*requirements) {
    for (const auto& [name, amount] : (*requirements)->requests) {
      requests[name] = quantity_string(ComputeResource::request_quantity(name, amount), format_for(name));
    }
  }
  if (claim.empty() && requests.empty()) return Json();
  Json out = Json::object();
  if (!claim.empty()) out["nodeClaim"] = std::move(claim);
  if (!requests.empty()) out["resourceRequest"] = std::move(requests);
  return out;
}

Json kube_pod_dependencies(const Json& pod_template, const std::string& namespace_) {
  std::vector<DependencyRef> refs = pod_spec_dependencies(pod_spec_of(pod_template), namespace_);
  if (refs.empty()) return Json();
  Json out = Json::array();
  for (const DependencyRef& r : refs) {
    out.push_back({{"apiVersion", r.api_version}, {"kind", r.kind}, {"namespace", r.namespace_}, {"name", r.name}});
  }
  return out;
}

Result<std::string> kube_resource_add(const std::vector<std::optional<std::string>>& quantities) {
  Quantity sum;
  QuantityFormat format = QuantityFormat::None;
  for (const auto& text : quantities) {
    FW_TRY(q, parse_argument(text));
    // Quantity.Add takes the addend's format while the sum is still zero.
    if (sum.is_zero()) format = text ? quantity_format_of(*text) : QuantityFormat::None;
    sum = sum + q;
  }
  return quantity_string(sum, format);
}

Result<double> kube_resource_quantity(const std::optional<std::string>& quantity) {
  FW_TRY(q, parse_argument(quantity));
  double value = quantity_approximate(q);
  if (value < 0) return fail(invalid_input("int approximation unexpectedly returned a negative value: " + *quantity));
  return value;
}

}  // namespace fleetwave
