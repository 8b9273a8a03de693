// Tree-walking evaluator: scopes, loops, macros, expressions and operators. Filters, tests and
// global functions are in jinja_filters.cc, Python str/dict methods in jinja_methods.cc.
#include "vlmxla/text/jinja_eval.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "vlmxla/text/jinja_builtins.h"

namespace vlmxla::text::jinja {
namespace internal {

Status Err(const std::string& msg) { return InvalidArgument(msg, "chat_template_error"); }
Status LimitErr(const std::string& msg) { return OutOfRange(msg, "chat_template_limit"); }
Status UndefinedError(const Value& v) { return Err("'" + v.undefined_name() + "' is undefined"); }

// Items of an iterable as Python's iter() yields them (dict -> keys, str -> characters).
Result<ValueList> Iterate(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kList: return v.as_list();
    case Value::Kind::kUndefined: return ValueList{};
    case Value::Kind::kDict: {
      ValueList keys;
      for (const auto& [k, e] : v.as_dict().items) keys.emplace_back(k);
      return keys;
    }
    case Value::Kind::kString: {
      ValueList chars;
      for (uint32_t c : DecodeUtf8(v.as_string())) chars.emplace_back(EncodeUtf8({c}));
      return chars;
    }
    default: return Err(std::string("'") + v.TypeName() + "' object is not iterable");
  }
}

Result<int64_t> Length(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kUndefined: return 0;
    case Value::Kind::kString: return static_cast<int64_t>(DecodeUtf8(v.as_string()).size());
    case Value::Kind::kList: return static_cast<int64_t>(v.as_list().size());
    case Value::Kind::kDict: return static_cast<int64_t>(v.as_dict().items.size());
    default: return Err(std::string("object of type '") + v.TypeName() + "' has no len()");
  }
}

Result<bool> Contains(const Value& container, const Value& item) {
  switch (container.kind()) {
    case Value::Kind::kString:
      if (!item.is_string()) {
        return Err(std::string("'in <string>' requires string as left operand, not ") +
                   item.TypeName());
      }
      return container.as_string().find(item.as_string()) != std::string::npos;
    case Value::Kind::kList:
      for (const Value& e : container.as_list()) {
        if (ValuesEqual(e, item)) return true;
      }
      return false;
    case Value::Kind::kDict:
      return item.is_string() && container.as_dict().Find(item.as_string()) != nullptr;
    case Value::Kind::kUndefined: return false;
    default:
      return Err(std::string("argument of type '") + container.TypeName() + "' is not iterable");
  }
}

namespace {

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

Result<Value> GetAttr(const Value& obj, const std::string& name) {
  if (obj.is_undefined()) return UndefinedError(obj);
  if (obj.is_namespace()) {
    if (const Value* v = obj.as_namespace().attrs.Find(name)) return *v;
    return Value::MakeUndefined(name);
  }
  // Attribute access prefers methods, then falls back to items, like jinja2's getattr.
  if (Value m = BoundMethod(obj, name); !m.is_undefined()) return m;
  if (obj.is_dict()) {
    if (const Value* v = obj.as_dict().Find(name)) return *v;
  }
  return Value::MakeUndefined(name);
}

}  // namespace

Result<Value> CheckedString(std::string s, const RenderLimits& limits) {
  if (s.size() > limits.max_output_bytes) {
    return LimitErr("chat template built a string larger than the output limit of " +
                    std::to_string(limits.max_output_bytes) + " bytes");
  }
  return Value(std::move(s));
}

