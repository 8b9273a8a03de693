// The prefill and decode programs' KV-cache contract, read from the emitted module: input names
// and order, aliased cache arguments (`tf.aliasing_output`), and that no op copies a cache.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "small_decoder_config.h"
#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::hlo {
namespace {

io::TextConfig TinyLlama() { return testing::SmallLlamaConfig(); }

std::vector<std::string> InputNames(const Program& p) {
  std::vector<std::string> names;
  for (const auto& param : p.params) {
    if (param.kind == ProgramParam::Kind::kInput) names.push_back(param.name);
  }
  return names;
}

// Ops whose result has type `type` (the text after the last "-> " of the op's line).
std::vector<std::string> OpsProducing(const std::string& mlir, const std::string& type) {
  std::vector<std::string> ops;
  std::istringstream lines(mlir);
  for (std::string line; std::getline(lines, line);) {
    const size_t arrow = line.rfind("-> ");
    if (line.find(" = \"") == std::string::npos || arrow == std::string::npos) continue;
    if (line.substr(arrow + 3) != type) continue;
    const size_t q = line.find('"');
    ops.push_back(line.substr(q + 1, line.find('"', q + 1) - q - 1));
  }
  return ops;
}

TEST(PrefillProgram, TakesAndReturnsAliasedCaches) {
  PrefillOptions o;
  o.seq_len = 6;
  o.capacity = 16;
  o.taps = true;
  auto p = BuildPrefill(TinyLlama(), -1, o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(InputNames(*p),
            (std::vector<std::string>{"input_ids", "feature_index", "image_features", "length",
                                      "kv.0.key", "kv.0.value", "kv.1.key", "kv.1.value"}));
  EXPECT_EQ(p->params[3].type.ToString(), "tensor<i32>");
  EXPECT_EQ(p->result_names,
            (std::vector<std::string>{"prefill_logits", "kv.0.key", "kv.0.value", "kv.1.key",
                                      "kv.1.value", "inputs_embeds", "past_key_values.0.key",
                                      "past_key_values.0.value", "past_key_values.1.key",
                                      "past_key_values.1.value"}));
  for (int i = 0; i < 4; ++i) {
    const ProgramParam& cache = p->params[4 + i];
    EXPECT_EQ(cache.alias_result, 1 + i) << cache.name;
    EXPECT_EQ(cache.type.ToString(), "tensor<2x16x8xf32>");
    EXPECT_EQ(p->result_types[1 + i], cache.type);
  }
  for (size_t i = 0; i < p->params.size(); ++i) {
    if (i < 4 || i >= 8) {
      EXPECT_EQ(p->params[i].alias_result, -1) << p->params[i].name;
    }
  }
  EXPECT_EQ(p->result_types[0].ToString(), "tensor<64xf32>");
  EXPECT_EQ(p->result_types[6].ToString(), "tensor<2x6x8xf32>");  // the fresh K, L rows
  EXPECT_NE(p->mlir.find("%kv_0_key: tensor<2x16x8xf32> {tf.aliasing_output = 1 : i32}"),
            std::string::npos);
  EXPECT_NE(p->mlir.find("%kv_1_value: tensor<2x16x8xf32> {tf.aliasing_output = 4 : i32}"),
            std::string::npos);
  // The caches are only ever written by dynamic_update_slice (in place when donated).
  EXPECT_EQ(OpsProducing(p->mlir, "tensor<2x16x8xf32>"),
            std::vector<std::string>(4, "stablehlo.dynamic_update_slice"));
}

TEST(PrefillProgram, RejectsAPromptLongerThanTheCache) {
  PrefillOptions o;
  o.seq_len = 9;
  o.capacity = 8;
  auto p = BuildPrefill(TinyLlama(), -1, o);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(p.status().message().find("seq_len 9 exceeds the KV cache capacity 8"),
            std::string::npos)
      << p.status().ToString();
  o.capacity = 9;
  EXPECT_TRUE(BuildPrefill(TinyLlama(), -1, o).ok());
}

TEST(PrefillProgram, FromAStartTakesItAndAttendsTheCachesFirstKeysRows) {
  PrefillOptions o;
  o.seq_len = 4;
  o.capacity = 16;
  o.from_start = true;
  o.keys = 8;
  auto p = BuildPrefill(TinyLlama(), -1, o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(InputNames(*p), (std::vector<std::string>{
                                "input_ids", "feature_index", "image_features", "length", "start",
                                "kv.0.key", "kv.0.value", "kv.1.key", "kv.1.value"}));
  EXPECT_EQ(p->params[4].type.ToString(), "tensor<i32>");
  // The caches are still written only in place; attention reads their first 8 rows.
  EXPECT_EQ(OpsProducing(p->mlir, "tensor<2x16x8xf32>"),
            std::vector<std::string>(4, "stablehlo.dynamic_update_slice"));
  EXPECT_EQ(OpsProducing(p->mlir, "tensor<2x8x8xf32>"),
            std::vector<std::string>(4, "stablehlo.slice"));
  // The 1D RoPE table spans the capacity and is sliced at the start.
  EXPECT_NE(p->mlir.find("-> tensor<16x8xf32>"), std::string::npos);
  for (int keys : {3, 17}) {  // fewer keys than rows, more than the cache holds
    o.keys = keys;
    auto bad = BuildPrefill(TinyLlama(), -1, o);
    ASSERT_FALSE(bad.ok()) << keys;
    EXPECT_NE(bad.status().message().find("keys " + std::to_string(keys) + " must lie in [4, 16]"),
              std::string::npos)
        << bad.status().ToString();
  }
  // Off, nothing of it shows.
  o.from_start = false;
  auto plain = BuildPrefill(TinyLlama(), -1, o);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(InputNames(*plain).size(), 8u);
}

TEST(DecodeProgram, EverySlotHasItsOwnAliasedCaches) {
  DecodeOptions o;
  o.batch = 3;
  o.capacity = 32;
  auto p = BuildDecode(TinyLlama(), o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  std::vector<std::string> want = {"tokens", "positions"};
  for (int s = 0; s < 3; ++s) {
    for (int l = 0; l < 2; ++l) {
      for (const char* kv : {"key", "value"}) {
        want.push_back("kv." + std::to_string(s) + "." + std::to_string(l) + "." + kv);
      }
    }
  }
  EXPECT_EQ(InputNames(*p), want);
  ASSERT_EQ(p->result_names.size(), 13u);
  EXPECT_EQ(p->result_names[0], "logits");
  EXPECT_EQ(p->result_types[0].ToString(), "tensor<3x64xf32>");
  for (int i = 0; i < 12; ++i) {
    const ProgramParam& cache = p->params[2 + i];
    EXPECT_EQ(cache.alias_result, 1 + i);
    EXPECT_EQ(p->result_names[1 + i], cache.name);
    EXPECT_EQ(cache.type.ToString(), "tensor<2x32x8xf32>");
  }
  EXPECT_NE(p->mlir.find("%kv_2_1_value: tensor<2x32x8xf32> {tf.aliasing_output = 12 : i32}"),
            std::string::npos);
  // No cache is gathered, repeated or selected into a new tensor: per step, one
  // dynamic_update_slice per slot, layer and K/V writes a cache, and nothing of a batched or
  // head-repeated cache's size exists.
  EXPECT_EQ(OpsProducing(p->mlir, "tensor<2x32x8xf32>"),
            std::vector<std::string>(12, "stablehlo.dynamic_update_slice"));
  EXPECT_EQ(p->mlir.find("tensor<3x2x32x8xf32>"), std::string::npos);
  EXPECT_EQ(p->mlir.find("tensor<4x32x8xf32>"), std::string::npos);
  EXPECT_EQ(p->mlir.find("x2x2x32x8xf32>"), std::string::npos);
}

TEST(DecodeProgram, WithoutSourceLocationsEveryOpIsUnlocatedAndNothingElseChanges) {
  DecodeOptions o;
  o.batch = 2;
  o.capacity = 16;
  auto located = BuildDecode(TinyLlama(), o);
  o.source_locations = false;
  auto unlocated = BuildDecode(TinyLlama(), o);
  ASSERT_TRUE(located.ok() && unlocated.ok());
  EXPECT_EQ(located->mlir.find("loc("), std::string::npos);
  // Each top-level op ("  %N = ...", a reduce's region closing on a later line) ends with
  // loc(unknown); taking those away gives the located text back.
  std::istringstream lines(unlocated->mlir);
  const std::string suffix = " loc(unknown)";
  std::string stripped;
  int ops = 0, unknown = 0;
  for (std::string l; std::getline(lines, l);) {
    if (l.rfind("  %", 0) == 0) ++ops;
    if (l.size() >= suffix.size() && l.substr(l.size() - suffix.size()) == suffix) {
      ++unknown;
      l.resize(l.size() - suffix.size());
    }
    stripped += l + "\n";
  }
  EXPECT_EQ(unknown, ops);
  EXPECT_GT(ops, 50);
  EXPECT_EQ(stripped, located->mlir);
}

TEST(DecodeProgram, RejectsEmptyBatchOrCache) {
  DecodeOptions o;
  o.batch = 0;
  o.capacity = 4;
  EXPECT_FALSE(BuildDecode(TinyLlama(), o).ok());
  o.batch = 1;
  o.capacity = 0;
  auto p = BuildDecode(TinyLlama(), o);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("capacity must be >= 1"), std::string::npos);
}

// The PJRT layout: every projection and the LM head take [in, out] and say so, so the runner
// transposes exactly those; a tied table is the head too, so it is transposed and looked up by
// column; norms and an untied table are untouched.
const ProgramParam* Weight(const Program& p, const std::string& suffix) {
  for (const auto& param : p.params) {
    if (param.kind == ProgramParam::Kind::kWeight && param.name.size() >= suffix.size() &&
        param.name.compare(param.name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      return &param;
    }
  }
  return nullptr;
}

// A Gemma 3 decoder (tiny-gemma3-text's shape): sliding layers 0, 1, 3 with window 8.
io::TextConfig TinyGemma3() {
  io::TextConfig c = testing::SmallLlamaConfig();
  c.model_type = "gemma3_text";
  c.num_hidden_layers = 4;
  c.hidden_act = "gelu_pytorch_tanh";
  c.tie_word_embeddings = true;
  c.norm_weight_offset = c.qk_norm = c.sandwich_norms = true;
  c.query_pre_attn_scalar = 24;
  c.embed_scale = 8;
  c.final_logit_softcapping = 30;
  c.sliding_window = 8;
  c.sliding_layers = {true, true, false, true};
  c.rope_theta = 1e6, c.rope_factor = 8, c.local_rope_theta = 1e4;
  return c;
}

// Occurrences of `needle` in `text`.
int Count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

// Each KV parameter's rows: a ring of the window for sliding layers (at a capacity above it).
std::vector<int64_t> KvRows(const Program& p) {
  std::vector<int64_t> rows;
  for (const auto& param : p.params) {
    if (param.kv) rows.push_back(param.type.dims[1]);
  }
  return rows;
}

TEST(Gemma3Programs, SlidingLayersKeepAWindowRing) {
  PrefillOptions po;
  po.seq_len = 32, po.capacity = 64, po.taps = true;
  auto prefill = BuildPrefill(TinyGemma3(), -1, po);
  ASSERT_TRUE(prefill.ok()) << prefill.status().ToString();
  EXPECT_EQ(KvRows(*prefill), (std::vector<int64_t>{8, 8, 8, 8, 64, 64, 8, 8}));
  // The prompt is longer than the window: the ring is written in place (one update per cache),
  // and a ring layer's tap is its ring.
  EXPECT_EQ(Count(prefill->mlir, "stablehlo.dynamic_update_slice"), 8);
  const auto& names = prefill->result_names;
  const auto tap = std::find(names.begin(), names.end(), "past_key_values.0.key") - names.begin();
  const auto full = std::find(names.begin(), names.end(), "past_key_values.2.key") - names.begin();
  EXPECT_EQ(prefill->result_types[tap].dims, (std::vector<int64_t>{2, 8, 8}));
  EXPECT_EQ(prefill->result_types[full].dims, (std::vector<int64_t>{2, 32, 8}));
  // Gemma's parts: weights for the q/k norms and the sandwich norms, no LM head (tied).
  std::vector<std::string> weights;
  for (const auto& param : prefill->params) {
    if (param.kind == ProgramParam::Kind::kWeight) weights.push_back(param.name);
  }
  for (const char* name :
       {"model.layers.0.self_attn.q_norm.weight", "model.layers.0.self_attn.k_norm.weight",
        "model.layers.3.pre_feedforward_layernorm.weight",
        "model.layers.3.post_feedforward_layernorm.weight"}) {
    EXPECT_NE(std::find(weights.begin(), weights.end(), name), weights.end()) << name;
  }
  EXPECT_EQ(std::find(weights.begin(), weights.end(), "lm_head.weight"), weights.end());

  DecodeOptions d;
  d.batch = 2, d.capacity = 64;
  auto decode = BuildDecode(TinyGemma3(), d);
  ASSERT_TRUE(decode.ok()) << decode.status().ToString();
  const std::vector<int64_t> slot = {8, 8, 8, 8, 64, 64, 8, 8};
  std::vector<int64_t> both = slot;
  both.insert(both.end(), slot.begin(), slot.end());
  EXPECT_EQ(KvRows(*decode), both);
  // At a capacity within the window every layer keeps the full cache.
  d.capacity = 8;
  auto small = BuildDecode(TinyGemma3(), d);
  ASSERT_TRUE(small.ok()) << small.status().ToString();
  for (int64_t rows : KvRows(*small)) EXPECT_EQ(rows, 8);
}

TEST(DecoderWeightsInOut, ProjectionsAndHeadAreDeclaredTransposed) {
  for (bool tied : {false, true}) {
    io::TextConfig c = TinyLlama();
    c.tie_word_embeddings = tied;
    DecodeOptions o;
    o.batch = 2;
    o.capacity = 16;
    o.weights_in_out = true;
    auto p = BuildDecode(c, o);
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    const struct {
      const char* name;
      const char* type;
    } want[] = {
        {"layers.0.self_attn.q_proj.weight", "tensor<32x32xf32>"},
        {"layers.0.self_attn.k_proj.weight", "tensor<32x16xf32>"},
        {"layers.1.self_attn.o_proj.weight", "tensor<32x32xf32>"},
        {"layers.1.mlp.gate_proj.weight", "tensor<32x48xf32>"},
        {"layers.1.mlp.down_proj.weight", "tensor<48x32xf32>"},
    };
    for (const auto& w : want) {
      const ProgramParam* param = Weight(*p, w.name);
      ASSERT_NE(param, nullptr) << w.name;
      EXPECT_TRUE(param->transposed) << w.name;
      EXPECT_EQ(param->type.ToString(), w.type) << w.name;
    }
    const ProgramParam* norm = Weight(*p, "input_layernorm.weight");
    ASSERT_NE(norm, nullptr);
    EXPECT_FALSE(norm->transposed);
    const ProgramParam* embed = Weight(*p, "embed_tokens.weight");
    ASSERT_NE(embed, nullptr);
    EXPECT_EQ(embed->transposed, tied);
    EXPECT_EQ(embed->type.ToString(), tied ? "tensor<32x64xf32>" : "tensor<64x32xf32>");
    const ProgramParam* head = Weight(*p, "lm_head.weight");
    EXPECT_EQ(head != nullptr, !tied);
    if (head != nullptr) {
      EXPECT_TRUE(head->transposed);
      EXPECT_EQ(head->type.ToString(), "tensor<32x64xf32>");
    }
    // A column lookup (slice [D, 1] at each token's column) only where the table is transposed.
    EXPECT_EQ(p->mlir.find("collapsed_slice_dims = [1]") != std::string::npos, tied) << tied;
    // No transpose of any weight inside the program: every dot takes its weight as declared.
    EXPECT_EQ(p->mlir.find("-> tensor<48x32xf32>"), std::string::npos);
  }
}

TEST(DecoderWeightsInOut, DefaultLayoutIsTheCheckpoints) {
  PrefillOptions o;
  o.seq_len = 4;
  o.capacity = 8;
  auto p = BuildPrefill(TinyLlama(), -1, o);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  for (const auto& param : p->params) EXPECT_FALSE(param.transposed) << param.name;
  EXPECT_EQ(Weight(*p, "mlp.down_proj.weight")->type.ToString(), "tensor<32x48xf32>");
}

TEST(BindWeight, TransposesDeclaredWeightsAndChecksShapes) {
  HostTensor w(DType::kF32, {2, 3});  // [out, in]
  auto span = w.mutable_span<float>();
  for (int i = 0; i < 6; ++i) span[i] = static_cast<float>(i);
  ProgramParam param{ProgramParam::Kind::kWeight, "m.weight", {ElementType::kF32, {3, 2}}};
  param.transposed = true;
  auto bound = BindWeight(param, w);
  ASSERT_TRUE(bound.ok()) << bound.status().ToString();
  EXPECT_EQ(bound->shape(), (Shape{3, 2}));
  EXPECT_EQ(std::vector<float>(bound->span<float>().begin(), bound->span<float>().end()),
            (std::vector<float>{0, 3, 1, 4, 2, 5}));
  // A larger matrix crosses the 32x32 tiles' edges.
  HostTensor big(DType::kF32, {37, 70});
  auto bs = big.mutable_span<float>();
  for (size_t i = 0; i < bs.size(); ++i) bs[i] = static_cast<float>(i);
  ProgramParam bp{ProgramParam::Kind::kWeight, "big.weight", {ElementType::kF32, {70, 37}}};
  bp.transposed = true;
  auto bt = BindWeight(bp, big);
  ASSERT_TRUE(bt.ok());
  for (int r = 0; r < 37; ++r) {
    for (int c = 0; c < 70; ++c) ASSERT_EQ(bt->span<float>()[c * 37 + r], bs[r * 70 + c]);
  }
  // Untransposed: the same tensor back; a wrong shape names the weight and both shapes.
  param.transposed = false;
  auto wrong = BindWeight(param, w);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.status().message().find("m.weight"), std::string::npos);
  EXPECT_NE(wrong.status().message().find("[2, 3]"), std::string::npos);
  EXPECT_NE(wrong.status().message().find("[3, 2]"), std::string::npos);
  ProgramParam same{ProgramParam::Kind::kWeight, "s.weight", {ElementType::kF32, {2, 3}}};
  auto kept = BindWeight(same, w);
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(kept->data(), w.data());
}

// Each program has its own options; the alternative names the program, and a name gives its
// defaults.
TEST(ProgramOptionsTest, NamesAndDefaults) {
  for (const char* name : {"vision_encode", "prefill", "decode"}) {
    auto o = DefaultProgramOptions(name);
    ASSERT_TRUE(o.ok()) << o.status().ToString();
    EXPECT_STREQ(ProgramName(*o), name);
    EXPECT_FALSE(CommonOptions(*o).taps);
  }
  EXPECT_TRUE(std::holds_alternative<DecodeOptions>(*DefaultProgramOptions("decode")));
  auto unknown = DefaultProgramOptions("nope");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("unknown program 'nope'"), std::string::npos);
  // The common part is shared: set through the variant, read through the program's type.
  ProgramOptions o = PrefillOptions{};
  CommonOptions(o).weights_in_out = true;
  EXPECT_TRUE(std::get<PrefillOptions>(o).weights_in_out);
}

}  // namespace
}  // namespace vlmxla::hlo
