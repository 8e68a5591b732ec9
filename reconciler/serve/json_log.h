// Structured logs of fleetwave serve: one JSON object per line on stderr through spdlog,
// {"time":"<RFC 3339 UTC, ms>","level":"info","msg":"...", <fields in the order given>}. Every
// string is redacted (URLs' credentials and the registered secrets) before it is written.
//
// Thread-safety: every method may be called from any thread (spdlog's _mt sink).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/json.h"

namespace spdlog {
class logger;
}

namespace fleetwave::serve {

using LogFields = std::vector<std::pair<std::string, Json>>;

class JsonLog {
 public:
  // `debug` also writes debug lines (--log-level debug).
  explicit JsonLog(std::vector<std::string> secrets, bool debug = false);
  ~JsonLog();

  void debug(const std::string& msg, const LogFields& fields = {});
  void info(const std::string& msg, const LogFields& fields = {});
  void warn(const std::string& msg, const LogFields& fields = {});
  void error(const std::string& msg, const LogFields& fields = {});

  // `text` with URLs' credentials and the secrets redacted.
  std::string scrub(const std::string& text) const;

  // The line that would be written (without the newline), for tests.
  std::string format(const std::string& level, const std::string& msg, const LogFields& fields,
                     std::int64_t now_ms) const;

 private:
  void write(const std::string& level, const std::string& msg, const LogFields& fields);

  std::vector<std::string> secrets_;
  std::shared_ptr<spdlog::logger> logger_;
};

}  // namespace fleetwave::serve
