#include "cli/command_context.h"

#include <algorithm>

#include "net/redaction.h"

namespace fleetwave::cli {

void CliOutput::add_secrets(const std::vector<std::string>& secrets) {
  for (const std::string& s : secrets) {
    if (!s.empty() && std::find(secrets_.begin(), secrets_.end(), s) == secrets_.end()) secrets_.push_back(s);
  }
  // Longest first, so a secret containing another is replaced whole.
  std::sort(secrets_.begin(), secrets_.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
}

std::string CliOutput::scrub(const std::string& text) const { return redact_text(text, secrets_); }

void CliOutput::flush() { out_.flush(); }

void CliOutput::write(const std::string& text) {
  std::string data = text;
  for (const std::string& secret : secrets_) {
    if (secret.size() < 4) continue;  // as redact_text: too short to scrub without mangling text
    for (std::size_t pos = data.find(secret); pos != std::string::npos; pos = data.find(secret, pos + 3)) {
      data.replace(pos, secret.size(), "***");
    }
  }
  out_ << data;
  out_.flush();
}

void CliOutput::line(const std::string& text) {
  out_ << scrub(text) << "\n";
  out_.flush();
}

void CliOutput::error(const std::string& message) { to_stderr("error: ", message); }
void CliOutput::warning(const std::string& message) { to_stderr("warning: ", message); }

void CliOutput::to_stderr(const char* prefix, const std::string& message) {
  std::string text = scrub(message);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) err_ << prefix << text.substr(start, end - start) << "\n";
    start = end + 1;
  }
  err_.flush();
}

int CommandContext::fail(const CliFailure& failure) {
  out.error(failure.error);
  return failure.exit_code;
}

}  // namespace fleetwave::cli
