// The observe step's port: what the engine is told about an app's clusters. Argo CD is today's
// only observer; metric queries or HTTP checks (wave gates that need outside data) add their own
// Observer, and the observe step asks each once per app per cycle.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "base/result.h"
#include "rollout/observation.h"

namespace fleetwave {

class Observer {
 public:
  virtual ~Observer() = default;
  // Adds what this observer knows about `app`'s clusters to `into`.
  virtual void observe(const std::string& app, Observations& into) = 0;
};

// Argo CD's Applications of the app (label fleetwave.io/app=<app>), keyed by cluster.
class ArgoCdObserver final : public Observer {
 public:
  explicit ArgoCdObserver(ArgoCdClient& client) : client_(client) {}
  void observe(const std::string& app, Observations& into) override;

 private:
  ArgoCdClient& client_;
};

// Every app's Applications in one read: the first app observed asks for the Applications of
// every app (observe_apps), the others take their share of that answer; an app asked for again
// is asked for on its own. Asked per app, a fleet of
// N apps cost N lists, each of which Argo CD answers by scanning every Application it has. An app
// not among `apps` is asked for on its own.
class FleetObserver final : public Observer {
 public:
  FleetObserver(ArgoCdClient& client, std::vector<std::string> apps) : client_(client), apps_(std::move(apps)) {}
  void observe(const std::string& app, Observations& into) override;

 private:
  ArgoCdClient& client_;
  std::vector<std::string> apps_;
  std::map<std::string, Observations> read_;  // of the answer read, not yet taken
  bool read_all_ = false;
};

// The observations of several apps in one request (`fleetwave.io/app in (a,b,...)`, one app
// `fleetwave.io/app=a`, and every Application with the label when the list would make a long
// URL), split by app: the same result as asking app by app. The answer is read
// one Application at a time (ApplicationListReader), so its size is no limit.
void observe_apps(ArgoCdClient& client, const std::vector<std::string>& apps,
                  std::map<std::string, Observations>& into);

// Observations keyed by the fleetwave.io/cluster label. A failed listing gives reachable=false
// with the error text (URL credentials redacted). Applications without the label are skipped.
// When several Applications carry the same cluster label, the one with the smallest name wins
// and `duplicates` says so, one line per cluster.
Observations observations_from(Result<std::vector<ApplicationSummary>> applications);

}  // namespace fleetwave
