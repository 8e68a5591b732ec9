// The {{...}} placeholders of analysis queries, URLs and headers: {{app}}, {{cluster}}, {{wave}},
// {{release}}, {{release.short}} and {{namespace}}, with optional spaces inside the braces.
#pragma once

#include <string>
#include <string_view>

namespace fleetwave {

struct PlaceholderValues {
  std::string app;
  std::string cluster;
  std::string wave;
  std::string release;  // the full commit sha; {{release.short}} is its first 7 characters
  std::string namespace_;
};

// "" when every placeholder of `text` is known and closed, otherwise the reason (naming the
// placeholder and listing the known ones).
std::string check_placeholders(std::string_view text);

// Whether `text` mentions {{cluster}}: such a check is measured once per cluster.
bool uses_cluster(std::string_view text);

// `text` with every known placeholder replaced by its value. Values are inserted as they are,
// without quoting or escaping: callers pass only Kubernetes names and commit shas, which are
// safe inside PromQL strings and URLs. Unknown or unclosed placeholders are left untouched
// (check_placeholders rejects them when the WavePlan is read).
std::string expand_placeholders(std::string_view text, const PlaceholderValues& values);

}  // namespace fleetwave
