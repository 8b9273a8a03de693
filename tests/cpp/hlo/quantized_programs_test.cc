// The decoder programs with quantized projections (Precision::quant): each projection is an i8
// argument plus f32 scales, [out, in] in either weight layout, named and marked so the runner
// quantizes the float tensor; the LM head is int8 under both formats (a tied embedding table with
// it, looked up as i8 rows times their scales), an untied table stays as stored; int4 unpacks
// with shifts; a
// width int4 cannot group is refused naming the projection; a decode of up to 8 rows multiplies
// by q as matrix-vector products on row slices under 16 KiB (no widened whole weight), a wider
// one and a prefill by q widened in blocks of output channels (kWidenedBlocks), none of them the
// whole widened weight.
#include <gtest/gtest.h>

#include <string>

#include "small_decoder_config.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/nn.h"

namespace vlmxla::hlo {
namespace {

Result<Program> Decode(const io::TextConfig& config, WeightQuant quant, bool in_out,
                       int64_t batch = 1, ElementType compute = ElementType::kF32) {
  DecodeOptions o;
  o.capacity = 16;
  o.batch = batch;
  o.precision.compute = compute;
  o.precision.weights = compute;
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
        EXPECT_FALSE(param.transposed);  // [out, in] whatever the layout of the rest
      }
    }
    // Every projection, and the head.
    EXPECT_EQ(quantized, 7 * c.num_hidden_layers + 1);
    EXPECT_EQ(scales, 7 * c.num_hidden_layers + 1);
    const ProgramParam* q = WeightParam(*p, "model.layers.0.self_attn.q_proj.weight");
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->type.dims, (std::vector<int64_t>{32, 32}));
    const ProgramParam* down = WeightParam(*p, "model.layers.1.mlp.down_proj.weight");
    ASSERT_NE(down, nullptr);
    EXPECT_EQ(down->type.dims, (std::vector<int64_t>{32, 48}));
    EXPECT_EQ(WeightParam(*p, "model.layers.1.mlp.down_proj.weight_scale")->type.dims,
              (std::vector<int64_t>{32}));
    // The untied head is int8 [vocab, hidden]; the embedding table stays as stored.
    const ProgramParam* head = WeightParam(*p, "lm_head.weight");
    ASSERT_NE(head, nullptr);
    EXPECT_EQ(head->type.element, ElementType::kI8);
    EXPECT_EQ(head->type.dims, (std::vector<int64_t>{c.vocab_size, c.hidden_size}));
    EXPECT_EQ(WeightParam(*p, "model.embed_tokens.weight")->type.element, ElementType::kF32);
    EXPECT_EQ(WeightParam(*p, "model.embed_tokens.weight")->quant, WeightQuant::kNone);
    // Widened in the program, i8 -> f32 (then multiplied, and the sum scaled).
    EXPECT_NE(p->mlir.find("(tensor<32x48xi8>) -> tensor<32x48xf32>"), std::string::npos)
        << "in_out " << in_out;
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
    EXPECT_EQ(scale->type.dims, (std::vector<int64_t>{32, 2}));
    EXPECT_FALSE(scale->transposed);
    const ProgramParam* gate = WeightParam(*p, "model.layers.0.mlp.gate_proj.weight");
    EXPECT_EQ(gate->type.dims, (std::vector<int64_t>{64, 16}));
    EXPECT_FALSE(gate->transposed);
    EXPECT_NE(p->mlir.find("stablehlo.shift_right_arithmetic"), std::string::npos);
    EXPECT_NE(p->mlir.find("stablehlo.shift_left"), std::string::npos);
  }
}

