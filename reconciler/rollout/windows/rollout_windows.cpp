#include "rollout/windows/rollout_windows.h"

#include <algorithm>

#include "base/duration_text.h"
#include "match/selector_match.h"
#include "rollout/duration.h"
#include "rollout/windows/window_timing.h"

namespace fleetwave {
namespace {

// Years 0001 to 9999: times outside are clamped, so no arithmetic below can overflow.
constexpr std::int64_t kMinTimeMs = -62'135'596'800'000;
constexpr std::int64_t kMaxTimeMs = 253'402'300'799'999;

std::int64_t clamp_time(std::int64_t ms) { return std::clamp(ms, kMinTimeMs, kMaxTimeMs); }

// spec.windows[i].duration: 0 when missing or invalid (the problem is recorded).
std::int64_t parse_window_duration(const Json& value, const FieldPath& at, Problems& problems) {
  const std::string duration = get_string(value, "duration", at, problems, true);
  if (duration.empty()) return 0;
  auto ms = parse_duration_ms(duration);
  if (!ms.ok()) {
    problems.add(at.key("duration"), ms.error().message);
  } else if (*ms <= 0) {
    problems.add(at.key("duration"), "must be greater than 0");
  } else if (*ms > kMaxWindowDurationMs) {
    // Finding the trigger of an active window searches back this far.
    problems.add(at.key("duration"), "must be at most 8784h (366 days)");
  } else {
    return *ms;
  }
  return 0;
}

// A schedule's "CRON_TZ=Zone " or "TZ=Zone " prefix, as robfig/cron's Parser.Parse reads it (the
// zone up to the first space): removed from `schedule` and returned ("" without one).
std::string take_zone_prefix(std::string& schedule, const FieldPath& at, Problems& problems) {
  if (schedule.rfind("TZ=", 0) != 0 && schedule.rfind("CRON_TZ=", 0) != 0) return "";
  const std::size_t eq = schedule.find('='), space = schedule.find(' ');
  if (space == std::string::npos) {
    problems.add(at.key("schedule"), "\"" + schedule + "\" names a time zone but no schedule after it");
    schedule.clear();
    return "";
  }
  std::string zone = schedule.substr(eq + 1, space - eq - 1);
  schedule = schedule.substr(space + 1);
  schedule.erase(0, schedule.find_first_not_of(" \t"));
  return zone;
}

// applications, namespaces, clusters and the flags saying how they combine and whom they spare.
void parse_window_matchers(const Json& value, const FieldPath& at, RolloutWindow& w, Problems& problems) {
  w.applications = get_string_list(value, "applications", at, problems);
  for (std::size_t k = 0; k < w.applications.size(); ++k) {
    if (w.applications[k].empty()) problems.add(at.key("applications").index(k), "must not be empty");
  }
  w.namespaces = get_string_list(value, "namespaces", at, problems);
  for (std::size_t k = 0; k < w.namespaces.size(); ++k) {
    if (w.namespaces[k].empty()) problems.add(at.key("namespaces").index(k), "must not be empty");
  }
  if (const Json* clusters = get_object(value, "clusters", at, problems)) {
    w.clusters = parse_cluster_affinity(*clusters, at.key("clusters"), problems);
  }
  w.and_operator = get_bool(value, "andOperator", at, problems);
  w.manual_sync = get_bool(value, "manualSync", at, problems);
  w.description = get_string(value, "description", at, problems);
}

// spec.windows[i].schedule (with its zone prefix) and timeZone: the window's timing.
void parse_window_timing(const Json& value, const FieldPath& at, RolloutWindow& w, Problems& problems,
                         const TimeZoneLoader& loader) {
  WindowTiming timing;
  w.schedule_text = get_string(value, "schedule", at, problems, true);
  const std::string prefix_zone = take_zone_prefix(w.schedule_text, at, problems);
  if (!w.schedule_text.empty()) {
    auto schedule = CronSchedule::parse(w.schedule_text);
    if (schedule.ok()) {
      timing.schedule = *schedule;
    } else {
      problems.add(at.key("schedule"),
                   "invalid cron schedule \"" + w.schedule_text + "\": " + schedule.error().message);
    }
  }
  const std::string zone = get_string(value, "timeZone", at, problems);
  if (!prefix_zone.empty() && !zone.empty() && zone != prefix_zone) {
    problems.add(at.key("timeZone"),
                 "\"" + zone + "\" differs from the schedule's CRON_TZ=" + prefix_zone + "; name the time zone once");
  }
  w.zone_name = !prefix_zone.empty() ? prefix_zone : zone.empty() ? "UTC" : zone;
  auto loaded = loader(w.zone_name);
  if (loaded.ok()) {
    timing.zone = *loaded;
  } else {
    problems.add(at.key("timeZone"), loaded.error().message);
  }
  w.timing = std::make_shared<const WindowTiming>(std::move(timing));
}

RolloutWindow parse_window(const Json& value, const FieldPath& at, const std::string& object_name, std::size_t index,
                           Problems& problems, const TimeZoneLoader& loader) {
  RolloutWindow w;
  w.source = object_name + "[" + std::to_string(index) + "]";
  if (!expect_map(value, "a window (a map with kind, schedule and duration)", at, problems)) return w;
  reject_unknown_fields(value,
                        {"kind", "schedule", "duration", "timeZone", "applications", "namespaces", "clusters",
                         "andOperator", "manualSync", "description"},
                        at, problems);

  const std::string kind = get_string(value, "kind", at, problems, true);
  if (kind == "allow") {
    w.kind = WindowKind::Allow;
  } else if (kind == "deny") {
    w.kind = WindowKind::Deny;
  } else if (!kind.empty()) {
    problems.add(at.key("kind"), "unsupported value \"" + kind + "\", must be allow or deny");
  }
  parse_window_timing(value, at, w, problems, loader);
  w.duration_ms = parse_window_duration(value, at, problems);
  parse_window_matchers(value, at, w, problems);
  return w;
}

struct WindowState {
  std::optional<std::int64_t> active_start;
  bool next_known = false;
  std::optional<std::int64_t> next_start;
};

}  // namespace

const char* to_string(WindowKind kind) { return kind == WindowKind::Allow ? "allow" : "deny"; }

TimeZoneLoader zoneinfo_loader(TimeZoneReader reader) {
  return [reader = std::move(reader)](const std::string& name) { return load_time_zone(name, reader); };
}

bool glob_match(std::string_view pattern, std::string_view name) {
  // Greedy with one backtrack point: on a mismatch after a '*', let that '*' take one more
  // character. Linear in practice, never exponential.
  std::size_t p = 0;
  std::size_t n = 0;
  std::size_t star = std::string_view::npos;
  std::size_t star_n = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || (pattern[p] != '*' && pattern[p] == name[n]))) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      star_n = n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++star_n;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

