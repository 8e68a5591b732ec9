#include "argocd_sim/sim_api.h"

#include "base/timestamp.h"
#include "codec/json_writer.h"

namespace fleetwave::sim {
namespace {

testkit::FakeResponse json_answer(int status, const Json& body) {
  testkit::FakeResponse res;
  res.status = status;
  res.body = write_json(body);
  return res;
}

}  // namespace

std::vector<testkit::FakeRoute> sim_routes(const LiveClusters& live, const EventLog& events, SimMetrics& metrics) {
  std::vector<testkit::FakeRoute> routes;
  routes.push_back({"/sim/v1/clusters", [&live](const std::vector<std::string>&) {
                      return json_answer(200, {{"clusters", live.clusters()}});
                    }});
  routes.push_back({"/sim/v1/clusters/([^/]+)/objects", [&live](const std::vector<std::string>& captures) {
                      const std::string cluster = captures.empty() ? "" : captures[0];
                      std::optional<Json> objects = live.objects(cluster);
                      if (!objects) {
                        const std::string message = "cluster \"" + cluster + "\" not found";
                        return json_answer(404, {{"error", message}, {"code", 5}, {"message", message}});
                      }
                      return json_answer(200, *objects);
                    }});
  routes.push_back(
      {"/sim/v1/events", [&events](const std::vector<std::string>&) { return json_answer(200, events.to_json()); }});
  routes.push_back({"/metrics", [&metrics](const std::vector<std::string>&) {
                      testkit::FakeResponse res;
                      res.body = metrics.scrape();
                      res.content_type = "text/plain; version=0.0.4; charset=utf-8";
                      return res;
                    }});
  return routes;
}

std::vector<testkit::FakeRoute> sim_control_routes(const std::atomic<testkit::FakeArgoCd*>& server, EventLog& events,
                                                   const Clock& clock) {
  std::vector<testkit::FakeRoute> routes;
  routes.push_back({"/sim/v1/clusters/([^/]+)/connection/(Failed|Successful)",
                    [&server, &events, &clock](const std::vector<std::string>& captures) {
                      testkit::FakeArgoCd* argocd = server.load();
                      if (argocd == nullptr || captures.size() != 2) return json_answer(503, {{"error", "starting"}});
                      const std::string& cluster = captures[0];
                      const std::string& state = captures[1];
                      // What Argo CD says of a cluster whose API server does not answer.
                      const std::string message =
                          state == "Failed" ? "dial tcp 10.0.0.1:6443: connect: connection refused" : "";
                      argocd->set_cluster_connection(cluster, sim_cluster_server(cluster), state, message,
                                                     format_rfc3339(clock.now_ms()));
                      events.record("", "cluster-connection", cluster + " " + state);
                      return json_answer(200, {{"cluster", cluster}, {"status", state}});
                    }});
  return routes;
}

}  // namespace fleetwave::sim
