// The decoder programs with quantized projections (Precision::quant): each projection is an i8
// argument plus f32 scales, named and marked so the runner quantizes the float tensor; the
// embeddings and head stay as stored; int4 unpacks with shifts; a width int4 cannot group is
// refused naming the projection.
#include <gtest/gtest.h>

#include <string>

#include "small_decoder_config.h"
#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::hlo {
namespace {

Result<Program> Decode(const io::TextConfig& config, WeightQuant quant, bool in_out) {
  DecodeOptions o;
  o.capacity = 16;
  o.weights_in_out = in_out;
  o.precision.quant = quant;
  return BuildDecode(config, o);
}

const ProgramParam* WeightParam(const Program& p, const std::string& name) {
  for (const ProgramParam& param : p.params)
    if (param.name == name) return &param;
  return nullptr;
}

TEST(QuantizedPrograms, Int8ProjectionsAreI8WithPerRowScales) {
  for (const bool in_out : {false, true}) {
    io::TextConfig c = testing::SmallLlamaConfig();
    Result<Program> p = Decode(c, WeightQuant::kInt8, in_out);
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    int quantized = 0, scales = 0;
    for (const ProgramParam& param : p->params) {
      if (param.quant == WeightQuant::kNone) continue;
      EXPECT_EQ(param.quant, WeightQuant::kInt8);
      if (param.quant_scales) {
        ++scales;
        EXPECT_EQ(param.name, param.quantized_from + "_scale");
        EXPECT_EQ(param.type.element, ElementType::kF32);
        EXPECT_EQ(param.type.rank(), 1);
      } else {
        ++quantized;
        EXPECT_EQ(param.name, param.quantized_from);
        EXPECT_EQ(param.type.element, ElementType::kI8);
        EXPECT_EQ(param.transposed, in_out);
      }
    }
    EXPECT_EQ(quantized, 7 * c.num_hidden_layers);
    EXPECT_EQ(scales, 7 * c.num_hidden_layers);
    const ProgramParam* q = WeightParam(*p, "model.layers.0.self_attn.q_proj.weight");
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->type.dims, (std::vector<int64_t>{32, 32}));
    const ProgramParam* down = WeightParam(*p, "model.layers.1.mlp.down_proj.weight");
    ASSERT_NE(down, nullptr);
    EXPECT_EQ(down->type.dims,
              in_out ? (std::vector<int64_t>{48, 32}) : (std::vector<int64_t>{32, 48}));
    EXPECT_EQ(WeightParam(*p, "model.layers.1.mlp.down_proj.weight_scale")->type.dims,
              (std::vector<int64_t>{32}));
    // The embeddings and the head stay as stored.
    EXPECT_EQ(WeightParam(*p, "model.embed_tokens.weight")->type.element, ElementType::kF32);
    EXPECT_EQ(WeightParam(*p, "model.embed_tokens.weight")->quant, WeightQuant::kNone);
    // Widened in the program: i8 -> f32, then scaled.
    const std::string widen = in_out ? "(tensor<48x32xi8>) -> tensor<48x32xf32>"
                                     : "(tensor<32x48xi8>) -> tensor<32x48xf32>";
    EXPECT_NE(p->mlir.find(widen), std::string::npos) << "in_out " << in_out;
  }
}

TEST(QuantizedPrograms, Int4ProjectionsArePackedWithGroupScales) {
  io::TextConfig c = testing::SmallLlamaConfig();
  c.intermediate_size = 64;
  for (const bool in_out : {false, true}) {
    Result<Program> p = Decode(c, WeightQuant::kInt4, in_out);
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    const ProgramParam* down = WeightParam(*p, "model.layers.0.mlp.down_proj.weight");
    ASSERT_NE(down, nullptr);
    EXPECT_EQ(down->type.element, ElementType::kI8);
    EXPECT_EQ(down->type.dims, (std::vector<int64_t>{32, 32}));  // [32, 64 / 2] either way
    const ProgramParam* scale = WeightParam(*p, "model.layers.0.mlp.down_proj.weight_scale");
    ASSERT_NE(scale, nullptr);
    EXPECT_EQ(scale->type.dims,
              in_out ? (std::vector<int64_t>{2, 32}) : (std::vector<int64_t>{32, 2}));
    EXPECT_EQ(scale->transposed, in_out);
    const ProgramParam* gate = WeightParam(*p, "model.layers.0.mlp.gate_proj.weight");
    EXPECT_EQ(gate->type.dims,
              in_out ? (std::vector<int64_t>{16, 64}) : (std::vector<int64_t>{64, 16}));
    EXPECT_NE(p->mlir.find("stablehlo.shift_right_arithmetic"), std::string::npos);
    EXPECT_NE(p->mlir.find("stablehlo.shift_left"), std::string::npos);
  }
}

TEST(QuantizedPrograms, Int4RefusesAWidthItCannotGroup) {
  io::TextConfig c = testing::SmallLlamaConfig();  // intermediate_size 48: not a multiple of 32
  Result<Program> p = Decode(c, WeightQuant::kInt4, false);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("multiple of 32"), std::string::npos);
  EXPECT_NE(p.status().message().find("down_proj"), std::string::npos);
  EXPECT_NE(p.status().message().find("48"), std::string::npos);
}

TEST(QuantizedPrograms, StoredWeightsEmitTheSameProgramAsBefore) {
  io::TextConfig c = testing::SmallLlamaConfig();
  Result<Program> stored = Decode(c, WeightQuant::kNone, false);
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(stored->mlir.find("xi8>"), std::string::npos);
  for (const ProgramParam& param : stored->params) EXPECT_EQ(param.quant, WeightQuant::kNone);
}

}  // namespace
}  // namespace vlmxla::hlo
