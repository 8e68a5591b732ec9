// The GitOps repository of an e2e run: a real smart-HTTP Git server with basic auth (lighttpd +
// git-http-backend, testkit/servers/git_http_server.h) serving one bare repository seeded from a
// directory (the example fleet), plus working clones where "people" commit and push with the
// git CLI (a release, a revert, a reviewer's merge). Reads of the branch go to the served bare
// repository itself, i.e. exactly what was pushed.
//
// Thread-safety: single-threaded.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_http_server.h"

namespace fleetwave::e2e {

struct FleetRepoOptions {
  std::string source_dir;                      // every file below it is committed (the seed)
  std::map<std::string, std::string> changes;  // path -> content written over the seed
};

// One step in the audit trail: the trailers of one commit (oldest first).
struct AuditEntry {
  std::string commit;
  std::string subject;
  std::string app;      // Fleetwave-App ("" for a person's commit)
  std::string action;   // Fleetwave-Action
  std::string wave;     // Fleetwave-Wave
  std::string release;  // Fleetwave-Release
};

class FleetRepo {
 public:
  [[nodiscard]] static Result<std::unique_ptr<FleetRepo>> start(const FleetRepoOptions& options);

  std::string url() const;  // http://127.0.0.1:PORT/git/fleet.git (no credentials)
  const std::string& user() const { return server_->user(); }
  std::string password_file() const { return dir_ / "git-password"; }
  const std::string& seed() const { return seed_; }
  std::string dir(const std::string& name) const { return dir_ / name; }  // scratch space
  std::string bare_path() const { return bare(); }                        // the served bare repository on disk
  std::string server_logs() const { return server_->logs(); }

  // A working clone of main for `person` (created on first use; later calls pull it up to date).
  [[nodiscard]] Result<std::string> checkout(const std::string& person);
  // `git args...` in `cwd` as `person` (author and committer), with the current time.
  [[nodiscard]] Result<std::string> git(const std::string& cwd, const std::vector<std::string>& args,
                                        const std::string& person = "Pat Operator");
  // Writes `files` in person's checkout, commits them with `message` and pushes main; returns
  // the new commit. Retries on a rejected push (fleetwave pushes to the same branch).
  [[nodiscard]] Result<std::string> commit_and_push(const std::string& person,
                                                    const std::map<std::string, std::string>& files,
                                                    const std::string& message);
  // Pushes person's main (rebasing onto the remote when fleetwave moved it meanwhile).
  [[nodiscard]] Status<> push(const std::string& person);

  [[nodiscard]] Result<std::string> head(const std::string& ref = "main");  // commit of the remote ref
  [[nodiscard]] Result<std::string> file_at(const std::string& rev, const std::string& path);
  // .fleetwave/<app>/targets.json at the head of main; an empty array before the first step.
  [[nodiscard]] Result<Json> targets(const std::string& app);
  // Every commit on main in topological order, oldest first, with its fleetwave trailers.
  [[nodiscard]] Result<std::vector<AuditEntry>> audit_trail();
  // The Fleetwave-Action trailers of `app`'s commits, oldest first.
  [[nodiscard]] Result<std::vector<std::string>> actions(const std::string& app);
  // Writes the tree of `commit` into `dir` (git archive | tar -x): no .git, as Argo CD hands a
  // revision to a plugin.
  [[nodiscard]] Status<> export_tree(const std::string& commit, const std::string& dir);
  // Remote branches whose name starts with `prefix` (e.g. "fleetwave/approve/").
  [[nodiscard]] Result<std::vector<std::string>> branches(const std::string& prefix);

 private:
  FleetRepo(testkit::TempDir dir, std::unique_ptr<testkit::GitHttpServer> server);
  std::string bare() const;

  testkit::TempDir dir_;
  std::unique_ptr<testkit::GitHttpServer> server_;
  std::string seed_;
};

// Lines of `text` without the empty ones.
std::vector<std::string> split_lines(const std::string& text);

}  // namespace fleetwave::e2e
