#include "adapters/argocd/argocd_client.h"

#include <algorithm>

#include "net/redaction.h"

namespace fleetwave {

Observations observations_from(const Result<std::vector<ApplicationSummary>>& applications,
                               std::vector<std::string>* notes) {
  Observations out;
  if (!applications.ok()) {
    out.reachable = false;
    out.error = redact_text(applications.error().to_string());
    out.error_kind = applications.error().kind;
    return out;
  }
  out.reachable = true;
  // cluster -> names of every Application that claims it, to report duplicates in order.
  std::map<std::string, std::vector<std::string>> claims;
  for (const ApplicationSummary& app : *applications) {
    auto label = app.labels.find(kClusterLabel);
    if (label == app.labels.end() || label->second.empty()) continue;
    const std::string& cluster = label->second;
    claims[cluster].push_back(app.name);
    auto [it, inserted] = out.by_cluster.emplace(cluster, app.observation);
    if (!inserted && app.name < it->second.name) it->second = app.observation;  // smallest name wins
  }
  if (notes != nullptr) {
    for (auto& [cluster, names] : claims) {
      if (names.size() < 2) continue;
      std::sort(names.begin(), names.end());
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
      notes->push_back("cluster " + cluster + " has " + std::to_string(names.size()) + " Argo CD Applications (" +
                       list + "); using " + names.front());
    }
  }
  return out;
}

}  // namespace fleetwave