// A tied table is the head: under either format it is one int8 argument [vocab, hidden] with a
// scale per vocabulary row, in either layout; the lookup gathers i8 rows and their scales, and no
// lm_head argument exists.
TEST(QuantizedPrograms, ATiedTableIsQuantizedWithTheHeadInInt8) {
  io::TextConfig c = testing::SmallLlamaConfig();
  c.intermediate_size = 64;
  c.tie_word_embeddings = true;
  for (const WeightQuant quant : {WeightQuant::kInt8, WeightQuant::kInt4}) {
    for (const bool in_out : {false, true}) {
      SCOPED_TRACE(std::string(WeightQuantName(quant)) + (in_out ? " in_out" : ""));
      Result<Program> p = Decode(c, quant, in_out);
      ASSERT_TRUE(p.ok()) << p.status().ToString();
      EXPECT_EQ(WeightParam(*p, "lm_head.weight"), nullptr);
      const ProgramParam* table = WeightParam(*p, "model.embed_tokens.weight");
      ASSERT_NE(table, nullptr);
      EXPECT_EQ(table->quant, WeightQuant::kInt8);
      EXPECT_EQ(table->type.element, ElementType::kI8);
      EXPECT_EQ(table->type.dims, (std::vector<int64_t>{c.vocab_size, c.hidden_size}));
      EXPECT_FALSE(table->transposed);
      const ProgramParam* scales = WeightParam(*p, "model.embed_tokens.weight_scale");
      ASSERT_NE(scales, nullptr);
      EXPECT_EQ(scales->type.dims, (std::vector<int64_t>{c.vocab_size}));
      EXPECT_TRUE(scales->quant_scales);
      // One row looked up from the i8 table and one scale from the scales.
      const std::string vocab = std::to_string(c.vocab_size),
                        hidden = std::to_string(c.hidden_size);
      EXPECT_NE(p->mlir.find("(tensor<" + vocab + "x" + hidden +
                             "xi8>, tensor<1xi32>) -> tensor<1x" + hidden + "xi8>"),
                std::string::npos);
      EXPECT_NE(p->mlir.find("(tensor<" + vocab + "xf32>, tensor<1xi32>) -> tensor<1xf32>"),
                std::string::npos);
    }
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

// The operand types of every dot_general in `mlir`: "(tensor<AxBxf32>, tensor<Cxf32>)".
std::vector<std::string> DotOperands(const std::string& mlir) {
  std::vector<std::string> out;
  for (size_t at = mlir.find("stablehlo.dot_general"); at != std::string::npos;
       at = mlir.find("stablehlo.dot_general", at + 1)) {
    const size_t open = mlir.find("} : (", at);
    const size_t close = mlir.find(") ->", open);
    out.push_back(mlir.substr(open + 4, close - open - 3));
  }
  return out;
}

// A one-row decode streams q: XLA's CPU compiler fuses the widening of a matrix into a
// matrix-vector dot's loop (reading i8, writing no f32 copy) only while the vector is under
// 16 KiB, so no dot may take the whole widened f32 down projection [32, 5024] (a 20,096-byte
// row), and each slice is a rank-1 product whose vector stays under 4096 f32 / 8192 bf16 values;
// up to 8 rows each row takes its own products. With 9 the program multiplies by widened blocks
// of the weight (kWidenedBlocks; this 643 KB weight is one block), a matrix-matrix dot.
TEST(QuantizedPrograms, DecodeUpTo8RowsMultipliesByQInSlicesUnder16KiB) {
  io::TextConfig c = testing::SmallLlamaConfig();
  c.intermediate_size = 5024;  // a multiple of 32, for int4
  for (const WeightQuant quant : {WeightQuant::kInt8, WeightQuant::kInt4}) {
    for (const ElementType t : {ElementType::kF32, ElementType::kBF16}) {
      const std::string ty = t == ElementType::kF32 ? "f32" : "bf16";
      const int64_t limit = t == ElementType::kF32 ? 4096 : 8192;
      for (const int64_t batch : {1, 2, 8}) {
        SCOPED_TRACE(std::string(quant == WeightQuant::kInt8 ? "int8 " : "int4 ") + ty + " batch " +
                     std::to_string(batch));
        Result<Program> p = Decode(c, quant, true, batch, t);
        ASSERT_TRUE(p.ok()) << p.status().ToString();
        int down_slices = 0;
        for (const std::string& operands : DotOperands(p->mlir)) {
          if (t == ElementType::kF32) {  // 5024 bf16 values (10 KiB) take one slice
            EXPECT_EQ(operands.find("tensor<32x5024xf32>"), std::string::npos) << operands;
          }
          // A widened [32, c] slice of the down projection times a row's slice [c].
          const std::string slice = "(tensor<32x";
          if (operands.rfind(slice, 0) != 0) continue;
          const int64_t cols = std::stoll(operands.substr(slice.size()));
          if (cols < 48) continue;  // q / k / v / o, gate and up: 32 or 48 inputs
          ++down_slices;
          EXPECT_LT(cols, limit) << operands;
          EXPECT_NE(operands.find(", tensor<" + std::to_string(cols) + "x" + ty + ">)"),
                    std::string::npos)
              << operands;
        }
        // Per row: int8 f32 takes 5024 inputs in 2 slices, bf16 in 1; int4 twice that (low and
        // high nibbles).
        const int per_row =
            (t == ElementType::kF32 ? 2 : 1) * (quant == WeightQuant::kInt4 ? 2 : 1);
        EXPECT_EQ(down_slices, per_row * batch * c.num_hidden_layers);
      }
      // Nine rows: the widened weight in one block, one matrix-matrix product.
      Result<Program> nine = Decode(c, quant, true, 9, t);
      ASSERT_TRUE(nine.ok()) << nine.status().ToString();
      EXPECT_NE(nine->mlir.find("tensor<32x5024x" + ty + ">, tensor<9x5024x" + ty + ">"),
                std::string::npos);
    }
  }
}

// A prefill (16 rows) widens q in blocks of output channels, each at most kWidenedBlockBytes:
// with f32 compute the gate and up projections [5120, 256] and the down projection [256, 5120]
// (5.2 MB widened each) take two blocks, so no tensor of the program is the whole widened
// weight, and each block is one matrix-matrix dot by the 16 rows.
TEST(QuantizedPrograms, PrefillWidensQInBlocksNeverTheWholeWeight) {
  io::TextConfig c = testing::SmallLlamaConfig();
  c.hidden_size = 256;
  c.head_dim = 64;
  c.intermediate_size = 5120;  // a multiple of 32, for int4
  ASSERT_GT(int64_t{5120} * 256 * 4, kWidenedBlockBytes);
  ASSERT_LE(int64_t{2560} * 256 * 4, kWidenedBlockBytes);
  for (const WeightQuant quant : {WeightQuant::kInt8, WeightQuant::kInt4}) {
    for (const bool in_out : {false, true}) {
      SCOPED_TRACE(std::string(WeightQuantName(quant)) + (in_out ? " [in, out]" : " [out, in]"));
      PrefillOptions o;
      o.seq_len = 16;
      o.capacity = 32;
      o.weights_in_out = in_out;
      o.precision.quant = quant;
      Result<Program> p = BuildPrefill(c, -1, o);
      ASSERT_TRUE(p.ok()) << p.status().ToString();
      EXPECT_EQ(p->mlir.find("tensor<5120x256xf32>"), std::string::npos);
      EXPECT_EQ(p->mlir.find("tensor<256x5120xf32>"), std::string::npos);
      int gate_up = 0, down = 0;
      for (const std::string& operands : DotOperands(p->mlir)) {
        if (operands == "(tensor<2560x256xf32>, tensor<16x256xf32>)") ++gate_up;
        if (operands == "(tensor<128x5120xf32>, tensor<16x5120xf32>)") ++down;
      }
      EXPECT_EQ(gate_up, 2 * 2 * c.num_hidden_layers);
      EXPECT_EQ(down, 2 * c.num_hidden_layers);
    }
  }
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
