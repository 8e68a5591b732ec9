#include "reconcile/views/plan_view.h"

#include <algorithm>
#include <map>

#include "base/duration_text.h"
#include "rollout/wave_assignment.h"

namespace fleetwave::cli {
namespace {

std::string gates(const Wave& w) {
  std::vector<std::string> parts;
  if (w.size) parts.push_back("size " + w.size->to_string());
  if (!(w.max_concurrency.percent && w.max_concurrency.value == 100))
    parts.push_back("maxConcurrency " + w.max_concurrency.to_string());
  if (w.max_failures.value != 0) parts.push_back("maxFailures " + w.max_failures.to_string());
  if (w.min_success_time_ms > 0) parts.push_back("minSuccessTime " + format_duration_ms(w.min_success_time_ms));
  if (w.progress_deadline_ms) parts.push_back("progressDeadline " + format_duration_ms(*w.progress_deadline_ms));
  if (w.approval_required) parts.push_back("approval required");
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out.empty() ? "" : " (" + out + ")";
}

std::string workload_line(const WorkloadShare& w) {
  std::string name = w.namespace_.empty() ? w.name : w.namespace_ + "/" + w.name;
  std::string share =
      w.divided ? std::to_string(w.replicas) + " of " + std::to_string(w.total) : std::to_string(w.replicas);
  std::string line = w.kind + " " + name + ": " + share + (w.replicas == 1 && !w.divided ? " replica" : " replicas");
  if (w.suspended) line += " (dispatching suspended)";
  return line;
}

std::string list(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The first few names, then how many more: a line that stays short at 1,000 clusters.
std::string short_list(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 5;
  if (names.size() <= kShown) return list(names);
  return list({names.begin(), names.begin() + kShown}) + " and " + std::to_string(names.size() - kShown) + " more";
}

std::string clusters_count(std::size_t n) { return std::to_string(n) + (n == 1 ? " cluster" : " clusters"); }

// "applications: 5 (one per cluster in a wave)", and what FleetSettings namespaceOnlyClusters
// does (or would do) to the clusters that receive only Namespaces.
std::string applications_line(const AppPlanView& view) {
  std::string out = "  applications: " + std::to_string(view.applications) + " (one per cluster in a wave)";
  const std::size_t n = view.namespace_only.size();
  if (n == 0) return out + "\n";
  if (view.namespace_only_skipped) {
    return out + "; " + clusters_count(n) + " receive only Namespaces and get none (FleetSettings " +
           "namespaceOnlyClusters: skip): " + short_list(view.namespace_only) + "\n";
  }
  return out + "; " + std::to_string(n) + " of them receive only Namespaces (" + short_list(view.namespace_only) +
         "): FleetSettings namespaceOnlyClusters: skip would leave them out\n";
}

}  // namespace

AppPlanView plan_view(const std::string& app, const std::string& path, const std::string& revision,
                      const WavePlan& plan, const FleetRender& render) {
  AppPlanView view{app, path, revision, {}, {}, {}, {}};
  for (const Error& w : render.warnings()) view.warnings.push_back(w.to_string());
  const Fleet& fleet = render.fleet();
  std::map<std::string, ClusterPlan> by_cluster;
  for (const Binding& b : render.bindings()) {
    const ResourceTemplate& t = fleet.templates[b.template_index];
    for (const TargetCluster& target : b.targets()) {
      ClusterPlan& c = by_cluster[target.name];
      c.name = target.name;
      if (!b.suspended_on(target.name)) ++c.objects;  // delivered: Karmada does not dispatch a suspended one
      if (!b.replicas.is_workload()) continue;
      c.workloads.push_back({t.id.api_version, t.id.kind, t.id.namespace_, t.id.name, target.replicas,
                             b.replicas.replicas, b.divided, b.suspended_on(target.name)});
    }
  }
  std::vector<std::string> reached = render.application_clusters();
  view.namespace_only = render.namespace_only_clusters();
  view.namespace_only_skipped = fleet.settings.namespace_only_clusters == NamespaceOnlyClusters::Skip;
  WaveSplit split = split_into_waves(plan, reached, fleet.clusters);
  if (auto empty = check_no_empty_wave(plan, split.waves, reached, fleet.clusters); !empty.ok())
    view.errors.push_back(empty.error().to_string());
  view.unassigned = std::move(split.unassigned);
  view.waves.resize(plan.waves.size());
  for (std::size_t w = 0; w < plan.waves.size(); ++w) {
    view.waves[w].wave = &plan.waves[w];
    for (const std::string& name : split.waves.clusters[w]) {
      ClusterPlan c = by_cluster[name];
      c.name = name;
      std::sort(c.workloads.begin(), c.workloads.end(), [](const WorkloadShare& a, const WorkloadShare& b) {
        return std::tie(a.api_version, a.kind, a.namespace_, a.name) <
               std::tie(b.api_version, b.kind, b.namespace_, b.name);
      });
      view.waves[w].clusters.push_back(std::move(c));
      ++view.applications;
    }
  }
  for (const Cluster& c : fleet.clusters) {
    const bool skipped = view.namespace_only_skipped &&
                         std::binary_search(view.namespace_only.begin(), view.namespace_only.end(), c.name);
    if (!skipped && !std::binary_search(reached.begin(), reached.end(), c.name)) view.unreached.push_back(c.name);
  }
  return view;
}

std::string format_plan_text(const AppPlanView& view) {
  std::string out = view.app + " (" + view.path + ") at " + view.revision.substr(0, 7) + "\n";
  for (std::size_t w = 0; w < view.waves.size(); ++w) {
    const WaveView& wave = view.waves[w];
    out += "  wave " + std::to_string(w + 1) + "/" + std::to_string(view.waves.size()) + " " + wave.wave->name +
           gates(*wave.wave) + "\n";
    if (wave.clusters.empty()) out += "    (no clusters)\n";
    for (const ClusterPlan& c : wave.clusters) {
      out += "    " + c.name + ": " + std::to_string(c.objects) + (c.objects == 1 ? " object" : " objects") + "\n";
      for (const WorkloadShare& s : c.workloads) out += "      " + workload_line(s) + "\n";
    }
  }
  if (!view.unassigned.empty()) {
    out += "  unassigned: " + list(view.unassigned) +
           " (reached, but no wave takes them: add them to a wave or end the plan with a catch-all wave)\n";
  }
  if (!view.unreached.empty()) out += "  unreached: " + list(view.unreached) + " (in the inventory, receive nothing)\n";
  out += applications_line(view);
  for (const std::string& w : view.warnings) out += "  warning: " + w + "\n";
  return out;
}

Json plan_json(const AppPlanView& view) {
  Json waves = Json::array();
  for (std::size_t w = 0; w < view.waves.size(); ++w) {
    const Wave& wave = *view.waves[w].wave;
    Json clusters = Json::array();
    for (const ClusterPlan& c : view.waves[w].clusters) {
      Json workloads = Json::array();
      for (const WorkloadShare& s : c.workloads) {
        workloads.push_back({{"apiVersion", s.api_version},
                             {"kind", s.kind},
                             {"namespace", s.namespace_},
                             {"name", s.name},
                             {"replicas", s.replicas},
                             {"total", s.total},
                             {"divided", s.divided},
                             {"suspended", s.suspended}});
      }
      clusters.push_back({{"cluster", c.name}, {"objects", c.objects}, {"workloads", std::move(workloads)}});
    }
    waves.push_back(
        {{"index", w + 1},
         {"name", wave.name},
         {"size", wave.size ? wave.size->to_string() : ""},
         {"maxConcurrency", wave.max_concurrency.to_string()},
         {"maxFailures", wave.max_failures.to_string()},
         {"minSuccessTime", wave.min_success_time_ms > 0 ? format_duration_ms(wave.min_success_time_ms) : ""},
         {"progressDeadline", wave.progress_deadline_ms ? format_duration_ms(*wave.progress_deadline_ms) : ""},
         {"approval", wave.approval_required ? "required" : "none"},
         {"clusters", std::move(clusters)}});
  }
  return {{"app", view.app},
          {"path", view.path},
          {"revision", view.revision},
          {"waves", std::move(waves)},
          {"unassigned", view.unassigned},
          {"applications", view.applications},
          {"namespaceOnlyClusters",
           {{"setting", view.namespace_only_skipped ? "skip" : "include"}, {"clusters", view.namespace_only}}},
          {"errors", view.errors},
          {"unreached", view.unreached},
          {"warnings", view.warnings}};
}

}  // namespace fleetwave::cli
