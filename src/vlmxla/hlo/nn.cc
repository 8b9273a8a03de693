#include "vlmxla/hlo/nn.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

namespace vlmxla::hlo {
namespace {

// All dims of a rank-`rank` tensor except `axis`, in order.
std::vector<int64_t> AllBut(int64_t rank, int64_t axis) {
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != axis) out.push_back(d);
  }
  return out;
}

bool Ready(Builder& b, std::initializer_list<Value> values) {
  if (!b.status().ok()) return false;
  for (Value v : values) {
    if (!v.valid()) {
      b.Fail(InvalidArgument("use of an invalid value"));
      return false;
    }
  }
  return true;
}

bool Narrow(Builder& b, Value x) { return b.type(x).element != ElementType::kF32; }

}  // namespace

Value InF32(Builder& b, Value x, Value (*fn)(Builder&, Value)) {
  if (!Ready(b, {x})) return Value{};
  const ElementType t = b.type(x).element;
  return b.CastTo(fn(b, b.CastTo(x, ElementType::kF32)), t);
}

Value RoundedDot(Builder& b, Value lhs, Value rhs, std::vector<int64_t> lhs_batch,
                 std::vector<int64_t> rhs_batch, std::vector<int64_t> lhs_contracting,
                 std::vector<int64_t> rhs_contracting) {
  if (!Ready(b, {lhs, rhs})) return Value{};
  if (!Narrow(b, lhs)) {
    return b.DotGeneral(lhs, rhs, lhs_batch, rhs_batch, lhs_contracting, rhs_contracting);
  }
  const ElementType t = b.type(lhs).element;
  return b.CastTo(b.DotGeneral(lhs, rhs, lhs_batch, rhs_batch, lhs_contracting, rhs_contracting,
                               ElementType::kF32),
                  t);
}

Value BroadcastTo(Builder& b, Value x, const std::vector<int64_t>& dims) {
  if (!Ready(b, {x})) return Value{};
  const TensorType& t = b.type(x);
  if (t.dims == dims) return x;
  int64_t offset = static_cast<int64_t>(dims.size()) - t.rank();
  if (offset < 0) {
    return b.Fail(InvalidArgument(
        "broadcast: cannot broadcast " + t.ToString() + " to rank " + std::to_string(dims.size()),
        "hlo_shape_mismatch"));
  }
  std::vector<int64_t> mapping;
  for (int64_t i = 0; i < t.rank(); ++i) mapping.push_back(offset + i);
  return b.BroadcastInDim(x, dims, mapping);
}

Value SplatLike(Builder& b, Value x, double value) {
  if (!Ready(b, {x})) return Value{};
  return b.Splat(b.type(x), value);
}

