// Recursive-descent parser mirroring jinja2.parser's precedence:
// condexpr > or > and > not > compare > +,- > ~ > *,/,//,% > ** > unary > postfix/filters/tests.
#include "vlmxla/text/jinja_parser.h"

#include <charconv>
#include <cstdlib>
#include <limits>
#include <set>

namespace vlmxla::text::jinja {
namespace {

class Parser {
 public:
  explicit Parser(const std::vector<Token>& tokens) : t_(tokens) {}

  Result<Body> ParseAll() {
    Body body;
    std::string end;
    VLMXLA_RETURN_IF_ERROR(ParseBody(body, {}, end));
    return body;
  }

 private:
  const Token& Peek(size_t ahead = 0) const {
    size_t i = std::min(p_ + ahead, t_.size() - 1);
    return t_[i];
  }
  const Token& Next() {
    const Token& tok = t_[p_];
    if (p_ + 1 < t_.size()) ++p_;
    return tok;
  }
  bool IsOp(const char* op, size_t ahead = 0) const {
    return Peek(ahead).kind == TokenKind::kOperator && Peek(ahead).text == op;
  }
  bool IsName(const char* name, size_t ahead = 0) const {
    return Peek(ahead).kind == TokenKind::kName && Peek(ahead).text == name;
  }

  Status Error(const Token& tok, const std::string& what) const {
    return InvalidArgument("chat template syntax error at line " + std::to_string(tok.line) +
                               ", column " + std::to_string(tok.column) + ": " + what,
                           "chat_template_syntax");
  }
  // jinja2 takes integers of any size; ours are int64, so a larger literal is an error naming it.
  Result<int64_t> IntLiteral(const Token& tok) const {
    int64_t v = 0;
    auto [ptr, ec] = std::from_chars(tok.text.data(), tok.text.data() + tok.text.size(), v);
    if (ec != std::errc()) {
      return Error(tok, "integer literal " + tok.text + " out of range (the largest is " +
                            std::to_string(std::numeric_limits<int64_t>::max()) + ")");
    }
    return v;
  }
  static std::string Describe(const Token& tok) {
    switch (tok.kind) {
      case TokenKind::kEnd: return "end of template";
      case TokenKind::kBlockEnd: return "'%}'";
      case TokenKind::kVarEnd: return "'}}'";
      case TokenKind::kString: return "string literal";
      default: return "'" + tok.text + "'";
    }
  }
  Status Expect(const char* op) {
    if (!IsOp(op))
      return Error(Peek(), std::string("expected '") + op + "', got " + Describe(Peek()));
    Next();
    return Status::Ok();
  }
  Status ExpectBlockEnd() {
    if (Peek().kind != TokenKind::kBlockEnd) {
      return Error(Peek(), "expected end of statement block '%}', got " + Describe(Peek()));
    }
    Next();
    return Status::Ok();
  }
  Result<std::string> ExpectName() {
    if (Peek().kind != TokenKind::kName)
      return Error(Peek(), "expected a name, got " + Describe(Peek()));
    return Next().text;
  }

  struct DepthGuard {
    explicit DepthGuard(int& d) : d_(d) { ++d_; }
    ~DepthGuard() { --d_; }
    int& d_;
  };
  Status CheckDepth(const Token& tok) {
    if (depth_ > kMaxParseDepth) {
      return Error(tok,
                   "template nested deeper than " + std::to_string(kMaxParseDepth) + " levels");
    }
    return Status::Ok();
  }

