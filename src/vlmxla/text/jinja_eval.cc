// Tree-walking evaluator: scopes, loops, macros, filters, tests and Python string/dict methods.
#include "vlmxla/text/jinja_eval.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>

#include <utf8proc.h>

namespace vlmxla::text::jinja {
namespace {

Status Err(const std::string& msg) { return InvalidArgument(msg, "chat_template_error"); }
Status LimitErr(const std::string& msg) { return OutOfRange(msg, "chat_template_limit"); }

struct Frame {
  ValueDict vars;
  std::shared_ptr<Frame> parent;
};

enum class Flow { kNormal, kBreak, kContinue };

bool IsWs(uint32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
         c == 0x1c || c == 0x1d || c == 0x1e || c == 0x1f || c == 0x85 || c == 0xa0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 ||
         c == 0x202f || c == 0x205f || c == 0x3000;
}

std::string Strip(const std::string& s, const Value* chars, bool left, bool right) {
  std::vector<uint32_t> cps = DecodeUtf8(s);
  std::vector<uint32_t> set;
  bool use_set = chars && chars->is_string();
  if (use_set) set = DecodeUtf8(chars->as_string());
  auto strip_it = [&](uint32_t c) {
    return use_set ? std::find(set.begin(), set.end(), c) != set.end() : IsWs(c);
  };
  size_t b = 0, e = cps.size();
  if (left) while (b < e && strip_it(cps[b])) ++b;
  if (right) while (e > b && strip_it(cps[e - 1])) --e;
  return EncodeUtf8(std::vector<uint32_t>(cps.begin() + b, cps.begin() + e));
}

std::string MapCase(const std::string& s, int mode) {  // 0 lower, 1 upper
  std::vector<uint32_t> cps = DecodeUtf8(s);
  for (auto& c : cps) {
    c = static_cast<uint32_t>(mode ? utf8proc_toupper(static_cast<int32_t>(c))
                                   : utf8proc_tolower(static_cast<int32_t>(c)));
  }
  return EncodeUtf8(cps);
}

bool IsCased(uint32_t c) {
  return utf8proc_toupper(static_cast<int32_t>(c)) != static_cast<int32_t>(c) ||
         utf8proc_tolower(static_cast<int32_t>(c)) != static_cast<int32_t>(c);
}

std::string PyTitle(const std::string& s) {  // str.title()
  std::vector<uint32_t> cps = DecodeUtf8(s);
  bool prev_cased = false;
  for (auto& c : cps) {
    bool cased = IsCased(c);
    if (cased) {
      c = static_cast<uint32_t>(prev_cased ? utf8proc_tolower(static_cast<int32_t>(c))
                                           : utf8proc_toupper(static_cast<int32_t>(c)));
    }
    prev_cased = cased;
  }
  return EncodeUtf8(cps);
}

std::string Capitalize(const std::string& s) {
  std::vector<uint32_t> cps = DecodeUtf8(s);
  for (size_t i = 0; i < cps.size(); ++i) {
    cps[i] = static_cast<uint32_t>(i == 0 ? utf8proc_toupper(static_cast<int32_t>(cps[i]))
                                          : utf8proc_tolower(static_cast<int32_t>(cps[i])));
  }
  return EncodeUtf8(cps);
}

std::string JinjaTitle(const std::string& s) {
  // jinja2 splits on runs of [-\s({[<] and capitalises each word.
  std::vector<uint32_t> cps = DecodeUtf8(s);
  std::vector<uint32_t> out;
  bool start = true;
  for (size_t i = 0; i < cps.size(); ++i) {
    uint32_t c = cps[i];
    bool sep = c == '-' || IsWs(c) || c == '(' || c == '{' || c == '[' || c == '<';
    if (sep) {
      out.push_back(c);
      start = true;
    } else {
      out.push_back(static_cast<uint32_t>(start ? utf8proc_toupper(static_cast<int32_t>(c))
                                                : utf8proc_tolower(static_cast<int32_t>(c))));
      start = false;
    }
  }
  return EncodeUtf8(out);
}

std::string Replace(const std::string& s, const std::string& from, const std::string& to,
                    int64_t count) {
  std::string out;
  if (from.empty()) {  // Python inserts `to` between every character
    std::vector<uint32_t> cps = DecodeUtf8(s);
    int64_t n = 0;
    for (uint32_t c : cps) {
      if (count < 0 || n < count) {
        out += to;
        ++n;
      }
      out += EncodeUtf8({c});
    }
    if (count < 0 || n < count) out += to;
    return out;
  }
  size_t pos = 0;
  int64_t n = 0;
  while (true) {
    size_t f = s.find(from, pos);
    if (f == std::string::npos || (count >= 0 && n >= count)) break;
    out.append(s, pos, f - pos);
    out += to;
    pos = f + from.size();
    ++n;
  }
  out.append(s, pos, std::string::npos);
  return out;
}

Value SplitString(const std::string& s, const Value* sep, int64_t maxsplit) {
  ValueList parts;
  if (!sep || sep->is_none()) {
    std::vector<uint32_t> cps = DecodeUtf8(s);
    size_t i = 0;
    int64_t n = 0;
    while (true) {
      while (i < cps.size() && IsWs(cps[i])) ++i;
      if (i >= cps.size()) break;
      if (maxsplit >= 0 && n >= maxsplit) {
        size_t e = cps.size();
        while (e > i && IsWs(cps[e - 1])) --e;
        parts.emplace_back(EncodeUtf8(std::vector<uint32_t>(cps.begin() + i, cps.begin() + e)));
        break;
      }
      size_t j = i;
      while (j < cps.size() && !IsWs(cps[j])) ++j;
      parts.emplace_back(EncodeUtf8(std::vector<uint32_t>(cps.begin() + i, cps.begin() + j)));
      ++n;
      i = j;
    }
    return Value(std::move(parts));
  }
  const std::string& d = sep->as_string();
  size_t pos = 0;
  int64_t n = 0;
  while (true) {
    size_t f = s.find(d, pos);
    if (f == std::string::npos || (maxsplit >= 0 && n >= maxsplit)) break;
    parts.emplace_back(s.substr(pos, f - pos));
    pos = f + d.size();
    ++n;
  }
  parts.emplace_back(s.substr(pos));
  return Value(std::move(parts));
}

std::string HtmlEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&#34;"; break;
      case '\'': out += "&#39;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

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

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

double PyRound(double x, int64_t digits) {
  if (!std::isfinite(x)) return x;
  if (digits == 0) return std::nearbyint(x);  // ties to even, like Python
  char buf[512];
  std::snprintf(buf, sizeof(buf), "%.*f", static_cast<int>(std::clamp<int64_t>(digits, 0, 300)), x);
  double r = std::strtod(buf, nullptr);
  if (digits < 0) {
    double p = std::pow(10.0, static_cast<double>(-digits));
    r = std::nearbyint(x / p) * p;
  }
  return r;
}

class Evaluator {
 public:
  Evaluator(const RenderLimits& limits) : limits_(limits) {}

