// The Argo Rollouts AnalysisTemplate and ClusterAnalysisTemplate objects of a commit, and the
// resolution of a WavePlan's references to them (rollout/analysis/analysis_template.h) at
// discovery. An app sees the templates in its own directory and in policies/; a reference that
// finds none, or two of the same name, is an error of the app, as is any problem of a template
// it uses (reported at the template's file, line and field).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "base/json.h"
#include "reconcile/app_discovery.h"

namespace fleetwave {

struct TemplateSource {
  std::string file;
  std::string content;  // of the file, to locate problems
  std::size_t doc = 0;  // index of the document in the file
  int line = 0;         // where the document starts
  Json object;
  std::string name;
  bool cluster_scope = false;  // a ClusterAnalysisTemplate
};

// Appends the templates of one file (a YAML stream) to `out`.
void read_analysis_templates(const std::string& path, const std::string& content, std::vector<TemplateSource>& out);

// Replaces app.plan->template_refs by the checks they name; on any error the app has no plan.
void resolve_analysis_templates(AppDefinition& app, const std::vector<TemplateSource>& templates,
                                const std::string& policies_dir);

}  // namespace fleetwave