  // Parses statements until a block whose tag is in `ends`; leaves that tag name in `end`
  // (the block-begin and tag name already consumed).
  Status ParseBody(Body& body, const std::set<std::string>& ends, std::string& end,
                   const Token* opener = nullptr, const char* opener_name = nullptr) {
    DepthGuard guard(depth_);
    VLMXLA_RETURN_IF_ERROR(CheckDepth(Peek()));
    while (true) {
      const Token& tok = Peek();
      if (tok.kind == TokenKind::kEnd) {
        if (ends.empty()) return Status::Ok();
        std::string expected;
        for (const auto& e : ends) expected += (expected.empty() ? "'" : " or '") + e + "'";
        return Error(tok, std::string("unexpected end of template: unclosed '") + opener_name +
                              "' opened at line " + std::to_string(opener->line) + ", column " +
                              std::to_string(opener->column) + " (expected " + expected + ")");
      }
      if (tok.kind == TokenKind::kData) {
        auto s = std::make_unique<Stmt>();
        s->kind = Stmt::Kind::kText;
        s->text = tok.text;
        Next();
        body.push_back(std::move(s));
      } else if (tok.kind == TokenKind::kVarBegin) {
        Next();
        auto s = std::make_unique<Stmt>();
        s->kind = Stmt::Kind::kOutput;
        s->line = tok.line;
        s->column = tok.column;
        VLMXLA_ASSIGN_OR_RETURN(s->expr, ParseTupleOrExpr());
        if (Peek().kind != TokenKind::kVarEnd) {
          return Error(Peek(), "expected end of print statement '}}', got " + Describe(Peek()));
        }
        Next();
        body.push_back(std::move(s));
      } else if (tok.kind == TokenKind::kBlockBegin) {
        Next();
        const Token& name_tok = Peek();
        if (name_tok.kind != TokenKind::kName) return Error(name_tok, "expected a statement name");
        if (ends.count(name_tok.text)) {
          end = name_tok.text;
          Next();
          return Status::Ok();
        }
        VLMXLA_ASSIGN_OR_RETURN(StmtPtr s, ParseStatement(tok));
        body.push_back(std::move(s));
      } else {
        return Error(tok, "unexpected " + Describe(tok));
      }
    }
  }

