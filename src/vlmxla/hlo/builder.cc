// Ops are printed in MLIR's generic form ("stablehlo.add"(...) : (...) -> ...), which every
// StableHLO consumer parses and which needs no per-op pretty syntax.
#include "vlmxla/hlo/builder.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <utility>

#include "vlmxla/hlo/literal.h"

namespace vlmxla::hlo {
namespace {

// float32 products at full precision on every backend: without it XLA's GPU backend runs them in
// TF32, 1e-3 off on the vision tower and the logits. Narrow operands keep the default.
std::string PrecisionConfig(ElementType operands) {
  return operands == ElementType::kF32
             ? ", precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]"
             : "";
}

std::string Join(const std::vector<int64_t>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s;
}

std::string List(const std::vector<int64_t>& v) { return "[" + Join(v) + "]"; }

std::string Array(const std::vector<int64_t>& v) {
  return v.empty() ? "array<i64>" : "array<i64: " + Join(v) + ">";
}

bool IsIdentifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// Every entry in [0, rank) and no repeats.
bool ValidDims(const std::vector<int64_t>& dims, int64_t rank) {
  std::set<int64_t> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank || !seen.insert(d).second) return false;
  }
  return true;
}

const char* DirectionName(CompareDirection d) {
  switch (d) {
    case CompareDirection::kEq: return "EQ";
    case CompareDirection::kNe: return "NE";
    case CompareDirection::kLt: return "LT";
    case CompareDirection::kLe: return "LE";
    case CompareDirection::kGt: return "GT";
    case CompareDirection::kGe: return "GE";
  }
  return "EQ";
}

bool IsInteger(ElementType e) { return e == ElementType::kI32 || e == ElementType::kI64; }

const TensorType kInvalidType{ElementType::kF32, {}};

// Holes in op text are kHole 'v' <value id> kHole (an operand) or kHole 'l' <k> kHole (the k-th
// region-local name). No other op text holds kHole: types, attributes, literals and hex blobs are
// printable ASCII.
constexpr char kHole = '\x1f';

}  // namespace

Builder::Builder(std::string function_name) : name_(std::move(function_name)) {
  if (!IsIdentifier(name_)) {
    Fail(InvalidArgument("function name '" + name_ + "' is not an identifier"));
  }
}

// --- bookkeeping ---

Value Builder::Fail(Status status) {
  if (status_.ok()) status_ = status.WithContext("@" + name_);
  return Value{};
}

bool Builder::Check(bool ok, const std::string& op, const std::string& detail) {
  if (!ok && status_.ok()) Fail(InvalidArgument(op + ": " + detail, "hlo_shape_mismatch"));
  return ok && status_.ok();
}

bool Builder::Usable(std::initializer_list<Value> values) {
  if (!status_.ok()) return false;
  if (finished_) {
    Fail(FailedPrecondition("op added after Finish()"));
    return false;
  }
  for (Value v : values) {
    if (!v.valid() || v.id >= static_cast<int>(nodes_.size())) {
      Fail(InvalidArgument("use of an invalid value (id " + std::to_string(v.id) + ")"));
      return false;
    }
  }
  return true;
}

const TensorType& Builder::type(Value v) const {
  if (!v.valid() || v.id >= static_cast<int>(nodes_.size())) return kInvalidType;
  return nodes_[v.id].type;
}

std::string Builder::Name(Value v) const {
  const Node& n = nodes_[v.id];
  if (n.arg >= 0) return "%" + arg_names_[n.arg];
  return kHole + std::string("v") + std::to_string(v.id) + kHole;
}

std::string Builder::NewName() {
  return kHole + std::string("l") + std::to_string(pending_locals_++) + kHole;
}

Value Builder::Emit(const std::string& op_text, TensorType type) {
  Node n;
  n.type = std::move(type);
  n.locals = pending_locals_;
  pending_locals_ = 0;
  size_t start = 0;
  for (size_t at = op_text.find(kHole); at != std::string::npos; at = op_text.find(kHole, start)) {
    const size_t end = op_text.find(kHole, at + 1);
    const int k = std::stoi(op_text.substr(at + 2, end - at - 2));
    n.pieces.push_back(op_text.substr(start, at - start));
    n.refs.push_back(op_text[at + 1] == 'v' ? k : -1 - k);
    start = end + 1;
  }
  n.pieces.push_back(op_text.substr(start) + (source_locations_ ? "" : " loc(unknown)"));
  nodes_.push_back(std::move(n));
  return Value{static_cast<int>(nodes_.size()) - 1};
}

