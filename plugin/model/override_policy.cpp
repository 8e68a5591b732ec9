#include "model/override_policy.h"

#include <algorithm>
#include <cctype>

#include "base/text.h"

namespace fleetwave {
namespace {

// Karmada's validation of overriders (ValidateOverrideRules) runs only for overrideRules.
enum class Checks { SchemaOnly, Webhook };

// A CRD "required" field: it must be present (and not null); an empty string is allowed.
std::string required_string(const Json& object, std::string_view key, const FieldPath& at, Problems& problems) {
  const Json* v = find_member(object, key);
  if (v == nullptr || v->is_null()) {
    problems.add(at.key(key), "required field is missing");
    return {};
  }
  return get_string(object, key, at, problems);
}

void add_unsupported_value(const std::string& value, std::initializer_list<std::string_view> allowed,
                           const FieldPath& at, Problems& problems) {
  std::string list;
  for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  problems.add(at, "unsupported value \"" + printable(value) + "\", must be one of: " + list);
}

// A string value is looked up once; a missing, null or mistyped one gets required_string's problem.
std::string required_enum(const Json& object, std::string_view key, std::initializer_list<std::string_view> allowed,
                          const FieldPath& at, Problems& problems) {
  const Json* v = find_member(object, key);
  if (v == nullptr || !v->is_string()) return required_string(object, key, at, problems);
  const std::string& value = v->get_ref<const std::string&>();
  if (std::find(allowed.begin(), allowed.end(), value) == allowed.end())
    add_unsupported_value(value, allowed, at.key(key), problems);
  return value;
}

// jsonpointer.New as the webhook calls it on every path.
void check_pointer(const std::string& pointer, const FieldPath& at, Problems& problems) {
  if (!pointer.empty() && pointer.front() != '/') {
    problems.add(at, "invalid value \"" + printable(pointer) + "\": JSON pointer must be empty or start with a \"/\"");
  }
}

// apiextensionsv1.JSON: absent and null are the same (an empty Raw).
std::optional<Json> raw_value(const Json& object) {
  const Json* v = find_member(object, "value");
  if (v == nullptr || v->is_null()) return std::nullopt;
  return *v;
}

// Calls `parse(item, at)` for each map in the list `key` of `object`.
template <typename F>
void for_each_item(const Json& object, std::string_view key, const FieldPath& at, Problems& problems, F parse) {
  const Json* list = get_array(object, key, at, problems);
  if (list == nullptr) return;
  for (std::size_t i = 0; i < list->size(); ++i) {
    FieldPath here = at.key(key).index(i);
    if (!expect_map((*list)[i], "a map", here, problems)) continue;
    parse((*list)[i], here);
  }
}

const std::initializer_list<std::string_view> kOperators = {"add", "remove", "replace"};

PlaintextOverrider parse_plaintext(const Json& item, const FieldPath& at, Problems& problems) {
  reject_unknown_fields(item, {"path", "operator", "value"}, at, problems);
  PlaintextOverrider o;
  o.path = required_string(item, "path", at, problems);
  // Not a Karmada check (its webhook accepts "spec/x", which the patch library then applies
  // to the top-level key "x"); fleetwave refuses it instead of rendering that surprise.
  if (find_member(item, "path") != nullptr && (o.path.empty() || o.path.front() != '/')) {
    problems.add(at.key("path"), "must start with \"/\" (a JSON pointer such as /spec/replicas)");
  }
  o.op = required_enum(item, "operator", kOperators, at, problems);
  o.value = raw_value(item);
  return o;
}

ImageOverrider parse_image(const Json& item, const FieldPath& at, Checks checks, Problems& problems) {
  reject_unknown_fields(item, {"predicate", "component", "operator", "value"}, at, problems);
  ImageOverrider o;
  if (const Json* predicate = get_object(item, "predicate", at, problems)) {
    FieldPath p_at = at.key("predicate");
    reject_unknown_fields(*predicate, {"path"}, p_at, problems);
    o.predicate_path = required_string(*predicate, "path", p_at, problems);
    if (checks == Checks::Webhook) check_pointer(*o.predicate_path, p_at.key("path"), problems);
  }
  o.component = required_enum(item, "component", {"Registry", "Repository", "Tag"}, at, problems);
  o.op = required_enum(item, "operator", kOperators, at, problems);
  o.value = get_string(item, "value", at, problems);
  return o;
}

CommandArgsOverrider parse_command_args(const Json& item, const FieldPath& at, Problems& problems) {
  reject_unknown_fields(item, {"containerName", "operator", "value"}, at, problems);
  CommandArgsOverrider o;
  o.container_name = required_string(item, "containerName", at, problems);
  o.op = required_enum(item, "operator", {"add", "remove"}, at, problems);
  o.value = get_string_list(item, "value", at, problems);
  return o;
}

// metav1validation.ValidateLabels / apivalidation.ValidateAnnotations.
void check_label_annotation_map(const StringMap& value, bool labels, const FieldPath& at, Problems& problems) {
  std::size_t total = 0;
  for (const auto& [k, v] : value) {
    const std::string key = labels ? k : ascii_lower(k);
    if (std::string why = check_label_key(key); !why.empty()) problems.add(at.key(k), "invalid key: " + why);
    if (labels) {
      if (std::string why = check_label_value(v); !why.empty()) problems.add(at.key(k), "invalid value: " + why);
    }
    total += k.size() + v.size();
  }
  if (!labels && total > 256 * 1024) problems.add(at, "annotations may not be more than 262144 bytes in total");
}

LabelAnnotationOverrider parse_label_annotation(const Json& item, const FieldPath& at, bool labels, Checks checks,
                                                Problems& problems) {
  reject_unknown_fields(item, {"operator", "value"}, at, problems);
  LabelAnnotationOverrider o;
  o.op = required_enum(item, "operator", kOperators, at, problems);
  const Json* v = find_member(item, "value");
  if (v == nullptr || v->is_null()) problems.add(at.key("value"), "required field is missing");
  o.value = get_string_map(item, "value", at, problems);
  if (checks == Checks::Webhook) check_label_annotation_map(o.value, labels, at.key("value"), problems);
  return o;
}

std::vector<FieldPatchOperation> parse_field_ops(const Json& item, std::string_view key, const FieldPath& at,
                                                 Checks checks, Problems& problems) {
  std::vector<FieldPatchOperation> ops;
  for_each_item(item, key, at, problems, [&](const Json& op_item, const FieldPath& here) {
    reject_unknown_fields(op_item, {"subPath", "operator", "value"}, here, problems);
    FieldPatchOperation op;
    op.sub_path = required_string(op_item, "subPath", here, problems);
    op.op = required_enum(op_item, "operator", kOperators, here, problems);
    op.value = raw_value(op_item);
    if (checks == Checks::Webhook) {
      check_pointer(op.sub_path, here.key("subPath"), problems);
      if ((op.op == "add" || op.op == "replace") && !op.value) {
        problems.add(here.key("value"), "value is required for add or replace operation");
      } else if (op.op == "remove" && op.value) {
        problems.add(here.key("value"), "value is not allowed for remove operation");
      }
    }
    ops.push_back(std::move(op));
  });
  return ops;
}

FieldOverrider parse_field(const Json& item, const FieldPath& at, Checks checks, Problems& problems) {
  reject_unknown_fields(item, {"fieldPath", "json", "yaml"}, at, problems);
  FieldOverrider o;
  o.field_path = required_string(item, "fieldPath", at, problems);
  o.json = parse_field_ops(item, "json", at, checks, problems);
  o.yaml = parse_field_ops(item, "yaml", at, checks, problems);
  if (checks == Checks::Webhook) {
    if (!o.json.empty() && !o.yaml.empty())
      problems.add(at, "fieldOverrider has both yaml and json set; only one is allowed");
    if (o.json.empty() && o.yaml.empty()) problems.add(at, "fieldOverrider must have either json or yaml set");
    check_pointer(o.field_path, at.key("fieldPath"), problems);
  }
  return o;
}

Overriders parse_overriders(const Json& value, const FieldPath& at, Checks checks, Problems& problems) {
  Overriders o;
  reject_unknown_fields(value,
                        {"plaintext", "imageOverrider", "commandOverrider", "argsOverrider", "labelsOverrider",
                         "annotationsOverrider", "fieldOverrider"},
                        at, problems);
  auto each = [&](std::string_view key, auto parse) { for_each_item(value, key, at, problems, parse); };
  each("plaintext", [&](const Json& i, const FieldPath& p) { o.plaintext.push_back(parse_plaintext(i, p, problems)); });
  each("imageOverrider",
       [&](const Json& i, const FieldPath& p) { o.image.push_back(parse_image(i, p, checks, problems)); });
  each("commandOverrider",
       [&](const Json& i, const FieldPath& p) { o.command.push_back(parse_command_args(i, p, problems)); });
  each("argsOverrider",
       [&](const Json& i, const FieldPath& p) { o.args.push_back(parse_command_args(i, p, problems)); });
  each("labelsOverrider", [&](const Json& i, const FieldPath& p) {
    o.labels.push_back(parse_label_annotation(i, p, true, checks, problems));
  });
  each("annotationsOverrider", [&](const Json& i, const FieldPath& p) {
    o.annotations.push_back(parse_label_annotation(i, p, false, checks, problems));
  });
  each("fieldOverrider",
       [&](const Json& i, const FieldPath& p) { o.field.push_back(parse_field(i, p, checks, problems)); });
  return o;
}

// validation.emptyOverrides, which (as in Karmada) does not look at fieldOverrider.
bool empty_overriders(const Overriders& o) {
  return o.plaintext.empty() && o.image.empty() && o.command.empty() && o.args.empty() && o.labels.empty() &&
         o.annotations.empty();
}

// One map of overrideRules (the caller checked that it is a map).
OverrideRule parse_rule(const Json& item, const FieldPath& here, Problems& problems) {
  reject_unknown_fields(item, {"targetCluster", "overriders"}, here, problems);
  OverrideRule rule;
  rule.field = here.to_string();
  if (const Json* tc = get_object(item, "targetCluster", here, problems)) {
    rule.target_cluster = parse_cluster_affinity(*tc, here.key("targetCluster"), problems);
  }
  if (const Json* o = get_object(item, "overriders", here, problems, true)) {
    rule.overriders = parse_overriders(*o, here.key("overriders"), Checks::Webhook, problems);
  }
  return rule;
}

std::vector<OverrideRule> parse_rules(const Json& list, const FieldPath& at, Problems& problems) {
  std::vector<OverrideRule> rules;
  rules.reserve(list.size());  // a policy with a rule per cluster has thousands
  for (std::size_t i = 0; i < list.size(); ++i) {
    FieldPath here = at.index(i);
    if (!expect_map(list[i], "a map with targetCluster and overriders", here, problems)) continue;
    rules.push_back(parse_rule(list[i], here, problems));
  }
  return rules;
}

void parse_selectors(const Json& spec, const FieldPath& spec_at, OverridePolicy& p, Problems& problems) {
  const Json* selectors = get_array(spec, "resourceSelectors", spec_at, problems);
  if (selectors == nullptr) return;
  for (std::size_t i = 0; i < selectors->size(); ++i) {
    FieldPath at = spec_at.key("resourceSelectors").index(i);
    ResourceSelector s = parse_resource_selector((*selectors)[i], at, problems);
    if (!p.cluster_scoped) {
      if (s.namespace_.empty()) s.namespace_ = p.namespace_;  // the mutating webhook's default
      if (s.namespace_ != p.namespace_) {
        problems.add(at.key("namespace"),
                     "namespace of resource selector must be the same as the namespace of the policy (\"" +
                         p.namespace_ + "\")");
      }
    }
    p.resource_selectors.push_back(std::move(s));
  }
}

void parse_spec(const Json& spec, const FieldPath& at, OverridePolicy& p, Problems& problems, ReadRules* read) {
  reject_unknown_fields(spec, {"resourceSelectors", "overrideRules", "targetCluster", "overriders"}, at, problems);
  parse_selectors(spec, at, p, problems);
  const Json* rules = get_array(spec, "overrideRules", at, problems);
  const std::size_t rule_count = rules == nullptr ? 0 : read != nullptr ? read->count : rules->size();
  // OverridePolicy's mutating webhook re-marshals the object, which drops an empty list
  // (omitempty); ClusterOverridePolicy has no mutating webhook, so "[]" still counts there.
  bool rules_set = rules != nullptr && (p.cluster_scoped || rule_count > 0);
  std::optional<ClusterAffinity> target;
  if (const Json* tc = get_object(spec, "targetCluster", at, problems)) {
    target = parse_cluster_affinity(*tc, at.key("targetCluster"), problems);
    if (rules_set) problems.add(at.key("targetCluster"), "overrideRules and targetCluster can't co-exist");
  }
  Overriders legacy;
  if (const Json* o = get_object(spec, "overriders", at, problems)) {
    legacy = parse_overriders(*o, at.key("overriders"), Checks::SchemaOnly, problems);
    if (rules_set && !empty_overriders(legacy))
      problems.add(at.key("overriders"), "overrideRules and overriders can't co-exist");
  }
  if (rules != nullptr && read != nullptr) {
    p.rules = std::move(read->kept);
    problems.append(std::move(read->problems));
  } else if (rules != nullptr) {
    p.rules = parse_rules(*rules, at.key("overrideRules"), problems);
  }
  // getOverridersFromOverridePolicies: no rules means the deprecated pair, even when empty.
  if (rule_count == 0) p.rules.push_back(OverrideRule{std::move(target), std::move(legacy), at.to_string()});
}

}  // namespace

std::string describe_policy(const OverridePolicy& policy) {
  if (policy.cluster_scoped) return "ClusterOverridePolicy " + policy.name;
  return "OverridePolicy " + policy.namespace_ + "/" + policy.name;
}

OverridePolicy parse_override_policy(const Json& object, bool cluster_scoped, const std::string& default_namespace,
                                     Problems& problems, ReadRules* read) {
  OverridePolicy p;
  p.cluster_scoped = cluster_scoped;
  const FieldPath root;
  reject_unknown_fields(object, {"apiVersion", "kind", "metadata", "spec"}, root, problems);
  if (const Json* meta = get_object(object, "metadata", root, problems, true)) {
    p.name = get_string(*meta, "name", root.key("metadata"), problems, true);
    p.namespace_ = get_string(*meta, "namespace", root.key("metadata"), problems);
  }
  if (!cluster_scoped && p.namespace_.empty()) p.namespace_ = default_namespace;
  if (cluster_scoped) p.namespace_.clear();
  if (const Json* spec = get_object(object, "spec", root, problems, true))
    parse_spec(*spec, root.key("spec"), p, problems, read);
  return p;
}

OverrideRule parse_override_rule(const Json& item, std::size_t index, Problems& problems) {
  FieldPath here = FieldPath().key("spec").key("overrideRules").index(index);
  if (!expect_map(item, "a map with targetCluster and overriders", here, problems)) return OverrideRule{};
  return parse_rule(item, here, problems);
}

bool rule_may_apply(const OverrideRule& rule, std::string_view cluster) {
  if (!rule.target_cluster) return true;
  const std::vector<std::string>& names = rule.target_cluster->cluster_names;
  const std::vector<std::string>& exclude = rule.target_cluster->exclude;
  if (std::find(exclude.begin(), exclude.end(), cluster) != exclude.end()) return false;
  return names.empty() || std::find(names.begin(), names.end(), cluster) != names.end();
}

}  // namespace fleetwave