Value ReduceKeep(Builder& b, Value x, int64_t axis, ReduceKind kind) {
  if (!Ready(b, {x})) return Value{};
  const std::vector<int64_t> dims = b.dims(x);
  int64_t rank = static_cast<int64_t>(dims.size());
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) {
    return b.Fail(InvalidArgument("reduce: axis out of range for " + b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  Value r = b.Reduce(x, {axis}, kind);
  return b.BroadcastInDim(r, dims, AllBut(rank, axis));
}

Value Mean(Builder& b, Value x, int64_t axis) {
  if (!Ready(b, {x})) return Value{};
  const std::vector<int64_t> dims = b.dims(x);
  int64_t rank = static_cast<int64_t>(dims.size());
  int64_t a = axis < 0 ? axis + rank : axis;
  double n = a >= 0 && a < rank ? static_cast<double>(dims[a]) : 1.0;  // bad axis: ReduceKeep fails
  Value sum = ReduceKeep(b, x, axis, ReduceKind::kSum);
  return b.Divide(sum, SplatLike(b, x, n));
}

Value Softmax(Builder& b, Value x, int64_t axis) {
  Value shifted = b.Subtract(x, ReduceKeep(b, x, axis, ReduceKind::kMax));
  Value e = b.Exp(shifted);
  return b.Divide(e, ReduceKeep(b, e, axis, ReduceKind::kSum));
}

Value LayerNorm(Builder& b, Value x, Value weight, Value bias, double eps) {
  if (!Ready(b, {x, weight, bias})) return Value{};
  const std::vector<int64_t> dims = b.dims(x);
  if (dims.empty() || b.dims(weight) != std::vector<int64_t>{dims.back()} ||
      b.dims(bias) != std::vector<int64_t>{dims.back()}) {
    return b.Fail(InvalidArgument("layer_norm: weight " + b.type(weight).ToString() + " and bias " +
                                      b.type(bias).ToString() + " do not fit input " +
                                      b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  const ElementType t = b.type(x).element, f32 = ElementType::kF32;
  x = b.CastTo(x, f32);
  weight = b.CastTo(weight, f32);
  bias = b.CastTo(bias, f32);
  Value centered = b.Subtract(x, Mean(b, x, -1));
  Value var = Mean(b, b.Multiply(centered, centered), -1);
  Value inv = b.Rsqrt(b.Add(var, SplatLike(b, x, eps)));
  Value normed = b.Multiply(centered, inv);
  return b.CastTo(
      b.Add(b.Multiply(normed, BroadcastTo(b, weight, dims)), BroadcastTo(b, bias, dims)), t);
}

namespace {

// RMSNorm over the last dim: Llama's (weight applied in x's type after the cast) or, with
// unit_offset, Gemma's ((1 + weight) applied in f32 before the one cast).
Value RmsNormOf(Builder& b, Value x, Value weight, double eps, bool unit_offset) {
  if (!Ready(b, {x, weight})) return Value{};
  const std::vector<int64_t> dims = b.dims(x);
  if (dims.empty() || b.dims(weight) != std::vector<int64_t>{dims.back()}) {
    return b.Fail(InvalidArgument("rms_norm: weight " + b.type(weight).ToString() +
                                      " does not fit input " + b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  const ElementType t = b.type(x).element;
  Value xf = b.CastTo(x, ElementType::kF32);
  Value ms = Mean(b, b.Multiply(xf, xf), -1);
  Value inv = b.Rsqrt(b.Add(ms, SplatLike(b, xf, eps)));
  if (unit_offset) {
    Value wf = b.CastTo(weight, ElementType::kF32);
    Value scale = b.Add(wf, SplatLike(b, wf, 1.0));
    return b.CastTo(b.Multiply(b.Multiply(xf, inv), BroadcastTo(b, scale, dims)), t);
  }
  return b.Multiply(b.CastTo(b.Multiply(xf, inv), t), BroadcastTo(b, b.CastTo(weight, t), dims));
}

}  // namespace

Value RmsNorm(Builder& b, Value x, Value weight, double eps) {
  return RmsNormOf(b, x, weight, eps, false);
}

namespace {

Value GeluF32(Builder& b, Value x) {
  Value e = b.Erf(b.Multiply(x, SplatLike(b, x, 1.0 / std::numbers::sqrt2)));
  Value half_x = b.Multiply(x, SplatLike(b, x, 0.5));
  return b.Multiply(half_x, b.Add(e, SplatLike(b, x, 1.0)));
}

Value GeluTanhF32(Builder& b, Value x) {
  Value x3 = b.Multiply(b.Multiply(x, x), x);
  Value inner = b.Add(x, b.Multiply(x3, SplatLike(b, x, 0.044715)));
  Value t = b.Tanh(b.Multiply(inner, SplatLike(b, x, std::sqrt(2.0 / std::numbers::pi))));
  Value half_x = b.Multiply(x, SplatLike(b, x, 0.5));
  return b.Multiply(half_x, b.Add(t, SplatLike(b, x, 1.0)));
}

Value SiluF32(Builder& b, Value x) { return b.Multiply(x, b.Logistic(x)); }
Value ScaleQuickF32(Builder& b, Value x) { return b.Multiply(x, SplatLike(b, x, 1.702)); }
Value LogisticF32(Builder& b, Value x) { return b.Logistic(x); }

}  // namespace

Value Gelu(Builder& b, Value x) { return InF32(b, x, GeluF32); }
Value GeluTanh(Builder& b, Value x) { return InF32(b, x, GeluTanhF32); }
Value Silu(Builder& b, Value x) { return InF32(b, x, SiluF32); }

// x * sigmoid(1.702 * x): three PyTorch kernels, each rounded to x's type.
Value QuickGelu(Builder& b, Value x) {
  return b.Multiply(x, InF32(b, InF32(b, x, ScaleQuickF32), LogisticF32));
}

Result<Value> Activation(Builder& b, const std::string& name, Value x, const std::string& what) {
  if (name == "gelu") return Gelu(b, x);
  if (name == "gelu_pytorch_tanh" || name == "gelu_new" || name == "gelu_fast") {
    return GeluTanh(b, x);
  }
  if (name == "quick_gelu") return QuickGelu(b, x);
  if (name == "silu" || name == "swish") return Silu(b, x);
  if (name == "relu") return b.Maximum(x, SplatLike(b, x, 0.0));
  return Unimplemented(what + ": activation '" + name +
                           "' is not supported (known: gelu, gelu_pytorch_tanh, gelu_new, "
                           "quick_gelu, silu, relu)",
                       "unsupported_activation");
}

Value UpdateRows(Builder& b, Value cache, Value rows, const std::vector<Value>& starts,
                 bool as_bits) {
  if (!Ready(b, {cache, rows})) return Value{};
  const ElementType t = b.type(cache).element;
  if (!as_bits || (t != ElementType::kBF16 && t != ElementType::kF16)) {
    return b.DynamicUpdateSlice(cache, rows, starts);
  }
  if (b.quantized_matvec_call() && b.dims(cache).size() == 3 && starts.size() == 3 &&
      b.type(rows).element == t) {
    // In place (kUpdateRowsTarget): the result is the cache's own buffer.
    std::vector<Value> operands = {cache, rows};
    operands.insert(operands.end(), starts.begin(), starts.end());
    return b.CustomCall(kUpdateRowsTarget, operands, b.type(cache), /*aliased_operand=*/0);
  }
  const ElementType bits = ElementType::kI16;
  return b.BitcastConvert(
      b.DynamicUpdateSlice(b.BitcastConvert(cache, bits), b.BitcastConvert(rows, bits), starts), t);
}

Value AttentionProbs(Builder& b, Value scores, double scaling, Value visible) {
  if (!b.status().ok()) return Value{};
  const ElementType ct = b.type(scores).element, f32 = ElementType::kF32;
  const TensorType type{f32, b.dims(scores)};
  // matmul(q, k) * scaling: a Python-float scale is applied in f32 and rounded to the compute
  // type; the mask and the softmax run in f32 (a lowest-f32 fill would not fit bf16/f16).
  scores = b.Multiply(b.CastTo(scores, f32), b.Splat(type, scaling));
  scores = b.CastTo(b.CastTo(scores, ct), f32);
  scores = b.Select(visible, scores, b.Splat(type, std::numeric_limits<float>::lowest()));
  return b.CastTo(Softmax(b, scores, static_cast<int64_t>(type.dims.size()) - 1), ct);
}

Value QueryRows(Builder& b, Value x, int64_t first_row, int64_t rows) {
  if (!Ready(b, {x})) return Value{};
  const std::vector<int64_t> dims = b.dims(x);
  const size_t axis = dims.size() - 2;
  if (first_row == 0 && rows == dims[axis]) return x;
  std::vector<int64_t> start(dims.size(), 0), limit = dims;
  start[axis] = first_row;
  limit[axis] = first_row + rows;
  return b.Slice(x, start, limit);
}

Value RmsNormUnitOffset(Builder& b, Value x, Value weight, double eps) {
  return RmsNormOf(b, x, weight, eps, true);
}

Value SoftCap(Builder& b, Value x, double cap) {
  if (!Ready(b, {x})) return Value{};
  const ElementType t = b.type(x).element, f32 = ElementType::kF32;
  auto rounded = [&](Value v) { return b.CastTo(b.CastTo(v, t), f32); };
  Value xf = b.CastTo(x, f32);
  Value y = rounded(b.Divide(xf, SplatLike(b, xf, cap)));
  y = rounded(b.Tanh(y));
  return b.CastTo(b.Multiply(y, SplatLike(b, y, cap)), t);
}

namespace {

// Rows per block when `total_rows` rows of `row_elements` each are split into as few even blocks
// as keep a block at most `max_block_elements` (0: one block), at most kMaxAttentionBlocks of
// them; total_rows when one block holds them all.
int64_t BlockRows(int64_t total_rows, int64_t row_elements, int64_t max_block_elements) {
  if (max_block_elements <= 0 || total_rows * row_elements <= max_block_elements) {
    return total_rows;
  }
  const int64_t rows_fit = std::max<int64_t>(1, max_block_elements / row_elements);
  const int64_t blocks = std::min(kMaxAttentionBlocks, (total_rows + rows_fit - 1) / rows_fit);
  return (total_rows + blocks - 1) / blocks;
}

}  // namespace

Value BlockedAttention(Builder& b, Value q, Value k, Value v, int64_t batch_dims,
                       const AttentionProbsFn& probs, int64_t max_block_scores) {
  if (!Ready(b, {q, k, v})) return Value{};
  const std::vector<int64_t> qd = b.dims(q), kd = b.dims(k);
  const int64_t rq = static_cast<int64_t>(qd.size()), rk = static_cast<int64_t>(kd.size());
  if (batch_dims < 0 || rq < batch_dims + 2 || rk != batch_dims + 2 ||
      b.dims(v).size() != kd.size()) {
    return b.Fail(Internal("attention: q " + b.type(q).ToString() + ", k " + b.type(k).ToString() +
                           ", v " + b.type(v).ToString() + " do not share " +
                           std::to_string(batch_dims) + " batch dims"));
  }
  std::vector<int64_t> batch(static_cast<size_t>(batch_dims));
  for (int64_t i = 0; i < batch_dims; ++i) batch[static_cast<size_t>(i)] = i;
  const int64_t query_rows = qd[static_cast<size_t>(rq - 2)];
  int64_t row_scores = kd[static_cast<size_t>(rk - 2)];  // elements of one query row's scores
  for (int64_t i = 0; i < rq - 2; ++i) row_scores *= qd[static_cast<size_t>(i)];
  const int64_t rows = BlockRows(query_rows, row_scores, max_block_scores);
  auto attend = [&](Value q_rows, int64_t first_row, int64_t block_rows) {
    Value scores = RoundedDot(b, q_rows, k, batch, batch, {rq - 1}, {rk - 1});
    return RoundedDot(b, probs(scores, first_row, block_rows), v, batch, batch, {rq - 1}, {rk - 2});
  };
  if (rows >= query_rows) return attend(q, 0, query_rows);
  std::vector<Value> ctx;
  for (int64_t first = 0; first < query_rows; first += rows) {
    const int64_t n = std::min(rows, query_rows - first);
    ctx.push_back(attend(QueryRows(b, q, first, n), first, n));
  }
  return b.Concatenate(ctx, rq - 2);
}

Value RotaryAngles(Builder& b, Value positions, std::span<const float> inv_freq) {
  if (!Ready(b, {positions})) return Value{};
  const std::vector<int64_t> dims = b.dims(positions);
  if (dims.size() != 1 || b.type(positions).element != ElementType::kF32) {
    return b.Fail(
        InvalidArgument("rotary: positions must be f32[N], got " + b.type(positions).ToString(),
                        "hlo_shape_mismatch"));
  }
  const int64_t n = dims[0], k = static_cast<int64_t>(inv_freq.size());
  Value inv = b.Constant({ElementType::kF32, {k}}, inv_freq);
  Value pos = b.BroadcastInDim(positions, {n, k}, {0});
  return b.Multiply(pos, b.BroadcastInDim(inv, {n, k}, {1}));
}

namespace {

// The maximum, over a new leading axis, of x reshaped to [1, ...] (`row`) and other(row) stacked
// after it: a reduction, which XLA's CPU compiler never fuses into x's consumers
// (MaterializedRow, Held).
template <class Other>
Value StackedMax(Builder& b, Value x, Other other) {
  std::vector<int64_t> stacked = b.dims(x);
  stacked.insert(stacked.begin(), 1);
  Value row = b.Reshape(x, stacked);
  return b.Reduce(b.Concatenate({row, other(row)}, 0), {0}, ReduceKind::kMax);
}

// x computed in a fusion of its own, its users reading it from memory: the maximum over
// [x; -inf], an identity (NaN stays NaN) that XLA's CPU compiler neither folds (it does fold
// MaterializedRow's maximum over [x; x] of float32 values) nor fuses into its consumers.
Value Held(Builder& b, Value x) {
  return StackedMax(
      b, x, [&](Value row) { return SplatLike(b, row, -std::numeric_limits<double>::infinity()); });
}

}  // namespace

Value ApplyRotary(Builder& b, Value x, Value cos, Value sin, bool separate_products) {
  if (!Ready(b, {x, cos, sin})) return Value{};
  const std::vector<int64_t> dims = b.dims(x);
  if (dims.size() != 3 || b.dims(cos) != std::vector<int64_t>{dims[0], dims[2]} ||
      b.dims(sin) != b.dims(cos) || dims[2] % 2 != 0) {
    return b.Fail(InvalidArgument("rotary: cos " + b.type(cos).ToString() + " and sin " +
                                      b.type(sin).ToString() + " do not fit input " +
                                      b.type(x).ToString() + " ([N, heads, even d])",
                                  "hlo_shape_mismatch"));
  }
  const int64_t d0 = dims[0], d1 = dims[1], d = dims[2];
  Value x1 = b.Slice(x, {0, 0, 0}, {d0, d1, d / 2});
  Value x2 = b.Slice(x, {0, 0, d / 2}, {d0, d1, d});
  Value rotated = b.Concatenate({b.Negate(x2), x1}, 2);
  Value c = b.BroadcastInDim(cos, dims, {0, 2});
  Value s = b.BroadcastInDim(sin, dims, {0, 2});
  Value straight = b.Multiply(x, c), turned = b.Multiply(rotated, s);
  if (separate_products) {
    straight = Held(b, straight);
    turned = Held(b, turned);
  }
  return b.Add(straight, turned);
}

Value MatMul(Builder& b, Value x, Value w) {
  if (!Ready(b, {x, w})) return Value{};
  int64_t rx = b.type(x).rank(), rw = b.type(w).rank();
  if (rx >= 1 && rw == 2) return RoundedDot(b, x, w, {}, {}, {rx - 1}, {0});
  if (rx >= 2 && rw == rx) {
    std::vector<int64_t> batch;
    for (int64_t d = 0; d < rx - 2; ++d) batch.push_back(d);
    return RoundedDot(b, x, w, batch, batch, {rx - 1}, {rx - 2});
  }
  return b.Fail(InvalidArgument(
      "matmul: cannot multiply " + b.type(x).ToString() + " by " + b.type(w).ToString(),
      "hlo_shape_mismatch"));
}

namespace {

// y + bias broadcast over y's leading dims (no bias: y), then rounded to `t`: y is the f32
// accumulator of a narrow matmul, so the bias joins it before the one rounding (addmm).
Value AddBias(Builder& b, Value y, Value bias, ElementType t) {
  if (!b.status().ok()) return Value{};
  if (bias.valid()) {
    const TensorType ty = b.type(y);  // a copy: the convert below adds an op
    y = b.Add(y, BroadcastTo(b, b.CastTo(bias, ty.element), ty.dims));
  }
  return b.CastTo(y, t);
}

// The f32 accumulator type of a matmul on x (x's own type when it is f32).
std::optional<ElementType> Accumulator(Builder& b, Value x) {
  if (!Narrow(b, x)) return std::nullopt;
  return ElementType::kF32;
}

// The rows of x: the product of all its dims but the last.
int64_t Rows(Builder& b, Value x) {
  const std::vector<int64_t> xd = b.dims(x);
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < xd.size(); ++i) rows *= xd[i];
  return rows;
}

// The host kernel's custom call `target` (base/quantize.h) on x [..., k] as rows [m, k] (f32 or
// bf16; an f16 row widens exactly) and, for each product, its weight's operands: its f32 [m, n]
// back in x's leading dims with its bias joined before the one rounding to x's type. The kernel
// multiplies the rows in blocks over each tile of a weight, which it reads from memory once.
// One product's result is [m, n]; several products' one call returns f32 [m * (n_1 + ... )],
// product i's [m, n_i] after those before it (runtime/pjrt_ffi_matvec.cc), sliced apart here.
std::vector<Value> HostCalls(Builder& b, const char* target, Value x,
                             const std::vector<std::vector<Value>>& weights,
                             const std::vector<int64_t>& outs, const std::vector<Value>& biases) {
  const ElementType t = b.type(x).element;
  const std::vector<int64_t> xd = b.dims(x);
  const int64_t m = Rows(b, x);
  Value rows = b.Reshape(x, {m, xd.back()});
  if (t == ElementType::kF16) rows = b.Convert(rows, ElementType::kF32);
  std::vector<Value> operands = {rows};
  int64_t outputs = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    operands.insert(operands.end(), weights[i].begin(), weights[i].end());
    outputs += outs[i];
  }
  std::vector<Value> ys;
  if (weights.size() == 1) {
    ys.push_back(b.CustomCall(target, operands, {ElementType::kF32, {m, outs[0]}}));
  } else {
    Value y = b.CustomCall(target, operands, {ElementType::kF32, {m * outputs}});
    int64_t offset = 0;
    for (const int64_t n : outs) {
      ys.push_back(b.Reshape(b.Slice(y, {m * offset}, {m * (offset + n)}), {m, n}));
      offset += n;
    }
  }
  for (size_t i = 0; i < ys.size(); ++i) {
    std::vector<int64_t> out_dims(xd.begin(), xd.end() - 1);
    out_dims.push_back(outs[i]);
    ys[i] = AddBias(b, b.Reshape(ys[i], out_dims), biases[i], t);
  }
  return ys;
}

Value HostCall(Builder& b, const char* target, Value x, const std::vector<Value>& weight, int64_t n,
               Value bias) {
  return HostCalls(b, target, x, {weight}, {n}, {bias})[0];
}

// Whether a quantized product of `rows` rows in `form` is the host call (QuantizedProject,
// W4A8Project): w8a8's and w4a8's at any row count, int8's and int4's up to kMaxHostCallRows.
bool QuantizedHostCall(WeightQuant quant, QuantProduct form, int64_t rows) {
  return form == QuantProduct::kHostCall &&
         (QuantizesActivations(quant) || rows <= kMaxHostCallRows);
}

// Whether x [..., in] meets quantized values (int8 [out, in], int4 packed [out, in / 2]) under
// `quant` (not w4a8: its blocks).
bool FitsQuantizedWeight(Builder& b, Value x, Value values, WeightQuant quant) {
  const std::vector<int64_t> xd = b.dims(x), vd = b.dims(values);
  const bool int4 = quant == WeightQuant::kInt4;
  return vd.size() == 2 && b.type(values).element == ElementType::kI8 && !xd.empty() &&
         xd.back() == (int4 ? vd[1] * 2 : vd[1]);
}

// Whether x [..., in] meets a bfloat16 weight [out, in].
bool FitsBf16Weight(Builder& b, Value x, Value weight) {
  const std::vector<int64_t> xd = b.dims(x), wd = b.dims(weight);
  return b.type(weight).element == ElementType::kBF16 && wd.size() == 2 && !xd.empty() &&
         xd.back() == wd[1];
}

// With `two_rows` (Builder::two_row_narrow_gemv, or a long narrow product under
// narrow_rows_times_weight): a one-row product x [1, ..., 1, K] . weight of a narrow weight
// (compute type narrow too: x's type is the weight's), computed on [x; x] and its first result
// kept. `product(x2, w)` is the matmul on two rows [2, K]; `result_axis` is the axis of its result
// that holds the two rows (1 for weight . x^T, 0 for x . weight). Anything else: product(x, w).
Value TwoRowsIfOne(Builder& b, Value x, Value weight, int64_t result_axis,
                   const std::function<Value(Value x, Value w)>& product, bool two_rows) {
  const std::vector<int64_t> xd = b.dims(x);
  const ElementType t = b.type(x).element;
  if (!two_rows || Rows(b, x) != 1 || t == ElementType::kF32 || b.type(weight).element != t) {
    return product(x, b.CastTo(weight, t));
  }
  const int64_t k = xd.back();
  Value row = b.Reshape(x, {1, k});
  Value y = product(b.Concatenate({row, row}, 0), weight);  // [2, N] or [N, 2]
  const std::vector<int64_t> yd = b.dims(y);
  std::vector<int64_t> hi = yd;
  hi[result_axis] = 1;
  Value first = b.Slice(y, {0, 0}, hi);
  const int64_t n = yd[1 - result_axis];
  std::vector<int64_t> want(xd.size() - 1, 1);  // x's leading ones
  if (result_axis == 0) {
    want.push_back(n);  // x . weight: [1..., N]
  } else {
    want.insert(want.begin(), n);  // weight . x^T: [N, 1...]
  }
  return b.Reshape(first, want);
}

// x itself, written as the maximum over [x; x]: the same values, but produced by a reduction.
// XLA's CPU compiler fuses the elementwise producers of a matrix-vector dot's vector into the
// dot's element loop, where they are evaluated again for every output element: the RMSNorm
// before a decode step's q / gate / up / LM-head product (scale, round to bf16, multiply by the
// norm weight) ran once per weight element, and those products took 55% of a bf16 decode step
// (perf, bench/README.md). A reduction is never fused into that loop, so the row is computed
// once; an optimization barrier does not do it (the CPU pipeline removes barriers before fusion).
Value MaterializedRow(Builder& b, Value x) {
  return StackedMax(b, x, [](Value row) { return row; });
}

}  // namespace

namespace {

// Linear of x by a weight [N, K] given as blocks of its output rows (`blocks` [n_i, K], N the sum
// of n_i, in order): each block's product written as Linear writes the whole one, the results
// concatenated along the output axis before the bias and the one rounding, so every output is
// the same dot over all K inputs as with the whole weight.
Value LinearOfRowBlocks(Builder& b, Value x, const std::vector<Value>& blocks, Value bias) {
  if (!Ready(b, {x})) return Value{};
  for (const Value& w : blocks) {
    if (!Ready(b, {w})) return Value{};
  }
  const int64_t rx = b.type(x).rank();
  int64_t n = 0;
  bool fits = rx >= 1 && !blocks.empty();
  for (const Value& w : blocks) {
    fits = fits && b.type(w).rank() == 2 && b.dims(w)[1] == b.dims(blocks[0])[1];
    if (fits) n += b.dims(w)[0];
  }
  if (!fits) {
    return b.Fail(InvalidArgument("linear: weight " +
                                      b.type(blocks.empty() ? x : blocks[0]).ToString() +
                                      " does not fit input " + b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  // weight . x^T, then transposed back: of the two ways to use an [out, in] weight, the one both
  // CPU backends run faster with a few rows (XLA CPU 5-10x, IREE's decode too). PJRT's decoder
  // avoids both with [in, out] weights (LinearInOut, ProgramCommonOptions::weights_in_out).
  const ElementType t = b.type(x).element;
  // Builder::narrow_rows_times_weight: XLA's CPU backend streams a narrow weight fastest as
  // rows . weight^T when the contraction is no longer than the output, and as weight . rows^T,
  // one row as two, when it is longer (the down and k/v projections: the 896 x 4864 down
  // projection took 6.4-8.2 ms as one row, 0.5-0.6 ms as two, and 1.1-2.1 ms as two rows .
  // weight^T; `vlmxla-testtool time-products`).
  const bool narrow = t != ElementType::kF32 && b.type(blocks[0]).element == t;
  const bool rows_first = b.narrow_rows_times_weight() && narrow;
  const int64_t k = b.dims(blocks[0])[1];
  std::vector<Value> parts;
  if (rows_first && k <= n) {
    if (Rows(b, x) == 1) x = MaterializedRow(b, x);
    for (const Value& w : blocks) {
      parts.push_back(b.DotGeneral(x, w, {}, {}, {rx - 1}, {1}, Accumulator(b, x)));
    }
    Value y = parts.size() == 1 ? parts[0] : b.Concatenate(parts, rx - 1);
    return AddBias(b, y, bias, t);
  }
  for (const Value& w : blocks) {
    parts.push_back(TwoRowsIfOne(
        b, x, w, 1,
        [&](Value xv, Value wv) {  // [out, x dims but the last]
          return b.DotGeneral(wv, xv, {}, {}, {1}, {b.type(xv).rank() - 1}, Accumulator(b, xv));
        },
        b.two_row_narrow_gemv() || rows_first));
  }
  Value yt = parts.size() == 1 ? parts[0] : b.Concatenate(parts, 0);
  std::vector<int64_t> perm;
  for (int64_t i = 1; i < rx; ++i) perm.push_back(i);
  perm.push_back(0);
  return AddBias(b, b.Transpose(yt, perm), bias, t);
}

}  // namespace

Value Linear(Builder& b, Value x, Value weight, Value bias) {
  return LinearOfRowBlocks(b, x, {weight}, bias);
}

Value LinearInOut(Builder& b, Value x, Value weight_in_out, Value bias) {
  if (!Ready(b, {x, weight_in_out})) return Value{};
  if (b.type(x).rank() < 1 || b.type(weight_in_out).rank() != 2) {
    return b.Fail(InvalidArgument("linear: weight " + b.type(weight_in_out).ToString() +
                                      " ([in, out]) does not fit input " + b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  const ElementType t = b.type(x).element;
  Value y = TwoRowsIfOne(
      b, x, weight_in_out, 0,
      [&](Value xv, Value wv) {
        return b.DotGeneral(xv, wv, {}, {}, {b.type(xv).rank() - 1}, {0}, Accumulator(b, xv));
      },
      b.two_row_narrow_gemv());
  return AddBias(b, y, bias, t);
}

Value Project(Builder& b, bool in_out, Value x, Value weight, Value bias) {
  return in_out ? LinearInOut(b, x, weight, bias) : Linear(b, x, weight, bias);
}

namespace {

// Checks `values` and `scales` are a quantized [out, in] weight (DequantizedWeight) and returns q
// as i8 [out, in]: int8's values themselves, int4's bytes split into their two nibbles (input 2j
// in the low nibble of byte j, 2j + 1 in the high one, each a 4-bit two's complement).
Value UnpackedQ(Builder& b, Value values, Value scales, WeightQuant quant) {
  if (!Ready(b, {values, scales})) return Value{};
  const std::vector<int64_t> vd = b.dims(values);
  if (vd.size() != 2 || b.type(values).element != ElementType::kI8 ||
      b.type(scales).element != ElementType::kF32 || quant == WeightQuant::kNone) {
    return b.Fail(InvalidArgument("dequantize: values " + b.type(values).ToString() +
                                      " and scales " + b.type(scales).ToString() +
                                      " are not a quantized weight",
                                  "hlo_shape_mismatch"));
  }
  if (quant != WeightQuant::kInt4) return values;
  // Shifting left then arithmetically right by 4 sign-extends the low nibble.
  Value four = b.Splat(b.type(values), 4);
  Value lo = b.ShiftRightArithmetic(b.ShiftLeft(values, four), four);
  Value hi = b.ShiftRightArithmetic(values, four);
  // [out, in / 2, 1] side by side on a new last axis, then merged into the input axis.
  const std::vector<int64_t> split = {vd[0], vd[1], 1};
  return b.Reshape(b.Concatenate({b.Reshape(lo, split), b.Reshape(hi, split)}, 2),
                   {vd[0], vd[1] * 2});
}

}  // namespace

Value DequantizedWeight(Builder& b, Value values, Value scales, WeightQuant quant,
                        ElementType compute) {
  Value q = UnpackedQ(b, values, scales, quant);
  if (!b.status().ok()) return Value{};
  const std::vector<int64_t> dims = b.dims(q);
  Value scale;
  if (StoredQuant(quant) == WeightQuant::kInt8) {
    scale = b.BroadcastInDim(scales, dims, {0});
  } else {
    // Scale g covers inputs 32g..32g+31: [out, groups, 32] merged into the input axis.
    scale = b.Reshape(
        b.BroadcastInDim(scales, {dims[0], dims[1] / kInt4GroupSize, kInt4GroupSize}, {0, 1}),
        dims);
  }
  return b.CastTo(b.Multiply(b.Convert(q, ElementType::kF32), scale), compute);
}

const char* QuantProductName(QuantProduct form) {
  switch (form) {
    case QuantProduct::kWidenedWeight: return "widened weight";
    case QuantProduct::kWidenedBlocks: return "widened blocks";
    case QuantProduct::kMatrixVector: return "matrix-vector";
    default: return "host call";
  }
}

namespace {

// XLA's CPU compiler fuses the producer of a matrix-vector dot's matrix (here the widening of q)
// into the dot's loop only while the vector is under 16 KiB (cpu_instruction_fusion.cc,
// kFusionThresholdBytes); for a longer one it writes the widened matrix out first.
int64_t MaxFusedVector(ElementType t) { return (16 * 1024 - 1) / (t == ElementType::kF32 ? 4 : 2); }

// One row [k] (x's type) by the quantized [out, in] weight, in the form kMatrixVector: [out] f32.
Value StreamedRow(Builder& b, Value row, Value values, Value scales, WeightQuant quant, int64_t n,
                  ElementType t) {
  const bool int4 = quant == WeightQuant::kInt4;
  const int64_t k = b.dims(row)[0];
  // Each product: a rank-1 dot of `matrix` [out, c] by the row's inputs begin, begin + stride, ...
  // (c of them), in f32. The products are summed as y - (-product): a dot whose user is an add
  // becomes an output fusion, which takes no producer, so each but the first multiplies by the
  // negated matrix (exact) and is subtracted.
  Value y;
  auto add_product = [&](Value matrix, int64_t begin, int64_t stride) {
    const int64_t c = b.dims(matrix)[1];
    Value xs = b.Slice(row, {begin}, {begin + (c - 1) * stride + 1}, {stride});
    if (y.valid()) matrix = b.Negate(matrix);
    Value part = b.CastTo(b.DotGeneral(matrix, xs, {}, {}, {1}, {0}, Accumulator(b, row)),
                          ElementType::kF32);
    y = y.valid() ? b.Subtract(y, part) : part;
  };
  // Slices of the inputs short enough for the fusion, each a multiple of 32 inputs but the last.
  const int64_t most = MaxFusedVector(t) / kInt4GroupSize * kInt4GroupSize;
  const int64_t chunks = (k + most - 1) / most;
  const int64_t len =
      ((k + chunks - 1) / chunks + kInt4GroupSize - 1) / kInt4GroupSize * kInt4GroupSize;
  for (int64_t begin = 0; begin < k; begin += len) {
    const int64_t end = std::min(k, begin + len), c = end - begin;
    if (!int4) {
      // int8: q widened exactly to x's type; the scale multiplies the sum.
      add_product(b.Convert(b.Slice(values, {0, begin}, {n, end}), t), begin, 1);
      continue;
    }
    // int4: the low nibbles (even inputs) and the high ones (odd inputs) as two products, each by
    // float(q) * scale, the oracle's W' (byte j of the slice holds inputs 2j and 2j + 1, both in
    // group j / 16 of it).
    Value packed = b.Slice(values, {0, begin / 2}, {n, end / 2});
    Value group_scales = b.Slice(scales, {0, begin / kInt4GroupSize}, {n, end / kInt4GroupSize});
    Value scale = b.Reshape(
        b.BroadcastInDim(group_scales, {n, c / kInt4GroupSize, kInt4GroupSize / 2}, {0, 1}),
        {n, c / 2});
    Value four = b.Splat(b.type(packed), 4);
    const Value nibbles[2] = {b.ShiftRightArithmetic(b.ShiftLeft(packed, four), four),
                              b.ShiftRightArithmetic(packed, four)};
    for (int64_t half = 0; half < 2; ++half) {
      add_product(b.CastTo(b.Multiply(b.Convert(nibbles[half], ElementType::kF32), scale), t),
                  begin + half, 2);
    }
  }
  if (!int4) y = b.Multiply(y, scales);
  return y;
}

// The rows of output channels each block of kWidenedBlocks widens: as few even blocks, each a
// multiple of 8 rows, as keep a widened block within kWidenedBlockBytes (at least 8 rows).
int64_t BlockRows(int64_t out, int64_t in, ElementType t) {
  const int64_t width = t == ElementType::kF32 ? 4 : 2;
  const int64_t most = std::max<int64_t>(8, kWidenedBlockBytes / (in * width) / 8 * 8);
  const int64_t blocks = (out + most - 1) / most;
  return ((out + blocks - 1) / blocks + 7) / 8 * 8;
}

// x by the quantized [out, in] weight in the form kWidenedBlocks: DequantizedWeight of each block
// of BlockRows output channels, each multiplied as Linear multiplies the whole widened weight.
Value WidenedBlocks(Builder& b, Value x, Value values, Value scales, WeightQuant quant,
                    Value bias) {
  const ElementType t = b.type(x).element;
  const std::vector<int64_t> vd = b.dims(values), sd = b.dims(scales);
  const int64_t n = vd[0], in = b.dims(x).back();
  const int64_t rows = BlockRows(n, in, t);
  std::vector<Value> blocks;
  for (int64_t begin = 0; begin < n; begin += rows) {
    const int64_t end = std::min(n, begin + rows);
    std::vector<int64_t> s_lo(sd.size(), 0), s_hi = sd;
    s_lo[0] = begin;
    s_hi[0] = end;
    blocks.push_back(DequantizedWeight(b, b.Slice(values, {begin, 0}, {end, vd[1]}),
                                       b.Slice(scales, s_lo, s_hi), quant, t));
  }
  return LinearOfRowBlocks(b, x, blocks, bias);
}

// Rows of activations quantized as QuantizeActivationRow defines (base/quantize.h), in
// StableHLO: q the integers (f32 [rows, in]), scale f32 [rows].
struct QuantizedRows {
  Value q;
  Value scale;
};

// Each row of x2 [rows, in]: max |x| / 127 rounded to bfloat16's 8 bits, 1 for a zero row; x /
// scale rounded half to even and clamped to [-127, 127]; a row holding NaN or Inf: scale NaN, q 0.
QuantizedRows QuantizeRows(Builder& b, Value x2) {
  const std::vector<int64_t> xd = b.dims(x2);
  const int64_t m = xd[0];
  Value xf = b.CastTo(x2, ElementType::kF32);
  const TensorType row{ElementType::kF32, {m}};
  Value magnitude = b.Abs(xf);
  Value amax = b.Reduce(magnitude, {1}, ReduceKind::kMax);
  // max / 127 rounded to 8 significant bits, to nearest even, on its bits: IREE folds a convert
  // to bf16 and back into nothing (measured: the scale kept all 24 bits). bits + 0x7fff + (bit
  // 16) then the low 16 bits cleared; the value is never negative, so the shifts keep its sign.
  const TensorType row_bits{ElementType::kI32, {m}};
  Value bits = b.BitcastConvert(b.Divide(amax, b.Splat(row, 127.0)), ElementType::kI32);
  Value sixteen = b.Splat(row_bits, 16), one = b.Splat(row_bits, 1);
  Value high = b.ShiftRightArithmetic(bits, sixteen);
  Value odd = b.Subtract(high, b.ShiftLeft(b.ShiftRightArithmetic(high, one), one));
  Value rounded = b.Add(b.Add(bits, b.Splat(row_bits, 0x7fff)), odd);
  Value bf16_scale = b.BitcastConvert(
      b.ShiftLeft(b.ShiftRightArithmetic(rounded, sixteen), sixteen), ElementType::kF32);
  Value scale = b.Select(b.Compare(amax, b.Splat(row, 0.0), CompareDirection::kEq),
                         b.Splat(row, 1.0), bf16_scale);
  // A row is finite where every |x| < Inf (a NaN compares false). Counted element by element:
  // XLA's CPU max reduction may skip a NaN, so amax alone does not tell.
  const TensorType full{ElementType::kF32, {m, xd[1]}};
  Value bad = b.Select(b.Compare(magnitude, b.Splat(full, std::numeric_limits<double>::infinity()),
                                 CompareDirection::kLt),
                       b.Splat(full, 0.0), b.Splat(full, 1.0));
  Value finite =
      b.Compare(b.Reduce(bad, {1}, ReduceKind::kMax), b.Splat(row, 0.0), CompareDirection::kEq);
  scale = b.Select(finite, scale, b.Splat(row, std::numeric_limits<double>::quiet_NaN()));
  Value qf = b.RoundNearestEven(b.Divide(xf, b.BroadcastInDim(scale, {m, xd[1]}, {0})));
  qf = b.Minimum(b.Maximum(qf, b.Splat(full, -127.0)), b.Splat(full, 127.0));
  qf = b.Select(b.Compare(qf, qf, CompareDirection::kEq), qf, b.Splat(full, 0.0));  // NaN -> 0
  return {qf, scale};
}

// W8A8's product (base/quantize.h) in StableHLO, for a backend without the host call: the rows
// quantized (QuantizeRows), an i8 x i8 dot_general summed in i32 (exact, IREE's s8s8s32
// product), then float(sum) * (scale_x * scale_w), the scales' product first (exact: two 8-bit
// significands). Result f32 [rows, out].
Value W8A8Rows(Builder& b, Value x2, Value values, Value scales) {
  const int64_t m = b.dims(x2)[0], n = b.dims(values)[0];
  const QuantizedRows x = QuantizeRows(b, x2);
  Value sums =
      b.DotGeneral(b.Convert(x.q, ElementType::kI8), values, {}, {}, {1}, {1}, ElementType::kI32);
  Value both =
      b.Multiply(b.BroadcastInDim(x.scale, {m, n}, {0}), b.BroadcastInDim(scales, {m, n}, {1}));
  return b.Multiply(b.Convert(sums, ElementType::kF32), both);
}

// W4A8's product (base/quantize.h) in StableHLO, for a backend without the host call, from the
// weight's blocks (values i8 [blocks, groups, 256], scales bf16 [blocks, groups, 16]) of `out`
// outputs: the rows quantized (QuantizeRows); q unpacked to [out, groups, 32]; per group an
// i8 x i8 dot_general summed in i32 (exact); float(isum) * scale (exact) summed over the groups
// in f32 (in the backend's order: only the host kernel fixes it), times scale_x. Result f32
// [rows, out].
Value W4A8Rows(Builder& b, Value x2, Value values, Value scales, int64_t out) {
  const int64_t m = b.dims(x2)[0];
  const std::vector<int64_t> vd = b.dims(values);
  const int64_t blocks = vd[0], groups = vd[1];
  const QuantizedRows x = QuantizeRows(b, x2);
  // A byte as i32 w = 16 h + l, h = w >> 4 (arithmetic: the high nibble sign-extended) and l the
  // low nibble (0..15). The nibbles hold q + 8: q_lo = l - 8; q_hi = (h mod 16) - 8, which is
  // h + 8 where h < 0, else h - 8.
  Value w = b.Convert(values, ElementType::kI32);
  const TensorType wt = b.type(w);
  Value h = b.ShiftRightArithmetic(w, b.Splat(wt, 4));
  Value eight = b.Splat(wt, 8);
  Value q_lo = b.Subtract(b.Subtract(w, b.ShiftLeft(h, b.Splat(wt, 4))), eight);
  Value q_hi = b.Select(b.Compare(h, b.Splat(wt, 0), CompareDirection::kLt), b.Add(h, eight),
                        b.Subtract(h, eight));
  // Byte 64 m + 4 j + t: [blocks, groups, m, j, t]; the low nibbles are inputs 4 m + t of the
  // group, the high ones 16 + 4 m + t, so the two side by side on the m axis are inputs 4 k + t.
  const std::vector<int64_t> split = {blocks, groups, 4, kW4A8BlockOutputs, 4};
  Value q = b.Concatenate({b.Reshape(q_lo, split), b.Reshape(q_hi, split)}, 2);
  q = b.Reshape(b.Transpose(q, {0, 3, 1, 2, 4}),
                {blocks * kW4A8BlockOutputs, groups, kInt4GroupSize});
  q = b.Convert(b.Slice(q, {0, 0, 0}, {out, groups, kInt4GroupSize}), ElementType::kI8);
  Value qx = b.Reshape(b.Convert(x.q, ElementType::kI8), {m, groups, kInt4GroupSize});
  // [groups, rows, out]
  Value sums = b.DotGeneral(qx, q, {1}, {1}, {2}, {2}, ElementType::kI32);
  Value s = b.Reshape(b.Transpose(b.Convert(scales, ElementType::kF32), {1, 0, 2}),
                      {groups, blocks * kW4A8BlockOutputs});
  s = b.Slice(s, {0, 0}, {groups, out});
  Value products =
      b.Multiply(b.Convert(sums, ElementType::kF32), b.BroadcastInDim(s, {groups, m, out}, {0, 2}));
  Value acc = b.Reduce(products, {0}, ReduceKind::kSum);
  return b.Multiply(acc, b.BroadcastInDim(x.scale, {m, out}, {0}));
}

}  // namespace

bool RowInvariantProducts(const Precision& precision, int64_t rows) {
  if (!precision.quantized_matvec_call) return false;
  if (QuantizesActivations(precision.quant)) return true;  // the host call at any row count
  if (precision.quant != WeightQuant::kNone) return rows <= kMaxHostCallRows;
  // bf16 weights in bf16 compute as [out, in] (narrow_rows_times_weight: only with
  // weights_in_out off): every product of up to kMaxBf16HostCallRows rows is the host call.
  return precision.weights == ElementType::kBF16 && precision.compute == ElementType::kBF16 &&
         precision.narrow_rows_times_weight && rows <= kMaxBf16HostCallRows;
}

bool Bf16HostCallTakes(Builder& b, bool in_out, Value x, Value weight) {
  if (!Ready(b, {x, weight}) || in_out || !b.quantized_matvec_call()) return false;
  // float32 rows (float32 compute on bf16 weights): the kernel at prefill's row counts too, where
  // XLA would widen the whole weight at every call first.
  const int64_t most =
      b.type(x).element == ElementType::kF32 ? kMaxHostCallRows : kMaxBf16HostCallRows;
  return FitsBf16Weight(b, x, weight) && Rows(b, x) <= most;
}

Value Bf16HostLinear(Builder& b, Value x, Value weight, Value bias) {
  if (!Ready(b, {x, weight})) return Value{};
  if (!FitsBf16Weight(b, x, weight)) {
    return b.Fail(InvalidArgument("linear: bf16 host call weight " + b.type(weight).ToString() +
                                      " does not fit input " + b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  return HostCall(b, kBf16MatvecTarget, x, {weight}, b.dims(weight)[0], bias);
}

Value QuantizedProject(Builder& b, Value x, Value values, Value scales, WeightQuant quant,
                       QuantProduct form, Value bias) {
  if (!Ready(b, {x, values, scales})) return Value{};
  const ElementType t = b.type(x).element;
  const int64_t m = Rows(b, x);
  if (form == QuantProduct::kWidenedWeight && !QuantizesActivations(quant)) {
    return Linear(b, x, DequantizedWeight(b, values, scales, quant, t), bias);
  }
  const std::vector<int64_t> xd = b.dims(x), vd = b.dims(values);
  const bool int4 = quant == WeightQuant::kInt4;
  if (quant == WeightQuant::kW4A8) {
    return b.Fail(InvalidArgument("linear: a w4a8 weight takes W4A8Project", "hlo_shape_mismatch"));
  }
  if (!FitsQuantizedWeight(b, x, values, quant)) {
    return b.Fail(InvalidArgument("linear: quantized weight " + b.type(values).ToString() +
                                      " does not fit input " + b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  if (QuantizesActivations(quant)) {
    // One definition at every row count and in every form: the host call on a backend that has
    // it, else the same steps in StableHLO.
    if (form == QuantProduct::kHostCall) {
      return HostCall(b, kW8A8MatmulTarget, x, {values, scales}, vd[0], bias);
    }
    std::vector<int64_t> out_dims(xd.begin(), xd.end() - 1);
    out_dims.push_back(vd[0]);
    Value y = W8A8Rows(b, b.Reshape(x, {m, xd.back()}), values, scales);
    return AddBias(b, b.Reshape(y, out_dims), bias, t);
  }
  const bool host_call = QuantizedHostCall(quant, form, m);
  if (!host_call && (form == QuantProduct::kWidenedBlocks || m > kMaxStreamedRows)) {
    return WidenedBlocks(b, x, values, scales, quant, bias);
  }
  const int64_t n = vd[0], k = xd.back();
  if (host_call) {
    return HostCall(b, int4 ? kInt4MatvecTarget : kInt8MatvecTarget, x, {values, scales}, n, bias);
  }
  std::vector<int64_t> out_dims(xd.begin(), xd.end() - 1);
  out_dims.push_back(n);
  // The rows computed once (MaterializedRow), so their RMSNorm does not run again for every
  // weight element in the dot's loop. (For an f32 row XLA folds the max of [x; x] away and the
  // norm's last two multiplies do run in the loop, which stays bound by reading q.)
  Value rows = b.Reshape(MaterializedRow(b, x), {m, k});
  std::vector<Value> outs;  // [1, out] per row
  for (int64_t r = 0; r < m; ++r) {
    Value row = b.Reshape(b.Slice(rows, {r, 0}, {r + 1, k}), {k});
    outs.push_back(b.Reshape(StreamedRow(b, row, values, scales, quant, n, t), {1, n}));
  }
  Value y = m == 1 ? outs[0] : b.Concatenate(outs, 0);
  return AddBias(b, b.Reshape(y, out_dims), bias, t);
}

Value W4A8Project(Builder& b, Value x, Value values, Value scales, int64_t out, QuantProduct form,
                  Value bias) {
  if (!Ready(b, {x, values, scales})) return Value{};
  const std::vector<int64_t> xd = b.dims(x), vd = b.dims(values), sd = b.dims(scales);
  if (xd.empty() || vd.size() != 3 || b.type(values).element != ElementType::kI8 ||
      vd[2] != kW4A8BlockBytes || b.type(scales).element != ElementType::kBF16 ||
      sd != std::vector<int64_t>{vd[0], vd[1], kW4A8BlockOutputs} ||
      xd.back() != vd[1] * kInt4GroupSize || out < 1 || out > vd[0] * kW4A8BlockOutputs ||
      out <= (vd[0] - 1) * kW4A8BlockOutputs) {
    return b.Fail(InvalidArgument("linear: w4a8 weight " + b.type(values).ToString() +
                                      " with scales " + b.type(scales).ToString() + " for " +
                                      std::to_string(out) + " outputs does not fit input " +
                                      b.type(x).ToString(),
                                  "hlo_shape_mismatch"));
  }
  if (form == QuantProduct::kHostCall) {
    return HostCall(b, kW4A8MatmulTarget, x, {values, scales}, out, bias);
  }
  const ElementType t = b.type(x).element;
  std::vector<int64_t> out_dims(xd.begin(), xd.end() - 1);
  out_dims.push_back(out);
  Value y = W4A8Rows(b, b.Reshape(x, {Rows(b, x), xd.back()}), values, scales, out);
  return AddBias(b, b.Reshape(y, out_dims), bias, t);
}

Value ProjectAs(Builder& b, bool in_out, WeightQuant quant, Value x, const ProjectionWeight& w) {
  if (quant == WeightQuant::kNone) {
    if (Bf16HostCallTakes(b, in_out, x, w.values)) return Bf16HostLinear(b, x, w.values, w.bias);
    return Project(b, in_out, x, w.values, w.bias);
  }
  const QuantProduct form =
      b.quantized_matvec_call() ? QuantProduct::kHostCall : QuantProduct::kMatrixVector;
  if (quant == WeightQuant::kW4A8) {
    return W4A8Project(b, x, w.values, w.scales, w.out, form, w.bias);
  }
  return QuantizedProject(b, x, w.values, w.scales, quant, form, w.bias);
}

namespace {

// The outputs of `w` as one product of a shared host call under `quant`, or 0 where ProjectAs
// would not make it the host call of x (or the call would not take it: then ProjectAs says why).
int64_t SharedCallOutputs(Builder& b, bool in_out, WeightQuant quant, Value x,
                          const ProjectionWeight& w) {
  if (!Ready(b, {x, w.values}) || !b.quantized_matvec_call()) return 0;
  const std::vector<int64_t> xd = b.dims(x), vd = b.dims(w.values);
  if (quant == WeightQuant::kNone) {
    return Bf16HostCallTakes(b, in_out, x, w.values) ? vd[0] : 0;
  }
  if (!Ready(b, {w.scales}) || xd.empty() ||
      !QuantizedHostCall(quant, QuantProduct::kHostCall, Rows(b, x))) {
    return 0;
  }
  if (quant == WeightQuant::kW4A8) {
    // Several products' call takes each one's outputs as all of its blocks' (16 a block).
    const bool whole_blocks =
        vd.size() == 3 && w.out == vd[0] * kW4A8BlockOutputs && xd.back() == vd[1] * kInt4GroupSize;
    return whole_blocks ? w.out : 0;
  }
  return FitsQuantizedWeight(b, x, w.values, quant) ? vd[0] : 0;
}

}  // namespace

std::vector<Value> ProjectSharedInput(Builder& b, bool in_out, WeightQuant quant, Value x,
                                      const std::vector<ProjectionWeight>& ws) {
  std::vector<int64_t> outs;
  std::vector<std::vector<Value>> operands;
  std::vector<Value> biases;
  for (const ProjectionWeight& w : ws) {
    const int64_t out = SharedCallOutputs(b, in_out, quant, x, w);
    if (out == 0) break;
    outs.push_back(out);
    operands.push_back(quant == WeightQuant::kNone ? std::vector<Value>{w.values}
                                                   : std::vector<Value>{w.values, w.scales});
    biases.push_back(w.bias);
  }
  if (ws.size() < 2 || outs.size() != ws.size()) {
    std::vector<Value> ys;
    for (const ProjectionWeight& w : ws) ys.push_back(ProjectAs(b, in_out, quant, x, w));
    return ys;
  }
  return HostCalls(b, ProductTarget(quant), x, operands, outs, biases);
}

}  // namespace vlmxla::hlo