std::vector<int> Builder::EmissionOrder(const std::vector<Value>& results) const {
  // Iterative depth-first post-order (a decoder is thousands of ops deep): an op is written once
  // all its operands are, the first operand's ops first.
  std::vector<char> seen(nodes_.size(), 0);
  std::vector<int> order;
  std::vector<std::pair<int, size_t>> stack;  // op, next hole to look at
  auto push = [&](int id) {
    if (seen[id] || nodes_[id].arg >= 0) return;
    seen[id] = 1;
    stack.emplace_back(id, 0);
  };
  for (Value r : results) {
    push(r.id);
    while (!stack.empty()) {
      const int id = stack.back().first;
      const std::vector<int>& refs = nodes_[id].refs;
      size_t& next = stack.back().second;
      while (next < refs.size() && refs[next] < 0) ++next;
      if (next < refs.size()) {
        push(refs[next++]);  // may reallocate `stack`: `next` is not used after this
        continue;
      }
      order.push_back(id);
      stack.pop_back();
    }
  }
  return order;
}

// --- signature ---

Value Builder::Arg(const std::string& name, TensorType type) {
  if (!Usable({})) return Value{};
  if (!IsIdentifier(name)) return Fail(InvalidArgument("argument name '" + name + "' is invalid"));
  if (std::find(arg_names_.begin(), arg_names_.end(), name) != arg_names_.end()) {
    return Fail(InvalidArgument("argument name '" + name + "' is used twice"));
  }
  Node n;
  n.type = type;
  n.arg = static_cast<int>(arg_names_.size());
  arg_names_.push_back(name);
  arg_types_.push_back(std::move(type));
  arg_aliases_.push_back(-1);
  nodes_.push_back(std::move(n));
  return Value{static_cast<int>(nodes_.size()) - 1};
}

void Builder::SetAliasingOutput(Value arg, int result_index) {
  if (!Usable({arg})) return;
  if (!IsArg(arg)) {
    Fail(InvalidArgument("value " + std::to_string(arg.id) +
                         " is the result of an op, not an argument: only arguments alias results"));
    return;
  }
  const int i = nodes_[arg.id].arg;
  if (result_index < 0) {
    Fail(InvalidArgument("argument %" + arg_names_[i] + " aliases result " +
                         std::to_string(result_index) + ", which is negative"));
    return;
  }
  arg_aliases_[i] = result_index;
}

Result<Function> Builder::Finish(const std::vector<Value>& results) {
  if (results.empty() && status_.ok()) Fail(InvalidArgument("a function needs a result"));
  for (Value r : results) {
    if (!Usable({r})) break;
  }
  for (size_t i = 0; i < arg_aliases_.size() && status_.ok(); ++i) {
    const int r = arg_aliases_[i];
    if (r < 0) continue;
    if (r >= static_cast<int>(results.size())) {
      Fail(InvalidArgument("argument %" + arg_names_[i] + " aliases result " + std::to_string(r) +
                           " but the function has " + std::to_string(results.size()) + " results"));
    } else if (type(results[r]) != arg_types_[i]) {
      Fail(InvalidArgument("argument %" + arg_names_[i] + " " + arg_types_[i].ToString() +
                           " aliases result " + std::to_string(r) + " of another type " +
                           type(results[r]).ToString()));
    }
  }
  if (!status_.ok()) return status_;
  finished_ = true;
  Function f;
  f.name = name_;
  f.arg_names = arg_names_;
  f.arg_types = arg_types_;
  f.arg_aliases = arg_aliases_;
  std::string sig, body, ret_names, ret_types;
  for (size_t i = 0; i < arg_names_.size(); ++i) {
    sig += (i ? ", %" : "%") + arg_names_[i] + ": " + arg_types_[i].ToString();
    // The argument-attribute dictionary of func.func's custom form, which XLA reads for donation.
    if (arg_aliases_[i] >= 0) {
      sig += " {tf.aliasing_output = " + std::to_string(arg_aliases_[i]) + " : i32}";
    }
  }
  // SSA names in writing order: an op's region-local names, then its result.
  std::vector<std::string> names(nodes_.size());
  for (size_t id = 0; id < nodes_.size(); ++id) {
    if (nodes_[id].arg >= 0) names[id] = "%" + arg_names_[nodes_[id].arg];
  }
  int next_name = 0;
  std::vector<std::string> locals;
  for (int id : EmissionOrder(results)) {
    const Node& n = nodes_[id];
    locals.clear();
    for (int k = 0; k < n.locals; ++k) locals.push_back("%" + std::to_string(next_name++));
    names[id] = "%" + std::to_string(next_name++);
    body += "  " + names[id] + " = ";
    for (size_t i = 0; i < n.refs.size(); ++i) {
      const int ref = n.refs[i];
      body += n.pieces[i] + (ref >= 0 ? names[ref] : locals[-1 - ref]);
    }
    body += n.pieces.back() + "\n";
  }
  for (size_t i = 0; i < results.size(); ++i) {
    f.result_types.push_back(type(results[i]));
    ret_names += (i ? ", " : "") + names[results[i].id];
    ret_types += (i ? ", " : "") + type(results[i]).ToString();
  }
  f.text = "func.func public @" + name_ + "(" + sig + ") -> (" + ret_types + ") {\n" + body +
           "  func.return " + ret_names + " : " + ret_types + "\n}\n";
  return f;
}

