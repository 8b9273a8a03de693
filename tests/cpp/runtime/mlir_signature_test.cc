#include "vlmxla/runtime/mlir_signature.h"

#include <gtest/gtest.h>

namespace vlmxla::runtime {
namespace {

TEST(MlirSignatureTest, ReadsParametersAndResults) {
  auto sig = ParseMainSignature(R"mlir(
module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func private @helper(%x: tensor<9xf64>) -> tensor<9xf64> {
    return %x : tensor<9xf64>
  }
  func.func public @main(%ids: tensor<1x?xi32>,
                         %w: tensor<16x8xbf16> {mhlo.sharding = "{replicated}"},
                         %kv: tensor<2x4x8xf32> {tf.aliasing_output = 1 : i32}, %t: tensor<i64>)
      -> (tensor<1x16xf32> {jax.result_info = "logits"}, tensor<2x4x8xf32>) {
    %0 = stablehlo.constant dense<0.0> : tensor<1x16xf32>
    return %0, %kv : tensor<1x16xf32>, tensor<2x4x8xf32>
  }
}
)mlir");
  ASSERT_TRUE(sig.ok()) << sig.status().ToString();
  ASSERT_EQ(sig->inputs.size(), 4u);
  EXPECT_EQ(sig->inputs[0].dtype, DType::kI32);
  EXPECT_EQ(sig->inputs[0].dims, (std::vector<int64_t>{1, TensorSpec::kDynamicDim}));
  EXPECT_EQ(sig->inputs[1].dtype, DType::kBF16);
  EXPECT_EQ(sig->inputs[1].dims, (std::vector<int64_t>{16, 8}));
  EXPECT_EQ(sig->inputs[2].ToString(), "tensor<2x4x8xf32>");
  EXPECT_EQ(sig->inputs[3].dtype, DType::kI64);
  EXPECT_TRUE(sig->inputs[3].dims.empty());
  ASSERT_EQ(sig->outputs.size(), 2u);
  EXPECT_EQ(sig->outputs[0].ToString(), "tensor<1x16xf32>");
  EXPECT_EQ(sig->outputs[1].ToString(), "tensor<2x4x8xf32>");
}

TEST(MlirSignatureTest, SingleUnparenthesizedResult) {
  auto sig = ParseMainSignature(
      "func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xi1>) -> tensor<3xui8> {\n}\n");
  ASSERT_TRUE(sig.ok()) << sig.status().ToString();
  ASSERT_EQ(sig->inputs.size(), 2u);
  EXPECT_EQ(sig->inputs[1].dtype, DType::kBool);
  ASSERT_EQ(sig->outputs.size(), 1u);
  EXPECT_EQ(sig->outputs[0].dtype, DType::kU8);
  EXPECT_EQ(sig->outputs[0].dims, (std::vector<int64_t>{3}));
}

TEST(MlirSignatureTest, MatchesShapesWithDynamicDims) {
  TensorSpec spec{DType::kF32, {2, TensorSpec::kDynamicDim}};
  EXPECT_TRUE(spec.Matches(DType::kF32, {2, 7}));
  EXPECT_FALSE(spec.Matches(DType::kF32, {3, 7}));
  EXPECT_FALSE(spec.Matches(DType::kF16, {2, 7}));
  EXPECT_FALSE(spec.Matches(DType::kF32, {2, 7, 1}));
  EXPECT_EQ(spec.ToString(), "tensor<2x?xf32>");
}

TEST(MlirSignatureTest, RejectsWhatItCannotRepresent) {
  auto no_main = ParseMainSignature("func.func @other(%a: tensor<2xf32>) -> tensor<2xf32> {}");
  ASSERT_FALSE(no_main.ok());
  EXPECT_EQ(no_main.status().reason(), "no_main_function");

  auto complex = ParseMainSignature("func.func @main(%a: tensor<2xcomplex<f32>>) {}");
  ASSERT_FALSE(complex.ok());
  EXPECT_NE(complex.status().message().find("complex<f32>"), std::string::npos)
      << complex.status().ToString();

  auto token = ParseMainSignature("func.func @main(%a: !stablehlo.token) {}");
  ASSERT_FALSE(token.ok());
  EXPECT_EQ(token.status().code(), ErrorCode::kUnimplemented);
}

}  // namespace
}  // namespace vlmxla::runtime
