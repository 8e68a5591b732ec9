#include "reconcile/notify/notify_settings.h"

#include <algorithm>

#include "adapters/notify/webhook_http.h"
#include "rollout/commit_message.h"
#include "rollout/messages.h"

namespace fleetwave {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

Result<std::vector<std::string>> parse_events(const Json& events, const std::string& key) {
  if (!events.is_array() || events.empty())
    return invalid_input(key + ": expected a list of events (" + join(notification_events()) + ")");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const std::string at = key + "[" + std::to_string(i) + "]";
    if (!events[i].is_string()) return invalid_input(at + ": expected an event name");
    const std::string event = events[i].get<std::string>();
    if (!contains(notification_events(), event))
      return invalid_input(at + ": unknown event \"" + event + "\" (valid: " + join(notification_events()) + ")");
    if (!contains(out, event)) out.push_back(event);
  }
  return out;
}

std::string string_field(const Json& object, const char* name) {
  const Json* value = find_member(object, name);
  return value != nullptr && value->is_string() ? value->get<std::string>() : "";
}

Result<WebhookSettings> parse_webhook(const Json& item, const std::string& key) {
  if (!item.is_object()) return invalid_input(key + ": expected a mapping with url or urlFile, events and format");
  for (const auto& [name, value] : item.items()) {
    if (name != "url" && name != "urlFile" && name != "events" && name != "format")
      return invalid_input(key + "." + name + ": unknown key (valid keys: url, urlFile, events, format)");
    if (name != "events" && (!value.is_string() || value.get<std::string>().empty()))
      return invalid_input(key + "." + name + ": expected a non-empty string");
  }
  WebhookSettings out;
  out.url = string_field(item, "url");
  out.url_file = string_field(item, "urlFile");
  if (out.url.empty() == out.url_file.empty())
    return invalid_input(key +
                         ": expected exactly one of url and urlFile (urlFile keeps a secret URL out of the file)");
  if (!out.url.empty()) {
    auto url = parse_webhook_url(out.url, key + ".url");
    if (!url.ok()) return url.error();
  }
  if (const Json* events = find_member(item, "events"); events != nullptr) {
    FW_TRY(parsed, parse_events(*events, key + ".events"));
    out.events = std::move(parsed);
  } else {
    out.events = notification_events();
  }
  if (item.contains("format")) out.format = item["format"].get<std::string>();
  if (!contains(notification_formats(), out.format))
    return invalid_input(key + ".format: unknown format \"" + out.format +
                         "\" (valid: " + join(notification_formats()) + ")");
  return out;
}

}  // namespace

const std::vector<std::string>& notification_events() {
  static const std::vector<std::string> events(std::begin(kActions), std::end(kActions));
  return events;
}

const std::vector<std::string>& notification_formats() {
  static const std::vector<std::string> formats = {"json", "slack"};
  return formats;
}

Result<std::vector<WebhookSettings>> parse_webhook_settings(const Json& list, const std::string& key) {
  if (!list.is_array()) return invalid_input(key + ": expected a list of webhooks");
  std::vector<WebhookSettings> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    FW_TRY(webhook, parse_webhook(list[i], key + "[" + std::to_string(i) + "]"));
    out.push_back(std::move(webhook));
  }
  return out;
}

}  // namespace fleetwave