// --- constants ---

Value Builder::Splat(TensorType type, double value) {
  if (!Usable({})) return Value{};
  std::string t = type.ToString();
  return Emit("\"stablehlo.constant\"() {value = dense<" + FormatElement(type.element, value) +
                  "> : " + t + "} : () -> " + t,
              type);
}

Value Builder::ConstantBlob(TensorType type, const void* data, size_t bytes) {
  if (!Usable({})) return Value{};
  std::string t = type.ToString();
  if (!Check(bytes == static_cast<size_t>(type.num_elements() * ElementByteSize(type.element)),
             "stablehlo.constant", std::to_string(bytes) + " bytes of data for " + t))
    return Value{};
  return Emit("\"stablehlo.constant\"() {value = dense<\"" + HexBlob(data, bytes) + "\"> : " + t +
                  "} : () -> " + t,
              type);
}

Value Builder::Constant(TensorType type, std::span<const float> data) {
  if (!Check(type.element == ElementType::kF32, "stablehlo.constant",
             "float data for " + type.ToString()))
    return Value{};
  return ConstantBlob(type, data.data(), data.size_bytes());
}

Value Builder::Constant(TensorType type, std::span<const int32_t> data) {
  if (!Check(type.element == ElementType::kI32, "stablehlo.constant",
             "i32 data for " + type.ToString()))
    return Value{};
  return ConstantBlob(type, data.data(), data.size_bytes());
}

Value Builder::Constant(TensorType type, std::span<const int64_t> data) {
  if (!Check(type.element == ElementType::kI64, "stablehlo.constant",
             "i64 data for " + type.ToString()))
    return Value{};
  return ConstantBlob(type, data.data(), data.size_bytes());
}

Value Builder::Constant(const HostTensor& tensor) {
  auto element = ElementTypeFromDType(tensor.dtype());
  if (!element) {
    return Fail(Unimplemented(std::string("constant of dtype ") + DTypeName(tensor.dtype())));
  }
  TensorType type{*element, tensor.shape()};
  if (*element == ElementType::kI1) {
    // i1 hex blobs are bit-packed in some MLIR versions; spell booleans out instead.
    if (!Usable({})) return Value{};
    std::string elems;
    const auto* bytes = static_cast<const uint8_t*>(tensor.data());
    for (int64_t i = 0; i < tensor.num_elements(); ++i) {
      elems += std::string(i ? ", " : "") + (bytes[i] ? "true" : "false");
    }
    // A flat list only fits a rank-1 type, so build that and reshape.
    TensorType flat{ElementType::kI1, {tensor.num_elements()}};
    std::string ft = flat.ToString();
    Value v =
        Emit("\"stablehlo.constant\"() {value = dense<[" + elems + "]> : " + ft + "} : () -> " + ft,
             flat);
    return Reshape(v, type.dims);
  }
  return ConstantBlob(type, tensor.data(), tensor.byte_size());
}

Value Builder::Iota(TensorType type, int64_t dimension) {
  if (!Usable({})) return Value{};
  if (!Check(dimension >= 0 && dimension < type.rank(), "stablehlo.iota",
             "dimension " + std::to_string(dimension) + " out of range for " + type.ToString()))
    return Value{};
  std::string t = type.ToString();
  return Emit("\"stablehlo.iota\"() {iota_dimension = " + std::to_string(dimension) +
                  " : i64} : () -> " + t,
              type);
}

// --- elementwise ---

Value Builder::Binary(const char* op, Value a, Value b) {
  if (!Usable({a, b})) return Value{};
  const TensorType ta = type(a);
  const TensorType tb = type(b);
  if (!Check(ta == tb, op, "operand types differ: " + ta.ToString() + " vs " + tb.ToString()))
    return Value{};
  std::string t = ta.ToString();
  return Emit("\"" + std::string(op) + "\"(" + Name(a) + ", " + Name(b) + ") : (" + t + ", " + t +
                  ") -> " + t,
              ta);
}

Value Builder::Unary(const char* op, Value x, bool float_only) {
  if (!Usable({x})) return Value{};
  const TensorType tx = type(x);
  if (!Check(!float_only || IsFloat(tx.element), op, "needs a float operand, got " + tx.ToString()))
    return Value{};
  std::string t = tx.ToString();
  return Emit("\"" + std::string(op) + "\"(" + Name(x) + ") : (" + t + ") -> " + t, tx);
}

