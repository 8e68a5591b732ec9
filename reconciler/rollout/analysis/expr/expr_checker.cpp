// The expr type checker (see expr_checker.h), mirroring expr-lang/expr v1.17's checker/checker.go
// node by node and checker/nature's ComparableTo / MaybeCompatible / AssignableTo. Hand-written
// for exactness to expr-lang/expr as Argo Rollouts runs it; no C++ library implements expr.
#include "rollout/analysis/expr/expr_checker.h"

#include <optional>
#include <regex>
#include <vector>

namespace fleetwave {
namespace {

using TypeKind = ExprType::Kind;

ExprType any_type() { return ExprType{}; }
ExprType of(TypeKind kind) { return ExprType::of(kind); }

// nature.go AssignableTo, for the types an Argo Rollouts condition can meet.
bool assignable(const ExprType& from, const ExprType& to) {
  if (to.unknown()) return true;
  if (from.is(TypeKind::Nil)) return to.is(TypeKind::Array) || to.is(TypeKind::Map) || to.is(TypeKind::Func);
  if (from.kind != to.kind || from.unknown()) return false;
  if (from.is(TypeKind::Array) || from.is(TypeKind::Map)) return from.name() == to.name();
  return true;
}

// nature.go ComparableTo.
bool comparable(const ExprType& l, const ExprType& r) {
  return l.unknown() || r.unknown() || l.is(TypeKind::Nil) || r.is(TypeKind::Nil) || (l.number() && r.number()) ||
         (l.is(TypeKind::Array) && r.is(TypeKind::Array)) || assignable(l, r);
}

// nature.go MaybeCompatible: one side unknown and the other of an allowed kind.
bool maybe(const ExprType& l, const ExprType& r, std::initializer_list<TypeKind> kinds) {
  auto any_of = [&](const ExprType& t) {
    for (TypeKind k : kinds) {
      if (t.kind == k || (k == TypeKind::Float && t.is(TypeKind::Int))) return true;
    }
    return false;
  };
  return (l.unknown() && r.unknown()) || (l.unknown() && any_of(r)) || (r.unknown() && any_of(l));
}

// Go's numeric promotion (Nature.PromoteNumericNature): int op int is int, anything else float64.
ExprType promote(const ExprType& l, const ExprType& r) {
  return l.is(TypeKind::Int) && r.is(TypeKind::Int) ? of(TypeKind::Int) : of(TypeKind::Float);
}

class Checker {
 public:
  Checker(const ExprTree& tree, const ExprValue& result) : tree_(tree), result_(ExprType::of_value(result)) {}

  Result<ExprType> visit(int index) { return walk_node(*this, tree_.at(index)); }

  // The handlers walk_node (expr_syntax.h) calls, one per node kind.
  Result<ExprType> literal(const ExprNode& node) {
    switch (node.kind) {
      case NodeKind::Nil:
        return of(TypeKind::Nil);
      case NodeKind::Bool:
        return of(TypeKind::Bool);
      case NodeKind::Integer:
        return of(TypeKind::Int);
      case NodeKind::Float:
        return of(TypeKind::Float);
      default:
        return of(TypeKind::String);
    }
  }
  static Error error(const std::string& message) { return invalid_input(message); }

  Result<ExprType> identifier(const ExprNode& node) {
    if (node.text == "result") return result_;
    for (const char* name : {"asInt", "asFloat", "isNaN", "isInf", "isNil", "default"}) {
      if (node.text == name) return of(TypeKind::Func);
    }
    return error("unknown name " + node.text);  // checker.go ident, with Strict env
  }

  // checker.go pointerNode.
  Result<ExprType> pointer(const ExprNode& node) {
    if (scopes_.empty()) return error("cannot use pointer accessor outside predicate");
    const Scope& scope = scopes_.back();
    if (node.text.empty()) {
      if (scope.collection.unknown()) return any_type();
      if (scope.collection.is(TypeKind::Array)) return scope.collection.element();
      return error("cannot use " + scope.collection.name() + " as array");
    }
    if (node.text == "index" && scope.has_index) return of(TypeKind::Int);
    return error("unknown pointer #" + node.text);
  }

  // checker.go unaryNode.
  Result<ExprType> unary(const ExprNode& node) {
    FW_TRY(operand, visit(node.children[0]));
    if (node.text == "!" || node.text == "not") {
      if (operand.is(TypeKind::Bool) || operand.unknown()) return of(TypeKind::Bool);
    } else if (operand.number() || operand.unknown()) {
      return operand;
    }
    return error("invalid operation: " + node.text + " (mismatched type " + operand.name() + ")");
  }

