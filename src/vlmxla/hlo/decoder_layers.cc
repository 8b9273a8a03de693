#include "vlmxla/hlo/decoder_layers.h"

#include <cmath>
#include <limits>

#include "vlmxla/hlo/nn.h"

namespace vlmxla::hlo {
namespace {

// Rotary embedding of x [N, heads, d] with cos/sin [N, d]: x * cos + rotate_half(x) * sin, with
// rotate_half(x) = cat(-x2, x1).
Value ApplyRope(Builder& b, Value x, const Rope& rope) {
  if (!b.status().ok()) return Value{};
  const std::vector<int64_t> dims = b.dims(x);
  const int64_t d0 = dims[0], d1 = dims[1], d = dims[2];
  Value x1 = b.Slice(x, {0, 0, 0}, {d0, d1, d / 2});
  Value x2 = b.Slice(x, {0, 0, d / 2}, {d0, d1, d});
  Value rotated = b.Concatenate({b.Negate(x2), x1}, 2);
  Value c = b.BroadcastInDim(rope.cos, dims, {0, 2});
  Value s = b.BroadcastInDim(rope.sin, dims, {0, 2});
  return b.Add(b.Multiply(x, c), b.Multiply(rotated, s));
}

}  // namespace

Status CheckDecoderConfig(const io::TextConfig& config, const char* program) {
  const std::string p = program;
  if (config.model_type != "llama" && config.model_type != "qwen2") {
    return Unimplemented(p + ": decoder model_type '" + config.model_type +
                         "' is not supported (llama, qwen2)");
  }
  if (config.hidden_act != "silu") {
    return Unimplemented(p + ": hidden_act '" + config.hidden_act + "' is not supported (silu)");
  }
  if (config.rope_type != "default") {
    return Unimplemented(p + ": rope_type '" + config.rope_type + "' is not supported");
  }
  const int64_t heads = config.num_attention_heads, kv_heads = config.num_key_value_heads;
  const int64_t hd = config.head_dim;
  if (heads < 1 || kv_heads < 1 || heads % kv_heads != 0 || hd < 2 || hd % 2 != 0) {
    return InvalidArgument(p + ": attention heads " + std::to_string(heads) + " / kv heads " +
                           std::to_string(kv_heads) + " / head_dim " + std::to_string(hd) +
                           " do not form grouped-query attention with even head_dim");
  }
  return Status::Ok();
}

DecoderWeights DeclareDecoderWeights(Builder& b, const io::TextConfig& config, int image_token_id,
                                     bool in_out, const Precision& precision,
                                     std::vector<ProgramParam>& params) {
  const int64_t heads = config.num_attention_heads, kv_heads = config.num_key_value_heads;
  const int64_t hd = config.head_dim, hidden = config.hidden_size;
  const int64_t vocab = config.vocab_size, inter = config.intermediate_size;
  const std::string& prefix = config.weights_prefix;
  const std::string model = prefix + "model.";
  // Weight arguments get MLIR-safe names; each checkpoint tensor is declared once.
  int count = 0;
  auto get = [&](const std::string& name, TensorType type) {
    Value v = b.Arg("w" + std::to_string(count++), type);
    params.push_back({ProgramParam::Kind::kWeight, name, type});
    return v;
  };
  // A [out, in] checkpoint matrix, declared [in, out] when in_out.
  const ElementType wt = precision.weights;
  auto typed = [wt](std::vector<int64_t> dims) { return TensorType{wt, std::move(dims)}; };
  auto matrix = [&](const std::string& name, int64_t out, int64_t in) {
    if (!in_out) return get(name, typed({out, in}));
    Value v = get(name, typed({in, out}));
    params.back().transposed = true;
    return v;
  };
  auto bias = [&](bool has, const std::string& name, int64_t n) {
    return has ? get(name, typed({n})) : Value{};
  };
  DecoderWeights w;
  w.compute = precision.compute;
  // A tied table is also the LM head, so it takes the head's layout (and is looked up by column);
  // an untied one stays [vocab, hidden] for the row gather.
  const bool tied = config.tie_word_embeddings;
  w.embed_transposed = tied && in_out;
  w.embed_table = tied ? matrix(model + "embed_tokens.weight", vocab, hidden)
                       : get(model + "embed_tokens.weight", typed({vocab, hidden}));
  const bool ab = config.attention_bias, ob = config.attention_output_bias, mb = config.mlp_bias;
  for (int l = 0; l < config.num_hidden_layers; ++l) {
    const std::string p = model + "layers." + std::to_string(l) + ".";
    DecoderLayerWeights lw;
    lw.in_out = in_out;
    lw.input_norm = get(p + "input_layernorm.weight", typed({hidden}));
    lw.q = matrix(p + "self_attn.q_proj.weight", heads * hd, hidden);
    lw.q_bias = bias(ab, p + "self_attn.q_proj.bias", heads * hd);
    lw.k = matrix(p + "self_attn.k_proj.weight", kv_heads * hd, hidden);
    lw.k_bias = bias(ab, p + "self_attn.k_proj.bias", kv_heads * hd);
    lw.v = matrix(p + "self_attn.v_proj.weight", kv_heads * hd, hidden);
    lw.v_bias = bias(ab, p + "self_attn.v_proj.bias", kv_heads * hd);
    lw.o = matrix(p + "self_attn.o_proj.weight", hidden, heads * hd);
    lw.o_bias = bias(ob, p + "self_attn.o_proj.bias", hidden);
    lw.post_norm = get(p + "post_attention_layernorm.weight", typed({hidden}));
    lw.gate = matrix(p + "mlp.gate_proj.weight", inter, hidden);
    lw.gate_bias = bias(mb, p + "mlp.gate_proj.bias", inter);
    lw.up = matrix(p + "mlp.up_proj.weight", inter, hidden);
    lw.up_bias = bias(mb, p + "mlp.up_proj.bias", inter);
    lw.down = matrix(p + "mlp.down_proj.weight", hidden, inter);
    lw.down_bias = bias(mb, p + "mlp.down_proj.bias", hidden);
    w.layers.push_back(lw);
  }
  w.final_norm = get(model + "norm.weight", typed({hidden}));
  w.head = tied ? w.embed_table : matrix(prefix + "lm_head.weight", vocab, hidden);
  w.in_out = in_out;
  return w;
}

Value EmbedTokens(Builder& b, const DecoderWeights& w, Value ids) {
  // The looked-up rows convert, not the table: no converted copy of it exists.
  Value rows =
      w.embed_transposed ? b.GatherColumns(w.embed_table, ids) : b.GatherRows(w.embed_table, ids);
  return b.CastTo(rows, w.compute);
}

Rope RopeIn(Builder& b, Value cos, Value sin, ElementType compute) {
  Rope r;
  r.cos = b.CastTo(cos, compute);
  r.sin = b.CastTo(sin, compute);
  return r;
}

LayerQkv AttentionInputs(Builder& b, const io::TextConfig& config, const DecoderLayerWeights& lw,
                         Value x, const Rope& rope) {
  if (!b.status().ok()) return {};
  const int64_t n = b.dims(x)[0], hd = config.head_dim;
  Value h = RmsNorm(b, x, lw.input_norm, config.rms_norm_eps);
  const int64_t heads = config.num_attention_heads, kv_heads = config.num_key_value_heads;
  Value q = b.Reshape(Project(b, lw.in_out, h, lw.q, lw.q_bias), {n, heads, hd});
  Value k = b.Reshape(Project(b, lw.in_out, h, lw.k, lw.k_bias), {n, kv_heads, hd});
  Value v = b.Reshape(Project(b, lw.in_out, h, lw.v, lw.v_bias), {n, kv_heads, hd});
  return {ApplyRope(b, q, rope), ApplyRope(b, k, rope), v};
}

Value AttentionProbs(Builder& b, const io::TextConfig& config, Value scores, Value visible) {
  if (!b.status().ok()) return Value{};
  const ElementType ct = b.type(scores).element, f32 = ElementType::kF32;
  const TensorType type{f32, b.dims(scores)};
  const double scaling = 1.0 / std::sqrt(static_cast<double>(config.head_dim));
  // matmul(q, k) * scaling: a Python-float scale is applied in f32 and rounded to the compute
  // type; the mask and the softmax run in f32 (a lowest-f32 fill would not fit bf16/f16).
  scores = b.Multiply(b.CastTo(scores, f32), b.Splat(type, scaling));
  scores = b.CastTo(b.CastTo(scores, ct), f32);
  scores = b.Select(visible, scores, b.Splat(type, std::numeric_limits<float>::lowest()));
  return b.CastTo(Softmax(b, scores, static_cast<int64_t>(type.dims.size()) - 1), ct);
}

Value FinishLayer(Builder& b, const io::TextConfig& config, const DecoderLayerWeights& lw, Value x,
                  Value attn) {
  x = b.Add(x, Project(b, lw.in_out, attn, lw.o, lw.o_bias));
  Value h = RmsNorm(b, x, lw.post_norm, config.rms_norm_eps);
  Value gate = Project(b, lw.in_out, h, lw.gate, lw.gate_bias);
  Value up = Project(b, lw.in_out, h, lw.up, lw.up_bias);
  return b.Add(x, Project(b, lw.in_out, b.Multiply(Silu(b, gate), up), lw.down, lw.down_bias));
}

Value LmHead(Builder& b, const io::TextConfig& config, const DecoderWeights& w, Value x) {
  Value h = RmsNorm(b, x, w.final_norm, config.rms_norm_eps);
  return b.CastTo(Project(b, w.in_out, h, w.head), ElementType::kF32);
}

std::vector<float> InvFreq(double theta, int64_t head_dim) {
  const int64_t half = head_dim / 2;
  const float base = static_cast<float>(theta);
  std::vector<float> out(head_dim);
  for (int64_t j = 0; j < head_dim; ++j) {
    const float exponent = static_cast<float>(2 * (j % half)) / static_cast<float>(head_dim);
    out[j] = 1.0f / static_cast<float>(std::pow(static_cast<double>(base), exponent));
  }
  return out;
}

}  // namespace vlmxla::hlo