Value Builder::Add(Value a, Value b) { return Binary("stablehlo.add", a, b); }
Value Builder::Subtract(Value a, Value b) { return Binary("stablehlo.subtract", a, b); }
Value Builder::Multiply(Value a, Value b) { return Binary("stablehlo.multiply", a, b); }
Value Builder::Divide(Value a, Value b) { return Binary("stablehlo.divide", a, b); }
Value Builder::Maximum(Value a, Value b) { return Binary("stablehlo.maximum", a, b); }
Value Builder::Minimum(Value a, Value b) { return Binary("stablehlo.minimum", a, b); }
Value Builder::Power(Value a, Value b) { return Binary("stablehlo.power", a, b); }
Value Builder::ShiftLeft(Value a, Value b) { return Binary("stablehlo.shift_left", a, b); }
Value Builder::ShiftRightArithmetic(Value a, Value b) {
  return Binary("stablehlo.shift_right_arithmetic", a, b);
}
Value Builder::Negate(Value x) { return Unary("stablehlo.negate", x, false); }
Value Builder::Exp(Value x) { return Unary("stablehlo.exponential", x, true); }
Value Builder::Log(Value x) { return Unary("stablehlo.log", x, true); }
Value Builder::Rsqrt(Value x) { return Unary("stablehlo.rsqrt", x, true); }
Value Builder::Sqrt(Value x) { return Unary("stablehlo.sqrt", x, true); }
Value Builder::Tanh(Value x) { return Unary("stablehlo.tanh", x, true); }
Value Builder::Logistic(Value x) { return Unary("stablehlo.logistic", x, true); }
Value Builder::Abs(Value x) { return Unary("stablehlo.abs", x, false); }
Value Builder::RoundNearestEven(Value x) { return Unary("stablehlo.round_nearest_even", x, true); }
Value Builder::Sine(Value x) { return Unary("stablehlo.sine", x, true); }
Value Builder::Cosine(Value x) { return Unary("stablehlo.cosine", x, true); }
Value Builder::Erf(Value x) { return Unary("chlo.erf", x, true); }

Value Builder::Compare(Value a, Value b, CompareDirection direction) {
  if (!Usable({a, b})) return Value{};
  const TensorType ta = type(a);
  const TensorType tb = type(b);
  if (!Check(ta == tb, "stablehlo.compare",
             "operand types differ: " + ta.ToString() + " vs " + tb.ToString()))
    return Value{};
  TensorType r{ElementType::kI1, ta.dims};
  std::string t = ta.ToString();
  return Emit("\"stablehlo.compare\"(" + Name(a) + ", " + Name(b) +
                  ") {comparison_direction = #stablehlo<comparison_direction " +
                  DirectionName(direction) + ">} : (" + t + ", " + t + ") -> " + r.ToString(),
              r);
}

Value Builder::Select(Value pred, Value on_true, Value on_false) {
  if (!Usable({pred, on_true, on_false})) return Value{};
  const TensorType tp = type(pred);
  const TensorType tt = type(on_true);
  const TensorType tf = type(on_false);
  if (!Check(tt == tf, "stablehlo.select",
             "branch types differ: " + tt.ToString() + " vs " + tf.ToString()))
    return Value{};
  if (!Check(tp.element == ElementType::kI1 && (tp.rank() == 0 || tp.dims == tt.dims),
             "stablehlo.select",
             "predicate " + tp.ToString() + " does not fit branches " + tt.ToString()))
    return Value{};
  std::string t = tt.ToString();
  return Emit("\"stablehlo.select\"(" + Name(pred) + ", " + Name(on_true) + ", " + Name(on_false) +
                  ") : (" + tp.ToString() + ", " + t + ", " + t + ") -> " + t,
              tt);
}

Value Builder::Convert(Value x, ElementType element) {
  if (!Usable({x})) return Value{};
  TensorType r{element, type(x).dims};
  return Emit(
      "\"stablehlo.convert\"(" + Name(x) + ") : (" + type(x).ToString() + ") -> " + r.ToString(),
      r);
}

Value Builder::BitcastConvert(Value x, ElementType element) {
  if (!Usable({x})) return Value{};
  if (!Check(ElementByteSize(element) == ElementByteSize(type(x).element),
             "stablehlo.bitcast_convert",
             type(x).ToString() + " to " + ElementTypeName(element) + ": widths differ")) {
    return Value{};
  }
  TensorType r{element, type(x).dims};
  return Emit("\"stablehlo.bitcast_convert\"(" + Name(x) + ") : (" + type(x).ToString() + ") -> " +
                  r.ToString(),
              r);
}

Value Builder::CastTo(Value x, ElementType element) {
  if (!Usable({x})) return Value{};
  return type(x).element == element ? x : Convert(x, element);
}

// --- shape ---

