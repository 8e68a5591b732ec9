#include "rollout/analysis/condition.h"

#include <charconv>
#include <cmath>

#include "base/text.h"

namespace fleetwave {
namespace {

using Node = Condition::Node;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_'; }

// Recursive descent over
//   or      := and ("||" and)*
//   and     := primary ("&&" primary)*
//   primary := "(" or ")" | operand op operand    (one operand is result, the other a number)
//   operand := "result" ["[" digits "]"] | [+-] digits ["." digits] [(e|E) [+-] digits]
// Nodes are appended children first; errors carry the 1-based column.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Result<std::vector<Node>> parse() {
    FW_TRY(root, parse_or(0));
    (void)root;
    skip_space();
    if (pos_ < text_.size()) return error_here("expected && or || or the end of the condition");
    return std::move(nodes_);
  }

 private:
  // Deep nesting is an input error, not a stack overflow.
  static constexpr int kMaxDepth = 64;

  struct Operand {
    bool is_result = false;
    std::optional<std::size_t> index;
    double number = 0;
  };

  Error error_at(std::size_t pos, const std::string& what) const {
    return invalid_input("column " + std::to_string(pos + 1) + ": " + what);
  }
  Error error_here(const std::string& what) {
    skip_space();
    return error_at(pos_, what + ", found " + found());
  }
  std::string found() const {
    if (pos_ >= text_.size()) return "the end";
    std::size_t end = pos_ + 1;
    if (is_name_char(text_[pos_])) {
      while (end < text_.size() && is_name_char(text_[end])) ++end;
    }
    return "\"" + printable(text_.substr(pos_, end - pos_)) + "\"";
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool accept(std::string_view token) {
    skip_space();
    if (text_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }

  std::size_t add(Node node) {
    nodes_.push_back(node);
    return nodes_.size() - 1;
  }

  Result<std::size_t> parse_or(int depth) {
    FW_TRY(left, parse_and(depth));
    while (accept("||")) {
      FW_TRY(right, parse_and(depth));
      left = add(Node{Node::Kind::Or, Node::Op::Equal, std::nullopt, 0, true, left, right});
    }
    return left;
  }

  Result<std::size_t> parse_and(int depth) {
    FW_TRY(left, parse_primary(depth));
    while (accept("&&")) {
      FW_TRY(right, parse_primary(depth));
      left = add(Node{Node::Kind::And, Node::Op::Equal, std::nullopt, 0, true, left, right});
    }
    return left;
  }

  Result<std::size_t> parse_primary(int depth) {
    skip_space();
    if (accept("(")) {
      if (depth >= kMaxDepth) return error_at(pos_ - 1, "parentheses nested too deeply");
      FW_TRY(inner, parse_or(depth + 1));
      if (!accept(")")) return error_here("expected \")\"");
      return inner;
    }
    std::size_t left_pos = pos_;
    FW_TRY(left, parse_operand());
    FW_TRY(op, parse_op());
    skip_space();
    std::size_t right_pos = pos_;
    FW_TRY(right, parse_operand());
    if (left.is_result == right.is_result) {
      return error_at(left.is_result ? right_pos : left_pos, left.is_result
                                                                 ? "compare result with a number, not with result"
                                                                 : "a comparison needs result on one side");
    }
    const Operand& metric = left.is_result ? left : right;
    const Operand& literal = left.is_result ? right : left;
    return add(Node{Node::Kind::Compare, op, metric.index, literal.number, left.is_result, 0, 0});
  }

  Result<Node::Op> parse_op() {
    // Two-character operators first, so "<=" is not read as "<".
    if (accept("<=")) return Node::Op::LessEqual;
    if (accept(">=")) return Node::Op::GreaterEqual;
    if (accept("==")) return Node::Op::Equal;
    if (accept("!=")) return Node::Op::NotEqual;
    if (accept("<")) return Node::Op::Less;
    if (accept(">")) return Node::Op::Greater;
    return error_here("expected a comparison (<, <=, >, >=, ==, !=)");
  }

  Result<Operand> parse_operand() {
    skip_space();
    if (pos_ < text_.size() && is_name_char(text_[pos_]) && !is_digit(text_[pos_])) return parse_result();
    return parse_number();
  }

  Result<Operand> parse_result() {
    std::size_t start = pos_;
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    std::string_view name = text_.substr(start, pos_ - start);
    if (name != "result") {
      return error_at(start, "unknown name \"" + printable(name) + "\"; a condition compares result or result[N]");
    }
    Operand out{true, std::nullopt, 0};
    if (pos_ < text_.size() && text_[pos_] == '[') {
      ++pos_;
      std::size_t digits = pos_;
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
      std::size_t index = 0;
      auto [ptr, ec] = std::from_chars(text_.data() + digits, text_.data() + pos_, index);
      if (digits == pos_ || ec != std::errc() || ptr != text_.data() + pos_) {
        pos_ = digits;
        return error_here("expected a series index (0, 1, ...)");
      }
      if (pos_ >= text_.size() || text_[pos_] != ']') return error_here("expected \"]\"");
      ++pos_;
      out.index = index;
    }
    return out;
  }

  std::size_t skip_digits() {
    std::size_t start = pos_;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    return pos_ - start;
  }

  Result<Operand> parse_number() {
    std::size_t start = pos_;
    bool negative = pos_ < text_.size() && text_[pos_] == '-';
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
    std::size_t digits_start = pos_;
    if (skip_digits() == 0) return error_here("expected a number or result");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (skip_digits() == 0) return error_here("expected digits after the decimal point");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
      if (skip_digits() == 0) return error_here("expected the digits of the exponent");
    }
    if (pos_ < text_.size() && is_name_char(text_[pos_])) return error_here("expected a space or an operator");
    double number = 0;
    auto [ptr, ec] = std::from_chars(text_.data() + digits_start, text_.data() + pos_, number);
    if (ec != std::errc() || ptr != text_.data() + pos_ || !std::isfinite(number)) {
      return error_at(start, "number \"" + printable(text_.substr(start, pos_ - start)) + "\" is out of range");
    }
    return Operand{false, std::nullopt, negative ? -number : number};
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<Node> nodes_;
};

std::string reference_name(const std::optional<std::size_t>& index) {
  return index ? "result[" + std::to_string(*index) + "]" : "result";
}

// The value a comparison reads, or why the measurement cannot be judged.
Result<double> resolve(const MetricValue& value, const std::optional<std::size_t>& index) {
  const std::size_t n = value.values.size();
  if (n == 0) return transient("the query returned no data");
  if (!index && n > 1) {
    return invalid_input("the query returned " + std::to_string(n) + " series: index the result (result[0])");
  }
  std::size_t i = index.value_or(0);
  if (i >= n) {
    return invalid_input(reference_name(index) + " is out of range: the query returned " + std::to_string(n) +
                         (n == 1 ? " series" : " series (result[0] to result[" + std::to_string(n - 1) + "])"));
  }
  double v = value.values[i];
  if (std::isnan(v)) return transient(reference_name(index) + " is NaN");
  if (std::isinf(v)) return transient(reference_name(index) + " is " + format_number(v));
  return v;
}

bool compare(double a, Node::Op op, double b) {
  switch (op) {
    case Node::Op::Less:
      return a < b;
    case Node::Op::LessEqual:
      return a <= b;
    case Node::Op::Greater:
      return a > b;
    case Node::Op::GreaterEqual:
      return a >= b;
    case Node::Op::Equal:
      return a == b;
    case Node::Op::NotEqual:
      return a != b;
  }
  return false;
}

}  // namespace

Result<Condition> Condition::parse(std::string_view text) {
  Parser parser(text);
  FW_TRY(nodes, parser.parse());
  Condition c;
  c.text_ = std::string(text);
  c.nodes_ = std::move(nodes);
  return c;
}

Result<bool> Condition::evaluate(const MetricValue& value) const {
  if (nodes_.empty()) return internal_error("the condition was not parsed");
  // Check every referenced value before evaluating anything (see the header).
  std::vector<double> operand(nodes_.size(), 0.0);
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].kind != Node::Kind::Compare) continue;
    FW_TRY(v, resolve(value, nodes_[i].index));
    operand[i] = v;
  }
  std::vector<bool> holds(nodes_.size(), false);
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    switch (n.kind) {
      case Node::Kind::Compare:
        holds[i] = n.result_on_left ? compare(operand[i], n.op, n.number) : compare(n.number, n.op, operand[i]);
        break;
      case Node::Kind::And:
        holds[i] = holds[n.left] && holds[n.right];
        break;
      case Node::Kind::Or:
        holds[i] = holds[n.left] || holds[n.right];
        break;
    }
  }
  return static_cast<bool>(holds.back());
}

}  // namespace fleetwave