  Result<StmtPtr> ParseStatement(const Token& open) {
    const Token& tag = Next();
    auto s = std::make_unique<Stmt>();
    s->line = open.line;
    s->column = open.column;
    const std::string& n = tag.text;
    if (n == "if") {
      s->kind = Stmt::Kind::kIf;
      while (true) {
        VLMXLA_ASSIGN_OR_RETURN(ExprPtr cond, ParseTupleOrExpr());
        VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
        Body body;
        std::string end;
        VLMXLA_RETURN_IF_ERROR(ParseBody(body, {"elif", "else", "endif"}, end, &open, "if"));
        s->conditions.push_back(std::move(cond));
        s->bodies.push_back(std::move(body));
        if (end == "elif") continue;
        if (end == "else") {
          VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
          VLMXLA_RETURN_IF_ERROR(ParseBody(s->else_body, {"endif"}, end, &open, "if"));
        }
        break;
      }
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
    } else if (n == "for") {
      s->kind = Stmt::Kind::kFor;
      VLMXLA_RETURN_IF_ERROR(ParseTargets(s->targets, "in"));
      if (!IsName("in")) return Error(Peek(), "expected 'in' in for loop, got " + Describe(Peek()));
      Next();
      VLMXLA_ASSIGN_OR_RETURN(s->expr, ParseTupleOrExpr(/*no_condexpr=*/true));
      if (IsName("if")) {
        Next();
        VLMXLA_ASSIGN_OR_RETURN(s->cond, ParseExpression());
      }
      if (IsName("recursive")) return Error(Peek(), "recursive for loops are not supported");
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
      std::string end;
      VLMXLA_RETURN_IF_ERROR(ParseBody(s->body, {"else", "endfor"}, end, &open, "for"));
      if (end == "else") {
        VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
        VLMXLA_RETURN_IF_ERROR(ParseBody(s->else_body, {"endfor"}, end, &open, "for"));
      }
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
    } else if (n == "set") {
      VLMXLA_ASSIGN_OR_RETURN(std::string first, ExpectName());
      if (IsOp(".")) {
        Next();
        VLMXLA_ASSIGN_OR_RETURN(s->attr, ExpectName());
        s->targets.push_back(first);
      } else {
        s->targets.push_back(first);
        while (IsOp(",")) {
          Next();
          VLMXLA_ASSIGN_OR_RETURN(std::string more, ExpectName());
          s->targets.push_back(more);
        }
      }
      if (IsOp("=")) {
        Next();
        s->kind = Stmt::Kind::kSet;
        VLMXLA_ASSIGN_OR_RETURN(s->expr, ParseTupleOrExpr());
        VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
      } else {
        if (!s->attr.empty() || s->targets.size() != 1) {
          return Error(Peek(), "expected '=' in set statement, got " + Describe(Peek()));
        }
        s->kind = Stmt::Kind::kSetBlock;
        if (IsOp("|")) {  // {% set x | filter %}
          VLMXLA_ASSIGN_OR_RETURN(s->expr, ParseFilterChain(nullptr));
        }
        VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
        std::string end;
        VLMXLA_RETURN_IF_ERROR(ParseBody(s->body, {"endset"}, end, &open, "set"));
        VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
      }
    } else if (n == "macro") {
      s->kind = Stmt::Kind::kMacro;
      VLMXLA_ASSIGN_OR_RETURN(s->text, ExpectName());
      VLMXLA_RETURN_IF_ERROR(ParseParams(s->params));
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
      std::string end;
      VLMXLA_RETURN_IF_ERROR(ParseBody(s->body, {"endmacro"}, end, &open, "macro"));
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
    } else if (n == "call") {
      s->kind = Stmt::Kind::kCallBlock;
      if (IsOp("(")) VLMXLA_RETURN_IF_ERROR(ParseParams(s->params));
      VLMXLA_ASSIGN_OR_RETURN(s->expr, ParseExpression());
      if (s->expr->kind != Expr::Kind::kCall) return Error(tag, "expected a call in 'call' block");
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
      std::string end;
      VLMXLA_RETURN_IF_ERROR(ParseBody(s->body, {"endcall"}, end, &open, "call"));
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
    } else if (n == "filter") {
      s->kind = Stmt::Kind::kFilterBlock;
      VLMXLA_ASSIGN_OR_RETURN(s->expr, ParseFilterChain(nullptr, /*leading_pipe=*/false));
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
      std::string end;
      VLMXLA_RETURN_IF_ERROR(ParseBody(s->body, {"endfilter"}, end, &open, "filter"));
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
    } else if (n == "generation") {
      s->kind = Stmt::Kind::kGeneration;
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
      std::string end;
      VLMXLA_RETURN_IF_ERROR(ParseBody(s->body, {"endgeneration"}, end, &open, "generation"));
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
    } else if (n == "break" || n == "continue") {
      s->kind = n == "break" ? Stmt::Kind::kBreak : Stmt::Kind::kContinue;
      VLMXLA_RETURN_IF_ERROR(ExpectBlockEnd());
    } else {
      return Error(tag, "encountered unknown tag '" + n + "'");
    }
    return s;
  }

  Status ParseTargets(std::vector<std::string>& targets, const char* stop) {
    bool paren = IsOp("(");
    if (paren) Next();
    while (true) {
      VLMXLA_ASSIGN_OR_RETURN(std::string name, ExpectName());
      targets.push_back(name);
      if (!IsOp(",")) break;
      Next();
    }
    if (paren) VLMXLA_RETURN_IF_ERROR(Expect(")"));
    return Status::Ok();
  }

  Status ParseParams(std::vector<MacroParam>& params) {
    VLMXLA_RETURN_IF_ERROR(Expect("("));
    while (!IsOp(")")) {
      if (!params.empty()) VLMXLA_RETURN_IF_ERROR(Expect(","));
      if (IsOp(")")) break;
      MacroParam param;
      VLMXLA_ASSIGN_OR_RETURN(param.name, ExpectName());
      if (IsOp("=")) {
        Next();
        VLMXLA_ASSIGN_OR_RETURN(param.default_value, ParseExpression());
      }
      params.push_back(std::move(param));
    }
    Next();
    return Status::Ok();
  }

  ExprPtr Make(Expr::Kind kind, const Token& at) {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->line = at.line;
    e->column = at.column;
    return e;
  }

