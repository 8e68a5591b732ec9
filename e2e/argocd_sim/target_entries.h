// The entries of .fleetwave/<app>/targets.json (docs/formats.md), as the ApplicationSet git files
// generator of `fleetwave appset` reads them: one Application per entry. Pure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace fleetwave::sim {

struct TargetEntry {
  std::string app;  // optional in the file; the ApplicationSet is named after the directory
  std::string cluster;
  std::string server;  // an API URL (destination.server) or an Argo CD cluster name (destination.name)
  std::string wave;
  std::string revision;  // the pin: spec.source.targetRevision
  std::string path;      // spec.source.path
  std::string cordons;   // plugin env FLEETWAVE_CORDONS; optional in the file (the template's hasKey)

  bool operator==(const TargetEntry&) const = default;
};

// Parses one targets.json. Like the generator's template with missingkey=error, every entry needs
// string values for cluster, server, wave, revision and path; a cluster listed twice would make
// two Applications of one name. `file` prefixes errors (InvalidInput), e.g.
// ".fleetwave/web/targets.json: [1].revision: expected a string".
[[nodiscard]] Result<std::vector<TargetEntry>> parse_targets(std::string_view text, const std::string& file);

}  // namespace fleetwave::sim
