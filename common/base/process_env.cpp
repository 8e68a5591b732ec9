#include "base/process_env.h"

#include <cstring>
#include <filesystem>

namespace fleetwave {

std::map<std::string, std::string> environment_of(char** envp) {
  std::map<std::string, std::string> env;
  for (char** e = envp; e != nullptr && *e != nullptr; ++e) {
    const char* eq = std::strchr(*e, '=');
    if (eq != nullptr) env.emplace(std::string(*e, static_cast<std::size_t>(eq - *e)), std::string(eq + 1));
  }
  return env;
}

std::string current_directory() {
  std::error_code ec;
  return std::filesystem::current_path(ec).string();
}

}  // namespace fleetwave
