// Builder: writes one StableHLO function (func.func) op by op, with static shape inference and
// checking; Module: several finished functions printed as one MLIR module.
//
// Errors are sticky, as in XLA's XlaBuilder: the first invalid op (mismatched shapes, bad dims)
// records a Status naming the op and the shapes, later ops return an invalid Value and emit
// nothing, and Finish() returns that Status. Model code can therefore chain ops without checking
// each one; status() exposes the error early for callers that want it.
//
// The text does not depend on the order in which ops were created. Model code nests builder calls
// (b.Add(b.Multiply(x, y), b.Multiply(z, w))), whose evaluation order C++ leaves unspecified, so
// the Builder records a graph and Finish() writes it in a canonical order: a post-order walk from
// the results in result order, each op's operands in operand order, SSA names numbered as ops are
// written. The text is a function of the graph alone, the same from every compiler. An op no
// result reaches is not written: it computes nothing a caller can see (every op is pure), and
// XLA and IREE would delete it anyway.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/hlo/types.h"

namespace vlmxla::hlo {

// An SSA value of the function being built; only meaningful with the Builder that made it.
struct Value {
  int id = -1;
  bool valid() const { return id >= 0; }
};

enum class CompareDirection { kEq, kNe, kLt, kLe, kGt, kGe };
enum class ReduceKind { kSum, kMax, kMin };

// A finished function: its MLIR text and signature.
struct Function {
  std::string name;
  std::vector<std::string> arg_names;
  std::vector<TensorType> arg_types;
  std::vector<int> arg_aliases;  // per argument: the result it may alias (donation), or -1
  std::vector<TensorType> result_types;
  std::string text;  // "func.func public @name(...) -> (...) {\n ... \n}\n"
};

class Builder {
 public:
  explicit Builder(std::string function_name);

  // --- signature ---
  // A function argument; `name` must be an MLIR identifier ([A-Za-z_][A-Za-z0-9_]*) and unique.
  // Arguments may be declared at any point, before or after ops; the signature lists them in
  // declaration order.
  Value Arg(const std::string& name, TensorType type);
  // Marks argument `arg` as aliasable with result `result_index` (`tf.aliasing_output` in its
  // argument attributes), so a runtime can update it in place when the caller donates it. Finish()
  // checks the index and that both have the same type.
  void SetAliasingOutput(Value arg, int result_index);
  // Sets the results (at least one) and writes the function: the signature, then the ops the
  // results reach in the canonical order (see the top of this file). Call once, last.
  Result<Function> Finish(const std::vector<Value>& results);

  // --- emission policy ---
  // A one-row product of a narrow weight is emitted as two rows (Precision::two_row_narrow_gemv;
  // nn.h, Linear).
  void set_two_row_narrow_gemv(bool on) { two_row_narrow_gemv_ = on; }
  bool two_row_narrow_gemv() const { return two_row_narrow_gemv_; }
  // Products of narrow [out, in] weights as rows . weight^T (Precision::narrow_rows_times_weight).
  void set_narrow_rows_times_weight(bool on) { narrow_rows_times_weight_ = on; }
  bool narrow_rows_times_weight() const { return narrow_rows_times_weight_; }
  // Decode-sized quantized products as the runtime's custom call (Precision::quantized_matvec_call;
  // nn.h, QuantizedProject).
  void set_quantized_matvec_call(bool on) { quantized_matvec_call_ = on; }
  bool quantized_matvec_call() const { return quantized_matvec_call_; }
  // Off: every op is written with `loc(unknown)` instead of the position the MLIR parser would
  // give it (ProgramCommonOptions::source_locations).
  void set_source_locations(bool on) { source_locations_ = on; }

  // --- inspection ---
  const Status& status() const { return status_; }
  // The type of a valid value (an f32 scalar placeholder for an invalid one). The reference is
  // invalidated by the next op: copy it if ops are added while it is in use.
  const TensorType& type(Value v) const;
  const std::vector<int64_t>& dims(Value v) const { return type(v).dims; }
  // Records `status` as the builder's error (for helpers built on top); returns an invalid Value.
  Value Fail(Status status);

  // --- constants ---
  // Every element equal to `value` (rounded to the element type; floats printed exactly).
  Value Splat(TensorType type, double value);
  Value Scalar(ElementType element, double value) { return Splat({element, {}}, value); }
  Value Constant(TensorType type, std::span<const float> data);    // element must be f32
  Value Constant(TensorType type, std::span<const int32_t> data);  // element must be i32
  Value Constant(TensorType type, std::span<const int64_t> data);  // element must be i64
  // A host tensor of f32/bf16/f16/i32/i64/bool, embedded as a hex blob.
  Value Constant(const HostTensor& tensor);
  Value Iota(TensorType type, int64_t dimension);

  // --- elementwise (operands must have identical types) ---
  Value Add(Value a, Value b);
  Value Subtract(Value a, Value b);
  Value Multiply(Value a, Value b);
  Value Divide(Value a, Value b);
  Value Maximum(Value a, Value b);
  Value Minimum(Value a, Value b);
  Value Power(Value a, Value b);
  // Integer shifts by `b` bits (same type as a): left, and right keeping the sign bit.
  Value ShiftLeft(Value a, Value b);
  Value ShiftRightArithmetic(Value a, Value b);
  Value Negate(Value x);
  Value Exp(Value x);
  Value Log(Value x);
  Value Rsqrt(Value x);
  Value Sqrt(Value x);
  Value Tanh(Value x);
  Value Logistic(Value x);
  Value Abs(Value x);
  // To the nearest integer, ties to even (W8A8's activation rounding, base/quantize.h).
  Value RoundNearestEven(Value x);
  Value Sine(Value x);  // for rotary position embeddings
  Value Cosine(Value x);
  // chlo.erf: StableHLO has no erf; IREE and XLA both legalize the CHLO op.
  Value Erf(Value x);
  // Result is i1 with the operands' shape.
  Value Compare(Value a, Value b, CompareDirection direction);
  // `pred` is i1 with the shape of a and b (or an i1 scalar).
  Value Select(Value pred, Value on_true, Value on_false);
  Value Convert(Value x, ElementType element);
  // The same bits as another element type of the same width (stablehlo.bitcast_convert).
  Value BitcastConvert(Value x, ElementType element);
  // Convert, or x itself when it already has that element type (emits nothing).
  Value CastTo(Value x, ElementType element);

