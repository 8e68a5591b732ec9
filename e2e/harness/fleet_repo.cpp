#include "harness/fleet_repo.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "codec/json_reader.h"
#include "testkit/builders/git_cli.h"
#include "testkit/process/child_process.h"

namespace fleetwave::e2e {
namespace fs = std::filesystem;
namespace {

constexpr const char* kRepo = "fleet.git";

Result<std::map<std::string, std::string>> read_tree(const std::string& root) {
  std::map<std::string, std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    files[fs::relative(it->path(), root).generic_string()] = text.str();
  }
  if (ec) return internal_error("reading " + root + ": " + ec.message());
  if (files.empty()) return invalid_input(root + ": no files to seed the repository with");
  return files;
}

std::string email_of(const std::string& person) {
  std::string local;
  for (char c : person) local += c == ' ' ? '.' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return local + "@example.com";
}

}  // namespace

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

FleetRepo::FleetRepo(testkit::TempDir dir, std::unique_ptr<testkit::GitHttpServer> server)
    : dir_(std::move(dir)), server_(std::move(server)) {}

Result<std::unique_ptr<FleetRepo>> FleetRepo::start(const FleetRepoOptions& options) {
  FW_TRY(files, read_tree(options.source_dir));
  for (const auto& [path, content] : options.changes) files[path] = content;
  FW_TRY(dir, testkit::TempDir::create("fw-e2e-repo"));
  FW_TRY(server, testkit::GitHttpServer::start());
  std::unique_ptr<FleetRepo> repo(new FleetRepo(std::move(dir), std::move(server)));
  FW_CHECK(testkit::write_text_file(repo->password_file(), repo->server_->password() + "\n", 0600));
  FW_TRY(seed, repo->server_->create_repo(kRepo, files));
  repo->seed_ = seed;
  return repo;
}

std::string FleetRepo::url() const { return server_->url(kRepo); }
std::string FleetRepo::bare() const { return server_->repo_path(kRepo); }

Result<std::string> FleetRepo::git(const std::string& cwd, const std::vector<std::string>& args,
                                   const std::string& person) {
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
  std::string date = "@";  // appended piecewise: an operator+ chain trips GCC 12's -Wstringop-overflow
  date += std::to_string(now.count());
  date += " +0000";
  return testkit::git(
      cwd, args,
      {"GIT_AUTHOR_NAME=" + person, "GIT_AUTHOR_EMAIL=" + email_of(person), "GIT_COMMITTER_NAME=" + person,
       "GIT_COMMITTER_EMAIL=" + email_of(person), "GIT_AUTHOR_DATE=" + date, "GIT_COMMITTER_DATE=" + date});
}

Result<std::string> FleetRepo::checkout(const std::string& person) {
  const std::string work = dir_ / ("work-" + email_of(person));
  if (fs::exists(work)) {
    FW_CHECK(git(work, {"fetch", "-q", "origin"}, person));
    FW_CHECK(git(work, {"reset", "-q", "--hard", "origin/main"}, person));
    return work;
  }
  std::string authed = url();
  authed.insert(authed.find("://") + 3, server_->user() + ":" + server_->password() + "@");
  FW_CHECK(git(dir_.path(), {"clone", "-q", "-b", "main", authed, work}, person));
  return work;
}

Status<> FleetRepo::push(const std::string& person) {
  const std::string work = dir_ / ("work-" + email_of(person));
  for (int attempt = 0;; ++attempt) {
    Result<std::string> pushed = git(work, {"push", "-q", "origin", "HEAD:main"}, person);
    if (pushed.ok()) return ok_status();
    if (attempt == 10) return pushed.error();
    FW_CHECK(git(work, {"pull", "-q", "--rebase", "origin", "main"}, person));
  }
}

Result<std::string> FleetRepo::commit_and_push(const std::string& person,
                                               const std::map<std::string, std::string>& files,
                                               const std::string& message) {
  FW_TRY(work, checkout(person));
  for (const auto& [path, content] : files) FW_CHECK(testkit::write_text_file(work + "/" + path, content));
  FW_CHECK(git(work, {"add", "-A"}, person));
  FW_CHECK(git(work, {"commit", "-q", "-m", message}, person));
  FW_CHECK(push(person));
  return git(work, {"rev-parse", "HEAD"}, person);
}

Result<std::string> FleetRepo::head(const std::string& ref) { return testkit::git(bare(), {"rev-parse", ref}); }

Result<std::string> FleetRepo::file_at(const std::string& rev, const std::string& path) {
  return testkit::git(bare(), {"show", rev + ":" + path});
}

Result<Json> FleetRepo::targets(const std::string& app) {
  const std::string path = ".fleetwave/" + app + "/targets.json";
  FW_TRY(listed, testkit::git(bare(), {"ls-tree", "--name-only", "main", path}));
  if (listed.empty()) return Json::array();
  FW_TRY(text, file_at("main", path));
  return parse_json(text, path, 16);
}

Result<std::vector<AuditEntry>> FleetRepo::audit_trail() {
  // One line per commit: fields separated by 0x1f (trailer values never hold it).
  const std::string format =
      "%H%x1f%s%x1f%(trailers:key=Fleetwave-App,valueonly,separator=)%x1f"
      "%(trailers:key=Fleetwave-Action,valueonly,separator=)%x1f%(trailers:key=Fleetwave-Wave,valueonly,separator=)%x1f"
      "%(trailers:key=Fleetwave-Release,valueonly,separator=)";
  FW_TRY(log, testkit::git(bare(), {"log", "--reverse", "--topo-order", "--format=" + format, "main"}));
  std::vector<AuditEntry> trail;
  for (const std::string& line : split_lines(log)) {
    std::vector<std::string> f;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\x1f')) f.push_back(field);
    f.resize(6);
    trail.push_back({f[0], f[1], f[2], f[3], f[4], f[5]});
  }
  return trail;
}

Result<std::vector<std::string>> FleetRepo::actions(const std::string& app) {
  FW_TRY(trail, audit_trail());
  std::vector<std::string> out;
  for (const AuditEntry& e : trail) {
    if (e.app == app && !e.action.empty()) out.push_back(e.action);
  }
  return out;
}

Status<> FleetRepo::export_tree(const std::string& commit, const std::string& dir) {
  testkit::ProcessSpec spec;
  spec.argv = {"bash", "-c", "mkdir -p \"$2\" && git -C \"$0\" archive \"$1\" | tar -x -C \"$2\"", bare(), commit, dir};
  spec.env = testkit::git_environment();
  FW_TRY(run, testkit::run_command(spec, std::chrono::seconds(60)));
  if (run.exit_code != 0) return internal_error("exporting " + commit + ": " + run.output);
  return ok_status();
}

Result<std::vector<std::string>> FleetRepo::branches(const std::string& prefix) {
  FW_TRY(refs, testkit::git(bare(), {"for-each-ref", "--format=%(refname:short)", "refs/heads/" + prefix}));
  return split_lines(refs);
}

}  // namespace fleetwave::e2e
