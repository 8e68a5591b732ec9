// fleetwave-argocd-sim's command line.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"

namespace fleetwave::sim {

struct SimOptions {
  std::string repo_url;         // --repo (no credentials in it)
  std::string branch = "main";  // --branch
  std::string git_username;     // --git-username (with --git-password-file)
  std::string git_password_file;
  std::string listen_host = "127.0.0.1";  // --listen HOST:PORT; port 0 picks a free one
  int listen_port = 0;
  std::string token_file;       // --token-file: the Bearer token clients must send
  std::string render_binary;    // --render-binary: the plugin's generate command
  std::string work_dir;         // --work-dir: Git cache and per-render directories
  double progress_seconds = 2;  // --progress-seconds
  int poll_interval_ms = 200;   // --poll-interval-ms
  int sync_ms = 500;            // --sync-ms: how long a sync operation stays Running
  std::string ready_file;       // --ready-file: gets the API URL once serving
  // --hydrated-branch: Applications read the plain directory <app>/<cluster> of this branch
  // (fleetwave's hydrated mode), with no plugin call; "" = the plugin at the pin.
  std::string hydrated_branch;
  bool help = false;
};

// Usage errors are InvalidInput with a message for the terminal.
[[nodiscard]] Result<SimOptions> parse_sim_options(const std::vector<std::string>& args);

const char* sim_usage();

}  // namespace fleetwave::sim
