#include "rollout/rollout_state.h"

#include "base/enum_names.h"
#include "base/timestamp.h"
#include "codec/json_writer.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_writer.h"
#include "model/json_fields.h"

namespace fleetwave {
namespace {

constexpr const char* kApiVersion = "fleetwave.io/v1alpha1";

constexpr auto kReleasePhaseNames =
    enum_names(EnumName(ReleasePhase::Progressing, "Progressing"),
               EnumName(ReleasePhase::WaitingApproval, "WaitingApproval"), EnumName(ReleasePhase::Held, "Held"));

Json release_json(const ReleaseState& r) {
  Json j = {{"revision", r.revision},
            {"inputs", r.inputs},
            {"phase", to_string(r.phase)},
            {"wave", r.wave},
            {"startedAt", format_rfc3339(r.started_at_ms)}};
  if (!r.approvals.empty()) j["approvals"] = r.approvals;
  if (!r.reason.empty()) j["reason"] = r.reason;
  if (!r.promoted_to.empty()) j["promotedTo"] = r.promoted_to;
  if (!r.cordons.is_null()) j["cordons"] = r.cordons;
  return j;
}

std::int64_t time_field(const Json& object, const char* key, const FieldPath& at, Problems& problems) {
  std::string text = get_string(object, key, at, problems);
  if (text.empty()) return 0;
  auto ms = parse_rfc3339(text);
  if (!ms) problems.add(at.key(key), "expected an RFC 3339 time, got \"" + text + "\"");
  return ms.value_or(0);
}

std::optional<ReleaseState> parse_release(const Json& state, const FieldPath& root, Problems& problems) {
  const Json* r = get_object(state, "release", root, problems);
  if (r == nullptr) return std::nullopt;
  FieldPath at = root.key("release");
  ReleaseState release;
  release.revision = get_string(*r, "revision", at, problems, true);
  release.inputs = get_string(*r, "inputs", at, problems);
  std::string phase = get_string(*r, "phase", at, problems, true);
  if (auto known = enum_from_name(kReleasePhaseNames, phase)) release.phase = *known;
  else if (!phase.empty()) problems.add(at.key("phase"), "unknown phase \"" + phase + "\"");
  if (auto wave = get_int(*r, "wave", at, problems); wave && *wave >= 0) release.wave = static_cast<std::size_t>(*wave);
  release.started_at_ms = time_field(*r, "startedAt", at, problems);
  release.approvals = get_string_list(*r, "approvals", at, problems);
  release.reason = get_string(*r, "reason", at, problems);
  release.promoted_to = get_string(*r, "promotedTo", at, problems);
  if (const Json* cordons = get_object(*r, "cordons", at, problems)) release.cordons = *cordons;
  return release;
}

}  // namespace

const char* to_string(ReleasePhase phase) { return enum_name(kReleasePhaseNames, phase, "Progressing"); }

std::string state_path(const std::string& app) { return ".fleetwave/" + app + "/state.yaml"; }
std::string targets_path(const std::string& app) { return ".fleetwave/" + app + "/targets.json"; }

std::string serialize_state(const RolloutState& s) {
  Json j = {{"apiVersion", kApiVersion}, {"kind", "RolloutState"}, {"app", s.app}, {"path", s.path}};
  j["stable"] = {{"revision", s.stable_revision}, {"inputs", s.stable_inputs}};
  if (s.paused) {
    j["paused"] = true;
    j["pauseReason"] = s.pause_reason;
  }
  if (s.release) j["release"] = release_json(*s.release);
  Json pins = Json::object();
  for (const auto& [cluster, pin] : s.pins) {
    pins[cluster] = {{"revision", pin.revision},
                     {"wave", pin.wave},
                     {"server", pin.server},
                     {"pinnedAt", format_rfc3339(pin.pinned_at_ms)}};
    if (!pin.cordons_of.empty()) pins[cluster]["cordonsOf"] = pin.cordons_of;
  }
  j["pins"] = pins;
  Json overlays = Json::object();
  for (const auto& [cluster, pin] : s.pins) {
    auto overlay = s.cordon_overlays.find(pin.cordons_of);
    if (overlay != s.cordon_overlays.end()) overlays[pin.cordons_of] = overlay->second;
  }
  if (!overlays.empty()) j["cordonOverlays"] = overlays;
  if (!s.holds.empty()) {
    Json holds = Json::object();
    for (const auto& [cluster, hold] : s.holds)
      holds[cluster] = {{"reason", hold.reason}, {"since", format_rfc3339(hold.since_ms)}};
    j["holds"] = holds;
  }
  return "# Written by fleetwave; change it with `fleetwave approve|pause|resume|rollback`.\n" + write_yaml(j);
}

Result<RolloutState> parse_state(const std::string& text, const std::string& file) {
  auto docs = parse_yaml_stream(text, file);
  if (!docs.ok()) return std::move(docs).error();
  if (docs->size() != 1 || !(*docs)[0].value.is_object()) {
    Error e = invalid_input("expected one RolloutState document");
    e.pos.file = file;
    return e;
  }
  const Json& j = (*docs)[0].value;
  Problems problems;
  const FieldPath root;
  RolloutState s;
  if (get_string(j, "kind", root, problems) != "RolloutState") problems.add(root.key("kind"), "expected RolloutState");
  s.app = get_string(j, "app", root, problems, true);
  s.path = get_string(j, "path", root, problems, true);
  s.paused = get_bool(j, "paused", root, problems);
  s.pause_reason = get_string(j, "pauseReason", root, problems);
  if (const Json* stable = get_object(j, "stable", root, problems)) {
    s.stable_revision = get_string(*stable, "revision", root.key("stable"), problems);
    s.stable_inputs = get_string(*stable, "inputs", root.key("stable"), problems);
  }
  s.release = parse_release(j, root, problems);
  if (const Json* pins = get_object(j, "pins", root, problems)) {
    for (auto it = pins->begin(); it != pins->end(); ++it) {
      FieldPath at = root.key("pins").key(it.key());
      Pin pin;
      pin.revision = get_string(it.value(), "revision", at, problems, true);
      pin.wave = get_string(it.value(), "wave", at, problems);
      pin.server = get_string(it.value(), "server", at, problems);
      pin.pinned_at_ms = time_field(it.value(), "pinnedAt", at, problems);
      pin.cordons_of = get_string(it.value(), "cordonsOf", at, problems);
      s.pins.emplace(it.key(), std::move(pin));
    }
  }
  if (const Json* overlays = get_object(j, "cordonOverlays", root, problems)) {
    for (auto it = overlays->begin(); it != overlays->end(); ++it) s.cordon_overlays.emplace(it.key(), it.value());
  }
  for (const auto& [cluster, pin] : s.pins) {
    if (!pin.cordons_of.empty() && s.cordon_overlays.count(pin.cordons_of) == 0)
      problems.add(root.key("pins").key(cluster).key("cordonsOf"),
                   "no cordonOverlays entry for " + pin.cordons_of +
                       "; restore it from the commit that wrote this state, or remove cordonsOf");
  }
  if (const Json* holds = get_object(j, "holds", root, problems)) {
    for (auto it = holds->begin(); it != holds->end(); ++it) {
      FieldPath at = root.key("holds").key(it.key());
      ClusterHold hold;
      hold.reason = get_string(it.value(), "reason", at, problems);
      hold.since_ms = time_field(it.value(), "since", at, problems);
      s.holds.emplace(it.key(), std::move(hold));
    }
  }
  if (!problems.empty()) {
    Error e = problems.list().front();
    e.pos.file = file;
    return e;
  }
  return s;
}

std::size_t return_to_stable(RolloutState& s, const std::string& revision, std::int64_t now_ms) {
  const bool keeps_overlay = s.release && s.release->revision == revision && !s.release->cordons.is_null();
  std::size_t moved = 0;
  for (auto it = s.pins.begin(); it != s.pins.end();) {
    if (it->second.revision != revision) {
      ++it;
      continue;
    }
    ++moved;
    if (s.stable_revision.empty()) {
      it = s.pins.erase(it);
      continue;
    }
    it->second.revision = s.stable_revision;
    it->second.pinned_at_ms = now_ms;
    it->second.cordons_of = keeps_overlay ? revision : "";
    ++it;
  }
  if (keeps_overlay && moved > 0 && !s.stable_revision.empty()) s.cordon_overlays[revision] = s.release->cordons;
  return moved;
}

Json targets_json(const RolloutState& s) {
  Json list = Json::array();
  for (const auto& [cluster, pin] : s.pins) {
    auto overlay = s.cordon_overlays.find(pin.cordons_of);
    list.push_back({{"app", s.app},
                    {"cluster", cluster},
                    {"server", pin.server},
                    {"wave", pin.wave},
                    {"revision", pin.revision},
                    {"path", s.path},
                    {"cordons", pin.cordons_of.empty() || overlay == s.cordon_overlays.end()
                                    ? std::string()
                                    : write_json(overlay->second, JsonWriteOptions{false, 0})}});
  }
  return list;
}

std::string serialize_targets(const RolloutState& s) {
  return write_json(targets_json(s), JsonWriteOptions{false, 2}) + "\n";
}

}  // namespace fleetwave
