#include "serve/board_actions.h"

#include "serve/json_view.h"
#include "serve/snapshot_builder.h"

namespace fleetwave::serve {
namespace {

ApiResponse json_answer(int status, const Json& body) { return {status, "application/json", body.dump() + "\n", {}}; }
ApiResponse error_answer(int status, const std::string& message) {
  return {status, "application/json", error_body(message) + "\n", {}};
}

ApiResponse actor_challenge() {
  ApiResponse r = error_answer(401, "sign in as a person board.actorsFile lists (basic auth: your email and token)");
  r.headers.emplace_back("WWW-Authenticate", "Basic realm=\"fleetwave actors\", charset=\"UTF-8\"");
  return r;
}

std::string header(const ApiRequest& request, const std::string& name) {
  auto it = request.headers.find(name);
  return it == request.headers.end() ? "" : it->second;
}

// The first wave of the release that needs an approval it does not have.
std::string wave_to_approve(const Json& app) {
  for (const Json& wave : array_at(app, "waves")) {
    if (string_at(wave, {"approval"}) == "required" && !wave.value("approved", false)) return string_at(wave, {"name"});
  }
  return "";
}

bool any_cluster_held(const Json& app) {
  for (const Json& wave : array_at(app, "waves")) {
    for (const Json& c : array_at(wave, "clusters")) {
      if (!string_at(c, {"held"}).empty()) return true;
    }
  }
  return false;
}

Result<ManualRequest> request_of(const std::string& action, const std::string& body, bool& dry_run) {
  Json doc = Json::parse(body.empty() ? "{}" : body, nullptr, false);
  if (!doc.is_object())
    return invalid_input("the body must be a JSON object {\"reason\", \"wave\", \"clusters\", \"dryRun\"}");
  ManualRequest r;
  r.action = action;
  if (doc.contains("reason") && !doc["reason"].is_string()) return invalid_input("reason: expected a string");
  if (doc.contains("wave") && !doc["wave"].is_string()) return invalid_input("wave: expected a string");
  if (doc.contains("dryRun") && !doc["dryRun"].is_boolean()) return invalid_input("dryRun: expected true or false");
  r.reason = doc.value("reason", "");
  if (std::string wave = doc.value("wave", ""); !wave.empty()) r.wave = wave;
  if (doc.contains("clusters") && !doc["clusters"].is_array())
    return invalid_input("clusters: expected an array of cluster names");
  for (const Json& c : array_at(doc, "clusters")) {
    if (!c.is_string()) return invalid_input("clusters: expected an array of cluster names");
    r.clusters.push_back(c.get<std::string>());
  }
  dry_run = doc.value("dryRun", false);
  return r;
}

int status_of(const Error& e) {
  switch (e.kind) {
    case ErrorKind::InvalidInput:
    case ErrorKind::Conflict:
      return 409;  // the step is refused as the app stands (nothing to approve, already paused...)
    case ErrorKind::NotFound:
      return 404;
    default:
      return 503;
  }
}

Json outcome_json(const ManualOutcome& o, bool dry_run) {
  return {{"dryRun", dry_run},    {"head", o.head}, {"commit", o.commit},    {"subject", o.subject},
          {"message", o.message}, {"diff", o.diff}, {"unpinned", o.unpinned}};
}

}  // namespace

Json offered_actions(const Json& app, const BoardActor& actor) {
  const bool release = !string_at(app, {"release"}).empty();
  const bool paused = app.value("paused", false);
  const bool held = string_at(app, {"phase"}) == "Held";
  const std::string approve = release ? wave_to_approve(app) : "";
  const bool has_clusters = !array_at(app, "waves").empty();
  const std::map<std::string_view, bool> now = {{"approve", !approve.empty()},
                                                {"pause", !paused},
                                                {"resume", paused || held},
                                                {"rollback", release && !held},
                                                {"promote", release && !held},
                                                {"hold", has_clusters},
                                                {"release-hold", any_cluster_held(app)}};
  Json out = Json::array();
  for (const ManualAction& a : manual_actions()) {
    if (!now.at(a.name) || !actor.may(a.name)) continue;
    Json one = {{"action", a.name}, {"needsReason", a.needs_reason}, {"takesClusters", a.takes_clusters}};
    if (a.name == "approve") one["wave"] = approve;
    out.push_back(std::move(one));
  }
  return out;
}

std::string cross_site_reason(const ApiRequest& request) {
  const std::string site = header(request, "sec-fetch-site");
  if (!site.empty() && site != "same-origin") return "Sec-Fetch-Site is " + site;
  const std::string origin = header(request, "origin");
  if (origin.empty()) return "";
  const std::size_t scheme = origin.find("://");
  const std::string host = scheme == std::string::npos ? origin : origin.substr(scheme + 3);
  for (const char* own : {"host", "x-forwarded-host"}) {
    if (host == header(request, own)) return "";
  }
  return "Origin " + origin + " is not this board";
}

ApiResponse BoardActions::sign_in(const ApiRequest& request) const {
  if (actors_.empty()) return error_answer(404, "nobody may act from this board (board.actorsFile is not set)");
  if (actors_.authenticate(request.headers) == nullptr) return actor_challenge();
  return {303, "text/plain; charset=utf-8", "", {{"Location", "/"}, {"Cache-Control", "no-store"}}};
}

ApiResponse BoardActions::offered(const std::string& app, const ApiRequest& request) const {
  auto snapshot = state_.snapshot();
  if (snapshot == nullptr) return error_answer(503, "no cycle has finished yet");
  const Json* entry = snapshot->app(app);
  if (entry == nullptr) return error_answer(404, "unknown app " + app);
  Json out = {{"signIn", !actors_.empty()}, {"actor", nullptr}, {"actions", Json::array()}};
  if (const BoardActor* actor = actors_.authenticate(request.headers)) {
    out["actor"] = actor->signature();
    out["csrf"] = actors_.csrf_token(*actor);
    out["actions"] = offered_actions(*entry, *actor);
  }
  ApiResponse r = json_answer(200, out);
  r.headers.emplace_back("Cache-Control", "no-store");
  return r;
}

ApiResponse BoardActions::act(const std::string& app, const std::string& action, const ApiRequest& request) const {
  const BoardActor* actor = actors_.authenticate(request.headers);
  if (actor == nullptr) return actor_challenge();
  if (find_manual_action(action) == nullptr) return error_answer(404, "unknown action " + action);
  if (!actor->may(action))
    return error_answer(403, actor->email + " may not " + action + " (rights are given in board.actorsFile)");
  if (std::string why = cross_site_reason(request); !why.empty())
    return error_answer(403, "refused a request from another site: " + why);
  if (!actors_.csrf_matches(*actor, header(request, "x-fleetwave-csrf")))
    return error_answer(403, "missing or stale X-Fleetwave-CSRF token; reload the page");
  bool dry_run = false;
  auto manual = request_of(action, request.body, dry_run);
  if (!manual.ok()) return error_answer(400, manual.error().message);
  auto outcome = take_step_(app, *manual, git::Signature{actor->name, actor->email, 0, 0}, dry_run);
  if (!outcome.ok()) return error_answer(status_of(outcome.error()), outcome.error().message);
  if (!dry_run) {
    log_.info("board action", {{"app", app}, {"action", action}, {"actor", actor->email}, {"commit", outcome->commit}});
    triggers_.notify();  // the board shows the step after the next cycle: run it now
  }
  return json_answer(200, outcome_json(*outcome, dry_run));
}

}  // namespace fleetwave::serve
