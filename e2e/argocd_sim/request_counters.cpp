#include "argocd_sim/request_counters.h"

#include <algorithm>

#include "argocd_sim/health_model.h"

namespace fleetwave::sim {
namespace {

bool answers_errors(const std::string& image) { return image_tag(image).find("errors") != std::string::npos; }

// Backslash, double quote and newline are the characters the text format escapes in label values.
std::string escape_label_value(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string sample_line(const RequestSeries& s, const char* code, std::uint64_t value) {
  return "http_requests_total{app=\"" + escape_label_value(s.app) + "\",cluster=\"" + escape_label_value(s.cluster) +
         "\",image=\"" + escape_label_value(s.image) + "\",code=\"" + code + "\"} " + std::to_string(value) + "\n";
}

}  // namespace

std::optional<std::string> pod_template_image(const Json& object) {
  const Json* containers = find_path(object, {"spec", "template", "spec", "containers"});
  if (containers == nullptr || !containers->is_array() || containers->empty()) return std::nullopt;
  return string_at((*containers)[0], {"image"});
}

void RequestCounters::observe(const std::vector<LiveWorkload>& workloads, std::int64_t now_ms) {
  const std::int64_t elapsed_ms = observed_ms_ ? std::max<std::int64_t>(0, now_ms - *observed_ms_) : 0;
  for (const auto& [workload, series] : live_) served_ms_[series] += elapsed_ms;
  live_.clear();
  for (const LiveWorkload& w : workloads) {
    SeriesKey series{w.app, w.cluster, w.image};
    live_[{w.cluster, w.app, w.object}] = series;
    served_ms_.emplace(series, 0);  // exported from the moment it appears
  }
  observed_ms_ = std::max(now_ms, observed_ms_.value_or(now_ms));
}

std::vector<RequestSeries> RequestCounters::series() const {
  std::vector<RequestSeries> out;
  for (const auto& [key, served_ms] : served_ms_) {
    const auto& [app, cluster, image] = key;
    // Whole requests only: a floor of a growing number never shrinks, so neither code does.
    const auto requests = static_cast<std::uint64_t>(served_ms * kRequestsPerSecond / 1000);
    const std::uint64_t errors = answers_errors(image) ? requests * kErrorPercent / 100 : 0;
    out.push_back({app, cluster, image, requests - errors, errors});
  }
  return out;
}

std::string request_metrics_text(const std::vector<RequestSeries>& series) {
  std::string text =
      "# HELP http_requests_total Requests served by the simulated workloads.\n"
      "# TYPE http_requests_total counter\n";
  for (const RequestSeries& s : series) {
    text += sample_line(s, "200", s.ok);
    text += sample_line(s, "500", s.errors);
  }
  return text;
}

}  // namespace fleetwave::sim
