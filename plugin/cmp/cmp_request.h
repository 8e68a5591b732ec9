// Turns fleetwave-render's arguments and Argo CD's CMP environment (docs/architecture.md,
// "Argo CD contracts") into a render request.
#pragma once

#include <filesystem>
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
  bool help = false;
  bool version = false;
};

// Usage errors are InvalidInput with a message meant for the terminal.
Result<RenderRequest> parse_render_request(const ProcessContext& context);

const char* render_usage();

}  // namespace fleetwave
