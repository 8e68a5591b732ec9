// Input digests (rollout_engine.h): what identifies a release's inputs, and how two differ.
#include <map>

#include "rollout/rollout_engine.h"

namespace fleetwave {

std::string input_digest(const std::string& app_tree, const std::string& clusters_tree,
                         const std::string& policies_tree, const std::string& cordons_blob) {
  auto part = [](const std::string& t) { return t.empty() ? std::string("-") : t; };
  // Without cordons the digest is what it was before the overlay existed, so upgrading starts
  // no release.
  return "app=" + part(app_tree) + " clusters=" + part(clusters_tree) + " policies=" + part(policies_tree) +
         (cordons_blob.empty() ? "" : " cordons=" + cordons_blob);
}

namespace {

std::map<std::string, std::string> digest_parts(const std::string& digest) {
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
}

}  // namespace

std::vector<std::string> changed_inputs(const std::string& from, const std::string& to) {
  auto a = digest_parts(from), b = digest_parts(to);
  std::vector<std::string> changed;
  for (const char* key : {"app", "clusters", "policies"}) {
    if (a[key] != b[key]) changed.push_back(std::string(key) == "app" ? "app directory" : std::string(key) + "/");
  }
  if (a["cordons"] != b["cordons"]) changed.push_back("cordons (.fleetwave/cordons.yaml)");
  return changed;
}

bool only_inventory_changed(const std::string& from, const std::string& to) {
  if (from.empty() || from == to) return false;
  auto a = digest_parts(from), b = digest_parts(to);
  return a["app"] == b["app"] && a["policies"] == b["policies"] && a["cordons"] == b["cordons"];
}

bool only_cordons_changed(const std::string& from, const std::string& to) {
  if (from.empty() || from == to) return false;
  auto a = digest_parts(from), b = digest_parts(to);
  return a["app"] == b["app"] && a["clusters"] == b["clusters"] && a["policies"] == b["policies"];
}

bool cordons_equal(const std::string& from, const std::string& to) {
  return digest_parts(from)["cordons"] == digest_parts(to)["cordons"];
}

}  // namespace fleetwave