Value Builder::BroadcastInDim(Value x, std::vector<int64_t> result_dims,
                              std::vector<int64_t> broadcast_dimensions) {
  if (!Usable({x})) return Value{};
  const TensorType tx = type(x);
  TensorType r{tx.element, result_dims};
  const std::string what = tx.ToString() + " to " + r.ToString() + " with broadcast_dimensions " +
                           List(broadcast_dimensions);
  bool ok = static_cast<int64_t>(broadcast_dimensions.size()) == tx.rank() &&
            ValidDims(broadcast_dimensions, r.rank());
  for (int64_t i = 0; ok && i < tx.rank(); ++i) {
    int64_t out = result_dims[broadcast_dimensions[i]];
    ok = tx.dims[i] == out || tx.dims[i] == 1;
  }
  if (!Check(ok, "stablehlo.broadcast_in_dim", "cannot broadcast " + what)) return Value{};
  return Emit("\"stablehlo.broadcast_in_dim\"(" + Name(x) + ") {broadcast_dimensions = " +
                  Array(broadcast_dimensions) + "} : (" + tx.ToString() + ") -> " + r.ToString(),
              r);
}

Value Builder::Reshape(Value x, std::vector<int64_t> result_dims) {
  if (!Usable({x})) return Value{};
  const TensorType tx = type(x);
  TensorType r{tx.element, std::move(result_dims)};
  bool ok = std::all_of(r.dims.begin(), r.dims.end(), [](int64_t d) { return d >= 0; }) &&
            r.num_elements() == tx.num_elements();
  if (!Check(ok, "stablehlo.reshape",
             "element counts differ: " + tx.ToString() + " vs " + r.ToString()))
    return Value{};
  return Emit("\"stablehlo.reshape\"(" + Name(x) + ") : (" + tx.ToString() + ") -> " + r.ToString(),
              r);
}

Value Builder::Transpose(Value x, std::vector<int64_t> permutation) {
  if (!Usable({x})) return Value{};
  const TensorType tx = type(x);
  if (!Check(static_cast<int64_t>(permutation.size()) == tx.rank() &&
                 ValidDims(permutation, tx.rank()),
             "stablehlo.transpose",
             "permutation " + List(permutation) + " does not fit " + tx.ToString()))
    return Value{};
  TensorType r{tx.element, {}};
  for (int64_t p : permutation) r.dims.push_back(tx.dims[p]);
  return Emit("\"stablehlo.transpose\"(" + Name(x) + ") {permutation = " + Array(permutation) +
                  "} : (" + tx.ToString() + ") -> " + r.ToString(),
              r);
}

Value Builder::Slice(Value x, std::vector<int64_t> start, std::vector<int64_t> limit,
                     std::vector<int64_t> strides) {
  if (!Usable({x})) return Value{};
  const TensorType tx = type(x);
  if (strides.empty()) strides.assign(tx.dims.size(), 1);
  bool ok = static_cast<int64_t>(start.size()) == tx.rank() &&
            static_cast<int64_t>(limit.size()) == tx.rank() &&
            static_cast<int64_t>(strides.size()) == tx.rank();
  TensorType r{tx.element, {}};
  for (int64_t i = 0; ok && i < tx.rank(); ++i) {
    ok = start[i] >= 0 && start[i] <= limit[i] && limit[i] <= tx.dims[i] && strides[i] > 0;
    if (ok) r.dims.push_back((limit[i] - start[i] + strides[i] - 1) / strides[i]);
  }
  if (!Check(ok, "stablehlo.slice",
             "start " + List(start) + ", limit " + List(limit) + ", strides " + List(strides) +
                 " do not fit " + tx.ToString()))
    return Value{};
  return Emit("\"stablehlo.slice\"(" + Name(x) + ") {limit_indices = " + Array(limit) +
                  ", start_indices = " + Array(start) + ", strides = " + Array(strides) + "} : (" +
                  tx.ToString() + ") -> " + r.ToString(),
              r);
}

Value Builder::DynamicSlice(Value x, const std::vector<Value>& starts, std::vector<int64_t> sizes) {
  if (!Usable({x})) return Value{};
  for (Value s : starts) {
    if (!Usable({s})) return Value{};
  }
  const TensorType tx = type(x);
  bool ok = static_cast<int64_t>(starts.size()) == tx.rank() &&
            static_cast<int64_t>(sizes.size()) == tx.rank();
  for (int64_t i = 0; ok && i < tx.rank(); ++i) {
    ok = sizes[i] >= 0 && sizes[i] <= tx.dims[i] && type(starts[i]).rank() == 0 &&
         IsInteger(type(starts[i]).element) && type(starts[i]) == type(starts[0]);
  }
  if (!Check(ok, "stablehlo.dynamic_slice",
             "needs one scalar integer start per dim and sizes within " + tx.ToString() + ", got " +
                 std::to_string(starts.size()) + " starts and sizes " + List(sizes)))
    return Value{};
  TensorType r{tx.element, sizes};
  std::string operands = Name(x), types = tx.ToString();
  for (Value s : starts) {
    operands += ", " + Name(s);
    types += ", " + type(s).ToString();
  }
  return Emit("\"stablehlo.dynamic_slice\"(" + operands + ") {slice_sizes = " + Array(sizes) +
                  "} : (" + types + ") -> " + r.ToString(),
              r);
}