Result<Value> Binary(const std::string& op, const Value& a, const Value& b,
                     const RenderLimits& limits) {
  if (op == "~") {
    if (a.is_undefined() && b.is_undefined()) return Value("");
    return CheckedString(ToPythonStr(a) + ToPythonStr(b), limits);
  }
  if (a.is_undefined()) return UndefinedError(a);
  if (b.is_undefined()) return UndefinedError(b);
  auto type_error = [&]() {
    return Err("unsupported operand type(s) for " + op + ": '" + a.TypeName() + "' and '" +
               b.TypeName() + "'");
  };
  if (op == "+") {
    if (a.is_string() && b.is_string()) {
      return CheckedString(a.as_string() + b.as_string(), limits);
    }
    if (a.is_list() && b.is_list()) {
      ValueList l = a.as_list();
      l.insert(l.end(), b.as_list().begin(), b.as_list().end());
      return Value(std::move(l));
    }
  }
  if (op == "*" && (a.is_string() || a.is_list() || b.is_string() || b.is_list())) {
    const Value& seq = (a.is_string() || a.is_list()) ? a : b;
    const Value& cnt = (a.is_string() || a.is_list()) ? b : a;
    if (!cnt.is_int() && !cnt.is_bool()) return type_error();
    int64_t n = std::max<int64_t>(0, cnt.is_bool() ? cnt.as_bool() : cnt.as_int());
    size_t unit = seq.is_string() ? seq.as_string().size() : seq.as_list().size() * 16;
    if (unit > 0 && static_cast<uint64_t>(n) > limits.max_output_bytes / unit) {
      return LimitErr("chat template repetition exceeds the output limit");
    }
    if (seq.is_string()) {
      std::string out;
      for (int64_t i = 0; i < n; ++i) out += seq.as_string();
      return Value(std::move(out));
    }
    ValueList out;
    for (int64_t i = 0; i < n; ++i) {
      out.insert(out.end(), seq.as_list().begin(), seq.as_list().end());
    }
    return Value(std::move(out));
  }
  if (!a.is_number() || !b.is_number()) return type_error();
  bool fl = a.is_float() || b.is_float();
  double x = a.as_double(), y = b.as_double();
  int64_t i = a.is_bool() ? a.as_bool() : (a.is_int() ? a.as_int() : 0);
  int64_t j = b.is_bool() ? b.as_bool() : (b.is_int() ? b.as_int() : 0);
  if (op == "/") {
    if (y == 0) return Err("division by zero");
    return Value(x / y);
  }
  if (op == "//" || op == "%") {
    if (y == 0) return Err(op == "%" ? "modulo by zero" : "integer division or modulo by zero");
    if (fl) {
      double m = std::fmod(x, y);
      if (m != 0 && ((m < 0) != (y < 0))) m += y;
      if (op == "%") return Value(m);
      return Value(std::floor(x / y));
    }
    // The one quotient past int64 (INT64_MIN // -1) would trap the process; its remainder is 0.
    if (i == std::numeric_limits<int64_t>::min() && j == -1) {
      if (op == "%") return Value(int64_t{0});
      return Err("integer overflow in '//'");
    }
    int64_t q = FloorDiv(i, j);
    if (op == "//") return Value(q);
    return Value(i - q * j);
  }
  if (op == "**") {
    if (!fl && j >= 0) {
      // By squaring: at most 63 steps whatever the exponent, and every product checked.
      int64_t r = 1, base = i;
      for (int64_t e = j; e > 0; e >>= 1) {
        if ((e & 1) && __builtin_mul_overflow(r, base, &r)) {
          return Err("integer power result too large");
        }
        if (e > 1 && __builtin_mul_overflow(base, base, &base)) {
          // 0, 1 and -1 never overflow; any other base squared past int64 means the result is.
          return Err("integer power result too large");
        }
      }
      return Value(r);
    }
    return Value(std::pow(x, y));
  }
  if (fl) {
    if (op == "+") return Value(x + y);
    if (op == "-") return Value(x - y);
    if (op == "*") return Value(x * y);
  } else {
    int64_t r;
    bool overflow = op == "+"   ? __builtin_add_overflow(i, j, &r)
                    : op == "-" ? __builtin_sub_overflow(i, j, &r)
                                : __builtin_mul_overflow(i, j, &r);
    if (overflow) return Err("integer overflow in '" + op + "'");
    return Value(r);
  }
  return type_error();
}

