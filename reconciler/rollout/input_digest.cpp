// Input digests (rollout_engine.h): what identifies a release's inputs, and how two differ.
#include <map>

#include "rollout/rollout_engine.h"

namespace fleetwave {

std::string input_digest(const std::string& app_tree, const std::string& clusters_tree,
                         const std::string& policies_tree) {
  auto part = [](const std::string& t) { return t.empty() ? std::string("-") : t; };
  return "app=" + part(app_tree) + " clusters=" + part(clusters_tree) + " policies=" + part(policies_tree);
}

std::vector<std::string> changed_inputs(const std::string& from, const std::string& to) {
  auto parts = [](const std::string& digest) {
    std::map<std::string, std::string> out;
    std::size_t start = 0;
    while (start < digest.size()) {
      std::size_t end = digest.find(' ', start);
      if (end == std::string::npos) end = digest.size();
      std::string item = digest.substr(start, end - start);
      std::size_t eq = item.find('=');
      if (eq != std::string::npos) out[item.substr(0, eq)] = item.substr(eq + 1);
      start = end + 1;
    }
    return out;
  };
  auto a = parts(from), b = parts(to);
  std::vector<std::string> changed;
  for (const char* key : {"app", "clusters", "policies"}) {
    if (a[key] != b[key]) changed.push_back(std::string(key) == "app" ? "app directory" : std::string(key) + "/");
  }
  return changed;
}

}  // namespace fleetwave
