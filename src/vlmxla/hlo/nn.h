// Neural-network building blocks written on top of the Builder's primitives, with the same math
// as their Hugging Face Transformers counterparts.
//
// Mixed precision follows PyTorch's CPU kernels as Transformers calls them: an activation's
// element type is the compute dtype (f32, bf16 or f16), and each PyTorch kernel becomes float32
// math rounded once to that type (matmuls accumulate in f32, norm statistics and the softmax run
// in f32, GELU/SiLU evaluate in f32). A weight whose stored type differs is converted where it
// is consumed, never as a separate copy. With f32 activations and weights every cast vanishes and
// the emitted text is the float32 program's.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/builder.h"

namespace vlmxla::hlo {

// Numpy-style broadcast of `x` to `dims` (trailing dims aligned; sizes equal or 1).
Value BroadcastTo(Builder& b, Value x, const std::vector<int64_t>& dims);
// A scalar of x's element type broadcast to x's shape.
Value SplatLike(Builder& b, Value x, double value);
// x computed as `fn` in float32 and rounded once back to x's element type (one PyTorch kernel on
// a bf16/f16 tensor); for f32 x just fn(x).
Value InF32(Builder& b, Value x, Value (*fn)(Builder&, Value));
// DotGeneral of two operands of one element type accumulated in f32 and rounded to that type
// (torch.matmul on bf16/f16); a plain DotGeneral for f32.
Value RoundedDot(Builder& b, Value lhs, Value rhs, std::vector<int64_t> lhs_batch,
                 std::vector<int64_t> rhs_batch, std::vector<int64_t> lhs_contracting,
                 std::vector<int64_t> rhs_contracting);
// Sum or max over `axis`, broadcast back to x's shape (keepdims + broadcast).
Value ReduceKeep(Builder& b, Value x, int64_t axis, ReduceKind kind);
Value Mean(Builder& b, Value x, int64_t axis);  // keeps x's shape, like ReduceKeep

// exp(x - max) / sum(exp(x - max)) along `axis`.
Value Softmax(Builder& b, Value x, int64_t axis);
// nn.LayerNorm over the last dim: (x - mean) / sqrt(var + eps) * weight + bias (biased variance),
// all in f32, rounded once to x's type.
Value LayerNorm(Builder& b, Value x, Value weight, Value bias, double eps);
// Llama/Qwen2 RMSNorm over the last dim: x * rsqrt(mean(x^2) + eps) in f32, rounded to x's type,
// then * weight in x's type (Transformers casts back before the weight).
Value RmsNorm(Builder& b, Value x, Value weight, double eps);
// Gemma's RMSNorm: x * rsqrt(mean(x^2) + eps) * (1 + weight), all in f32 (the weight too),
// rounded once to x's type (Gemma3RMSNorm).
Value RmsNormUnitOffset(Builder& b, Value x, Value weight, double eps);
// Soft-capping cap * tanh(x / cap), each of its three PyTorch kernels evaluated in f32 and rounded
// to x's type (Gemma's final_logit_softcapping).
Value SoftCap(Builder& b, Value x, double cap);
// GELU, erf form: 0.5 x (1 + erf(x / sqrt(2))) ("gelu").
Value Gelu(Builder& b, Value x);
// GELU, tanh approximation ("gelu_pytorch_tanh", "gelu_new").
Value GeluTanh(Builder& b, Value x);
// x * sigmoid(1.702 x) (CLIP's "quick_gelu").
Value QuickGelu(Builder& b, Value x);
// x * sigmoid(x) ("silu").
Value Silu(Builder& b, Value x);
// The activation Transformers' ACT2FN maps `name` to (gelu, gelu_pytorch_tanh, gelu_new,
// gelu_fast, quick_gelu, silu, swish, relu); an unknown name is an error naming `what`.
Result<Value> Activation(Builder& b, const std::string& name, Value x, const std::string& what);

// Eager attention probabilities of `scores` (the compute type): scores * scaling rounded to that
// type, positions where `visible` (i1, the scores' shape) is false set to the lowest float, float32
// softmax over the last axis, rounded back (eager_attention_forward with an additive mask).
// cache with `rows` written at `starts` (a dynamic-update-slice), through their 16-bit patterns
// where `as_bits` (Precision::cache_updates_as_bits) and the cache is bf16 or f16: the same
// bits, without a float update the compiler would widen over the whole cache. Such an update of
// a cache of rank 3 on a backend with the host calls (Builder::quantized_matvec_call) is the
// host call kUpdateRowsTarget, its result aliased with the cache: XLA's CPU backend fuses the
// bits' dynamic-update-slice with its two bitcast-converts into one loop fusion that is not an
// in-place update (bf16 decode at a 16384-row context: +6% tok/s with the call, prefill +8%).
Value UpdateRows(Builder& b, Value cache, Value rows, const std::vector<Value>& starts,
                 bool as_bits);

Value AttentionProbs(Builder& b, Value scores, double scaling, Value visible);

// Attention ctx = probs(q . k^T) . v in blocks of query rows. q is [B..., F..., Q, d] and k, v
// are [B..., K, d], sharing the `batch_dims` leading dims B; the scores are [B..., F..., Q, K] and
// ctx [B..., F..., Q, d]. `probs(scores, first_row, rows)` turns a block's scores (rows
// first_row..first_row+rows-1 of the query axis) into probabilities of the same shape; every
// query row sees all its keys, so the result is the unblocked one row for row. The rows are split
// into as few even blocks as keep each block's scores at most `max_block_scores` elements (0: one
// block), and never into more than kMaxAttentionBlocks: one block's float32 scores and
// probabilities are live at a time instead of the whole [Q, K] matrix (SigLIP's 729 patches with
// 16 heads: 2 x 34 MB; a 4872-row Qwen2-VL image: 2 x 1.5 GB). One block emits exactly the
// unblocked program.
inline constexpr int64_t kMaxAttentionBlocks = 16;
using AttentionProbsFn = std::function<Value(Value scores, int64_t first_row, int64_t rows)>;
Value BlockedAttention(Builder& b, Value q, Value k, Value v, int64_t batch_dims,
                       const AttentionProbsFn& probs, int64_t max_block_scores);
// The rows first_row..first_row+rows-1 of x's second-to-last axis (a query block of a mask); x
// itself when that is every row.
Value QueryRows(Builder& b, Value x, int64_t first_row, int64_t rows);

// Rotary angles [N, k] of positions [N] (f32) and the constant frequencies `inv_freq` [k]:
// pos * inv_freq, one float32 product per element (Transformers' pos[..., None].float() *
// inv_freq).
Value RotaryAngles(Builder& b, Value positions, std::span<const float> inv_freq);

// Rotary position embedding x * cos + rotate_half(x) * sin of x [N, heads, d] with cos/sin [N, d]
// of x's element type, rotate_half(x) = cat(-x[d/2:], x[:d/2]) (apply_rotary_pos_emb).
// `separate_products`: each of the two products computed and rounded on its own (in a
// reduction's fusion), then added, so that the result is the same bits in any program. XLA's CPU
// compiler contracts a multiply into the add after it (an FMA, always allowed there) within
// one fusion, and which of the two products it contracts depends on how the program fused:
// decode at one row fused q's bias, rotate_half and both products into one loop (an FMA for
// one half, FMS for the other), at two rows it materialized rotate_half per batch and
// contracted the other product, and a row's float32 logits differed in the last bits
// (tests/cpp/engine/chunked_prefill_test.cc, LoneDecodeTest, Qwen2's biased q/k). Rounding
// each product, as Transformers' eager x * cos + rotate_half(x) * sin does, leaves no
// multiply for the add to take in.
Value ApplyRotary(Builder& b, Value x, Value cos, Value sin, bool separate_products = false);

// x [..., K] @ w [K, N] -> [..., N]; with w of x's rank, its leading dims are batch dims. The
// result has the operands' element type (RoundedDot).
Value MatMul(Builder& b, Value x, Value w);
// nn.Linear: x [..., K] with weight [N, K] (Transformers' layout) and optional bias [N]. The weight
// and bias are converted to x's element type where they differ; products accumulate in f32, the
// bias is added in f32 and the sum rounded once to x's type (addmm).
Value Linear(Builder& b, Value x, Value weight, Value bias = Value{});
// The same projection with the weight transposed, [K, N] (ProgramCommonOptions::weights_in_out).
Value LinearInOut(Builder& b, Value x, Value weight_in_out, Value bias = Value{});
// Linear (weight [N, K]) or, with in_out, LinearInOut (weight [K, N]).
Value Project(Builder& b, bool in_out, Value x, Value weight, Value bias = Value{});

// The weight a quantized Linear multiplies by (base/quantize.h): float(q) * scale in f32, cast to
// `compute`, [out, in]. `values` i8 and `scales` f32 as the decoder declares them (always
// [out, in], whatever ProgramCommonOptions::weights_in_out says: QuantizedProject streams rows):
// int8 [out, in] and [out]; int4 [out, in / 2] (packed) and [out, in / 32].
Value DequantizedWeight(Builder& b, Value values, Value scales, WeightQuant quant,
                        ElementType compute);

// The most rows kMatrixVector streams, each by its own products (each reads q again). On XLA's CPU
// backend 8 rows streamed took 1.6-1.9 ms for the 0.5B decoder's up and down projections in int8
// (9-10 ms int4), the widened weight 20-24 ms (28-39 ms int4) (`vlmxla-testtool time-products
// --weights int8|int4`, bench/README.md); more rows (prefill) take kWidenedBlocks.
inline constexpr int64_t kMaxStreamedRows = 8;
// The most rows kHostCall multiplies by the host kernel; more take kWidenedBlocks. On pjrt-cpu
// (int8, float32) the kernel took 2.5-2.9 ms for 16 rows by the up and down projections against
// 5-8 ms in widened blocks, and 10-16 ms against 18-20 ms at 64 rows; at 256 rows the two were
// even (42-54 ms) and at 768 the blocks ahead (116-119 ms against 130-153 ms).
inline constexpr int64_t kMaxHostCallRows = 256;

// The most rows a bfloat16 product multiplies by the host kernel (Bf16HostLinear): decode's.
inline constexpr int64_t kMaxBf16HostCallRows = kMaxStreamedRows;

// Whether x . weight^T runs as Bf16HostLinear: a backend that registers the host calls
// (Builder::quantized_matvec_call), a bfloat16 weight [out, in] (weights_in_out off), x of at
// most kMaxBf16HostCallRows rows, or of kMaxHostCallRows where x is float32 (float32 compute on
// bf16 weights: XLA would widen the whole weight at every call first; posed as an AVX2 CPU the
// kernel took the bench model's text TTFT from 0.82 s to 0.15 s and its prefill from 53 to 58
// tok/s, bench/README.md).
bool Bf16HostCallTakes(Builder& b, bool in_out, Value x, Value weight);
// Linear of x [..., in] (f32, bf16 or f16) by a bfloat16 weight [out, in] as one
// stablehlo.custom_call of the host kernel (base/quantize.h's kBf16MatvecTarget), which reads the
// weight as stored, widens it in registers and sums each row's products in float32 in a fixed
// order (runtime/quantized_matvec.h); the bias joins the f32 sums before the one rounding to x's
// type, as Linear's. XLA's own products of a narrow weight at 1-8 rows took other forms at each
// row count (a two-row GEMM for one row, YNNPACK repacking the weight at 2-8, docs/design.md);
// the kernel is one form, memory-bound, the same bits for a row whatever rows share the call.
Value Bf16HostLinear(Builder& b, Value x, Value weight, Value bias = Value{});

// Whether every weight product of a decode program of at most `rows` rows computes each row on
// its own, in the same operations whatever rows stand beside it, so that a row's logits do not
// depend on the batch it decodes in: quantized weights whose products at that many rows are the
// host call, whose kernel sums each row in a fixed order (runtime/quantized_matvec.h), and
// bfloat16 weights [out, in] computed in bfloat16 there (Bf16HostLinear). Other float
// weights are not (XLA's CPU backend sends a one-row dot to another emitter than a two-row one,
// docs/design.md), nor IREE's streamed rows (each row its own matrix-vector products in
// StableHLO, but the compiler fuses them differently at one row: measured, not equal). The
// decode's other operations (norms, RoPE, attention per slot) take each row alone by
// construction (hlo/decode.cc).
bool RowInvariantProducts(const Precision& precision, int64_t rows);

// The most bytes of widened weight one block of kWidenedBlocks holds. Each block's product
// packs the rows again (Eigen on XLA's CPU backend), so small blocks lose: with 256 rows the 896 x
// 4864 down projection in blocks of 1 MiB took 84 ms, in blocks of 4 MiB 40 ms (float32 28 ms,
// the whole widened weight 25-48 ms; bench/README.md, "Quantized prefill").
inline constexpr int64_t kWidenedBlockBytes = int64_t{4} << 20;

// How a quantized projection multiplies (QuantizedProject).
//   kWidenedWeight: x times DequantizedWeight (float(q) * scale, cast to x's type) in one
//     dot_general, the oracle's own order of operations. Both CPU compilers write the whole
//     widened weight out before the product (XLA fuses producers only into matrix-vector dots,
//     IREE gives the widening its own dispatch): for the 0.5B decoder's 4864 x 896 projection
//     17 MB written and read again per product. Kept as the reference the others are measured
//     and tested against.
//   kWidenedBlocks: the same products in blocks of output channels: each block of q widened
//     (DequantizedWeight of its rows) to at most kWidenedBlockBytes and multiplied as Linear
//     multiplies the whole one, the blocks' results concatenated before the bias. Every output
//     is the same dot over all inputs as kWidenedWeight's, and no widened copy of the whole
//     weight exists: XLA's schedule widens a block just before its product (optimized HLO: a
//     fusion, its dot, the next fusion, ...), so one tile at a time is live, in the cache. The
//     form for more than kMaxStreamedRows rows (prefill) under kMatrixVector (iree-cpu's).
//   kMatrixVector: for up to 8 rows (more take kWidenedBlocks), per row rank-1 dot_generals on
//     slices of the row under 16 KiB whose matrix is the widening itself, summed, which XLA's
//     CPU compiler fuses into loops reading q (IREE into i8 x f32 matvec dispatches): int8
//     multiplies the sum of x * float(q) by scale after it; int4 widens to float(q) * scale (the
//     oracle's W') in the loop.
//   kHostCall: up to kMaxHostCallRows rows (decode and prefill; more take kWidenedBlocks), one
//     stablehlo.custom_call of the runtime's host kernel (base/quantize.h's kInt8MatvecTarget,
//     kInt4MatvecTarget), which reads q as stored, the rows in blocks over each tile of q (read
//     from memory once, then from the cache): int8 as kMatrixVector (scale after the sum), int4
//     by W' per input; only for a backend that registers it (Builder::quantized_matvec_call).
// w8a8 (WeightQuant::kW8A8) takes one form whatever `form` says: the host call of
// kW8A8MatmulTarget at any row count where form is kHostCall, else its steps in StableHLO (each
// row quantized, an i8 x i8 dot_general summed in i32, the two scales after). Integer sums are
// exact, so the two are the same bits, at every row count, on every backend.
enum class QuantProduct { kWidenedWeight, kWidenedBlocks, kMatrixVector, kHostCall };
const char* QuantProductName(QuantProduct form);

// Linear of x [..., in] by a quantized [out, in] weight (`values` and `scales` as
// DequantizedWeight takes them) and optional bias [out], in `form`; the result has x's element
// type.
// (Not w4a8, whose blocks do not say `out`: W4A8Project.)
Value QuantizedProject(Builder& b, Value x, Value values, Value scales, WeightQuant quant,
                       QuantProduct form, Value bias = Value{});

// Linear of x [..., in] by a w4a8 weight of `out` outputs held in its blocks (base/quantize.h's
// PackW4A8Weight: values i8 [blocks, in / 32, 256], scales bf16 [blocks, in / 32, 16]) and
// optional bias [out]: the host call of kW4A8MatmulTarget at any row count where form is
// kHostCall, else its steps in StableHLO (each row quantized, per group of 32 inputs an i8 x i8
// dot_general summed in i32, times the group's scale, summed over the groups in f32, times the
// row's scale). The integer sums are exact; the sum over the groups is the one float step, in
// group order in the host kernel and in the backend's own order otherwise.
Value W4A8Project(Builder& b, Value x, Value values, Value scales, int64_t out, QuantProduct form,
                  Value bias = Value{});

// A projection's weight in a format `quant` (ProjectAs): as stored (WeightQuant::kNone: `values`
// [out, in], or [in, out] with in_out) or quantized (`values` and `scales` as QuantizedProject
// takes them, or W4A8Project with its `out`), and its optional bias [out].
struct ProjectionWeight {
  Value values, scales;
  int64_t out = 0;  // w4a8's outputs (its blocks hold them rounded up to 16)
  Value bias;
};

// x . w (+ bias) in the form the backend takes: a weight as stored by Bf16HostLinear where
// Bf16HostCallTakes, else Project; a quantized one by QuantizedProject / W4A8Project as the host
// call where the backend has it (Builder::quantized_matvec_call), else kMatrixVector.
Value ProjectAs(Builder& b, bool in_out, WeightQuant quant, Value x, const ProjectionWeight& w);

// ProjectAs(x, w) for each of `ws`, several weights of one format on the same x (a layer's q, k
// and v; its gate and up). Where every one of them is the host call, one call multiplies x by all
// of them: the rows prepared (under w8a8 and w4a8 quantized) once, the outputs of all the weights
// shared among the threads, each result the same bits as its own call gives (the kernel's sums
// depend on neither the split of the outputs nor the call: runtime/quantized_matvec.h). w4a8
// weights join only with outputs filling their blocks (16 a block). Otherwise each its own way.
std::vector<Value> ProjectSharedInput(Builder& b, bool in_out, WeightQuant quant, Value x,
                                      const std::vector<ProjectionWeight>& ws);

}  // namespace vlmxla::hlo
