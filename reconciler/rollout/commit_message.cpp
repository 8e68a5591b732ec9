#include "rollout/commit_message.h"

#include <limits>
#include <sstream>

#include "base/text.h"

namespace fleetwave {
namespace {

// Subjects and trailers carry text from outside (reasons, Argo CD health messages, analysis
// notes): each is written as one line of printable text, newlines and control characters
// escaped, so no input can end the subject or a trailer and add a trailer of its own.
std::string one_line(std::string_view text) { return printable(text, std::numeric_limits<std::size_t>::max()); }

// The body keeps its line structure; each of its lines is printable text.
std::string printable_lines(std::string_view text) {
  std::string out;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    out += one_line(text.substr(start, end - start));
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string CommitMessage::format() const {
  std::string out = one_line(subject) + "\n";
  if (!body.empty()) {
    out += "\n" + printable_lines(body);
    if (out.back() != '\n') out += '\n';
  }
  if (!trailers.empty()) {
    out += "\n";
    for (const auto& [k, v] : trailers) out += one_line(k) + ": " + one_line(v) + "\n";
  }
  return out;
}

std::string CommitMessage::trailer(const std::string& key) const {
  for (const auto& [k, v] : trailers) {
    if (k == key) return v;
  }
  return {};
}

static bool is_trailer_line(const std::string& line, std::string& key, std::string& value) {
  std::size_t colon = line.find(": ");
  if (colon == std::string::npos || colon == 0) return false;
  for (std::size_t i = 0; i < colon; ++i) {
    char c = line[i];
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-')) return false;
  }
  key = line.substr(0, colon);
  value = line.substr(colon + 2);
  return true;
}

std::vector<std::pair<std::string, std::string>> parse_trailers(const std::string& message) {
  std::vector<std::string> lines;
  std::istringstream in(message);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  std::size_t start = lines.size();
  while (start > 0 && !lines[start - 1].empty()) --start;
  if (start == 0) return {};  // the subject paragraph is never a trailer block
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = start; i < lines.size(); ++i) {
    std::string key, value;
    if (!is_trailer_line(lines[i], key, value)) return {};
    out.emplace_back(key, value);
  }
  return out;
}

std::string find_trailer(const std::string& message, const std::string& key) {
  for (const auto& [k, v] : parse_trailers(message)) {
    if (k == key) return v;
  }
  return {};
}

}  // namespace fleetwave
