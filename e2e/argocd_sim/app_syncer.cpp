#include "argocd_sim/app_syncer.h"

#include "argocd_sim/cmp_environment.h"
#include "argocd_sim/manifest_parser.h"

namespace fleetwave::sim {
namespace {

std::string short_sha(const std::string& revision) { return revision.substr(0, 7); }

std::string apply_summary(const ApplyResult& r) {
  return std::to_string(r.created) + " created, " + std::to_string(r.updated) + " updated, " +
         std::to_string(r.pruned) + " pruned, " + std::to_string(r.unchanged) + " unchanged";
}

}  // namespace

AppSyncer::AppSyncer(SyncSettings settings, git::GitRepository& repo, ManifestGenerator& generator,
                     testkit::FakeArgoCd& argocd, LiveClusters& live, EventLog& events)
    : settings_(std::move(settings)),
      repo_(repo),
      generator_(generator),
      argocd_(argocd),
      live_(live),
      events_(events) {}

void AppSyncer::advance(AppRecord& record, std::int64_t now_ms) {
  if (record.running && now_ms >= record.running->start.started_ms + settings_.sync_ms) finish(record, now_ms);
  if (!record.running && wants_sync(record, now_ms)) {
    start(record, now_ms);
    if (record.running && settings_.sync_ms <= 0) finish(record, now_ms);
  }
  publish_health(record, now_ms);
}

bool AppSyncer::wants_sync(const AppRecord& record, std::int64_t now_ms) const {
  if (now_ms < record.retry_at_ms) return false;
  if (!settings_.hydrated_branch.empty())
    return record.sync_requested ? !hydrated_head_.empty() : hydrated_changed(record);
  if (record.sync_requested || !record.attempted) return true;
  const TargetEntry& want = record.desired.entry;
  return record.attempted->revision != want.revision || record.attempted->path != want.path ||
         record.attempted->cordons != want.cordons;
}

// A directory source on a branch: Argo CD syncs again only when the directory's manifests change.
bool AppSyncer::hydrated_changed(const AppRecord& record) const {
  if (hydrated_head_.empty()) return false;
  Result<std::string> tree = repo_.tree_id(hydrated_head_, record.desired.appset + "/" + record.desired.entry.cluster);
  return tree.ok() && *tree != record.synced_tree;  // not hydrated yet: nothing to sync
}

void AppSyncer::start_hydrated(AppRecord& record, std::int64_t now_ms) {
  const std::string& name = record.desired.name;
  const std::string head = hydrated_head_;
  const std::string dir = record.desired.appset + "/" + record.desired.entry.cluster;
  Result<std::string> tree = repo_.tree_id(head, dir);
  Result<std::string> text = repo_.read_file(head, dir + "/manifest.yaml");
  if (!tree.ok() || !text.ok()) {
    const Error& e = tree.ok() ? text.error() : tree.error();
    return defer(record, now_ms, "reading " + dir + " at " + short_sha(head) + ": " + e.message);
  }
  SyncStart sync{head, now_ms, !record.sync_requested};
  edit(name, [&](Json& app) { set_sync_running(app, sync); });
  events_.record(name, "sync-started", "revision " + short_sha(head) + " (directory " + dir + ", no plugin)");
  record.running.emplace(PendingSync{sync, record.desired.entry, parse_manifests(*text), *tree});
  record.sync_requested = false;
  record.last_problem.clear();
}

void AppSyncer::start(AppRecord& record, std::int64_t now_ms) {
  if (!settings_.hydrated_branch.empty()) return start_hydrated(record, now_ms);
  const std::string& name = record.desired.name;
  const TargetEntry& target = record.desired.entry;
  Result<std::string> commit = repo_.resolve(target.revision);
  if (!commit.ok())
    return defer(record, now_ms, "cannot resolve revision " + target.revision + ": " + commit.error().message);
  CmpContext context{name,
                     "",
                     kProject,
                     *commit,
                     target.revision,
                     settings_.repo_url,
                     target.path,
                     {{"FLEETWAVE_CLUSTER", target.cluster}, {"FLEETWAVE_CORDONS", target.cordons}},
                     settings_.path_env};
  Result<std::vector<Json>> outcome = generator_.generate(context);
  if (!outcome.ok() && outcome.error().kind != ErrorKind::InvalidInput) {
    return defer(record, now_ms, "manifest generation: " + outcome.error().to_string());
  }
  SyncStart sync{*commit, now_ms, !record.sync_requested};
  edit(name, [&](Json& app) { set_sync_running(app, sync); });
  events_.record(name, "sync-started", "revision " + short_sha(*commit) + (sync.automated ? "" : " (requested)"));
  record.running.emplace(PendingSync{sync, target, std::move(outcome), ""});
  record.sync_requested = false;
  record.last_problem.clear();
}

void AppSyncer::finish(AppRecord& record, std::int64_t now_ms) {
  PendingSync done = std::move(*record.running);
  record.running.reset();
  record.attempted = done.target;
  record.synced_tree = done.tree;
  const std::string& name = record.desired.name;
  if (!done.outcome.ok()) {
    const std::string message = done.outcome.error().message;
    edit(name, [&](Json& app) { set_comparison_error(app, done.start, message, now_ms); });
    events_.record(name, "sync-failed", "ComparisonError at " + short_sha(done.start.revision) + ": " + message);
    return;
  }
  const std::vector<Json>& objects = *done.outcome;
  ApplyResult applied = live_.apply(done.target.cluster, record.desired.appset, objects);
  int history_id = ++record.history_id;
  edit(name, [&](Json& app) { set_sync_succeeded(app, done.start, objects, now_ms, history_id); });
  events_.record(name, "sync-succeeded", "revision " + short_sha(done.start.revision) + ": " + apply_summary(applied));
  if (applied.changed() || !record.health.deployed) record.health.progress_until_ms = now_ms + settings_.progress_ms;
  record.health.deployed = true;
  record.health.degraded = degraded_reason(objects);
}

void AppSyncer::publish_health(AppRecord& record, std::int64_t now_ms) {
  HealthStatus health = evaluate_health(record.health, now_ms);
  if (health == record.published) return;
  edit(record.desired.name, [&](Json& app) { set_health(app, health); });
  std::string detail = record.published.status + " -> " + health.status;
  if (!health.message.empty()) detail += " (" + health.message + ")";
  events_.record(record.desired.name, "health", detail);
  record.published = std::move(health);
}

void AppSyncer::defer(AppRecord& record, std::int64_t now_ms, const std::string& problem) {
  record.retry_at_ms = now_ms + settings_.retry_ms;
  if (problem == record.last_problem) return;
  record.last_problem = problem;
  events_.record(record.desired.name, "sync-deferred", problem + "; retrying");
}

void AppSyncer::edit(const std::string& name, const std::function<void(Json&)>& change) {
  // NotFound only when the Application was deleted meanwhile: nothing left to update.
  (void)argocd_.update_application(name, change);
}

}  // namespace fleetwave::sim
