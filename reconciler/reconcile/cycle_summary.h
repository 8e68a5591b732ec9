// The one finisher of a reconcile cycle, for `fleetwave reconcile --once` and `fleetwave serve`
// alike: it walks the cycle's outcome in a fixed order and tells a CycleSink what happened, so
// the CLI's lines and serve's metrics and logs cannot drift apart:
//
//   each ignored unfreeze
//   per app, in name order: each ignored step, stepped | waiting | up to date, each error
//   each approval branch pushed
//   each cycle-level error
//   finished(summary)                                        exactly once, last
//
// A cycle that could not run at all (fetch failed, pushes kept conflicting) goes straight to
// finished() with summary.error set.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reconcile/cycle_report.h"

namespace fleetwave {

struct CycleSummary {
  const CycleReport* report = nullptr;  // nullptr when the cycle could not run
  std::optional<Error> error;           // why it could not run
  std::string head;                     // the branch tip after the cycle (the last pushed commit)
  bool app_errors = false;              // an app or the cycle reported problems
  // Why Argo CD could not be reached for some app ("" = it answered every query). Apps without
  // observations wait rather than advance; the CLI turns this into exit 3.
  std::string argocd_unreachable;
  // Argo CD answered but refused us (a rejected token, an untrusted certificate): the apps report
  // it as their error; the CLI exits 3 as for any credentials Git or Argo CD refuse.
  bool argocd_refused = false;
  std::int64_t duration_ms = 0;
  bool ok() const { return !error; }
};

class CycleSink {
 public:
  virtual ~CycleSink() = default;
  // A person's step that did not count (approvals.allowedSigners), before the app's outcome.
  virtual void app_ignored(const AppReport&, const std::string& /*line*/) {}
  virtual void app_stepped(const AppReport&) {}
  virtual void app_waiting(const AppReport&) {}
  virtual void app_up_to_date(const AppReport&) {}
  virtual void app_error(const AppReport&, const Error&) {}
  virtual void approval_branch(const std::string&) {}
  virtual void failover(const std::string&) {}  // "eu-2: <evidence>": an automatic cordon committed
  virtual void cycle_error(const Error&) {}
  // An unfreeze that did not count (CycleReport::ignored), before the apps.
  virtual void cycle_ignored(const std::string& /*line*/) {}
  virtual void finished(const CycleSummary& summary) = 0;
};

void finish_cycle(const Result<CycleReport>& result, std::int64_t duration_ms, CycleSink& sink);

}  // namespace fleetwave
