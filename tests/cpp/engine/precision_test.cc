// --dtype resolution: explicit flags win, auto follows the config's dtype, else the stored type,
// and on a backend that widens f16 matmuls auto computes an f16 checkpoint in float32 with
// its weights widened at upload. Every choice says why.
#include "vlmxla/engine/precision.h"

#include <gtest/gtest.h>

#include <utility>

#include "vlmxla/engine/model_runner.h"

namespace vlmxla::engine {
namespace {

using hlo::ElementType;

io::ModelConfig Config(const std::string& torch_dtype) {
  io::ModelConfig c;
  c.torch_dtype = torch_dtype;
  return c;
}

runtime::BackendTraits Streams() { return {}; }
// XLA's CPU backend: [in, out] weights for f32 products, bf16 ones streamed only as [out, in],
// no narrow GEMV for [in, out] weights, f16 widened.
runtime::BackendTraits Widens() {
  runtime::BackendTraits t;
  t.prefers_in_out_weights = true;
  t.keeps_bf16_weights_out_in = true;
  t.lacks_narrow_gemv = true;
  t.widens_f16_matmuls = true;
  return t;
}

TEST(Precision, ParsesTheFlag) {
  EXPECT_FALSE(ParseDtypeFlag("auto", "--dtype")->has_value());
  EXPECT_EQ(**ParseDtypeFlag("bfloat16", "--dtype"), ElementType::kBF16);
  EXPECT_EQ(**ParseDtypeFlag("f16", "--dtype"), ElementType::kF16);
  EXPECT_EQ(**ParseDtypeFlag("float32", "--dtype"), ElementType::kF32);
  auto bad = ParseDtypeFlag("int8", "--dtype");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("--dtype must be one of"), std::string::npos);
  EXPECT_NE(bad.status().message().find("'int8'"), std::string::npos);
}

TEST(Precision, AutoTakesTheConfigThenTheStoredType) {
  auto c =
      ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kBF16, "iree:llvm-cpu", Streams());
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kBF16}));
  EXPECT_NE(c->why.find("auto: the config's dtype 'bfloat16'"), std::string::npos) << c->why;

  c = ResolvePrecision(std::nullopt, Config(""), DType::kF16, "iree:llvm-cpu", Streams());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kF16, ElementType::kF16}));
  EXPECT_NE(c->why.find("stored type"), std::string::npos) << c->why;

  // A float32 checkpoint whose config says bfloat16 computes in bf16, its weights rounded to
  // bf16 as they upload (as Transformers holds them once loaded in bf16).
  c = ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kF32, "iree:llvm-cpu", Streams());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kBF16}));
  EXPECT_NE(c->why.find("weights stored as float32, rounded to bfloat16 as they upload"),
            std::string::npos)
      << c->why;
}

TEST(Precision, WeightsAreHeldInANarrowComputeDtypeAndStayNarrowUnderFloat32) {
  // Rounded to a 16-bit compute dtype from float32 or from the other 16-bit type ...
  for (auto [t, stored] :
       {std::pair{ElementType::kBF16, DType::kF32}, std::pair{ElementType::kF16, DType::kF32},
        std::pair{ElementType::kBF16, DType::kF16}, std::pair{ElementType::kF16, DType::kBF16}}) {
    auto c = ResolvePrecision(t, Config(""), stored, "pjrt:cpu", Streams());
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->precision.weights, t) << DTypeName(stored);
    EXPECT_NE(c->why.find("as they upload"), std::string::npos) << c->why;
  }
  // ... while float32 compute widens narrow weights in the program (exact), holding them narrow.
  auto c = ResolvePrecision(ElementType::kF32, Config(""), DType::kBF16, "pjrt:cpu", Streams());
  EXPECT_EQ(c->precision.weights, ElementType::kBF16);
  EXPECT_EQ(c->why.find("as they upload"), std::string::npos) << c->why;
}

