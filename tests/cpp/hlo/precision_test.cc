// Mixed precision in the emitted programs, read from the module text: which type every weight,
// activation and cache has, that a narrow program accumulates its matmuls in f32, returns f32
// logits, and never materialises a converted copy of a matrix weight outside the op consuming it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "small_decoder_config.h"
#include "vlmxla/models/registry.h"
#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::hlo {
namespace {

using enum ElementType;  // kF32, kBF16, kF16 (a using-declaration: unity builds repeat it)

io::ModelConfig SiglipQwen2() {
  const auto j = nlohmann::json::parse(R"({
    "model_type": "llava", "image_token_index": 63, "projector_hidden_act": "gelu",
    "vision_feature_layer": -1, "vision_feature_select_strategy": "full",
    "text_config": {"model_type": "qwen2", "vocab_size": 64, "hidden_size": 32,
      "intermediate_size": 48, "num_hidden_layers": 2, "num_attention_heads": 4,
      "num_key_value_heads": 2, "tie_word_embeddings": true},
    "vision_config": {"model_type": "siglip_vision_model", "hidden_size": 16, "image_size": 16,
      "intermediate_size": 32, "num_attention_heads": 2, "num_hidden_layers": 2,
      "patch_size": 8}})");
  auto c = io::ParseModelConfig(j);
  EXPECT_TRUE(c.ok()) << c.status().ToString();
  return *c;
}

io::ModelConfig ClipLlama() {
  io::ModelConfig c = SiglipQwen2();
  const auto j = nlohmann::json::parse(R"({"model_type": "clip_vision_model",
      "hidden_size": 16, "image_size": 16, "intermediate_size": 32, "num_attention_heads": 2,
      "num_hidden_layers": 2, "patch_size": 8})");
  c.llava->vision = *io::ParseVisionConfig(j);
  c.llava->vision_feature_select_strategy = "default";
  c.llava->text = c.text = testing::SmallLlamaConfig();
  return c;
}

struct Op {
  std::string result;    // "%12"
  std::string name;      // "stablehlo.convert"
  std::string operands;  // the text between the op's parentheses
  std::string line;
};

std::vector<Op> Ops(const std::string& mlir) {
  // "%7 = op(...)", or "%7:2 = op(...)" for an op with several results (used as %7#0, %7#1).
  static const std::regex kOp(R"re(^\s*(%[A-Za-z0-9_]+)(?::\d+)? = "([a-z_.]+)"\(([^)]*)\))re");
  std::vector<Op> ops;
  std::istringstream lines(mlir);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, kOp)) ops.push_back({m[1], m[2], m[3], line});
  }
  return ops;
}

// The uses of SSA value `v` (whole-token matches in the operand lists).
std::vector<const Op*> Uses(const std::vector<Op>& ops, const std::string& v) {
  const std::regex token(v + R"((?![A-Za-z0-9_]))");
  std::vector<const Op*> uses;
  for (const Op& op : ops) {
    if (std::regex_search(op.operands, token)) uses.push_back(&op);
  }
  return uses;
}

// Program `name`'s options with this file's buckets: a 16-position prompt with 4 image rows, a
// 32-row cache, `batch` decode slots.
ProgramOptions Options(const std::string& name, const ProgramCommonOptions& common, int batch) {
  auto made = DefaultProgramOptions(name);
  EXPECT_TRUE(made.ok()) << made.status().ToString();
  ProgramOptions o = made.ok() ? *made : ProgramOptions{};
  CommonOptions(o) = common;
  if (auto* prefill = std::get_if<PrefillOptions>(&o)) {
    prefill->seq_len = 16;
    prefill->capacity = 32;
    prefill->num_image_features = 4;
  }
  if (auto* decode = std::get_if<DecodeOptions>(&o)) {
    decode->batch = batch;
    decode->capacity = 32;
  }
  return o;
}

ProgramCommonOptions Common(Precision precision, bool in_out, bool taps) {
  ProgramCommonOptions c;
  c.precision = precision;
  c.weights_in_out = in_out;
  c.taps = taps;
  return c;
}

Program Build(const io::ModelConfig& config, const std::string& name, Precision precision,
              bool in_out = false) {
  auto p = models::BuildProgram(config, Options(name, Common(precision, in_out, true), 2));
  EXPECT_TRUE(p.ok()) << name << ": " << p.status().ToString();
  return p.ok() ? *p : Program{};
}

std::map<std::string, int> OpCounts(const std::string& mlir) {
  std::map<std::string, int> n;
  for (const Op& op : Ops(mlir)) n[op.name] += 1;
  return n;
}

const char* kPrograms[] = {"vision_encode", "prefill", "decode"};

