// The expr parser: a precedence-climbing parser that mirrors expr-lang/expr v1.17's
// parser/parser.go (parseExpression, parsePrimary, parseSecondary, parsePostfixExpression,
// parseComparison, parseConditional) and its operator table (parser/operator/operator.go).
// Hand-written for exactness to expr-lang/expr as Argo Rollouts runs it; no C++ library
// implements expr.
#include <cerrno>
#include <cstdlib>

#include "rollout/analysis/expr/expr_syntax.h"

namespace fleetwave {
namespace {

struct OperatorInfo {
  std::string_view name;
  int precedence;
  bool right_associative;
};

// As operator.go Binary.
constexpr OperatorInfo kBinaryOperators[] = {
    {"|", 0, false},        {"or", 10, false},       {"||", 10, false},         {"and", 15, false},
    {"&&", 15, false},      {"==", 20, false},       {"!=", 20, false},         {"<", 20, false},
    {">", 20, false},       {">=", 20, false},       {"<=", 20, false},         {"in", 20, false},
    {"matches", 20, false}, {"contains", 20, false}, {"startsWith", 20, false}, {"endsWith", 20, false},
    {"..", 25, false},      {"+", 30, false},        {"-", 30, false},          {"*", 60, false},
    {"/", 60, false},       {"%", 60, false},        {"**", 100, true},         {"^", 100, true},
    {"??", 500, false},
};

const OperatorInfo* find_binary(std::string_view name) {
  for (const OperatorInfo& op : kBinaryOperators) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

// As operator.go Unary: `not` and `!` bind looser than arithmetic, `-` and `+` tighter.
int unary_precedence(std::string_view name) {
  if (name == "not" || name == "!") return 50;
  if (name == "-" || name == "+") return 90;
  return -1;
}

bool is_comparison(std::string_view op) { return op == "<" || op == ">" || op == ">=" || op == "<="; }
bool allows_negation(std::string_view op) {  // operator.go AllowedNegateSuffix
  return op == "contains" || op == "matches" || op == "startsWith" || op == "endsWith" || op == "in";
}

// As parser.go's predicates table: which builtins take a predicate, and whether it is optional.
int predicate_arity(std::string_view name, bool& optional) {
  optional = name == "count" || name == "sum";
  for (std::string_view p : {"all", "none", "any", "one", "filter", "map", "count", "sum", "find", "findIndex",
                             "findLast", "findLastIndex"}) {
    if (p == name) return 2;
  }
  return 0;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  Result<ExprTree> parse() {
    FW_TRY(root, parse_expression(0));
    if (current().is(TokenKind::Operator, ";")) return unsupported("sequences (;)");
    if (!current().is(TokenKind::Eof)) return unexpected();
    tree_.root = root;
    return std::move(tree_);
  }

 private:
  static constexpr int kMaxDepth = 128;

  const Token& current() const { return tokens_[pos_]; }
  const Token& lookahead() const { return tokens_[pos_ + 1 < tokens_.size() ? pos_ + 1 : pos_]; }
  void advance() {
    if (pos_ + 1 < tokens_.size()) ++pos_;
  }
  Error error_at(const Token& token, const std::string& what) const {
    return invalid_input("column " + std::to_string(token.column) + ": " + what);
  }
  Error unexpected() const { return error_at(current(), "unexpected token " + current().describe()); }
  Error unsupported(const std::string& what) const { return error_at(current(), what + " are not supported"); }
  Status<> expect(TokenKind kind, std::string_view value) {
    if (!current().is(kind, value)) return unexpected();
    advance();
    return ok_status();
  }

  int add(NodeKind kind, int column, std::string text = {}, std::vector<int> children = {}) {
    ExprNode node;
    node.kind = kind;
    node.column = column;
    node.text = std::move(text);
    node.children = std::move(children);
    tree_.nodes.push_back(std::move(node));
    return static_cast<int>(tree_.nodes.size()) - 1;
  }

  // As parser.go parseExpression.
  Result<int> parse_expression(int precedence) {
    if (++depth_ > kMaxDepth) return error_at(current(), "expression nested too deeply");
    if (precedence == 0 && (current().is(TokenKind::Operator, "let") || current().is(TokenKind::Operator, "if"))) {
      return unsupported("let and if expressions");
    }
    FW_TRY(left, parse_primary());
    std::string previous;
    while (current().is(TokenKind::Operator)) {
      Token op_token = current();
      const bool negate = op_token.value == "not";
      if (negate) {
        if (!allows_negation(lookahead().value)) {
          advance();
          return unexpected();
        }
        const OperatorInfo* suffix = find_binary(lookahead().value);
        if (suffix->precedence < precedence) break;
        advance();
        op_token = current();
      }
      const OperatorInfo* op = find_binary(op_token.value);
      if (op == nullptr || op->precedence < precedence) break;
      advance();
      if (previous == "??" && op_token.value != "??") {
        return error_at(op_token, "Operator (" + op_token.value +
                                      ") and coalesce expressions (?"
                                      "?) cannot be mixed. Wrap either by parentheses.");
      }
      if (op_token.value == "|") {
        Token name = current();
        if (!name.is(TokenKind::Identifier)) return unexpected();
        advance();
        FW_TRY(call, parse_call(name, {left}));
        left = call;
      } else if (is_comparison(op_token.value)) {
        FW_TRY(chain, parse_comparison(left, op_token, op->precedence));
        left = chain;
      } else {
        FW_TRY(right, parse_expression(op->right_associative ? op->precedence : op->precedence + 1));
        left = add(NodeKind::Binary, op_token.column, op_token.value, {left, right});
        if (negate) left = add(NodeKind::Unary, op_token.column, "not", {left});
      }
      previous = op_token.value;
    }
    if (precedence == 0) {
      FW_TRY(conditional, parse_conditional(left));
      left = conditional;
    }
    --depth_;
    return left;
  }

  // As parser.go parseComparison: `a < b < c` is `a < b && b < c`.
  Result<int> parse_comparison(int left, Token token, int precedence) {
    int root = -1;
    while (true) {
      FW_TRY(comparator, parse_expression(precedence + 1));
      int compare = add(NodeKind::Binary, token.column, token.value, {left, comparator});
      root = root < 0 ? compare : add(NodeKind::Binary, token.column, "&&", {root, compare});
      left = comparator;
      token = current();
      if (!(token.is(TokenKind::Operator) && is_comparison(token.value))) break;
      advance();
    }
    return root;
  }

  // As parser.go parseConditional: `c ? a : b` and the short `a ?: b`.
  Result<int> parse_conditional(int node) {
    while (current().is(TokenKind::Operator, "?")) {
      int column = current().column;
      advance();
      int then_node = node;
      int else_node = -1;
      if (!current().is(TokenKind::Operator, ":")) {
        FW_TRY(first, parse_expression(0));
        FW_CHECK(expect(TokenKind::Operator, ":"));
        FW_TRY(second, parse_expression(0));
        then_node = first;
        else_node = second;
      } else {
        advance();
        FW_TRY(second, parse_expression(0));
        else_node = second;
      }
      node = add(NodeKind::Conditional, column, "", {node, then_node, else_node});
    }
    return node;
  }

  // As parser.go parsePrimary.
  Result<int> parse_primary() {
    const Token token = current();
    if (token.is(TokenKind::Operator) && unary_precedence(token.value) >= 0) {
      advance();
      FW_TRY(operand, parse_expression(unary_precedence(token.value)));
      return parse_postfix(add(NodeKind::Unary, token.column, token.value, {operand}));
    }
    if (token.is(TokenKind::Bracket, "(")) {
      advance();
      FW_TRY(inner, parse_expression(0));
      if (current().is(TokenKind::Operator, ";")) return unsupported("sequences (;)");
      FW_CHECK(expect(TokenKind::Bracket, ")"));
      return parse_postfix(inner);
    }
    if (predicate_depth_ > 0 && (token.is(TokenKind::Operator, "#") || token.is(TokenKind::Operator, "."))) {
      std::string name;
      if (token.value == "#") {
        advance();
        if (current().is(TokenKind::Identifier)) {
          name = current().value;
          advance();
        }
      }
      return parse_postfix(add(NodeKind::Pointer, token.column, name));
    }
    return parse_secondary();
  }

  // As parser.go parseSecondary. Literals true, false, nil and numbers take no postfix.
  Result<int> parse_secondary() {
    const Token token = current();
    int node = -1;
    if (token.is(TokenKind::Identifier)) {
      advance();
      if (token.value == "true" || token.value == "false") {
        node = add(NodeKind::Bool, token.column);
        tree_.nodes[static_cast<std::size_t>(node)].bool_value = token.value == "true";
        return node;
      }
      if (token.value == "nil") return add(NodeKind::Nil, token.column);
      if (current().is(TokenKind::Bracket, "(")) {
        FW_TRY(call, parse_call(token, {}));
        node = call;
      } else {
        node = add(NodeKind::Identifier, token.column, token.value);
      }
    } else if (token.is(TokenKind::Number)) {
      advance();
      return number_node(token);
    } else if (token.is(TokenKind::String)) {
      advance();
      node = add(NodeKind::String, token.column, token.value);
    } else if (token.is(TokenKind::Bracket, "[")) {
      FW_TRY(array, parse_array());
      node = array;
    } else if (token.is(TokenKind::Bracket, "{")) {
      FW_TRY(map, parse_map());
      node = map;
    } else {
      return unexpected();
    }
    return parse_postfix(node);
  }

  // As parseSecondary's Number case: ints are int64, '.' or 'e' makes a float64.
  Result<int> number_node(const Token& token) {
    std::string digits;
    for (char c : token.value) {
      if (c != '_') digits += c;
    }
    std::string lower;
    for (char c : digits) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    int base = 10;
    std::size_t skip = 0;
    if (lower.rfind("0x", 0) == 0) base = 16, skip = 2;
    if (lower.rfind("0b", 0) == 0) base = 2, skip = 2;
    if (lower.rfind("0o", 0) == 0) base = 8, skip = 2;
    if (base == 10 && lower.find_first_of(".e") != std::string::npos) {
      int node = add(NodeKind::Float, token.column);
      tree_.nodes[static_cast<std::size_t>(node)].float_value = std::strtod(digits.c_str(), nullptr);
      return node;
    }
    errno = 0;
    char* end = nullptr;
    long long value = std::strtoll(digits.c_str() + skip, &end, base);
    if (errno == ERANGE || end == digits.c_str() + skip || *end != '\0') {
      return error_at(token, "invalid integer literal: strconv.ParseInt: parsing \"" + digits +
                                 "\": " + (errno == ERANGE ? "value out of range" : "invalid syntax"));
    }
    int node = add(NodeKind::Integer, token.column);
    tree_.nodes[static_cast<std::size_t>(node)].int_value = value;
    return node;
  }

  // As parser.go parseCall: predicate builtins take `{...}` or a bare predicate.
  Result<int> parse_call(const Token& name, std::vector<int> arguments) {
    bool optional = false;
    int arity = predicate_arity(name.value, optional);
    if (arity == 0) {
      FW_TRY(rest, parse_arguments(std::move(arguments)));
      return add(NodeKind::Call, name.column, name.value, std::move(rest));
    }
    FW_CHECK(expect(TokenKind::Bracket, "("));
    for (std::size_t i = arguments.size(); i < static_cast<std::size_t>(arity); ++i) {
      const bool is_predicate = i == 1;
      if (is_predicate && optional && current().is(TokenKind::Bracket, ")")) break;
      if (current().is(TokenKind::Bracket, ")")) {
        return error_at(current(), "expected at least " + std::to_string(arity) + " arguments");
      }
      if (i > 0) FW_CHECK(expect(TokenKind::Operator, ","));
      FW_TRY(argument, is_predicate ? parse_predicate() : parse_expression(0));
      arguments.push_back(argument);
    }
    if (current().is(TokenKind::Operator, ",")) advance();
    FW_CHECK(expect(TokenKind::Bracket, ")"));
    return add(NodeKind::Call, name.column, name.value, std::move(arguments));
  }

  Result<std::vector<int>> parse_arguments(std::vector<int> arguments) {
    const std::size_t offset = arguments.size();
    FW_CHECK(expect(TokenKind::Bracket, "("));
    while (!current().is(TokenKind::Bracket, ")")) {
      if (arguments.size() > offset) FW_CHECK(expect(TokenKind::Operator, ","));
      if (current().is(TokenKind::Bracket, ")")) break;
      FW_TRY(argument, parse_expression(0));
      arguments.push_back(argument);
    }
    FW_CHECK(expect(TokenKind::Bracket, ")"));
    return arguments;
  }

  // As parser.go parsePredicate.
  Result<int> parse_predicate() {
    const Token start = current();
    const bool braces = start.is(TokenKind::Bracket, "{");
    if (braces) advance();
    ++predicate_depth_;
    FW_TRY(body, parse_expression(0));
    --predicate_depth_;
    if (current().is(TokenKind::Operator, ";")) {
      if (!braces) return error_at(current(), "wrap predicate with brackets { and }");
      return unsupported("sequences (;)");
    }
    if (braces) FW_CHECK(expect(TokenKind::Bracket, "}"));
    return add(NodeKind::Predicate, start.column, "", {body});
  }

  Result<int> parse_array() {
    const int column = current().column;
    FW_CHECK(expect(TokenKind::Bracket, "["));
    std::vector<int> items;
    while (!current().is(TokenKind::Bracket, "]")) {
      if (!items.empty()) {
        FW_CHECK(expect(TokenKind::Operator, ","));
        if (current().is(TokenKind::Bracket, "]")) break;
      }
      FW_TRY(item, parse_expression(0));
      items.push_back(item);
    }
    FW_CHECK(expect(TokenKind::Bracket, "]"));
    return add(NodeKind::Array, column, "", std::move(items));
  }

  // As parser.go parseMapExpression: a key is a string, a number, a name, or `(expression)`.
  Result<int> parse_map() {
    const int column = current().column;
    FW_CHECK(expect(TokenKind::Bracket, "{"));
    std::vector<int> pairs;
    while (!current().is(TokenKind::Bracket, "}")) {
      if (!pairs.empty()) {
        FW_CHECK(expect(TokenKind::Operator, ","));
        if (current().is(TokenKind::Bracket, "}")) break;
        if (current().is(TokenKind::Operator, ",")) return unexpected();
      }
      int key = -1;
      const Token& token = current();
      if (token.is(TokenKind::Number) || token.is(TokenKind::String) || token.is(TokenKind::Identifier)) {
        key = add(NodeKind::String, token.column, token.value);
        advance();
      } else if (token.is(TokenKind::Bracket, "(")) {
        FW_TRY(expression, parse_expression(0));
        key = expression;
      } else {
        return error_at(token,
                        "a map key must be a quoted string, a number, a identifier, or an expression enclosed in "
                        "parentheses (unexpected token " +
                            token.describe() + ")");
      }
      FW_CHECK(expect(TokenKind::Operator, ":"));
      FW_TRY(value, parse_expression(0));
      pairs.push_back(key);
      pairs.push_back(value);
    }
    FW_CHECK(expect(TokenKind::Bracket, "}"));
    return add(NodeKind::Map, column, "", std::move(pairs));
  }

  // As parser.go parsePostfixExpression: `.name`, `?.name`, `.method()`, `[index]`, `[from:to]`.
  Result<int> parse_postfix(int node) {
    while (true) {
      const Token token = current();
      if (token.is(TokenKind::Operator, ".") || token.is(TokenKind::Operator, "?.")) {
        advance();
        const Token property = current();
        advance();
        if (property.kind != TokenKind::Identifier &&
            (property.kind != TokenKind::Operator || !is_name_word(property.value))) {
          return error_at(property, "expected name");
        }
        int name = add(NodeKind::String, property.column, property.value);
        if (current().is(TokenKind::Bracket, "(")) {
          FW_TRY(arguments, parse_arguments({node}));
          node = add(NodeKind::MethodCall, property.column, property.value, std::move(arguments));
        } else {
          node = add(NodeKind::Member, property.column, "", {node, name});
          tree_.nodes[static_cast<std::size_t>(node)].bool_value = token.value == "?.";  // optional
        }
      } else if (token.is(TokenKind::Bracket, "[")) {
        FW_TRY(indexed, parse_index(node, token));
        node = indexed;
      } else {
        return node;
      }
    }
  }

  static bool is_name_word(const std::string& word) {
    return !word.empty() && ((word[0] >= 'a' && word[0] <= 'z') || (word[0] >= 'A' && word[0] <= 'Z'));
  }

  Result<int> parse_index(int node, const Token& bracket) {
    advance();
    int from = -1;
    if (!current().is(TokenKind::Operator, ":")) {
      FW_TRY(index, parse_expression(0));
      from = index;
      if (!current().is(TokenKind::Operator, ":")) {
        FW_CHECK(expect(TokenKind::Bracket, "]"));
        return add(NodeKind::Member, bracket.column, "", {node, from});
      }
    }
    advance();  // ':'
    int to = -1;
    if (!current().is(TokenKind::Bracket, "]")) {
      FW_TRY(end, parse_expression(0));
      to = end;
    }
    FW_CHECK(expect(TokenKind::Bracket, "]"));
    return add(NodeKind::Slice, bracket.column, "", {node, from, to});
  }

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  int predicate_depth_ = 0;
  ExprTree tree_;
};

}  // namespace

Result<ExprTree> parse_expr(std::string_view text) {
  FW_TRY(tokens, lex_expr(text));
  return Parser(std::move(tokens)).parse();
}

}  // namespace fleetwave
