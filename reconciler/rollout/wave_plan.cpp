#include "rollout/wave_plan.h"

#include <set>

#include "rollout/duration.h"

namespace fleetwave {
namespace {

// Wave names appear in labels (fleetwave.io/wave), branch names and commit subjects.
std::string check_wave_name(const std::string& name) {
  if (name.empty() || name.size() > 63) return "must be 1 to 63 characters";
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
      return "must consist of lowercase letters, digits and '-'";
    }
  }
  if (name.front() == '-' || name.back() == '-') return "must start and end with a letter or digit";
  return {};
}

void parse_duration_field(const Json& wave, const char* key, const FieldPath& at, Problems& problems,
                          std::int64_t& into, bool& present) {
  std::string text = get_string(wave, key, at, problems);
  present = !text.empty();
  if (!present) return;
  auto ms = parse_duration_ms(text);
  if (!ms.ok()) {
    problems.add(at.key(key), ms.error().message);
    return;
  }
  into = *ms;
}

Wave parse_wave(const Json& value, const FieldPath& at, Problems& problems, std::vector<AnalysisTemplateRef>& refs) {
  Wave w;
  if (!value.is_object()) {
    problems.add(at, "expected a wave (a map with name and clusters)");
    return w;
  }
  reject_unknown_fields(value,
                        {"name", "clusters", "size", "minSuccessTime", "progressDeadline", "maxConcurrency",
                         "maxFailures", "approval", "analysis", "allowEmpty"},
                        at, problems);
  w.name = get_string(value, "name", at, problems, true);
  if (!w.name.empty()) {
    if (std::string why = check_wave_name(w.name); !why.empty()) problems.add(at.key("name"), why);
  }
  if (const Json* clusters = get_object(value, "clusters", at, problems)) {
    w.clusters = parse_cluster_affinity(*clusters, at.key("clusters"), problems);
  }
  bool present = false;
  parse_duration_field(value, "minSuccessTime", at, problems, w.min_success_time_ms, present);
  std::int64_t deadline = 0;
  parse_duration_field(value, "progressDeadline", at, problems, deadline, present);
  if (present) {
    if (deadline <= 0) problems.add(at.key("progressDeadline"), "must be greater than 0");
    w.progress_deadline_ms = deadline;
  }
  if (const Json* size = find_member(value, "size"); size != nullptr && !size->is_null()) {
    auto parsed = parse_count_or_percent(*size);
    if (!parsed.ok()) problems.add(at.key("size"), parsed.error().message);
    else if (parsed->value == 0) problems.add(at.key("size"), "must be at least 1 (or 1%)");
    else w.size = *parsed;
  }
  for (const char* key : {"maxConcurrency", "maxFailures"}) {
    const Json* v = find_member(value, key);
    if (v == nullptr || v->is_null()) continue;
    auto parsed = parse_count_or_percent(*v);
    if (!parsed.ok()) {
      problems.add(at.key(key), parsed.error().message);
      continue;
    }
    if (std::string(key) == "maxConcurrency") {
      if (parsed->value == 0) problems.add(at.key(key), "must be at least 1 (or 1%)");
      w.max_concurrency = *parsed;
    } else {
      w.max_failures = *parsed;
    }
  }
  std::string approval = get_string(value, "approval", at, problems);
  if (approval == "required") {
    w.approval_required = true;
  } else if (!approval.empty() && approval != "none") {
    problems.add(at.key("approval"), "unsupported value \"" + approval + "\", must be required or none");
  }
  if (const Json* analysis = find_member(value, "analysis"))
    w.analysis = parse_analysis(*analysis, at.key("analysis"), problems, &refs);
  w.allow_empty = get_bool(value, "allowEmpty", at, problems);
  return w;
}

// spec.dependsOn: app names; whether they exist is checked against the other apps at discovery.
void parse_depends_on(const Json& spec, const FieldPath& spec_at, WavePlan& plan, Problems& problems) {
  const FieldPath at = spec_at.key("dependsOn");
  std::vector<std::string> names = get_string_list(spec, "dependsOn", spec_at, problems);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    if (std::string why = check_wave_name(name); !why.empty()) {
      problems.add(at.index(i), "app name \"" + name + "\" " + why);
    } else if (name == plan.name) {
      problems.add(at.index(i), "an app cannot depend on itself");
    } else if (!seen.insert(name).second) {
      problems.add(at.index(i), "duplicate dependency \"" + name + "\"");
    } else {
      plan.depends_on.push_back(name);
    }
  }
}

// spec.deletionGuard: {maxDeletedObjects: N}.
void parse_deletion_guard(const Json& spec, const FieldPath& spec_at, WavePlan& plan, Problems& problems) {
  const Json* guard = get_object(spec, "deletionGuard", spec_at, problems);
  if (guard == nullptr) return;
  const FieldPath at = spec_at.key("deletionGuard");
  reject_unknown_fields(*guard, {"maxDeletedObjects"}, at, problems);
  std::optional<std::int64_t> max = get_int(*guard, "maxDeletedObjects", at, problems);
  if (max && *max < 0) {
    problems.add(at.key("maxDeletedObjects"), "must be 0 or more");
  } else {
    plan.deletion_guard.max_deleted_objects = max;
  }
}

}  // namespace

std::int64_t Wave::batch_size(std::int64_t total) const {
  std::int64_t n = max_concurrency.of(total);
  return n < 1 ? 1 : n;
}

