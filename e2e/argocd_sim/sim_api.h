// The simulator's own read API for tests and the demo, served by the embedded fake Argo CD
// behind the same Bearer token:
//
//   GET /sim/v1/clusters                     {"clusters": ["dev-1", "eu-1", ...]}
//   GET /sim/v1/clusters/{cluster}/objects   [live objects] sorted by apiVersion, kind,
//                                            namespace, name; 404 for an unknown cluster
//   GET /sim/v1/events                       [{seq, time, app, type, detail}, ...] oldest first
//   POST /sim/v1/clusters/{cluster}/connection/{Failed|Successful}
//                                            sets the cluster's connection state in
//                                            GET /api/v1/clusters (a simulated outage)
//   GET /metrics                             http_requests_total per (app, cluster, image, code)
//                                            in Prometheus text format 0.0.4 (sim_metrics.h)
//
// /metrics sits behind the token too (the fake Argo CD guards every route): a Prometheus scrape
// config sends it with `authorization: {credentials: <token>}`.
#pragma once

#include <atomic>
#include <vector>

#include "argocd_sim/event_log.h"
#include "argocd_sim/live_clusters.h"
#include "argocd_sim/sim_metrics.h"
#include "base/clock.h"
#include "testkit/fakes/fake_argocd.h"

namespace fleetwave::sim {

// The routes read `live`, `events` and `metrics` from the server threads; all must outlive the
// server.
std::vector<testkit::FakeRoute> sim_routes(const LiveClusters& live, const EventLog& events, SimMetrics& metrics);

// The POST routes that change the simulated world; they answer 503 until `server` is set.
std::vector<testkit::FakeRoute> sim_control_routes(const std::atomic<testkit::FakeArgoCd*>& server, EventLog& events,
                                                   const Clock& clock);

}  // namespace fleetwave::sim
