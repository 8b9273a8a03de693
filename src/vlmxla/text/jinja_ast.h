// Syntax tree of a parsed Jinja template.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "vlmxla/text/jinja_value.h"

namespace vlmxla::text::jinja {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using Body = std::vector<StmtPtr>;

struct Expr {
  enum class Kind {
    kLiteral,    // value
    kName,       // name
    kList,       // items (also tuples)
    kDict,       // keys/items pairs
    kGetAttr,    // a.name
    kGetItem,    // a[b]
    kSlice,      // a[b:c:d], null parts absent
    kCall,       // a(args)
    kFilter,     // a | name(args)
    kTest,       // a is [not] name(args)
    kUnary,      // op a  ("not", "-", "+")
    kBinary,     // a op b (+ - * / // % ** ~ and or in notin)
    kCompare,    // a op b op c ...
    kCondition,  // b if a else c
  };
  Kind kind;
  int line = 0, column = 0;
  Value value;
  std::string name;  // name / attribute / filter / test / operator
  bool negated = false;
  ExprPtr a, b, c;
  std::vector<ExprPtr> items;
  std::vector<ExprPtr> keys;
  std::vector<std::pair<std::string, ExprPtr>> kwargs;
  std::vector<std::string> ops;  // compare chain operators
};

struct MacroParam {
  std::string name;
  ExprPtr default_value;  // may be null
};

struct Stmt {
  enum class Kind {
    kText,         // text
    kOutput,       // {{ expr }}
    kIf,           // conditions[i] -> bodies[i]; else_body
    kFor,          // targets in expr [if cond]: body, else_body
    kSet,          // targets (or ns.attr) = expr
    kSetBlock,     // {% set x %}body{% endset %}
    kMacro,        // name(params) body
    kCallBlock,    // {% call(params) expr %}body
    kFilterBlock,  // {% filter name(args) %}body  (filter stored as expr with a == null)
    kBreak,
    kContinue,
    kGeneration,  // body rendered as is
  };
  Kind kind;
  int line = 0, column = 0;
  std::string text;
  ExprPtr expr;
  ExprPtr cond;
  std::vector<std::string> targets;
  std::string attr;  // for ns.attr assignment
  std::vector<ExprPtr> conditions;
  std::vector<Body> bodies;
  Body body;
  Body else_body;
  std::vector<MacroParam> params;
};

}  // namespace vlmxla::text::jinja