  // A bare tuple `a, b` (used by {{ }}, set and for).
  Result<ExprPtr> ParseTupleOrExpr(bool no_condexpr = false) {
    const Token& start = Peek();
    ExprPtr first;
    if (no_condexpr) {
      VLMXLA_ASSIGN_OR_RETURN(first, ParseOr());
    } else {
      VLMXLA_ASSIGN_OR_RETURN(first, ParseExpression());
    }
    if (!IsOp(",")) return first;
    auto tuple = Make(Expr::Kind::kList, start);
    tuple->name = "tuple";
    tuple->items.push_back(std::move(first));
    while (IsOp(",")) {
      Next();
      if (Peek().kind == TokenKind::kBlockEnd || Peek().kind == TokenKind::kVarEnd) break;
      VLMXLA_ASSIGN_OR_RETURN(ExprPtr e, no_condexpr ? ParseOr() : ParseExpression());
      tuple->items.push_back(std::move(e));
    }
    return tuple;
  }

  Result<ExprPtr> ParseExpression() {
    DepthGuard guard(depth_);
    VLMXLA_RETURN_IF_ERROR(CheckDepth(Peek()));
    const Token& start = Peek();
    VLMXLA_ASSIGN_OR_RETURN(ExprPtr expr, ParseOr());
    while (IsName("if")) {
      Next();
      auto cond = Make(Expr::Kind::kCondition, start);
      VLMXLA_ASSIGN_OR_RETURN(cond->a, ParseOr());
      cond->b = std::move(expr);
      if (IsName("else")) {
        Next();
        VLMXLA_ASSIGN_OR_RETURN(cond->c, ParseExpression());
      }
      expr = std::move(cond);
    }
    return expr;
  }

  Result<ExprPtr> ParseOr() {
    const Token& start = Peek();
    VLMXLA_ASSIGN_OR_RETURN(ExprPtr left, ParseAnd());
    while (IsName("or")) {
      Next();
      auto e = Make(Expr::Kind::kBinary, start);
      e->name = "or";
      e->a = std::move(left);
      VLMXLA_ASSIGN_OR_RETURN(e->b, ParseAnd());
      left = std::move(e);
    }
    return left;
  }

  Result<ExprPtr> ParseAnd() {
    const Token& start = Peek();
    VLMXLA_ASSIGN_OR_RETURN(ExprPtr left, ParseNot());
    while (IsName("and")) {
      Next();
      auto e = Make(Expr::Kind::kBinary, start);
      e->name = "and";
      e->a = std::move(left);
      VLMXLA_ASSIGN_OR_RETURN(e->b, ParseNot());
      left = std::move(e);
    }
    return left;
  }

  Result<ExprPtr> ParseNot() {
    if (IsName("not")) {
      DepthGuard guard(depth_);
      VLMXLA_RETURN_IF_ERROR(CheckDepth(Peek()));
      auto e = Make(Expr::Kind::kUnary, Next());
      e->name = "not";
      VLMXLA_ASSIGN_OR_RETURN(e->a, ParseNot());
      return e;
    }
    return ParseCompare();
  }

  Result<ExprPtr> ParseCompare() {
    const Token& start = Peek();
    VLMXLA_ASSIGN_OR_RETURN(ExprPtr first, ParseMath1());
    ExprPtr cmp;
    while (true) {
      std::string op;
      const Token& tok = Peek();
      if (tok.kind == TokenKind::kOperator &&
          (tok.text == "==" || tok.text == "!=" || tok.text == "<" || tok.text == ">" ||
           tok.text == "<=" || tok.text == ">=")) {
        op = tok.text;
        Next();
      } else if (IsName("in")) {
        op = "in";
        Next();
      } else if (IsName("not") && IsName("in", 1)) {
        op = "notin";
        Next();
        Next();
      } else {
        break;
      }
      if (!cmp) {
        cmp = Make(Expr::Kind::kCompare, start);
        cmp->items.push_back(std::move(first));
      }
      VLMXLA_ASSIGN_OR_RETURN(ExprPtr rhs, ParseMath1());
      cmp->ops.push_back(op);
      cmp->items.push_back(std::move(rhs));
    }
    return cmp ? std::move(cmp) : std::move(first);
  }

