#include "reconcile/analysis_templates.h"

#include "codec/yaml_codec.h"
#include "rollout/analysis/analysis_template.h"

namespace fleetwave {
namespace {

bool under(const std::string& path, const std::string& dir) {
  return dir.empty() || path.compare(0, dir.size() + 1, dir + "/") == 0;
}

const char* kind_of(bool cluster_scope) { return cluster_scope ? "ClusterAnalysisTemplate" : "AnalysisTemplate"; }

// The one template `ref` names among those the app sees, or an error at the reference.
const TemplateSource* find_template(const AppDefinition& app, const AnalysisTemplateRef& ref,
                                    const std::vector<TemplateSource>& templates, const std::string& policies_dir,
                                    Problems& problems) {
  std::vector<const TemplateSource*> found;
  for (const TemplateSource& t : templates) {
    if (t.cluster_scope == ref.cluster_scope && t.name == ref.template_name &&
        (under(t.file, app.path) || under(t.file, policies_dir)))
      found.push_back(&t);
  }
  const std::string what = std::string(kind_of(ref.cluster_scope)) + " \"" + ref.template_name + "\"";
  if (found.size() == 1) return found.front();
  if (found.empty()) {
    std::string hint = ref.cluster_scope ? "; without clusterScope it names an AnalysisTemplate"
                                         : "; with clusterScope: true it names a ClusterAnalysisTemplate";
    problems.add(ref.at.key("templateName"), "no " + what + " in " + app.path + "/ or " + policies_dir + "/" + hint);
    return nullptr;
  }
  problems.add(ref.at.key("templateName"),
               what + " is defined twice, in " + found[0]->file + " and " + found[1]->file + "; keep one");
  return nullptr;
}

}  // namespace

void read_analysis_templates(const std::string& path, const std::string& content, std::vector<TemplateSource>& out) {
  auto docs = parse_yaml_stream(content, path);
  if (!docs.ok()) return;  // the renderer reports broken YAML; discovery only looks
  for (std::size_t i = 0; i < docs->size(); ++i) {
    const Json& doc = (*docs)[i].value;
    const bool cluster = is_cluster_analysis_template(doc);
    if (!cluster && !is_analysis_template(doc)) continue;
    out.push_back(
        TemplateSource{path, content, i, (*docs)[i].line, doc, string_at(doc, {"metadata", "name"}), cluster});
  }
}

void resolve_analysis_templates(AppDefinition& app, const std::vector<TemplateSource>& templates,
                                const std::string& policies_dir) {
  if (!app.plan || app.plan->template_refs.empty()) return;
  WavePlan& plan = *app.plan;
  Problems in_plan;
  for (const AnalysisTemplateRef& ref : plan.template_refs) {
    const TemplateSource* source = find_template(app, ref, templates, policies_dir, in_plan);
    if (source == nullptr) continue;
    Problems in_template;
    std::vector<AnalysisCheck> checks = checks_from_template(source->object, ref, in_template, in_plan);
    for (Error e : in_template.take())
      app.errors.push_back(locate_in_file(std::move(e), source->file, source->content, source->doc, source->line));
    for (Error w : in_template.take_warnings())
      app.warnings.push_back(locate_in_file(std::move(w), source->file, source->content, source->doc, source->line));
    add_template_checks(plan, ref, std::move(checks), in_plan);
  }
  plan.template_refs.clear();
  const auto located = [&](Error e) {
    return locate_in_file(std::move(e), app.plan_file, app.plan_content, app.plan_doc, app.plan_line);
  };
  for (Error e : in_plan.take()) app.errors.push_back(located(std::move(e)));
  for (Error w : in_plan.take_warnings()) app.warnings.push_back(located(std::move(w)));
  if (!app.errors.empty()) app.plan.reset();
}

}  // namespace fleetwave
