// Python-compatible printing, comparison and JSON dumping of interpreter values.
#include "vlmxla/text/jinja_value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include <utf8proc.h>

namespace vlmxla::text::jinja {

const Value* ValueDict::Find(const std::string& key) const {
  for (const auto& [k, v] : items) {
    if (k == key) return &v;
  }
  return nullptr;
}

void ValueDict::Set(const std::string& key, Value value) {
  for (auto& [k, v] : items) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  items.emplace_back(key, std::move(value));
}

const Value* CallArgs::Get(size_t index, const std::string& name) const {
  if (index < positional.size()) return &positional[index];
  for (const auto& [k, v] : keyword) {
    if (k == name) return &v;
  }
  return nullptr;
}

double Value::as_double() const {
  if (is_bool()) return as_bool() ? 1.0 : 0.0;
  if (is_int()) return static_cast<double>(as_int());
  return as_float();
}

bool Value::Truthy() const {
  switch (kind()) {
    case Kind::kUndefined:
    case Kind::kNone: return false;
    case Kind::kBool: return as_bool();
    case Kind::kInt: return as_int() != 0;
    case Kind::kFloat: return as_float() != 0.0;
    case Kind::kString: return !as_string().empty();
    case Kind::kList: return !as_list().empty();
    case Kind::kDict: return !as_dict().items.empty();
    default: return true;
  }
}

const char* Value::TypeName() const {
  switch (kind()) {
    case Kind::kUndefined: return "Undefined";
    case Kind::kNone: return "NoneType";
    case Kind::kBool: return "bool";
    case Kind::kInt: return "int";
    case Kind::kFloat: return "float";
    case Kind::kString: return "str";
    case Kind::kList: return "list";
    case Kind::kDict: return "dict";
    case Kind::kNamespace: return "Namespace";
    case Kind::kCallable: return "function";
  }
  return "object";
}

std::vector<uint32_t> DecodeUtf8(const std::string& s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
  utf8proc_ssize_t left = static_cast<utf8proc_ssize_t>(s.size());
  while (left > 0) {
    utf8proc_int32_t cp;
    utf8proc_ssize_t n = utf8proc_iterate(p, left, &cp);
    if (n <= 0) {  // invalid byte: keep it as U+FFFD rather than failing
      cp = 0xFFFD;
      n = 1;
    }
    out.push_back(static_cast<uint32_t>(cp));
    p += n;
    left -= n;
  }
  return out;
}

std::string EncodeUtf8(const std::vector<uint32_t>& cps) {
  std::string out;
  out.reserve(cps.size());
  for (uint32_t cp : cps) {
    utf8proc_uint8_t buf[4];
    utf8proc_ssize_t n = utf8proc_encode_char(static_cast<utf8proc_int32_t>(cp), buf);
    out.append(reinterpret_cast<char*>(buf), static_cast<size_t>(n));
  }
  return out;
}

std::string FormatPythonFloat(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  // sci = [-]D[.DDD]e(+|-)XX
  bool neg = sci[0] == '-';
  if (neg) sci.erase(0, 1);
  size_t epos = sci.find('e');
  std::string mant = sci.substr(0, epos);
  int exp = std::stoi(sci.substr(epos + 1));
  std::string digits;
  for (char c : mant) {
    if (c != '.') digits.push_back(c);
  }
  std::string out = neg ? "-" : "";
  if (exp >= -5 + 1 && exp < 16) {  // Python repr switches to exponent below 1e-4 and at 1e16
    if (exp >= 0) {
      size_t int_len = static_cast<size_t>(exp) + 1;
      if (digits.size() <= int_len) {
        out += digits + std::string(int_len - digits.size(), '0') + ".0";
      } else {
        out += digits.substr(0, int_len) + "." + digits.substr(int_len);
      }
    } else {
      out += "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  char ebuf[16];
  std::snprintf(ebuf, sizeof(ebuf), "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
  return out + ebuf;
}

namespace {

bool IsPrintable(uint32_t cp) {
  if (cp == ' ') return true;
  if (cp < 0x20 || cp == 0x7F) return false;
  if (cp < 0x7F) return true;
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_CN:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
    case UTF8PROC_CATEGORY_ZS: return false;
    default: return true;
  }
}

std::string ReprString(const std::string& s) {
  bool has_single = s.find('\'') != std::string::npos;
  bool has_double = s.find('"') != std::string::npos;
  char quote = (has_single && !has_double) ? '"' : '\'';
  std::string out(1, quote);
  for (uint32_t cp : DecodeUtf8(s)) {
    if (cp == static_cast<uint32_t>(quote) || cp == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(cp));
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (!IsPrintable(cp)) {
      char buf[16];
      if (cp < 0x100) {
        std::snprintf(buf, sizeof(buf), "\\x%02x", cp);
      } else if (cp < 0x10000) {
        std::snprintf(buf, sizeof(buf), "\\u%04x", cp);
      } else {
        std::snprintf(buf, sizeof(buf), "\\U%08x", cp);
      }
      out += buf;
    } else {
      out += EncodeUtf8({cp});
    }
  }
  out.push_back(quote);
  return out;
}

}  // namespace

std::string ToPythonRepr(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kString: return ReprString(v.as_string());
    case Value::Kind::kUndefined: return "Undefined";
    case Value::Kind::kList: {
      std::string out = v.is_tuple() ? "(" : "[";
      bool first = true;
      for (const Value& e : v.as_list()) {
        if (!first) out += ", ";
        first = false;
        out += ToPythonRepr(e);
      }
      if (v.is_tuple()) return out + (v.as_list().size() == 1 ? ",)" : ")");
      return out + "]";
    }
    case Value::Kind::kDict: {
      std::string out = "{";
      bool first = true;
      for (const auto& [k, e] : v.as_dict().items) {
        if (!first) out += ", ";
        first = false;
        out += ReprString(k) + ": " + ToPythonRepr(e);
      }
      return out + "}";
    }
    default: return ToPythonStr(v);
  }
}

std::string ToPythonStr(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kUndefined: return "";
    case Value::Kind::kNone: return "None";
    case Value::Kind::kBool: return v.as_bool() ? "True" : "False";
    case Value::Kind::kInt: return std::to_string(v.as_int());
    case Value::Kind::kFloat: return FormatPythonFloat(v.as_float());
    case Value::Kind::kString: return v.as_string();
    case Value::Kind::kList:
    case Value::Kind::kDict: return ToPythonRepr(v);
    case Value::Kind::kNamespace:
      return "<Namespace " + ToPythonRepr(Value(v.as_namespace().attrs)) + ">";
    case Value::Kind::kCallable: return "<function " + v.as_callable().name + ">";
  }
  return "";
}

namespace {

void JsonString(const std::string& s, bool ensure_ascii, std::string& out) {
  out.push_back('"');
  for (uint32_t cp : DecodeUtf8(s)) {
    char buf[16];
    switch (cp) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (cp < 0x20 || (ensure_ascii && cp >= 0x7F)) {
          if (cp >= 0x10000) {
            uint32_t c = cp - 0x10000;
            std::snprintf(buf, sizeof(buf), "\\u%04x\\u%04x", 0xD800 + (c >> 10),
                          0xDC00 + (c & 0x3FF));
          } else {
            std::snprintf(buf, sizeof(buf), "\\u%04x", cp);
          }
          out += buf;
        } else {
          out += EncodeUtf8({cp});
        }
    }
  }
  out.push_back('"');
}

Status JsonValue(const Value& v, const JsonDumpOptions& o, int level, std::string& out) {
  if (level > 512) return OutOfRange("tojson: value nested deeper than 512 levels");
  auto newline = [&](int lvl) {
    out.push_back('\n');
    for (int i = 0; i < lvl; ++i) out += *o.indent;
  };
  switch (v.kind()) {
    case Value::Kind::kNone: out += "null"; return Status::Ok();
    case Value::Kind::kBool: out += v.as_bool() ? "true" : "false"; return Status::Ok();
    case Value::Kind::kInt: out += std::to_string(v.as_int()); return Status::Ok();
    case Value::Kind::kFloat: {
      double d = v.as_float();
      if (std::isnan(d))
        out += "NaN";
      else if (std::isinf(d))
        out += d < 0 ? "-Infinity" : "Infinity";
      else
        out += FormatPythonFloat(d);
      return Status::Ok();
    }
    case Value::Kind::kString: JsonString(v.as_string(), o.ensure_ascii, out); return Status::Ok();
    case Value::Kind::kList: {
      const ValueList& l = v.as_list();
      if (l.empty()) {
        out += "[]";
        return Status::Ok();
      }
      out.push_back('[');
      for (size_t i = 0; i < l.size(); ++i) {
        if (i > 0) out += o.item_separator;
        if (o.indent) newline(level + 1);
        VLMXLA_RETURN_IF_ERROR(JsonValue(l[i], o, level + 1, out));
      }
      if (o.indent) newline(level);
      out.push_back(']');
      return Status::Ok();
    }
    case Value::Kind::kDict: {
      std::vector<const std::pair<std::string, Value>*> items;
      for (const auto& kv : v.as_dict().items) items.push_back(&kv);
      if (items.empty()) {
        out += "{}";
        return Status::Ok();
      }
      if (o.sort_keys) {
        std::stable_sort(items.begin(), items.end(),
                         [](auto* a, auto* b) { return a->first < b->first; });
      }
      out.push_back('{');
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += o.item_separator;
        if (o.indent) newline(level + 1);
        JsonString(items[i]->first, o.ensure_ascii, out);
        out += o.key_separator;
        VLMXLA_RETURN_IF_ERROR(JsonValue(items[i]->second, o, level + 1, out));
      }
      if (o.indent) newline(level);
      out.push_back('}');
      return Status::Ok();
    }
    default:
      return InvalidArgument(
          std::string("tojson: Object of type ") + v.TypeName() + " is not JSON serializable",
          "chat_template_error");
  }
}

}  // namespace