  template <typename Sub>
  Result<ExprPtr> ParseBinaryLevel(std::initializer_list<const char*> ops, Sub sub) {
    const Token& start = Peek();
    VLMXLA_ASSIGN_OR_RETURN(ExprPtr left, (this->*sub)());
    int chain = 0;
    while (true) {
      const char* matched = nullptr;
      for (const char* op : ops) {
        if (IsOp(op)) matched = op;
      }
      if (!matched) break;
      // Left-deep chains are evaluated and destroyed recursively: keep them bounded.
      if (++chain > 10000)
        return Error(Peek(), "expression has more than 10000 operators in a row");
      Next();
      auto e = Make(Expr::Kind::kBinary, start);
      e->name = matched;
      e->a = std::move(left);
      VLMXLA_ASSIGN_OR_RETURN(e->b, (this->*sub)());
      left = std::move(e);
    }
    return left;
  }
  Result<ExprPtr> ParseMath1() { return ParseBinaryLevel({"+", "-"}, &Parser::ParseConcat); }
  Result<ExprPtr> ParseConcat() { return ParseBinaryLevel({"~"}, &Parser::ParseMath2); }
  Result<ExprPtr> ParseMath2() {
    return ParseBinaryLevel({"*", "/", "//", "%"}, &Parser::ParsePow);
  }
  Result<ExprPtr> ParsePow() { return ParseBinaryLevel({"**"}, &Parser::ParseUnaryFiltered); }
  Result<ExprPtr> ParseUnaryFiltered() { return ParseUnary(true); }

  Result<ExprPtr> ParseUnary(bool with_filter) {
    DepthGuard guard(depth_);
    VLMXLA_RETURN_IF_ERROR(CheckDepth(Peek()));
    ExprPtr node;
    if (IsOp("-") || IsOp("+")) {
      node = Make(Expr::Kind::kUnary, Peek());
      node->name = Next().text;
      VLMXLA_ASSIGN_OR_RETURN(node->a, ParseUnary(false));
    } else {
      VLMXLA_ASSIGN_OR_RETURN(node, ParsePrimary());
      VLMXLA_ASSIGN_OR_RETURN(node, ParsePostfix(std::move(node)));
    }
    if (with_filter) {
      VLMXLA_ASSIGN_OR_RETURN(node, ParseFilterExpr(std::move(node)));
    }
    return node;
  }

  Result<ExprPtr> ParsePrimary() {
    const Token& tok = Peek();
    switch (tok.kind) {
      case TokenKind::kName: {
        Next();
        auto e = Make(Expr::Kind::kLiteral, tok);
        if (tok.text == "true" || tok.text == "True") {
          e->value = Value(true);
        } else if (tok.text == "false" || tok.text == "False") {
          e->value = Value(false);
        } else if (tok.text == "none" || tok.text == "None") {
          e->value = Value::None();
        } else {
          e->kind = Expr::Kind::kName;
          e->name = tok.text;
        }
        return e;
      }
      case TokenKind::kString: {
        std::string s;
        while (Peek().kind == TokenKind::kString) s += Next().text;  // adjacent literals join
        auto e = Make(Expr::Kind::kLiteral, tok);
        e->value = Value(std::move(s));
        return e;
      }
      case TokenKind::kInt: {
        Next();
        VLMXLA_ASSIGN_OR_RETURN(int64_t v, IntLiteral(tok));
        auto e = Make(Expr::Kind::kLiteral, tok);
        e->value = Value(v);
        return e;
      }
      case TokenKind::kFloat: {
        Next();
        auto e = Make(Expr::Kind::kLiteral, tok);
        e->value = Value(std::strtod(tok.text.c_str(), nullptr));
        return e;
      }
      case TokenKind::kOperator: {
        if (tok.text == "(") {
          Next();
          if (IsOp(")")) {
            Next();
            auto e = Make(Expr::Kind::kList, tok);
            e->name = "tuple";
            return e;
          }
          VLMXLA_ASSIGN_OR_RETURN(ExprPtr inner, ParseExpression());
          if (IsOp(",")) {
            auto tuple = Make(Expr::Kind::kList, tok);
            tuple->name = "tuple";
            tuple->items.push_back(std::move(inner));
            while (IsOp(",")) {
              Next();
              if (IsOp(")")) break;
              VLMXLA_ASSIGN_OR_RETURN(ExprPtr e, ParseExpression());
              tuple->items.push_back(std::move(e));
            }
            inner = std::move(tuple);
          }
          VLMXLA_RETURN_IF_ERROR(Expect(")"));
          return inner;
        }
        if (tok.text == "[") {
          Next();
          auto list = Make(Expr::Kind::kList, tok);
          while (!IsOp("]")) {
            if (!list->items.empty()) VLMXLA_RETURN_IF_ERROR(Expect(","));
            if (IsOp("]")) break;
            VLMXLA_ASSIGN_OR_RETURN(ExprPtr e, ParseExpression());
            list->items.push_back(std::move(e));
          }
          Next();
          return list;
        }
        if (tok.text == "{") {
          Next();
          auto dict = Make(Expr::Kind::kDict, tok);
          while (!IsOp("}")) {
            if (!dict->items.empty()) VLMXLA_RETURN_IF_ERROR(Expect(","));
            if (IsOp("}")) break;
            VLMXLA_ASSIGN_OR_RETURN(ExprPtr k, ParseExpression());
            VLMXLA_RETURN_IF_ERROR(Expect(":"));
            VLMXLA_ASSIGN_OR_RETURN(ExprPtr v, ParseExpression());
            dict->keys.push_back(std::move(k));
            dict->items.push_back(std::move(v));
          }
          Next();
          return dict;
        }
        break;
      }
      default: break;
    }
    return Error(tok, "unexpected " + Describe(tok));
  }

