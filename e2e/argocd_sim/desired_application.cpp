#include "argocd_sim/desired_application.h"

#include "base/timestamp.h"
#include "testkit/fakes/fake_argocd_apps.h"

namespace fleetwave::sim {

std::map<std::string, DesiredApp> desired_applications(const std::map<std::string, std::vector<TargetEntry>>& appsets) {
  std::map<std::string, DesiredApp> out;
  for (const auto& [appset, entries] : appsets) {
    for (const TargetEntry& entry : entries) {
      std::string name = appset + "-" + entry.cluster;
      out.emplace(name, DesiredApp{name, appset, entry});
    }
  }
  return out;
}

std::map<std::string, std::string> template_labels(const DesiredApp& d) {
  return {
      {"fleetwave.io/app", d.appset}, {"fleetwave.io/cluster", d.entry.cluster}, {"fleetwave.io/wave", d.entry.wave}};
}

Json template_source(const DesiredApp& d, const std::string& repo_url, const std::string& hydrated_branch) {
  if (!hydrated_branch.empty()) {
    return {{"repoURL", repo_url},
            {"path", d.appset + "/" + d.entry.cluster},
            {"targetRevision", hydrated_branch},
            {"directory", {{"recurse", false}}}};
  }
  Json env = Json::array({{{"name", "FLEETWAVE_CLUSTER"}, {"value", d.entry.cluster}},
                          {{"name", "FLEETWAVE_CORDONS"}, {"value", d.entry.cordons}}});
  return {{"repoURL", repo_url},
          {"path", d.entry.path},
          {"targetRevision", d.entry.revision},
          {"plugin", {{"name", "fleetwave"}, {"env", std::move(env)}}}};
}

Json template_destination(const DesiredApp& d) {
  bool url = d.entry.server.rfind("http", 0) == 0;
  return {{url ? "server" : "name", d.entry.server}};
}

void apply_template(Json& app, const DesiredApp& d, const std::string& repo_url, const std::string& hydrated_branch) {
  Json labels = Json::object();
  for (const auto& [k, v] : template_labels(d)) labels[k] = v;
  app["metadata"]["labels"] = std::move(labels);
  app["spec"]["source"] = template_source(d, repo_url, hydrated_branch);
  app["spec"]["destination"] = template_destination(d);
}

Json new_application(const DesiredApp& d, const std::string& repo_url, std::int64_t now_ms,
                     const std::string& hydrated_branch) {
  const std::string now = format_rfc3339(now_ms);
  Json app = testkit::make_application(d.name, template_labels(d), d.entry.cluster, d.entry.revision);
  app["metadata"]["namespace"] = kApplicationNamespace;
  app["metadata"]["creationTimestamp"] = now;
  app["spec"]["project"] = kProject;
  app["spec"]["syncPolicy"] = {{"automated", {{"prune", true}, {"selfHeal", true}}}};
  apply_template(app, d, repo_url, hydrated_branch);
  app["status"] = {{"sync", {{"status", "OutOfSync"}}},
                   {"health", {{"status", "Missing"}}},
                   {"sourceType", hydrated_branch.empty() ? "Plugin" : "Directory"},
                   {"controllerNamespace", kApplicationNamespace},
                   {"reconciledAt", now}};
  return app;
}

}  // namespace fleetwave::sim