  Result<ExprType> binary(const ExprNode& node) {
    FW_TRY(l, visit(node.children[0]));
    FW_TRY(r, visit(node.children[1]));
    const std::string& op = node.text;
    if (op == "in") return in(l, r);
    if (op == "??") return coalesce(l, r);
    if (op == "matches") {
      const ExprNode& pattern = tree_.at(node.children[1]);
      if (pattern.kind == NodeKind::String) FW_CHECK(check_regex(pattern.text));
    }
    std::optional<ExprType> type = binary_type(op, l, r);
    if (type) return *type;
    return error("invalid operation: " + op + " (mismatched types " + l.name() + " and " + r.name() + ")");
  }

  // checker.go binaryNode, every operator but `in` and `??`.
  static std::optional<ExprType> binary_type(const std::string& op, const ExprType& l, const ExprType& r) {
    const ExprType boolean = of(TypeKind::Bool);
    if (op == "==" || op == "!=") {
      if (comparable(l, r)) return boolean;
    } else if (op == "or" || op == "||" || op == "and" || op == "&&") {
      if ((l.is(TypeKind::Bool) && r.is(TypeKind::Bool)) || maybe(l, r, {TypeKind::Bool})) return boolean;
    } else if (op == "<" || op == ">" || op == "<=" || op == ">=") {
      if ((l.number() && r.number()) || (l.is(TypeKind::String) && r.is(TypeKind::String))) return boolean;
      if (maybe(l, r, {TypeKind::Float, TypeKind::String})) return boolean;
    } else if (op == "-" || op == "*") {
      if (l.number() && r.number()) return promote(l, r);
      if (maybe(l, r, {TypeKind::Float})) return any_type();
    } else if (op == "+") {
      if (l.number() && r.number()) return promote(l, r);
      if (l.is(TypeKind::String) && r.is(TypeKind::String)) return of(TypeKind::String);
      if (maybe(l, r, {TypeKind::Float, TypeKind::String})) return any_type();
    } else if (op == "/" || op == "**" || op == "^") {
      if ((l.number() && r.number()) || maybe(l, r, {TypeKind::Float})) return of(TypeKind::Float);
    } else if (op == "%") {
      if ((l.is(TypeKind::Int) && r.is(TypeKind::Int)) || maybe(l, r, {TypeKind::Int})) return of(TypeKind::Int);
    } else if (op == "matches" || op == "contains" || op == "startsWith" || op == "endsWith") {
      if ((l.is(TypeKind::String) && r.is(TypeKind::String)) || maybe(l, r, {TypeKind::String})) return boolean;
    } else if (op == "..") {
      if ((l.is(TypeKind::Int) && r.is(TypeKind::Int)) || maybe(l, r, {TypeKind::Int}))
        return ExprType::array_of(of(TypeKind::Int));
    }
    return std::nullopt;
  }

  // checker.go binaryNode, case "in".
  static Result<ExprType> in(const ExprType& l, const ExprType& r) {
    const ExprType boolean = of(TypeKind::Bool);
    if (r.is(TypeKind::Map)) {
      if (!l.unknown() && !l.is(TypeKind::String)) {
        return error("cannot use " + l.name() + " as type string in map key");
      }
      return boolean;
    }
    if (r.is(TypeKind::Array)) {
      if (!comparable(l, r.element())) {
        return error("cannot use " + l.name() + " as type " + r.element().name() + " in array");
      }
      return boolean;
    }
    if (r.unknown() || (l.unknown() && r.is(TypeKind::String))) return boolean;
    return error("invalid operation: in (mismatched types " + l.name() + " and " + r.name() + ")");
  }

  // checker.go binaryNode, case "??".
  static Result<ExprType> coalesce(const ExprType& l, const ExprType& r) {
    if (l.is(TypeKind::Nil)) return r;
    if (r.is(TypeKind::Nil)) return l;
    if (assignable(r, l)) return l;
    return any_type();
  }

  static Status<> check_regex(const std::string& pattern) {
    try {
      std::regex compiled(pattern);
      (void)compiled;
    } catch (const std::regex_error& e) {
      return error("error parsing regexp: " + std::string(e.what()) + ": `" + pattern + "`");
    }
    return ok_status();
  }

  // checker.go memberNode.
  Result<ExprType> member(const ExprNode& node) {
    FW_TRY(base, visit(node.children[0]));
    FW_TRY(property, visit(node.children[1]));
    const ExprNode& name = tree_.at(node.children[1]);
    if (base.unknown()) return any_type();
    const bool named = name.kind == NodeKind::String;
    if (named && base.is(TypeKind::Nil)) return error("type nil has no field " + name.text);
    if (base.is(TypeKind::Map)) {
      if (!property.is(TypeKind::String) && !property.unknown()) {
        return error("cannot use " + property.name() + " to get an element from " + base.name());
      }
      return base.element();
    }
    if (base.is(TypeKind::Array)) {
      if (!property.is(TypeKind::Int) && !property.unknown()) {
        return error("array elements can only be selected using an integer (got " + property.name() + ")");
      }
      return base.element();
    }
    if (named) return error("type " + base.name() + " has no field " + name.text);
    return error("type " + base.name() + "[" + property.name() + "] is undefined");
  }

