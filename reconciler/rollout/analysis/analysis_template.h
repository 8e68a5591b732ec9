// Argo Rollouts AnalysisTemplate and ClusterAnalysisTemplate objects (argoproj.io/v1alpha1), read
// verbatim from the fleet repository, and the WavePlan entries that use them:
//
//   spec:
//     analysis:
//       - templateName: success-rate     # an AnalysisTemplate (or, with clusterScope, a
//         clusterScope: false            # ClusterAnalysisTemplate) in the app or policies/
//         initialDelay: 5m               # for metrics without one: what a Rollouts canary's
//                                        # `pause` step before an inline analysis does
//         args:
//           - name: service-name
//             value: "{{app}}.{{namespace}}.svc"
//
// Each metric of the template becomes one check (analysis_check.h) after its args are resolved as
// Rollouts resolves them (utils/template ResolveArgs: every "{{args.NAME}}" in the metric, spaces
// inside the braces allowed); fleetwave's own placeholders ({{app}}, {{cluster}}, ...) may appear
// in the template and in arg values. Documented in docs/formats.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/field_path.h"
#include "base/json.h"
#include "model/problems.h"
#include "rollout/analysis/analysis_check.h"

namespace fleetwave {

struct AnalysisTemplateRef {
  std::string template_name;
  bool cluster_scope = false;                             // a ClusterAnalysisTemplate
  std::int64_t initial_delay_ms = 0;                      // for metrics that set none
  std::vector<std::pair<std::string, std::string>> args;  // name, value, in order
  FieldPath at;                                           // the WavePlan entry, for errors
  std::optional<std::size_t> wave;                        // whose list: nullopt for spec.analysis
};

// Whether a list entry of spec.analysis (or a wave's) names a template rather than being a check.
bool names_a_template(const Json& entry);

AnalysisTemplateRef parse_template_ref(const Json& entry, const FieldPath& at, Problems& problems);

// kind AnalysisTemplate or ClusterAnalysisTemplate, apiVersion argoproj.io/v1alpha1.
bool is_analysis_template(const Json& doc);
bool is_cluster_analysis_template(const Json& doc);

// The template's metrics as checks, with the reference's args merged into the template's (as
// MergeArgs: a reference's value wins; an arg left without a value is an error). Problems of the
// template's own fields are reported to `in_template` at their field (spec.metrics[0].provider);
// problems of the reference (an arg without a value, args the template does not declare) to
// `in_plan` at ref.at.
std::vector<AnalysisCheck> checks_from_template(const Json& doc, const AnalysisTemplateRef& ref, Problems& in_template,
                                                Problems& in_plan);

}  // namespace fleetwave
