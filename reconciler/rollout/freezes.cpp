#include "rollout/freezes.h"

#include <algorithm>

#include "base/timestamp.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_writer.h"
#include "model/json_fields.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

bool names(const Freeze& f, const std::string& app) {
  return f.apps.empty() || std::find(f.apps.begin(), f.apps.end(), app) != f.apps.end();
}

std::string scope(const std::vector<std::string>& apps) { return apps.empty() ? "every app" : join(apps); }

Trailers freeze_trailers(const std::string& action, const std::vector<std::string>& apps, const std::string& why) {
  Trailers t;
  for (const std::string& app : apps) t.emplace_back("Fleetwave-App", app);
  t.emplace_back("Fleetwave-Action", action);
  if (!why.empty()) t.emplace_back("Fleetwave-Evidence", why);
  return t;
}

}  // namespace

std::string freezes_path() { return ".fleetwave/freezes.yaml"; }

std::string serialize_freezes(const std::vector<Freeze>& freezes) {
  Json list = Json::array();
  for (const Freeze& f : freezes) {
    Json j = {{"apps", f.apps}, {"reason", f.reason}, {"by", f.by}, {"since", format_rfc3339(f.since_ms)}};
    if (f.until_ms) j["until"] = format_rfc3339(*f.until_ms);
    list.push_back(std::move(j));
  }
  Json doc = {{"apiVersion", "fleetwave.io/v1alpha1"}, {"kind", "Freezes"}, {"freezes", list}};
  return "# Written by fleetwave; change it with `fleetwave freeze|unfreeze`.\n" + write_yaml(doc);
}

Result<std::vector<Freeze>> parse_freezes(const std::string& text, const std::string& file) {
  auto docs = parse_yaml_stream(text, file);
  if (!docs.ok()) return std::move(docs).error();
  Problems problems;
  const FieldPath root;
  std::vector<Freeze> out;
  if (docs->size() != 1 || !(*docs)[0].value.is_object()) {
    problems.add(root, "expected one Freezes document");
  } else {
    const Json& doc = (*docs)[0].value;
    if (get_string(doc, "kind", root, problems) != "Freezes") problems.add(root.key("kind"), "expected Freezes");
    if (const Json* list = get_array(doc, "freezes", root, problems)) {
      for (std::size_t i = 0; i < list->size(); ++i) {
        const FieldPath at = root.key("freezes").index(i);
        const Json& item = (*list)[i];
        if (!item.is_object()) {
          problems.add(at, "expected a freeze (a map with apps, reason, by, since)");
          continue;
        }
        Freeze f;
        f.apps = get_string_list(item, "apps", at, problems);
        f.reason = get_string(item, "reason", at, problems, true);
        f.by = get_string(item, "by", at, problems);
        for (const char* key : {"since", "until"}) {
          std::string t = get_string(item, key, at, problems, key == std::string("since"));
          if (t.empty()) continue;
          auto ms = parse_rfc3339(t);
          if (!ms) problems.add(at.key(key), "expected an RFC 3339 time, got \"" + t + "\"");
          else if (key == std::string("since")) f.since_ms = *ms;
          else f.until_ms = *ms;
        }
        out.push_back(std::move(f));
      }
    }
  }
  if (!problems.empty()) {
    Error e = problems.list().front();
    e.pos.file = file;
    return e;
  }
  return out;
}

const Freeze* active_freeze(const std::vector<Freeze>& freezes, const std::string& app, std::int64_t now_ms) {
  for (const Freeze& f : freezes) {
    if (names(f, app) && (!f.until_ms || now_ms < *f.until_ms)) return &f;
  }
  return nullptr;
}

std::string describe_freeze(const Freeze& f) {
  std::string text = "frozen" + std::string(f.apps.empty() ? " (every app)" : "") + " by " +
                     (f.by.empty() ? "someone" : f.by) + " since " + format_rfc3339(f.since_ms) + ": " + f.reason;
  text += f.until_ms ? " (until " + format_rfc3339(*f.until_ms) + ")" : " (until `fleetwave unfreeze`)";
  return text;
}

Result<FreezeChange> freeze_change(const std::vector<Freeze>& current, const std::vector<std::string>& apps,
                                   const std::string& reason, std::optional<std::int64_t> until_ms,
                                   const std::string& by, std::int64_t now_ms) {
  if (reason.empty()) return invalid_input("a freeze needs a reason (--reason)");
  if (until_ms && *until_ms <= now_ms) {
    return invalid_input("--until " + format_rfc3339(*until_ms) + " is not in the future");
  }
  std::vector<std::string> sorted = apps;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  for (const Freeze& f : current) {
    if (f.apps == sorted && (!f.until_ms || now_ms < *f.until_ms)) {
      return conflict(scope(sorted) + " is already " + describe_freeze(f));
    }
  }
  FreezeChange change;
  for (const Freeze& f : current) {  // expired freezes are dropped by the next change
    if (!f.until_ms || now_ms < *f.until_ms) change.next.push_back(f);
  }
  change.next.push_back(Freeze{sorted, reason, by, now_ms, until_ms});
  change.message.subject = "fleetwave: freeze " + scope(sorted) + " (" + reason + ")";
  change.message.body = "No release of " + scope(sorted) + " starts or advances " +
                        (until_ms ? "until " + format_rfc3339(*until_ms) : std::string("until `fleetwave unfreeze`")) +
                        ". Rollback and pause stay allowed.";
  change.message.trailers = freeze_trailers("freeze", sorted, reason);
  return change;
}

Result<FreezeChange> unfreeze_change(const std::vector<Freeze>& current, const std::vector<std::string>& apps,
                                     std::int64_t now_ms) {
  FreezeChange change;
  std::vector<std::string> lifted;
  for (const Freeze& f : current) {
    if (f.until_ms && now_ms >= *f.until_ms) continue;  // expired: dropped
    if (apps.empty()) {
      lifted.push_back(describe_freeze(f));
      continue;
    }
    if (f.apps.empty()) {
      change.next.push_back(f);  // a fleet-wide freeze is lifted only by `fleetwave unfreeze` without apps
      continue;
    }
    Freeze kept = f;
    std::erase_if(kept.apps,
                  [&](const std::string& a) { return std::find(apps.begin(), apps.end(), a) != apps.end(); });
    if (kept.apps.size() != f.apps.size()) lifted.push_back(describe_freeze(f));
    if (!kept.apps.empty()) change.next.push_back(std::move(kept));
  }
  if (lifted.empty()) {
    for (const std::string& app : apps) {
      if (const Freeze* f = active_freeze(current, app, now_ms)) {
        return invalid_input(app + " is " + describe_freeze(*f) + "; lift it with `fleetwave unfreeze` (no app)");
      }
    }
    return invalid_input("nothing to unfreeze: " + scope(apps) + " is not frozen");
  }
  change.message.subject = "fleetwave: unfreeze " + scope(apps);
  change.message.body = "Lifted: " + join(lifted, "; ") + ".";
  change.message.trailers = freeze_trailers("unfreeze", apps, "");
  return change;
}

}  // namespace fleetwave