  // checker.go sliceNode.
  Result<ExprType> slice(const ExprNode& node) {
    FW_TRY(base, visit(node.children[0]));
    if (base.unknown()) return any_type();
    if (!base.is(TypeKind::String) && !base.is(TypeKind::Array)) return error("cannot slice " + base.name());
    for (std::size_t i = 1; i <= 2; ++i) {
      if (node.children[i] < 0) continue;
      FW_TRY(bound, visit(node.children[i]));
      if (!bound.is(TypeKind::Int) && !bound.unknown()) return error("non-integer slice index " + bound.name());
    }
    return base;
  }

  Result<ExprType> method_call(const ExprNode& node) {
    FW_TRY(receiver, visit(node.children[0]));
    if (receiver.unknown()) return any_type();
    return error("type " + receiver.name() + " has no method " + node.text);
  }

  // checker.go conditionalNode.
  Result<ExprType> conditional(const ExprNode& node) {
    FW_TRY(condition, visit(node.children[0]));
    if (!condition.is(TypeKind::Bool) && !condition.unknown()) {
      return error("non-bool expression (type " + condition.name() + ") used as condition");
    }
    FW_TRY(first, visit(node.children[1]));
    FW_TRY(second, visit(node.children[2]));
    if (first.is(TypeKind::Nil)) return second;
    if (second.is(TypeKind::Nil)) return first;
    if (assignable(first, second) && !first.unknown()) return first;
    return any_type();
  }

  // checker.go arrayNode: a literal whose elements share a kind knows its element type.
  Result<ExprType> array(const ExprNode& node) {
    ExprType previous;
    bool same = true;
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      FW_TRY(item, visit(node.children[i]));
      if (i > 0 && item.kind != previous.kind) same = false;
      previous = item;
    }
    return same ? ExprType::array_of(previous) : ExprType::array_of(any_type());
  }

  Result<ExprType> map(const ExprNode& node) {
    for (int child : node.children) FW_CHECK(visit(child));
    return ExprType{TypeKind::Map, nullptr};
  }

  Result<ExprType> call(const ExprNode& node);
  Result<ExprType> env_call(const ExprNode& node, const std::vector<ExprType>& args);
  Result<ExprType> builtin_call(const ExprNode& node, const std::vector<ExprType>& args);
  Result<ExprType> predicate_call(const ExprNode& node);

  struct Scope {
    ExprType collection;
    bool has_index = false;
  };