Result<bool> Compare(const std::string& op, const Value& a, const Value& b) {
  if (op == "==") return ValuesEqual(a, b);
  if (op == "!=") return !ValuesEqual(a, b);
  if (op == "in") return Contains(b, a);
  if (op == "notin") {
    VLMXLA_ASSIGN_OR_RETURN(bool r, Contains(b, a));
    return !r;
  }
  if (a.is_undefined()) return UndefinedError(a);
  if (b.is_undefined()) return UndefinedError(b);
  if (op == "<") return ValueLess(a, b);
  if (op == ">") return ValueLess(b, a);
  if (op == "<=") {
    VLMXLA_ASSIGN_OR_RETURN(bool r, ValueLess(b, a));
    return !r;
  }
  VLMXLA_ASSIGN_OR_RETURN(bool r, ValueLess(a, b));  // ">="
  return !r;
}

Result<Value> GetItem(const Value& obj, const Value& key) {
  if (obj.is_undefined()) return UndefinedError(obj);
  if (obj.is_dict()) {
    if (key.is_string()) {
      if (const Value* v = obj.as_dict().Find(key.as_string())) return *v;
      if (Value m = BoundMethod(obj, key.as_string()); !m.is_undefined()) return m;
    }
    return Value::MakeUndefined(key.is_string() ? key.as_string() : ToPythonStr(key));
  }
  if (obj.is_namespace() && key.is_string()) return GetAttr(obj, key.as_string());
  if ((obj.is_list() || obj.is_string()) && (key.is_int() || key.is_bool())) {
    int64_t i = key.is_bool() ? key.as_bool() : key.as_int();
    if (obj.is_list()) {
      const auto& l = obj.as_list();
      int64_t n = static_cast<int64_t>(l.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) return Value::MakeUndefined("[" + std::to_string(i) + "]");
      return l[static_cast<size_t>(i)];
    }
    std::vector<uint32_t> cps = DecodeUtf8(obj.as_string());
    int64_t n = static_cast<int64_t>(cps.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) return Value::MakeUndefined("[" + std::to_string(i) + "]");
    return Value(EncodeUtf8({cps[static_cast<size_t>(i)]}));
  }
  if (key.is_string()) return GetAttr(obj, key.as_string());
  return Value::MakeUndefined(ToPythonStr(key));
}

}  // namespace internal

namespace {

using namespace internal;

struct Frame {
  ValueDict vars;
  std::shared_ptr<Frame> parent;
};

enum class Flow { kNormal, kBreak, kContinue };

Value Lookup(const std::shared_ptr<Frame>& frame, const std::string& name) {
  for (Frame* f = frame.get(); f; f = f->parent.get()) {
    if (const Value* v = f->vars.Find(name)) return *v;
  }
  return Value::MakeUndefined(name);
}

Result<Value> Slice(const Value& obj, const Value* parts) {
  int64_t step = 1;
  if (!parts[2].is_none()) {
    if (!parts[2].is_int()) return Err("slice indices must be integers or None");
    step = parts[2].as_int();
    if (step == 0) return Err("slice step cannot be zero");
  }
  ValueList items;
  std::vector<uint32_t> cps;
  int64_t n;
  if (obj.is_list()) {
    n = static_cast<int64_t>(obj.as_list().size());
  } else if (obj.is_string()) {
    cps = DecodeUtf8(obj.as_string());
    n = static_cast<int64_t>(cps.size());
  } else if (obj.is_undefined()) {
    return UndefinedError(obj);
  } else {
    return Err(std::string("'") + obj.TypeName() + "' object is not subscriptable");
  }
  auto bound = [&](const Value& v, int64_t def) -> Result<int64_t> {
    if (v.is_none()) return def;
    if (!v.is_int()) return Err("slice indices must be integers or None");
    int64_t i = v.as_int();
    if (i < 0) i += n;
    if (step > 0) return std::clamp<int64_t>(i, 0, n);
    return std::clamp<int64_t>(i, -1, n - 1);
  };
  VLMXLA_ASSIGN_OR_RETURN(int64_t start, bound(parts[0], step > 0 ? 0 : n - 1));
  VLMXLA_ASSIGN_OR_RETURN(int64_t stop, bound(parts[1], step > 0 ? n : -1));
  std::vector<size_t> idx;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
    idx.push_back(static_cast<size_t>(i));
  }
  if (obj.is_list()) {
    for (size_t i : idx) items.push_back(obj.as_list()[i]);
    return Value(std::move(items));
  }
  std::vector<uint32_t> sel;
  for (size_t i : idx) sel.push_back(cps[i]);
  return Value(EncodeUtf8(sel));
}

