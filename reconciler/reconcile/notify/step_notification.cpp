#include "reconcile/notify/step_notification.h"

#include "base/escape_chars.h"
#include "base/timestamp.h"
#include "reconcile/notify/wave_statuses.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// Slack's mrkdwn control characters (https://api.slack.com/reference/surfaces/formatting#escaping).
std::string slack_escape(const std::string& text) {
  return escape_chars(text, {{'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}});
}

const char* emoji(const std::string& event) {
  if (event == "start") return ":rocket:";
  if (event == "advance") return ":arrow_forward:";
  if (event == "complete") return ":white_check_mark:";
  if (event == "rollback") return ":rewind:";
  if (event == "hold") return ":octagonal_sign:";
  if (event == "pause") return ":double_vertical_bar:";
  if (event == "wait-approval") return ":hourglass_flowing_sand:";
  return ":information_source:";
}

}  // namespace

StepNotification step_notification(const PlannedApp& app, const std::string& commit, const std::string& branch,
                                   const std::string& author, std::int64_t now_ms, const std::string& board_url) {
  StepNotification n;
  n.app = app.report.app;
  n.commit = commit;
  n.subject = app.report.subject;
  n.branch = branch;
  n.time = format_rfc3339(now_ms);
  n.url = board_app_url(board_url, app.report.app);
  if (app.step) {
    n.event = app.step->action;
    n.actor = app.step->actor.empty() ? author : app.step->actor;
    n.release = app.step->message.trailer("Fleetwave-Release");  // the planner's report has no trailers yet
    n.wave = app.step->message.trailer("Fleetwave-Wave");
    n.evidence = app.step->message.trailer("Fleetwave-Evidence");
    if (n.subject.empty()) n.subject = app.step->message.subject;
  }
  return n;
}

std::string notification_json(const StepNotification& n) {
  Json body = {{"event", n.event},   {"app", n.app},      {"release", n.release}, {"wave", n.wave},
               {"commit", n.commit}, {"actor", n.actor},  {"subject", n.subject}, {"evidence", n.evidence},
               {"time", n.time},     {"branch", n.branch}};
  if (!n.url.empty()) body["url"] = n.url;
  return dump(body);
}

std::string notification_slack(const StepNotification& n) {
  std::string text = std::string(emoji(n.event)) + " *" + slack_escape(n.app) + "* " + slack_escape(n.event);
  if (!n.release.empty()) text += " " + short_sha(n.release);
  if (!n.wave.empty()) text += " (wave " + slack_escape(n.wave) + ")";
  text += ": " + slack_escape(n.subject);
  if (!n.evidence.empty()) text += "\n> " + slack_escape(n.evidence);
  text += "\n`" + short_sha(n.commit) + "` on " + slack_escape(n.branch) + " by " + slack_escape(n.actor);
  if (!n.url.empty()) text += " | <" + n.url + "|open the board>";
  return dump(Json{{"text", text}});
}

std::string notification_body(const StepNotification& n, const std::string& format) {
  return format == "slack" ? notification_slack(n) : notification_json(n);
}

}  // namespace fleetwave
