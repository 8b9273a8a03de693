// Python str and dict methods reachable from templates (`s.strip()`, `d.items()`), one name ->
// function table per type, and the str helpers that the filters share.
#include <algorithm>
#include <memory>
#include <string_view>
#include <unordered_map>

#include <utf8proc.h>

#include "vlmxla/text/jinja_builtins.h"

namespace vlmxla::text::jinja::internal {

bool IsPyWhitespace(uint32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == 0x1c ||
         c == 0x1d || c == 0x1e || c == 0x1f || c == 0x85 || c == 0xa0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f ||
         c == 0x3000;
}

std::string Strip(const std::string& s, const Value* chars, bool left, bool right) {
  std::vector<uint32_t> cps = DecodeUtf8(s);
  std::vector<uint32_t> set;
  bool use_set = chars && chars->is_string();
  if (use_set) set = DecodeUtf8(chars->as_string());
  auto strip_it = [&](uint32_t c) {
    return use_set ? std::find(set.begin(), set.end(), c) != set.end() : IsPyWhitespace(c);
  };
  size_t b = 0, e = cps.size();
  if (left)
    while (b < e && strip_it(cps[b])) ++b;
  if (right)
    while (e > b && strip_it(cps[e - 1])) --e;
  return EncodeUtf8(std::vector<uint32_t>(cps.begin() + b, cps.begin() + e));
}

std::string MapCase(const std::string& s, bool upper) {
  std::vector<uint32_t> cps = DecodeUtf8(s);
  for (auto& c : cps) {
    c = static_cast<uint32_t>(upper ? utf8proc_toupper(static_cast<int32_t>(c))
                                    : utf8proc_tolower(static_cast<int32_t>(c)));
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

Value MakeNative(const std::string& name, NativeFn fn) {
  auto c = std::make_shared<Callable>();
  c->name = name;
  c->fn = std::move(fn);
  return Value(c);
}

namespace {

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

Value SplitString(const std::string& s, const Value* sep, int64_t maxsplit) {
  ValueList parts;
  if (!sep || sep->is_none()) {
    std::vector<uint32_t> cps = DecodeUtf8(s);
    size_t i = 0;
    int64_t n = 0;
    while (true) {
      while (i < cps.size() && IsPyWhitespace(cps[i])) ++i;
      if (i >= cps.size()) break;
      if (maxsplit >= 0 && n >= maxsplit) {
        // Python keeps the remainder's trailing whitespace: 'a b  '.split(None, 1) == ['a', 'b  '].
        parts.emplace_back(EncodeUtf8(std::vector<uint32_t>(cps.begin() + i, cps.end())));
        break;
      }
      size_t j = i;
      while (j < cps.size() && !IsPyWhitespace(cps[j])) ++j;
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

// str.rsplit: as SplitString, but with maxsplit the splits are taken from the right.
Value RSplitString(const std::string& s, const Value* sep, int64_t maxsplit) {
  if (maxsplit < 0) return SplitString(s, sep, maxsplit);
  ValueList parts;  // right to left, reversed at the end
  if (!sep || sep->is_none()) {
    std::vector<uint32_t> cps = DecodeUtf8(s);
    size_t j = cps.size();
    int64_t n = 0;
    while (true) {
      while (j > 0 && IsPyWhitespace(cps[j - 1])) --j;
      if (j == 0) break;
      if (n >= maxsplit) {  // the remainder keeps its leading whitespace
        parts.emplace_back(EncodeUtf8(std::vector<uint32_t>(cps.begin(), cps.begin() + j)));
        break;
      }
      size_t i = j;
      while (i > 0 && !IsPyWhitespace(cps[i - 1])) --i;
      parts.emplace_back(EncodeUtf8(std::vector<uint32_t>(cps.begin() + i, cps.begin() + j)));
      ++n;
      j = i;
    }
  } else {
    const std::string& d = sep->as_string();
    size_t end = s.size();
    for (int64_t n = 0; n < maxsplit && end >= d.size(); ++n) {
      const size_t f = s.rfind(d, end - d.size());
      if (f == std::string::npos) break;
      parts.emplace_back(s.substr(f + d.size(), end - f - d.size()));
      end = f;
    }
    parts.emplace_back(s.substr(0, end));
  }
  std::reverse(parts.begin(), parts.end());
  return Value(std::move(parts));
}

// A method gets the value it is bound to (a str or a dict) and the call's arguments.
using Method = Result<Value> (*)(const Value& self, const CallArgs& a);
using MethodTable = std::unordered_map<std::string_view, Method>;

Result<Value> SplitMethod(const Value& self, const CallArgs& a, bool from_right) {
  const Value* sep = a.Get(0, "sep");
  const Value* max = a.Get(1, "maxsplit");
  if (sep && !sep->is_none() && !sep->is_string()) return Err("split() separator must be a string");
  if (sep && sep->is_string() && sep->as_string().empty()) return Err("empty separator");
  const int64_t maxsplit = max && max->is_int() ? max->as_int() : -1;
  return from_right ? RSplitString(self.as_string(), sep, maxsplit)
                    : SplitString(self.as_string(), sep, maxsplit);
}
Result<Value> StrSplit(const Value& self, const CallArgs& a) { return SplitMethod(self, a, false); }
Result<Value> StrRSplit(const Value& self, const CallArgs& a) { return SplitMethod(self, a, true); }

Result<Value> StrAffix(const std::string& s, const CallArgs& a, bool starts) {
  const Value* p = a.Get(0, "prefix");
  if (!p) return Err("startswith/endswith needs an argument");
  ValueList options = p->is_list() ? p->as_list() : ValueList{*p};
  for (const Value& o : options) {
    if (!o.is_string()) return Err("startswith/endswith argument must be str or tuple of str");
    const std::string& t = o.as_string();
    if (t.size() <= s.size() && (starts ? s.compare(0, t.size(), t) == 0
                                        : s.compare(s.size() - t.size(), t.size(), t) == 0)) {
      return Value(true);
    }
  }
  return Value(false);
}

Result<Value> StrReplace(const Value& self, const CallArgs& a) {
  const Value* from = a.Get(0, "old");
  const Value* to = a.Get(1, "new");
  const Value* count = a.Get(2, "count");
  if (!from || !to || !from->is_string() || !to->is_string()) {
    return Err("replace() needs two strings");
  }
  return Value(Replace(self.as_string(), from->as_string(), to->as_string(),
                       count && count->is_int() ? count->as_int() : -1));
}

Result<Value> StrFindOrCount(const std::string& s, const CallArgs& a, bool find) {
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
}

Result<Value> StrJoin(const Value& self, const CallArgs& a) {
  if (a.positional.empty()) return Err("join() needs an iterable");
  VLMXLA_ASSIGN_OR_RETURN(ValueList items, Iterate(a.positional[0]));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_string()) return Err("join() expects strings");
    if (i) out += self.as_string();
    out += items[i].as_string();
  }
  return Value(std::move(out));
}

enum class DictView { kItems, kKeys, kValues };

Value ListDict(const Value& self, DictView view) {
  ValueList out;
  for (const auto& [k, v] : self.as_dict().items) {
    if (view == DictView::kItems)
      out.push_back(Value::Tuple(ValueList{Value(k), v}));
    else if (view == DictView::kKeys)
      out.emplace_back(k);
    else
      out.push_back(v);
  }
  return Value(std::move(out));
}

Result<Value> DictGet(const Value& self, const CallArgs& a) {
  if (a.positional.empty()) return Err("get() needs a key");
  const Value& k = a.positional[0];
  if (k.is_string()) {
    if (const Value* v = self.as_dict().Find(k.as_string())) return *v;
  }
  return a.positional.size() > 1 ? a.positional[1] : Value::None();
}

const MethodTable& StrMethods() {
  static const auto& table = *new MethodTable{
      {"strip",
       [](const Value& s, const CallArgs& a) -> Result<Value> {
         return Value(Strip(s.as_string(), a.Get(0, "chars"), true, true));
       }},
      {"lstrip",
       [](const Value& s, const CallArgs& a) -> Result<Value> {
         return Value(Strip(s.as_string(), a.Get(0, "chars"), true, false));
       }},
      {"rstrip",
       [](const Value& s, const CallArgs& a) -> Result<Value> {
         return Value(Strip(s.as_string(), a.Get(0, "chars"), false, true));
       }},
      {"upper",
       [](const Value& s, const CallArgs&) -> Result<Value> {
         return Value(MapCase(s.as_string(), true));
       }},
      {"lower",
       [](const Value& s, const CallArgs&) -> Result<Value> {
         return Value(MapCase(s.as_string(), false));
       }},
      {"title",
       [](const Value& s, const CallArgs&) -> Result<Value> {
         return Value(PyTitle(s.as_string()));
       }},
      {"capitalize",
       [](const Value& s, const CallArgs&) -> Result<Value> {
         return Value(Capitalize(s.as_string()));
       }},
      {"split", StrSplit},
      {"rsplit", StrRSplit},
      {"startswith", [](const Value& s,
                        const CallArgs& a) { return StrAffix(s.as_string(), a, /*starts=*/true); }},
      {"endswith", [](const Value& s,
                      const CallArgs& a) { return StrAffix(s.as_string(), a, /*starts=*/false); }},
      {"replace", StrReplace},
      {"find", [](const Value& s,
                  const CallArgs& a) { return StrFindOrCount(s.as_string(), a, /*find=*/true); }},
      {"count", [](const Value& s,
                   const CallArgs& a) { return StrFindOrCount(s.as_string(), a, /*find=*/false); }},
      {"join", StrJoin},
  };
  return table;
}

const MethodTable& DictMethods() {
  static const auto& table = *new MethodTable{
      {"items",
       [](const Value& d, const CallArgs&) -> Result<Value> {
         return ListDict(d, DictView::kItems);
       }},
      {"keys",
       [](const Value& d, const CallArgs&) -> Result<Value> {
         return ListDict(d, DictView::kKeys);
       }},
      {"values",
       [](const Value& d, const CallArgs&) -> Result<Value> {
         return ListDict(d, DictView::kValues);
       }},
      {"get", DictGet},
  };
  return table;
}

}  // namespace

Value BoundMethod(const Value& obj, const std::string& name) {
  const MethodTable* table = obj.is_string() ? &StrMethods()
                             : obj.is_dict() ? &DictMethods()
                                             : nullptr;
  if (!table) return Value();
  auto it = table->find(name);
  if (it == table->end()) return Value();
  Method method = it->second;
  return MakeNative(name, [self = obj, method](const CallArgs& a) { return method(self, a); });
}

}  // namespace vlmxla::text::jinja::internal
