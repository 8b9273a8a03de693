// Weight quantization of a float [out, in] Linear weight: int8 per output channel, or int4 in
// groups of 32 inputs, both symmetric; w8a8 is int8's weights with each product's input rows
// quantized to int8 as well, per row, as it runs (dynamic per-token activations), and w4a8 int4's
// weights with the input rows quantized the same way. The one numerical
// definition (docs/validation.md, "Quantized weights") that the engine, `vlmxla quantize` and the
// oracle share bit for bit.
#pragma once

#include <cstdint>
#include <string>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"

namespace vlmxla {

enum class WeightQuant { kNone, kInt8, kInt4, kW8A8, kW4A8 };

// The format a weight is quantized to under `quant`: w8a8 takes int8's (the same q and scales),
// w4a8 int4's (the same q and scales, held in the blocks PackW4A8Weight lays out).
inline WeightQuant StoredQuant(WeightQuant quant) {
  if (quant == WeightQuant::kW8A8) return WeightQuant::kInt8;
  if (quant == WeightQuant::kW4A8) return WeightQuant::kInt4;
  return quant;
}
// Whether a product under `quant` quantizes its input rows too (w8a8, w4a8).
inline bool QuantizesActivations(WeightQuant quant) {
  return quant == WeightQuant::kW8A8 || quant == WeightQuant::kW4A8;
}

// The values --weights takes, for help texts.
inline constexpr const char kWeightQuantChoices[] = "stored | int8 | int4 | w8a8 | w4a8";
// Inputs per int4 scale.
inline constexpr int64_t kInt4GroupSize = 32;

// The custom calls that multiply rows by a quantized weight on the host, reading it as
// stored (hlo::QuantizedProject emits them where the backend has them, runtime/pjrt_ffi_matvec.h
// registers them with XLA's CPU plugin): (x [rows, in] f32 or bf16, values, scales) -> f32
// [rows, out]. Each of them also takes several weights of the same rows in one call (x, then each
// weight's operands -> one f32 buffer of each weight's [rows, out] in turn;
// hlo::ProjectSharedInput).
inline constexpr char kInt8MatvecTarget[] = "vlmxla.int8_matvec_host";
inline constexpr char kInt4MatvecTarget[] = "vlmxla.int4_matvec_host";
// The same kernel for a bfloat16 [out, in] weight as stored (no scales): (x [rows, in] f32 or
// bf16, w bf16 [out, in]) -> f32 [rows, out], each product x * w summed in float32.
inline constexpr char kBf16MatvecTarget[] = "vlmxla.bf16_matvec_host";
// W8A8's product on the host (runtime/quantized_matvec.h RunW8A8Matmul), any number of rows:
// (x [rows, in] f32 or bf16, values i8 [out, in], scales f32 [out]) -> f32 [rows, out], each row
// of x quantized as QuantizeActivationRow defines and the int8 dot products summed exactly.
inline constexpr char kW8A8MatmulTarget[] = "vlmxla.w8a8_matmul_host";
// W4A8's product on the host (runtime/quantized_matvec.h RunW4A8Matmul), any number of rows:
// (x [rows, in] f32 or bf16, values i8 [blocks, in / 32, 256], scales bf16 [blocks, in / 32, 16])
// (PackW4A8Weight's blocks) -> f32 [rows, out], out <= 16 * blocks given by the result.
inline constexpr char kW4A8MatmulTarget[] = "vlmxla.w4a8_matmul_host";
// The product target of weights in `quant` (kNone: a bfloat16 weight as stored).
inline const char* ProductTarget(WeightQuant quant) {
  switch (quant) {
    case WeightQuant::kNone: return kBf16MatvecTarget;
    case WeightQuant::kInt8: return kInt8MatvecTarget;
    case WeightQuant::kInt4: return kInt4MatvecTarget;
    case WeightQuant::kW8A8: return kW8A8MatmulTarget;
    case WeightQuant::kW4A8: return kW4A8MatmulTarget;
  }
  return kInt8MatvecTarget;
}
// One slot's decode attention on the host (runtime/decode_attention.h), reading only the cache
// rows the slot has written: (q [kv, rep, hd], k [kv, rows, hd], v [kv, rows, hd], position s32 [],
// scaling f32 []) -> [kv, rep, hd], all of q, k, v and the result float32 or all bfloat16.
inline constexpr char kDecodeAttentionTarget[] = "vlmxla.decode_attention_host";
// The largest head_dim it takes.
inline constexpr int64_t kMaxDecodeAttentionHeadDim = 512;
// A KV cache's rows written in place on the host: (cache [d0, d1, d2], rows [n0, n1, n2] (each n
// at most its d) of the cache's element type (2 or 4 bytes), then one s32 [] start a dim) -> the
// cache, the result aliased with it (output_operand_aliases): a dynamic-update-slice, each start
// clamped into [0, d - n] as the slice clamps it. What hlo::UpdateRows emits for a narrow cache
// on pjrt-cpu, where XLA's own update of it traversed the whole cache each step.
inline constexpr char kUpdateRowsTarget[] = "vlmxla.update_rows_host";

// The format of the LM head, and of a tied embedding table (which is the head), under `quant`:
// int8 per output channel (one scale per vocabulary row) in every format (w8a8's head quantizes
// its input rows as well, as its projections do), kNone under kNone. The
// head is the largest single read of a decode step (the 0.5B bench model's tied table is 545 MB
// in float32, more than all its int8 projections), and 4 bits there cost the most quality, so it
// takes 8 bits as llama.cpp keeps the tied table of this model's Q4_0 and Q8_0 files (Q8_0).
// w4a8's head is w8a8's (8-bit weights, its input rows quantized as the projections' are).
inline WeightQuant HeadQuant(WeightQuant quant) {
  if (quant == WeightQuant::kNone || quant == WeightQuant::kW8A8) return quant;
  if (quant == WeightQuant::kW4A8) return WeightQuant::kW8A8;
  return WeightQuant::kInt8;
}

// "stored" -> kNone, "int8", "int4", "w8a8", "w4a8"; anything else an error naming `source` and the
// choices.
Result<WeightQuant> ParseWeightQuant(const std::string& value, const std::string& source);
// "stored" | "int8" | "int4" | "w8a8" | "w4a8".
const char* WeightQuantName(WeightQuant quant);

// A quantized [out, in] weight:
//   int8: values i8 [out, in], q[o, i]; scales f32 [out].
//   int4: values i8 [out, in / 2] (bytes), byte j of row o = (q[o, 2j] & 15) | (q[o, 2j + 1] << 4),
//   each
//         nibble a 4-bit two's-complement q in [-7, 7]; scales f32 [out, in / 32].
struct QuantizedWeight {
  HostTensor values;
  HostTensor scales;
};

// Quantizes `weight` (f32, bf16 or f16, [out, in], widened to f32): scale = max |W| over the
// row (int8) or group (int4) / qmax (127 or 7; 1 where that max is 0) in float32, rounded to 8
// significant bits (bfloat16's, to nearest even), q = clamp(round half to even(W / scale), -qmax,
// qmax) in float32. An 8-bit scale makes float32(q) * scale exact (at most 7 + 8 significant
// bits), so W' is the same number however a compiler computes it: fused into an FMA or not, in
// any program, on any backend. `name` names the tensor in errors (not 2-D, not
// float, int4 with `in` not a multiple of 32).
Result<QuantizedWeight> QuantizeWeight(const HostTensor& weight, WeightQuant quant,
                                       const std::string& name);

// The scale of values whose largest magnitude is `max_abs`: max_abs / qmax in float32, rounded to
// 8 significant bits (bfloat16's, to nearest even), 1 where max_abs is 0. QuantizeWeight's scales
// and QuantizeActivationRow's, one function so that the two cannot drift apart.
float QuantizationScale(float max_abs, float qmax);

// W8A8's quantization of one row of activations (runtime/quantized_matvec.h's RunW8A8Matmul): m =
// max |x[i]| in float32; scale = QuantizationScale(m, 127); q[i] = clamp(round half to even(x[i] /
// scale), -127, 127), a true float32 division. A row holding a NaN or an infinity has scale NaN and
// every q 0 (its products then NaN, as a float product's would be). Writes q[0..in) and returns the
// scale. A row so small that m / 127 rounds to 0 in bfloat16 (m below about 2^-127) has scale 0
// and q = +-127 where x != 0 (x / 0), 0 where x is 0: defined, never a NaN converted to int.
float QuantizeActivationRow(const float* x, int64_t in, int8_t* q);

// W4A8: rows quantized per row as QuantizeActivationRow defines (q_x, scale_x) times an int4
// weight (q in [-7, 7], one scale per group of 32 inputs, as QuantizeWeight makes for kInt4):
//   isum[r, o, g] = sum over the group's 32 inputs i of q_x[r, i] * q[o, i]   (exact, int32)
//   acc = 0; for g = 0 .. in / 32 - 1 in order: acc = acc + float(isum[r, o, g]) * scale[o, g]
//   y[r, o] = acc * scale_x[r]
// in float32. Each product float(isum) * scale is exact (|isum| <= 32 * 127 * 7 < 2^15, the scale
// 8 significant bits), so an FMA or a multiply then an add give the same sum: one rounding per
// group, in group order, whatever the instruction set, the row count or the split of the outputs.
// The weight is held in blocks of kW4A8BlockOutputs outputs (PackW4A8Weight), the layout the host
// kernel reads with one output a lane:
//   values i8 [blocks, groups, 256]: byte 64 m + 4 j + t (m < 4, j < 16, t < 4) of block b, group
//     g holds q[16 b + j, 32 g + 4 m + t] + 8 in its low nibble and q[16 b + j, 32 g + 16 + 4 m +
//     t] + 8 in its high one (each 1..15; 8, that is q = 0, past the last output);
//   scales bf16 [blocks, groups, 16]: scales[b, g, j] = scale[16 b + j, g] (exact in bf16: 8
//     significant bits), 0 past the last output.
inline constexpr int64_t kW4A8BlockOutputs = 16;
inline constexpr int64_t kW4A8BlockBytes = kW4A8BlockOutputs * kInt4GroupSize / 2;  // 256
// kInt4's QuantizedWeight (values [out, in / 2], scales f32 [out, in / 32]) -> the blocks above.
// An error naming `name` where a scale is not exact in bfloat16 (another tool's checkpoint) or a q
// lies outside [-7, 7].
Result<QuantizedWeight> PackW4A8Weight(const QuantizedWeight& int4, const std::string& name);
// The blocks -> kInt4's QuantizedWeight of `out` outputs (the tests', and the dequantization's).
Result<QuantizedWeight> UnpackW4A8Weight(const QuantizedWeight& blocks, int64_t out);

// The dequantized weight float(q) * scale, f32 [out, in] (the programs then cast it to the
// compute type).
Result<HostTensor> DequantizeWeight(const QuantizedWeight& weight, WeightQuant quant);

// compressed-tensors' layouts, as `vlmxla quantize` writes them and vLLM loads them:
//   int8 (format "int-quantized"): `weight` i8 [out, in] (q itself), `weight_scale` f32 [out, 1].
//   int4 (format "pack-quantized"): `weight_packed` i32 [out, in / 8], word w of a row holding
//   inputs 8w..8w+7, input 8w + k in bits 4k..4k+3 as q + 8 (1..15); `weight_scale` f32
//   [out, in / 32]; `weight_shape` i64 [2] = {out, in}.
// Our packed int4 bytes -> those words, and back (`values` / `words` as described above).
Result<HostTensor> Int4BytesToWords(const HostTensor& values);
Result<HostTensor> Int4WordsToBytes(const HostTensor& words);

}  // namespace vlmxla