  // --- shape ---
  // Operand dim i maps to result dim broadcast_dimensions[i]; sizes must match or be 1.
  Value BroadcastInDim(Value x, std::vector<int64_t> result_dims,
                       std::vector<int64_t> broadcast_dimensions);
  Value Reshape(Value x, std::vector<int64_t> result_dims);
  Value Transpose(Value x, std::vector<int64_t> permutation);
  Value Slice(Value x, std::vector<int64_t> start, std::vector<int64_t> limit,
              std::vector<int64_t> strides = {});
  // `starts` are scalar i32/i64 values, one per dim (clamped into range at run time, as StableHLO
  // specifies).
  Value DynamicSlice(Value x, const std::vector<Value>& starts, std::vector<int64_t> sizes);
  Value DynamicUpdateSlice(Value x, Value update, const std::vector<Value>& starts);
  Value Concatenate(const std::vector<Value>& values, int64_t dimension);

  // --- reductions and contractions ---
  // Reduces `dims` away with the kind's identity as the initial value.
  Value Reduce(Value x, std::vector<int64_t> dims, ReduceKind kind);
  // Result dims: batch dims, then lhs free dims, then rhs free dims (StableHLO's order). The
  // operands share one element type; `result_element` (default: theirs) is the preferred element
  // type of the products and their sum (bf16 x bf16 accumulated and returned in f32, as JAX's
  // preferred_element_type emits it).
  Value DotGeneral(Value lhs, Value rhs, std::vector<int64_t> lhs_batch,
                   std::vector<int64_t> rhs_batch, std::vector<int64_t> lhs_contracting,
                   std::vector<int64_t> rhs_contracting,
                   std::optional<ElementType> result_element = std::nullopt);
  // Rows of table [V, D...] at integer `ids` of any shape -> ids.dims + [D...] (embedding lookup).
  Value GatherRows(Value table, Value ids);
  // Columns of table [D, V] at integer `ids` of any shape -> ids.dims + [D] (the lookup into a
  // transposed embedding table).
  Value GatherColumns(Value table, Value ids);
  // 2-D convolution, no padding or dilation: input NCHW, kernel OIHW -> NCHW; `result_element`
  // as for DotGeneral.
  Value Conv2D(Value input, Value kernel, int64_t stride_h, int64_t stride_w,
               std::optional<ElementType> result_element = std::nullopt);

  // --- calls into the runtime ---
  // stablehlo.custom_call of `target`, a function the runtime registers (typed FFI: api_version 4,
  // no attributes, no side effect), on `operands`, with one result of type `result`.
  // With `aliased_operand` >= 0 the result is that operand's buffer, written in place
  // (output_operand_aliases; the operand must have the result's type): XLA copies the operand
  // first only where its value is still needed after the call.
  Value CustomCall(const std::string& target, const std::vector<Value>& operands, TensorType result,
                   int aliased_operand = -1);

 private:
  // One value: an argument, or the result of one op whose text is kept with holes for the names
  // of its operands and of its region's block arguments, filled in when Finish() writes it.
  struct Node {
    TensorType type;
    int arg = -1;                     // argument index, or -1 for an op
    std::vector<std::string> pieces;  // op text around the holes: refs.size() + 1 pieces
    std::vector<int> refs;            // per hole: an operand's value id, or -1 - k for local k
    int locals = 0;                   // names local to the op's region (Reduce's block)
  };

  bool Check(bool ok, const std::string& op, const std::string& detail);
  bool Usable(std::initializer_list<Value> values);
  // Records an op whose text (what follows "%name = ") refers to operands through Name() and to
  // region-local names through NewName().
  Value Emit(const std::string& op_text_after_eq, TensorType type);
  // A placeholder for v's SSA name in op text (an argument's name is final: "%x").
  std::string Name(Value v) const;
  // A placeholder for a fresh name local to the next op's region.
  std::string NewName();
  // The ops `results` reach, in the order Finish() writes them.
  std::vector<int> EmissionOrder(const std::vector<Value>& results) const;
  bool IsArg(Value v) const { return nodes_[v.id].arg >= 0; }
  Value Binary(const char* op, Value a, Value b);
  Value Unary(const char* op, Value x, bool float_only);
  Value ConstantBlob(TensorType type, const void* data, size_t bytes);

  std::string name_;
  std::vector<std::string> arg_names_;
  std::vector<TensorType> arg_types_;
  std::vector<int> arg_aliases_;
  std::vector<Node> nodes_;  // by value id
  int pending_locals_ = 0;   // NewName() calls since the last op
  bool finished_ = false;
  bool two_row_narrow_gemv_ = false;
  bool narrow_rows_times_weight_ = false;
  bool quantized_matvec_call_ = false;
  bool source_locations_ = true;
  Status status_;
};

class Module {
 public:
  // Rejects a second function with the same name.
  Status Add(Function function);
  const std::vector<Function>& functions() const { return functions_; }
  // "module {\n<functions>}\n".
  std::string ToString() const;

 private:
  std::vector<Function> functions_;
};

}  // namespace vlmxla::hlo
