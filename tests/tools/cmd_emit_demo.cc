// `vlmxla-testtool emit-demo`: writes the builder's self-check modules (every op kind, an MLP,
// causal attention), so tests can check that the emitted text parses (iree-opt), compiles
// (iree-compile) and computes the right numbers. Test tooling: not part of build/vlmxla.
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/nn.h"

namespace vlmxla::cli {
namespace {

using hlo::Builder;
using hlo::ElementType;
using hlo::Function;
using hlo::TensorType;
using hlo::Value;

constexpr ElementType kF32 = ElementType::kF32;
constexpr ElementType kI32 = ElementType::kI32;

TensorType F32(std::vector<int64_t> dims) { return {kF32, std::move(dims)}; }

// Every elementwise op; log/rsqrt/sqrt/power get positive operands so results stay finite.
Result<Function> Elementwise() {
  Builder b("elementwise");
  Value x = b.Arg("a", F32({2, 3}));
  Value y = b.Arg("b", F32({2, 3}));
  Value pos = b.Add(b.Abs(x), hlo::SplatLike(b, x, 1.0));
  return b.Finish({b.Add(x, y), b.Subtract(x, y), b.Multiply(x, y), b.Divide(x, y), b.Maximum(x, y),
                   b.Minimum(x, y), b.Negate(x), b.Exp(x), b.Log(pos), b.Rsqrt(pos),
                   b.Sqrt(b.Abs(x)), b.Tanh(x), b.Logistic(x), b.Abs(x), b.Power(pos, y), b.Erf(x),
                   b.Sine(x), b.Cosine(x)});
}

Result<Function> CompareSelect() {
  Builder b("compare_select");
  Value x = b.Arg("a", F32({2, 3}));
  Value y = b.Arg("b", F32({2, 3}));
  Value lt = b.Compare(x, y, hlo::CompareDirection::kLt);
  Value ge = b.Compare(x, y, hlo::CompareDirection::kGe);
  return b.Finish({b.Select(lt, x, y), b.Convert(ge, kF32), b.Convert(x, kI32)});
}

Result<Function> Shapes() {
  Builder b("shapes");
  Value x = b.Arg("x", F32({2, 3, 4}));
  Value v = b.Arg("v", F32({4}));
  Value bcast = b.Add(x, b.BroadcastInDim(v, {2, 3, 4}, {2}));
  Value iota = b.Convert(b.Iota({kI32, {3, 4}}, 1), kF32);
  return b.Finish({bcast, b.Reshape(x, {6, 4}), b.Transpose(x, {2, 0, 1}),
                   b.Slice(x, {0, 1, 0}, {2, 3, 4}, {1, 1, 2}), b.Concatenate({x, x, x}, 1), iota});
}

Result<Function> Reductions() {
  Builder b("reductions");
  Value x = b.Arg("x", F32({3, 5}));
  return b.Finish({b.Reduce(x, {1}, hlo::ReduceKind::kSum), b.Reduce(x, {0}, hlo::ReduceKind::kMax),
                   b.Reduce(x, {0, 1}, hlo::ReduceKind::kMin)});
}

Result<Function> Contractions() {
  Builder b("contractions");
  Value p = b.Arg("p", F32({2, 3, 4}));
  Value q = b.Arg("q", F32({2, 4, 5}));
  Value w = b.Arg("w", F32({4, 5}));
  Value lw = b.Arg("lw", F32({5, 4}));
  Value lb = b.Arg("lb", F32({5}));
  return b.Finish({b.DotGeneral(p, q, {0}, {0}, {2}, {1}), hlo::MatMul(b, p, w),
                   hlo::MatMul(b, p, q), hlo::Linear(b, p, lw, lb)});
}

Result<Function> Gather() {
  Builder b("gather_rows");
  Value table = b.Arg("table", F32({10, 4}));
  Value ids = b.Arg("ids", {kI32, {2, 3}});
  return b.Finish({b.GatherRows(table, ids)});
}

Result<Function> DynamicSlices() {
  Builder b("dynamic_slices");
  Value x = b.Arg("x", F32({4, 6}));
  Value update = b.Arg("update", F32({2, 3}));
  Value i = b.Arg("i", {kI32, {}});
  Value j = b.Arg("j", {kI32, {}});
  return b.Finish({b.DynamicSlice(x, {i, j}, {2, 3}), b.DynamicUpdateSlice(x, update, {i, j})});
}

// CLIP-style patch embedding: conv with stride = patch, then [B, C, h, w] -> [B, h*w, C].
Result<Function> PatchEmbed() {
  Builder b("patch_embed");
  Value pixels = b.Arg("pixel_values", F32({1, 3, 8, 8}));
  Value kernel = b.Arg("kernel", F32({4, 3, 4, 4}));
  Value conv = b.Conv2D(pixels, kernel, 4, 4);
  Value flat = b.Reshape(conv, {1, 4, 4});
  return b.Finish({conv, b.Transpose(flat, {0, 2, 1})});
}

Result<Function> Norms() {
  Builder b("norms");
  Value x = b.Arg("x", F32({3, 8}));
  Value w = b.Arg("w", F32({8}));
  Value bias = b.Arg("bias", F32({8}));
  return b.Finish({hlo::LayerNorm(b, x, w, bias, 1e-5), hlo::RmsNorm(b, x, w, 1e-6)});
}

Result<Function> Activations() {
  Builder b("activations");
  Value x = b.Arg("x", F32({4, 8}));
  return b.Finish({hlo::Gelu(b, x), hlo::GeluTanh(b, x), hlo::QuickGelu(b, x), hlo::Silu(b, x),
                   hlo::Softmax(b, x, -1), hlo::Softmax(b, x, 0)});
}

// Constants whose printed form must round-trip exactly (the test compares bit for bit).
Result<Function> Constants() {
  Builder b("constants");
  const std::vector<float> f = {0.1f, 1.0f / 3.0f, -0.0f, 1e-30f, 3.4028235e38f, -2.5f};
  const std::vector<int64_t> l = {-(int64_t{1} << 40), 7, 0};
  HostTensor mask(DType::kBool, {2, 2});
  mask.mutable_span<uint8_t>()[0] = 1;
  mask.mutable_span<uint8_t>()[3] = 1;
  Value dense = b.Constant(F32({2, 3}), std::span<const float>(f));
  Value longs = b.Constant({ElementType::kI64, {3}}, std::span<const int64_t>(l));
  Value splat = b.Splat(F32({2}), 0.7);
  Value half = b.Convert(b.Splat({ElementType::kBF16, {2}}, 1.0 / 3.0), kF32);
  Value bools = b.Convert(b.Constant(mask), kI32);
  return b.Finish({dense, longs, splat, half, bools});
}

// Narrow types: f16 in and out around an f32 RMSNorm, bf16 rounding and bf16 arithmetic.
Result<Function> HalfPrecision() {
  Builder b("half_precision");
  Value x = b.Arg("x", {ElementType::kF16, {2, 8}});
  Value w = b.Arg("w", F32({8}));
  Value normed = b.Convert(hlo::RmsNorm(b, b.Convert(x, kF32), w, 1e-6), ElementType::kF16);
  Value wb = b.Convert(w, ElementType::kBF16);
  return b.Finish({normed, b.Convert(b.Multiply(wb, wb), kF32), b.Convert(wb, kF32)});
}

// A 2-layer MLP (LLaVA's projector shape): linear -> gelu -> linear.
Result<Function> Mlp() {
  Builder b("mlp");
  Value x = b.Arg("x", F32({3, 8}));
  Value w1 = b.Arg("w1", F32({16, 8}));
  Value b1 = b.Arg("b1", F32({16}));
  Value w2 = b.Arg("w2", F32({8, 16}));
  Value b2 = b.Arg("b2", F32({8}));
  return b.Finish({hlo::Linear(b, hlo::Gelu(b, hlo::Linear(b, x, w1, b1)), w2, b2)});
}

// softmax(Q K^T / sqrt(d) + causal mask) V for [heads, seq, d].
Result<Function> Attention() {
  const int64_t h = 2, s = 4, d = 8;
  Builder b("attention");
  Value q = b.Arg("q", F32({h, s, d}));
  Value k = b.Arg("k", F32({h, s, d}));
  Value v = b.Arg("v", F32({h, s, d}));
  Value scores = b.DotGeneral(q, k, {0}, {0}, {2}, {2});  // [h, s, s]
  scores = b.Multiply(scores, hlo::SplatLike(b, scores, 1.0 / std::sqrt(double(d))));
  Value row = b.Iota({kI32, {s, s}}, 0);
  Value col = b.Iota({kI32, {s, s}}, 1);
  Value allowed =
      b.BroadcastInDim(b.Compare(col, row, hlo::CompareDirection::kLe), {h, s, s}, {1, 2});
  Value masked = b.Select(allowed, scores, hlo::SplatLike(b, scores, -INFINITY));
  Value probs = hlo::Softmax(b, masked, -1);
  return b.Finish({b.DotGeneral(probs, v, {0}, {0}, {2}, {1})});
}

using DemoFn = Result<Function> (*)();
const std::map<std::string, std::vector<DemoFn>>& Demos() {
  static const auto* demos = new std::map<std::string, std::vector<DemoFn>>{
      {"ops",
       {Elementwise, CompareSelect, Shapes, Reductions, Contractions, Gather, DynamicSlices,
        PatchEmbed, Norms, Activations, Constants, HalfPrecision}},
      {"mlp", {Mlp}},
      {"attention", {Attention}},
  };
  return *demos;
}

const std::vector<FlagSpec> kFlags = {
    {"demo", true, false, "ops | mlp | attention | all (required)"},
    {"output", true, false, "write the module here (default: stdout)"},
    {"help", false, false, "show this help"},
};

constexpr char kUsage[] = "usage: vlmxla-testtool emit-demo --demo NAME [--output FILE.mlir]\n";

Status EmitDemo(const ParsedArgs& args) {
  const std::string demo = *args.Get("demo");
  hlo::Module module;
  for (const auto& [name, fns] : Demos()) {
    if (demo != "all" && name != demo) continue;
    for (DemoFn fn : fns) {
      VLMXLA_ASSIGN_OR_RETURN(Function f, fn());
      VLMXLA_RETURN_IF_ERROR(module.Add(std::move(f)));
    }
  }
  const std::string text = module.ToString();
  const auto out = args.Get("output");
  if (!out) {
    std::cout << text;
    return Status::Ok();
  }
  std::ofstream file(*out, std::ios::binary);
  file << text;
  file.close();
  return file.good() ? Status::Ok() : Unavailable("cannot write " + *out);
}

int EmitDemoCommand(const std::vector<std::string>& argv) {
  auto args = ParseArgs(argv, kFlags);
  if (!args.ok()) {
    std::cerr << "vlmxla-testtool emit-demo: " << args.status().message() << "\n"
              << kUsage << FlagsHelp(kFlags);
    return kExitUsage;
  }
  if (args->Has("help")) {
    std::cout << kUsage << FlagsHelp(kFlags);
    return kExitOk;
  }
  const std::string demo = args->Get("demo").value_or("");
  if (demo != "all" && !Demos().count(demo)) {
    std::cerr << "vlmxla-testtool emit-demo: --demo must be one of ops, mlp, attention, all, got '"
              << demo << "'\n"
              << kUsage;
    return kExitUsage;
  }
  if (Status st = EmitDemo(*args); !st.ok()) {
    std::cerr << "vlmxla-testtool emit-demo: " << st.ToString() << "\n";
    return kExitError;
  }
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("emit-demo", "write the builder's self-check modules (ops, mlp, attention)",
                        EmitDemoCommand);

}  // namespace vlmxla::cli