 private:
  const ExprTree& tree_;
  ExprType result_;
  std::vector<Scope> scopes_;
};

// As checker.go callNode/checkArguments for Rollouts' env functions and builtinNode/Validate for
// expr's builtins; predicate builtins as checker.go builtinNode's per-name cases.
Result<ExprType> Checker::call(const ExprNode& node) {
  static const std::vector<std::string> kPredicates = {
      "all", "none", "any", "one", "filter", "map", "count", "sum", "find", "findIndex", "findLast", "findLastIndex"};
  for (const std::string& name : kPredicates) {
    if (node.text == name) return predicate_call(node);
  }
  std::vector<ExprType> args;
  for (int child : node.children) {
    FW_TRY(arg, visit(child));
    args.push_back(arg);
  }
  for (const char* name : {"asInt", "asFloat", "isNaN", "isInf", "isNil", "default"}) {
    if (node.text == name) return env_call(node, args);
  }
  return builtin_call(node, args);
}

Result<ExprType> Checker::env_call(const ExprNode& node, const std::vector<ExprType>& args) {
  const std::string& name = node.text;
  const std::size_t want = name == "default" ? 2 : 1;
  if (args.size() < want) return error("not enough arguments to call " + name);
  if (args.size() > want) return error("too many arguments to call " + name);
  if (name == "isNaN" || name == "isInf") {
    // checkArguments: an integer literal becomes a float64; other types must be float64.
    const bool literal = tree_.at(node.children[0]).kind == NodeKind::Integer;
    if (!args[0].is(TypeKind::Float) && !args[0].unknown() && !literal) {
      return error("cannot use " + args[0].name() + " as argument (type float64) to call " + name);
    }
    return of(TypeKind::Bool);
  }
  if (name == "isNil") return of(TypeKind::Bool);
  if (name == "asInt") return of(TypeKind::Int);
  if (name == "asFloat") return of(TypeKind::Float);
  return any_type();  // default returns `any`
}

Result<ExprType> Checker::builtin_call(const ExprNode& node, const std::vector<ExprType>& args) {
  const std::string& name = node.text;
  const bool aggregate = name == "max" || name == "min";
  const bool trim = name == "trim";
  if (!aggregate && !trim && args.size() != 1) {
    return error("invalid number of arguments (expected 1, got " + std::to_string(args.size()) + ")");
  }
  const ExprType arg = args.empty() ? any_type() : args[0];
  const bool numeric = arg.number() || arg.unknown();
  if (name == "len") {
    if (arg.is(TypeKind::Array) || arg.is(TypeKind::Map) || arg.is(TypeKind::String) || arg.unknown())
      return of(TypeKind::Int);
    return error("invalid argument for len (type " + arg.name() + ")");
  }
  if (name == "abs" || name == "ceil" || name == "floor" || name == "round") {
    if (!numeric) return error("invalid argument for " + name + " (type " + arg.name() + ")");
    return name == "abs" ? arg : of(TypeKind::Float);
  }
  if (name == "int" || name == "float") {
    if (!numeric && !arg.is(TypeKind::String))
      return error("invalid argument for " + name + " (type " + arg.name() + ")");
    return of(name == "int" ? TypeKind::Int : TypeKind::Float);
  }
  if (name == "string") return of(TypeKind::String);
  if (name == "lower" || name == "upper" || trim) {
    if (args.empty() || args.size() > (trim ? 2u : 1u)) return error("too many arguments to call " + name);
    for (const ExprType& a : args) {
      if (!a.is(TypeKind::String) && !a.unknown()) {
        return error("cannot use " + a.name() + " as argument (type string) to call " + name);
      }
    }
    return of(TypeKind::String);
  }
  if (aggregate) {
    if (args.empty()) return error("not enough arguments to call " + name);
    return any_type();
  }
  if (name == "first" || name == "last") {
    if (arg.unknown()) return any_type();
    if (arg.is(TypeKind::Array)) return arg.element();
    return error("cannot get " + name + " element from " + arg.name());
  }
  return error("unknown name " + name);
}

// checker.go builtinNode: all/none/any/one/filter/map/count/sum/find*.
Result<ExprType> Checker::predicate_call(const ExprNode& node) {
  const std::string& name = node.text;
  FW_TRY(collection, visit(node.children[0]));
  if (!collection.is(TypeKind::Array) && !collection.unknown()) {
    return error("builtin " + name + " takes only array (got " + collection.name() + ")");
  }
  if (node.children.size() < 2) return name == "count" ? of(TypeKind::Int) : collection.element();
  scopes_.push_back(Scope{collection, name == "map"});
  auto body = visit(node.children[1]);
  scopes_.pop_back();
  if (!body.ok()) return body;
  const ExprType out = body.value();
  if (name == "map") return ExprType::array_of(out);
  if (name == "sum") return out.number() ? out : any_type();
  if (!out.is(TypeKind::Bool) && !out.unknown()) {
    return error("predicate should return boolean (got " + out.name() + ")");
  }
  if (name == "filter") return collection.unknown() ? ExprType::array_of(any_type()) : collection;
  if (name == "count" || name == "findIndex" || name == "findLastIndex") return of(TypeKind::Int);
  if (name == "find" || name == "findLast") return collection.element();
  return of(TypeKind::Bool);
}

}  // namespace

ExprType ExprType::of_value(const ExprValue& value) {
  switch (value.kind()) {
    case ExprValue::Kind::Nil:
      return of(TypeKind::Nil);
    case ExprValue::Kind::Bool:
      return of(TypeKind::Bool);
    case ExprValue::Kind::Int:
      return of(TypeKind::Int);
    case ExprValue::Kind::Float:
      return of(TypeKind::Float);
    case ExprValue::Kind::String:
      return of(TypeKind::String);
    case ExprValue::Kind::Array:
      return ExprType::array_of(value.has_float_elements() ? of(TypeKind::Float) : any_type());
    case ExprValue::Kind::Map:
      return ExprType{TypeKind::Map, nullptr};
  }
  return any_type();
}

std::string ExprType::name() const {
  switch (kind) {
    case TypeKind::Unknown:
      return "interface {}";
    case TypeKind::Nil:
      return "unknown";  // expr's Nature.String for a nil: it has no reflect.Type
    case TypeKind::Bool:
      return "bool";
    case TypeKind::Int:
      return "int";
    case TypeKind::Float:
      return "float64";
    case TypeKind::String:
      return "string";
    case TypeKind::Array:
      return elem && elem->is(TypeKind::Float) ? "[]float64" : "[]interface {}";
    case TypeKind::Map:
      return "map[string]interface {}";
    case TypeKind::Func:
      return "func";
  }
  return "unknown";
}

Status<> check_expr(const ExprTree& tree, const ExprValue& result) {
  Checker checker(tree, result);
  FW_TRY(type, checker.visit(tree.root));
  (void)type;
  return ok_status();
}

}  // namespace fleetwave