std::vector<const AnalysisCheck*> WavePlan::checks_of(std::size_t index) const {
  std::vector<const AnalysisCheck*> out;
  for (const AnalysisCheck& c : analysis) out.push_back(&c);
  if (index < waves.size()) {
    for (const AnalysisCheck& c : waves[index].analysis) out.push_back(&c);
  }
  return out;
}

const Wave* WavePlan::find(const std::string& wave_name) const {
  for (const Wave& w : waves) {
    if (w.name == wave_name) return &w;
  }
  return nullptr;
}

// spec.fastForward and spec.failover: what may skip bake times and approvals.
static void parse_speed_ups(const Json& spec, const FieldPath& spec_at, WavePlan& plan, Problems& problems) {
  const std::string fast_forward = get_string(spec, "fastForward", spec_at, problems);
  if (fast_forward == "approval-required") {
    plan.fast_forward_needs_approval = true;
  } else if (!fast_forward.empty() && fast_forward != "allowed") {
    problems.add(spec_at.key("fastForward"),
                 "unsupported value \"" + fast_forward + "\", must be allowed or approval-required");
  }
  if (const Json* failover = get_object(spec, "failover", spec_at, problems)) {
    reject_unknown_fields(*failover, {"expedite"}, spec_at.key("failover"), problems);
    plan.expedite_failover = get_bool(*failover, "expedite", spec_at.key("failover"), problems);
  }
  if (find_member(spec, "hydrate") != nullptr) plan.hydrate = get_bool(spec, "hydrate", spec_at, problems);
}

WavePlan parse_wave_plan(const Json& object, Problems& problems) {
  WavePlan plan;
  const FieldPath root;
  reject_unknown_fields(object, {"apiVersion", "kind", "metadata", "spec"}, root, problems);
  if (const Json* meta = get_object(object, "metadata", root, problems, true)) {
    plan.name = get_string(*meta, "name", root.key("metadata"), problems, true);
    if (!plan.name.empty()) {
      if (std::string why = check_wave_name(plan.name); !why.empty())
        problems.add(root.key("metadata").key("name"), why);
    }
  }
  const Json* spec = get_object(object, "spec", root, problems, true);
  if (spec == nullptr) return plan;
  const FieldPath spec_at = root.key("spec");
  reject_unknown_fields(
      *spec, {"waves", "onFailure", "dependsOn", "analysis", "deletionGuard", "fastForward", "failover", "hydrate"},
      spec_at, problems);
  if (const Json* analysis = find_member(*spec, "analysis")) {
    plan.analysis = parse_analysis(*analysis, spec_at.key("analysis"), problems, &plan.template_refs);
  }
  const Json* waves = get_array(*spec, "waves", spec_at, problems, true);
  if (waves != nullptr && waves->empty()) problems.add(spec_at.key("waves"), "needs at least one wave");
  std::set<std::string> names;
  if (waves != nullptr) {
    for (std::size_t i = 0; i < waves->size(); ++i) {
      const std::size_t refs_before = plan.template_refs.size();
      Wave w = parse_wave((*waves)[i], spec_at.key("waves").index(i), problems, plan.template_refs);
      for (std::size_t r = refs_before; r < plan.template_refs.size(); ++r) plan.template_refs[r].wave = i;
      if (!w.name.empty() && !names.insert(w.name).second) {
        problems.add(spec_at.key("waves").index(i).key("name"), "duplicate wave name \"" + w.name + "\"");
      }
      plan.waves.push_back(std::move(w));
    }
  }
  std::string on_failure = get_string(*spec, "onFailure", spec_at, problems);
  if (on_failure == "pause") {
    plan.on_failure = OnFailure::Pause;
  } else if (!on_failure.empty() && on_failure != "rollback") {
    problems.add(spec_at.key("onFailure"), "unsupported value \"" + on_failure + "\", must be rollback or pause");
  }
  parse_depends_on(*spec, spec_at, plan, problems);
  parse_deletion_guard(*spec, spec_at, plan, problems);
  parse_speed_ups(*spec, spec_at, plan, problems);
  // A wave's check may not reuse a plan-wide check's name: evidence and status name checks alone.
  for (std::size_t i = 0; i < plan.waves.size(); ++i) {
    for (std::size_t k = 0; k < plan.waves[i].analysis.size(); ++k) {
      const std::string& name = plan.waves[i].analysis[k].name;
      for (const AnalysisCheck& c : plan.analysis) {
        if (!name.empty() && c.name == name) {
          problems.add(spec_at.key("waves").index(i).key("analysis").index(k).key("name"),
                       "check \"" + name + "\" is already defined in spec.analysis");
        }
      }
    }
  }
  return plan;
}

void add_template_checks(WavePlan& plan, const AnalysisTemplateRef& ref, std::vector<AnalysisCheck> checks,
                         Problems& problems) {
  std::vector<AnalysisCheck>& list =
      ref.wave && *ref.wave < plan.waves.size() ? plan.waves[*ref.wave].analysis : plan.analysis;
  for (AnalysisCheck& check : checks) {
    bool taken = false;
    for (const std::vector<AnalysisCheck>* other : {&list, &plan.analysis}) {
      for (const AnalysisCheck& c : *other) taken = taken || c.name == check.name;
    }
    if (!ref.wave) {  // a plan-wide check: no wave may define the same name
      for (const Wave& w : plan.waves) {
        for (const AnalysisCheck& c : w.analysis) taken = taken || c.name == check.name;
      }
    }
    if (taken) {
      problems.add(ref.at.key("templateName"), "template \"" + ref.template_name + "\" defines check \"" + check.name +
                                                   "\", which this list already has");
      continue;
    }
    list.push_back(std::move(check));
  }
}

}  // namespace fleetwave