TEST(Precision, ExplicitFlagWinsAndKeepsWeightsAsStored) {
  auto c =
      ResolvePrecision(ElementType::kF32, Config("bfloat16"), DType::kBF16, "pjrt:cpu", Widens());
  // f32 compute on bf16 weights: the products are f32, nothing to emit as two rows; the weights
  // keep [out, in], where decode's rows meet them in the host kernel as stored.
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kF32, false}));
  EXPECT_FALSE(c->weights_in_out);
  EXPECT_NE(c->why.find("kept [out, in] (decode's products stream them as stored)"),
            std::string::npos)
      << c->why;
  // f32 weights computed in f32 take the backend's f32 layout.
  c = ResolvePrecision(ElementType::kF32, Config("float32"), DType::kF32, "pjrt:cpu", Widens());
  EXPECT_TRUE(c->weights_in_out);
  EXPECT_EQ(c->why.find("kept [out, in]"), std::string::npos) << c->why;
  // bf16 compute where the backend streams bf16 products only with [out, in] weights: the
  // weights keep that layout and one-row products stay one row.
  c = ResolvePrecision(ElementType::kBF16, Config("bfloat16"), DType::kBF16, "pjrt:cpu", Widens());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kBF16, false, true}));
  EXPECT_FALSE(c->weights_in_out);
  EXPECT_NE(c->why.find("(--dtype)"), std::string::npos) << c->why;
  EXPECT_NE(c->why.find("kept [out, in]"), std::string::npos) << c->why;
  EXPECT_EQ(c->why.find("two rows"), std::string::npos) << c->why;
  // f16 products there keep [in, out] and, with no narrow GEMV for it, run one-row products as
  // two rows.
  c = ResolvePrecision(ElementType::kF16, Config("float16"), DType::kF16, "pjrt:cpu", Widens());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kF16, ElementType::kF16, true}));
  EXPECT_TRUE(c->weights_in_out);
  EXPECT_NE(c->why.find("two rows"), std::string::npos) << c->why;
  // So do bf16 products on a backend without the [out, in] kernel.
  runtime::BackendTraits no_out_in = Widens();
  no_out_in.keeps_bf16_weights_out_in = false;
  c = ResolvePrecision(ElementType::kBF16, Config("bfloat16"), DType::kBF16, "pjrt:cpu", no_out_in);
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kBF16, true}));
  EXPECT_TRUE(c->weights_in_out);
  // One that streams them natively does not.
  c = ResolvePrecision(ElementType::kBF16, Config("bfloat16"), DType::kBF16, "iree:local-task",
                       Streams());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kBF16, false}));
}

TEST(Precision, NarrowProductsTakeTheirOwnLayoutWhereTheBackendPrefersIt) {
  // IREE's llvm-cpu: f32 products keep [out, in], bf16 and f16 ones take [in, out], with no
  // narrow-product rewrites (it has narrow matrix-vector code for that layout).
  runtime::BackendTraits iree = Streams();
  iree.prefers_in_out_narrow_weights = true;
  auto c =
      ResolvePrecision(ElementType::kF32, Config("float32"), DType::kF32, "iree:llvm-cpu", iree);
  ASSERT_TRUE(c.ok());
  EXPECT_FALSE(c->weights_in_out);
  EXPECT_EQ(c->why.find("[in, out]"), std::string::npos) << c->why;
  // An f32 computation of narrow weights is an f32 product: [out, in] too.
  c = ResolvePrecision(ElementType::kF32, Config("bfloat16"), DType::kBF16, "iree:llvm-cpu", iree);
  EXPECT_FALSE(c->weights_in_out);
  for (ElementType t : {ElementType::kBF16, ElementType::kF16}) {
    for (DType stored : {DType::kF32, DType::kBF16, DType::kF16}) {
      c = ResolvePrecision(t, Config(""), stored, "iree:llvm-cpu", iree);
      ASSERT_TRUE(c.ok());
      EXPECT_TRUE(c->weights_in_out) << DTypeName(stored);
      EXPECT_FALSE(c->precision.two_row_narrow_gemv);
      EXPECT_FALSE(c->precision.narrow_rows_times_weight);
      EXPECT_NE(c->why.find("weights [in, out]"), std::string::npos) << c->why;
    }
  }
  // Without the trait every product keeps the float32 layout.
  c = ResolvePrecision(ElementType::kBF16, Config(""), DType::kBF16, "iree:llvm-cpu", Streams());
  EXPECT_FALSE(c->weights_in_out);
  // Where [in, out] is every product's layout already, nothing is said about it.
  c = ResolvePrecision(ElementType::kF16, Config(""), DType::kF16, "pjrt:cpu", Widens());
  EXPECT_TRUE(c->weights_in_out);
  EXPECT_EQ(c->why.find("weights [in, out]"), std::string::npos) << c->why;
}