class Evaluator {
 public:
  Evaluator(const RenderLimits& limits) : limits_(limits) {}

  Status Render(const Body& body, const ValueDict& globals, std::string& out) {
    auto root = std::make_shared<Frame>();
    root->vars = globals;
    AddGlobalFunctions(root->vars);
    Flow flow;
    return Exec(body, root, out, flow);
  }

 private:
  // ---- statements ----

  Status Append(std::string& out, const std::string& s) {
    if (out.size() + s.size() > limits_.max_output_bytes) {
      return LimitErr("rendered chat template exceeds the output limit of " +
                      std::to_string(limits_.max_output_bytes) + " bytes");
    }
    out += s;
    return Status::Ok();
  }

  Status Exec(const Body& body, const std::shared_ptr<Frame>& frame, std::string& out, Flow& flow) {
    flow = Flow::kNormal;
    for (const StmtPtr& s : body) {
      VLMXLA_RETURN_IF_ERROR(ExecOne(*s, frame, out, flow));
      if (flow != Flow::kNormal) return Status::Ok();
    }
    return Status::Ok();
  }

  Status ExecOne(const Stmt& s, const std::shared_ptr<Frame>& frame, std::string& out, Flow& flow) {
    switch (s.kind) {
      case Stmt::Kind::kText: return Append(out, s.text);
      case Stmt::Kind::kOutput: {
        VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*s.expr, frame));
        return Append(out, ToPythonStr(v));
      }
      case Stmt::Kind::kIf: {
        for (size_t i = 0; i < s.conditions.size(); ++i) {
          VLMXLA_ASSIGN_OR_RETURN(Value c, Eval(*s.conditions[i], frame));
          if (c.Truthy()) return Exec(s.bodies[i], frame, out, flow);
        }
        return Exec(s.else_body, frame, out, flow);
      }
      case Stmt::Kind::kFor: return ExecFor(s, frame, out);
      case Stmt::Kind::kSet: {
        VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*s.expr, frame));
        if (!s.attr.empty()) {
          Value ns = Lookup(frame, s.targets[0]);
          if (!ns.is_namespace()) {
            return Err("cannot assign attribute '" + s.attr + "' on '" + s.targets[0] +
                       "': it is not a namespace");
          }
          VLMXLA_RETURN_IF_ERROR(CheckNamespaceAttr(s.attr));
          ns.as_namespace().attrs.Set(s.attr, std::move(v));
          return Status::Ok();
        }
        return Assign(s.targets, v, *frame);
      }
      case Stmt::Kind::kSetBlock: {
        std::string captured;
        Flow inner;
        VLMXLA_RETURN_IF_ERROR(Exec(s.body, frame, captured, inner));
        Value v(captured);
        if (s.expr) {
          VLMXLA_ASSIGN_OR_RETURN(v, ApplyFilterChain(*s.expr, std::move(v), frame));
        }
        frame->vars.Set(s.targets[0], std::move(v));
        return Status::Ok();
      }
      case Stmt::Kind::kMacro: {
        frame->vars.Set(s.text, MakeMacro(s, frame));
        return Status::Ok();
      }
      case Stmt::Kind::kCallBlock: {
        // The macro receives the block body as its `caller` argument.
        Value caller = MakeMacro(s, frame, "caller");
        VLMXLA_ASSIGN_OR_RETURN(Value callee, Eval(*s.expr->a, frame));
        VLMXLA_ASSIGN_OR_RETURN(CallArgs args, EvalArgs(*s.expr, frame));
        if (!callee.is_callable()) return Err("'call' block needs a macro to call");
        args.keyword.emplace_back("caller", caller);
        VLMXLA_ASSIGN_OR_RETURN(Value v, callee.as_callable().fn(args));
        return Append(out, ToPythonStr(v));
      }
      case Stmt::Kind::kFilterBlock: {
        std::string captured;
        Flow inner;
        VLMXLA_RETURN_IF_ERROR(Exec(s.body, frame, captured, inner));
        VLMXLA_ASSIGN_OR_RETURN(Value v, ApplyFilterChain(*s.expr, Value(captured), frame));
        return Append(out, ToPythonStr(v));
      }
      case Stmt::Kind::kBreak: flow = Flow::kBreak; return Status::Ok();
      case Stmt::Kind::kContinue: flow = Flow::kContinue; return Status::Ok();
      case Stmt::Kind::kGeneration: return Exec(s.body, frame, out, flow);
    }
    return Status::Ok();
  }

  Status Assign(const std::vector<std::string>& targets, const Value& v, Frame& frame) {
    if (targets.size() == 1) {
      frame.vars.Set(targets[0], v);
      return Status::Ok();
    }
    VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
    if (items.size() != targets.size()) {
      return Err("cannot unpack " + std::to_string(items.size()) + " values into " +
                 std::to_string(targets.size()) + " names");
    }
    for (size_t i = 0; i < targets.size(); ++i) frame.vars.Set(targets[i], items[i]);
    return Status::Ok();
  }

  Status ExecFor(const Stmt& s, const std::shared_ptr<Frame>& frame, std::string& out) {
    VLMXLA_ASSIGN_OR_RETURN(Value iterable, Eval(*s.expr, frame));
    VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(iterable));
    if (s.cond) {  // `for x in xs if cond` filters before loop.* is computed
      ValueList kept;
      for (const Value& item : items) {
        auto f = std::make_shared<Frame>();
        f->parent = frame;
        VLMXLA_RETURN_IF_ERROR(Assign(s.targets, item, *f));
        VLMXLA_ASSIGN_OR_RETURN(Value c, Eval(*s.cond, f));
        if (c.Truthy()) kept.push_back(item);
      }
      items = std::move(kept);
    }
    if (items.empty()) {
      Flow flow;
      return Exec(s.else_body, frame, out, flow);
    }
    const int64_t n = static_cast<int64_t>(items.size());
    for (int64_t i = 0; i < n; ++i) {
      if (++iterations_ > limits_.max_loop_iterations) {
        return LimitErr("chat template exceeded the loop iteration limit of " +
                        std::to_string(limits_.max_loop_iterations));
      }
      auto f = std::make_shared<Frame>();
      f->parent = frame;
      ValueDict loop;
      loop.Set("index", Value(i + 1));
      loop.Set("index0", Value(i));
      loop.Set("revindex", Value(n - i));
      loop.Set("revindex0", Value(n - i - 1));
      loop.Set("first", Value(i == 0));
      loop.Set("last", Value(i == n - 1));
      loop.Set("length", Value(n));
      loop.Set("depth", Value(1));
      loop.Set("depth0", Value(0));
      loop.Set("previtem", i > 0 ? items[i - 1] : Value::MakeUndefined("previtem"));
      loop.Set("nextitem", i + 1 < n ? items[i + 1] : Value::MakeUndefined("nextitem"));
      loop.Set("cycle", MakeNative("cycle", [i](const CallArgs& args) -> Result<Value> {
                 if (args.positional.empty()) return Err("no items for cycling given");
                 return args.positional[static_cast<size_t>(i) % args.positional.size()];
               }));
      f->vars.Set("loop", Value(std::move(loop)));
      VLMXLA_RETURN_IF_ERROR(Assign(s.targets, items[i], *f));
      Flow flow;
      VLMXLA_RETURN_IF_ERROR(Exec(s.body, f, out, flow));
      if (flow == Flow::kBreak) break;
    }
    return Status::Ok();
  }

  Value MakeMacro(const Stmt& s, const std::shared_ptr<Frame>& defining,
                  const char* name = nullptr) {
    auto c = std::make_shared<Callable>();
    c->name = name ? name : s.text;
    const Stmt* stmt = &s;
    std::weak_ptr<Frame> weak = defining;  // avoid a cycle frame -> macro -> frame
    c->fn = [this, stmt, weak](const CallArgs& args) -> Result<Value> {
      auto def = weak.lock();
      if (!def) return Err("macro '" + stmt->text + "' called after its scope ended");
      if (depth_ > limits_.max_call_depth) {
        return LimitErr("chat template exceeded the call depth limit of " +
                        std::to_string(limits_.max_call_depth));
      }
      auto f = std::make_shared<Frame>();
      f->parent = def;
      if (args.positional.size() > stmt->params.size()) {
        return Err("macro '" + stmt->text + "' takes not more than " +
                   std::to_string(stmt->params.size()) + " argument(s)");
      }
      for (size_t i = 0; i < stmt->params.size(); ++i) {
        const MacroParam& p = stmt->params[i];
        const Value* given = args.Get(i, p.name);
        if (given) {
          f->vars.Set(p.name, *given);
        } else if (p.default_value) {
          VLMXLA_ASSIGN_OR_RETURN(Value d, Eval(*p.default_value, f));
          f->vars.Set(p.name, std::move(d));
        } else {
          f->vars.Set(p.name, Value::MakeUndefined(p.name));
        }
      }
      for (const auto& [k, v] : args.keyword) {
        if (k == "caller") {
          f->vars.Set("caller", v);
          continue;
        }
        bool known = false;
        for (const auto& p : stmt->params) known = known || p.name == k;
        if (!known) return Err("macro '" + stmt->text + "' takes no keyword argument '" + k + "'");
      }
      ++depth_;
      std::string out;
      Flow flow;
      Status st = Exec(stmt->body, f, out, flow);
      --depth_;
      VLMXLA_RETURN_IF_ERROR(st);
      return Value(std::move(out));
    };
    return Value(c);
  }

  // ---- expressions ----

  struct DepthScope {
    explicit DepthScope(int& d) : d(d) { ++d; }
    ~DepthScope() { --d; }
    int& d;
  };

  Result<CallArgs> EvalArgs(const Expr& e, const std::shared_ptr<Frame>& frame) {
    CallArgs args;
    for (const auto& item : e.items) {
      VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*item, frame));
      args.positional.push_back(std::move(v));
    }
    for (const auto& [k, item] : e.kwargs) {
      VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*item, frame));
      args.keyword.emplace_back(k, std::move(v));
    }
    return args;
  }

  Result<Value> Eval(const Expr& e, const std::shared_ptr<Frame>& frame) {
    DepthScope scope(eval_depth_);
    if (eval_depth_ > 4 * kMaxEvalDepth) {
      return LimitErr("chat template expression nested too deeply");
    }
    switch (e.kind) {
      case Expr::Kind::kLiteral: return e.value;
      case Expr::Kind::kName: return Lookup(frame, e.name);
      case Expr::Kind::kList: {
        ValueList l;
        for (const auto& item : e.items) {
          VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*item, frame));
          l.push_back(std::move(v));
        }
        return e.name == "tuple" ? Value::Tuple(std::move(l)) : Value(std::move(l));
      }
      case Expr::Kind::kDict: {
        ValueDict d;
        for (size_t i = 0; i < e.items.size(); ++i) {
          VLMXLA_ASSIGN_OR_RETURN(Value k, Eval(*e.keys[i], frame));
          VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*e.items[i], frame));
          d.Set(ToPythonStr(k), std::move(v));
        }
        return Value(std::move(d));
      }
      case Expr::Kind::kGetAttr: {
        VLMXLA_ASSIGN_OR_RETURN(Value obj, Eval(*e.a, frame));
        return GetAttr(obj, e.name);
      }
      case Expr::Kind::kGetItem: {
        VLMXLA_ASSIGN_OR_RETURN(Value obj, Eval(*e.a, frame));
        VLMXLA_ASSIGN_OR_RETURN(Value key, Eval(*e.b, frame));
        return GetItem(obj, key);
      }
      case Expr::Kind::kSlice: {
        VLMXLA_ASSIGN_OR_RETURN(Value obj, Eval(*e.a, frame));
        Value parts[3] = {Value::None(), Value::None(), Value::None()};
        for (int i = 0; i < 3; ++i) {
          if (e.items[i]) {
            VLMXLA_ASSIGN_OR_RETURN(parts[i], Eval(*e.items[i], frame));
          }
        }
        return Slice(obj, parts);
      }
      case Expr::Kind::kCall: {
        VLMXLA_ASSIGN_OR_RETURN(Value callee, Eval(*e.a, frame));
        VLMXLA_ASSIGN_OR_RETURN(CallArgs args, EvalArgs(e, frame));
        if (callee.is_undefined()) return UndefinedError(callee);
        if (!callee.is_callable()) {
          return Err(std::string("'") + callee.TypeName() + "' object is not callable");
        }
        return callee.as_callable().fn(args);
      }
      case Expr::Kind::kFilter: {
        VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*e.a, frame));
        return ApplyFilterChain(e, std::move(v), frame, /*skip_inner=*/true);
      }
      case Expr::Kind::kTest: {
        VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*e.a, frame));
        VLMXLA_ASSIGN_OR_RETURN(CallArgs args, EvalArgs(e, frame));
        VLMXLA_ASSIGN_OR_RETURN(bool r, ApplyTest(e.name, v, args));
        return Value(r != e.negated);
      }
      case Expr::Kind::kUnary: {
        VLMXLA_ASSIGN_OR_RETURN(Value v, Eval(*e.a, frame));
        if (e.name == "not") return Value(!v.Truthy());
        if (v.is_undefined()) return UndefinedError(v);
        if (!v.is_number()) {
          return Err(std::string("bad operand type for unary ") + e.name + ": '" + v.TypeName() +
                     "'");
        }
        if (e.name == "+") return v.is_bool() ? Value(int64_t{v.as_bool()}) : v;
        if (v.is_float()) return Value(-v.as_float());
        return Value(-(v.is_bool() ? int64_t{v.as_bool()} : v.as_int()));
      }
      case Expr::Kind::kBinary: {
        VLMXLA_ASSIGN_OR_RETURN(Value a, Eval(*e.a, frame));
        if (e.name == "and") {
          if (!a.Truthy()) return a;
          return Eval(*e.b, frame);
        }
        if (e.name == "or") {
          if (a.Truthy()) return a;
          return Eval(*e.b, frame);
        }
        VLMXLA_ASSIGN_OR_RETURN(Value b, Eval(*e.b, frame));
        return Binary(e.name, a, b, limits_);
      }
      case Expr::Kind::kCompare: {
        VLMXLA_ASSIGN_OR_RETURN(Value left, Eval(*e.items[0], frame));
        for (size_t i = 0; i < e.ops.size(); ++i) {
          VLMXLA_ASSIGN_OR_RETURN(Value right, Eval(*e.items[i + 1], frame));
          VLMXLA_ASSIGN_OR_RETURN(bool r, Compare(e.ops[i], left, right));
          if (!r) return Value(false);
          left = std::move(right);
        }
        return Value(true);
      }
      case Expr::Kind::kCondition: {
        VLMXLA_ASSIGN_OR_RETURN(Value c, Eval(*e.a, frame));
        if (c.Truthy()) return Eval(*e.b, frame);
        if (e.c) return Eval(*e.c, frame);
        return Value::MakeUndefined("conditional expression");
      }
    }
    return Err("unsupported expression");
  }

  // Applies `e` (a filter node, possibly chained through e.a) to `input`.
  Result<Value> ApplyFilterChain(const Expr& e, Value input, const std::shared_ptr<Frame>& frame,
                                 bool skip_inner = false) {
    if (!skip_inner && e.a) {
      VLMXLA_ASSIGN_OR_RETURN(input, ApplyFilterChain(*e.a, std::move(input), frame));
    }
    VLMXLA_ASSIGN_OR_RETURN(CallArgs args, EvalArgs(e, frame));
    return ApplyFilter(e.name, input, args, limits_);
  }

  static constexpr int kMaxEvalDepth = 256;
  RenderLimits limits_;
  int64_t iterations_ = 0;
  int depth_ = 0;
  int eval_depth_ = 0;
};

}  // namespace

Result<std::string> RenderBody(const Body& body, const ValueDict& globals,
                               const RenderLimits& limits) {
  Evaluator ev(limits);
  std::string out;
  VLMXLA_RETURN_IF_ERROR(ev.Render(body, globals, out));
  return out;
}

}  // namespace vlmxla::text::jinja