Result<std::string> JsonDumps(const Value& v, const JsonDumpOptions& options) {
  std::string out;
  VLMXLA_RETURN_IF_ERROR(JsonValue(v, options, 0, out));
  return out;
}

bool ValuesEqual(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.as_double() == b.as_double();
    int64_t x = a.is_bool() ? a.as_bool() : a.as_int();
    int64_t y = b.is_bool() ? b.as_bool() : b.as_int();
    return x == y;
  }
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Value::Kind::kUndefined:
    case Value::Kind::kNone: return true;
    case Value::Kind::kString: return a.as_string() == b.as_string();
    case Value::Kind::kList: {
      const auto& x = a.as_list();
      const auto& y = b.as_list();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!ValuesEqual(x[i], y[i])) return false;
      }
      return true;
    }
    case Value::Kind::kDict: {
      const auto& x = a.as_dict().items;
      const auto& y = b.as_dict();
      if (x.size() != y.items.size()) return false;
      for (const auto& [k, v] : x) {
        const Value* o = y.Find(k);
        if (!o || !ValuesEqual(v, *o)) return false;
      }
      return true;
    }
    case Value::Kind::kNamespace: return &a.as_namespace() == &b.as_namespace();
    case Value::Kind::kCallable: return &a.as_callable() == &b.as_callable();
    default: return false;
  }
}

