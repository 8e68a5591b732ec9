// The expr evaluator (see expr_evaluator.h): walks the flat tree with the semantics of
// expr-lang/expr v1.17's compiler/compiler.go and vm/vm.go (short-circuit && and ||, `??`,
// predicates with `#`). Hand-written for exactness to expr-lang/expr as Argo Rollouts runs it; no
// C++ library implements expr.
#include "rollout/analysis/expr/expr_evaluator.h"

#include <regex>

#include "rollout/analysis/expr/expr_runtime.h"

namespace fleetwave {
namespace {

using Kind = ExprValue::Kind;

class Evaluator {
 public:
  Evaluator(const ExprTree& tree, const ExprValue& result) : tree_(tree), result_(result) {}

  Result<ExprValue> visit(int index) { return walk_node(*this, tree_.at(index)); }

  // The handlers walk_node (expr_syntax.h) calls, one per node kind.
  Result<ExprValue> identifier(const ExprNode& node) {
    if (node.text == "result") return result_;
    return invalid_input("unknown name " + node.text);
  }

  Result<ExprValue> literal(const ExprNode& node) {
    switch (node.kind) {
      case NodeKind::Bool:
        return ExprValue::boolean(node.bool_value);
      case NodeKind::Integer:
        return ExprValue::integer(node.int_value);
      case NodeKind::Float:
        return ExprValue::number(node.float_value);
      case NodeKind::String:
        return ExprValue::string(node.text);
      default:
        return ExprValue::nil();
    }
  }
  struct Scope {
    ExprValue element;
    std::int64_t index = 0;
  };

  Result<ExprValue> pointer(const ExprNode& node) {
    if (scopes_.empty()) return invalid_input("cannot use pointer accessor outside predicate");
    if (node.text.empty()) return scopes_.back().element;
    return ExprValue::integer(scopes_.back().index);  // #index; the checker rejects other names
  }

  Result<ExprValue> unary(const ExprNode& node) {
    FW_TRY(operand, visit(node.children[0]));
    if (node.text == "-") return expr_negate(operand);
    if (node.text == "+") return operand;  // compiler.go emits nothing for unary +
    FW_TRY(value, expr_to_bool(operand));  // vm.go OpNot: vm.pop().(bool)
    return ExprValue::boolean(!value);
  }

  // compiler.go BinaryNode: && || ?? short-circuit, the rest evaluate both sides first.
  Result<ExprValue> binary(const ExprNode& node) {
    const std::string& op = node.text;
    FW_TRY(left, visit(node.children[0]));
    if (op == "&&" || op == "and" || op == "||" || op == "or") {
      FW_TRY(l, expr_to_bool(left));
      const bool is_and = op == "&&" || op == "and";
      if (l != is_and) return ExprValue::boolean(l);
      FW_TRY(right, visit(node.children[1]));
      FW_TRY(r, expr_to_bool(right));
      return ExprValue::boolean(r);
    }
    if (op == "??") {
      if (!left.is_nil()) return left;
      return visit(node.children[1]);
    }
    FW_TRY(right, visit(node.children[1]));
    return apply_binary(op, left, right);
  }

  static Result<ExprValue> apply_binary(const std::string& op, const ExprValue& left, const ExprValue& right) {
    if (op == "==") return ExprValue::boolean(expr_equal(left, right));
    if (op == "!=") return ExprValue::boolean(!expr_equal(left, right));
    if (op == "<" || op == ">" || op == "<=" || op == ">=") {
      FW_TRY(value, expr_compare(op, left, right));
      return ExprValue::boolean(value);
    }
    if (op == "in") {
      FW_TRY(value, expr_in(left, right));
      return ExprValue::boolean(value);
    }
    if (op == "matches" || op == "contains" || op == "startsWith" || op == "endsWith") {
      return string_operator(op, left, right);
    }
    if (op == "..") {
      FW_TRY(low, expr_to_int(left));
      FW_TRY(high, expr_to_int(right));
      ExprValue::Array items;
      for (std::int64_t i = low; i <= high && items.size() < 1000000; ++i) items.push_back(ExprValue::integer(i));
      return ExprValue::array(std::move(items));
    }
    return expr_arithmetic(op, left, right);
  }

