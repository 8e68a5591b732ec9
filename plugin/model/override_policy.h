// policy/v1alpha1 OverridePolicy and ClusterOverridePolicy, validated as Karmada's webhooks do
// (pkg/webhook/overridepolicy, pkg/util/validation ValidateOverrideSpec) on top of the CRD
// schema (required fields, enums). Karmada validates overriders only inside overrideRules;
// the deprecated spec.overriders get the schema checks alone, and so they do here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/json.h"
#include "model/problems.h"
#include "model/selectors.h"

namespace fleetwave {

struct PlaintextOverrider {
  std::string path;
  std::string op;  // add | remove | replace
  std::optional<Json> value;
};

struct ImageOverrider {
  std::optional<std::string> predicate_path;  // predicate.path
  std::string component;                      // Registry | Repository | Tag
  std::string op;                             // add | remove | replace
  std::string value;
};

struct CommandArgsOverrider {
  std::string container_name;
  std::string op;  // add | remove
  std::vector<std::string> value;
};

struct LabelAnnotationOverrider {
  std::string op;  // add | remove | replace
  StringMap value;
};

struct FieldPatchOperation {
  std::string sub_path;
  std::string op;  // add | remove | replace
  std::optional<Json> value;
};

struct FieldOverrider {
  std::string field_path;
  std::vector<FieldPatchOperation> json;
  std::vector<FieldPatchOperation> yaml;
};

struct Overriders {
  std::vector<PlaintextOverrider> plaintext;
  std::vector<ImageOverrider> image;
  std::vector<CommandArgsOverrider> command;
  std::vector<CommandArgsOverrider> args;
  std::vector<LabelAnnotationOverrider> labels;
  std::vector<LabelAnnotationOverrider> annotations;
  std::vector<FieldOverrider> field;
};

struct OverrideRule {
  std::optional<ClusterAffinity> target_cluster;  // absent = every cluster
  Overriders overriders;
  // Where the rule is written, for error messages: "spec.overrideRules[2]", or "spec" for the
  // deprecated spec.targetCluster + spec.overriders pair.
  std::string field;
};

struct OverridePolicy {
  bool cluster_scoped = false;  // ClusterOverridePolicy
  std::string name;
  std::string namespace_;
  std::vector<ResourceSelector> resource_selectors;  // empty = every resource the policy can see
  // overrideRules, or (when there are none) the deprecated pair as one rule, as Karmada's
  // override manager reads them.
  std::vector<OverrideRule> rules;
  // Where the policy is written (set by the loader), for errors found when it is applied.
  SourcePos source;
};

// "OverridePolicy ns/name" or "ClusterOverridePolicy name".
std::string describe_policy(const OverridePolicy& policy);

// Parses a whole OverridePolicy / ClusterOverridePolicy object (apiVersion and kind already
// checked by the caller). Applies the webhook's namespace defaulting of resourceSelectors.
// `default_namespace` is used when a namespaced policy has no metadata.namespace (as kubectl
// apply would place it).
OverridePolicy parse_override_policy(const Json& object, bool cluster_scoped, const std::string& default_namespace,
                                     Problems& problems);

// Entry `index` of spec.overrideRules, read exactly as parse_override_policy reads it (for
// the render cache, which parses only the rules that match one cluster).
OverrideRule parse_override_rule(const Json& item, std::size_t index, Problems& problems);

}  // namespace fleetwave