TEST(Precision, F32ProgramsConvertNothingButIndices) {
  // The f32 programs keep the float32 math of before: the only converts are integer->f32
  // (decode's positions for RoPE).
  for (const io::ModelConfig& config : {SiglipQwen2(), ClipLlama()}) {
    for (const char* name : kPrograms) {
      const Program p = Build(config, name, {kF32, kF32});
      for (const Op& op : Ops(p.mlir)) {
        if (op.name != "stablehlo.convert") continue;
        EXPECT_NE(op.line.find("xi32>) -> tensor<"), std::string::npos) << name << ": " << op.line;
      }
    }
  }
}

TEST(Precision, WeightsKeepTheirStoredTypeCachesAndActivationsTheComputeType) {
  for (ElementType ct : {kBF16, kF16}) {
    const std::string cts = ElementTypeName(ct);
    for (ElementType wt : {kF32, kBF16, kF16}) {
      for (const char* name : kPrograms) {
        const Program p = Build(SiglipQwen2(), name, {wt, ct});
        for (const ProgramParam& param : p.params) {
          if (param.kind == ProgramParam::Kind::kWeight) {
            EXPECT_EQ(param.type.element, wt) << name << " " << param.name;
          } else if (param.name.rfind("kv.", 0) == 0 || param.name == "image_features") {
            EXPECT_EQ(param.type.element, ct) << name << " " << param.name;
          } else if (param.name == "pixel_values") {
            EXPECT_EQ(param.type.element, kF32);  // the processor's output, cast in the graph
          }
        }
        for (size_t i = 0; i < p.result_names.size(); ++i) {
          const std::string& r = p.result_names[i];
          const ElementType want = (r == "logits" || r == "prefill_logits") ? kF32 : ct;
          EXPECT_EQ(p.result_types[i].element, want) << name << " result " << r << " at " << cts;
        }
      }
    }
  }
}

TEST(Precision, NarrowMatmulsAccumulateInF32) {
  for (ElementType ct : {kBF16, kF16}) {
    const std::string narrow = std::string("x") + ElementTypeName(ct) + ">";
    for (const char* name : kPrograms) {
      const Program p = Build(ClipLlama(), name, {ct, ct});
      int dots = 0;
      for (const Op& op : Ops(p.mlir)) {
        if (op.name != "stablehlo.dot_general" && op.name != "stablehlo.convolution") continue;
        ++dots;
        // (narrow, narrow) -> f32
        const size_t colon = op.line.rfind(" : (");
        const std::string types = op.line.substr(colon);
        const std::string result = types.substr(types.rfind("-> ") + 3);
        EXPECT_NE(types.find(narrow), std::string::npos) << op.line;
        EXPECT_NE(result.find("xf32>"), std::string::npos) << op.line;
      }
      EXPECT_GT(dots, 0) << name;
    }
  }
}

TEST(Precision, NoConvertedCopyOfAMatrixWeightOutsideItsConsumer) {
  // For every stored/compute pair, a weight of rank >= 2 is either used as stored or converted
  // once, straight into the one dot/convolution/gather that consumes it. Stored == compute:
  // never converted at all.
  for (bool in_out : {false, true}) {
    for (ElementType wt : {kF32, kBF16, kF16}) {
      for (ElementType ct : {kF32, kBF16, kF16}) {
        for (const io::ModelConfig& config : {SiglipQwen2(), ClipLlama()}) {
          for (const char* name : kPrograms) {
            const Program p = Build(config, name, {wt, ct}, in_out);
            const std::vector<Op> ops = Ops(p.mlir);
            ASSERT_GT(ops.size(), 20u) << name;
            int weight_index = 0, converted = 0;
            for (const ProgramParam& param : p.params) {
              if (param.kind != ProgramParam::Kind::kWeight) continue;
              const std::string arg = "%w" + std::to_string(weight_index++);
              if (param.type.rank() < 2) continue;
              for (const Op* use : Uses(ops, arg)) {
                if (use->name != "stablehlo.convert") continue;
                EXPECT_NE(wt, ct) << name << ": " << param.name << " converted to its own type";
                ++converted;
                const auto consumers = Uses(ops, use->result);
                ASSERT_EQ(consumers.size(), 1u) << name << ": " << param.name << " " << use->line;
                const std::string& c = consumers[0]->name;
                EXPECT_TRUE(c == "stablehlo.dot_general" || c == "stablehlo.convolution" ||
                            c == "stablehlo.broadcast_in_dim" || c == "stablehlo.add")
                    << name << ": " << param.name << " feeds " << consumers[0]->line;
                if (param.type.rank() == 2 && param.name.find("embed") == std::string::npos &&
                    param.name.find("position_embedding") == std::string::npos) {
                  EXPECT_EQ(c, "stablehlo.dot_general") << param.name;
                }
              }
            }
            // Across stored != compute, the matrices do convert (the check above saw them).
            EXPECT_EQ(converted > 0, wt != ct) << name;
          }
        }
      }
    }
  }
}

