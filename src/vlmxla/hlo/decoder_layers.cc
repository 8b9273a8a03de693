#include "vlmxla/hlo/decoder_layers.h"

#include <cmath>
#include <span>

#include "vlmxla/hlo/nn.h"

namespace vlmxla::hlo {
Status CheckDecoderConfig(const io::TextConfig& config, const char* program) {
  const std::string p = program;
  const std::string& type = config.model_type;
  if (type != "llama" && type != "mistral" && type != "qwen2" && type != "qwen3" &&
      type != "qwen2_vl_text" && type != "qwen2_5_vl_text" && type != "qwen3_vl_text" &&
      type != "gemma3_text") {
    return Unimplemented(p + ": decoder model_type '" + type +
                         "' is not supported (llama, mistral, qwen2, qwen3, qwen2_vl_text, "
                         "qwen2_5_vl_text, qwen3_vl_text, gemma3_text)");
  }
  if (config.hidden_act != "silu" && config.hidden_act != "gelu_pytorch_tanh") {
    return Unimplemented(p + ": hidden_act '" + config.hidden_act +
                         "' is not supported (silu, gelu_pytorch_tanh)");
  }
  if (!config.sliding_layers.empty() &&
      (static_cast<int>(config.sliding_layers.size()) != config.num_hidden_layers ||
       config.sliding_window < 1)) {
    return InvalidArgument(p + ": sliding layers need one entry per layer and a window >= 1");
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
  if (!config.mrope_section.empty()) {
    bool fits = config.mrope_section.size() == 3;
    int64_t sum = 0;
    for (int s : config.mrope_section) {
      fits = fits && s >= 0;
      sum += s;
    }
    if (!fits || 2 * sum != hd) {
      return InvalidArgument(p + ": mrope_section must be 3 sections summing to head_dim / 2 (" +
                             std::to_string(hd / 2) + ")");
    }
  }
  return Status::Ok();
}

DecoderWeights DeclareDecoderWeights(Builder& b, const io::TextConfig& config, bool in_out,
                                     const Precision& precision,
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
  // A [out, in] weight quantized in `q` (values, then scales; [out, in] whatever in_out says:
  // hlo::QuantizedProject streams the rows of q).
  auto quantized = [&](const std::string& name, int64_t out, int64_t in, WeightQuant q) {
    const bool int4 = StoredQuant(q) == WeightQuant::kInt4;
    if (int4 && in % kInt4GroupSize != 0) {
      b.Fail(InvalidArgument(std::string("--weights ") + WeightQuantName(q) +
                             " needs every quantized projection's inputs to be a multiple of " +
                             std::to_string(kInt4GroupSize) + ", but '" + name + "' has " +
                             std::to_string(in)));
    }
    const int64_t packed = int4 ? in / 2 : in;
    auto part = [&](const std::string& part_name, TensorType type, bool scales) {
      Value v = get(part_name, type);
      params.back().quant = q;
      params.back().quant_scales = scales;
      params.back().quantized_from = name;
      return v;
    };
    LinearWeight lw;
    if (q == WeightQuant::kW4A8) {  // PackW4A8Weight's blocks of 16 outputs
      const int64_t blocks = (out + kW4A8BlockOutputs - 1) / kW4A8BlockOutputs;
      const int64_t groups = in / kInt4GroupSize;
      lw.weight = part(name, {ElementType::kI8, {blocks, groups, kW4A8BlockBytes}}, false);
      lw.scales =
          part(name + "_scale", {ElementType::kBF16, {blocks, groups, kW4A8BlockOutputs}}, true);
      lw.out = out;
      return lw;
    }
    lw.weight = part(name, {ElementType::kI8, {out, packed}}, false);
    lw.scales = int4 ? part(name + "_scale", F32({out, in / kInt4GroupSize}), true)
                     : part(name + "_scale", F32({out}), true);
    return lw;
  };
  // A layer's projection: as `matrix`, or quantized in precision.quant.
  const WeightQuant quant = precision.quant;
  auto linear = [&](const std::string& name, int64_t out, int64_t in) {
    if (quant == WeightQuant::kNone) return LinearWeight{matrix(name, out, in), Value{}};
    return quantized(name, out, in, quant);
  };
  auto bias = [&](bool has, const std::string& name, int64_t n) {
    return has ? get(name, typed({n})) : Value{};
  };
  DecoderWeights w;
  w.compute = precision.compute;
  w.embed_scale = config.embed_scale;
  // A tied table is also the LM head, so it takes the head's layout (and is looked up by column),
  // or its quantized form (looked up by row); an untied one stays [vocab, hidden] as stored.
  const bool tied = config.tie_word_embeddings;
  w.head_quant = HeadQuant(quant);
  const std::string embed_name = model + "embed_tokens.weight";
  if (tied && w.head_quant != WeightQuant::kNone) {
    w.head = quantized(embed_name, vocab, hidden, w.head_quant);
    w.embed_table = w.head.weight;
    w.embed_scales = w.head.scales;
  } else {
    w.embed_transposed = tied && in_out;
    w.embed_table =
        tied ? matrix(embed_name, vocab, hidden) : get(embed_name, typed({vocab, hidden}));
  }
  const bool ab = config.attention_bias, ob = config.attention_output_bias, mb = config.mlp_bias;
  for (int l = 0; l < config.num_hidden_layers; ++l) {
    const std::string p = model + "layers." + std::to_string(l) + ".";
    DecoderLayerWeights lw;
    lw.in_out = in_out;
    lw.quant = quant;
    lw.compute = precision.compute;
    lw.input_norm = get(p + "input_layernorm.weight", typed({hidden}));
    lw.q = linear(p + "self_attn.q_proj.weight", heads * hd, hidden);
    lw.q_bias = bias(ab, p + "self_attn.q_proj.bias", heads * hd);
    lw.k = linear(p + "self_attn.k_proj.weight", kv_heads * hd, hidden);
    lw.k_bias = bias(ab, p + "self_attn.k_proj.bias", kv_heads * hd);
    lw.v = linear(p + "self_attn.v_proj.weight", kv_heads * hd, hidden);
    lw.v_bias = bias(ab, p + "self_attn.v_proj.bias", kv_heads * hd);
    lw.o = linear(p + "self_attn.o_proj.weight", hidden, heads * hd);
    lw.o_bias = bias(ob, p + "self_attn.o_proj.bias", hidden);
    if (config.qk_norm) {
      lw.q_norm = get(p + "self_attn.q_norm.weight", typed({hd}));
      lw.k_norm = get(p + "self_attn.k_norm.weight", typed({hd}));
    }
    lw.post_norm = get(p + "post_attention_layernorm.weight", typed({hidden}));
    if (config.sandwich_norms) {
      lw.pre_ff_norm = get(p + "pre_feedforward_layernorm.weight", typed({hidden}));
      lw.post_ff_norm = get(p + "post_feedforward_layernorm.weight", typed({hidden}));
    }
    lw.gate = linear(p + "mlp.gate_proj.weight", inter, hidden);
    lw.gate_bias = bias(mb, p + "mlp.gate_proj.bias", inter);
    lw.up = linear(p + "mlp.up_proj.weight", inter, hidden);
    lw.up_bias = bias(mb, p + "mlp.up_proj.bias", inter);
    lw.down = linear(p + "mlp.down_proj.weight", hidden, inter);
    lw.down_bias = bias(mb, p + "mlp.down_proj.bias", hidden);
    w.layers.push_back(lw);
  }
  w.final_norm = get(model + "norm.weight", typed({hidden}));
  if (!tied) {
    const std::string head_name = prefix + "lm_head.weight";
    w.head = w.head_quant == WeightQuant::kNone
                 ? LinearWeight{matrix(head_name, vocab, hidden), Value{}}
                 : quantized(head_name, vocab, hidden, w.head_quant);
  } else if (w.head_quant == WeightQuant::kNone) {
    w.head.weight = w.embed_table;
  }
  w.in_out = in_out;
  return w;
}

namespace {

ProjectionWeight AsProjection(const LinearWeight& w, Value bias) {
  return {w.weight, w.scales, w.out, bias};
}

// x . w (+ bias) for a weight as stored (in the layout in_out says) or quantized in `quant`.
Value ProjectWeight(Builder& b, bool in_out, WeightQuant quant, Value x, const LinearWeight& w,
                    Value bias) {
  return ProjectAs(b, in_out, quant, x, AsProjection(w, bias));
}

}  // namespace

Value LayerProject(Builder& b, const DecoderLayerWeights& lw, Value x, const LinearWeight& w,
                   Value bias) {
  return ProjectWeight(b, lw.in_out, lw.quant, x, w, bias);
}

std::vector<Value> LayerProjectShared(Builder& b, const DecoderLayerWeights& lw, Value x,
                                      const std::vector<std::pair<LinearWeight, Value>>& ws) {
  std::vector<ProjectionWeight> projections;
  for (const auto& [w, bias] : ws) projections.push_back(AsProjection(w, bias));
  return ProjectSharedInput(b, lw.in_out, lw.quant, x, projections);
}

Value EmbedTokens(Builder& b, const DecoderWeights& w, Value ids) {
  // The looked-up rows convert, not the table: no converted copy of it exists.
  Value rows =
      w.embed_transposed ? b.GatherColumns(w.embed_table, ids) : b.GatherRows(w.embed_table, ids);
  if (w.embed_scales.valid()) {
    // The looked-up rows' W' (float32(q) * scale, cast to the compute type: the oracle's table
    // holds W' in the dtype it loads the model in), exact with an 8-bit scale (base/quantize.h),
    // so the same number in every program whether or not the compiler fuses it into an FMA.
    rows = DequantizedWeight(b, rows, b.GatherRows(w.embed_scales, ids), w.head_quant, w.compute);
  }
  // Gemma scales the rows in the table's type (embed_scale.to(weight.dtype)), before any cast.
  if (w.embed_scale != 0 && b.status().ok()) {
    rows = b.Multiply(rows, SplatLike(b, rows, static_cast<float>(w.embed_scale)));
  }
  return b.CastTo(rows, w.compute);
}

Value DecoderNorm(Builder& b, const io::TextConfig& config, Value x, Value weight) {
  return config.norm_weight_offset ? RmsNormUnitOffset(b, x, weight, config.rms_norm_eps)
                                   : RmsNorm(b, x, weight, config.rms_norm_eps);
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
  Value h = DecoderNorm(b, config, x, lw.input_norm);
  const int64_t heads = config.num_attention_heads, kv_heads = config.num_key_value_heads;
  const std::vector<Value> qkv =
      LayerProjectShared(b, lw, h, {{lw.q, lw.q_bias}, {lw.k, lw.k_bias}, {lw.v, lw.v_bias}});
  Value q = b.Reshape(qkv[0], {n, heads, hd});
  Value k = b.Reshape(qkv[1], {n, kv_heads, hd});
  Value v = b.Reshape(qkv[2], {n, kv_heads, hd});
  if (config.qk_norm) {
    q = DecoderNorm(b, config, q, lw.q_norm);
    k = DecoderNorm(b, config, k, lw.k_norm);
  }
  return {ApplyRotary(b, q, rope.cos, rope.sin, rope.separate_products),
          ApplyRotary(b, k, rope.cos, rope.sin, rope.separate_products), v};
}

double AttentionScaling(const io::TextConfig& config) {
  // Gemma: query_pre_attn_scalar ** -0.5, as Python computes it.
  return config.query_pre_attn_scalar > 0 ? std::pow(config.query_pre_attn_scalar, -0.5)
                                          : 1.0 / std::sqrt(static_cast<double>(config.head_dim));
}

Value AttentionProbs(Builder& b, const io::TextConfig& config, Value scores, Value visible) {
  return AttentionProbs(b, scores, AttentionScaling(config), visible);
}

Value FinishLayer(Builder& b, const io::TextConfig& config, const DecoderLayerWeights& lw, Value x,
                  Value attn) {
  if (config.sandwich_norms) {
    // Gemma: each sub-block's output is normed before its residual add.
    Value o = LayerProject(b, lw, attn, lw.o, lw.o_bias);
    x = b.Add(x, DecoderNorm(b, config, o, lw.post_norm));
    Value h = DecoderNorm(b, config, x, lw.pre_ff_norm);
    const std::vector<Value> gate_up =
        LayerProjectShared(b, lw, h, {{lw.gate, lw.gate_bias}, {lw.up, lw.up_bias}});
    Value gate = gate_up[0], up = gate_up[1];
    Result<Value> act = Activation(b, config.hidden_act, gate, "hidden_act");
    if (!act.ok()) return b.Fail(act.status());
    Value mlp = LayerProject(b, lw, b.Multiply(*act, up), lw.down, lw.down_bias);
    return b.Add(x, DecoderNorm(b, config, mlp, lw.post_ff_norm));
  }
  x = b.Add(x, LayerProject(b, lw, attn, lw.o, lw.o_bias));
  Value h = RmsNorm(b, x, lw.post_norm, config.rms_norm_eps);
  const std::vector<Value> gate_up =
      LayerProjectShared(b, lw, h, {{lw.gate, lw.gate_bias}, {lw.up, lw.up_bias}});
  Value gate = gate_up[0], up = gate_up[1];
  return b.Add(x, LayerProject(b, lw, b.Multiply(Silu(b, gate), up), lw.down, lw.down_bias));
}

Value LmHead(Builder& b, const io::TextConfig& config, const DecoderWeights& w, Value x) {
  Value h = DecoderNorm(b, config, x, w.final_norm);
  Value logits = ProjectWeight(b, w.in_out, w.head_quant, h, w.head, Value{});
  if (config.final_logit_softcapping > 0) {
    logits = SoftCap(b, logits, config.final_logit_softcapping);
  }
  return b.CastTo(logits, ElementType::kF32);
}

Rope MropeRope(Builder& b, const io::TextConfig& config, Value rope_positions,
               ElementType compute) {
  if (!b.status().ok()) return {};
  const std::vector<int64_t> dims = b.dims(rope_positions);
  if (dims.size() != 2 || dims[0] != 3 || b.type(rope_positions).element != ElementType::kI32) {
    b.Fail(InvalidArgument(
        "m-rope: positions must be i32[3, L], got " + b.type(rope_positions).ToString(),
        "hlo_shape_mismatch"));
    return {};
  }
  const int64_t n = dims[1], hd = config.head_dim;
  const std::vector<float> inv_freq = InvFreq(config.rope_theta, hd);
  Value pos = b.Convert(rope_positions, ElementType::kF32);  // [3, L]
  if (config.mrope_interleaved) {
    // apply_interleaved_mrope: every axis's angles over all head_dim / 2 frequencies, then each
    // frequency takes its axis's (a select: the same float32 products Transformers keeps).
    const int64_t half = hd / 2;
    const std::span<const float> inv(inv_freq.data(), static_cast<size_t>(half));
    std::vector<int32_t> axis_of(half, 0);
    for (int64_t j = 0; j < half; ++j) {
      if (j % 3 == 1 && j < 3 * config.mrope_section[1]) axis_of[j] = 1;
      if (j % 3 == 2 && j < 3 * config.mrope_section[2]) axis_of[j] = 2;
    }
    const TensorType table{ElementType::kI32, {n, half}};
    Value axis = b.BroadcastInDim(b.Constant({ElementType::kI32, {half}}, axis_of), {n, half}, {1});
    Value freqs;
    for (int64_t a = 0; a < 3; ++a) {
      Value angles = RotaryAngles(b, b.Reshape(b.Slice(pos, {a, 0}, {a + 1, n}), {n}), inv);
      freqs = a == 0 ? angles
                     : b.Select(b.Compare(axis, b.Splat(table, a), CompareDirection::kEq), angles,
                                freqs);
    }
    Value emb = b.Concatenate({freqs, freqs}, 1);  // [L, head_dim]
    return RopeIn(b, b.Cosine(emb), b.Sine(emb), compute);
  }
  // Frequency section i of mrope_section turns with axis i % 3: float32(pos) * inv_freq, one
  // product per element, as Qwen2VLRotaryEmbedding computes all three axes and keeps one.
  std::vector<Value> sections;
  int64_t start = 0;
  for (size_t i = 0; i < config.mrope_section.size(); ++i) {
    const int64_t width = config.mrope_section[i], axis = static_cast<int64_t>(i % 3);
    if (width == 0) continue;
    Value p = b.Reshape(b.Slice(pos, {axis, 0}, {axis + 1, n}), {n});
    sections.push_back(RotaryAngles(
        b, p, std::span<const float>(inv_freq.data() + start, static_cast<size_t>(width))));
    start += width;
  }
  Value freqs = b.Concatenate(sections, 1);      // [L, head_dim / 2]
  Value emb = b.Concatenate({freqs, freqs}, 1);  // [L, head_dim]
  Value cos = b.Cosine(emb);
  Value sin = b.Sine(emb);
  return RopeIn(b, cos, sin, compute);
}

std::vector<float> InvFreq(double theta, int64_t head_dim, double factor) {
  const int64_t half = head_dim / 2;
  const float base = static_cast<float>(theta);
  std::vector<float> out(head_dim);
  for (int64_t j = 0; j < head_dim; ++j) {
    const float exponent = static_cast<float>(2 * (j % half)) / static_cast<float>(head_dim);
    out[j] = 1.0f / static_cast<float>(std::pow(static_cast<double>(base), exponent));
    if (factor != 1.0) out[j] /= static_cast<float>(factor);  // linear scaling, in f32
  }
  return out;
}

double LayerRopeTheta(const io::TextConfig& config, int layer) {
  return config.IsSliding(layer) ? config.local_rope_theta : config.rope_theta;
}

double LayerRopeFactor(const io::TextConfig& config, int layer) {
  return config.IsSliding(layer) ? 1.0 : config.rope_factor;
}

}  // namespace vlmxla::hlo
