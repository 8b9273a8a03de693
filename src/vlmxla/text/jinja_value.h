// Runtime values of the Jinja interpreter, modelled on the Python objects jinja2 sees
// (None, bool, int, float, str, list, dict, Undefined, namespace, callables).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"

namespace vlmxla::text::jinja {

class Value;
using ValueList = std::vector<Value>;

// Insertion-ordered string-keyed map, like a Python dict built from JSON.
struct ValueDict {
  std::vector<std::pair<std::string, Value>> items;
  const Value* Find(const std::string& key) const;
  void Set(const std::string& key, Value value);
};

struct CallArgs {
  std::vector<Value> positional;
  std::vector<std::pair<std::string, Value>> keyword;
  // Returns the argument at `index` or named `name`, or nullptr.
  const Value* Get(size_t index, const std::string& name) const;
};

using NativeFn = std::function<Result<Value>(const CallArgs&)>;

struct Callable {
  std::string name;
  NativeFn fn;
};

struct Undefined {
  std::string name;  // what was looked up, for error messages
};

struct Namespace {
  ValueDict attrs;
};

class Value {
 public:
  enum class Kind {
    kUndefined,
    kNone,
    kBool,
    kInt,
    kFloat,
    kString,
    kList,
    kDict,
    kNamespace,
    kCallable
  };

  Value() : data_(Undefined{}) {}
  static Value MakeUndefined(std::string name) { return Value(Undefined{std::move(name)}); }
  static Value None() { return Value(nullptr); }
  Value(std::nullptr_t) : data_(nullptr) {}                                 // NOLINT
  Value(bool b) : data_(b) {}                                               // NOLINT
  Value(int64_t i) : data_(i) {}                                            // NOLINT
  Value(int i) : data_(static_cast<int64_t>(i)) {}                          // NOLINT
  Value(double d) : data_(d) {}                                             // NOLINT
  Value(std::string s) : data_(std::move(s)) {}                             // NOLINT
  Value(const char* s) : data_(std::string(s)) {}                           // NOLINT
  Value(ValueList l) : data_(std::make_shared<ValueList>(std::move(l))) {}  // NOLINT
  Value(ValueDict d) : data_(std::make_shared<ValueDict>(std::move(d))) {}  // NOLINT
  Value(std::shared_ptr<Namespace> n) : data_(std::move(n)) {}              // NOLINT
  Value(std::shared_ptr<Callable> c) : data_(std::move(c)) {}               // NOLINT
  explicit Value(Undefined u) : data_(std::move(u)) {}
  // A Python tuple: behaves as a list but prints as (a, b).
  static Value Tuple(ValueList l) {
    Value v(std::move(l));
    v.tuple_ = true;
    return v;
  }
  bool is_tuple() const { return tuple_; }

  Kind kind() const { return static_cast<Kind>(data_.index()); }
  bool is_undefined() const { return kind() == Kind::kUndefined; }
  bool is_none() const { return kind() == Kind::kNone; }
  bool is_bool() const { return kind() == Kind::kBool; }
  bool is_int() const { return kind() == Kind::kInt; }
  bool is_float() const { return kind() == Kind::kFloat; }
  bool is_number() const { return is_int() || is_float() || is_bool(); }
  bool is_string() const { return kind() == Kind::kString; }
  bool is_list() const { return kind() == Kind::kList; }
  bool is_dict() const { return kind() == Kind::kDict; }
  bool is_namespace() const { return kind() == Kind::kNamespace; }
  bool is_callable() const { return kind() == Kind::kCallable; }

  bool as_bool() const { return std::get<bool>(data_); }
  int64_t as_int() const { return std::get<int64_t>(data_); }
  double as_float() const { return std::get<double>(data_); }
  // Numeric value of a bool/int/float as double.
  double as_double() const;
  const std::string& as_string() const { return std::get<std::string>(data_); }
  const ValueList& as_list() const { return *std::get<std::shared_ptr<ValueList>>(data_); }
  const ValueDict& as_dict() const { return *std::get<std::shared_ptr<ValueDict>>(data_); }
  Namespace& as_namespace() const { return *std::get<std::shared_ptr<Namespace>>(data_); }
  const Callable& as_callable() const { return *std::get<std::shared_ptr<Callable>>(data_); }
  const std::string& undefined_name() const { return std::get<Undefined>(data_).name; }

  // Python truthiness (Undefined is falsy).
  bool Truthy() const;
  // Python type name for messages ("str", "int", "dict", "Undefined", ...).
  const char* TypeName() const;

 private:
  std::variant<Undefined, std::nullptr_t, bool, int64_t, double, std::string,
               std::shared_ptr<ValueList>, std::shared_ptr<ValueDict>, std::shared_ptr<Namespace>,
               std::shared_ptr<Callable>>
      data_;
  bool tuple_ = false;
};

// str(value) as jinja2 prints it: Undefined -> "", None -> "None", floats as Python repr,
// lists and dicts as Python repr.
std::string ToPythonStr(const Value& v);
// repr(value) in Python.
std::string ToPythonRepr(const Value& v);
// repr(float) in Python: shortest round-trip digits, "1e+16", "1.5e-05", "2.0".
std::string FormatPythonFloat(double d);

struct JsonDumpOptions {
  std::optional<std::string> indent;  // nullopt: single line
  std::string item_separator = ", ";
  std::string key_separator = ": ";
  bool sort_keys = false;
  bool ensure_ascii = false;
};
// json.dumps(value, ...) byte for byte; Undefined, namespaces and callables are errors.
Result<std::string> JsonDumps(const Value& v, const JsonDumpOptions& options);

// Python == (1 == 1.0 == True, lists and dicts element-wise).
bool ValuesEqual(const Value& a, const Value& b);
// Python < for numbers, strings and lists; error for other pairs.
Result<bool> ValueLess(const Value& a, const Value& b);

// Converts a JSON context into values; depth-limited.
Result<Value> FromJson(const nlohmann::ordered_json& j, int depth = 0);

// UTF-8 helpers shared by filters and methods.
std::vector<uint32_t> DecodeUtf8(const std::string& s);
std::string EncodeUtf8(const std::vector<uint32_t>& cps);

}  // namespace vlmxla::text::jinja
