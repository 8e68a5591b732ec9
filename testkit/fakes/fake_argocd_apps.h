// Test support: Argo CD Application objects as argocd-server serves them (the shape of
// a recorded Application owned by an ApplicationSet and rendered by a CMP, for a fleetwave ApplicationSet),
// the status transitions a sync goes through, and Kubernetes label selectors. Pure functions;
// FakeArgoCd (fake_argocd.h) serves what they build.
#pragma once

#include <map>
#include <string>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave::testkit {

// An Application owned by the ApplicationSet named after labels["fleetwave.io/app"] (or
// "fleetwave"), rendering with the "fleetwave" CMP for `cluster` (plugin env FLEETWAVE_CLUSTER),
// destination.name = cluster, targetRevision = revision. labels gain fleetwave.io/cluster =
// cluster unless given. Status: sync {sync, revision}, health {health}, sourceType Plugin,
// reconciledAt, and operationState when `phase` is not "" (Running leaves out syncResult and
// finishedAt). `finished_at` is RFC 3339 ("" = a fixed 2026-01-01T00:00:00Z). Deterministic.
Json make_application(const std::string& name, const std::map<std::string, std::string>& labels,
                      const std::string& cluster, const std::string& revision, const std::string& sync = "Synced",
                      const std::string& health = "Healthy", const std::string& phase = "Succeeded",
                      const std::string& finished_at = "");

// Status transitions (each sets spec.source.targetRevision = revision as well):
// Synced at `revision`, the sync operation Succeeded at `finished_at`, health `health`.
void set_synced(Json& app, const std::string& revision, const std::string& health = "Healthy",
                const std::string& finished_at = "");
// Synced and applied at `revision` but health Progressing (pods still rolling out).
void set_progressing(Json& app, const std::string& revision, const std::string& message = "");
// A sync operation to `revision` Running: OutOfSync, health Progressing, no syncResult yet.
void set_sync_running(Json& app, const std::string& revision);
// Synced and applied at `revision`, health Degraded with `message`.
void set_degraded(Json& app, const std::string& revision, const std::string& message);
// The sync operation to `revision` ended with `phase` (Failed | Error) and `message`.
void set_sync_failed(Json& app, const std::string& revision, const std::string& message,
                     const std::string& phase = "Failed", const std::string& finished_at = "");
// Argo CD compared `revision` and found differences; no operation started.
void set_out_of_sync(Json& app, const std::string& revision);

// Kubernetes label selector: comma-separated requirements "k=v", "k==v", "k!=v", "k", "!k",
// "k in (a,b)", "k notin (a,b)"; "" matches everything.
class LabelSelector {
 public:
  [[nodiscard]] static Result<LabelSelector> parse(const std::string& text);
  bool matches(const std::map<std::string, std::string>& labels) const;

 private:
  enum class Op { Equals, NotEquals, Exists, NotExists, In, NotIn };
  struct Requirement {
    std::string key;
    Op op = Op::Exists;
    std::vector<std::string> values;
  };
  std::vector<Requirement> requirements_;
};

// metadata.labels as a map (non-string values are skipped).
std::map<std::string, std::string> labels_of(const Json& app);

}  // namespace fleetwave::testkit
