// What the ApplicationSet controller makes of targets.json: one Application per entry, shaped
// like the template `fleetwave appset` prints (reconciler/reconcile/views/appset_builder.h) on top of the
// recorded Application (testkit/fakes/fake_argocd_apps.h). Pure.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "argocd_sim/target_entries.h"
#include "base/json.h"

namespace fleetwave::sim {

inline constexpr const char* kApplicationNamespace = "argocd";
inline constexpr const char* kProject = "default";

struct DesiredApp {
  std::string name;    // <appset>-<cluster>
  std::string appset;  // the app directory under .fleetwave/, also the ApplicationSet name
  TargetEntry entry;

  bool operator==(const DesiredApp&) const = default;
};

// Every entry of every ApplicationSet, by Application name.
std::map<std::string, DesiredApp> desired_applications(const std::map<std::string, std::vector<TargetEntry>>& appsets);

// metadata.labels: fleetwave.io/app, fleetwave.io/cluster, fleetwave.io/wave.
std::map<std::string, std::string> template_labels(const DesiredApp& desired);
// spec.source: repoURL, path, targetRevision = the pin, plugin fleetwave with FLEETWAVE_CLUSTER;
// in hydrated mode (`hydrated_branch` set) the directory <app>/<cluster> on that branch.
Json template_source(const DesiredApp& desired, const std::string& repo_url, const std::string& hydrated_branch = "");
// spec.destination: server when entry.server starts with "http", else name (the templatePatch).
Json template_destination(const DesiredApp& desired);

// A new Application with an empty comparison: sync OutOfSync, health Missing, no operation.
Json new_application(const DesiredApp& desired, const std::string& repo_url, std::int64_t now_ms,
                     const std::string& hydrated_branch = "");
// The ApplicationSet controller's update of an existing Application: labels, spec.source and
// spec.destination follow the template; status is left alone.
void apply_template(Json& app, const DesiredApp& desired, const std::string& repo_url,
                    const std::string& hydrated_branch = "");

}  // namespace fleetwave::sim