Value Builder::DynamicUpdateSlice(Value x, Value update, const std::vector<Value>& starts) {
  if (!Usable({x, update})) return Value{};
  for (Value s : starts) {
    if (!Usable({s})) return Value{};
  }
  const TensorType tx = type(x);
  const TensorType tu = type(update);
  bool ok = tu.element == tx.element && tu.rank() == tx.rank() &&
            static_cast<int64_t>(starts.size()) == tx.rank();
  for (int64_t i = 0; ok && i < tx.rank(); ++i) {
    ok = tu.dims[i] <= tx.dims[i] && type(starts[i]).rank() == 0 &&
         IsInteger(type(starts[i]).element) && type(starts[i]) == type(starts[0]);
  }
  if (!Check(ok, "stablehlo.dynamic_update_slice",
             "update " + tu.ToString() + " with " + std::to_string(starts.size()) +
                 " starts does not fit " + tx.ToString()))
    return Value{};
  std::string operands = Name(x) + ", " + Name(update),
              types = tx.ToString() + ", " + tu.ToString();
  for (Value s : starts) {
    operands += ", " + Name(s);
    types += ", " + type(s).ToString();
  }
  return Emit(
      "\"stablehlo.dynamic_update_slice\"(" + operands + ") : (" + types + ") -> " + tx.ToString(),
      tx);
}

Value Builder::Concatenate(const std::vector<Value>& values, int64_t dimension) {
  if (!Usable({})) return Value{};
  if (!Check(!values.empty(), "stablehlo.concatenate", "needs at least one operand"))
    return Value{};
  for (Value v : values) {
    if (!Usable({v})) return Value{};
  }
  TensorType r = type(values[0]);
  if (!Check(dimension >= 0 && dimension < r.rank(), "stablehlo.concatenate",
             "dimension " + std::to_string(dimension) + " out of range for " + r.ToString()))
    return Value{};
  r.dims[dimension] = 0;
  std::string operands, types;
  for (size_t i = 0; i < values.size(); ++i) {
    const TensorType& t = type(values[i]);
    bool ok = t.element == r.element && t.rank() == r.rank();
    for (int64_t d = 0; ok && d < r.rank(); ++d) {
      ok = d == dimension || t.dims[d] == type(values[0]).dims[d];
    }
    if (!Check(ok, "stablehlo.concatenate",
               "operand " + t.ToString() + " does not match " + type(values[0]).ToString() +
                   " outside dimension " + std::to_string(dimension)))
      return Value{};
    r.dims[dimension] += t.dims[dimension];
    operands += (i ? ", " : "") + Name(values[i]);
    types += (i ? ", " : "") + t.ToString();
  }
  return Emit("\"stablehlo.concatenate\"(" + operands + ") {dimension = " +
                  std::to_string(dimension) + " : i64} : (" + types + ") -> " + r.ToString(),
              r);
}

// --- reductions and contractions ---

Value Builder::Reduce(Value x, std::vector<int64_t> dims, ReduceKind kind) {
  if (!Usable({x})) return Value{};
  const TensorType tx = type(x);
  if (!Check(ValidDims(dims, tx.rank()), "stablehlo.reduce",
             "dims " + List(dims) + " do not fit " + tx.ToString()))
    return Value{};
  if (!Check(tx.element != ElementType::kI1, "stablehlo.reduce", "cannot reduce i1"))
    return Value{};
  std::sort(dims.begin(), dims.end());
  double init = 0;
  const char* op = "stablehlo.add";
  if (kind != ReduceKind::kSum) {
    bool is_max = kind == ReduceKind::kMax;
    op = is_max ? "stablehlo.maximum" : "stablehlo.minimum";
    double inf = std::numeric_limits<double>::infinity();
    if (tx.element == ElementType::kI32) {
      init = is_max ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int32_t>::max();
    } else if (tx.element == ElementType::kI64) {
      init = static_cast<double>(is_max ? std::numeric_limits<int64_t>::min()
                                        : std::numeric_limits<int64_t>::max());
    } else {
      init = is_max ? -inf : inf;
    }
  }
  Value init_value = Scalar(tx.element, init);
  if (!init_value.valid()) return Value{};
  TensorType r{tx.element, {}};
  for (int64_t d = 0; d < tx.rank(); ++d) {
    if (!std::binary_search(dims.begin(), dims.end(), d)) r.dims.push_back(tx.dims[d]);
  }
  std::string s = TensorType{tx.element, {}}.ToString();
  std::string a = NewName(), b = NewName(), c = NewName();
  std::string region = "(" + Name(x) + ", " + Name(init_value) + ") ({\n  ^bb0(" + a + ": " + s +
                       ", " + b + ": " + s + "):\n    " + c + " = \"" + op + "\"(" + a + ", " + b +
                       ") : (" + s + ", " + s + ") -> " + s + "\n    \"stablehlo.return\"(" + c +
                       ") : (" + s + ") -> ()\n  })";
  return Emit("\"stablehlo.reduce\"" + region + " {dimensions = " + Array(dims) + "} : (" +
                  tx.ToString() + ", " + s + ") -> " + r.ToString(),
              r);
}

