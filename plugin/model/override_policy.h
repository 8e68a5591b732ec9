// policy/v1alpha1 OverridePolicy and ClusterOverridePolicy, validated as Karmada's webhooks do
// (pkg/webhook/overridepolicy, pkg/util/validation ValidateOverrideSpec) on top of the CRD
// schema (required fields, enums). Karmada validates overriders only inside overrideRules;
// the deprecated spec.overriders get the schema checks alone, and so they do here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
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

// The entries of a policy's spec.overrideRules read one by one (parse_override_rule) while its
// document was parsed, so that the object holds an empty list in their place: `count` entries,
// of which `kept` are the rules kept, their problems, and each entry's binary JSON when the
// caller keeps records.
struct ReadRules {
  std::size_t count = 0;
  std::vector<OverrideRule> kept;
  Problems problems;
  std::vector<std::string> records;
};

// Parses a whole OverridePolicy / ClusterOverridePolicy object (apiVersion and kind already
// checked by the caller). Applies the webhook's namespace defaulting of resourceSelectors.
// `default_namespace` is used when a namespaced policy has no metadata.namespace (as kubectl
// apply would place it). With `read`, its rules are read's, in place of the empty list.
OverridePolicy parse_override_policy(const Json& object, bool cluster_scoped, const std::string& default_namespace,
                                     Problems& problems, ReadRules* read = nullptr);

// Entry `index` of spec.overrideRules, read exactly as parse_override_policy reads it (for
// the render cache, which parses only the rules that match one cluster).
OverrideRule parse_override_rule(const Json& item, std::size_t index, Problems& problems);

// False when `rule` cannot apply to the cluster named `cluster`, whatever its labels and fields:
// its targetCluster excludes it, or lists clusterNames without it. A render for one cluster
// keeps only the rules this allows (a policy with a rule per cluster has thousands).
bool rule_may_apply(const OverrideRule& rule, std::string_view cluster);

}  // namespace fleetwave
