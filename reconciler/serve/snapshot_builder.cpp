#include "serve/snapshot_builder.h"

#include <algorithm>

#include "base/timestamp.h"
#include "codec/json_reader.h"
#include "codec/json_writer.h"
#include "rollout/commit_message.h"
#include "rollout/duration.h"
#include "serve/json_view.h"

namespace fleetwave::serve {
namespace {

constexpr const char* kStateDir = ".fleetwave";
constexpr const char* kTargetsFile = "targets.json";

// The app of ".fleetwave/<app>/targets.json", or "".
std::string app_of_targets(const std::string& path) {
  const std::string prefix = std::string(kStateDir) + "/";
  const std::string suffix = std::string("/") + kTargetsFile;
  if (path.rfind(prefix, 0) != 0 || path.size() <= prefix.size() + suffix.size()) return "";
  if (path.compare(path.size() - suffix.size(), suffix.size(), suffix) != 0) return "";
  std::string app = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  return app.find('/') == std::string::npos ? app : "";
}

int wave_of(const Json& app) {
  const Json* waves = app.contains("waves") ? &app["waves"] : nullptr;
  if (waves == nullptr || !waves->is_array()) return 0;
  for (const Json& w : *waves) {
    if (w.value("current", false)) return w.value("index", 0);
  }
  return 0;
}

}  // namespace

// Every app sits at the same depth of both texts, so each app is written once and its text
// shared: the other members are written once, around a placeholder.
void write_status_bodies(const Json& doc, Snapshot& snapshot) {
  const JsonWriteOptions pretty{false, 2};
  const Json* list = find_member(doc, "apps");
  Json frame = Json::object();
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (it.key() != "apps") frame[it.key()] = it.value();
  }
  frame["apps"] = Json::array({"placeholder"});
  const std::string framed = write_json(frame, pretty);
  // "apps" is a top-level key, so this line (at depth 1) is found once.
  const std::string opening = "\n  \"apps\": [\n    ";
  const std::size_t at = framed.find(opening + "\"placeholder\"");
  if (list == nullptr || !list->is_array() || list->empty() || at == std::string::npos) {
    snapshot.status_body = write_json(doc, pretty) + "\n";
    return;
  }
  const std::string before = framed.substr(0, at + opening.size());
  const std::string after = framed.substr(at + opening.size() + std::string("\"placeholder\"").size()) + "\n";
  JsonWriteOptions nested = pretty;
  nested.depth = 2;  // an element of "apps"
  snapshot.status_body = before;
  bool first = true;
  for (const Json& app : *list) {
    const std::string text = write_json(app, nested);
    snapshot.status_body += (first ? "" : ",\n    ") + text;
    first = false;
    snapshot.app_bodies[app.value("app", "")] = before + text + after;
  }
  snapshot.status_body += after;
}

double wave_deadline_seconds(const Json& app) {
  const std::string release = app.value("release", "");
  const Json* waves = app.contains("waves") ? &app["waves"] : nullptr;
  if (release.empty() || waves == nullptr || !waves->is_array()) return 0;
  for (const Json& w : *waves) {
    if (!w.value("current", false)) continue;
    auto deadline = parse_duration_ms(w.value("progressDeadline", ""));
    if (!deadline.ok() || !w.contains("clusters")) return 0;
    std::int64_t last_pin = 0;
    for (const Json& c : w["clusters"]) {
      if (c.value("revision", "") != release) continue;
      if (auto at = parse_rfc3339(c.value("pinnedAt", ""))) last_pin = std::max(last_pin, *at);
    }
    return last_pin == 0 ? 0 : static_cast<double>(last_pin + *deadline) / 1000.0;
  }
  return 0;
}

std::string error_body(const std::string& message) { return write_json(Json{{"message", message}}); }

CannedAnswer generator_answer(const std::string& app, const std::string& targets_json, const std::string& head) {
  auto parsed = parse_json(targets_json, std::string(kStateDir) + "/" + app + "/" + kTargetsFile);
  if (!parsed.ok())
    return {503, error_body("app " + app + ": cannot read its targets at " + head + ": " + parsed.error().to_string())};
  if (!parsed->is_array()) return {503, error_body("app " + app + ": targets.json at " + head + " is not a list")};
  if (parsed->empty()) {
    return {404, error_body("app " + app + " has no pinned clusters at " + head + " (no rollout has started)")};
  }
  return {200, write_json(Json{{"output", {{"parameters", *parsed}}}})};
}