  Status ParseCallArgs(Expr& call) {
    VLMXLA_RETURN_IF_ERROR(Expect("("));
    bool first = true;
    while (!IsOp(")")) {
      if (!first) VLMXLA_RETURN_IF_ERROR(Expect(","));
      first = false;
      if (IsOp(")")) break;
      if (Peek().kind == TokenKind::kName && IsOp("=", 1)) {
        std::string key = Next().text;
        Next();
        VLMXLA_ASSIGN_OR_RETURN(ExprPtr v, ParseExpression());
        call.kwargs.emplace_back(key, std::move(v));
      } else {
        if (!call.kwargs.empty())
          return Error(Peek(), "positional argument follows keyword argument");
        VLMXLA_ASSIGN_OR_RETURN(ExprPtr v, ParseExpression());
        call.items.push_back(std::move(v));
      }
    }
    Next();
    return Status::Ok();
  }

  Result<ExprPtr> ParsePostfix(ExprPtr node) {
    while (true) {
      const Token& tok = Peek();
      if (IsOp(".")) {
        Next();
        const Token& attr = Peek();
        if (attr.kind == TokenKind::kName) {
          auto e = Make(Expr::Kind::kGetAttr, tok);
          e->name = Next().text;
          e->a = std::move(node);
          node = std::move(e);
        } else if (attr.kind == TokenKind::kInt) {
          auto e = Make(Expr::Kind::kGetItem, tok);
          e->a = std::move(node);
          e->b = Make(Expr::Kind::kLiteral, attr);
          VLMXLA_ASSIGN_OR_RETURN(int64_t index, IntLiteral(Next()));
          e->b->value = Value(index);
          node = std::move(e);
        } else {
          return Error(attr, "expected an attribute name after '.'");
        }
      } else if (IsOp("[")) {
        Next();
        VLMXLA_ASSIGN_OR_RETURN(node, ParseSubscript(std::move(node), tok));
      } else if (IsOp("(")) {
        auto call = Make(Expr::Kind::kCall, tok);
        call->a = std::move(node);
        VLMXLA_RETURN_IF_ERROR(ParseCallArgs(*call));
        node = std::move(call);
      } else {
        return node;
      }
    }
  }

