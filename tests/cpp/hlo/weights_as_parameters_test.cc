#include "vlmxla/hlo/weights_as_parameters.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace vlmxla::hlo {
namespace {

TensorType T(ElementType e, std::vector<int64_t> dims) { return {e, std::move(dims)}; }

// @main's body after its signature line, the same before and after the rewrite.
const char kBody[] =
    "  %0 = \"stablehlo.dot\"(%x, %w0) : (tensor<2x4xf32>, tensor<4x8xf32>) -> tensor<2x8xf32>\n"
    "  %1 = \"stablehlo.dot\"(%0, %w1) : (tensor<2x8xf32>, tensor<8x4xf32>) -> tensor<2x4xf32>\n"
    "  return %1, %kv : tensor<2x4xf32>, tensor<3x4xf32>\n"
    "}\n"
    "}\n";

// A decode-like program: an input, a KV cache updated in place, a weight taken as stored, one
// taken transposed and widened from bf16, and a norm weight.
Program SmallProgram() {
  Program p;
  p.name = "probe";
  p.mlir = std::string(
               "module {\n"
               "func.func public @main(%x: tensor<2x4xf32>, %kv: tensor<3x4xf32> "
               "{tf.aliasing_output = 1 "
               ": i32}, %w0: tensor<4x8xf32>, %w1: tensor<8x4xf32>, %w2: tensor<4xf32>) -> "
               "(tensor<2x4xf32>, tensor<3x4xf32>) {\n") +
           kBody;
  ProgramParam x{ProgramParam::Kind::kInput, "tokens", T(ElementType::kF32, {2, 4})};
  ProgramParam kv{ProgramParam::Kind::kInput, "kv", T(ElementType::kF32, {3, 4}), 1};
  kv.kv = KvRole{0, 0, false};
  ProgramParam w0{ProgramParam::Kind::kWeight, "a.weight", T(ElementType::kF32, {4, 8})};
  ProgramParam w1{ProgramParam::Kind::kWeight, "b.weight", T(ElementType::kF32, {8, 4})};
  w1.transposed = true;
  ProgramParam w2{ProgramParam::Kind::kWeight, "norm.weight", T(ElementType::kF32, {4})};
  p.params = {x, kv, w0, w1, w2};
  return p;
}

const std::map<std::string, StoredWeight> kStored = {
    {"a.weight", {"model.a.weight", T(ElementType::kF32, {4, 8})}},
    {"b.weight", {"model.b.weight", T(ElementType::kBF16, {4, 8})}},
    {"norm.weight", {"model.norm.weight", T(ElementType::kF32, {4})}}};

Result<StoredWeight> Lookup(const ProgramParam& p) { return kStored.at(p.name); }

TEST(WeightsAsParameters, WeightArgumentsBecomeParameterGlobals) {
  auto out = WeightsAsParameters(SmallProgram(), "checkpoint", Lookup);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(out->mlir,
            std::string("module {\n"
                        "util.global private @__param_w0 = #flow.parameter.named<\"checkpoint\"::"
                        "\"model.a.weight\"> : tensor<4x8xf32>\n"
                        "util.global private @__param_w1 = #flow.parameter.named<\"checkpoint\"::"
                        "\"model.b.weight\"> : tensor<4x8xbf16>\n"
                        "util.global private @__param_w2 = #flow.parameter.named<\"checkpoint\"::"
                        "\"model.norm.weight\"> : tensor<4xf32>\n"
                        "func.func public @main(%x: tensor<2x4xf32>, %kv: tensor<3x4xf32> "
                        "{tf.aliasing_output = 1 : i32}) -> (tensor<2x4xf32>, tensor<3x4xf32>) {\n"
                        "  %w0 = util.global.load @__param_w0 : tensor<4x8xf32>\n"
                        "  %w1__stored = util.global.load @__param_w1 : tensor<4x8xbf16>\n"
                        "  %w1__transposed = \"stablehlo.transpose\"(%w1__stored) {permutation = "
                        "array<i64: 1, 0>} : (tensor<4x8xbf16>) -> tensor<8x4xbf16>\n"
                        "  %w1 = \"stablehlo.convert\"(%w1__transposed) : (tensor<8x4xbf16>) -> "
                        "tensor<8x4xf32>\n"
                        "  %w2 = util.global.load @__param_w2 : tensor<4xf32>\n") +
                kBody);
  // The inputs keep their order, roles and aliasing; no weight is left among the parameters.
  ASSERT_EQ(out->params.size(), 2u);
  EXPECT_EQ(out->params[0].name, "tokens");
  EXPECT_EQ(out->params[1].name, "kv");
  EXPECT_EQ(out->params[1].alias_result, 1);
  EXPECT_TRUE(out->params[1].kv.has_value());
}

TEST(WeightsAsParameters, AStoredShapeThatDoesNotFitIsAnErrorNamingTheWeight) {
  auto wrong = [](const ProgramParam& p) -> Result<StoredWeight> {
    StoredWeight w = kStored.at(p.name);
    if (p.name == "a.weight") w.type.dims = {8, 4};  // as if the program forgot a transpose
    return w;
  };
  auto out = WeightsAsParameters(SmallProgram(), "checkpoint", wrong);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.status().message().find("'a.weight'"), std::string::npos) << out.status().message();
  EXPECT_NE(out.status().message().find("tensor<8x4xf32>"), std::string::npos);
  EXPECT_NE(out.status().message().find("tensor<4x8xf32>"), std::string::npos);
}

TEST(WeightsAsParameters, ParametersMustMatchMainsArguments) {
  Program p = SmallProgram();
  p.params.pop_back();
  auto out = WeightsAsParameters(p, "checkpoint", Lookup);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.status().message().find("5 arguments"), std::string::npos)
      << out.status().message();
}

TEST(WeightsAsParameters, LookupFailuresPassThrough) {
  auto missing = [](const ProgramParam& p) -> Result<StoredWeight> {
    return NotFound("no tensor '" + p.name + "' in the checkpoint");
  };
  auto out = WeightsAsParameters(SmallProgram(), "checkpoint", missing);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.status().message().find("'a.weight'"), std::string::npos);
}

}  // namespace
}  // namespace vlmxla::hlo
