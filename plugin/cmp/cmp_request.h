// Turns fleetwave-render's arguments and Argo CD's CMP environment (docs/architecture.md,
// "Argo CD contracts") into a render request.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/result.h"
#include "cmp/render_command.h"
#include "cmp/repo_reader.h"
#include "render/renderer.h"

namespace fleetwave {

struct RenderRequest {
  RepoLayout layout;
  std::string cluster;
  OutputFormat format = OutputFormat::YamlStream;
  std::string default_namespace = "default";
  RenderLimits limits;
  // A Cordons document (YAML or JSON) used instead of the repository's .fleetwave/cordons.yaml.
  std::optional<std::string> cordons;
  bool help = false;
  bool version = false;
};

// Usage errors are InvalidInput with a message meant for the terminal.
Result<RenderRequest> parse_render_request(const ProcessContext& context);

const char* render_usage();

}  // namespace fleetwave