namespace {
bool any_glob(const std::vector<std::string>& patterns, const std::string& name) {
  return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return glob_match(p, name); });
}
}  // namespace

bool RolloutWindow::lists_app(const std::string& app) const { return any_glob(applications, app); }

bool RolloutWindow::applies(const std::string& app, const std::string& app_namespace, const Cluster* cluster) const {
  // fleetwave's rule (docs/formats.md): a window that lists no matcher governs every step.
  if (applications.empty() && namespaces.empty() && !clusters) return true;
  struct Matcher {
    bool listed;
    bool matched;
  };
  const Matcher matchers[] = {
      {!applications.empty(), any_glob(applications, app)},
      {!namespaces.empty(), any_glob(namespaces, app_namespace)},
      {clusters.has_value(), cluster == nullptr || (clusters && cluster_matches(*cluster, *clusters))},
  };
  bool any = false;
  bool all = true;
  for (const Matcher& m : matchers) {
    if (!m.listed) continue;
    any = any || m.matched;
    all = all && m.matched;
  }
  return and_operator ? all : any;
}

// Local trigger times map to instants monotonically (time_zone.h), and a trigger at local time L
// happens no earlier than L - max_offset and no later than L - min_offset. So walking the local
// triggers back from now + max_offset, the first whose instant is <= now is the latest one.
std::optional<std::int64_t> RolloutWindow::active_start(std::int64_t now_ms) const {
  if (!timing) return std::nullopt;
  const CronSchedule& schedule = timing->schedule;
  const TimeZone& zone = timing->zone;
  now_ms = clamp_time(now_ms);
  const std::int64_t now = floor_div(now_ms, 1000);
  CivilMinute local = civil_from_minutes(floor_div(now + zone.max_offset(), 60));
  // A trigger older than the duration cannot hold now; two days more cover any offset.
  const std::int64_t stop_day = days_from_civil(local.year, local.month, local.day) - duration_ms / 86'400'000 - 2;
  while (true) {
    const std::int64_t days_left = days_from_civil(local.year, local.month, local.day) - stop_day;
    if (days_left < 0) return std::nullopt;
    auto trigger = schedule.latest_at_or_before(local, static_cast<int>(days_left));
    if (!trigger) return std::nullopt;
    const std::int64_t start = zone.to_utc(*trigger);
    if (start <= now) {
      if (start * 1000 + duration_ms > now_ms) return start * 1000;
      return std::nullopt;
    }
    local = civil_from_minutes(minutes_from_civil(*trigger) - 1);
  }
}

