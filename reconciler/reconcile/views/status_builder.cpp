#include "reconcile/views/status_builder.h"

#include "codec/json_reader.h"
#include "reconcile/app_planner.h"
#include "reconcile/cycle_scope.h"
#include "reconcile/foreign_changes.h"
#include "reconcile/hydration/hydrated_layout.h"
#include "reconcile/hydration/hydration_settings.h"
#include "reconcile/observer.h"
#include "reconcile/views/status_view.h"

namespace fleetwave {
namespace {

constexpr std::size_t kHistoryWindow = 256;  // as ReconcilerOptions::history_window

// The commit of the tracked branch a hydrated commit was rendered from: the step its trailer
// names (fleetwave writes it), else the drySha of its root hydrator.metadata (Argo CD's Source
// Hydrator writes that); "" when neither says.
std::string hydrated_from(git::GitRepository& repo, const std::string& commit) {
  if (auto info = repo.commit_info(commit); info.ok()) {
    if (std::string step = find_trailer(info->message, kStepTrailer); !step.empty()) return step;
  }
  auto metadata = repo.read_file(commit, kHydratorMetadataFile);
  if (!metadata.ok()) return {};
  auto doc = parse_json(*metadata, kHydratorMetadataFile);
  return doc.ok() ? string_at(*doc, {"drySha"}) : std::string();
}

// Hydrated mode: the hydrated branch, who writes it, its tip as last fetched here and the step
// that tip holds ("" when it was not fetched), so a reader goes from a step to its hydrated
// commit. Null when off.
Json hydration_status(git::GitRepository& repo, BlobCache& blobs, const std::string& head) {
  auto located = read_fleet_settings(repo, blobs, head);
  if (!located.ok() || !located->settings.hydration.on()) return Json();
  const HydrationSettings& settings = located->settings.hydration;
  std::string commit, step;
  if (auto tip = repo.resolve("refs/remotes/origin/" + settings.target_branch); tip.ok()) {
    commit = *tip;
    step = hydrated_from(repo, commit);
  }
  return {{"branch", settings.target_branch},
          {"hydrator", settings.hydrated_by == HydratedBy::ArgoCd ? "argocd" : "fleetwave"},
          {"commit", commit},
          {"step", step}};
}

// The cycle's own plans (and those it carried), by app, when the status is of the head the
// cycle left: its head when it wrote nothing, else the tip of its own steps. Planning again would
// ask the same questions of the same inputs (and of Argo CD and the metrics provider once more).
// An app that stepped, or depends on one that did, is planned again; after failovers or refused
// controls (what every app reads changed) all are.
std::map<std::string, const AppReport*> plans_to_reuse(const StatusRequest& request,
                                                       const std::vector<AppDefinition>& apps) {
  std::map<std::string, const AppReport*> out;
  const CycleReport* cycle = request.cycle;
  if (cycle == nullptr || request.head != (cycle->commits.empty() ? cycle->head : cycle->commits.back())) return out;
  const std::optional<std::set<std::string>> stale = plans_made_stale(*cycle, apps);
  if (!stale) return out;
  for (const AppReport& r : cycle->apps) {
    if (r.waves && !stale->count(r.app)) out.emplace(r.app, &r);
  }
  for (const auto& r : cycle->carried) {
    if (r->waves && !stale->count(r->app)) out.emplace(r->app, r.get());
  }
  return out;
}

// The Argo CD answers of the apps planned again: the cycle's, where its planning asked (a reused
// plan carries its own), and with observe_every_app the others' too, asked now.
std::map<std::string, Observations> answers_to_plan_with(const StatusRequest& request,
                                                         const std::vector<AppDefinition>& apps,
                                                         const std::map<std::string, const AppReport*>& planned,
                                                         ArgoCdClient& argocd) {
  std::map<std::string, Observations> observations;
  if (request.cycle != nullptr) {
    auto take = [&](const AppReport& r) {
      if (r.waves && !planned.count(r.app)) observations[r.app] = r.observations;
    };
    for (const AppReport& r : request.cycle->apps) take(r);
    for (const auto& r : request.cycle->carried) take(*r);
  }
  if (request.observe_every_app && request.argocd_configured) {
    std::vector<std::string> unobserved;
    for (const AppDefinition& app : apps) {
      // Broken apps too: their pins are still running, and "unreachable" is said only when
      // Argo CD was asked.
      if (!observations.count(app.name) && !planned.count(app.name)) unobserved.push_back(app.name);
    }
    observe_apps(argocd, unobserved, observations);
  }
  return observations;
}

}  // namespace

// Read again only when clusters/ changed: at 1,000 clusters parsing the inventory is the larger
// part of a status that reuses the cycle's plans.
const Json& StatusBuilder::cluster_labels(RepoSnapshot& head) {
  auto tree = head.tree_id("clusters");
  if (tree.ok() && !tree->empty() && *tree == labels_tree_) return labels_;
  labels_ = Json::object();
  labels_tree_.clear();
  auto inventory = head.inventory();
  if (!inventory.ok()) return labels_;  // each app's render reports the inventory's errors
  for (const Cluster& c : *inventory) {
    if (c.labels.empty()) continue;
    Json& labels = labels_[c.name] = Json::object();
    for (const auto& [key, value] : c.labels) labels[key] = value;
  }
  if (tree.ok()) labels_tree_ = *tree;
  return labels_;
}

Result<Json> StatusBuilder::status(const StatusRequest& request) {
  FW_TRY(apps, discovery_.discover(repo_, blobs_, request.head));
  return status_of(request, apps);
}

Result<Json> StatusBuilder::status_of(const StatusRequest& request, const std::vector<AppDefinition>& apps) {
  FW_TRY(history, History::load(repo_, request.head, kHistoryWindow));
  analysis_.next_cycle();
  const std::map<std::string, const AppReport*> planned = plans_to_reuse(request, apps);
  std::map<std::string, Observations> observations = answers_to_plan_with(request, apps, planned, argocd_);
  if (request.trust != nullptr) (void)request.trust->start_cycle(repo_, request.head);  // errors: per app
  AppPlanner planner(repo_, blobs_, renders_, argocd_, apps, &analysis_, request.trust);
  RepoSnapshot head(repo_, blobs_, request.head);
  auto loaded = load_cordons(head);  // an unreadable overlay shows as each app's render error
  const std::vector<Cordon> cordons = loaded.ok() ? std::move(loaded).value() : std::vector<Cordon>{};
  auto freezes = load_freezes(head);  // unreadable: each app's plan reports it
  const std::int64_t now_ms = clock_.now_ms();
  std::vector<AppStatusInput> inputs;
  for (const AppDefinition& app : apps) {
    auto reuse = planned.find(app.name);
    PlannedApp p = reuse == planned.end() ? planner.plan(app, request.head, history, now_ms, observations)
                                          : PlannedApp{*reuse->second, std::nullopt, app.plan ? &*app.plan : nullptr};
    AppStatusInput in;
    // A reused plan's Argo CD answers move from its copy; an app planned again reads the answers
    // asked for here (later plans may read them too, so they are copied).
    in.observations = reuse != planned.end() ? std::move(p.report.observations) : observations[app.name];
    in.plan = p.plan;
    in.waves = p.report.waves;
    if (!in.waves && app.plan && p.report.errors.empty()) {
      in.waves = waves_at_head(repo_, blobs_, renders_, app, request.head, &p.report.warnings);
    }
    in.argocd_configured = request.argocd_configured;
    in.cordons = &cordons;
    in.frozen = freezes.ok() && active_freeze(*freezes, app.name, now_ms) != nullptr;
    in.report = std::move(p.report);
    inputs.push_back(std::move(in));
  }
  Json doc = status_document(request.branch, request.head, inputs, cordons, request.approval_rules);
  // The cycle's fleet-wide problems (a failover refused, a listing that failed) are part of the
  // fleet's status, not only of serve's log.
  if (request.cycle != nullptr) {
    for (const Error& e : request.cycle->errors) doc["warnings"].push_back(e.to_string());
  }
  doc["clusterLabels"] = cluster_labels(head);
  if (Json hydration = hydration_status(repo_, blobs_, request.head); !hydration.is_null())
    doc["hydration"] = std::move(hydration);
  return doc;
}

}  // namespace fleetwave