  Status Render(const Body& body, const ValueDict& globals, std::string& out) {
    auto root = std::make_shared<Frame>();
    root->vars = globals;
    InstallGlobals(*root);
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

  Status Exec(const Body& body, const std::shared_ptr<Frame>& frame, std::string& out,
              Flow& flow) {
    flow = Flow::kNormal;
    for (const StmtPtr& s : body) {
      VLMXLA_RETURN_IF_ERROR(ExecOne(*s, frame, out, flow));
      if (flow != Flow::kNormal) return Status::Ok();
    }
    return Status::Ok();
  }

  Status ExecOne(const Stmt& s, const std::shared_ptr<Frame>& frame, std::string& out,
                 Flow& flow) {
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
          if (!s.attr.empty() && s.attr[0] == '_') {
            return Err("Chat templates cannot store underscore-prefixed attributes on a namespace, "
                       "but got '" + s.attr + "'");
          }
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
        frame->vars.Set(s.text, MakeMacro(s, frame, nullptr));
        return Status::Ok();
      }
      case Stmt::Kind::kCallBlock: {
        // The macro receives the block body as its `caller` argument.
        Value caller = MakeMacro(s, frame, nullptr, "caller");
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
      auto cycle = std::make_shared<Callable>();
      cycle->name = "cycle";
      cycle->fn = [i](const CallArgs& args) -> Result<Value> {
        if (args.positional.empty()) return Err("no items for cycling given");
        return args.positional[static_cast<size_t>(i) % args.positional.size()];
      };
      loop.Set("cycle", Value(cycle));
      f->vars.Set("loop", Value(std::move(loop)));
      VLMXLA_RETURN_IF_ERROR(Assign(s.targets, items[i], *f));
      Flow flow;
      VLMXLA_RETURN_IF_ERROR(Exec(s.body, f, out, flow));
      if (flow == Flow::kBreak) break;
    }
    return Status::Ok();
  }