TEST(Precision, CompileHintsNameManyRowsAndNarrowProducts) {
  for (ElementType ct : {ElementType::kF32, ElementType::kBF16, ElementType::kF16}) {
    const bool narrow = ct != ElementType::kF32;
    hlo::VisionEncodeOptions vision;
    vision.precision = {ct, ct};
    hlo::PrefillOptions prefill;
    prefill.precision = {ct, ct};
    prefill.seq_len = 768;  // its LM head still takes one row
    hlo::DecodeOptions decode;
    decode.precision = {ct, ct};
    decode.batch = 128;
    const std::pair<hlo::ProgramOptions, bool> cases[] = {
        {vision, true}, {prefill, false}, {decode, false}};
    for (const auto& [options, many] : cases) {
      const runtime::CompileOptions hints = CompileHints(options);
      EXPECT_EQ(hints.many_rows, many) << hlo::ProgramName(options);
      EXPECT_EQ(hints.narrow_products, narrow) << hlo::ProgramName(options);
    }
  }
}

TEST(Precision, AutoAvoidsNarrowComputeWhereTheBackendWidensIt) {
  auto c = ResolvePrecision(std::nullopt, Config("float16"), DType::kF16, "pjrt:cpu", Widens());
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kF32, ElementType::kF32}));
  EXPECT_NE(c->why.find("widens float16 matmuls"), std::string::npos) << c->why;
  EXPECT_NE(c->why.find("--dtype float16 keeps them narrow"), std::string::npos) << c->why;
  EXPECT_TRUE(c->weights_in_out);  // widened to f32 at upload: f32 products
  // With the host calls, auto's float32 keeps them (decode's attention), as --dtype float32 does.
  runtime::BackendTraits calls = Widens();
  calls.has_quantized_matvec_call = true;
  c = ResolvePrecision(std::nullopt, Config("float16"), DType::kF16, "pjrt:cpu", calls);
  EXPECT_EQ(c->precision.compute, ElementType::kF32);
  EXPECT_TRUE(c->precision.quantized_matvec_call);
  // bf16 it streams: auto keeps the checkpoint's type and layout.
  c = ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kBF16, "pjrt:cpu", Widens());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kBF16, false, true}));
  EXPECT_FALSE(c->weights_in_out);
  // A float32 checkpoint is unaffected.
  c = ResolvePrecision(std::nullopt, Config("float32"), DType::kF32, "pjrt:cpu", Widens());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kF32, ElementType::kF32}));
  EXPECT_TRUE(c->weights_in_out);
}

TEST(Precision, RefusesNonFloatWeights) {
  auto c = ResolvePrecision(std::nullopt, Config(""), DType::kI8, "pjrt:cpu", Streams());
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find("i8"), std::string::npos) << c.status().message();
}

