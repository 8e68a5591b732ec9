#include "argocd_sim/sim_api.h"

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

}  // namespace fleetwave::sim
