// The identity git itself would author a commit with, for steps a person takes from the CLI.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "adapters/git/git_repository.h"
#include "base/result.h"

namespace fleetwave::git {

// The author git would record for a commit made in `path`, following git's order:
// GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL in `env`, then user.name / user.email from the
// configuration of the repository containing `path`, $XDG_CONFIG_HOME/git/config (or
// $HOME/.config/git/config), $HOME/.gitconfig and /etc/gitconfig. The files are named from
// `env`, not from the process, so a caller's environment decides. nullopt when the name or the
// email is found nowhere. Requires an initialised LibGit2Runtime.
[[nodiscard]] Result<std::optional<Signature>> configured_identity(const std::string& path,
                                                                   const std::map<std::string, std::string>& env);

}  // namespace fleetwave::git