runtime::BackendTraits OnCpu(const char* flags) {
  runtime::BackendTraits t;
  t.cpu_isa = runtime::CpuIsaFromFlags(flags, "test CPU");
  return t;
}
constexpr const char kAvx2[] = "sse2 fma f16c avx2";
constexpr const char kAvx512Bf16[] =
    "sse2 fma f16c avx2 avx512f avx512bw avx512dq avx512vl avx512_bf16";

TEST(Precision, AutoComputesBf16InFloat32WhereTheCpuHasNoBf16Dot) {
  // AVX2 only: bf16 products widen their operands, slower than float32.
  auto c = ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kBF16, "iree:llvm-cpu",
                            OnCpu(kAvx2));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kF32, ElementType::kF32}));
  EXPECT_NE(c->why.find("compute dtype float32 (auto: the checkpoint is bfloat16"),
            std::string::npos)
      << c->why;
  EXPECT_NE(c->why.find("is AVX2 (test CPU)"), std::string::npos) << c->why;
  EXPECT_NE(c->why.find("widened to float32 as they upload"), std::string::npos) << c->why;
  EXPECT_FALSE(c->weights_in_out);
  // A backend whose host kernel streams bf16 weights [out, in] into float32 products (XLA's CPU
  // plugin with its host calls) keeps them bf16 in that layout: decode reads half the bytes.
  runtime::BackendTraits pjrt = Widens();
  pjrt.has_quantized_matvec_call = true;
  pjrt.cpu_isa = runtime::CpuIsaFromFlags(kAvx2, "test CPU");
  c = ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kBF16, "pjrt:cpu", pjrt);
  EXPECT_EQ(c->precision.weights, ElementType::kBF16);
  EXPECT_EQ(c->precision.compute, ElementType::kF32);
  // The host calls stay on (decode's products and attention): the program is --dtype float32's.
  EXPECT_TRUE(c->precision.quantized_matvec_call);
  EXPECT_FALSE(c->weights_in_out);
  EXPECT_NE(c->why.find("stream them through the host kernel"), std::string::npos) << c->why;
  auto explicit_f32 =
      ResolvePrecision(ElementType::kF32, Config("bfloat16"), DType::kBF16, "pjrt:cpu", pjrt);
  EXPECT_EQ(c->precision, explicit_f32->precision);
  EXPECT_EQ(c->weights_in_out, explicit_f32->weights_in_out);
  // Without the host calls they widen as they upload, into the backend's f32 layout.
  pjrt.has_quantized_matvec_call = false;
  c = ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kBF16, "pjrt:cpu", pjrt);
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kF32, ElementType::kF32}));
  EXPECT_TRUE(c->weights_in_out);
  // With AVX512_BF16 it stays bf16, and the start line names the ISA.
  c = ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kBF16, "iree:llvm-cpu",
                       OnCpu(kAvx512Bf16));
  EXPECT_EQ(c->precision, (hlo::Precision{ElementType::kBF16, ElementType::kBF16}));
  EXPECT_NE(c->why.find("CPU AVX-512 with BF16 (test CPU)"), std::string::npos) << c->why;
  // The flag wins, on any CPU.
  c = ResolvePrecision(ElementType::kBF16, Config("bfloat16"), DType::kBF16, "iree:llvm-cpu",
                       OnCpu(kAvx2));
  EXPECT_EQ(c->precision.compute, ElementType::kBF16);
  // A CPU we cannot read (a GPU backend, or an unknown target) keeps the declared type.
  c = ResolvePrecision(std::nullopt, Config("bfloat16"), DType::kBF16, "pjrt:cuda", Streams());
  EXPECT_EQ(c->precision.compute, ElementType::kBF16);
  EXPECT_EQ(c->why.find("CPU "), std::string::npos) << c->why;
  // float32 and float16 checkpoints are not bf16's concern.
  c = ResolvePrecision(std::nullopt, Config("float16"), DType::kF16, "iree:llvm-cpu", OnCpu(kAvx2));
  EXPECT_EQ(c->precision.compute, ElementType::kF16);
}

}  // namespace
}  // namespace vlmxla::engine
