// What both mains read from the process once, at start: the environment as a map and the
// working directory. Everything below main gets these as values (CONTRIBUTING.md, house rule 8).
#pragma once

#include <map>
#include <string>

namespace fleetwave {

// NAME=value entries of `envp` (e.g. environ); entries without '=' are skipped.
std::map<std::string, std::string> environment_of(char** envp);

// The working directory, "" when it cannot be read (deleted under us).
std::string current_directory();

}  // namespace fleetwave
