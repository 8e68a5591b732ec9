#include "serve/json_log.h"

#include <chrono>
#include <ctime>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "codec/json_writer.h"
#include "net/redaction.h"

namespace fleetwave::serve {
namespace {

std::string rfc3339_ms(std::int64_t now_ms) {
  const std::time_t seconds = static_cast<std::time_t>(now_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &utc);
  char out[48];
  std::snprintf(out, sizeof out, "%s.%03dZ", buf, static_cast<int>(now_ms % 1000));
  return out;
}

Json scrubbed(const Json& value, const std::vector<std::string>& secrets) {
  if (value.is_string()) return redact_text(value.get<std::string>(), secrets);
  if (!value.is_structured()) return value;
  Json out = value;
  for (auto& item : out.items()) item.value() = scrubbed(item.value(), secrets);
  return out;
}

}  // namespace

JsonLog::JsonLog(std::vector<std::string> secrets, bool debug) : secrets_(std::move(secrets)) {
  auto sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  logger_ = std::make_shared<spdlog::logger>("fleetwave", sink);
  logger_->set_pattern("%v");  // the JSON line carries its own time and level
  logger_->set_level(debug ? spdlog::level::debug : spdlog::level::info);
  logger_->flush_on(spdlog::level::debug);
}

JsonLog::~JsonLog() = default;

std::string JsonLog::scrub(const std::string& text) const { return redact_text(text, secrets_); }

std::string JsonLog::format(const std::string& level, const std::string& msg, const LogFields& fields,
                            std::int64_t now_ms) const {
  OrderedJson line;
  line["time"] = rfc3339_ms(now_ms);
  line["level"] = level;
  line["msg"] = scrub(msg);
  for (const auto& [key, value] : fields) {
    if (key == "time" || key == "level" || key == "msg") continue;
    line[key] = OrderedJson(scrubbed(value, secrets_));
  }
  return write_json(line, JsonWriteOptions{false, 0});
}

void JsonLog::write(const std::string& level, const std::string& msg, const LogFields& fields) {
  const auto now =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
  const std::string text = format(level, msg, fields, now.count());
  if (level == "error") logger_->error(text);
  else if (level == "warn") logger_->warn(text);
  else if (level == "debug") logger_->debug(text);
  else logger_->info(text);
}

void JsonLog::debug(const std::string& msg, const LogFields& fields) {
  if (logger_->should_log(spdlog::level::debug)) write("debug", msg, fields);
}
void JsonLog::info(const std::string& msg, const LogFields& fields) { write("info", msg, fields); }
void JsonLog::warn(const std::string& msg, const LogFields& fields) { write("warn", msg, fields); }
void JsonLog::error(const std::string& msg, const LogFields& fields) { write("error", msg, fields); }

}  // namespace fleetwave::serve
