// Internal to the Jinja interpreter: what the evaluator (jinja_eval.cc), jinja2's builtins
// (jinja_filters.cc: filters, tests, global functions) and the Python str/dict methods
// (jinja_methods.cc) share. Other code uses jinja_eval.h.
#pragma once

#include <cstdint>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/text/jinja_eval.h"
#include "vlmxla/text/jinja_value.h"

namespace vlmxla::text::jinja::internal {

// ---- jinja_eval.cc: errors, the Python object protocol, operators and subscripts ----

Status Err(const std::string& msg);       // a template error (reason chat_template_error)
Status LimitErr(const std::string& msg);  // a RenderLimits bound hit (chat_template_limit)
Status UndefinedError(const Value& v);    // "'name' is undefined"

// iter(v) (dict -> keys, str -> characters, Undefined -> nothing), len(v), `item in container`.
Result<ValueList> Iterate(const Value& v);
Result<int64_t> Length(const Value& v);
Result<bool> Contains(const Value& container, const Value& item);

// `s` as a value, or a limit error when it is longer than limits.max_output_bytes.
Result<Value> CheckedString(std::string s, const RenderLimits& limits);
// Arithmetic and `~` (op: + - * / // % ** ~), and comparisons (== != < > <= >= in notin).
Result<Value> Binary(const std::string& op, const Value& a, const Value& b,
                     const RenderLimits& limits);
Result<bool> Compare(const std::string& op, const Value& a, const Value& b);
// obj[key] as jinja2 resolves it (items, then methods and attributes); Undefined when missing.
Result<Value> GetItem(const Value& obj, const Value& key);

// ---- jinja_methods.cc: Python str helpers and methods bound to values ----

bool IsPyWhitespace(uint32_t c);  // what str.split() and str.strip() treat as whitespace
std::string Strip(const std::string& s, const Value* chars, bool left, bool right);
std::string MapCase(const std::string& s, bool upper);  // str.upper() / str.lower()
std::string Capitalize(const std::string& s);           // str.capitalize()
// str.replace(from, to, count); count < 0 replaces all.
std::string Replace(const std::string& s, const std::string& from, const std::string& to,
                    int64_t count);

// A callable named `name` (template globals, loop.cycle, bound methods).
Value MakeNative(const std::string& name, NativeFn fn);
// obj.name as a bound Python str or dict method, or Undefined when obj has no such method.
Value BoundMethod(const Value& obj, const std::string& name);

// ---- jinja_filters.cc: jinja2's builtins, `v | name(args)`, `v is name(args)`, globals ----

Result<Value> ApplyFilter(const std::string& name, const Value& v, const CallArgs& args,
                          const RenderLimits& limits);
Result<bool> ApplyTest(const std::string& name, const Value& v, const CallArgs& args);
// Adds the global functions (range, namespace, dict, raise_exception, strftime_now) to `vars`,
// except where `vars` already has the name: context values shadow globals, as in jinja2.
void AddGlobalFunctions(ValueDict& vars);
// Transformers' sandbox refuses namespace attributes that start with '_'.
Status CheckNamespaceAttr(const std::string& name);

}  // namespace vlmxla::text::jinja::internal
