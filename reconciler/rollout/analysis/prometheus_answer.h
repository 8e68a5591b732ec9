// Reads the JSON answers of the Prometheus HTTP API (/api/v1/query and /api/v1/query_range)
// into metric values. Pure: the HTTP call is the adapter's job.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "rollout/analysis/metric_value.h"

namespace fleetwave {

// The values of every series at one evaluation time of a range query.
struct Sample {
  std::int64_t time_ms = 0;
  MetricValue value;
};

// Series are ordered by their label sets, compared as Prometheus does (label names and values
// pair by pair; {a="1"} before {a="1",b="2"} before {a="2"}), so result[N] names the same series
// in every answer that has the same series. A series without a
// point at some time is left out of that time's value, as an instant query at that time would
// (so values of a range answer equal the answers of instant queries at the same times).
// Values "NaN", "+Inf" and "-Inf" are kept; the condition treats them as inconclusive.
//
// Errors: an answer with status "error" of type bad_data (HTTP 400: Prometheus rejected the
// query) is InvalidInput carrying Prometheus' message; other error types (timeout, canceled,
// execution, internal, unavailable) and answers that are not JSON or not shaped like the API
// are Transient.

// /api/v1/query_range (resultType matrix): one Sample per evaluation time, oldest first.
Result<std::vector<Sample>> parse_range_answer(std::string_view body);

// /api/v1/query (resultType vector or scalar): the value at the query time.
Result<MetricValue> parse_instant_answer(std::string_view body);

}  // namespace fleetwave
