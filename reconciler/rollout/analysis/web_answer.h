// The value of a web analysis check: one number picked from a JSON answer by a jsonPath.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "rollout/analysis/metric_value.h"

namespace fleetwave {

// The subset of JSONPath that names one value: "$", ".field", "['field']" (or "[\"field\"]")
// and "[N]", optionally wrapped in braces as kubectl writes it ("{$.data.value}").
class JsonPath {
 public:
  JsonPath() = default;  // "$": the whole answer

  // InvalidInput with the 1-based column of the problem.
  static Result<JsonPath> parse(std::string_view text);

  // The value at the path, or nullptr when a step is missing.
  const Json* find(const Json& root) const;

  const std::string& text() const { return text_; }

 private:
  using Step = std::variant<std::string, std::size_t>;
  std::string text_ = "$";
  std::vector<Step> steps_;
};

// The measurement value of a web answer: a number, a boolean (true 1, false 0) or a string
// holding a number, found at `path` in `body`. An answer that is not JSON, a missing path or a
// value of another type is a Transient error: the measurement is inconclusive, with the error as
// its note.
Result<MetricValue> read_web_answer(std::string_view body, const JsonPath& path);

}  // namespace fleetwave
