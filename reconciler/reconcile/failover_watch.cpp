#include "reconcile/failover_watch.h"

#include "base/duration_text.h"
#include "base/timestamp.h"
#include "net/redaction.h"

namespace fleetwave {
namespace {

const ClusterConnection* connection_of(const std::vector<ClusterConnection>& connections, const Cluster& cluster) {
  for (const ClusterConnection& c : connections) {
    if (c.name == cluster.name || (!cluster.api_endpoint.empty() && c.server == cluster.api_endpoint)) return &c;
  }
  return nullptr;
}

}  // namespace

std::vector<FailoverDue> FailoverWatch::observe(const std::vector<ClusterConnection>& connections,
                                                const std::vector<Cluster>& inventory,
                                                const std::vector<Cordon>& cordons, const std::string& by,
                                                std::int64_t now_ms) {
  std::vector<FailoverDue> due;
  std::map<std::string, std::int64_t> still_failed;
  for (const Cluster& cluster : inventory) {
    const ClusterConnection* c = connection_of(connections, cluster);
    if (c == nullptr || c->status != "Failed") continue;  // unknown to Argo CD, or not failing: no clock
    auto known = failed_since_.find(cluster.name);
    const std::int64_t since = known == failed_since_.end() ? now_ms : known->second;
    still_failed[cluster.name] = since;
    if (now_ms - since < after_ms_ || find_cordon(cordons, cluster.name) != nullptr) continue;
    // Argo CD's message quotes the API server; it is shown in Git, so URLs lose any credentials.
    const std::string said = quotable_server_text(c->message, {}, 300);
    FailoverDue d;
    d.cordon.cluster = cluster.name;
    d.cordon.taint = *parse_taint(kDefaultCordonTaint);
    d.cordon.reason =
        "automatic failover: Argo CD cannot connect to " + cluster.name + " since " + format_rfc3339(since);
    d.cordon.by = by;
    d.cordon.since_ms = now_ms;
    d.cordon.automatic = true;
    d.evidence = "Argo CD connection state of " + cluster.name + " Failed since " + format_rfc3339(since) + " (" +
                 format_duration_ms(now_ms - since) + ", --failover-after " + format_duration_ms(after_ms_) + ")" +
                 (said.empty() ? "" : ": " + said);
    due.push_back(std::move(d));
  }
  failed_since_ = std::move(still_failed);
  return due;
}

}  // namespace fleetwave