Value Builder::DotGeneral(Value lhs, Value rhs, std::vector<int64_t> lhs_batch,
                          std::vector<int64_t> rhs_batch, std::vector<int64_t> lhs_contracting,
                          std::vector<int64_t> rhs_contracting,
                          std::optional<ElementType> result_element) {
  if (!Usable({lhs, rhs})) return Value{};
  const TensorType tl = type(lhs);
  const TensorType tr = type(rhs);
  std::vector<int64_t> lhs_used = lhs_batch, rhs_used = rhs_batch;
  lhs_used.insert(lhs_used.end(), lhs_contracting.begin(), lhs_contracting.end());
  rhs_used.insert(rhs_used.end(), rhs_contracting.begin(), rhs_contracting.end());
  bool ok = tl.element == tr.element && lhs_batch.size() == rhs_batch.size() &&
            lhs_contracting.size() == rhs_contracting.size() && ValidDims(lhs_used, tl.rank()) &&
            ValidDims(rhs_used, tr.rank());
  for (size_t i = 0; ok && i < lhs_batch.size(); ++i) {
    ok = tl.dims[lhs_batch[i]] == tr.dims[rhs_batch[i]];
  }
  for (size_t i = 0; ok && i < lhs_contracting.size(); ++i) {
    ok = tl.dims[lhs_contracting[i]] == tr.dims[rhs_contracting[i]];
  }
  if (!Check(ok, "stablehlo.dot_general",
             tl.ToString() + " and " + tr.ToString() + " do not fit batch " + List(lhs_batch) +
                 "x" + List(rhs_batch) + ", contracting " + List(lhs_contracting) + "x" +
                 List(rhs_contracting)))
    return Value{};
  TensorType r{result_element.value_or(tl.element), {}};
  for (int64_t d : lhs_batch) r.dims.push_back(tl.dims[d]);
  auto free_dims = [&r](const TensorType& t, const std::vector<int64_t>& used) {
    for (int64_t d = 0; d < t.rank(); ++d) {
      if (std::find(used.begin(), used.end(), d) == used.end()) r.dims.push_back(t.dims[d]);
    }
  };
  free_dims(tl, lhs_used);
  free_dims(tr, rhs_used);
  std::string numbers;
  auto field = [&numbers](const char* name, const std::vector<int64_t>& v) {
    if (v.empty()) return;
    numbers += (numbers.empty() ? "" : ", ") + std::string(name) + " = " + List(v);
  };
  field("lhs_batching_dimensions", lhs_batch);
  field("rhs_batching_dimensions", rhs_batch);
  field("lhs_contracting_dimensions", lhs_contracting);
  field("rhs_contracting_dimensions", rhs_contracting);
  return Emit("\"stablehlo.dot_general\"(" + Name(lhs) + ", " + Name(rhs) +
                  ") {dot_dimension_numbers = #stablehlo.dot<" + numbers + ">" +
                  PrecisionConfig(tl.element) + "} : (" + tl.ToString() + ", " + tr.ToString() +
                  ") -> " + r.ToString(),
              r);
}

Value Builder::CustomCall(const std::string& target, const std::vector<Value>& operands,
                          TensorType result, int aliased_operand) {
  for (Value v : operands) {
    if (!Usable({v})) return Value{};
  }
  std::string aliases;
  if (aliased_operand >= 0) {
    if (!Check(aliased_operand < static_cast<int>(operands.size()) &&
                   type(operands[aliased_operand]) == result,
               "stablehlo.custom_call",
               "an aliased operand must exist and have the result's type " + result.ToString())) {
      return Value{};
    }
    aliases =
        ", output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = "
        "[], operand_index = " +
        std::to_string(aliased_operand) + ", operand_tuple_indices = []>]";
  }
  std::string names, types;
  for (Value v : operands) {
    names += (names.empty() ? "" : ", ") + Name(v);
    types += (types.empty() ? "" : ", ") + type(v).ToString();
  }
  const std::string text = "\"stablehlo.custom_call\"(" + names +
                           ") {api_version = 4 : i32, backend_config = {}, call_target_name = \"" +
                           target + "\"" + aliases + "} : (" + types + ") -> " + result.ToString();
  return Emit(text, std::move(result));
}

