#include "argocd_sim/sim_runner.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "adapters/git/libgit2_repository.h"
#include "argocd_sim/cmp_plugin_runner.h"
#include "argocd_sim/sim_api.h"
#include "argocd_sim/simulator.h"

namespace fleetwave::sim {
namespace fs = std::filesystem;
namespace {

// A secret file's content without the trailing newline.
Result<std::string> read_secret(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return invalid_input(std::string("cannot read the ") + what + " file " + path);
  std::stringstream buf;
  buf << in.rdbuf();
  std::string text = buf.str();
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  if (text.empty()) return invalid_input(std::string("the ") + what + " file " + path + " is empty");
  return text;
}

Status<> write_ready_file(const std::string& path, const std::string& url) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << url << "\n";
    if (!out) return internal_error("writing " + tmp);
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) return internal_error("renaming " + tmp + ": " + ec.message());
  return ok_status();
}

Result<std::unique_ptr<git::LibGit2Repository>> open_repository(const git::LibGit2Runtime& runtime,
                                                                const SimOptions& o) {
  git::RepositoryOptions repo{o.repo_url, (fs::path(o.work_dir) / "git-cache").string(), git::GitCredentials::none()};
  if (!o.git_username.empty()) {
    FW_TRY(password, read_secret(o.git_password_file, "Git password"));
    repo.credentials = git::GitCredentials::user_password(o.git_username, password);
  }
  return git::LibGit2Repository::open(runtime, std::move(repo));
}

void wait_for_next_tick(const SimEnvironment& env, std::chrono::milliseconds interval) {
  auto until = std::chrono::steady_clock::now() + interval;
  while (!env.stop_requested()) {
    auto left = until - std::chrono::steady_clock::now();
    if (left <= std::chrono::milliseconds(0)) return;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(left, std::chrono::milliseconds(50)));
  }
}

}  // namespace

Status<> run_simulator(const SimOptions& o, const SimEnvironment& env) {
  FW_TRY(token, read_secret(o.token_file, "token"));
  FW_TRY(runtime, git::LibGit2Runtime::start());
  FW_TRY(repo, open_repository(runtime, o));
  const fs::path render_root = fs::path(o.work_dir) / "cmp";
  CmpPluginRunner plugin(*repo, {o.render_binary, render_root, 60});
  SystemClock clock;
  EventLog events(clock, env.log);
  LiveClusters live;
  SimMetrics metrics(live, clock);
  testkit::FakeArgoCdOptions api;
  api.token = token;
  api.host = o.listen_host;
  api.port = o.listen_port;
  api.extra_get_routes = sim_routes(live, events, metrics);
  std::atomic<testkit::FakeArgoCd*> serving{nullptr};  // the control routes answer once it is set
  api.extra_post_routes = sim_control_routes(serving, events, clock);
  FW_TRY(server, testkit::FakeArgoCd::start(std::move(api)));
  serving = server.get();
  events.record("", "serving", server->url() + " (repository " + repo->display_url() + ", branch " + o.branch + ")");
  if (!o.ready_file.empty()) FW_CHECK(write_ready_file(o.ready_file, server->url()));

  SyncSettings sync{o.repo_url, env.path_env,     o.sync_ms, static_cast<std::int64_t>(o.progress_seconds * 1000),
                    2000,       o.hydrated_branch};
  Simulator simulator({o.branch, sync}, *repo, plugin, *server, live, events, clock);
  while (!env.stop_requested()) {
    simulator.tick();
    metrics.refresh();
    wait_for_next_tick(env, std::chrono::milliseconds(o.poll_interval_ms));
  }
  events.record("", "stopping", "");
  serving = nullptr;
  server.reset();
  std::error_code ec;
  fs::remove_all(render_root, ec);
  if (!o.ready_file.empty()) fs::remove(o.ready_file, ec);
  return ok_status();
}

}  // namespace fleetwave::sim
