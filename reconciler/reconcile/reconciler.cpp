#include "reconcile/reconciler.h"

#include "reconcile/control_trust.h"
#include "reconcile/foreign_changes.h"
#include "rollout/cordon_changes.h"

namespace fleetwave {
namespace {

// What the cycle's sinks tell about a step besides its subject (serve logs rollbacks with them).
void record_commit(AppReport& app, const Step& step, const std::string& oid) {
  app.release = step.message.trailer("Fleetwave-Release");
  app.wave = step.message.trailer("Fleetwave-Wave");
  app.commit = oid;
}

HydrationOptions hydration_options(const ReconcilerOptions& options) {
  return {options.branch, options.repo_url, options.author, reconciler_actor(options), options.history_window};
}

}  // namespace

std::string reconciler_actor(const ReconcilerOptions& options) {
  std::string actor = format_signature(options.author);
  if (!options.instance.empty()) actor += " (reconciler " + options.instance + ")";
  return actor;
}

Reconciler::Reconciler(git::GitRepository& repo, ArgoCdClient& argocd, CycleServices services,
                       ReconcilerOptions options)
    : repo_(repo),
      argocd_(argocd),
      clock_(services.clock),
      options_(std::move(options)),
      writer_(repo, services.clock, services.sleeper, services.random, options_.retry),
      hydrator_(repo, blobs_, writer_, hydration_options(options_)),
      analysis_(options_.metrics, options_.web) {
  if (options_.failover_after_ms) failover_.emplace(*options_.failover_after_ms, options_.failover_max_share);
}

Reconciler::Reconciler(git::GitRepository& repo, ArgoCdClient& argocd, const Clock& clock, ReconcilerOptions options)
    : own_sleeper_(std::make_unique<SystemSleeper>()),
      own_random_(std::make_unique<SystemRandom>()),
      repo_(repo),
      argocd_(argocd),
      clock_(clock),
      options_(std::move(options)),
      writer_(repo, clock, *own_sleeper_, *own_random_, options_.retry),
      hydrator_(repo, blobs_, writer_, hydration_options(options_)),
      analysis_(options_.metrics, options_.web) {
  if (options_.failover_after_ms) failover_.emplace(*options_.failover_after_ms, options_.failover_max_share);
}

// One attempt: plan every app at `head`, let the hooks add their steps, commit the steps in a
// chain on `head`. Returns the new tip (`head` when nothing moved).
Result<std::string> Reconciler::plan_and_commit(const std::string& head, int attempt, const CycleRequest& request,
                                                CycleReport& report, std::vector<AppDefinition>& apps,
                                                std::vector<PlannedApp>& planned,
                                                std::map<std::string, Observations>& observations) {
  report = CycleReport{};
  report.attempts = attempt;
  report.conflicts = attempt - 1;
  report.head = head;
  FW_TRY(history, History::load(repo_, head, options_.history_window));
  planned.clear();  // its plans point into `apps`, which the caller keeps until the hooks ran
  // An allowed-signers file that cannot be read fails every app's check, which each app then
  // reports. Controls that cannot be verified stop the cycle: nothing moves on them.
  if (options_.trust != nullptr && options_.trust->start_cycle(repo_, head).ok()) {
    auto controls = check_controls(*options_.trust, repo_, head);
    if (!controls.ok()) {
      report.errors.push_back(controls.error().with_context("verifying freezes and cordons (nothing moved)"));
      return head;
    }
    if (*controls) return reject_controls(head, **controls, report);
  }
  FW_TRY(discovered, discovery_.discover(repo_, blobs_, head));
  apps = std::move(discovered);
  const std::vector<const AppDefinition*> to_plan = apps_to_plan(head, request.scope, apps, report);
  std::optional<std::vector<std::string>> observed;  // all apps with a WavePlan, unless only some are planned
  if (!report.carried.empty()) {
    observed.emplace();
    for (const AppDefinition* app : to_plan) observed->push_back(app->name);
  }
  AppPlanner planner(repo_, blobs_, renders_, argocd_, apps, &analysis_, options_.trust, std::move(observed));
  for (const AppDefinition* app : to_plan) {
    if (request.interrupt && request.interrupt()) {
      report = CycleReport{};
      report.head = head;
      report.interrupted = true;
      planned.clear();
      return head;
    }
    planned.push_back(planner.plan(*app, head, history, clock_.now_ms(), observations));
  }
  HookContext ctx{writer_, options_.author, options_.branch};
  for (CycleHook* hook : options_.hooks) hook->before_commit(ctx, planned);
  for (PlannedApp& p : planned) {
    // The hooks after the push read each plan's step and state, not its Argo CD answers: those
    // move to the report instead of being copied (50,000 at 50 apps x 1,000 clusters).
    Observations answers = std::move(p.report.observations);
    report.apps.push_back(p.report);
    report.apps.back().observations = std::move(answers);
  }
  std::string tip = head;
  for (std::size_t i = 0; i < planned.size(); ++i) {
    if (!planned[i].step) continue;
    Step step = *planned[i].step;
    if (step.actor.empty()) step.actor = reconciler_actor(options_);
    FW_TRY(oid, writer_.commit(tip, step, options_.author));
    record_commit(report.apps[i], step, oid);
    report.commits.push_back(oid);
    tip = oid;
  }
  return commit_failovers(head, tip, report);
}

std::vector<const AppDefinition*> Reconciler::apps_to_plan(const std::string& head, CycleScope scope,
                                                           const std::vector<AppDefinition>& apps,
                                                           CycleReport& report) {
  std::vector<const AppDefinition*> every;
  for (const AppDefinition& app : apps) every.push_back(&app);
  if (scope == CycleScope::EveryApp || settled_tip_.empty()) return every;
  auto paths = repo_.changed_paths_between(settled_tip_, head);
  if (!paths.ok()) return every;  // the settled tip is gone (the branch was rewritten)
  const std::optional<std::set<std::string>> changed = apps_changed_by(*paths, apps);
  if (!changed || changed->empty()) return every;
  std::vector<const AppDefinition*> out;
  for (const AppDefinition* app : every) {
    auto settled = settled_.find(app->name);
    if (changed->count(app->name) || settled == settled_.end()) out.push_back(app);
    else report.carried.push_back(settled->second);
  }
  return out;
}

Result<std::string> Reconciler::commit_failovers(const std::string& head, std::string tip, CycleReport& report) {
  if (connections_error_) report.errors.push_back(*connections_error_);
  if (!failover_ || !connections_) return tip;
  if (options_.trust != nullptr && !options_.trust->started()) {  // its commit would vouch for unverified controls
    report.errors.push_back(
        rejected("automatic failover: nothing cordoned while approvals.allowedSigners cannot be read"));
    return tip;
  }
  RepoSnapshot snapshot(repo_, blobs_, head);
  auto inventory = snapshot.inventory();
  auto cordons = load_cordons(snapshot);
  if (!inventory.ok() || !cordons.ok()) {
    report.errors.push_back((inventory.ok() ? cordons.error() : inventory.error().front())
                                .with_context("automatic failover (nothing cordoned)"));
    return tip;
  }
  std::vector<std::string> names;
  for (const Cluster& c : *inventory) names.push_back(c.name);
  const std::string actor = reconciler_actor(options_);
  std::vector<Cordon> current = std::move(cordons).value();
  for (FailoverDue& due : failover_->observe(*connections_, *inventory, current, actor, clock_.now_ms())) {
    auto change = cordon_change(current, names, due.cordon, due.evidence);
    if (!change.ok()) continue;  // cordoned meanwhile
    FW_TRY(oid, writer_.commit_changes(tip, change->message, actor, options_.author,
                                       {{kCordonsPath, serialize_cordons(change->next), std::nullopt}}));
    report.commits.push_back(oid);
    report.failovers.push_back(due.cordon.cluster + ": " + due.evidence);
    current = std::move(change->next);
    tip = oid;
  }
  for (const std::string& why : failover_->refused()) report.errors.push_back(rejected("automatic failover: " + why));
  return tip;
}

// Undoes the ignored changes of freezes and cordons; the apps are planned in the next cycle, on
// the controls that count.
Result<std::string> Reconciler::reject_controls(const std::string& head, const ControlsReject& reject,
                                                CycleReport& report) {
  std::vector<git::FileChange> files;
  if (reject.freezes) files.push_back({freezes_path(), serialize_freezes(*reject.freezes), std::nullopt});
  if (reject.cordons) files.push_back({kCordonsPath, serialize_cordons(*reject.cordons), std::nullopt});
  FW_TRY(oid, writer_.commit_changes(head, reject.message, reconciler_actor(options_), options_.author, files));
  report.ignored = reject.lines;
  report.commits.push_back(oid);
  return oid;
}

void Reconciler::hydrate(const std::string& tip, const std::vector<AppDefinition>& apps, CycleReport& report) {
  if (apps.empty()) return;  // the cycle stopped before discovery (rejected controls): next time
  auto hydrated = hydrator_.sync(tip, apps);
  if (!hydrated.ok()) {
    report.errors.push_back(hydrated.error());
    return;
  }
  report.hydrated_branch = hydrated->branch;
  report.hydrated_commits = hydrated->commits;
}

Result<ManualOutcome> Reconciler::take_manual_step(const std::string& app, const ManualRequest& request,
                                                   const git::Signature& person, bool dry_run) {
  ManualOutcome out;
  std::optional<Error> refused;  // the step's own refusal, not a Git failure
  auto build = [&](const std::string& head, int) -> Result<std::string> {
    const std::int64_t now_ms = clock_.now_ms();
    auto make = [&](const WavePlan& plan, const RolloutState& state) {
      return make_manual_step(request, plan, state, now_ms);
    };
    auto prepared = prepare_manual_step(repo_, blobs_, head, app, make);
    if (!prepared.ok()) return *(refused = prepared.error());
    const git::Signature author = writer_.stamp(person);
    out = ManualOutcome{head,
                        "",
                        prepared->step.message.subject,
                        commit_message_text(prepared->step.message, prepared->step.actor, author),
                        changes_diff(repo_, head, prepared->changes),
                        clusters_unpinned(repo_, head, prepared->changes)};
    if (dry_run) return head;
    return writer_.commit_changes(head, prepared->step.message, prepared->step.actor, author, prepared->changes);
  };
  auto published = writer_.publish(options_.branch, build);
  if (!published.ok()) return refused ? *refused : published.error().error.with_context("push to " + options_.branch);
  if (!dry_run) out.commit = published->tip;
  return out;
}

Result<CycleReport> Reconciler::run_once(const CycleRequest& request) {
  CycleReport report;
  std::vector<AppDefinition> apps;
  std::vector<PlannedApp> planned;
  std::map<std::string, Observations> observations;  // one Argo CD query per app per cycle
  const bool every_app = request.scope == CycleScope::EveryApp;
  // The checks of apps a cycle of changed apps does not plan keep their measurements.
  if (every_app) analysis_.next_cycle();
  connections_.reset();
  connections_error_.reset();
  if (failover_ && every_app) {  // once per cycle of every app; a failed answer cordons nothing
    auto clusters = argocd_.list_clusters();
    if (clusters.ok()) connections_ = std::move(clusters).value();
    else connections_error_ = clusters.error().with_context("automatic failover: listing Argo CD clusters");
  }
  for (CycleHook* hook : options_.hooks) hook->cycle_started();
  auto published = writer_.publish(options_.branch, [&](const std::string& head, int attempt) {
    return plan_and_commit(head, attempt, request, report, apps, planned, observations);
  });
  if (!published.ok()) {
    const WriteFailure& failure = published.error();
    switch (failure.stage) {
      case WriteStage::Push:
        return failure.error.with_context("push to " + options_.branch);
      case WriteStage::Retries:
        return conflict(failure.error.message + "; the next cycle tries again");
      case WriteStage::Fetch:
      case WriteStage::Build:
        break;
    }
    return failure.error;
  }
  if (report.interrupted) return report;
  hydrate(published->tip, apps, report);
  settled_ = settle_plans(report, apps);
  settled_tip_ = published->tip;
  if (published->tip == published->head) return report;  // nothing written: no hook has work
  HookContext ctx{writer_, options_.author, options_.branch};
  for (CycleHook* hook : options_.hooks) hook->after_push(ctx, planned, report);
  return report;
}

}  // namespace fleetwave
