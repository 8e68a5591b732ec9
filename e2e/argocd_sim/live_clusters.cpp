#include "argocd_sim/live_clusters.h"

namespace fleetwave::sim {

ObjectKey object_key(const Json& o) {
  return {string_at(o, {"apiVersion"}), string_at(o, {"kind"}), string_at(o, {"metadata", "namespace"}),
          string_at(o, {"metadata", "name"})};
}

void LiveClusters::add_cluster(const std::string& cluster) {
  std::lock_guard<std::mutex> lock(mu_);
  clusters_[cluster];
}

ApplyResult LiveClusters::apply(const std::string& cluster, const std::string& app, const std::vector<Json>& objects) {
  Objects next;
  for (const Json& o : objects) next[object_key(o)] = o;
  ApplyResult result;
  std::lock_guard<std::mutex> lock(mu_);
  Objects& live = clusters_[cluster][app];
  for (const auto& [key, obj] : next) {
    auto it = live.find(key);
    if (it == live.end()) {
      ++result.created;
    } else if (it->second != obj) {
      ++result.updated;
    } else {
      ++result.unchanged;
    }
  }
  for (const auto& [key, obj] : live) result.pruned += next.count(key) == 0 ? 1 : 0;
  live = std::move(next);
  return result;
}

std::size_t LiveClusters::remove(const std::string& cluster, const std::string& app) {
  std::lock_guard<std::mutex> lock(mu_);
  auto c = clusters_.find(cluster);
  if (c == clusters_.end()) return 0;
  auto a = c->second.find(app);
  if (a == c->second.end()) return 0;
  std::size_t pruned = a->second.size();
  c->second.erase(a);
  return pruned;
}

std::vector<std::string> LiveClusters::clusters() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> names;
  for (const auto& [name, apps] : clusters_) names.push_back(name);
  return names;
}

std::optional<Json> LiveClusters::objects(const std::string& cluster) const {
  std::map<ObjectKey, Json> merged;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto c = clusters_.find(cluster);
    if (c == clusters_.end()) return std::nullopt;
    for (const auto& [app, objects] : c->second) merged.insert(objects.begin(), objects.end());
  }
  Json out = Json::array();
  for (auto& [key, obj] : merged) out.push_back(std::move(obj));
  return out;
}

void LiveClusters::for_each_object(const ObjectVisitor& visit) const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& [cluster, apps] : clusters_) {
    for (const auto& [app, objects] : apps) {
      for (const auto& [key, object] : objects) visit(cluster, app, object);
    }
  }
}

}  // namespace fleetwave::sim