  Value MakeMacro(const Stmt& s, const std::shared_ptr<Frame>& defining, const void*,
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

  void InstallGlobals(Frame& root) {
    auto add = [&](const std::string& name, NativeFn fn) {
      if (root.vars.Find(name)) return;  // context values shadow globals, as in jinja2
      auto c = std::make_shared<Callable>();
      c->name = name;
      c->fn = std::move(fn);
      root.vars.Set(name, Value(c));
    };
    add("raise_exception", [](const CallArgs& args) -> Result<Value> {
      std::string msg = args.positional.empty() ? "" : ToPythonStr(args.positional[0]);
      return InvalidArgument(msg, "chat_template_error");
    });
    add("strftime_now", [](const CallArgs& args) -> Result<Value> {
      std::string fmt = args.positional.empty() ? "" : ToPythonStr(args.positional[0]);
      std::time_t now = std::time(nullptr);
      std::tm tm{};
      localtime_r(&now, &tm);
      char buf[512];
      size_t n = std::strftime(buf, sizeof(buf), fmt.c_str(), &tm);
      return Value(std::string(buf, n));
    });
    add("namespace", [](const CallArgs& args) -> Result<Value> {
      auto ns = std::make_shared<Namespace>();
      for (const Value& p : args.positional) {
        if (!p.is_dict()) return Err("namespace() positional argument must be a dict");
        for (const auto& [k, v] : p.as_dict().items) ns->attrs.Set(k, v);
      }
      for (const auto& [k, v] : args.keyword) {
        if (!k.empty() && k[0] == '_') {
          return Err("Chat templates cannot store underscore-prefixed attributes on a namespace, "
                     "but got '" + k + "'");
        }
        ns->attrs.Set(k, v);
      }
      return Value(ns);
    });
    add("dict", [](const CallArgs& args) -> Result<Value> {
      ValueDict d;
      for (const Value& p : args.positional) {
        if (!p.is_dict()) return Err("dict() positional argument must be a dict");
        for (const auto& [k, v] : p.as_dict().items) d.Set(k, v);
      }
      for (const auto& [k, v] : args.keyword) d.Set(k, v);
      return Value(std::move(d));
    });
    add("range", [](const CallArgs& args) -> Result<Value> {
      std::vector<int64_t> a;
      for (const Value& v : args.positional) {
        if (!v.is_int() && !v.is_bool()) return Err("range() arguments must be integers");
        a.push_back(v.is_bool() ? v.as_bool() : v.as_int());
      }
      int64_t start = 0, stop = 0, step = 1;
      if (a.size() == 1) stop = a[0];
      else if (a.size() >= 2) { start = a[0]; stop = a[1]; }
      if (a.size() == 3) step = a[2];
      if (a.empty() || a.size() > 3) return Err("range() expects 1 to 3 arguments");
      if (step == 0) return Err("range() arg 3 must not be zero");
      ValueList out;
      for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
        if (out.size() >= 100000) {  // jinja2's sandbox MAX_RANGE
          return LimitErr("range() too big: the sandbox allows at most 100000 items");
        }
        out.emplace_back(i);
      }
      return Value(std::move(out));
    });
  }

  // ---- expressions ----

  Value Lookup(const std::shared_ptr<Frame>& frame, const std::string& name) {
    for (Frame* f = frame.get(); f; f = f->parent.get()) {
      if (const Value* v = f->vars.Find(name)) return *v;
    }
    return Value::MakeUndefined(name);
  }

  static Status UndefinedError(const Value& v) {
    return Err("'" + v.undefined_name() + "' is undefined");
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
    auto bound = [&](const Value& v, int64_t def, bool is_start) -> Result<int64_t> {
      if (v.is_none()) return def;
      if (!v.is_int()) return Err("slice indices must be integers or None");
      int64_t i = v.as_int();
      if (i < 0) i += n;
      if (step > 0) return std::clamp<int64_t>(i, 0, n);
      return std::clamp<int64_t>(i, -1, n - 1);
    };
    VLMXLA_ASSIGN_OR_RETURN(int64_t start, bound(parts[0], step > 0 ? 0 : n - 1, true));
    VLMXLA_ASSIGN_OR_RETURN(int64_t stop, bound(parts[1], step > 0 ? n : -1, false));
    std::vector<size_t> idx;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) idx.push_back(static_cast<size_t>(i));
    if (obj.is_list()) {
      for (size_t i : idx) items.push_back(obj.as_list()[i]);
      return Value(std::move(items));
    }
    std::vector<uint32_t> sel;
    for (size_t i : idx) sel.push_back(cps[i]);
    return Value(EncodeUtf8(sel));
  }

  Value Native(const std::string& name, NativeFn fn) {
    auto c = std::make_shared<Callable>();
    c->name = name;
    c->fn = std::move(fn);
    return Value(c);
  }

