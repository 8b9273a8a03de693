// Neural-network building blocks written on top of the Builder's primitives, with the same math
// as their Hugging Face Transformers counterparts (float32 reference semantics).
#pragma once

#include <cstdint>
#include <vector>

#include "vlmxla/hlo/builder.h"

namespace vlmxla::hlo {

// Numpy-style broadcast of `x` to `dims` (trailing dims aligned; sizes equal or 1).
Value BroadcastTo(Builder& b, Value x, const std::vector<int64_t>& dims);
// A scalar of x's element type broadcast to x's shape.
Value SplatLike(Builder& b, Value x, double value);
// Sum or max over `axis`, broadcast back to x's shape (keepdims + broadcast).
Value ReduceKeep(Builder& b, Value x, int64_t axis, ReduceKind kind);
Value Mean(Builder& b, Value x, int64_t axis);  // keeps x's shape, like ReduceKeep

// exp(x - max) / sum(exp(x - max)) along `axis`.
Value Softmax(Builder& b, Value x, int64_t axis);
// nn.LayerNorm over the last dim: (x - mean) / sqrt(var + eps) * weight + bias (biased variance).
Value LayerNorm(Builder& b, Value x, Value weight, Value bias, double eps);
// Llama/Qwen2 RMSNorm over the last dim: x * rsqrt(mean(x^2) + eps) * weight.
Value RmsNorm(Builder& b, Value x, Value weight, double eps);
// GELU, erf form: 0.5 x (1 + erf(x / sqrt(2))) ("gelu").
Value Gelu(Builder& b, Value x);
// GELU, tanh approximation ("gelu_pytorch_tanh", "gelu_new").
Value GeluTanh(Builder& b, Value x);
// x * sigmoid(1.702 x) (CLIP's "quick_gelu").
Value QuickGelu(Builder& b, Value x);
// x * sigmoid(x) ("silu").
Value Silu(Builder& b, Value x);
// x [..., K] @ w [K, N] -> [..., N]; with w of x's rank, its leading dims are batch dims.
Value MatMul(Builder& b, Value x, Value w);
// nn.Linear: x [..., K] with weight [N, K] (Transformers' layout) and optional bias [N].
Value Linear(Builder& b, Value x, Value weight, Value bias = Value{});
// The same projection with the weight transposed, [K, N] (ProgramOptions::weights_in_out).
Value LinearInOut(Builder& b, Value x, Value weight_in_out, Value bias = Value{});
// Linear (weight [N, K]) or, with in_out, LinearInOut (weight [K, N]).
Value Project(Builder& b, bool in_out, Value x, Value weight, Value bias = Value{});

}  // namespace vlmxla::hlo
