// The value of one Prometheus measurement of an analysis check, as the answer parser reads it
// (prometheus_answer.h) and as Argo Rollouts hands it to the conditions (result_of).
#pragma once

#include <string>
#include <vector>

#include "rollout/analysis/expr/expr_value.h"

namespace fleetwave {

// The values of every series of a query at one time, in a stable series order (by label set).
struct MetricValue {
  std::vector<double> values;
  bool scalar = false;  // the query is a scalar expression: exactly one value, no series
};

// metricproviders/prometheus processResponse: float64 for a scalar, []float64 for a vector
// (empty, not nil, without samples).
ExprValue result_of(const MetricValue& value);

// "0.031" for a scalar, "[0.031,2]" for a vector (as Rollouts records a measurement's value),
// with "NaN", "+Inf" and "-Inf" as Prometheus writes them.
std::string format_metric_value(const MetricValue& value);
std::string format_number(double number);

}  // namespace fleetwave
