#include "rollout/analysis/prometheus_answer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <utility>

#include "base/text.h"
#include "codec/json_reader.h"

namespace fleetwave {
namespace {

Error malformed(const std::string& what) { return transient("unexpected answer from prometheus: " + what); }

// The "data" member of a successful answer, or the error the answer reports.
Result<const Json*> answer_data(const Json& answer) {
  const std::string status = string_at(answer, {"status"});
  if (status == "error") {
    const std::string type = string_at(answer, {"errorType"});
    const std::string message =
        "prometheus " + printable(type.empty() ? "error" : type) + ": " + printable(string_at(answer, {"error"}), 500);
    // bad_data is the query's fault (HTTP 400): retrying the same query cannot help.
    return type == "bad_data" ? invalid_input(message) : transient(message);
  }
  if (status != "success") return malformed("status is \"" + printable(status) + "\"");
  const Json* data = find_member(answer, "data");
  if (data == nullptr || !data->is_object()) return malformed("no data");
  return data;
}

Result<Json> read_answer(std::string_view body) {
  auto json = parse_json(body, "prometheus answer");
  if (!json.ok()) {
    const SourcePos& at = json.error().pos;
    return transient("prometheus answered with " + json.error().message + " (line " + std::to_string(at.line) +
                     ", column " + std::to_string(at.column) + ")");
  }
  return std::move(json).value();
}

// A [timestamp, "value"] pair: seconds as a JSON number (millisecond precision), the value as a
// string because JSON has no NaN or Inf.
Result<Sample> read_point(const Json& point) {
  if (!point.is_array() || point.size() != 2 || !point[0].is_number() || !point[1].is_string()) {
    return malformed("expected a [time, \"value\"] pair");
  }
  const double seconds = point[0].get<double>();
  const std::string& text = point[1].get_ref<const std::string&>();
  double value = 0;
  if (text == "NaN") {
    value = std::numeric_limits<double>::quiet_NaN();
  } else if (text == "+Inf" || text == "Inf") {
    value = std::numeric_limits<double>::infinity();
  } else if (text == "-Inf") {
    value = -std::numeric_limits<double>::infinity();
  } else {
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
      return malformed("value \"" + printable(text, 40) + "\" is not a number");
    }
  }
  if (!std::isfinite(seconds) || std::fabs(seconds) > 1e15) return malformed("time out of range");
  return Sample{std::llround(seconds * 1000), MetricValue{{value}}};
}

// The label set of a series as sorted (name, value) pairs (Json objects iterate in key order).
// Comparing two of these pairwise, a set that is a prefix of another first, is the order
// Prometheus itself sorts label sets in.
using LabelSet = std::vector<std::pair<std::string, std::string>>;

LabelSet labels_of_series(const Json& series) {
  LabelSet labels;
  if (const Json* metric = find_member(series, "metric"); metric != nullptr && metric->is_object()) {
    for (auto it = metric->begin(); it != metric->end(); ++it) {
      labels.emplace_back(it.key(), it.value().is_string() ? it.value().get<std::string>() : std::string());
    }
  }
  return labels;
}

// The series of a vector or matrix result in label-set order.
Result<std::vector<const Json*>> sorted_series(const Json& result) {
  if (!result.is_array()) return malformed("result is not a list");
  std::vector<std::pair<LabelSet, const Json*>> keyed;
  for (const Json& series : result) {
    if (!series.is_object()) return malformed("a series is not a map");
    keyed.emplace_back(labels_of_series(series), &series);
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const Json*> out;
  for (const auto& entry : keyed) out.push_back(entry.second);
  return out;
}

}  // namespace

Result<std::vector<Sample>> parse_range_answer(std::string_view body) {
  FW_TRY(answer, read_answer(body));
  FW_TRY(data, answer_data(answer));
  const std::string type = string_at(*data, {"resultType"});
  if (type != "matrix") return malformed("a range query answered with resultType \"" + printable(type) + "\"");
  FW_TRY(series, sorted_series((*data)["result"]));
  std::map<std::int64_t, MetricValue> by_time;
  for (const Json* s : series) {
    const Json* values = find_member(*s, "values");
    if (values == nullptr || !values->is_array()) return malformed("a series of a matrix has no values");
    for (const Json& point : *values) {
      FW_TRY(sample, read_point(point));
      by_time[sample.time_ms].values.push_back(sample.value.values.front());
    }
  }
  std::vector<Sample> out;
  for (auto& [time_ms, value] : by_time) out.push_back(Sample{time_ms, std::move(value)});
  return out;
}

Result<MetricValue> parse_instant_answer(std::string_view body) {
  FW_TRY(answer, read_answer(body));
  FW_TRY(data, answer_data(answer));
  const std::string type = string_at(*data, {"resultType"});
  const Json* result = find_member(*data, "result");
  if (result == nullptr) return malformed("no result");
  if (type == "scalar") {
    FW_TRY(point, read_point(*result));
    point.value.scalar = true;
    return std::move(point.value);
  }
  if (type != "vector") {
    // A range selector (x[5m]) or a string literal: the query is wrong, not the server.
    return invalid_input("the query returned a " + printable(type) +
                         "; an analysis query must return a vector or a scalar");
  }
  FW_TRY(series, sorted_series(*result));
  MetricValue out;
  for (const Json* s : series) {
    const Json* value = find_member(*s, "value");
    if (value == nullptr) return malformed("a series of a vector has no value");
    FW_TRY(point, read_point(*value));
    out.values.push_back(point.value.values.front());
  }
  return out;
}

}  // namespace fleetwave
