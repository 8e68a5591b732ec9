// The simulator's own read API for tests and the demo, served by the embedded fake Argo CD
// behind the same Bearer token:
//
//   GET /sim/v1/clusters                     {"clusters": ["dev-1", "eu-1", ...]}
//   GET /sim/v1/clusters/{cluster}/objects   [live objects] sorted by apiVersion, kind,
//                                            namespace, name; 404 for an unknown cluster
//   GET /sim/v1/events                       [{seq, time, app, type, detail}, ...] oldest first
#pragma once

#include <vector>

#include "argocd_sim/event_log.h"
#include "argocd_sim/live_clusters.h"
#include "testkit/fakes/fake_argocd.h"

namespace fleetwave::sim {

// The routes read `live` and `events` from the server threads; both must outlive the server.
std::vector<testkit::FakeRoute> sim_routes(const LiveClusters& live, const EventLog& events);

}  // namespace fleetwave::sim
