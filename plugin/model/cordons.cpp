#include "model/cordons.h"

#include <algorithm>

#include "base/text.h"
#include "base/timestamp.h"
#include "codec/yaml_writer.h"
#include "model/json_fields.h"

namespace fleetwave {

std::string taint_text(const Taint& taint) {
  return taint.key + (taint.value.empty() ? "" : "=" + taint.value) + ":" + taint.effect;
}

// Karmada's ValidateClusterTaints (pkg/util/lifted/validateclustertaints.go): the key is a
// qualified name, the value a label value, the effect one of the two the scheduler knows.
void check_taint(const Taint& taint, const FieldPath& at, Problems& problems) {
  if (taint.key.empty()) {
    problems.add(at.key("key"), "a taint needs a key, e.g. cluster.karmada.io/not-ready");
  } else if (std::string why = check_label_key(taint.key); !why.empty()) {
    problems.add(at.key("key"), "taint key \"" + printable(taint.key) + "\" is not a qualified name: " + why);
  }
  if (std::string why = check_label_value(taint.value); !why.empty()) {
    problems.add(at.key("value"), "taint value \"" + printable(taint.value) + "\" is not a label value: " + why);
  }
  if (taint.effect != "NoSchedule" && taint.effect != "NoExecute") {
    problems.add(at.key("effect"), "taint effect \"" + printable(taint.effect) +
                                       "\" is not one Karmada accepts on a cluster: use NoSchedule or NoExecute");
  }
}

Result<Taint> parse_taint(const std::string& text) {
  std::size_t colon = text.rfind(':');
  if (colon == std::string::npos) {
    return invalid_input("taint \"" + printable(text) +
                         "\" has no effect; write key[=value]:Effect, e.g. cluster.karmada.io/not-ready:NoExecute");
  }
  Taint taint;
  taint.effect = text.substr(colon + 1);
  std::string key_value = text.substr(0, colon);
  std::size_t eq = key_value.find('=');
  taint.key = key_value.substr(0, eq);
  if (eq != std::string::npos) taint.value = key_value.substr(eq + 1);
  Problems problems;
  check_taint(taint, FieldPath(), problems);
  if (!problems.empty()) return invalid_input("--taint: " + problems.list().front().message);
  return taint;
}

Json cordons_document(const std::vector<Cordon>& cordons) {
  Json list = Json::array();
  for (const Cordon& c : cordons) {
    Json taint = {{"key", c.taint.key}, {"effect", c.taint.effect}};
    if (!c.taint.value.empty()) taint["value"] = c.taint.value;
    Json j = {{"cluster", c.cluster},
              {"taint", taint},
              {"reason", c.reason},
              {"by", c.by},
              {"since", format_rfc3339(c.since_ms)}};
    if (c.automatic) j["automatic"] = true;
    list.push_back(std::move(j));
  }
  return {{"apiVersion", "fleetwave.io/v1alpha1"}, {"kind", "Cordons"}, {"cordons", list}};
}

std::string serialize_cordons(const std::vector<Cordon>& cordons) {
  return "# Written by fleetwave; change it with `fleetwave cordon|uncordon`.\n" +
         write_yaml(cordons_document(cordons));
}

namespace {

Cordon parse_cordon(const Json& item, const FieldPath& at, Problems& problems) {
  Cordon c;
  reject_unknown_fields(item, {"cluster", "taint", "reason", "by", "since", "automatic"}, at, problems);
  c.cluster = get_string(item, "cluster", at, problems, true);
  if (const Json* taint = get_object(item, "taint", at, problems, true)) {
    const FieldPath taint_at = at.key("taint");
    reject_unknown_fields(*taint, {"key", "value", "effect"}, taint_at, problems);
    c.taint.key = get_string(*taint, "key", taint_at, problems);
    c.taint.value = get_string(*taint, "value", taint_at, problems);
    c.taint.effect = get_string(*taint, "effect", taint_at, problems);
    check_taint(c.taint, taint_at, problems);
  }
  c.reason = get_string(item, "reason", at, problems, true);
  c.by = get_string(item, "by", at, problems);
  std::string since = get_string(item, "since", at, problems, true);
  if (auto ms = parse_rfc3339(since)) c.since_ms = *ms;
  else if (!since.empty()) problems.add(at.key("since"), "expected an RFC 3339 time, got \"" + printable(since) + "\"");
  c.automatic = get_bool(item, "automatic", at, problems);
  return c;
}

}  // namespace

std::vector<Cordon> parse_cordons(const Json& document, Problems& problems) {
  const FieldPath root;
  std::vector<Cordon> out;
  if (!document.is_object()) {
    problems.add(root, "expected a fleetwave.io/v1alpha1 Cordons document");
    return out;
  }
  if (get_string(document, "apiVersion", root, problems) != "fleetwave.io/v1alpha1" ||
      get_string(document, "kind", root, problems) != "Cordons") {
    problems.add(root.key("kind"), "expected apiVersion fleetwave.io/v1alpha1 and kind Cordons");
  }
  const Json* list = get_array(document, "cordons", root, problems);
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const FieldPath at = root.key("cordons").index(i);
    if (!(*list)[i].is_object()) {
      problems.add(at, "expected a cordon (a map with cluster, taint, reason, since)");
      continue;
    }
    Cordon c = parse_cordon((*list)[i], at, problems);
    if (!c.cluster.empty() && find_cordon(out, c.cluster) != nullptr) {
      problems.add(at.key("cluster"), "cluster \"" + printable(c.cluster) + "\" is cordoned twice; keep one cordon");
      continue;
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::string> apply_cordons(const std::vector<Cordon>& cordons, std::vector<Json>& cluster_objects) {
  std::vector<std::string> unknown;
  for (const Cordon& c : cordons) {
    auto it = std::find_if(cluster_objects.begin(), cluster_objects.end(), [&](const Json& o) {
      return string_at(o, {"metadata", "name"}) == c.cluster;
    });
    if (it == cluster_objects.end()) {
      unknown.push_back(c.cluster);
      continue;
    }
    Json& spec = (*it)["spec"];
    if (!spec.is_object()) spec = Json::object();
    Json& taints = spec["taints"];
    if (!taints.is_array()) taints = Json::array();
    Json taint = {{"key", c.taint.key}, {"effect", c.taint.effect}};
    if (!c.taint.value.empty()) taint["value"] = c.taint.value;
    auto same = std::find_if(taints.begin(), taints.end(), [&](const Json& t) {
      return t.is_object() && string_at(t, {"key"}) == c.taint.key && string_at(t, {"effect"}) == c.taint.effect;
    });
    if (same != taints.end()) *same = std::move(taint);
    else taints.push_back(std::move(taint));
  }
  return unknown;
}

const Cordon* find_cordon(const std::vector<Cordon>& cordons, const std::string& cluster) {
  auto it = std::find_if(cordons.begin(), cordons.end(), [&](const Cordon& c) { return c.cluster == cluster; });
  return it == cordons.end() ? nullptr : &*it;
}

}  // namespace fleetwave