  // Python str / dict methods reachable from templates; Undefined when there is none.
  Value BoundMethod(const Value& obj, const std::string& name) {
    if (obj.is_string()) {
      std::string s = obj.as_string();
      if (name == "strip" || name == "lstrip" || name == "rstrip") {
        bool l = name != "rstrip", r = name != "lstrip";
        return Native(name, [s, l, r](const CallArgs& a) -> Result<Value> {
          return Value(Strip(s, a.Get(0, "chars"), l, r));
        });
      }
      if (name == "upper" || name == "lower") {
        int mode = name == "upper";
        return Native(name, [s, mode](const CallArgs&) -> Result<Value> { return Value(MapCase(s, mode)); });
      }
      if (name == "title") {
        return Native(name, [s](const CallArgs&) -> Result<Value> { return Value(PyTitle(s)); });
      }
      if (name == "capitalize") {
        return Native(name, [s](const CallArgs&) -> Result<Value> { return Value(Capitalize(s)); });
      }
      if (name == "split" || name == "rsplit") {
        return Native(name, [s](const CallArgs& a) -> Result<Value> {
          const Value* sep = a.Get(0, "sep");
          const Value* max = a.Get(1, "maxsplit");
          if (sep && !sep->is_none() && !sep->is_string()) return Err("split() separator must be a string");
          if (sep && sep->is_string() && sep->as_string().empty()) return Err("empty separator");
          return SplitString(s, sep, max && max->is_int() ? max->as_int() : -1);
        });
      }
      if (name == "startswith" || name == "endswith") {
        bool starts = name == "startswith";
        return Native(name, [s, starts](const CallArgs& a) -> Result<Value> {
          const Value* p = a.Get(0, "prefix");
          if (!p) return Err("startswith/endswith needs an argument");
          ValueList options = p->is_list() ? p->as_list() : ValueList{*p};
          for (const Value& o : options) {
            if (!o.is_string()) return Err("startswith/endswith argument must be str or tuple of str");
            const std::string& t = o.as_string();
            if (t.size() <= s.size() &&
                (starts ? s.compare(0, t.size(), t) == 0 : s.compare(s.size() - t.size(), t.size(), t) == 0)) {
              return Value(true);
            }
          }
          return Value(false);
        });
      }
      if (name == "replace") {
        return Native(name, [s](const CallArgs& a) -> Result<Value> {
          const Value* from = a.Get(0, "old");
          const Value* to = a.Get(1, "new");
          const Value* count = a.Get(2, "count");
          if (!from || !to || !from->is_string() || !to->is_string()) return Err("replace() needs two strings");
          return Value(Replace(s, from->as_string(), to->as_string(),
                               count && count->is_int() ? count->as_int() : -1));
        });
      }
      if (name == "find" || name == "count") {
        bool find = name == "find";
        return Native(name, [s, find](const CallArgs& a) -> Result<Value> {
          const Value* sub = a.Get(0, "sub");
          if (!sub || !sub->is_string()) return Err("find()/count() needs a string");
          const std::string& t = sub->as_string();
          if (find) {
            size_t f = s.find(t);
            if (f == std::string::npos) return Value(int64_t{-1});
            return Value(static_cast<int64_t>(DecodeUtf8(s.substr(0, f)).size()));
          }
          if (t.empty()) return Value(static_cast<int64_t>(DecodeUtf8(s).size() + 1));
          int64_t n = 0;
          for (size_t p = s.find(t); p != std::string::npos; p = s.find(t, p + t.size())) ++n;
          return Value(n);
        });
      }
      if (name == "join") {
        return Native(name, [s](const CallArgs& a) -> Result<Value> {
          if (a.positional.empty()) return Err("join() needs an iterable");
          VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(a.positional[0]));
          std::string out;
          for (size_t i = 0; i < items.size(); ++i) {
            if (!items[i].is_string()) return Err("join() expects strings");
            if (i) out += s;
            out += items[i].as_string();
          }
          return Value(std::move(out));
        });
      }
      return Value();
    }
    if (obj.is_dict()) {
      Value self = obj;
      if (name == "items" || name == "keys" || name == "values") {
        int which = name == "items" ? 0 : name == "keys" ? 1 : 2;
        return Native(name, [self, which](const CallArgs&) -> Result<Value> {
          ValueList out;
          for (const auto& [k, v] : self.as_dict().items) {
            if (which == 0) out.push_back(Value::Tuple(ValueList{Value(k), v}));
            else if (which == 1) out.emplace_back(k);
            else out.push_back(v);
          }
          return Value(std::move(out));
        });
      }
      if (name == "get") {
        return Native(name, [self](const CallArgs& a) -> Result<Value> {
          if (a.positional.empty()) return Err("get() needs a key");
          const Value& k = a.positional[0];
          if (k.is_string()) {
            if (const Value* v = self.as_dict().Find(k.as_string())) return *v;
          }
          return a.positional.size() > 1 ? a.positional[1] : Value::None();
        });
      }
    }
    return Value();
  }

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
    if (eval_depth_ > 4 * kMaxEvalDepth) return LimitErr("chat template expression nested too deeply");
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
        if (!v.is_number()) return Err(std::string("bad operand type for unary ") + e.name + ": '" + v.TypeName() + "'");
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
        return Binary(e.name, a, b);
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

  Result<Value> CheckedString(std::string s) {
    if (s.size() > limits_.max_output_bytes) {
      return LimitErr("chat template built a string larger than the output limit of " +
                      std::to_string(limits_.max_output_bytes) + " bytes");
    }
    return Value(std::move(s));
  }

