#include "testkit/builders/git_cli.h"

#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::testkit {

std::vector<std::string> git_environment() {
  return {"GIT_CONFIG_NOSYSTEM=1",
          "GIT_CONFIG_GLOBAL=/dev/null",
          "GIT_TERMINAL_PROMPT=0",
          "GIT_ASKPASS=",
          "SSH_ASKPASS=",
          "GIT_AUTHOR_NAME=Fixture",
          "GIT_AUTHOR_EMAIL=fixture@test",
          "GIT_COMMITTER_NAME=Fixture",
          "GIT_COMMITTER_EMAIL=fixture@test",
          "GIT_AUTHOR_DATE=2026-01-01T00:00:00Z",
          "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z",
          "LC_ALL=C"};
}

Result<std::string> git(const std::string& cwd, const std::vector<std::string>& args,
                        const std::vector<std::string>& extra_env) {
  ProcessSpec spec;
  spec.argv = {"git"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.cwd = cwd;
  // extra_env overrides the fixed environment (a person's GIT_AUTHOR_NAME, say): drop what it
  // sets, since a process reads the first of duplicate variables.
  for (std::string& variable : git_environment()) {
    const std::string name = variable.substr(0, variable.find('=') + 1);
    bool overridden = false;
    for (const std::string& extra : extra_env) overridden = overridden || extra.rfind(name, 0) == 0;
    if (!overridden) spec.env.push_back(std::move(variable));
  }
  spec.env.insert(spec.env.end(), extra_env.begin(), extra_env.end());
  FW_TRY(result, run_command(spec));
  while (!result.output.empty() && result.output.back() == '\n') result.output.pop_back();
  if (result.exit_code != 0) {
    std::string command = "git";
    for (const std::string& a : args) command += " " + a;
    return internal_error(command + " (in " + cwd + ") exited " + std::to_string(result.exit_code) + ": " +
                          result.output);
  }
  return result.output;
}

Result<std::string> seed_bare_repo(const std::string& bare_path, const std::map<std::string, std::string>& files,
                                   const std::string& branch) {
  FW_CHECK(git("/", {"init", "-q", "--bare", "-b", branch, bare_path}));
  if (files.empty()) return std::string();
  // One git fast-import process writes the whole commit: fast even for 10,000 files.
  std::string stream = "commit refs/heads/" + branch + "\n" +
                       "committer Fixture <fixture@test> 1767225600 +0000\n"
                       "data 5\nseed\n";
  for (const auto& [path, content] : files) {
    stream += "M 100644 inline " + path + "\ndata " + std::to_string(content.size()) + "\n" + content + "\n";
  }
  FW_TRY(work, TempDir::create("fw-seed"));
  FW_CHECK(write_text_file(work / "stream", stream));
  ProcessSpec spec;
  spec.argv = {"git", "fast-import", "--quiet"};
  spec.cwd = bare_path;
  spec.env = git_environment();
  spec.stdin_path = work / "stream";
  FW_TRY(result, run_command(spec));
  if (result.exit_code != 0) return internal_error("git fast-import into " + bare_path + " failed: " + result.output);
  return git(bare_path, {"rev-parse", "refs/heads/" + branch});
}

Status<> install_hook(const std::string& bare_path, const std::string& hook, const std::string& script) {
  return write_text_file(bare_path + "/hooks/" + hook, script, 0755);
}

}  // namespace fleetwave::testkit