std::optional<std::int64_t> RolloutWindow::next_start(std::int64_t now_ms) const {
  if (!timing) return std::nullopt;
  const CronSchedule& schedule = timing->schedule;
  const TimeZone& zone = timing->zone;
  now_ms = clamp_time(now_ms);
  const std::int64_t now = floor_div(now_ms, 1000);
  CivilMinute local = civil_from_minutes(floor_div(now + zone.min_offset(), 60));
  const std::int64_t stop_day = days_from_civil(local.year, local.month, local.day) + CronSchedule::kMaxSearchDays;
  while (true) {
    const std::int64_t days_left = stop_day - days_from_civil(local.year, local.month, local.day);
    if (days_left < 0) return std::nullopt;
    auto trigger = schedule.next_after(local, static_cast<int>(days_left));
    if (!trigger) return std::nullopt;
    const std::int64_t start = zone.to_utc(*trigger);
    if (start > now) return start * 1000;
    local = *trigger;
  }
}

std::string RolloutWindow::describe() const {
  return schedule_text + " " + zone_name + ", " + format_duration_ms(duration_ms);
}

std::string RolloutWindow::name() const { return description.empty() ? source : source + " \"" + description + "\""; }

std::vector<RolloutWindow> parse_rollout_windows(const Json& object, Problems& problems) {
  return parse_rollout_windows(object, problems, zoneinfo_loader());
}

std::vector<RolloutWindow> parse_rollout_windows(const Json& object, Problems& problems, const TimeZoneLoader& loader) {
  std::vector<RolloutWindow> windows;
  const FieldPath root;
  reject_unknown_fields(object, {"apiVersion", "kind", "metadata", "spec"}, root, problems);
  std::string name;
  if (const Json* meta = get_object(object, "metadata", root, problems, true)) {
    name = get_string(*meta, "name", root.key("metadata"), problems, true);
  }
  const Json* spec = get_object(object, "spec", root, problems, true);
  if (spec == nullptr) return windows;
  const FieldPath spec_at = root.key("spec");
  reject_unknown_fields(*spec, {"windows"}, spec_at, problems);
  const Json* list = get_array(*spec, "windows", spec_at, problems, true);
  if (list == nullptr) return windows;
  if (list->empty()) problems.add(spec_at.key("windows"), "needs at least one window");
  for (std::size_t i = 0; i < list->size(); ++i) {
    windows.push_back(parse_window((*list)[i], spec_at.key("windows").index(i), name, i, problems, loader));
  }
  return windows;
}

