// The value of a web analysis check: one number picked from a JSON answer by a jsonPath.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "base/json.h"
#include "base/result.h"
#include "rollout/analysis/expr/expr_value.h"

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

// The value of a web answer as Argo Rollouts' web provider reads it (webmetric.go parseResponse):
// the first value `path` finds in the JSON answer, decoded as Go decodes into `any`; an answer
// that is not JSON is the answer's text as a string. A path that finds nothing is an error
// (InvalidInput): the measurement is an Error.
struct WebValue {
  ExprValue result;
  std::string text;  // as recorded: the value's JSON, or the answer's text
};

Result<WebValue> read_web_answer(std::string_view body, const JsonPath& path);

}  // namespace fleetwave