  Result<Value> Binary(const std::string& op, const Value& a, const Value& b) {
    if (op == "~") {
      if (a.is_undefined() && b.is_undefined()) return Value("");
      return CheckedString(ToPythonStr(a) + ToPythonStr(b));
    }
    if (a.is_undefined()) return UndefinedError(a);
    if (b.is_undefined()) return UndefinedError(b);
    auto type_error = [&]() {
      return Err("unsupported operand type(s) for " + op + ": '" + a.TypeName() + "' and '" +
                 b.TypeName() + "'");
    };
    if (op == "+") {
      if (a.is_string() && b.is_string()) return CheckedString(a.as_string() + b.as_string());
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
      if (unit > 0 && static_cast<uint64_t>(n) > limits_.max_output_bytes / unit) {
        return LimitErr("chat template repetition exceeds the output limit");
      }
      if (seq.is_string()) {
        std::string out;
        for (int64_t i = 0; i < n; ++i) out += seq.as_string();
        return Value(std::move(out));
      }
      ValueList out;
      for (int64_t i = 0; i < n; ++i) out.insert(out.end(), seq.as_list().begin(), seq.as_list().end());
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
      int64_t q = FloorDiv(i, j);
      if (op == "//") return Value(q);
      return Value(i - q * j);
    }
    if (op == "**") {
      if (!fl && j >= 0) {
        double approx = std::pow(static_cast<double>(i), static_cast<double>(j));
        if (std::fabs(approx) > 9.0e18) return Err("integer power result too large");
        int64_t r = 1;
        for (int64_t k = 0; k < j; ++k) r *= i;
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
      bool overflow = op == "+" ? __builtin_add_overflow(i, j, &r)
                      : op == "-" ? __builtin_sub_overflow(i, j, &r)
                                  : __builtin_mul_overflow(i, j, &r);
      if (overflow) return Err("integer overflow in '" + op + "'");
      return Value(r);
    }
    return type_error();
  }

  // Applies `e` (a filter node, possibly chained through e.a) to `input`.
  Result<Value> ApplyFilterChain(const Expr& e, Value input, const std::shared_ptr<Frame>& frame,
                                 bool skip_inner = false) {
    if (!skip_inner && e.a) {
      VLMXLA_ASSIGN_OR_RETURN(input, ApplyFilterChain(*e.a, std::move(input), frame));
    }
    VLMXLA_ASSIGN_OR_RETURN(CallArgs args, EvalArgs(e, frame));
    return ApplyFilter(e.name, input, args);
  }

  Result<ValueList> FilterItems(const Value& seq, const CallArgs& args, bool by_attr, bool keep) {
    VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(seq));
    size_t first_arg = by_attr ? 1 : 0;
    std::string attr;
    if (by_attr) {
      const Value* a = args.Get(0, "attribute");
      if (!a || !a->is_string()) return Err("selectattr/rejectattr need an attribute name");
      attr = a->as_string();
    }
    std::string test;
    CallArgs test_args;
    if (args.positional.size() > first_arg) {
      if (!args.positional[first_arg].is_string()) return Err("test name must be a string");
      test = args.positional[first_arg].as_string();
      test_args.positional.assign(args.positional.begin() + first_arg + 1, args.positional.end());
    }
    ValueList out;
    for (const Value& item : items) {
      Value v = item;
      if (by_attr) {
        VLMXLA_ASSIGN_OR_RETURN(v, ResolveAttrPath(item, attr));
      }
      bool r;
      if (test.empty()) {
        r = v.Truthy();
      } else {
        VLMXLA_ASSIGN_OR_RETURN(r, ApplyTest(test, v, test_args));
      }
      if (r == keep) out.push_back(item);
    }
    return out;
  }

  // "a.b.0" attribute paths as jinja2's make_attrgetter resolves them.
  Result<Value> ResolveAttrPath(const Value& item, const std::string& path) {
    Value v = item;
    size_t pos = 0;
    while (true) {
      size_t dot = path.find('.', pos);
      std::string part = path.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
      bool numeric = !part.empty() && std::all_of(part.begin(), part.end(), ::isdigit);
      if (v.is_undefined()) return v;
      VLMXLA_ASSIGN_OR_RETURN(v, GetItem(v, numeric ? Value(static_cast<int64_t>(std::stoll(part)))
                                                    : Value(part)));
      if (dot == std::string::npos) return v;
      pos = dot + 1;
    }
  }

