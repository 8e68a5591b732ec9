// Test support: the git CLI, for fixtures and tests only (seeding and verifying repositories;
// product code never runs git). Hermetic: no system or global config, no terminal prompts, and
// a fixed identity and dates so commits are reproducible.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/result.h"

namespace fleetwave::testkit {

// Environment entries for every git invocation of the test support.
std::vector<std::string> git_environment();

// Runs `git args...` in `cwd`. Returns the combined output (trailing newline trimmed) on exit
// 0, otherwise an Internal error with the command and its output.
[[nodiscard]] Result<std::string> git(const std::string& cwd, const std::vector<std::string>& args,
                                      const std::vector<std::string>& extra_env = {});

// Creates a bare repository at `bare_path` whose `branch` holds `files` (path -> content) in one
// commit. Returns that commit, or "" when `files` is empty (the branch is then unborn).
[[nodiscard]] Result<std::string> seed_bare_repo(const std::string& bare_path,
                                                 const std::map<std::string, std::string>& files,
                                                 const std::string& branch = "main");

// Installs an executable hook script (e.g. "pre-receive") in a bare repository.
[[nodiscard]] Status<> install_hook(const std::string& bare_path, const std::string& hook, const std::string& script);

}  // namespace fleetwave::testkit
