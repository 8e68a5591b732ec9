// The successCondition of an analysis check: `result` (or `result[N]`) compared with a number,
// combined with && and || and parentheses, e.g. "result < 0.05", "0.9 <= result[0] && result[1] < 3".
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "rollout/analysis/metric_value.h"

namespace fleetwave {

class Condition {
 public:
  // InvalidInput with the 1-based column of the problem: "column 10: expected a number, found \"x\"".
  static Result<Condition> parse(std::string_view text);

  // true: passed, false: failed. The errors tell the two other outcomes apart:
  //  - Transient: the data cannot be judged (no data, a referenced value is NaN or ±Inf), so the
  //    measurement is inconclusive: an infinite error rate after a division by zero is not a pass;
  //  - InvalidInput: the condition does not fit the data (an unindexed `result` on several
  //    series, an index past the last series).
  // Every value the condition references is checked first, so the answer does not depend on
  // which side of && or || happens to be evaluated.
  Result<bool> evaluate(const MetricValue& value) const;

  const std::string& text() const { return text_; }

  // One comparison or one &&/|| of two earlier nodes; kept flat so a Condition copies cheaply.
  struct Node {
    enum class Kind { Compare, And, Or } kind = Kind::Compare;
    enum class Op { Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual } op = Op::Equal;
    std::optional<std::size_t> index;  // result[N]; nullopt for plain `result`
    double number = 0;
    bool result_on_left = true;  // "result < 1" rather than "1 > result"
    std::size_t left = 0, right = 0;
  };

 private:
  std::string text_;
  std::vector<Node> nodes_;  // children before parents; the last node is the root
};

}  // namespace fleetwave