Value Builder::GatherRows(Value table, Value ids) {
  if (!Usable({table, ids})) return Value{};
  const TensorType tt = type(table);
  const TensorType ti = type(ids);
  if (!Check(tt.rank() >= 1 && IsInteger(ti.element), "stablehlo.gather",
             "needs a table of rank >= 1 and integer ids, got " + tt.ToString() + " and " +
                 ti.ToString()))
    return Value{};
  TensorType r{tt.element, ti.dims};
  std::vector<int64_t> offset_dims, slice_sizes{1};
  for (int64_t d = 1; d < tt.rank(); ++d) {
    offset_dims.push_back(ti.rank() + d - 1);
    slice_sizes.push_back(tt.dims[d]);
    r.dims.push_back(tt.dims[d]);
  }
  std::string numbers;
  if (!offset_dims.empty()) numbers += "offset_dims = " + List(offset_dims) + ", ";
  // index_vector_dim == rank(ids): each id is a one-element start index into dim 0.
  numbers += "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = " +
             std::to_string(ti.rank());
  return Emit("\"stablehlo.gather\"(" + Name(table) + ", " + Name(ids) +
                  ") {dimension_numbers = #stablehlo.gather<" + numbers +
                  ">, indices_are_sorted = false, slice_sizes = " + Array(slice_sizes) + "} : (" +
                  tt.ToString() + ", " + ti.ToString() + ") -> " + r.ToString(),
              r);
}

Value Builder::GatherColumns(Value table, Value ids) {
  if (!Usable({table, ids})) return Value{};
  const TensorType tt = type(table);
  const TensorType ti = type(ids);
  if (!Check(tt.rank() == 2 && IsInteger(ti.element), "stablehlo.gather",
             "needs a table of rank 2 and integer ids, got " + tt.ToString() + " and " +
                 ti.ToString()))
    return Value{};
  TensorType r{tt.element, ti.dims};
  r.dims.push_back(tt.dims[0]);
  // Each id starts a [D, 1] slice at column id; dim 1 collapses and D lands after the id dims.
  const std::string numbers = "offset_dims = [" + std::to_string(ti.rank()) +
                              "], collapsed_slice_dims = [1], start_index_map = [1], "
                              "index_vector_dim = " +
                              std::to_string(ti.rank());
  return Emit("\"stablehlo.gather\"(" + Name(table) + ", " + Name(ids) +
                  ") {dimension_numbers = #stablehlo.gather<" + numbers +
                  ">, indices_are_sorted = false, slice_sizes = " + Array({tt.dims[0], 1}) +
                  "} : (" + tt.ToString() + ", " + ti.ToString() + ") -> " + r.ToString(),
              r);
}

Value Builder::Conv2D(Value input, Value kernel, int64_t stride_h, int64_t stride_w,
                      std::optional<ElementType> result_element) {
  if (!Usable({input, kernel})) return Value{};
  const TensorType ti = type(input);
  const TensorType tk = type(kernel);
  bool ok = ti.rank() == 4 && tk.rank() == 4 && ti.element == tk.element &&
            ti.dims[1] == tk.dims[1] && stride_h > 0 && stride_w > 0 && tk.dims[2] <= ti.dims[2] &&
            tk.dims[3] <= ti.dims[3];
  if (!Check(ok, "stablehlo.convolution",
             "input " + ti.ToString() + " (NCHW) and kernel " + tk.ToString() +
                 " (OIHW) do not fit with strides " + std::to_string(stride_h) + "x" +
                 std::to_string(stride_w)))
    return Value{};
  TensorType r{result_element.value_or(ti.element),
               {ti.dims[0], tk.dims[0], (ti.dims[2] - tk.dims[2]) / stride_h + 1,
                (ti.dims[3] - tk.dims[3]) / stride_w + 1}};
  return Emit("\"stablehlo.convolution\"(" + Name(input) + ", " + Name(kernel) +
                  ") {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, "
                  "1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64" +
                  PrecisionConfig(ti.element) +
                  ", window_strides = " + Array({stride_h, stride_w}) + "} : (" + ti.ToString() +
                  ", " + tk.ToString() + ") -> " + r.ToString(),
              r);
}

// --- module ---

Status Module::Add(Function function) {
  for (const Function& f : functions_) {
    if (f.name == function.name) {
      return InvalidArgument("module already has a function @" + function.name);
    }
  }
  functions_.push_back(std::move(function));
  return Status::Ok();
}

std::string Module::ToString() const {
  std::string s = "module {\n";
  for (const Function& f : functions_) s += f.text;
  s += "}\n";
  return s;
}

}  // namespace vlmxla::hlo
