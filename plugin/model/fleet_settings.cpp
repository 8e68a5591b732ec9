#include "model/fleet_settings.h"

#include "base/text.h"
#include "model/json_fields.h"

namespace fleetwave {

FleetSettings parse_fleet_settings(const Json& document, Problems& problems) {
  const FieldPath root;
  FleetSettings out;
  reject_unknown_fields(document, {"apiVersion", "kind", "metadata", "spec"}, root, problems);
  const Json* spec = get_object(document, "spec", root, problems);
  if (spec == nullptr) return out;
  const FieldPath at = root.key("spec");
  reject_unknown_fields(*spec, {"namespaceOnlyClusters"}, at, problems);
  const std::string namespace_only = get_string(*spec, "namespaceOnlyClusters", at, problems);
  if (namespace_only == "skip") {
    out.namespace_only_clusters = NamespaceOnlyClusters::Skip;
  } else if (!namespace_only.empty() && namespace_only != "include") {
    problems.add(at.key("namespaceOnlyClusters"),
                 "unsupported value \"" + printable(namespace_only) +
                     "\": expected include (every cluster Karmada reaches, the default) or skip (no Application "
                     "for a cluster that receives only Namespaces)");
  }
  return out;
}

}  // namespace fleetwave
