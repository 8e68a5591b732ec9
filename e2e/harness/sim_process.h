// The Argo CD simulator (fleetwave-argocd-sim) as a separate process of an e2e run, and a client
// of its API: the Applications fleetwave reads, and the simulated clusters' live objects.
//
// Thread-safety: single-threaded.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "base/json.h"
#include "base/result.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::e2e {

struct SimProcessOptions {
  std::string binary;         // fleetwave-argocd-sim
  std::string render_binary;  // fleetwave-render
  std::string repo_url;
  std::string git_username;
  std::string git_password_file;
  double progress_seconds = 0.5;  // Progressing after each sync
  int sync_ms = 200;              // a sync operation stays Running this long
  int poll_interval_ms = 100;
  std::string hydrated_branch;  // --hydrated-branch: Applications sync plain directories there
};

class SimProcess {
 public:
  // Starts the simulator and waits until its API answers.
  [[nodiscard]] static Result<std::unique_ptr<SimProcess>> start(const SimProcessOptions& options);
  ~SimProcess();  // stops the process group

  const std::string& url() const { return url_; }
  const std::string& token() const { return token_; }
  std::string token_file() const { return dir_ / "token"; }
  std::string log() const;  // the simulator's event lines

  // GET with the Bearer token, the body parsed as JSON; NotFound for 404.
  [[nodiscard]] Result<Json> get(const std::string& path);
  // Applications of one fleetwave app (selector fleetwave.io/app=<app>), sorted by name.
  [[nodiscard]] Result<Json> applications(const std::string& app);
  // Live objects on a simulated cluster (every app's), sorted; NotFound for an unknown cluster.
  [[nodiscard]] Result<Json> cluster_objects(const std::string& cluster);
  // What GET /api/v1/clusters says of the cluster's connection: "Failed" simulates an outage.
  [[nodiscard]] Status<> set_connection(const std::string& cluster, const std::string& state);

 private:
  SimProcess(testkit::TempDir dir, std::string token);

  testkit::TempDir dir_;
  std::string token_;
  std::string url_;
  std::optional<testkit::ChildProcess> process_;
};

// The image of the first container of the first Deployment in `objects` ("" when none).
std::string first_image(const Json& objects, const std::string& deployment);

}  // namespace fleetwave::e2e
