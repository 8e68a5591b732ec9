// The ApplicationSet of an app (docs/install.md, "ApplicationSets"): a git files generator over
// .fleetwave/<app>/targets.json, so Argo CD holds one Application per pinned cluster whose
// targetRevision is the pin, rendered by the fleetwave CMP for that cluster. Pure.
//
// targets.json entries carry {app, cluster, server, wave, revision, path}. The generator's own
// path parameters go under `.fleetwave.path` (pathParamPrefix): with goTemplate the git files
// generator would otherwise replace the entry's `path` with a map of the targets.json location.
// `server` holds an API URL or an Argo CD cluster name, so a templatePatch picks
// destination.server for values starting with "http" and destination.name otherwise.
//
// In hydrated mode (FleetSettings spec.hydration) the generator is the same, but each
// Application reads a plain directory, <app>/<cluster> on the hydrated branch, which holds what
// the plugin would print (hydrated_layout.h): no plugin, no sidecar. targetRevision is the branch,
// not the pin: the hydrated branch only ever holds pinned manifests.
//
// When Argo CD's Source Hydrator writes that branch (spec.hydration.hydrator: argocd), each
// Application is a sourceHydrator one: drySource = the plugin at the pin (what the plugin mode
// syncs), syncSource = <app>/<cluster> on the branch. Argo CD renders each pin through the plugin,
// commits the directory and syncs it.
#pragma once

#include <string>

#include "base/json.h"

namespace fleetwave::cli {

struct AppSetOptions {
  std::string app;
  std::string repo_url;               // credentials already redacted
  std::string revision = "main";      // the branch fleetwave commits targets.json to
  std::string namespace_ = "argocd";  // where the ApplicationSet lives
  std::string project = "default";
  std::string dest_namespace;   // "" = none (the manifests name their namespaces)
  std::string hydrated_branch;  // hydrated mode: the branch of FleetSettings spec.hydration; "" = the plugin
  std::string sync_branch;      // Argo CD hydrates: the syncSource branch (wins over hydrated_branch)
};

inline constexpr const char* kPathParamPrefix = "fleetwave";

// The templatePatch (a Go template producing YAML).
std::string destination_patch();

Json applicationset(const AppSetOptions& options);

}  // namespace fleetwave::cli
