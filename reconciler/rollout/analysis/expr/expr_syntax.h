// The tokens and the flat syntax tree of the expr language (expr-lang/expr v1.17: parser/lexer and
// ast/node.go). Hand-written for exactness to expr-lang/expr as Argo Rollouts runs it; no C++
// library implements expr.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace fleetwave {

// As expr's lexer/token.go Kind.
enum class TokenKind { Identifier, Number, String, Operator, Bracket, Eof };

struct Token {
  TokenKind kind = TokenKind::Eof;
  std::string value;
  int column = 1;  // 1-based, in runes

  bool is(TokenKind k) const { return kind == k; }
  bool is(TokenKind k, std::string_view v) const { return kind == k && value == v; }
  // As expr's Token.String: `Operator("+")`, `EOF`.
  std::string describe() const;
};

// Splits the text as expr's lexer/state.go does; errors carry the 1-based column.
Result<std::vector<Token>> lex_expr(std::string_view text);

// One node of the tree, as expr's ast/node.go, kept in a flat vector and linked by index.
enum class NodeKind {
  Nil,
  Bool,
  Integer,
  Float,
  String,
  Identifier,   // text: the name
  Pointer,      // `#` (text "") or `#index`, only inside a predicate
  Unary,        // text: operator; children: operand
  Binary,       // text: operator; children: left, right
  Member,       // children: base, property (a String node for `.name`)
  Slice,        // children: base, from (-1: none), to (-1: none)
  Call,         // text: function or builtin name; children: arguments
  MethodCall,   // text: method name; children: receiver, arguments...
  Predicate,    // children: body (one expression, or a sequence via `;`, unsupported)
  Conditional,  // children: condition, then, else
  Array,        // children: elements
  Map,          // children: key, value, key, value...
};

struct ExprNode {
  NodeKind kind = NodeKind::Nil;
  int column = 1;
  std::string text;
  bool bool_value = false;
  std::int64_t int_value = 0;
  double float_value = 0;
  std::vector<int> children;
};

struct ExprTree {
  std::vector<ExprNode> nodes;
  int root = -1;

  const ExprNode& at(int index) const { return nodes[static_cast<std::size_t>(index)]; }
};

// Calls the member of `walker` that handles `node`'s kind: the one table of node kinds that the
// type checker and the evaluator both walk by (as expr's checker and compiler switch on ast
// nodes). Literals (nil, booleans, numbers, strings) go to literal(), a predicate to its body.
template <class Walker>
auto walk_node(Walker& walker, const ExprNode& node) -> decltype(walker.literal(node)) {
  switch (node.kind) {
    case NodeKind::Nil:
    case NodeKind::Bool:
    case NodeKind::Integer:
    case NodeKind::Float:
    case NodeKind::String:
      return walker.literal(node);
    case NodeKind::Identifier:
      return walker.identifier(node);
    case NodeKind::Pointer:
      return walker.pointer(node);
    case NodeKind::Unary:
      return walker.unary(node);
    case NodeKind::Binary:
      return walker.binary(node);
    case NodeKind::Member:
      return walker.member(node);
    case NodeKind::Slice:
      return walker.slice(node);
    case NodeKind::Call:
      return walker.call(node);
    case NodeKind::MethodCall:
      return walker.method_call(node);
    case NodeKind::Predicate:
      return walker.visit(node.children[0]);
    case NodeKind::Conditional:
      return walker.conditional(node);
    case NodeKind::Array:
      return walker.array(node);
    case NodeKind::Map:
      return walker.map(node);
  }
  return walker.literal(node);
}

// As expr's parser.Parse: InvalidInput "column 10: unexpected token Operator(\")\")".
Result<ExprTree> parse_expr(std::string_view text);

}  // namespace fleetwave
