#include "model/cluster.h"

#include "base/text.h"

namespace fleetwave {

Cluster parse_cluster(const Json& object, Problems& problems) {
  Cluster c;
  const FieldPath root;
  const FieldPath meta = root.key("metadata");
  if (const Json* m = get_object(object, "metadata", root, problems, true)) {
    c.name = get_string(*m, "name", meta, problems, true);
    c.labels = get_string_map(*m, "labels", meta, problems);
  }
  const FieldPath spec_at = root.key("spec");
  if (const Json* spec = get_object(object, "spec", root, problems)) {
    c.provider = get_string(*spec, "provider", spec_at, problems);
    c.region = get_string(*spec, "region", spec_at, problems);
    c.zones = get_string_list(*spec, "zones", spec_at, problems);
    std::string zone = get_string(*spec, "zone", spec_at, problems);
    if (c.zones.empty() && !zone.empty()) c.zones.push_back(zone);  // migrateZoneToZones
    c.api_endpoint = get_string(*spec, "apiEndpoint", spec_at, problems);
    if (const Json* models = get_array(*spec, "resourceModels", spec_at, problems)) c.resource_models = *models;
    if (const Json* taints = get_array(*spec, "taints", spec_at, problems)) {
      for (std::size_t i = 0; i < taints->size(); ++i) {
        const Json& t = (*taints)[i];
        FieldPath at = spec_at.key("taints").index(i);
        if (!t.is_object()) {
          problems.add(at, "expected a map with key, value and effect");
          continue;
        }
        Taint taint;
        taint.key = get_string(t, "key", at, problems, true);
        taint.value = get_string(t, "value", at, problems);
        taint.effect = get_string(t, "effect", at, problems, true);
        if (!taint.effect.empty() && taint.effect != "NoSchedule" && taint.effect != "NoExecute") {
          problems.add(at.key("effect"),
                       "unsupported taint effect \"" + printable(taint.effect) + "\", must be NoSchedule or NoExecute");
        }
        c.taints.push_back(std::move(taint));
      }
    }
  }
  const FieldPath status_at = root.key("status");
  if (const Json* status = get_object(object, "status", root, problems)) {
    if (const Json* list = get_array(*status, "apiEnablements", status_at, problems)) {
      c.has_api_enablements = !list->empty();
      for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& e = (*list)[i];
        FieldPath at = status_at.key("apiEnablements").index(i);
        if (!e.is_object()) continue;
        std::string gv = get_string(e, "groupVersion", at, problems, true);
        if (const Json* resources = get_array(e, "resources", at, problems)) {
          for (std::size_t k = 0; k < resources->size(); ++k) {
            std::string kind = get_string((*resources)[k], "kind", at.key("resources").index(k), problems);
            if (!kind.empty()) c.enabled_apis.insert(gv + "/" + kind);
          }
        }
      }
    }
    if (const Json* summary = get_object(*status, "resourceSummary", status_at, problems)) {
      c.resource_summary = *summary;
    }
  }
  return c;
}

bool cluster_api_enabled(const Cluster& cluster, const std::string& api_version, const std::string& kind) {
  if (!cluster.has_api_enablements) return true;
  return cluster.enabled_apis.count(api_version + "/" + kind) > 0;
}

}  // namespace fleetwave
