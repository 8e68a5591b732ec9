// reach-clusters: which clusters the app reaches, from renders at the candidate (the head), the
// stable release and, when the head does not render, the release in flight. A head that does
// not render is never started; a release already in flight continues.
#include <set>

#include "reconcile/app_steps/app_step.h"

namespace fleetwave {
namespace {

// Clusters and inventory from the candidate's render plus what only the stable one reaches.
void merge_reach(const AppReach* candidate, const AppReach* stable, std::vector<std::string>& clusters,
                 std::vector<Cluster>& inventory, std::map<std::string, std::string>& servers) {
  std::set<std::string> names;
  for (const AppReach* r : {candidate, stable}) {
    if (r == nullptr) continue;
    for (const std::string& c : r->clusters) names.insert(c);
    for (const Cluster& c : r->inventory) {
      if (servers.emplace(c.name, destination_of(c)).second) inventory.push_back(c);
    }
  }
  clusters.assign(names.begin(), names.end());
}

std::shared_ptr<const AppReach> reach_at(AppContext& ctx, const std::string& revision) {
  RepoSnapshot snapshot(ctx.repo, ctx.blobs, revision);
  auto r = ctx.renders.reach(snapshot, ctx.app.path);
  return r.ok() ? *r : nullptr;  // a revision that no longer renders contributes nothing
}

}  // namespace

StepOutcome reach_clusters_step(AppContext& ctx) {
  EngineInput& in = ctx.in;
  auto candidate = ctx.renders.reach(ctx.snapshot, ctx.app.path);
  if (!candidate.ok()) {
    for (const Error& e : candidate.error()) ctx.out.report.errors.push_back(with_file(e, ctx.app.path));
    if (!in.state.release) return StepOutcome::Stop;
    in.head_inputs = in.state.release->inputs;
  }
  if (!in.state.stable_revision.empty() && in.state.stable_inputs != in.head_inputs) {
    ctx.stable_reach = reach_at(ctx, in.state.stable_revision);
  }
  ctx.head_reach = candidate.ok() ? *candidate : nullptr;
  if (ctx.head_reach) ctx.out.report.warnings = ctx.head_reach->warnings;
  ctx.candidate_revision = ctx.head_reach ? ctx.head : "";
  if (!ctx.head_reach && in.state.release) {
    ctx.head_reach = reach_at(ctx, in.state.release->revision);
    if (ctx.head_reach) ctx.candidate_revision = in.state.release->revision;
  }
  merge_reach(ctx.head_reach.get(), ctx.stable_reach.get(), ctx.all_clusters, ctx.inventory, in.servers);
  in.candidate_clusters = ctx.head_reach ? ctx.head_reach->clusters : ctx.all_clusters;
  return StepOutcome::Continue;
}

}  // namespace fleetwave
