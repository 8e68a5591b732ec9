#include "cli/serve_status.h"

#include "app/app_planner.h"
#include "app/foreign_changes.h"
#include "cli/status_view.h"

namespace fleetwave::cli {
namespace {

constexpr std::size_t kHistoryWindow = 256;  // as ReconcilerOptions::history_window

}  // namespace

Result<Json> PlannerStatusSource::status_at(const std::string& head, const CycleReport& cycle) {
  FW_TRY(apps, discovery_.discover(repo_, blobs_, head));
  FW_TRY(history, History::load(repo_, head, kHistoryWindow));
  // The cycle's answers from Argo CD, for the apps whose planning got as far as asking.
  std::map<std::string, Observations> observations;
  for (const AppReport& r : cycle.apps) {
    if (r.waves) observations[r.app] = r.observations;
  }
  AppPlanner planner(repo_, blobs_, renders_, argocd_);
  std::vector<AppStatusInput> inputs;
  for (const AppDefinition& app : apps) {
    PlannedApp p = planner.plan(app, head, history, clock_.now_ms(), observations);
    AppStatusInput in;
    in.plan = p.plan;
    in.waves = p.report.waves;
    if (!in.waves && app.plan && p.report.errors.empty())
      in.waves = waves_at_head(repo_, blobs_, renders_, app, head, &p.report.warnings);
    in.argocd_configured = true;
    in.observations = observations[app.name];
    in.report = std::move(p.report);
    inputs.push_back(std::move(in));
  }
  return status_document(branch_, head, inputs);
}

}  // namespace fleetwave::cli