  // vm.go OpMatches / OpContains / OpStartsWith / OpEndsWith: both sides asserted to string.
  static Result<ExprValue> string_operator(const std::string& op, const ExprValue& left, const ExprValue& right) {
    for (const ExprValue* side : {&left, &right}) {
      if (side->kind() != Kind::String) {
        const std::string type = side->is_nil() ? "nil" : side->go_type();
        return invalid_input("interface conversion: interface {} is " + type + ", not string");
      }
    }
    const std::string& s = left.as_string();
    const std::string& t = right.as_string();
    if (op == "contains") return ExprValue::boolean(s.find(t) != std::string::npos);
    if (op == "startsWith") return ExprValue::boolean(s.rfind(t, 0) == 0);
    if (op == "endsWith")
      return ExprValue::boolean(s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0);
    try {  // Go's regexp (RE2) approximated by ECMAScript regexes; `matches` finds anywhere in s
      return ExprValue::boolean(std::regex_search(s, std::regex(t)));
    } catch (const std::regex_error& e) {
      return invalid_input("error parsing regexp: " + std::string(e.what()) + ": `" + t + "`");
    }
  }

  Result<ExprValue> member(const ExprNode& node) {
    FW_TRY(base, visit(node.children[0]));
    if (node.bool_value && base.is_nil()) return ExprValue::nil();  // `?.`
    FW_TRY(key, visit(node.children[1]));
    return expr_fetch(base, key);
  }

  Result<ExprValue> slice(const ExprNode& node) {
    FW_TRY(base, visit(node.children[0]));
    ExprValue low;
    ExprValue high;
    if (node.children[1] >= 0) {
      FW_TRY(value, visit(node.children[1]));
      low = value;
    }
    if (node.children[2] >= 0) {
      FW_TRY(value, visit(node.children[2]));
      high = value;
    }
    return expr_slice(base, low, high);
  }

  Result<ExprValue> method_call(const ExprNode& node) {
    FW_TRY(receiver, visit(node.children[0]));
    return invalid_input("cannot fetch " + node.text + " from " + receiver.go_type());
  }

  Result<ExprValue> conditional(const ExprNode& node) {
    FW_TRY(condition, visit(node.children[0]));
    FW_TRY(truth, expr_to_bool(condition));
    return visit(node.children[truth ? 1 : 2]);
  }

  Result<ExprValue> array(const ExprNode& node) {
    ExprValue::Array items;
    for (int child : node.children) {
      FW_TRY(item, visit(child));
      items.push_back(std::move(item));
    }
    return ExprValue::array(std::move(items));
  }

  // vm.go OpMap: keys are asserted to string.
  Result<ExprValue> map(const ExprNode& node) {
    ExprValue::Map entries;
    for (std::size_t i = 0; i + 1 < node.children.size(); i += 2) {
      FW_TRY(key, visit(node.children[i]));
      FW_TRY(value, visit(node.children[i + 1]));
      if (key.kind() != Kind::String) {
        return invalid_input("interface conversion: interface {} is " + key.go_type() + ", not string");
      }
      entries[key.as_string()] = std::move(value);
    }
    return ExprValue::map(std::move(entries));
  }

  Result<ExprValue> call(const ExprNode& node) {
    static const char* const kPredicates[] = {"all",   "none", "any",  "one",       "filter",   "map",
                                              "count", "sum",  "find", "findIndex", "findLast", "findLastIndex"};
    for (const char* name : kPredicates) {
      if (node.text == name) return predicate_call(node);
    }
    std::vector<ExprValue> args;
    for (int child : node.children) {
      FW_TRY(arg, visit(child));
      args.push_back(std::move(arg));
    }
    return call_expr_function(node.text, args, result_);
  }

