#include "rollout/analysis/placeholders.h"

#include <optional>

#include "base/text.h"

namespace fleetwave {
namespace {

constexpr const char* kKnown = "{{app}}, {{cluster}}, {{wave}}, {{release}}, {{release.short}}, {{namespace}}";

// One "{{ name }}" occurrence: where it starts and ends in the text, and the name without spaces.
struct Placeholder {
  std::size_t begin = 0;
  std::size_t end = 0;  // one past the closing "}}"; 0 when unclosed
  std::string_view name;
};

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The next placeholder at or after `from`, or nullopt when there is none.
std::optional<Placeholder> next_placeholder(std::string_view text, std::size_t from) {
  std::size_t open = text.find("{{", from);
  if (open == std::string_view::npos) return std::nullopt;
  std::size_t close = text.find("}}", open + 2);
  if (close == std::string_view::npos) return Placeholder{open, 0, {}};
  return Placeholder{open, close + 2, trim_blanks(text.substr(open + 2, close - open - 2))};
}

std::optional<std::string> value_of(std::string_view name, const PlaceholderValues& values) {
  if (name == "app") return values.app;
  if (name == "cluster") return values.cluster;
  if (name == "wave") return values.wave;
  if (name == "release") return values.release;
  if (name == "release.short") return values.release.substr(0, 7);
  if (name == "namespace") return values.namespace_;
  return std::nullopt;
}

}  // namespace

std::string check_placeholders(std::string_view text) {
  const PlaceholderValues none;
  for (auto p = next_placeholder(text, 0); p; p = next_placeholder(text, p->end)) {
    if (p->end == 0) {
      return "\"{{\" at column " + std::to_string(p->begin + 1) + " is not closed by \"}}\"; known placeholders are " +
             kKnown;
    }
    if (!value_of(p->name, none)) {
      return "unknown placeholder \"" + printable(text.substr(p->begin, p->end - p->begin)) +
             "\"; known placeholders are " + kKnown;
    }
  }
  return {};
}

bool uses_cluster(std::string_view text) {
  for (auto p = next_placeholder(text, 0); p && p->end != 0; p = next_placeholder(text, p->end)) {
    if (p->name == "cluster") return true;
  }
  return false;
}

std::string expand_placeholders(std::string_view text, const PlaceholderValues& values) {
  std::string out;
  std::size_t copied = 0;
  for (auto p = next_placeholder(text, 0); p && p->end != 0; p = next_placeholder(text, p->end)) {
    std::optional<std::string> value = value_of(p->name, values);
    if (!value) continue;
    out.append(text.substr(copied, p->begin - copied));
    out += *value;
    copied = p->end;
  }
  out.append(text.substr(copied));
  return out;
}

}  // namespace fleetwave