// The operand types of a dot_general line, in order ("tensor<2x32xbf16>", ...).
std::vector<std::string> OperandTypes(const Op& op) {
  const size_t open = op.line.rfind(" : (") + 4, close = op.line.find(") -> ", open);
  std::vector<std::string> types;
  std::istringstream in(op.line.substr(open, close - open));
  for (std::string t; std::getline(in, t, ',');) types.push_back(t.substr(t.find("tensor<")));
  return types;
}

TEST(Precision, TwoRowNarrowGemvReadsEveryWeightAsStoredInTwoRowProducts) {
  // Precision::two_row_narrow_gemv: in decode at batch 1 and in prefill's one-row LM head, every
  // product of a narrow weight takes the weight as stored (no convert of it anywhere) and two
  // rows of activations; without it, those products take one row. f32 programs are unchanged.
  for (bool in_out : {false, true}) {
    for (ElementType ct : {kBF16, kF16}) {
      for (const char* name : {"prefill", "decode"}) {
        for (bool two_rows : {false, true}) {
          auto p = models::BuildProgram(
              SiglipQwen2(), Options(name, Common({ct, ct, two_rows}, in_out, false), 1));
          ASSERT_TRUE(p.ok()) << p.status().ToString();
          const std::vector<Op> ops = Ops(p->mlir);
          int one_row = 0, two_row = 0;
          for (const Op& op : ops) {
            if (op.name == "stablehlo.convert" && op.operands.rfind("%w", 0) == 0) {
              // a bias or norm weight (rank 1: one 'x' in its type) joins in f32; no matrix does
              const std::string t = OperandTypes(op)[0];
              EXPECT_LE(std::count(t.begin(), t.end(), 'x'), 1) << name << ": " << op.line;
            }
            if (op.name != "stablehlo.dot_general" || op.operands.find("%w") == std::string::npos) {
              continue;
            }
            const std::vector<std::string> types = OperandTypes(op);
            ASSERT_EQ(types.size(), 2u) << op.line;
            const std::string& act = op.operands.rfind("%w", 0) == 0 ? types[1] : types[0];
            if (act.rfind("tensor<1x", 0) == 0) ++one_row;
            if (act.rfind("tensor<2x", 0) == 0) ++two_row;
          }
          if (two_rows) {
            EXPECT_EQ(one_row, 0) << name;
            EXPECT_GT(two_row, 0) << name;
          } else {
            EXPECT_GT(one_row, 0) << name;
          }
        }
      }
    }
    for (const char* name : kPrograms) {
      ProgramOptions o = Options(name, Common(Precision{}, in_out, false), 1);
      auto plain = models::BuildProgram(SiglipQwen2(), o);
      CommonOptions(o).precision.two_row_narrow_gemv = true;
      auto flagged = models::BuildProgram(SiglipQwen2(), o);
      ASSERT_TRUE(plain.ok() && flagged.ok());
      EXPECT_EQ(plain->mlir, flagged->mlir) << name;
    }
  }
}

// The dims of "tensor<4x8xbf16>": {4, 8}.
std::vector<int64_t> TypeDims(const std::string& type) {
  std::vector<int64_t> dims;
  std::istringstream in(type.substr(type.find('<') + 1));
  for (std::string d; std::getline(in, d, 'x');) {
    if (d.empty() || !std::isdigit(static_cast<unsigned char>(d[0]))) break;
    dims.push_back(std::stoll(d));
  }
  return dims;
}