  Result<ExprValue> predicate_call(const ExprNode& node);
  Result<ExprValue> predicate_at(const ExprNode& node, const ExprValue& item, std::size_t index);
  static Result<ExprValue> without_predicate(const std::string& name, const ExprValue::Array& items);

 private:
  const ExprTree& tree_;
  const ExprValue& result_;
  std::vector<Scope> scopes_;
};

// The predicate's value for one element: `#` is the element, `#index` its position.
Result<ExprValue> Evaluator::predicate_at(const ExprNode& node, const ExprValue& item, std::size_t index) {
  scopes_.push_back(Scope{item, static_cast<std::int64_t>(index)});
  auto output = visit(node.children[1]);
  scopes_.pop_back();
  return output;
}

// count(a) counts the true elements, sum(a) adds them (builtin.go, parser.go optional predicate).
Result<ExprValue> Evaluator::without_predicate(const std::string& name, const ExprValue::Array& items) {
  ExprValue total = ExprValue::integer(0);
  for (const ExprValue& item : items) {
    if (name == "count") {
      FW_TRY(truth, expr_to_bool(item));
      if (truth) total = ExprValue::integer(total.as_int() + 1);
    } else {
      FW_TRY(sum, expr_arithmetic("+", total, item));
      total = sum;
    }
  }
  return total;
}

// compiler.go BuiltinNode for all/none/any/one/filter/map/count/sum/find*: all, any and none stop
// at the first element that decides them, like the compiled loops.
Result<ExprValue> Evaluator::predicate_call(const ExprNode& node) {
  const std::string& name = node.text;
  FW_TRY(collection, visit(node.children[0]));
  if (collection.kind() != Kind::Array) {
    return invalid_input("cannot iterate over " + (collection.is_nil() ? std::string("<nil>") : collection.go_type()));
  }
  const ExprValue::Array& items = collection.as_array();
  if (node.children.size() < 2) return without_predicate(name, items);
  std::int64_t count = 0;
  std::int64_t last_index = -1;
  ExprValue sum = ExprValue::integer(0);
  ExprValue::Array kept;
  for (std::size_t i = 0; i < items.size(); ++i) {
    FW_TRY(output, predicate_at(node, items[i], i));
    if (name == "map") {
      kept.push_back(output);
      continue;
    }
    if (name == "sum") {
      FW_TRY(total, expr_arithmetic("+", sum, output));
      sum = total;
      continue;
    }
    FW_TRY(truth, expr_to_bool(output));
    if (name == "all" && !truth) return ExprValue::boolean(false);
    if (name == "none" && truth) return ExprValue::boolean(false);
    if (name == "any" && truth) return ExprValue::boolean(true);
    if (!truth) continue;
    ++count;
    last_index = static_cast<std::int64_t>(i);
    if (name == "filter") kept.push_back(items[i]);
    if (name == "find") return items[i];
    if (name == "findIndex") return ExprValue::integer(last_index);
  }
  if (name == "all" || name == "none") return ExprValue::boolean(true);
  if (name == "any") return ExprValue::boolean(false);
  if (name == "one") return ExprValue::boolean(count == 1);
  if (name == "count") return ExprValue::integer(count);
  if (name == "sum") return sum;
  if (name == "findIndex" || name == "findLastIndex") return ExprValue::integer(last_index);
  if (name == "find") return ExprValue::nil();
  if (name == "findLast") return last_index < 0 ? ExprValue::nil() : items[static_cast<std::size_t>(last_index)];
  if (name == "filter" && collection.has_float_elements()) {  // filter keeps []float64 typed
    std::vector<double> floats;
    for (const ExprValue& item : kept) floats.push_back(item.as_float());
    return ExprValue::floats(std::move(floats));
  }
  return ExprValue::array(std::move(kept));
}

}  // namespace

Result<ExprValue> evaluate_expr(const ExprTree& tree, const ExprValue& result) {
  Evaluator evaluator(tree, result);
  return evaluator.visit(tree.root);
}

}  // namespace fleetwave