Status<> SnapshotBuilder::add_generator_answers(const std::string& head, Snapshot& snapshot) {
  auto entries = repo_.list_tree(head, kStateDir, /*recursive=*/true);
  if (!entries.ok() && entries.error().kind == ErrorKind::NotFound) {
    answers_.clear();  // no rollout state at all yet
    return ok_status();
  }
  if (!entries.ok()) return entries.error().with_context("listing " + std::string(kStateDir) + " at " + head);
  std::map<std::string, std::pair<std::string, CannedAnswer>> next;
  for (const git::TreeEntry& e : *entries) {
    const std::string app = app_of_targets(e.path);
    if (app.empty() || e.type != git::EntryType::Blob) continue;
    auto known = answers_.find(app);
    if (known != answers_.end() && known->second.first == e.oid) {
      next.emplace(app, std::move(known->second));
      continue;
    }
    auto text = repo_.read_blob(e.oid);
    if (!text.ok()) return text.error().with_context("reading " + e.path + " at " + head);
    next.emplace(app, std::make_pair(e.oid, generator_answer(app, *text, head)));
  }
  answers_ = std::move(next);
  for (const auto& [app, entry] : answers_) snapshot.generator.emplace(app, entry.second);
  return ok_status();
}

void SnapshotBuilder::add_commit_summaries(Snapshot& snapshot) {
  for (const Json& app : array_at(snapshot.status, "apps")) {
    for (const char* key : {"stable", "release"}) {
      const std::string sha = app.value(key, "");
      if (sha.empty()) continue;
      auto known = commits_.find(sha);
      if (known == commits_.end()) {
        auto info = repo_.commit_info(sha);
        if (!info.ok()) continue;  // the board then shows the sha alone
        const std::string subject = info->message.substr(0, info->message.find('\n'));
        known = commits_.emplace(sha, CommitSummary{subject, info->author.name, info->author.time * 1000}).first;
      }
      snapshot.commits.insert(*known);
    }
  }
}

void SnapshotBuilder::add_trails(const std::string& head, Snapshot& snapshot) {
  if (head != trails_head_) {
    trails_.clear();
    std::vector<std::string> names;
    for (const Json& app : array_at(snapshot.status, "apps")) names.push_back(app.value("app", ""));
    auto steps = step_histories(repo_, head, names, kTrailSteps, kTrailScan);  // one walk for every app
    if (steps.ok()) trails_ = std::move(steps).value();
    trails_head_ = head;
  }
  snapshot.trails = trails_;
  snapshot.trails_loaded = true;
}

Result<std::vector<std::pair<std::string, std::string>>> SnapshotBuilder::steps_between(const std::string& from,
                                                                                        const std::string& to) {
  std::vector<std::pair<std::string, std::string>> steps;
  if (from.empty() || from == to) return steps;
  FW_TRY(oids, repo_.first_parent_log(to, from, kStepScan));
  if (oids.size() == kStepScan) return steps;  // `from` is not an ancestor within reach
  for (auto it = oids.rbegin(); it != oids.rend(); ++it) {
    FW_TRY(info, repo_.commit_info(*it));
    const CommitMessage message{"", "", parse_trailers(info.message)};  // parsed once, read by key
    const std::string action = message.trailer("Fleetwave-Action");
    if (!action.empty()) steps.emplace_back(message.trailer("Fleetwave-App"), action);
  }
  return steps;
}

Result<std::shared_ptr<Snapshot>> SnapshotBuilder::build(const std::string& head, const CycleReport& cycle,
                                                         std::map<std::string, AppGauge>& apps,
                                                         const SnapshotExtras& extras) {
  auto give_way = [&] { return extras.give_way && extras.give_way(); };
  if (give_way()) return std::shared_ptr<Snapshot>();
  auto snapshot = std::make_shared<Snapshot>();
  snapshot->head = head;
  snapshot->built_at_ms = extras.now_ms;
  FW_CHECK(add_generator_answers(head, *snapshot));
  // Up-to-date apps too, as `fleetwave status` does: the document is the same bytes.
  FW_TRY(doc,
         status_.status(StatusRequest{branch_, head, /*argocd_configured=*/true, /*observe_every_app=*/true, &cycle,
                                      /*trust=*/nullptr, approval_rules_}));
  if (give_way()) return std::shared_ptr<Snapshot>();
  write_status_bodies(doc, *snapshot);
  if (give_way()) return std::shared_ptr<Snapshot>();
  if (const Json* list = find_member(doc, "apps"); list != nullptr && list->is_array()) {
    for (const Json& app : *list) {
      apps[app.value("app", "")] = AppGauge{gauge_phase(app.value("phase", "Unknown"), app.value("paused", false)),
                                            wave_of(app), wave_deadline_seconds(app)};
    }
  }
  snapshot->status = std::move(doc);  // the board's copy
  add_commit_summaries(*snapshot);
  if (extras.trails) add_trails(head, *snapshot);
  return snapshot;
}

}  // namespace fleetwave::serve
