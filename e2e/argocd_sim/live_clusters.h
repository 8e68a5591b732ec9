// The simulated clusters: the live objects each app's last successful sync applied, per
// (cluster, app), as Argo CD's prune + apply would leave them.
//
// Thread-safety: every method may be called from any thread (the loop applies, the HTTP
// threads read); the state is behind a private mutex.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "base/json.h"

namespace fleetwave::sim {

struct ApplyResult {
  std::size_t created = 0;
  std::size_t updated = 0;
  std::size_t unchanged = 0;
  std::size_t pruned = 0;

  bool changed() const { return created + updated + pruned > 0; }
};

// apiVersion, kind, namespace, name: the order objects are listed in.
using ObjectKey = std::tuple<std::string, std::string, std::string, std::string>;
ObjectKey object_key(const Json& object);

// The API server URL of a simulated cluster, as GET /api/v1/clusters lists it.
inline std::string sim_cluster_server(const std::string& cluster) { return "https://" + cluster + ".example.com:6443"; }

class LiveClusters {
 public:
  // Declares a cluster (an Application targets it), so it is listed even before a sync.
  void add_cluster(const std::string& cluster);
  // Makes the app's live objects on `cluster` exactly `objects`: objects it no longer renders
  // are pruned.
  ApplyResult apply(const std::string& cluster, const std::string& app, const std::vector<Json>& objects);
  // Deletes every live object of the app on `cluster` (the Application was deleted); returns
  // how many.
  std::size_t remove(const std::string& cluster, const std::string& app);

  std::vector<std::string> clusters() const;  // sorted
  // Every app's live objects on `cluster` as a JSON array sorted by object_key; nullopt for a
  // cluster never declared.
  std::optional<Json> objects(const std::string& cluster) const;
  // Calls `visit` for every live object, by cluster, app and object_key, under the lock (so
  // without copying them): `visit` must not call back into LiveClusters.
  using ObjectVisitor = std::function<void(const std::string& cluster, const std::string& app, const Json& object)>;
  void for_each_object(const ObjectVisitor& visit) const;

 private:
  using Objects = std::map<ObjectKey, Json>;
  mutable std::mutex mu_;
  std::map<std::string, std::map<std::string, Objects>> clusters_;  // cluster -> app -> objects; guarded by mu_
};

}  // namespace fleetwave::sim
