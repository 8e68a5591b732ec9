// The analysis checks of a WavePlan (spec.analysis and waves[].analysis): metric queries taken
// while a wave bakes, each judged by its successCondition. Documented in docs/formats.md.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/field_path.h"
#include "base/json.h"
#include "model/json_fields.h"
#include "model/problems.h"
#include "rollout/analysis/web_answer.h"

namespace fleetwave {

class Condition;  // rollout/analysis/condition.h: only the files that parse or judge one include it

struct PrometheusCheck {
  std::string query;  // PromQL with placeholders
};

enum class HttpMethod { Get, Post };

struct WebCheck {
  std::string url;  // http(s) URL with placeholders
  HttpMethod method = HttpMethod::Get;
  StringMap headers;   // values may use placeholders
  JsonPath json_path;  // where the number is in the answer; "$" when not given
};

struct AnalysisCheck {
  std::string name;
  std::optional<PrometheusCheck> prometheus;  // exactly one of prometheus and web
  std::optional<WebCheck> web;
  std::int64_t interval_ms = 30'000;         // time between measurements
  std::int64_t count = 1;                    // measurements to take in all
  std::shared_ptr<const Condition> success;  // successCondition; set once the check is valid
  std::int64_t failure_limit = 0;            // failed measurements tolerated
  std::int64_t inconclusive_limit = 0;       // inconclusive measurements tolerated
  bool per_cluster = false;                  // the query, URL or headers use {{cluster}}
};

// Validates a list of checks at `at` (e.g. spec.waves[1].analysis); every problem is reported at
// its field, e.g. spec.waves[1].analysis[0].successCondition.
std::vector<AnalysisCheck> parse_analysis(const Json& list, const FieldPath& at, Problems& problems);

}  // namespace fleetwave
