// jinja2's builtins (its defaults.py): the filters (`v | name(args)`, a name -> function table),
// the tests (`v is name`) and the global functions (range, namespace, dict; Transformers adds
// raise_exception and strftime_now).
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string_view>
#include <unordered_map>

#include <utf8proc.h>

#include "vlmxla/text/jinja_builtins.h"

namespace vlmxla::text::jinja::internal {
namespace {

std::string JinjaTitle(const std::string& s) {
  // jinja2 splits on runs of [-\s({[<] and capitalises each word.
  std::vector<uint32_t> cps = DecodeUtf8(s);
  std::vector<uint32_t> out;
  bool start = true;
  for (size_t i = 0; i < cps.size(); ++i) {
    uint32_t c = cps[i];
    bool sep = c == '-' || IsPyWhitespace(c) || c == '(' || c == '{' || c == '[' || c == '<';
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

double PyRound(double x, int64_t digits) {
  if (!std::isfinite(x)) return x;
  if (digits == 0) return std::nearbyint(x);  // ties to even, like Python
  if (digits < 0) {
    double p = std::pow(10.0, static_cast<double>(-digits));
    return std::nearbyint(x / p) * p;
  }
  char buf[512];
  std::snprintf(buf, sizeof(buf), "%.*f", static_cast<int>(std::min<int64_t>(digits, 300)), x);
  return std::strtod(buf, nullptr);
}

// "a.b.0" attribute paths as jinja2's make_attrgetter resolves them.
Result<Value> ResolveAttrPath(const Value& item, const std::string& path) {
  Value v = item;
  size_t pos = 0;
  while (true) {
    size_t dot = path.find('.', pos);
    std::string part = path.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
    bool numeric = !part.empty() && std::all_of(part.begin(), part.end(),
                                                [](char ch) { return ch >= '0' && ch <= '9'; });
    if (v.is_undefined()) return v;
    Value key(part);
    if (numeric) {
      int64_t index = 0;
      auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), index);
      // An index past int64 finds nothing: jinja2's obj[10**30] fails and getitem gives Undefined.
      if (ec != std::errc()) return Value::MakeUndefined(part);
      key = Value(index);
    }
    VLMXLA_ASSIGN_OR_RETURN(v, GetItem(v, key));
    if (dot == std::string::npos) return v;
    pos = dot + 1;
  }
}

// selectattr / rejectattr (by_attr) and select / reject: the items whose test result is `keep`.
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

// One filter application. Aliases ("e", "escape") share a function, which `name` tells apart.
struct FilterCall {
  const std::string& name;
  const Value& v;  // the filtered value
  const CallArgs& args;
  const RenderLimits& limits;
  const Value* arg(size_t i, const char* n) const { return args.Get(i, n); }
};
using Filter = Result<Value> (*)(const FilterCall& c);

Result<Value> EscapeFilter(const FilterCall& c) { return Value(HtmlEscape(ToPythonStr(c.v))); }

Result<Value> LengthFilter(const FilterCall& c) {
  VLMXLA_ASSIGN_OR_RETURN(int64_t n, Length(c.v));
  return Value(n);
}

Result<Value> DefaultFilter(const FilterCall& c) {
  const Value* def = c.arg(0, "default_value");
  const Value* boolean = c.arg(1, "boolean");
  bool use_default = c.v.is_undefined() || (boolean && boolean->Truthy() && !c.v.Truthy());
  if (use_default) return def ? *def : Value("");
  return c.v;
}

Result<Value> FirstLastFilter(const FilterCall& c) {
  if (c.v.is_undefined()) return UndefinedError(c.v);
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
  if (items.empty()) return Value::MakeUndefined("No " + c.name + " item, sequence was empty.");
  return c.name == "first" ? items.front() : items.back();
}

Result<Value> JoinFilter(const FilterCall& c) {
  const Value* sep = c.arg(0, "d");
  const Value* attr = c.arg(1, "attribute");
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep ? ToPythonStr(*sep) : "";
    Value item = items[i];
    if (attr) {
      VLMXLA_ASSIGN_OR_RETURN(item, ResolveAttrPath(item, ToPythonStr(*attr)));
    }
    out += ToPythonStr(item);
  }
  return CheckedString(std::move(out), c.limits);
}

Result<Value> ReplaceFilter(const FilterCall& c) {
  const Value* from = c.arg(0, "old");
  const Value* to = c.arg(1, "new");
  const Value* count = c.arg(2, "count");
  if (!from || !to) return Err("replace filter needs two arguments");
  return CheckedString(Replace(ToPythonStr(c.v), ToPythonStr(*from), ToPythonStr(*to),
                               count && count->is_int() ? count->as_int() : -1),
                       c.limits);
}

Result<Value> ToJsonFilter(const FilterCall& c) {
  JsonDumpOptions o;
  const Value* indent = c.arg(0, "indent");
  if (indent && !indent->is_none()) {
    if (indent->is_string()) {
      o.indent = indent->as_string();
    } else if (indent->is_int()) {
      o.indent = std::string(static_cast<size_t>(std::max<int64_t>(0, indent->as_int())), ' ');
    } else {
      return Err("tojson indent must be an int or a string");
    }
    o.item_separator = std::string(",");  // not `= ","`: GCC 12 warns -Wrestrict falsely
  }
  if (const Value* sep = c.arg(2, "separators"); sep && !sep->is_none()) {
    if (!sep->is_list() || sep->as_list().size() != 2) {
      return Err("tojson separators must be a pair");
    }
    o.item_separator = ToPythonStr(sep->as_list()[0]);
    o.key_separator = ToPythonStr(sep->as_list()[1]);
  }
  if (const Value* ea = c.arg(1, "ensure_ascii")) o.ensure_ascii = ea->Truthy();
  if (const Value* sk = c.arg(3, "sort_keys")) o.sort_keys = sk->Truthy();
  VLMXLA_ASSIGN_OR_RETURN(std::string s, JsonDumps(c.v, o));
  return CheckedString(std::move(s), c.limits);
}

// Python's int(d), truncating; ours are int64, so a value past its range is an error naming it
// (a plain cast would be undefined behaviour).
Result<Value> FloatToInt(double d) {
  const double t = std::trunc(d);
  if (t < -9223372036854775808.0 || t >= 9223372036854775808.0) {
    return InvalidArgument("int(): " + FormatPythonFloat(d) + " is out of the int64 range",
                           "chat_template_error");
  }
  return Value(static_cast<int64_t>(t));
}

Result<Value> IntFilter(const FilterCall& c) {
  const Value& v = c.v;
  const Value* def = c.arg(0, "default");
  Value fallback = def ? *def : Value(int64_t{0});
  if (v.is_int()) return v;
  if (v.is_bool()) return Value(int64_t{v.as_bool()});
  if (v.is_float()) {
    if (!std::isfinite(v.as_float())) return fallback;
    return FloatToInt(v.as_float());
  }
  if (v.is_string()) {
    std::string s = Strip(v.as_string(), nullptr, true, true);
    char* end = nullptr;
    errno = 0;
    long long r = std::strtoll(s.c_str(), &end, 10);
    if (!s.empty() && end && *end == '\0' && errno == 0) return Value(static_cast<int64_t>(r));
    double d = std::strtod(s.c_str(), &end);
    if (!s.empty() && end && *end == '\0' && std::isfinite(d)) return FloatToInt(d);
  }
  return fallback;
}

Result<Value> FloatFilter(const FilterCall& c) {
  const Value* def = c.arg(0, "default");
  Value fallback = def ? *def : Value(0.0);
  if (c.v.is_number()) return Value(c.v.as_double());
  if (c.v.is_string()) {
    std::string s = Strip(c.v.as_string(), nullptr, true, true);
    char* end = nullptr;
    double d = std::strtod(s.c_str(), &end);
    if (!s.empty() && end && *end == '\0') return Value(d);
  }
  return fallback;
}

Result<Value> AbsFilter(const FilterCall& c) {
  const Value& v = c.v;
  if (v.is_int()) return Value(v.as_int() < 0 ? -v.as_int() : v.as_int());
  if (v.is_bool()) return Value(int64_t{v.as_bool()});
  if (v.is_float()) return Value(std::fabs(v.as_float()));
  return Err(std::string("bad operand type for abs(): '") + v.TypeName() + "'");
}

Result<Value> RoundFilter(const FilterCall& c) {
  const Value* prec = c.arg(0, "precision");
  const Value* method = c.arg(1, "method");
  int64_t p = prec && prec->is_int() ? prec->as_int() : 0;
  std::string m = method ? ToPythonStr(*method) : "common";
  if (!c.v.is_number()) {
    return Err(std::string("round filter needs a number, got ") + c.v.TypeName());
  }
  double x = c.v.as_double();
  if (m == "common") return Value(PyRound(x, p));
  double f = std::pow(10.0, static_cast<double>(p));
  if (m == "ceil") return Value(std::ceil(x * f) / f);
  if (m == "floor") return Value(std::floor(x * f) / f);
  return Err("method must be common, ceil or floor");
}

ValueList ItemPairs(const ValueDict& d) {  // dict.items() as (key, value) tuples
  ValueList out;
  for (const auto& [k, e] : d.items) out.push_back(Value::Tuple(ValueList{Value(k), e}));
  return out;
}

Result<Value> ItemsFilter(const FilterCall& c) {
  if (c.v.is_undefined()) return Value(ValueList{});
  if (!c.v.is_dict()) {
    return Err(std::string("items filter needs a mapping, got ") + c.v.TypeName());
  }
  return Value(ItemPairs(c.v.as_dict()));
}

Result<Value> DictSortFilter(const FilterCall& c) {
  if (!c.v.is_dict()) return Err(std::string("dictsort needs a mapping, got ") + c.v.TypeName());
  const Value* cs = c.arg(0, "case_sensitive");
  const Value* by = c.arg(1, "by");
  const Value* rev = c.arg(2, "reverse");
  bool case_sensitive = cs && cs->Truthy();
  bool by_value = by && ToPythonStr(*by) == "value";
  ValueList out = ItemPairs(c.v.as_dict());
  Status st;
  auto key = [&](const Value& pair) {
    Value k = pair.as_list()[by_value ? 1 : 0];
    if (!case_sensitive && k.is_string()) k = Value(MapCase(k.as_string(), false));
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

Result<Value> SelectRejectFilter(const FilterCall& c) {  // select, reject, selectattr, rejectattr
  bool by_attr = c.name.find("attr") != std::string::npos;
  bool keep = c.name[0] == 's';
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, FilterItems(c.v, c.args, by_attr, keep));
  return Value(std::move(items));
}

Result<Value> MapFilter(const FilterCall& c) {
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
  ValueList out;
  if (const Value* attr = c.args.Get(SIZE_MAX, "attribute")) {
    const Value* def = c.args.Get(SIZE_MAX, "default");
    for (const Value& item : items) {
      VLMXLA_ASSIGN_OR_RETURN(Value r, ResolveAttrPath(item, ToPythonStr(*attr)));
      if (r.is_undefined() && def) r = *def;
      out.push_back(std::move(r));
    }
    return Value(std::move(out));
  }
  if (c.args.positional.empty() || !c.args.positional[0].is_string()) {
    return Err("map needs a filter name or attribute=");
  }
  CallArgs rest;
  rest.positional.assign(c.args.positional.begin() + 1, c.args.positional.end());
  rest.keyword = c.args.keyword;
  for (const Value& item : items) {
    VLMXLA_ASSIGN_OR_RETURN(Value r,
                            ApplyFilter(c.args.positional[0].as_string(), item, rest, c.limits));
    out.push_back(std::move(r));
  }
  return Value(std::move(out));
}

Result<Value> UniqueFilter(const FilterCall& c) {
  const Value* cs = c.arg(0, "case_sensitive");
  const Value* attr = c.arg(1, "attribute");
  bool case_sensitive = cs && cs->Truthy();
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
  ValueList out, seen;
  for (const Value& item : items) {
    Value k = item;
    if (attr) {
      VLMXLA_ASSIGN_OR_RETURN(k, ResolveAttrPath(item, ToPythonStr(*attr)));
    }
    if (!case_sensitive && k.is_string()) k = Value(MapCase(k.as_string(), false));
    bool dup = false;
    for (const Value& s : seen) dup = dup || ValuesEqual(s, k);
    if (!dup) {
      seen.push_back(k);
      out.push_back(item);
    }
  }
  return Value(std::move(out));
}

Result<Value> IndentFilter(const FilterCall& c) {
  const Value* width = c.arg(0, "width");
  const Value* first = c.arg(1, "first");
  const Value* blank = c.arg(2, "blank");
  std::string ind =
      !width ? "    "
      : width->is_string()
          ? width->as_string()
          : std::string(
                static_cast<size_t>(std::max<int64_t>(0, width->is_int() ? width->as_int() : 4)),
                ' ');
  std::string s = ToPythonStr(c.v) + "\n";
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
  return CheckedString(std::move(rv), c.limits);
}

Result<Value> BatchFilter(const FilterCall& c) {
  const Value* count = c.arg(0, "linecount");
  const Value* fill = c.arg(1, "fill_with");
  if (!count || !count->is_int() || count->as_int() <= 0) {
    return Err("batch needs a positive count");
  }
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
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

Result<Value> SumFilter(const FilterCall& c) {
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
  const Value* start = c.args.Get(SIZE_MAX, "start");
  Value total = start ? *start : Value(int64_t{0});
  for (const Value& item : items) {
    VLMXLA_ASSIGN_OR_RETURN(total, Binary("+", total, item, c.limits));
  }
  return total;
}

Result<Value> MinMaxFilter(const FilterCall& c) {
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
  if (items.empty()) return Value::MakeUndefined("No aggregated item, sequence was empty.");
  bool min = c.name == "min";
  Value best = items[0];
  for (const Value& item : items) {
    VLMXLA_ASSIGN_OR_RETURN(bool less, ValueLess(item, best));
    if (min ? less : !less && !ValuesEqual(item, best)) best = item;
  }
  return best;
}

Result<Value> ReverseFilter(const FilterCall& c) {
  if (c.v.is_string()) {
    std::vector<uint32_t> cps = DecodeUtf8(c.v.as_string());
    std::reverse(cps.begin(), cps.end());
    return Value(EncodeUtf8(cps));
  }
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
  std::reverse(items.begin(), items.end());
  return Value(std::move(items));
}

const std::unordered_map<std::string_view, Filter>& Filters() {
  static const auto& table = *new std::unordered_map<std::string_view, Filter>{
      {"safe", [](const FilterCall& c) -> Result<Value> { return c.v; }},
      {"string", [](const FilterCall& c) -> Result<Value> { return Value(ToPythonStr(c.v)); }},
      {"trim",
       [](const FilterCall& c) -> Result<Value> {
         return Value(Strip(ToPythonStr(c.v), c.arg(0, "chars"), true, true));
       }},
      {"upper",
       [](const FilterCall& c) -> Result<Value> { return Value(MapCase(ToPythonStr(c.v), true)); }},
      {"lower",
       [](const FilterCall& c) -> Result<Value> {
         return Value(MapCase(ToPythonStr(c.v), false));
       }},
      {"capitalize",
       [](const FilterCall& c) -> Result<Value> { return Value(Capitalize(ToPythonStr(c.v))); }},
      {"title",
       [](const FilterCall& c) -> Result<Value> { return Value(JinjaTitle(ToPythonStr(c.v))); }},
      {"escape", EscapeFilter},
      {"e", EscapeFilter},
      {"forceescape", EscapeFilter},
      {"length", LengthFilter},
      {"count", LengthFilter},
      {"default", DefaultFilter},
      {"d", DefaultFilter},
      {"first", FirstLastFilter},
      {"last", FirstLastFilter},
      {"join", JoinFilter},
      {"replace", ReplaceFilter},
      {"tojson", ToJsonFilter},
      {"int", IntFilter},
      {"float", FloatFilter},
      {"abs", AbsFilter},
      {"round", RoundFilter},
      {"list",
       [](const FilterCall& c) -> Result<Value> {
         VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(c.v));
         return Value(std::move(items));
       }},
      {"items", ItemsFilter},
      {"dictsort", DictSortFilter},
      {"select", SelectRejectFilter},
      {"reject", SelectRejectFilter},
      {"selectattr", SelectRejectFilter},
      {"rejectattr", SelectRejectFilter},
      {"map", MapFilter},
      {"unique", UniqueFilter},
      {"indent", IndentFilter},
      {"batch", BatchFilter},
      {"sum", SumFilter},
      {"min", MinMaxFilter},
      {"max", MinMaxFilter},
      {"reverse", ReverseFilter},
  };
  return table;
}

}  // namespace

Result<Value> ApplyFilter(const std::string& name, const Value& v, const CallArgs& args,
                          const RenderLimits& limits) {
  const auto& filters = Filters();
  auto it = filters.find(name);
  if (it == filters.end()) return Err("no filter named '" + name + "'");
  return it->second(FilterCall{name, v, args, limits});
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
  if (name == "lower") return v.is_string() && MapCase(v.as_string(), false) == v.as_string();
  if (name == "upper") return v.is_string() && MapCase(v.as_string(), true) == v.as_string();
  if (name == "equalto" || name == "eq" || name == "==" || name == "sameas") {
    if (!other) return Err("test '" + name + "' needs an argument");
    if (name == "sameas") {
      if (v.is_none() || other->is_none()) return v.is_none() && other->is_none();
      if (v.is_bool() || other->is_bool()) {
        return v.is_bool() && other->is_bool() && v.as_bool() == other->as_bool();
      }
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
  static const char* kCmp[][2] = {
      {"lt", "<"},          {"<", "<"},   {"lessthan", "<"}, {"gt", ">"},  {">", ">"},
      {"greaterthan", ">"}, {"le", "<="}, {"<=", "<="},      {"ge", ">="}, {">=", ">="}};
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
      if (!n || !n->is_int() || n->as_int() == 0) {
        return Err("divisibleby needs a non-zero integer");
      }
      return v.as_int() % n->as_int() == 0;
    }
    return (v.as_int() % 2 != 0) == (name == "odd");
  }
  return Err("no test named '" + name + "'");
}

Status CheckNamespaceAttr(const std::string& name) {
  if (!name.empty() && name[0] == '_') {
    return Err(
        "Chat templates cannot store underscore-prefixed attributes on a namespace, "
        "but got '" +
        name + "'");
  }
  return Status::Ok();
}

void AddGlobalFunctions(ValueDict& vars) {
  auto add = [&](const std::string& name, NativeFn fn) {
    if (vars.Find(name)) return;
    vars.Set(name, MakeNative(name, std::move(fn)));
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
      VLMXLA_RETURN_IF_ERROR(CheckNamespaceAttr(k));
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
    if (a.size() == 1)
      stop = a[0];
    else if (a.size() >= 2) {
      start = a[0];
      stop = a[1];
    }
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

}  // namespace vlmxla::text::jinja::internal