  Result<ExprPtr> ParseSubscript(ExprPtr node, const Token& at) {
    ExprPtr parts[3];
    int part = 0;
    bool is_slice = false;
    while (!IsOp("]")) {
      if (IsOp(":")) {
        Next();
        is_slice = true;
        if (++part > 2) return Error(Peek(), "too many ':' in slice");
        continue;
      }
      if (parts[part]) return Error(Peek(), "expected ']' or ':' in subscript");
      VLMXLA_ASSIGN_OR_RETURN(parts[part], ParseExpression());
    }
    Next();
    if (!is_slice) {
      if (!parts[0]) return Error(at, "empty subscript");
      auto e = Make(Expr::Kind::kGetItem, at);
      e->a = std::move(node);
      e->b = std::move(parts[0]);
      return e;
    }
    auto e = Make(Expr::Kind::kSlice, at);
    e->a = std::move(node);
    e->items.push_back(std::move(parts[0]));
    e->items.push_back(std::move(parts[1]));
    e->items.push_back(std::move(parts[2]));
    return e;
  }

  // `| name(args)` (or `name(args)` for a filter block) applied to `node` (null in blocks).
  Result<ExprPtr> ParseFilterChain(ExprPtr node, bool leading_pipe = true) {
    bool first = true;
    while ((first && !leading_pipe) || IsOp("|")) {
      if (!(first && !leading_pipe)) Next();
      first = false;
      const Token& tok = Peek();
      VLMXLA_ASSIGN_OR_RETURN(std::string name, ExpectName());
      while (IsOp(".")) {
        Next();
        VLMXLA_ASSIGN_OR_RETURN(std::string more, ExpectName());
        name += "." + more;
      }
      auto f = Make(Expr::Kind::kFilter, tok);
      f->name = name;
      f->a = std::move(node);
      if (IsOp("(")) VLMXLA_RETURN_IF_ERROR(ParseCallArgs(*f));
      node = std::move(f);
    }
    return node;
  }

  Result<ExprPtr> ParseFilterExpr(ExprPtr node) {
    while (true) {
      if (IsOp("|")) {
        VLMXLA_ASSIGN_OR_RETURN(node, ParseFilterChain(std::move(node)));
      } else if (IsName("is")) {
        const Token& tok = Next();
        auto t = Make(Expr::Kind::kTest, tok);
        if (IsName("not")) {
          Next();
          t->negated = true;
        }
        VLMXLA_ASSIGN_OR_RETURN(t->name, ExpectName());
        t->a = std::move(node);
        const Token& nx = Peek();
        if (IsOp("(")) {
          VLMXLA_RETURN_IF_ERROR(ParseCallArgs(*t));
        } else if ((nx.kind == TokenKind::kName && nx.text != "else" && nx.text != "or" &&
                    nx.text != "and" && nx.text != "if" && nx.text != "is" && nx.text != "in" &&
                    nx.text != "not") ||
                   nx.kind == TokenKind::kString || nx.kind == TokenKind::kInt ||
                   nx.kind == TokenKind::kFloat || IsOp("[") || IsOp("{") ||
                   (IsOp("-") && t->name != "defined")) {
          // `x is equalto 5`: one argument without parentheses.
          ExprPtr arg;
          if (IsOp("-")) {
            VLMXLA_ASSIGN_OR_RETURN(arg, ParseUnary(false));
          } else {
            VLMXLA_ASSIGN_OR_RETURN(arg, ParsePrimary());
            VLMXLA_ASSIGN_OR_RETURN(arg, ParsePostfix(std::move(arg)));
          }
          t->items.push_back(std::move(arg));
        }
        node = std::move(t);
      } else if (IsOp("(")) {
        auto call = Make(Expr::Kind::kCall, Peek());
        call->a = std::move(node);
        VLMXLA_RETURN_IF_ERROR(ParseCallArgs(*call));
        node = std::move(call);
      } else {
        return node;
      }
    }
  }

  const std::vector<Token>& t_;
  size_t p_ = 0;
  int depth_ = 0;
};

}  // namespace

Result<Body> ParseTemplate(const std::vector<Token>& tokens) {
  Parser parser(tokens);
  return parser.ParseAll();
}

}  // namespace vlmxla::text::jinja