Result<bool> ValueLess(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.as_double() < b.as_double();
    int64_t x = a.is_bool() ? a.as_bool() : a.as_int();
    int64_t y = b.is_bool() ? b.as_bool() : b.as_int();
    return x < y;
  }
  if (a.is_string() && b.is_string())
    return a.as_string() < b.as_string();  // UTF-8 keeps code point order
  if (a.is_list() && b.is_list()) {
    const auto& x = a.as_list();
    const auto& y = b.as_list();
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (!ValuesEqual(x[i], y[i])) return ValueLess(x[i], y[i]);
    }
    return x.size() < y.size();
  }
  return InvalidArgument(std::string("'<' not supported between instances of '") + a.TypeName() +
                             "' and '" + b.TypeName() + "'",
                         "chat_template_error");
}

Result<Value> FromJson(const nlohmann::ordered_json& j, int depth) {
  if (depth > 512) return OutOfRange("chat template context nested deeper than 512 levels");
  switch (j.type()) {
    case nlohmann::ordered_json::value_t::null: return Value::None();
    case nlohmann::ordered_json::value_t::boolean: return Value(j.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer: return Value(j.get<int64_t>());
    case nlohmann::ordered_json::value_t::number_unsigned: {
      uint64_t u = j.get<uint64_t>();
      if (u > static_cast<uint64_t>(INT64_MAX)) return Value(static_cast<double>(u));
      return Value(static_cast<int64_t>(u));
    }
    case nlohmann::ordered_json::value_t::number_float: return Value(j.get<double>());
    case nlohmann::ordered_json::value_t::string: return Value(j.get<std::string>());
    case nlohmann::ordered_json::value_t::array: {
      ValueList l;
      l.reserve(j.size());
      for (const auto& e : j) {
        VLMXLA_ASSIGN_OR_RETURN(Value v, FromJson(e, depth + 1));
        l.push_back(std::move(v));
      }
      return Value(std::move(l));
    }
    case nlohmann::ordered_json::value_t::object: {
      ValueDict d;
      for (const auto& [k, e] : j.items()) {
        VLMXLA_ASSIGN_OR_RETURN(Value v, FromJson(e, depth + 1));
        d.Set(k, std::move(v));
      }
      return Value(std::move(d));
    }
    default: return InvalidArgument("chat template context holds an unsupported JSON value");
  }
}

}  // namespace vlmxla::text::jinja
