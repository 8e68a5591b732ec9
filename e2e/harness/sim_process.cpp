#include "harness/sim_process.h"

#include <random>

#include "base/text.h"
#include "codec/json_reader.h"
#include "harness/http_client.h"
#include "harness/poll.h"

namespace fleetwave::e2e {
namespace {

std::string random_token() {
  std::random_device rd;
  std::string token = "sim-token-";
  for (int i = 0; i < 24; ++i) token += "0123456789abcdef"[rd() % 16];
  return token;
}

}  // namespace

SimProcess::SimProcess(testkit::TempDir dir, std::string token) : dir_(std::move(dir)), token_(std::move(token)) {}

SimProcess::~SimProcess() {
  if (process_) process_->stop();
}

Result<std::unique_ptr<SimProcess>> SimProcess::start(const SimProcessOptions& o) {
  FW_TRY(dir, testkit::TempDir::create("fw-e2e-sim"));
  std::unique_ptr<SimProcess> sim(new SimProcess(std::move(dir), random_token()));
  FW_CHECK(testkit::write_text_file(sim->token_file(), sim->token_ + "\n", 0600));
  const std::string ready = sim->dir_ / "ready";
  testkit::ProcessSpec spec;
  spec.argv = {o.binary,
               "--repo",
               o.repo_url,
               "--token-file",
               sim->token_file(),
               "--render-binary",
               o.render_binary,
               "--work-dir",
               sim->dir_ / "work",
               "--listen",
               "127.0.0.1:0",
               "--ready-file",
               ready,
               "--progress-seconds",
               std::to_string(o.progress_seconds),
               "--sync-ms",
               std::to_string(o.sync_ms),
               "--poll-interval-ms",
               std::to_string(o.poll_interval_ms)};
  if (!o.hydrated_branch.empty()) {
    spec.argv.push_back("--hydrated-branch");
    spec.argv.push_back(o.hydrated_branch);
  }
  if (!o.git_username.empty()) {
    for (const std::string& a :
         {std::string("--git-username"), o.git_username, std::string("--git-password-file"), o.git_password_file}) {
      spec.argv.push_back(a);
    }
  }
  spec.stdout_path = spec.stderr_path = sim->dir_ / "sim.log";
  FW_TRY(child, testkit::ChildProcess::spawn(spec));
  sim->process_.emplace(std::move(child));
  Status<> up =
      poll_until([&] { return !trim_space(testkit::read_text_file(ready)).empty() || !sim->process_->running(); },
                 Millis(20000), "the simulator's ready file");
  if (!up.ok() || !sim->process_->running()) {
    return internal_error("fleetwave-argocd-sim did not start: " + sim->log());
  }
  sim->url_ = trim_space(testkit::read_text_file(ready));
  return sim;
}

std::string SimProcess::log() const { return testkit::read_text_file(dir_ / "sim.log"); }

Result<Json> SimProcess::get(const std::string& path) {
  FW_TRY(res, http_get(url_, path, {{"Authorization", "Bearer " + token_}}));
  if (res.status == 404) return not_found("GET " + path + ": 404 " + res.body);
  if (res.status != 200) return internal_error("GET " + path + ": " + std::to_string(res.status) + " " + res.body);
  return parse_json(res.body, path, 256);
}

Result<Json> SimProcess::applications(const std::string& app) {
  FW_TRY(list, get("/api/v1/applications?selector=fleetwave.io/app%3D" + app));
  const Json* items = find_member(list, "items");
  return items == nullptr || items->is_null() ? Json::array() : *items;
}

Result<Json> SimProcess::cluster_objects(const std::string& cluster) {
  return get("/sim/v1/clusters/" + cluster + "/objects");
}

Status<> SimProcess::set_connection(const std::string& cluster, const std::string& state) {
  const std::string path = "/sim/v1/clusters/" + cluster + "/connection/" + state;
  FW_TRY(res, http_post(url_, path, "", {{"Authorization", "Bearer " + token_}}));
  if (res.status != 200) return internal_error("POST " + path + ": " + std::to_string(res.status) + " " + res.body);
  return ok_status();
}

std::string first_image(const Json& objects, const std::string& deployment) {
  if (!objects.is_array()) return "";
  for (const Json& o : objects) {
    if (string_at(o, {"kind"}) != "Deployment" || string_at(o, {"metadata", "name"}) != deployment) continue;
    const Json* containers = find_path(o, {"spec", "template", "spec", "containers"});
    if (containers != nullptr && containers->is_array() && !containers->empty())
      return string_at((*containers)[0], {"image"});
  }
  return "";
}

}  // namespace fleetwave::e2e