TEST(Precision, NarrowRowsTimesWeightPicksTheFormByTheContractionLength) {
  // Precision::narrow_rows_times_weight with [out, in] weights: a product of a narrow weight whose
  // contraction is no longer than its output is rows . weight^T (the activation first, the
  // weight's dimension 1 contracted); a longer one is weight . rows^T, one row taken as two. The
  // weight is always read as stored. A single row (decode at batch 1) comes from a reduction, so
  // XLA's CPU compiler computes it once rather than in the product's element loop.
  for (const char* name : {"prefill", "decode"}) {
    for (int batch : {1, 2}) {
      Precision precision{kBF16, kBF16};
      precision.narrow_rows_times_weight = true;
      auto p = models::BuildProgram(SiglipQwen2(),
                                    Options(name, Common(precision, false, false), batch));
      ASSERT_TRUE(p.ok()) << p.status().ToString();
      const std::vector<Op> ops = Ops(p->mlir);
      std::map<std::string, const Op*> producer;
      for (const Op& op : ops) producer[op.result] = &op;
      int rows_first = 0, weight_first = 0, one_row_products = 0;
      for (const Op& op : ops) {
        if (op.name != "stablehlo.dot_general" || op.operands.find("%w") == std::string::npos) {
          continue;
        }
        const std::vector<std::string> types = OperandTypes(op);
        ASSERT_EQ(types.size(), 2u) << op.line;
        const bool weight_lhs = op.operands.rfind("%w", 0) == 0;
        const std::vector<int64_t> w = TypeDims(types[weight_lhs ? 0 : 1]);
        const std::vector<int64_t> x = TypeDims(types[weight_lhs ? 1 : 0]);
        ASSERT_EQ(w.size(), 2u) << op.line;
        EXPECT_NE(types[weight_lhs ? 0 : 1].find("xbf16>"), std::string::npos) << op.line;
        if (w[1] <= w[0]) {
          ++rows_first;
          EXPECT_FALSE(weight_lhs) << "short contraction, rows first: " << op.line;
          EXPECT_NE(op.line.find("rhs_contracting_dimensions = [1]"), std::string::npos) << op.line;
          const std::string rows = op.operands.substr(0, op.operands.find(','));
          ASSERT_TRUE(producer.count(rows)) << op.line;
          int64_t row_count = 1;
          for (size_t i = 0; i + 1 < x.size(); ++i) row_count *= x[i];
          one_row_products += row_count == 1;
          EXPECT_EQ(producer[rows]->name == "stablehlo.reduce", row_count == 1)
              << name << " batch " << batch << ": rows from " << producer[rows]->line;
        } else {
          ++weight_first;
          EXPECT_TRUE(weight_lhs) << "long contraction, weight first: " << op.line;
          EXPECT_NE(x.front(), 1) << "long contraction, one row: " << op.line;
        }
      }
      EXPECT_GT(rows_first, 0) << name << " (the LM head, q/o and up/gate projections)";
      EXPECT_GT(weight_first, 0) << name << " (the down and k/v projections)";
      // One-row products: the prefill's LM head (the last position), all of decode at batch 1.
      EXPECT_EQ(one_row_products > 0, std::string(name) == "prefill" || batch == 1) << name;
      if (std::string(name) == "decode" && batch == 1) EXPECT_EQ(one_row_products, rows_first);
    }
  }
  // f32 programs and [in, out] weights are unchanged by it.
  for (bool in_out : {false, true}) {
    for (ElementType ct : {kF32, kBF16}) {
      if (ct == kBF16 && !in_out) continue;
      ProgramOptions o = Options("decode", Common({ct, ct}, in_out, false), 1);
      auto plain = models::BuildProgram(SiglipQwen2(), o);
      CommonOptions(o).precision.narrow_rows_times_weight = true;
      auto flagged = models::BuildProgram(SiglipQwen2(), o);
      ASSERT_TRUE(plain.ok() && flagged.ok());
      EXPECT_EQ(plain->mlir, flagged->mlir) << in_out;
    }
  }
}

TEST(Precision, EmbeddingRowsConvertAfterTheLookup) {
  const Program p = Build(SiglipQwen2(), "prefill", {kF32, kBF16});
  // The table is gathered as stored, then only the looked-up rows are rounded.
  bool saw_gather = false;
  const std::vector<Op> ops = Ops(p.mlir);
  for (const Op& op : ops) {
    if (op.name != "stablehlo.gather" || op.line.find("x1400x") != std::string::npos) continue;
    if (op.operands.find("%w0") == std::string::npos) continue;
    saw_gather = true;
    EXPECT_NE(op.line.rfind("xf32>"), std::string::npos) << op.line;
    const auto uses = Uses(ops, op.result);
    ASSERT_EQ(uses.size(), 1u);
    EXPECT_EQ(uses[0]->name, "stablehlo.convert");
  }
  EXPECT_TRUE(saw_gather);
}

TEST(Precision, CacheBytesHalveInBf16) {
  const Program f = Build(SiglipQwen2(), "decode", {kF32, kF32});
  const Program h = Build(SiglipQwen2(), "decode", {kBF16, kBF16});
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (f.params[i].name.rfind("kv.", 0) != 0) continue;
    EXPECT_EQ(f.params[i].type.dims, h.params[i].type.dims);
    EXPECT_EQ(ElementByteSize(f.params[i].type.element),
              2 * ElementByteSize(h.params[i].type.element));
  }
}

}  // namespace
}  // namespace vlmxla::hlo
