// The analysis checks of a WavePlan (spec.analysis and waves[].analysis): metric queries taken
// while a wave bakes, each measurement judged by its successCondition and failureCondition and
// the check by Argo Rollouts' limits (measurement_verdict.h). Documented in docs/formats.md.
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

class Expression;  // rollout/analysis/expr/expression.h: only the files that parse or judge one include it

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

// Argo Rollouts retries a measurement that ended in Error after this long, and measures this
// often when a metric sets no interval (analysis/controller.go DefaultErrorRetryInterval).
inline constexpr std::int64_t kDefaultMeasurementIntervalMs = 10'000;
inline constexpr std::int64_t kDefaultConsecutiveErrorLimit = 4;  // utils/defaults DefaultConsecutiveErrorLimit

// One metric, with the fields and defaults of an Argo Rollouts Metric.
struct AnalysisCheck {
  std::string name;
  std::optional<PrometheusCheck> prometheus;  // exactly one of prometheus and web
  std::optional<WebCheck> web;
  std::int64_t interval_ms = kDefaultMeasurementIntervalMs;  // time between measurements
  // Measurements to take (Rollouts' EffectiveCount): 1 when neither count nor interval is set;
  // nullopt for an interval without a count: the check measures for as long as its wave is the
  // current one and never holds the wave back by itself (a Rollouts background analysis).
  std::optional<std::int64_t> count = 1;
  std::shared_ptr<const Expression> success;  // successCondition; null when absent
  std::shared_ptr<const Expression> failure;  // failureCondition; null when absent
  std::int64_t failure_limit = 0;             // failed measurements tolerated; < 0: not applicable
  std::int64_t inconclusive_limit = 0;        // inconclusive measurements tolerated
  std::int64_t consecutive_error_limit = kDefaultConsecutiveErrorLimit;  // errors in a row tolerated
  std::int64_t consecutive_success_limit = 0;  // successes in a row that end the check; 0: not used
  std::int64_t initial_delay_ms = 0;           // from the start of the analysis to the first measurement
  bool dry_run = false;                        // measured and shown, never decides
  bool per_cluster = false;                    // the query, URL or headers use {{cluster}}
};

// Validates one check at `at` (a map, as in a WavePlan's list).
AnalysisCheck parse_analysis_check(const Json& value, const FieldPath& at, Problems& problems);

struct AnalysisTemplateRef;  // analysis_template.h

// Validates a list of checks at `at` (e.g. spec.waves[1].analysis); every problem is reported at
// its field, e.g. spec.waves[1].analysis[0].successCondition. Entries that name an
// AnalysisTemplate are added to `templates` (an error when it is null), for discovery to resolve.
std::vector<AnalysisCheck> parse_analysis(const Json& list, const FieldPath& at, Problems& problems,
                                          std::vector<AnalysisTemplateRef>* templates = nullptr);

}  // namespace fleetwave
