#include "reconcile/views/appset_builder.h"

#include "rollout/rollout_state.h"

namespace fleetwave::cli {

std::string destination_patch() {
  return "spec:\n"
         "  destination:\n"
         "  {{- if hasPrefix \"http\" .server }}\n"
         "    server: {{ .server | quote }}\n"
         "  {{- else }}\n"
         "    name: {{ .server | quote }}\n"
         "  {{- end }}\n";
}

namespace {

// Hydrated mode: the cluster's directory on the hydrated branch, synced as plain manifests.
Json hydrated_source(const AppSetOptions& o) {
  return {{"repoURL", o.repo_url},
          {"targetRevision", o.hydrated_branch},
          {"path", o.app + "/{{.cluster}}"},
          {"directory", {{"recurse", false}}}};
}

Json plugin_source(const AppSetOptions& o) {
  return {{"repoURL", o.repo_url},
          {"targetRevision", "{{.revision}}"},
          {"path", "{{.path}}"},
          {"plugin",
           {{"name", "fleetwave"},
            {"env", Json::array({{{"name", "FLEETWAVE_CLUSTER"}, {"value", "{{.cluster}}"}},
                                 // The cordons a rollback kept ("" otherwise); hasKey reads targets.json
                                 // written before the field existed.
                                 {{"name", "FLEETWAVE_CORDONS"},
                                  {"value", "{{ if hasKey . \"cordons\" }}{{ .cordons }}{{ end }}"}}})}}}};
}

// Argo CD hydrates: it renders the plugin source at the pin and commits <app>/<cluster>.
Json source_hydrator(const AppSetOptions& o) {
  return {{"drySource", plugin_source(o)},
          {"syncSource", {{"targetBranch", o.sync_branch}, {"path", o.app + "/{{.cluster}}"}}}};
}

}  // namespace

Json applicationset(const AppSetOptions& o) {
  Json destination = Json::object();
  if (!o.dest_namespace.empty()) destination["namespace"] = o.dest_namespace;
  Json spec = {{"project", o.project},
               {"destination", destination},
               {"syncPolicy", {{"automated", {{"prune", true}, {"selfHeal", true}}}}}};
  if (!o.sync_branch.empty()) spec["sourceHydrator"] = source_hydrator(o);
  else spec["source"] = o.hydrated_branch.empty() ? plugin_source(o) : hydrated_source(o);
  Json template_ = {
      {"metadata",
       {{"name", o.app + "-{{.cluster}}"},
        {"labels",
         {{"fleetwave.io/app", o.app}, {"fleetwave.io/cluster", "{{.cluster}}"}, {"fleetwave.io/wave", "{{.wave}}"}}}}},
      {"spec", spec}};
  Json generator = {{"git",
                     {{"repoURL", o.repo_url},
                      {"revision", o.revision},
                      {"files", Json::array({{{"path", targets_path(o.app)}}})},
                      {"pathParamPrefix", kPathParamPrefix}}}};
  return {{"apiVersion", "argoproj.io/v1alpha1"},
          {"kind", "ApplicationSet"},
          {"metadata", {{"name", o.app}, {"namespace", o.namespace_}, {"labels", {{"fleetwave.io/app", o.app}}}}},
          {"spec",
           {{"goTemplate", true},
            {"goTemplateOptions", Json::array({"missingkey=error"})},
            {"generators", Json::array({generator})},
            {"template", template_},
            {"templatePatch", destination_patch()}}}};
}

}  // namespace fleetwave::cli
