// The value of one measurement of an analysis check, as its providers answer it
// (prometheus_answer.h, web_answer.h) and its condition judges it (condition.h).
#pragma once

#include <string>
#include <vector>

namespace fleetwave {

// The values of every series of a query at one time, in a stable series order (by label set).
struct MetricValue {
  std::vector<double> values;
};

// "0.031", "NaN", "+Inf", "[0.1, 2]", "no data": how a value appears in notes and status.
std::string format_metric_value(const MetricValue& value);
std::string format_number(double number);

}  // namespace fleetwave
