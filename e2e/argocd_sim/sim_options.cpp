#include "argocd_sim/sim_options.h"

#include <charconv>
#include <cstdlib>
#include <map>

namespace fleetwave::sim {
namespace {

Result<int> parse_int(const std::string& flag, const std::string& text, int min, int max) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || value < min || value > max) {
    return invalid_input(flag + ": expected a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                         ", got \"" + text + "\"");
  }
  return value;
}

Result<double> parse_seconds(const std::string& flag, const std::string& text) {
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(value >= 0) || value > 86400) {
    return invalid_input(flag + ": expected seconds (0 to 86400), got \"" + text + "\"");
  }
  return value;
}

Status<> parse_listen(const std::string& text, SimOptions& o) {
  std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return invalid_input("--listen: expected HOST:PORT, got \"" + text + "\"");
  FW_TRY(port, parse_int("--listen", text.substr(colon + 1), 0, 65535));
  o.listen_host = text.substr(0, colon);
  o.listen_port = port;
  return ok_status();
}

Status<> check_required(const SimOptions& o) {
  const std::pair<const char*, const std::string*> required[] = {{"--repo", &o.repo_url},
                                                                 {"--token-file", &o.token_file},
                                                                 {"--render-binary", &o.render_binary},
                                                                 {"--work-dir", &o.work_dir}};
  for (const auto& [flag, value] : required) {
    if (value->empty()) return invalid_input(std::string(flag) + " is required");
  }
  if (o.git_username.empty() != o.git_password_file.empty()) {
    return invalid_input("--git-username and --git-password-file go together");
  }
  if (o.render_binary.front() != '/') return invalid_input("--render-binary must be an absolute path");
  return ok_status();
}

}  // namespace

const char* sim_usage() {
  return "usage: fleetwave-argocd-sim --repo URL [--branch main] [--git-username U --git-password-file F]\n"
         "                            --token-file F --render-binary PATH --work-dir DIR\n"
         "                            [--listen 127.0.0.1:0] [--ready-file PATH] [--progress-seconds 2]\n"
         "                            [--poll-interval-ms 200] [--sync-ms 500] [--hydrated-branch BRANCH]\n"
         "\n"
         "Simulates Argo CD for fleetwave: one Application per entry of every .fleetwave/<app>/targets.json\n"
         "at the branch head, synced by running the render binary as argocd-cmp-server runs a plugin, with\n"
         "simulated clusters; with --hydrated-branch, each Application syncs the plain directory <app>/<cluster>\n"
         "of that branch instead (fleetwave's hydrated mode: manifest.yaml, no plugin). Serves GET "
         "/api/v1/applications[?selector=], GET /api/v1/applications/{name},\n"
         "POST /api/v1/applications/{name}/sync, GET /sim/v1/{clusters,clusters/{c}/objects,events} and\n"
         "GET /metrics, all behind the Bearer token from --token-file. /metrics counts http_requests_total:\n"
         "10 requests/s per live workload, 30% of them answered 500 when its image tag contains \"errors\".\n"
         "Logs one line per event to stderr; stops on SIGTERM or SIGINT.\n";
}

Result<SimOptions> parse_sim_options(const std::vector<std::string>& args) {
  SimOptions o;
  std::map<std::string, std::string*> strings = {{"--repo", &o.repo_url},
                                                 {"--branch", &o.branch},
                                                 {"--git-username", &o.git_username},
                                                 {"--git-password-file", &o.git_password_file},
                                                 {"--token-file", &o.token_file},
                                                 {"--render-binary", &o.render_binary},
                                                 {"--work-dir", &o.work_dir},
                                                 {"--ready-file", &o.ready_file},
                                                 {"--hydrated-branch", &o.hydrated_branch}};
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "-h" || flag == "--help") {
      o.help = true;
      return o;
    }
    const bool known = strings.count(flag) != 0 || flag == "--listen" || flag == "--progress-seconds" ||
                       flag == "--poll-interval-ms" || flag == "--sync-ms";
    if (!known) return invalid_input("unknown flag \"" + flag + "\"");
    if (i + 1 >= args.size()) return invalid_input(flag + " needs a value");
    const std::string& value = args[++i];
    if (auto it = strings.find(flag); it != strings.end()) {
      *it->second = value;
    } else if (flag == "--listen") {
      FW_CHECK(parse_listen(value, o));
    } else if (flag == "--progress-seconds") {
      FW_TRY(seconds, parse_seconds(flag, value));
      o.progress_seconds = seconds;
    } else if (flag == "--poll-interval-ms") {
      FW_TRY(ms, parse_int(flag, value, 10, 600000));
      o.poll_interval_ms = ms;
    } else if (flag == "--sync-ms") {
      FW_TRY(ms, parse_int(flag, value, 0, 600000));
      o.sync_ms = ms;
    }
  }
  FW_CHECK(check_required(o));
  return o;
}

}  // namespace fleetwave::sim
