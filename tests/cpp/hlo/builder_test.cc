#include "vlmxla/hlo/builder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "vlmxla/hlo/literal.h"
#include "vlmxla/hlo/nn.h"

namespace vlmxla::hlo {
namespace {

TensorType F32(std::vector<int64_t> dims) { return {ElementType::kF32, std::move(dims)}; }

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(TensorType, Spelling) {
  EXPECT_EQ(F32({2, 3}).ToString(), "tensor<2x3xf32>");
  EXPECT_EQ((TensorType{ElementType::kBF16, {}}).ToString(), "tensor<bf16>");
  EXPECT_EQ((TensorType{ElementType::kI1, {4}}).ToString(), "tensor<4xi1>");
  EXPECT_EQ((TensorType{ElementType::kI64, {1, 1, 5}}).num_elements(), 5);
}

TEST(Builder, SnapshotOfASmallFunction) {
  Builder b("add_scaled");
  Value x = b.Arg("x", F32({2, 3}));
  Value y = b.Arg("y", F32({2, 3}));
  Value half = b.Splat(F32({2, 3}), 0.5);
  Value sum = b.Add(x, b.Multiply(y, half));
  auto f = b.Finish({sum, x});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_EQ(f->text,
            "func.func public @add_scaled(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> "
            "(tensor<2x3xf32>, tensor<2x3xf32>) {\n"
            "  %0 = \"stablehlo.constant\"() {value = dense<5.0e-01> : tensor<2x3xf32>} : () -> "
            "tensor<2x3xf32>\n"
            "  %1 = \"stablehlo.multiply\"(%y, %0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
            "tensor<2x3xf32>\n"
            "  %2 = \"stablehlo.add\"(%x, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
            "tensor<2x3xf32>\n"
            "  func.return %2, %x : tensor<2x3xf32>, tensor<2x3xf32>\n"
            "}\n");
  EXPECT_EQ(f->arg_names, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(f->result_types.size(), 2u);
}

TEST(Builder, SnapshotOfReduceRegion) {
  Builder b("row_max");
  Value x = b.Arg("x", F32({2, 3}));
  auto f = b.Finish({b.Reduce(x, {1}, ReduceKind::kMax)});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_TRUE(Contains(f->text,
                       "  %0 = \"stablehlo.constant\"() {value = dense<0xFF800000> : tensor<f32>} "
                       ": () -> tensor<f32>\n"
                       "  %4 = \"stablehlo.reduce\"(%x, %0) ({\n"
                       "  ^bb0(%1: tensor<f32>, %2: tensor<f32>):\n"
                       "    %3 = \"stablehlo.maximum\"(%1, %2) : (tensor<f32>, tensor<f32>) -> "
                       "tensor<f32>\n"
                       "    \"stablehlo.return\"(%3) : (tensor<f32>) -> ()\n"
                       "  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> "
                       "tensor<2xf32>\n"))
      << f->text;
}

TEST(Builder, SnapshotOfStructuredOps) {
  Builder b("structured");
  Value t = b.Arg("table", F32({10, 4}));
  Value ids = b.Arg("ids", {ElementType::kI32, {3}});
  Value img = b.Arg("img", F32({1, 3, 8, 8}));
  Value k = b.Arg("k", F32({5, 3, 4, 4}));
  Value g = b.GatherRows(t, ids);
  Value c = b.Conv2D(img, k, 4, 4);
  Value cmp = b.Compare(g, g, CompareDirection::kLt);
  auto f = b.Finish({g, c, cmp});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_TRUE(Contains(f->text,
                       "  %0 = \"stablehlo.gather\"(%table, %ids) {dimension_numbers = "
                       "#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], "
                       "start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, "
                       "slice_sizes = array<i64: 1, 4>} : (tensor<10x4xf32>, tensor<3xi32>) -> "
                       "tensor<3x4xf32>\n"))
      << f->text;
  EXPECT_TRUE(Contains(f->text,
                       "  %1 = \"stablehlo.convolution\"(%img, %k) {batch_group_count = 1 : i64, "
                       "dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, "
                       "1]>, feature_group_count = 1 : i64, precision_config = "
                       "[#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>], "
                       "window_strides = array<i64: 4, 4>} : "
                       "(tensor<1x3x8x8xf32>, tensor<5x3x4x4xf32>) -> tensor<1x5x2x2xf32>\n"))
      << f->text;
  EXPECT_TRUE(Contains(f->text,
                       "{comparison_direction = #stablehlo<comparison_direction LT>} : "
                       "(tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>\n"))
      << f->text;
}

TEST(Builder, Float32ProductsAskForFullPrecisionNarrowOnesAccumulateInF32) {
  // HIGHEST on f32 dot_general/convolution keeps a GPU from running them in TF32; bf16 operands
  // keep the default precision and may return f32 (the preferred element type).
  Builder b("f");
  Value x = b.Arg("x", F32({2, 4}));
  Value w = b.Arg("w", F32({4, 3}));
  Value xh = b.Arg("xh", {ElementType::kBF16, {2, 4}});
  Value wh = b.Arg("wh", {ElementType::kBF16, {4, 3}});
  Value y = b.DotGeneral(x, w, {}, {}, {1}, {0});
  Value yh = b.DotGeneral(xh, wh, {}, {}, {1}, {0}, ElementType::kF32);
  auto f = b.Finish({y, yh});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_TRUE(
      Contains(f->text,
               "rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision "
               "HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x4xf32>, "
               "tensor<4x3xf32>) -> tensor<2x3xf32>\n"))
      << f->text;
  EXPECT_TRUE(Contains(f->text,
                       "rhs_contracting_dimensions = [0]>} : (tensor<2x4xbf16>, "
                       "tensor<4x3xbf16>) -> tensor<2x3xf32>\n"))
      << f->text;
}

TEST(Builder, AliasedArgumentsCarryTfAliasingOutput) {
  Builder b("step");
  Value kv = b.Arg("kv", F32({4}));
  Value x = b.Arg("x", F32({4}));
  b.SetAliasingOutput(kv, 1);
  auto f = b.Finish({x, b.Add(kv, x)});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_TRUE(Contains(f->text,
                       "func.func public @step(%kv: tensor<4xf32> {tf.aliasing_output = 1 : i32}, "
                       "%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"));
  EXPECT_EQ(f->arg_aliases, (std::vector<int>{1, -1}));
}

TEST(Builder, AliasErrorsNameTheArgumentAndResult) {
  {
    Builder b("f");
    Value kv = b.Arg("kv", F32({4}));
    b.SetAliasingOutput(kv, 1);
    auto f = b.Finish({kv});
    ASSERT_FALSE(f.ok());
    EXPECT_TRUE(Contains(f.status().message(), "%kv aliases result 1 but the function has 1"))
        << f.status().ToString();
  }
  {
    Builder b("f");
    Value kv = b.Arg("kv", F32({4}));
    b.SetAliasingOutput(kv, 0);
    auto f = b.Finish({b.Reshape(kv, {2, 2})});
    ASSERT_FALSE(f.ok());
    EXPECT_TRUE(Contains(f.status().message(), "of another type tensor<2x2xf32>"))
        << f.status().ToString();
  }
  {
    Builder b("f");
    Value kv = b.Arg("kv", F32({4}));
    b.SetAliasingOutput(b.Negate(kv), 0);
    EXPECT_FALSE(b.status().ok());
    EXPECT_TRUE(Contains(b.status().message(), "is the result of an op, not an argument"))
        << b.status().message();
  }
}

TEST(Builder, ShapeInference) {
  Builder b("shapes");
  Value x = b.Arg("x", F32({2, 3, 4}));
  Value w = b.Arg("w", F32({4, 5}));
  Value i = b.Arg("i", {ElementType::kI32, {}});
  EXPECT_EQ(b.dims(b.DotGeneral(x, w, {}, {}, {2}, {0})), (std::vector<int64_t>{2, 3, 5}));
  EXPECT_EQ(b.dims(b.DotGeneral(x, x, {0}, {0}, {2}, {2})), (std::vector<int64_t>{2, 3, 3}));
  EXPECT_EQ(b.dims(b.Transpose(x, {2, 0, 1})), (std::vector<int64_t>{4, 2, 3}));
  EXPECT_EQ(b.dims(b.Slice(x, {0, 1, 0}, {2, 3, 4}, {1, 1, 3})), (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(b.dims(b.Concatenate({x, x}, 2)), (std::vector<int64_t>{2, 3, 8}));
  EXPECT_EQ(b.dims(b.Reduce(x, {2, 0}, ReduceKind::kSum)), (std::vector<int64_t>{3}));
  EXPECT_EQ(b.dims(b.BroadcastInDim(w, {7, 4, 5}, {1, 2})), (std::vector<int64_t>{7, 4, 5}));
  EXPECT_EQ(b.dims(b.DynamicSlice(x, {i, i, i}, {1, 3, 2})), (std::vector<int64_t>{1, 3, 2}));
  EXPECT_EQ(b.type(b.Compare(w, w, CompareDirection::kEq)).element, ElementType::kI1);
  EXPECT_EQ(b.type(b.Convert(w, ElementType::kBF16)).ToString(), "tensor<4x5xbf16>");
  EXPECT_EQ(b.dims(b.GatherRows(w, b.Arg("float_ids", F32({1})))), (std::vector<int64_t>{}));
  EXPECT_TRUE(Contains(b.status().message(), "integer ids")) << b.status().message();
}

// The same graph, its independent ops created in the opposite order (as two compilers may
// evaluate the operands of a nested builder call), emits the same text.
TEST(Builder, TextDoesNotDependOnTheOrderOpsWereCreated) {
  auto build = [](bool left_first) {
    Builder b("f");
    Value x = b.Arg("x", F32({2, 3}));
    Value y = b.Arg("y", F32({2, 3}));
    Value left, right;
    if (left_first) {
      left = b.Multiply(x, b.Exp(y));
      right = b.Subtract(b.Splat(F32({2, 3}), 2.0), y);
    } else {
      right = b.Subtract(b.Splat(F32({2, 3}), 2.0), y);
      left = b.Multiply(x, b.Exp(y));
    }
    Value sum = b.Reduce(b.Add(left, right), {1}, ReduceKind::kSum);
    auto f = b.Finish({sum, left});
    EXPECT_TRUE(f.ok()) << f.status().ToString();
    return f.ok() ? f->text : std::string();
  };
  const std::string a = build(true), b = build(false);
  EXPECT_EQ(a, b);
  // Post-order from the results, operands in order: exp(y), x * it, the splat, 2 - y, the sum,
  // the reduce's init value, then the reduce (its block arguments numbered before it).
  const std::vector<std::string> order = {
      "%0 = \"stablehlo.exponential\"(%y)",
      "%1 = \"stablehlo.multiply\"(%x, %0)",
      "%2 = \"stablehlo.constant\"()",
      "%3 = \"stablehlo.subtract\"(%2, %y)",
      "%4 = \"stablehlo.add\"(%1, %3)",
      "%5 = \"stablehlo.constant\"()",
      "%9 = \"stablehlo.reduce\"(%4, %5) ({\n  ^bb0(%6: tensor<f32>, %7: tensor<f32>):\n"
      "    %8 = \"stablehlo.add\"(%6, %7)",
      "func.return %9, %1 :"};
  size_t at = 0;
  for (const std::string& op : order) {
    const size_t found = a.find(op, at);
    ASSERT_NE(found, std::string::npos) << "missing or out of order: " << op << "\n" << a;
    at = found + op.size();
  }
}

TEST(Builder, ArgumentsMayBeDeclaredAfterOps) {
  Builder b("late");
  Value x = b.Arg("x", F32({4}));
  Value e = b.Exp(x);
  Value w = b.Arg("w", F32({4}));  // after an op
  Value kv = b.Arg("kv", F32({4}));
  b.SetAliasingOutput(kv, 1);
  auto f = b.Finish({b.Multiply(e, w), b.Add(kv, w)});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_EQ(f->arg_names, (std::vector<std::string>{"x", "w", "kv"}));
  EXPECT_EQ(f->arg_aliases, (std::vector<int>{-1, -1, 1}));
  EXPECT_EQ(f->text,
            "func.func public @late(%x: tensor<4xf32>, %w: tensor<4xf32>, %kv: tensor<4xf32> "
            "{tf.aliasing_output = 1 : i32}) -> (tensor<4xf32>, tensor<4xf32>) {\n"
            "  %0 = \"stablehlo.exponential\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
            "  %1 = \"stablehlo.multiply\"(%0, %w) : (tensor<4xf32>, tensor<4xf32>) -> "
            "tensor<4xf32>\n"
            "  %2 = \"stablehlo.add\"(%kv, %w) : (tensor<4xf32>, tensor<4xf32>) -> "
            "tensor<4xf32>\n"
            "  func.return %1, %2 : tensor<4xf32>, tensor<4xf32>\n"
            "}\n");
}

TEST(Builder, OpsNoResultReachesAreNotWritten) {
  Builder b("f");
  Value x = b.Arg("x", F32({4}));
  Value unused = b.Arg("unused", F32({4}));
  b.Tanh(b.Negate(x));  // dead
  b.Add(unused, x);     // dead
  auto f = b.Finish({b.Exp(x)});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_FALSE(Contains(f->text, "stablehlo.tanh")) << f->text;
  EXPECT_FALSE(Contains(f->text, "stablehlo.negate")) << f->text;
  EXPECT_FALSE(Contains(f->text, "stablehlo.add")) << f->text;
  EXPECT_TRUE(Contains(f->text, "  %0 = \"stablehlo.exponential\"(%x)")) << f->text;
  // Arguments stay, used or not: they are the function's signature.
  EXPECT_TRUE(Contains(f->text, "%unused: tensor<4xf32>")) << f->text;
}

TEST(Builder, DeepChainsAreWrittenWithoutRecursion) {
  Builder b("deep");
  Value v = b.Arg("x", F32({1}));
  constexpr int kDepth = 100000;
  for (int i = 0; i < kDepth; ++i) v = b.Negate(v);
  auto f = b.Finish({v});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_TRUE(Contains(f->text, "  %0 = \"stablehlo.negate\"(%x)")) << f->text.substr(0, 300);
  EXPECT_TRUE(Contains(f->text, "func.return %" + std::to_string(kDepth - 1) + " :"));
}

TEST(Builder, MismatchedShapesAreStatusErrorsNamingOpAndShapes) {
  Builder b("bad");
  Value x = b.Arg("x", F32({2, 3}));
  Value y = b.Arg("y", F32({3, 2}));
  Value sum = b.Add(x, y);
  EXPECT_FALSE(sum.valid());
  ASSERT_FALSE(b.status().ok());
  EXPECT_EQ(b.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(b.status().reason(), "hlo_shape_mismatch");
  const std::string& m = b.status().message();
  EXPECT_TRUE(Contains(m, "@bad")) << m;
  EXPECT_TRUE(Contains(m, "stablehlo.add")) << m;
  EXPECT_TRUE(Contains(m, "tensor<2x3xf32>")) << m;
  EXPECT_TRUE(Contains(m, "tensor<3x2xf32>")) << m;
  // Sticky: later ops emit nothing and the first error is what Finish reports.
  EXPECT_FALSE(b.Exp(x).valid());
  auto f = b.Finish({x});
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().message(), m);
}

TEST(Builder, EveryOpChecksItsOperands) {
  auto expect_error = [](const char* op, auto build) {
    Builder b("f");
    Value x = b.Arg("x", F32({2, 3}));
    Value i = b.Arg("i", {ElementType::kI32, {}});
    build(b, x, i);
    ASSERT_FALSE(b.status().ok()) << op;
    EXPECT_TRUE(Contains(b.status().message(), op)) << b.status().message();
  };
  expect_error("stablehlo.reshape", [](Builder& b, Value x, Value) { b.Reshape(x, {5}); });
  expect_error("stablehlo.transpose", [](Builder& b, Value x, Value) { b.Transpose(x, {0, 0}); });
  expect_error("stablehlo.slice", [](Builder& b, Value x, Value) { b.Slice(x, {0, 0}, {3, 3}); });
  expect_error("stablehlo.broadcast_in_dim",
               [](Builder& b, Value x, Value) { b.BroadcastInDim(x, {2, 4}, {0, 1}); });
  expect_error("stablehlo.dot_general",
               [](Builder& b, Value x, Value) { b.DotGeneral(x, x, {}, {}, {1}, {0}); });
  expect_error("stablehlo.concatenate",
               [](Builder& b, Value x, Value) { b.Concatenate({x, b.Transpose(x, {1, 0})}, 0); });
  expect_error("stablehlo.reduce",
               [](Builder& b, Value x, Value) { b.Reduce(x, {2}, ReduceKind::kSum); });
  expect_error("stablehlo.dynamic_slice",
               [](Builder& b, Value x, Value i) { b.DynamicSlice(x, {i}, {1, 1}); });
  expect_error("stablehlo.dynamic_update_slice", [](Builder& b, Value x, Value i) {
    b.DynamicUpdateSlice(x, b.Concatenate({x, x}, 0), {i, i});
  });
  expect_error("stablehlo.select", [](Builder& b, Value x, Value) { b.Select(x, x, x); });
  expect_error("stablehlo.convolution", [](Builder& b, Value x, Value) { b.Conv2D(x, x, 1, 1); });
  expect_error("stablehlo.gather", [](Builder& b, Value x, Value) { b.GatherRows(x, x); });
  expect_error("stablehlo.exponential", [](Builder& b, Value, Value i) { b.Exp(i); });
  expect_error("stablehlo.iota",
               [](Builder& b, Value, Value) { b.Iota({ElementType::kI32, {3}}, 1); });
  expect_error("stablehlo.constant", [](Builder& b, Value, Value) {
    const float data[] = {1, 2, 3};
    b.Constant(F32({2, 2}), std::span<const float>(data));
  });
  expect_error("layer_norm", [](Builder& b, Value x, Value) {
    Value w = b.Splat(F32({2}), 1.0);
    LayerNorm(b, x, w, w, 1e-5);
  });
  expect_error("rms_norm",
               [](Builder& b, Value x, Value) { RmsNorm(b, x, b.Splat(F32({2}), 1.0), 1e-5); });
  expect_error("matmul", [](Builder& b, Value x, Value i) { MatMul(b, x, i); });
}

TEST(Builder, SignatureErrors) {
  Builder b("f");
  b.Arg("x", F32({1}));
  b.Arg("x", F32({1}));
  EXPECT_TRUE(Contains(b.status().message(), "'x' is used twice")) << b.status().message();
  Builder c("not a name");
  EXPECT_FALSE(c.status().ok());
  Builder d("f");
  auto f = d.Finish({});
  EXPECT_FALSE(f.ok());
  Builder e("f");
  e.Arg("x", F32({1}));
  EXPECT_FALSE(e.Finish({Value{}}).ok());
}

TEST(Builder, CompositesBuildExpectedShapesAndOps) {
  Builder b("nn");
  Value x = b.Arg("x", F32({2, 5, 8}));
  Value w = b.Arg("w", F32({8}));
  Value lw = b.Arg("lw", F32({16, 8}));
  Value lb = b.Arg("lb", F32({16}));
  Value ln = LayerNorm(b, x, w, w, 1e-5);
  Value lin = Linear(b, Gelu(b, ln), lw, lb);
  Value sm = Softmax(b, RmsNorm(b, x, w, 1e-6), 1);
  EXPECT_EQ(b.dims(lin), (std::vector<int64_t>{2, 5, 16}));
  EXPECT_EQ(b.dims(sm), (std::vector<int64_t>{2, 5, 8}));
  EXPECT_EQ(b.dims(MatMul(b, x, lw)), (std::vector<int64_t>{}));  // [.., 8] x [16, 8]: error
  EXPECT_TRUE(Contains(b.status().message(), "tensor<2x5x8xf32> and tensor<16x8xf32>"))
      << b.status().message();
  Builder c("nn2");
  Value y = c.Arg("y", F32({3, 4}));
  auto f = c.Finish({QuickGelu(c, y), Silu(c, y), GeluTanh(c, y), Gelu(c, y)});
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_TRUE(Contains(f->text, "\"chlo.erf\"")) << f->text;
  EXPECT_TRUE(Contains(f->text, "\"stablehlo.tanh\"")) << f->text;
  EXPECT_TRUE(Contains(f->text, "dense<1.702e+00> : tensor<3x4xf32>")) << f->text;
}

TEST(Literal, FloatsRoundTripExactly) {
  EXPECT_EQ(FormatElement(ElementType::kF32, 1.0), "1.0e+00");
  EXPECT_EQ(FormatElement(ElementType::kF32, -0.0), "-0.0e+00");
  EXPECT_EQ(FormatElement(ElementType::kF32, -INFINITY), "0xFF800000");
  EXPECT_EQ(FormatElement(ElementType::kF32, std::numeric_limits<double>::quiet_NaN()),
            "0x7FC00000");
  EXPECT_EQ(FormatElement(ElementType::kBF16, INFINITY), "0x7F80");
  EXPECT_EQ(FormatElement(ElementType::kBF16, 1.0 / 3.0), "3.3398438e-01");  // bf16 0x3EAB
  EXPECT_EQ(FormatElement(ElementType::kI64, -(1LL << 40)), "-1099511627776");
  EXPECT_EQ(FormatElement(ElementType::kI1, 1), "true");
  uint32_t state = 12345;
  for (int n = 0; n < 2000; ++n) {
    state = state * 1664525u + 1013904223u;
    float f;
    std::memcpy(&f, &state, sizeof(f));
    if (!std::isfinite(f)) continue;
    std::string s = FormatElement(ElementType::kF32, f);
    float back = std::strtof(s.c_str(), nullptr);
    ASSERT_EQ(std::memcmp(&back, &f, sizeof(f)), 0) << s;
    ASSERT_NE(s.find('.'), std::string::npos) << s;  // MLIR float literals need a '.'
  }
}

TEST(Literal, HexBlobIsLittleEndianBytes) {
  float one = 1.0f;
  EXPECT_EQ(HexBlob(&one, sizeof(one)), "0x0000803F");
  Builder b("c");
  const int32_t data[] = {1, -1};
  Value c = b.Constant({ElementType::kI32, {2}}, std::span<const int32_t>(data));
  auto f = b.Finish({c});
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(Contains(f->text, "dense<\"0x01000000FFFFFFFF\"> : tensor<2xi32>")) << f->text;
}

TEST(Module, CollectsFunctionsAndRejectsDuplicates) {
  auto make = [](const char* name) {
    Builder b(name);
    Value x = b.Arg("x", F32({1}));
    return b.Finish({b.Negate(x)}).value();
  };
  Module m;
  ASSERT_TRUE(m.Add(make("a")).ok());
  ASSERT_TRUE(m.Add(make("b")).ok());
  Status dup = m.Add(make("a"));
  EXPECT_FALSE(dup.ok());
  EXPECT_TRUE(Contains(dup.message(), "@a"));
  std::string text = m.ToString();
  EXPECT_EQ(text.rfind("module {\n", 0), 0u);
  EXPECT_TRUE(Contains(text, "@a(") && Contains(text, "@b("));
  EXPECT_EQ(text.substr(text.size() - 2), "}\n");
}

}  // namespace
}  // namespace vlmxla::hlo