namespace {

// The active deny window that ends last, if any; a person's step ignores those with manualSync
// (Argo CD's CanSync: a manual sync passes when every active deny window has manualSync).
std::optional<WindowBlock> deny_block(const std::vector<RolloutWindow>& windows, const std::vector<WindowState>& state,
                                      bool manual) {
  const RolloutWindow* deny = nullptr;
  std::int64_t deny_end = 0;
  for (std::size_t i = 0; i < windows.size(); ++i) {
    const RolloutWindow& w = windows[i];
    if (w.kind != WindowKind::Deny || !state[i].active_start || (manual && w.manual_sync)) continue;
    const std::int64_t end = *state[i].active_start + w.duration_ms;
    if (deny == nullptr || end > deny_end) {
      deny = &w;
      deny_end = end;
    }
  }
  if (deny == nullptr) return std::nullopt;
  return WindowBlock{"deny window " + deny->name() + " (" + deny->describe() + ") is active until " +
                         format_time(deny->timing->zone, floor_div(deny_end, 1000)),
                     deny_end};
}

// For one cluster: nullopt when no allow window applies, one is active, or the step is a
// person's and every applying allow window has manualSync (Argo CD's CanSync with
// inactiveAllows.manualEnabled()); else the block until the next of them opens.
template <typename Applies>
std::optional<WindowBlock> allow_block(const std::vector<RolloutWindow>& windows, std::vector<WindowState>& state,
                                       const Applies& applies, const WindowStep& step, const Cluster* target,
                                       std::int64_t now_ms) {
  bool any_allow = false;
  bool all_manual = true;
  const RolloutWindow* next_window = nullptr;
  std::optional<std::int64_t> next;
  for (std::size_t i = 0; i < windows.size(); ++i) {
    const RolloutWindow& w = windows[i];
    if (w.kind != WindowKind::Allow || !applies(w, target)) continue;
    if (state[i].active_start) return std::nullopt;
    any_allow = true;
    all_manual = all_manual && w.manual_sync;
    if (!state[i].next_known) {
      state[i].next_start = w.next_start(now_ms);
      state[i].next_known = true;
    }
    if (state[i].next_start && (!next || *state[i].next_start < *next)) {
      next = state[i].next_start;
      next_window = &w;
    }
  }
  if (!any_allow || (step.manual && all_manual)) return std::nullopt;
  std::string where = target == nullptr ? "" : " for cluster " + target->name;
  if (next_window == nullptr) return WindowBlock{"outside every allow window" + where + "; none opens again", next};
  return WindowBlock{"outside every allow window" + where + "; the next opens at " +
                         format_time(next_window->timing->zone, floor_div(*next, 1000)) + " (allow window " +
                         next_window->name() + " (" + next_window->describe() + "))",
                     next};
}

}  // namespace

std::optional<WindowBlock> window_block(const std::vector<RolloutWindow>& windows, const WindowStep& step,
                                        std::int64_t now_ms) {
  std::vector<const Cluster*> targets = step.clusters;
  if (targets.empty()) targets.push_back(nullptr);
  auto applies = [&](const RolloutWindow& w, const Cluster* target) {
    return w.applies(step.app, step.app_namespace, target);
  };

  // Each window's state is computed once, however many clusters ask.
  std::vector<WindowState> state(windows.size());
  for (std::size_t i = 0; i < windows.size(); ++i) {
    const bool any =
        std::any_of(targets.begin(), targets.end(), [&](const Cluster* c) { return applies(windows[i], c); });
    if (any) state[i].active_start = windows[i].active_start(now_ms);
  }

  if (auto deny = deny_block(windows, state, step.manual)) return deny;

  std::optional<WindowBlock> block;
  for (const Cluster* target : targets) {
    auto wait = allow_block(windows, state, applies, step, target, now_ms);
    if (!wait) continue;
    // The step waits for the last of its clusters; one that never opens again wins.
    if (block && (!block->until_ms || (wait->until_ms && *wait->until_ms <= *block->until_ms))) continue;
    block = std::move(wait);
  }
  return block;
}

}  // namespace fleetwave