  Result<Value> ApplyFilter(const std::string& name, const Value& v, const CallArgs& args) {
    auto arg = [&](size_t i, const char* n) { return args.Get(i, n); };
    auto need_string = [&]() -> Status {
      if (v.is_undefined()) return Status::Ok();
      return Status::Ok();
    };
    (void)need_string;
    if (name == "safe") return v;
    if (name == "string") return Value(ToPythonStr(v));
    if (name == "trim") return Value(Strip(ToPythonStr(v), arg(0, "chars"), true, true));
    if (name == "upper") return Value(MapCase(ToPythonStr(v), 1));
    if (name == "lower") return Value(MapCase(ToPythonStr(v), 0));
    if (name == "capitalize") return Value(Capitalize(ToPythonStr(v)));
    if (name == "title") return Value(JinjaTitle(ToPythonStr(v)));
    if (name == "escape" || name == "e" || name == "forceescape") return Value(HtmlEscape(ToPythonStr(v)));
    if (name == "length" || name == "count") {
      VLMXLA_ASSIGN_OR_RETURN(int64_t n, Length(v));
      return Value(n);
    }
    if (name == "default" || name == "d") {
      const Value* def = arg(0, "default_value");
      const Value* boolean = arg(1, "boolean");
      bool use_default = v.is_undefined() || (boolean && boolean->Truthy() && !v.Truthy());
      if (use_default) return def ? *def : Value("");
      return v;
    }
    if (name == "first" || name == "last") {
      if (v.is_undefined()) return UndefinedError(v);
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      if (items.empty()) return Value::MakeUndefined("No " + name + " item, sequence was empty.");
      return name == "first" ? items.front() : items.back();
    }
    if (name == "join") {
      const Value* sep = arg(0, "d");
      const Value* attr = arg(1, "attribute");
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      std::string out;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += sep ? ToPythonStr(*sep) : "";
        Value item = items[i];
        if (attr) {
          VLMXLA_ASSIGN_OR_RETURN(item, ResolveAttrPath(item, ToPythonStr(*attr)));
        }
        out += ToPythonStr(item);
      }
      return CheckedString(std::move(out));
    }
    if (name == "replace") {
      const Value* from = arg(0, "old");
      const Value* to = arg(1, "new");
      const Value* count = arg(2, "count");
      if (!from || !to) return Err("replace filter needs two arguments");
      return CheckedString(Replace(ToPythonStr(v), ToPythonStr(*from), ToPythonStr(*to),
                                   count && count->is_int() ? count->as_int() : -1));
    }
    if (name == "tojson") {
      JsonDumpOptions o;
      const Value* indent = arg(0, "indent");
      if (indent && !indent->is_none()) {
        if (indent->is_string()) {
          o.indent = indent->as_string();
        } else if (indent->is_int()) {
          o.indent = std::string(static_cast<size_t>(std::max<int64_t>(0, indent->as_int())), ' ');
        } else {
          return Err("tojson indent must be an int or a string");
        }
        o.item_separator = ",";
      }
      if (const Value* sep = arg(2, "separators"); sep && !sep->is_none()) {
        if (!sep->is_list() || sep->as_list().size() != 2) return Err("tojson separators must be a pair");
        o.item_separator = ToPythonStr(sep->as_list()[0]);
        o.key_separator = ToPythonStr(sep->as_list()[1]);
      }
      if (const Value* ea = arg(1, "ensure_ascii")) o.ensure_ascii = ea->Truthy();
      if (const Value* sk = arg(3, "sort_keys")) o.sort_keys = sk->Truthy();
      VLMXLA_ASSIGN_OR_RETURN(std::string s, JsonDumps(v, o));
      return CheckedString(std::move(s));
    }
    if (name == "int") {
      const Value* def = arg(0, "default");
      Value fallback = def ? *def : Value(int64_t{0});
      if (v.is_int()) return v;
      if (v.is_bool()) return Value(int64_t{v.as_bool()});
      if (v.is_float()) {
        if (!std::isfinite(v.as_float())) return fallback;
        return Value(static_cast<int64_t>(v.as_float()));
      }
      if (v.is_string()) {
        std::string s = Strip(v.as_string(), nullptr, true, true);
        char* end = nullptr;
        errno = 0;
        long long r = std::strtoll(s.c_str(), &end, 10);
        if (!s.empty() && end && *end == '\0' && errno == 0) return Value(static_cast<int64_t>(r));
        double d = std::strtod(s.c_str(), &end);
        if (!s.empty() && end && *end == '\0' && std::isfinite(d)) return Value(static_cast<int64_t>(d));
      }
      return fallback;
    }
    if (name == "float") {
      const Value* def = arg(0, "default");
      Value fallback = def ? *def : Value(0.0);
      if (v.is_number()) return Value(v.as_double());
      if (v.is_string()) {
        std::string s = Strip(v.as_string(), nullptr, true, true);
        char* end = nullptr;
        double d = std::strtod(s.c_str(), &end);
        if (!s.empty() && end && *end == '\0') return Value(d);
      }
      return fallback;
    }
    if (name == "abs") {
      if (v.is_int()) return Value(v.as_int() < 0 ? -v.as_int() : v.as_int());
      if (v.is_bool()) return Value(int64_t{v.as_bool()});
      if (v.is_float()) return Value(std::fabs(v.as_float()));
      return Err(std::string("bad operand type for abs(): '") + v.TypeName() + "'");
    }
    if (name == "round") {
      const Value* prec = arg(0, "precision");
      const Value* method = arg(1, "method");
      int64_t p = prec && prec->is_int() ? prec->as_int() : 0;
      std::string m = method ? ToPythonStr(*method) : "common";
      if (!v.is_number()) return Err(std::string("round filter needs a number, got ") + v.TypeName());
      double x = v.as_double();
      if (m == "common") return Value(PyRound(x, p));
      double f = std::pow(10.0, static_cast<double>(p));
      if (m == "ceil") return Value(std::ceil(x * f) / f);
      if (m == "floor") return Value(std::floor(x * f) / f);
      return Err("method must be common, ceil or floor");
    }
    if (name == "list") {
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      return Value(std::move(items));
    }
    if (name == "items") {
      if (v.is_undefined()) return Value(ValueList{});
      if (!v.is_dict()) return Err(std::string("items filter needs a mapping, got ") + v.TypeName());
      ValueList out;
      for (const auto& [k, e] : v.as_dict().items) out.push_back(Value::Tuple(ValueList{Value(k), e}));
      return Value(std::move(out));
    }
    if (name == "dictsort") {
      if (!v.is_dict()) return Err(std::string("dictsort needs a mapping, got ") + v.TypeName());
      const Value* cs = arg(0, "case_sensitive");
      const Value* by = arg(1, "by");
      const Value* rev = arg(2, "reverse");
      bool case_sensitive = cs && cs->Truthy();
      bool by_value = by && ToPythonStr(*by) == "value";
      ValueList out;
      for (const auto& [k, e] : v.as_dict().items) out.push_back(Value::Tuple(ValueList{Value(k), e}));
      Status st;
      auto key = [&](const Value& pair) {
        Value k = pair.as_list()[by_value ? 1 : 0];
        if (!case_sensitive && k.is_string()) k = Value(MapCase(k.as_string(), 0));
        return k;
      };
      std::stable_sort(out.begin(), out.end(), [&](const Value& x, const Value& y) {
        auto r = ValueLess(key(x), key(y));
        if (!r.ok()) {
          st = r.status();
          return false;
        }
        return *r;
      });
      VLMXLA_RETURN_IF_ERROR(st);
      if (rev && rev->Truthy()) std::reverse(out.begin(), out.end());
      return Value(std::move(out));
    }
    if (name == "selectattr" || name == "rejectattr" || name == "select" || name == "reject") {
      bool by_attr = name.find("attr") != std::string::npos;
      bool keep = name[0] == 's';
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, FilterItems(v, args, by_attr, keep));
      return Value(std::move(items));
    }
    if (name == "map") {
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      ValueList out;
      if (const Value* attr = args.Get(SIZE_MAX, "attribute")) {
        const Value* def = args.Get(SIZE_MAX, "default");
        for (const Value& item : items) {
          VLMXLA_ASSIGN_OR_RETURN(Value r, ResolveAttrPath(item, ToPythonStr(*attr)));
          if (r.is_undefined() && def) r = *def;
          out.push_back(std::move(r));
        }
        return Value(std::move(out));
      }
      if (args.positional.empty() || !args.positional[0].is_string()) {
        return Err("map needs a filter name or attribute=");
      }
      CallArgs rest;
      rest.positional.assign(args.positional.begin() + 1, args.positional.end());
      rest.keyword = args.keyword;
      for (const Value& item : items) {
        VLMXLA_ASSIGN_OR_RETURN(Value r, ApplyFilter(args.positional[0].as_string(), item, rest));
        out.push_back(std::move(r));
      }
      return Value(std::move(out));
    }
    if (name == "unique") {
      const Value* cs = arg(0, "case_sensitive");
      const Value* attr = arg(1, "attribute");
      bool case_sensitive = cs && cs->Truthy();
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      ValueList out, seen;
      for (const Value& item : items) {
        Value k = item;
        if (attr) {
          VLMXLA_ASSIGN_OR_RETURN(k, ResolveAttrPath(item, ToPythonStr(*attr)));
        }
        if (!case_sensitive && k.is_string()) k = Value(MapCase(k.as_string(), 0));
        bool dup = false;
        for (const Value& s : seen) dup = dup || ValuesEqual(s, k);
        if (!dup) {
          seen.push_back(k);
          out.push_back(item);
        }
      }
      return Value(std::move(out));
    }
    if (name == "indent") {
      const Value* width = arg(0, "width");
      const Value* first = arg(1, "first");
      const Value* blank = arg(2, "blank");
      std::string ind = !width ? "    " : width->is_string() ? width->as_string()
                        : std::string(static_cast<size_t>(std::max<int64_t>(0, width->is_int() ? width->as_int() : 4)), ' ');
      std::string s = ToPythonStr(v) + "\n";
      std::vector<std::string> lines;
      size_t pos = 0;
      while (pos < s.size()) {  // str.splitlines() on \n, \r\n and \r
        size_t e = s.find_first_of("\r\n", pos);
        lines.push_back(s.substr(pos, e - pos));
        pos = e + ((s[e] == '\r' && e + 1 < s.size() && s[e + 1] == '\n') ? 2 : 1);
      }
      std::string rv;
      if (blank && blank->Truthy()) {
        for (size_t i = 0; i < lines.size(); ++i) rv += (i ? "\n" + ind : "") + lines[i];
      } else {
        rv = lines.empty() ? "" : lines[0];
        for (size_t i = 1; i < lines.size(); ++i) {
          rv += "\n";
          if (!lines[i].empty()) rv += ind;
          rv += lines[i];
        }
      }
      if (first && first->Truthy()) rv = ind + rv;
      return CheckedString(std::move(rv));
    }
    if (name == "batch") {
      const Value* count = arg(0, "linecount");
      const Value* fill = arg(1, "fill_with");
      if (!count || !count->is_int() || count->as_int() <= 0) return Err("batch needs a positive count");
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      ValueList out, cur;
      for (const Value& item : items) {
        cur.push_back(item);
        if (static_cast<int64_t>(cur.size()) == count->as_int()) {
          out.emplace_back(std::move(cur));
          cur.clear();
        }
      }
      if (!cur.empty()) {
        if (fill && !fill->is_none()) {
          while (static_cast<int64_t>(cur.size()) < count->as_int()) cur.push_back(*fill);
        }
        out.emplace_back(std::move(cur));
      }
      return Value(std::move(out));
    }
    if (name == "sum" || name == "min" || name == "max") {
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      if (name == "sum") {
        Value total = args.Get(SIZE_MAX, "start") ? *args.Get(SIZE_MAX, "start") : Value(int64_t{0});
        for (const Value& item : items) {
          VLMXLA_ASSIGN_OR_RETURN(total, Binary("+", total, item));
        }
        return total;
      }
      if (items.empty()) return Value::MakeUndefined("No aggregated item, sequence was empty.");
      Value best = items[0];
      for (const Value& item : items) {
        VLMXLA_ASSIGN_OR_RETURN(bool less, ValueLess(item, best));
        if (name == "min" ? less : !less && !ValuesEqual(item, best)) best = item;
      }
      return best;
    }
    if (name == "reverse") {
      if (v.is_string()) {
        std::vector<uint32_t> cps = DecodeUtf8(v.as_string());
        std::reverse(cps.begin(), cps.end());
        return Value(EncodeUtf8(cps));
      }
      VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(v));
      std::reverse(items.begin(), items.end());
      return Value(std::move(items));
    }
    return Err("no filter named '" + name + "'");
  }

  Result<bool> ApplyTest(const std::string& name, const Value& v, const CallArgs& args) {
    const Value* other = args.Get(0, "other");
    if (name == "defined") return !v.is_undefined();
    if (name == "undefined") return v.is_undefined();
    if (name == "none") return v.is_none();
    if (name == "string") return v.is_string();
    if (name == "number") return v.is_number();
    if (name == "integer") return v.is_int();
    if (name == "float") return v.is_float();
    if (name == "boolean") return v.is_bool();
    if (name == "true") return v.is_bool() && v.as_bool();
    if (name == "false") return v.is_bool() && !v.as_bool();
    if (name == "mapping") return v.is_dict();
    if (name == "iterable") return v.is_list() || v.is_dict() || v.is_string() || v.is_undefined();
    if (name == "sequence") return v.is_list() || v.is_dict() || v.is_string() || v.is_undefined();
    if (name == "callable") return v.is_callable();
    if (name == "lower") return v.is_string() && MapCase(v.as_string(), 0) == v.as_string();
    if (name == "upper") return v.is_string() && MapCase(v.as_string(), 1) == v.as_string();
    if (name == "equalto" || name == "eq" || name == "==" || name == "sameas") {
      if (!other) return Err("test '" + name + "' needs an argument");
      if (name == "sameas") {
        if (v.is_none() || other->is_none()) return v.is_none() && other->is_none();
        if (v.is_bool() || other->is_bool()) return v.is_bool() && other->is_bool() && v.as_bool() == other->as_bool();
      }
      return ValuesEqual(v, *other);
    }
    if (name == "ne" || name == "!=") {
      if (!other) return Err("test '" + name + "' needs an argument");
      return !ValuesEqual(v, *other);
    }
    if (name == "in") {
      const Value* seq = args.Get(0, "seq");
      if (!seq) return Err("test 'in' needs an argument");
      return Contains(*seq, v);
    }
    static const char* kCmp[][2] = {{"lt", "<"}, {"<", "<"}, {"lessthan", "<"}, {"gt", ">"},
                                    {">", ">"}, {"greaterthan", ">"}, {"le", "<="}, {"<=", "<="},
                                    {"ge", ">="}, {">=", ">="}};
    for (const auto& c : kCmp) {
      if (name == c[0]) {
        if (!other) return Err("test '" + name + "' needs an argument");
        return Compare(c[1], v, *other);
      }
    }
    if (name == "odd" || name == "even" || name == "divisibleby") {
      if (!v.is_int()) return Err("test '" + name + "' needs an integer");
      if (name == "divisibleby") {
        const Value* n = args.Get(0, "num");
        if (!n || !n->is_int() || n->as_int() == 0) return Err("divisibleby needs a non-zero integer");
        return v.as_int() % n->as_int() == 0;
      }
      return (v.as_int() % 2 != 0) == (name == "odd");
    }
    return Err("no test named '" + name + "'");
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
