// hlo::QuantizedProject on pjrt-cpu against the host's float64 sum over the dequantized weight
// (base/quantize.h's W' = float(q) * scale, the oracle's definition): every form (the host call
// through XLA's FFI included), int8 and int4,
// one row and two, with a bias, and an input width that takes more than one matrix-vector slice
// (5024 f32 values: XLA fuses the widening only into products of under 16 KiB of row).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "../hlo/small_decoder_config.h"
#include "../runtime/w4a8_definition.h"
#include "vlmxla/base/quantize.h"
#include "vlmxla/engine/precision.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/nn.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla {
namespace {

using hlo::ElementType;
using hlo::QuantProduct;
using hlo::Value;

HostTensor Random(Shape shape, uint32_t seed) {
  HostTensor t(DType::kF32, std::move(shape));
  std::mt19937 gen(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  for (float& v : t.mutable_span<float>()) v = normal(gen);
  return t;
}

// y = x . W'^T + bias in float64 on the host, [rows, out].
std::vector<double> Reference(const HostTensor& x, const HostTensor& w_prime,
                              const HostTensor& bias) {
  const int64_t rows = x.shape()[0], in = x.shape()[1], out = w_prime.shape()[0];
  const auto xs = x.span<float>(), ws = w_prime.span<float>(), bs = bias.span<float>();
  std::vector<double> y(rows * out);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t o = 0; o < out; ++o) {
      double sum = bs[o];
      for (int64_t i = 0; i < in; ++i) sum += double{xs[r * in + i]} * double{ws[o * in + i]};
      y[r * out + o] = sum;
    }
  }
  return y;
}

// `builder`'s function returning `y`, as a module compiled by `executor`.
Result<std::unique_ptr<runtime::Executable>> CompileMain(runtime::Executor& executor,
                                                         hlo::Builder& builder, Value y) {
  VLMXLA_ASSIGN_OR_RETURN(hlo::Function f, builder.Finish({y}));
  hlo::Module module;
  VLMXLA_RETURN_IF_ERROR(module.Add(std::move(f)));
  return executor.Compile(module.ToString());
}

// `weight` quantized as `quant`, its W' on the host, and q, the scales and `bias` uploaded.
struct QuantizedOperands {
  QuantizedWeight qw;
  HostTensor w_prime;
  std::shared_ptr<runtime::DeviceBuffer> values, scales, bias;
};
Result<QuantizedOperands> QuantizeAndUpload(runtime::Executor& executor, const HostTensor& weight,
                                            WeightQuant quant, const HostTensor& bias) {
  QuantizedOperands o;
  VLMXLA_ASSIGN_OR_RETURN(o.qw, QuantizeWeight(weight, quant, "w"));
  VLMXLA_ASSIGN_OR_RETURN(o.w_prime, DequantizeWeight(o.qw, quant));
  VLMXLA_ASSIGN_OR_RETURN(o.values, executor.Upload(o.qw.values));
  VLMXLA_ASSIGN_OR_RETURN(o.scales, executor.Upload(o.qw.scales));
  VLMXLA_ASSIGN_OR_RETURN(o.bias, executor.Upload(bias));
  return o;
}

// QuantizedProject(x, q, scales, quant, form, bias) of x [rows, in] by `qw` ([out, in]),
// compiled on `executor` and run on `args`, the uploaded x, values, scales and bias: the result
// [rows, out].
Result<HostTensor> RunQuantizedProject(runtime::Executor& executor, const QuantizedWeight& qw,
                                       WeightQuant quant, QuantProduct form, int64_t rows,
                                       int64_t in,
                                       const std::vector<runtime::DeviceBuffer*>& args) {
  hlo::Builder builder("main");
  Value xv = builder.Arg("x", {ElementType::kF32, {rows, in}});
  Value q = builder.Arg("q", {ElementType::kI8, {qw.values.shape()[0], qw.values.shape()[1]}});
  std::vector<int64_t> sd(qw.scales.shape().begin(), qw.scales.shape().end());
  Value s = builder.Arg("s", {ElementType::kF32, sd});
  Value bv = builder.Arg("bias", {ElementType::kF32, {qw.values.shape()[0]}});
  Value y = hlo::QuantizedProject(builder, xv, q, s, quant, form, bv);
  VLMXLA_ASSIGN_OR_RETURN(auto exe, CompileMain(executor, builder, y));
  VLMXLA_ASSIGN_OR_RETURN(auto out, exe->Execute(args));
  return out[0]->ToHost();
}

TEST(QuantizedProduct, EveryFormMatchesTheDequantizedWeightOnPjrtCpu) {
  auto executor = runtime::MakeExecutor("pjrt-cpu");
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  // The host call is there: the plugin took its registration (pjrt_ffi_matvec.h).
  ASSERT_TRUE((*executor)->traits().has_quantized_matvec_call);
  constexpr int64_t kOut = 24, kIn = 5024;
  const HostTensor weight = Random({kOut, kIn}, 1);
  const HostTensor bias = Random({kOut}, 2);
  for (const WeightQuant quant : {WeightQuant::kInt8, WeightQuant::kInt4}) {
    Result<QuantizedOperands> w = QuantizeAndUpload(**executor, weight, quant, bias);
    ASSERT_TRUE(w.ok()) << w.status().ToString();
    for (const QuantProduct form : {QuantProduct::kWidenedWeight, QuantProduct::kWidenedBlocks,
                                    QuantProduct::kMatrixVector, QuantProduct::kHostCall}) {
      for (const int64_t rows : {1, 2}) {
        SCOPED_TRACE(std::string(WeightQuantName(quant)) + " " + hlo::QuantProductName(form) +
                     " rows " + std::to_string(rows));
        const HostTensor xh = Random({rows, kIn}, 3 + static_cast<uint32_t>(rows));
        auto xd = (*executor)->Upload(xh);
        ASSERT_TRUE(xd.ok());
        Result<HostTensor> got =
            RunQuantizedProject(**executor, w->qw, quant, form, rows, kIn,
                                {xd->get(), w->values.get(), w->scales.get(), w->bias.get()});
        ASSERT_TRUE(got.ok()) << got.status().ToString();
        ASSERT_EQ(got->shape(), (Shape{rows, kOut}));
        const std::vector<double> want = Reference(xh, w->w_prime, bias);
        const auto g = got->span<float>();
        for (size_t i = 0; i < want.size(); ++i) {
          // A sum of 5024 products of magnitude ~1 in f32: within 1e-3 of the exact sum (a
          // misread nibble, scale or slice is off by far more).
          EXPECT_NEAR(g[i], want[i], 1e-3 * std::max(1.0, std::fabs(want[i]))) << "element " << i;
        }
      }
    }
  }
}

// Random rows [rows, in] for the activation-quantizing formats, with the rows they must get right
// where there are enough: row 1 all zero (scale 1), row 2 with its largest value a tie at the
// clamp (127.5 steps), row 7 holding a NaN.
HostTensor EdgeRows(int64_t rows, int64_t in, uint32_t seed) {
  HostTensor x = Random({rows, in}, seed);
  auto xs = x.mutable_span<float>();
  if (rows >= 3) {
    for (int64_t i = 0; i < in; ++i) xs[in + i] = 0.0f;
    xs[2 * in + 5] = 127.5f;
    xs[2 * in + 6] = -0.5f;
  }
  if (rows >= 19) xs[7 * in + 3] = std::numeric_limits<float>::quiet_NaN();
  return x;
}

// W8A8's y = float(sum q_x q_w) * (scale_x * scale_w) + bias, on the host (base/quantize.h):
// float32 [rows, out], each step as the definition rounds it.
std::vector<float> W8A8Reference(const HostTensor& x, const QuantizedWeight& qw,
                                 const HostTensor& bias) {
  const int64_t rows = x.shape()[0], in = x.shape()[1], out = qw.values.shape()[0];
  const auto q = qw.values.span<int8_t>();
  const auto sw = qw.scales.span<float>(), bs = bias.span<float>();
  std::vector<int8_t> qx(in);
  std::vector<float> y(rows * out);
  for (int64_t r = 0; r < rows; ++r) {
    const float sx = QuantizeActivationRow(x.span<float>().data() + r * in, in, qx.data());
    for (int64_t o = 0; o < out; ++o) {
      int64_t sum = 0;
      for (int64_t i = 0; i < in; ++i) sum += int64_t{qx[i]} * q[o * in + i];
      const float scale = sx * sw[o];
      const float product = static_cast<float>(sum) * scale;
      y[r * out + o] = product + bs[o];
    }
  }
  return y;
}

// w8a8 takes one form on every backend and at every row count: pjrt-cpu's host call and the
// StableHLO steps (on pjrt-cpu and iree-cpu) equal the host's definition bit for bit (integer
// sums, the same roundings), for decode's rows and a prefill's, with a zero row (scale 1), a
// row whose largest value is a tie at the clamp, and one row holding a NaN (its outputs NaN,
// the other rows untouched). With a bias, the compilers may contract the scale's multiply and
// the bias's add into one FMA (one rounding instead of two): within an ulp of the definition.
TEST(QuantizedProduct, W8A8IsTheSameBitsInEveryFormOnBothBackends) {
  constexpr int64_t kOut = 40, kIn = 1056;
  const HostTensor weight = Random({kOut, kIn}, 21);
  HostTensor zero_bias(DType::kF32, Shape{kOut});
  for (float& v : zero_bias.mutable_span<float>()) v = 0.0f;
  for (const std::string backend : {"pjrt-cpu", "iree-cpu"}) {
    auto executor = runtime::MakeExecutor(backend);
    ASSERT_TRUE(executor.ok()) << executor.status().ToString();
    std::vector<QuantProduct> forms = {QuantProduct::kWidenedWeight, QuantProduct::kMatrixVector};
    if ((*executor)->traits().has_quantized_matvec_call) forms.push_back(QuantProduct::kHostCall);
    for (const bool with_bias : {false, true}) {
      const HostTensor bias = with_bias ? Random({kOut}, 22) : zero_bias;
      Result<QuantizedOperands> w = QuantizeAndUpload(**executor, weight, WeightQuant::kW8A8, bias);
      ASSERT_TRUE(w.ok()) << w.status().ToString();
      for (const int64_t rows : {1, 3, 19, 300}) {
        const HostTensor xh = EdgeRows(rows, kIn, 23 + static_cast<uint32_t>(rows));
        const std::vector<float> want = W8A8Reference(xh, w->qw, bias);
        auto xd = (*executor)->Upload(xh);
        ASSERT_TRUE(xd.ok());
        for (const QuantProduct form : forms) {
          SCOPED_TRACE(backend + " " + hlo::QuantProductName(form) + " rows " +
                       std::to_string(rows) + (with_bias ? " bias" : ""));
          Result<HostTensor> got =
              RunQuantizedProject(**executor, w->qw, WeightQuant::kW8A8, form, rows, kIn,
                                  {xd->get(), w->values.get(), w->scales.get(), w->bias.get()});
          ASSERT_TRUE(got.ok()) << got.status().ToString();
          ASSERT_EQ(got->shape(), (Shape{rows, kOut}));
          const auto g = got->span<float>();
          int differ = 0;
          for (size_t i = 0; i < want.size(); ++i) {
            // One rounding of the product skipped: at most half an ulp of it, and of the sum.
            const float b = bias.span<float>()[i % kOut];
            const double tol = std::ldexp(std::fabs(want[i]) + std::fabs(want[i] - b), -23);
            const bool same = std::isnan(want[i]) ? std::isnan(g[i])
                                                  : (with_bias ? std::fabs(g[i] - want[i]) <= tol
                                                               : g[i] == want[i]);
            if (!same && differ++ < 3) {
              ADD_FAILURE() << "element " << i << ": " << g[i] << " vs " << want[i];
            }
          }
          EXPECT_EQ(differ, 0);
        }
      }
    }
  }
}

// W4A8Project of x [rows, in] by `int4`'s blocks (PackW4A8Weight), compiled on `executor`, in
// `form`: the result [rows, out].
Result<HostTensor> RunW4A8Project(runtime::Executor& executor, const QuantizedWeight& int4,
                                  const HostTensor& x, const HostTensor& bias, QuantProduct form) {
  const int64_t rows = x.shape()[0], in = x.shape()[1], out = int4.values.shape()[0];
  VLMXLA_ASSIGN_OR_RETURN(QuantizedWeight blocks, PackW4A8Weight(int4, "w"));
  hlo::Builder builder("main");
  Value xv = builder.Arg("x", {ElementType::kF32, {rows, in}});
  const Shape& vs = blocks.values.shape();
  Value q = builder.Arg("q", {ElementType::kI8, {vs[0], vs[1], vs[2]}});
  Value s = builder.Arg("s", {ElementType::kBF16, {vs[0], vs[1], kW4A8BlockOutputs}});
  Value bv = builder.Arg("bias", {ElementType::kF32, {out}});
  Value y = hlo::W4A8Project(builder, xv, q, s, out, form, bv);
  VLMXLA_ASSIGN_OR_RETURN(auto exe, CompileMain(executor, builder, y));
  VLMXLA_ASSIGN_OR_RETURN(auto xd, executor.Upload(x));
  VLMXLA_ASSIGN_OR_RETURN(auto qd, executor.Upload(blocks.values));
  VLMXLA_ASSIGN_OR_RETURN(auto sd, executor.Upload(blocks.scales));
  VLMXLA_ASSIGN_OR_RETURN(auto bd, executor.Upload(bias));
  const std::vector<runtime::DeviceBuffer*> args = {xd.get(), qd.get(), sd.get(), bd.get()};
  VLMXLA_ASSIGN_OR_RETURN(auto result, exe->Execute(args));
  return result[0]->ToHost();
}

// w4a8 on every backend and at every row count, for 40 outputs (two blocks of 16 and a part)
// of 1056 inputs (33 groups): pjrt-cpu's host call equals the host's definition bit for bit (the
// groups summed in order; with a bias, the bias's add may fuse with the scale's multiply: within
// an ulp), and the StableHLO steps (pjrt-cpu and iree-cpu), which sum the groups in their
// compiler's order, stay within 33 roundings of the products' magnitudes of it. A zero row, a tie
// at the clamp and a NaN row (its outputs NaN, the other rows untouched) are among the rows.
TEST(QuantizedProduct, W4A8IsTheDefinitionInEveryFormOnBothBackends) {
  constexpr int64_t kOut = 40, kIn = 1056, kGroups = kIn / kInt4GroupSize;
  Result<QuantizedWeight> int4 = QuantizeWeight(Random({kOut, kIn}, 31), WeightQuant::kInt4, "w");
  ASSERT_TRUE(int4.ok()) << int4.status().ToString();
  HostTensor zero_bias(DType::kF32, Shape{kOut});
  for (float& v : zero_bias.mutable_span<float>()) v = 0.0f;
  for (const std::string backend : {"pjrt-cpu", "iree-cpu"}) {
    auto executor = runtime::MakeExecutor(backend);
    ASSERT_TRUE(executor.ok()) << executor.status().ToString();
    std::vector<QuantProduct> forms = {QuantProduct::kMatrixVector};
    if ((*executor)->traits().has_quantized_matvec_call) forms.push_back(QuantProduct::kHostCall);
    for (const bool with_bias : {false, true}) {
      const HostTensor bias = with_bias ? Random({kOut}, 32) : zero_bias;
      for (const int64_t rows : {1, 3, 19, 300}) {
        const HostTensor xh = EdgeRows(rows, kIn, 33 + static_cast<uint32_t>(rows));
        // The definition, then the bias added to its result, as the program adds it.
        std::vector<double> bound;
        std::vector<float> want = W4A8Definition(xh.span<float>().data(), rows, kIn, *int4, &bound);
        for (size_t i = 0; i < want.size(); ++i) want[i] += bias.span<float>()[i % kOut];
        for (const QuantProduct form : forms) {
          const bool host = form == QuantProduct::kHostCall;
          SCOPED_TRACE(backend + " " + hlo::QuantProductName(form) + " rows " +
                       std::to_string(rows) + (with_bias ? " bias" : ""));
          Result<HostTensor> got = RunW4A8Project(**executor, *int4, xh, bias, form);
          ASSERT_TRUE(got.ok()) << got.status().ToString();
          ASSERT_EQ(got->shape(), (Shape{rows, kOut}));
          const auto g = got->span<float>();
          int differ = 0;
          for (size_t i = 0; i < want.size(); ++i) {
            const double b = std::fabs(bias.span<float>()[i % kOut]);
            const double ulp = std::ldexp(std::fabs(want[i]) + b, -23);
            const double tol =
                host ? (with_bias ? ulp : 0.0) : std::ldexp(bound[i], -23) * kGroups + 2 * ulp;
            const bool same =
                std::isnan(want[i]) ? std::isnan(g[i]) : std::fabs(double{g[i]} - want[i]) <= tol;
            if (!same && differ++ < 3) {
              ADD_FAILURE() << "element " << i << ": " << g[i] << " vs " << want[i];
            }
          }
          EXPECT_EQ(differ, 0);
        }
      }
    }
  }
}

// One format's weights for ProjectSharedInput: each [out, in] weight as the program declares it
// (bf16 as stored; int8 / int4 / w8a8 values and scales; w4a8 its blocks), and its bias.
struct SharedWeight {
  HostTensor values, scales, bias;
  int64_t out = 0;
  bool with_bias = false;
};
Result<SharedWeight> MakeSharedWeight(WeightQuant quant, int64_t out, int64_t in, bool with_bias,
                                      uint32_t seed) {
  SharedWeight w;
  w.out = out;
  w.with_bias = with_bias;
  w.bias = Random({out}, seed + 1);
  const HostTensor weight = Random({out, in}, seed);
  if (quant == WeightQuant::kNone) {
    w.values = HostTensor(DType::kBF16, Shape{out, in});
    auto dst = w.values.mutable_span<uint16_t>();
    for (size_t i = 0; i < dst.size(); ++i) dst[i] = FloatToBFloat16(weight.span<float>()[i]);
    return w;
  }
  const WeightQuant stored = quant == WeightQuant::kW4A8 ? WeightQuant::kInt4 : quant;
  VLMXLA_ASSIGN_OR_RETURN(QuantizedWeight qw, QuantizeWeight(weight, stored, "w"));
  if (quant == WeightQuant::kW4A8) {
    VLMXLA_ASSIGN_OR_RETURN(qw, PackW4A8Weight(qw, "w"));
  }
  w.values = std::move(qw.values);
  w.scales = std::move(qw.scales);
  return w;
}

hlo::TensorType TypeOf(const HostTensor& t) {
  const ElementType e = t.dtype() == DType::kBF16 ? ElementType::kBF16
                        : t.dtype() == DType::kI8 ? ElementType::kI8
                                                  : ElementType::kF32;
  return {e, std::vector<int64_t>(t.shape().begin(), t.shape().end())};
}

// x [rows, in] (float32 or bfloat16) times each of `ws` on pjrt-cpu, in one program: by
// ProjectSharedInput with `shared`, else by ProjectAs one weight at a time. The results, and the
// number of custom calls the program makes.
struct SharedRun {
  std::vector<HostTensor> ys;
  int calls = 0;
};
Result<SharedRun> RunShared(runtime::Executor& executor, WeightQuant quant, const HostTensor& x,
                            const std::vector<SharedWeight>& ws, bool shared) {
  hlo::Builder builder("main");
  builder.set_quantized_matvec_call(true);  // the backend's (traits().has_quantized_matvec_call)
  std::vector<HostTensor> uploads = {x};
  Value xv = builder.Arg("x", TypeOf(x));
  std::vector<hlo::ProjectionWeight> projections;
  for (size_t i = 0; i < ws.size(); ++i) {
    hlo::ProjectionWeight p;
    const std::string n = std::to_string(i);
    p.values = builder.Arg("v" + n, TypeOf(ws[i].values));
    uploads.push_back(ws[i].values);
    if (quant != WeightQuant::kNone) {
      p.scales = builder.Arg("s" + n, TypeOf(ws[i].scales));
      uploads.push_back(ws[i].scales);
    }
    if (ws[i].with_bias) {
      p.bias = builder.Arg("b" + n, TypeOf(ws[i].bias));
      uploads.push_back(ws[i].bias);
    }
    p.out = ws[i].out;
    projections.push_back(p);
  }
  std::vector<Value> ys;
  if (shared) {
    ys = hlo::ProjectSharedInput(builder, false, quant, xv, projections);
  } else {
    for (const hlo::ProjectionWeight& p : projections) {
      ys.push_back(hlo::ProjectAs(builder, false, quant, xv, p));
    }
  }
  VLMXLA_ASSIGN_OR_RETURN(hlo::Function f, builder.Finish(ys));
  hlo::Module module;
  VLMXLA_RETURN_IF_ERROR(module.Add(std::move(f)));
  const std::string text = module.ToString();
  SharedRun run;
  for (size_t at = text.find("stablehlo.custom_call"); at != std::string::npos;
       at = text.find("stablehlo.custom_call", at + 1)) {
    ++run.calls;
  }
  VLMXLA_ASSIGN_OR_RETURN(auto exe, executor.Compile(text));
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> held;
  std::vector<runtime::DeviceBuffer*> args;
  for (const HostTensor& t : uploads) {
    VLMXLA_ASSIGN_OR_RETURN(auto d, executor.Upload(t));
    args.push_back(d.get());
    held.push_back(std::move(d));
  }
  VLMXLA_ASSIGN_OR_RETURN(auto out, exe->Execute(args));
  for (const auto& y : out) {
    VLMXLA_ASSIGN_OR_RETURN(HostTensor h, y->ToHost());
    run.ys.push_back(std::move(h));
  }
  return run;
}

// Several weights of one format on the same rows (a layer's q, k and v) in one host call on
// pjrt-cpu give each weight's result the same bits as its own call, in every format, at decode's
// row counts and (the quantized formats) a prefill's, rows in float32 and bfloat16, with and
// without biases: the shared call prepares (or quantizes) the rows once and splits the outputs of
// all the weights among the threads, and the kernel's sums depend on neither. The program makes one
// call where it made three. w4a8 weights whose outputs do not fill their last block keep a call
// each.
TEST(QuantizedProduct, SharedInputIsOneCallAndTheSameBitsAsACallPerWeight) {
  auto executor = runtime::MakeExecutor("pjrt-cpu");
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  ASSERT_TRUE((*executor)->traits().has_quantized_matvec_call);
  constexpr int64_t kIn = 1056;
  for (const WeightQuant quant : {WeightQuant::kNone, WeightQuant::kInt8, WeightQuant::kInt4,
                                  WeightQuant::kW8A8, WeightQuant::kW4A8}) {
    // 896 + 128 + 128 outputs are the bench decoder's q, k, v; here smaller, one of them large
    // enough for the pool's second thread at 8 rows.
    std::vector<std::vector<int64_t>> out_sets = {{400, 16, 80}};
    if (quant == WeightQuant::kW4A8) out_sets.push_back({40, 16});
    for (const std::vector<int64_t>& outs : out_sets) {
      const bool whole_blocks = outs[0] % kW4A8BlockOutputs == 0;
      std::vector<SharedWeight> ws;
      for (size_t i = 0; i < outs.size(); ++i) {
        Result<SharedWeight> w = MakeSharedWeight(quant, outs[i], kIn, i != 1,
                                                  static_cast<uint32_t>(41 + 3 * i + outs.size()));
        ASSERT_TRUE(w.ok()) << w.status().ToString();
        ws.push_back(std::move(*w));
      }
      std::vector<int64_t> row_counts = {1, 8};
      if (quant != WeightQuant::kNone) row_counts.push_back(19);
      for (const int64_t rows : row_counts) {
        for (const bool x_bf16 : {false, true}) {
          if (x_bf16 && rows != 8) continue;
          SCOPED_TRACE(std::string(WeightQuantName(quant)) + " outs " +
                       std::to_string(outs.size()) + " rows " + std::to_string(rows) +
                       (x_bf16 ? " x bf16" : " x f32"));
          HostTensor x = EdgeRows(rows, kIn, 51 + static_cast<uint32_t>(rows));
          if (x_bf16) {
            HostTensor narrow(DType::kBF16, Shape{rows, kIn});
            auto dst = narrow.mutable_span<uint16_t>();
            for (size_t i = 0; i < dst.size(); ++i) dst[i] = FloatToBFloat16(x.span<float>()[i]);
            x = std::move(narrow);
          }
          Result<SharedRun> one = RunShared(**executor, quant, x, ws, /*shared=*/true);
          ASSERT_TRUE(one.ok()) << one.status().ToString();
          Result<SharedRun> each = RunShared(**executor, quant, x, ws, /*shared=*/false);
          ASSERT_TRUE(each.ok()) << each.status().ToString();
          const bool joined = quant != WeightQuant::kW4A8 || whole_blocks;
          EXPECT_EQ(one->calls, joined ? 1 : static_cast<int>(outs.size()));
          EXPECT_EQ(each->calls, static_cast<int>(outs.size()));
          ASSERT_EQ(one->ys.size(), outs.size());
          ASSERT_EQ(each->ys.size(), outs.size());
          for (size_t w = 0; w < outs.size(); ++w) {
            ASSERT_EQ(one->ys[w].shape(), (Shape{rows, outs[w]}));
            ASSERT_EQ(one->ys[w].dtype(), each->ys[w].dtype());
            ASSERT_EQ(one->ys[w].byte_size(), each->ys[w].byte_size());
            EXPECT_EQ(std::memcmp(one->ys[w].data(), each->ys[w].data(), one->ys[w].byte_size()), 0)
                << "weight " << w << " differs";
          }
        }
      }
    }
  }
}

// A call of several weights whose operands do not fit is refused, naming each weight's shapes
// and the result's rule (the emitter writes only fitting calls; a hand-written program could).
TEST(QuantizedProduct, SharedHostCallRefusesShapesItCannotTake) {
  auto executor = runtime::MakeExecutor("pjrt-cpu");
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  struct Bad {
    const char* target;
    int64_t q2_cols, result;
    const char* says;
  };
  const Bad cases[] = {
      {kInt8MatvecTarget, 32, 2 * 8, "q [4, 32]"},  // the second weight narrower than x
      {kW8A8MatmulTarget, 64, 2 * 9, "rows * (out_1 + ... + out_k)"},  // a result too long
  };
  for (const Bad& c : cases) {
    SCOPED_TRACE(std::string(c.target) + " " + c.says);
    hlo::Builder builder("main");
    Value x = builder.Arg("x", {ElementType::kF32, {2, 64}});
    Value q1 = builder.Arg("q1", {ElementType::kI8, {4, 64}});
    Value s1 = builder.Arg("s1", {ElementType::kF32, {4}});
    Value q2 = builder.Arg("q2", {ElementType::kI8, {4, c.q2_cols}});
    Value s2 = builder.Arg("s2", {ElementType::kF32, {4}});
    Value y = builder.CustomCall(c.target, {x, q1, s1, q2, s2}, {ElementType::kF32, {c.result}});
    auto exe = CompileMain(**executor, builder, y);
    ASSERT_TRUE(exe.ok()) << exe.status().ToString();
    std::vector<std::shared_ptr<runtime::DeviceBuffer>> held;
    std::vector<runtime::DeviceBuffer*> args;
    for (const HostTensor& t :
         {HostTensor(DType::kF32, {2, 64}), HostTensor(DType::kI8, {4, 64}),
          HostTensor(DType::kF32, {4}), HostTensor(DType::kI8, {4, c.q2_cols}),
          HostTensor(DType::kF32, {4})}) {
      auto d = (*executor)->Upload(t);
      ASSERT_TRUE(d.ok());
      args.push_back(d->get());
      held.push_back(std::move(*d));
    }
    auto out = (*exe)->Execute(args);
    ASSERT_FALSE(out.ok());
    for (const char* says : {c.target, c.says, "rows >= 1"}) {
      EXPECT_NE(out.status().message().find(says), std::string::npos) << out.status().ToString();
    }
  }
}

// Prefill-sized products (19 rows: more than kMaxStreamedRows, and not a multiple of the host
// kernel's 8) by a 1200 x 1024 weight, which widens to 4.9 MB in f32: kWidenedBlocks (two blocks
// of 600 output channels), and kMatrixVector, which takes it at this many rows, equal
// kWidenedWeight's products bit for bit on both CPU backends (each output the same dot over all
// 1024 inputs); pjrt-cpu's host call, in its own order of the sums, stays within float tolerance
// of the float64 product by W', as all of them do.
TEST(QuantizedProduct, PrefillBlocksEqualTheWidenedWeightOnBothBackends) {
  constexpr int64_t kOut = 1200, kIn = 1024, kRows = 19;
  ASSERT_GT(kOut * kIn * 4, hlo::kWidenedBlockBytes);
  const HostTensor weight = Random({kOut, kIn}, 11);
  const HostTensor bias = Random({kOut}, 12);
  const HostTensor xh = Random({kRows, kIn}, 13);
  for (const std::string backend : {"pjrt-cpu", "iree-cpu"}) {
    auto executor = runtime::MakeExecutor(backend);
    ASSERT_TRUE(executor.ok()) << executor.status().ToString();
    std::vector<QuantProduct> forms = {QuantProduct::kWidenedWeight, QuantProduct::kWidenedBlocks,
                                       QuantProduct::kMatrixVector};
    if ((*executor)->traits().has_quantized_matvec_call) forms.push_back(QuantProduct::kHostCall);
    for (const WeightQuant quant : {WeightQuant::kInt8, WeightQuant::kInt4}) {
      Result<QuantizedOperands> w = QuantizeAndUpload(**executor, weight, quant, bias);
      ASSERT_TRUE(w.ok()) << w.status().ToString();
      auto xd = (*executor)->Upload(xh);
      ASSERT_TRUE(xd.ok());
      std::vector<HostTensor> results;
      for (const QuantProduct form : forms) {
        SCOPED_TRACE(backend + " " + WeightQuantName(quant) + " " + hlo::QuantProductName(form));
        Result<HostTensor> got =
            RunQuantizedProject(**executor, w->qw, quant, form, kRows, kIn,
                                {xd->get(), w->values.get(), w->scales.get(), w->bias.get()});
        ASSERT_TRUE(got.ok()) << got.status().ToString();
        ASSERT_EQ(got->shape(), (Shape{kRows, kOut}));
        results.push_back(std::move(*got));
      }
      const std::vector<double> want = Reference(xh, w->w_prime, bias);
      const auto widened = results[0].span<float>();
      for (size_t r = 1; r < results.size(); ++r) {
        const auto g = results[r].span<float>();
        int differ = 0;
        for (size_t i = 0; i < want.size(); ++i) {
          if (g[i] != widened[i]) ++differ;
          // A sum of 1024 products of magnitude ~1 in f32.
          EXPECT_NEAR(g[i], want[i], 1e-3 * std::max(1.0, std::fabs(want[i]))) << "element " << i;
        }
        if (forms[r] == QuantProduct::kHostCall) continue;
        EXPECT_EQ(differ, 0) << backend << " " << WeightQuantName(quant) << " "
                             << hlo::QuantProductName(forms[r])
                             << ": elements that differ from the widened weight's";
      }
    }
  }
}

// The decode and prefill programs a backend gets (its traits through engine::SetProductForms, as
// ModelRunner builds them): pjrt-cpu's call the host kernel once for every quantized projection
// (4 layers of 7 projections, int8 or int4 as quantized; decode's 2 rows and prefill's 16 in one
// call each), iree-cpu's keep the StableHLO forms.
TEST(QuantizedProduct, DecodeAndPrefillCallTheHostKernelOnPjrtCpuOnly) {
  io::TextConfig config = testing::SmallLlamaConfig();
  config.intermediate_size = 64;  // a multiple of 32, for int4
  for (const std::string backend : {"pjrt-cpu", "iree-cpu"}) {
    auto executor = runtime::MakeExecutor(backend);
    ASSERT_TRUE(executor.ok()) << executor.status().ToString();
    for (const WeightQuant quant :
         {WeightQuant::kInt8, WeightQuant::kInt4, WeightQuant::kW8A8, WeightQuant::kW4A8}) {
      for (const bool prefill : {false, true}) {
        SCOPED_TRACE(backend + " " + WeightQuantName(quant) + (prefill ? " prefill" : " decode"));
        Result<hlo::Program> p = Status::Ok();
        if (prefill) {
          hlo::PrefillOptions o;
          o.seq_len = 16;
          o.capacity = 32;
          o.precision.quant = quant;
          engine::SetProductForms((*executor)->traits(), o.weights_in_out, o.precision);
          p = hlo::BuildPrefill(config, -1, o);
        } else {
          hlo::DecodeOptions o;
          o.capacity = 16;
          o.batch = 2;
          o.precision.quant = quant;
          engine::SetProductForms((*executor)->traits(), o.weights_in_out, o.precision);
          p = hlo::BuildDecode(config, o);
        }
        ASSERT_TRUE(p.ok()) << p.status().ToString();
        auto count = [&](const char* target) {
          const std::string call = std::string("call_target_name = \"") + target + "\"";
          int calls = 0;
          for (size_t at = p->mlir.find(call); at != std::string::npos;
               at = p->mlir.find(call, at + 1)) {
            ++calls;
          }
          return calls;
        };
        // Each projection in its format (q, k and v one call, gate and up one, o and down one
        // each), and the head (int8 under both; prefill's last row).
        const int projections = backend == "pjrt-cpu" ? 4 * config.num_hidden_layers : 0;
        const int head = backend == "pjrt-cpu" ? 1 : 0;
        if (quant == WeightQuant::kInt4) {
          EXPECT_EQ(count(kInt4MatvecTarget), projections);
          EXPECT_EQ(count(kInt8MatvecTarget), head);
        } else if (quant == WeightQuant::kW8A8) {
          // The head too; elsewhere the same steps as i8 x i8 products summed in i32.
          EXPECT_EQ(count(kW8A8MatmulTarget), projections + head);
          EXPECT_EQ(count(kInt8MatvecTarget), 0);
          const bool int_dots = p->mlir.find("xi8>) -> tensor<") != std::string::npos &&
                                p->mlir.find("xi32>") != std::string::npos;
          EXPECT_EQ(int_dots, backend != "pjrt-cpu");
        } else if (quant == WeightQuant::kW4A8) {
          // The head w8a8's; elsewhere the same steps as i8 x i8 products summed in i32.
          EXPECT_EQ(count(kW4A8MatmulTarget), projections);
          EXPECT_EQ(count(kW8A8MatmulTarget), head);
          EXPECT_EQ(count(kInt8MatvecTarget) + count(kInt4MatvecTarget), 0);
          const bool int_dots = p->mlir.find("xi8>) -> tensor<") != std::string::npos &&
                                p->mlir.find("xi32>") != std::string::npos;
          EXPECT_EQ(int_dots, backend != "pjrt-cpu");
        } else {
          EXPECT_EQ(count(kInt8MatvecTarget), projections + head);
        }
        EXPECT_EQ(p->mlir.find("stablehlo.custom_call") != std::string::npos,
                  backend == "pjrt-cpu");
      }
    }
  }
}

// bfloat16 weights computed in bfloat16 (as stored, no --weights): pjrt-cpu's decode programs of
// 1 to 8 rows call the host kernel (kBf16MatvecTarget) for every projection and the head, its
// 9-row one and its prefill keep XLA's products, and iree-cpu's programs never call it.
TEST(QuantizedProduct, Bf16DecodeCallsTheHostKernelOnPjrtCpuOnly) {
  const io::TextConfig config = testing::SmallLlamaConfig();
  for (const std::string backend : {"pjrt-cpu", "iree-cpu"}) {
    auto executor = runtime::MakeExecutor(backend);
    ASSERT_TRUE(executor.ok()) << executor.status().ToString();
    for (const int64_t batch : {1, 2, 8, 9}) {
      SCOPED_TRACE(backend + " batch " + std::to_string(batch));
      hlo::DecodeOptions o;
      o.capacity = 16;
      o.batch = batch;
      o.precision.compute = ElementType::kBF16;
      o.precision.weights = ElementType::kBF16;
      o.weights_in_out = (*executor)->traits().prefers_in_out_narrow_weights;
      engine::SetProductForms((*executor)->traits(), o.weights_in_out, o.precision);
      Result<hlo::Program> p = hlo::BuildDecode(config, o);
      ASSERT_TRUE(p.ok()) << p.status().ToString();
      const std::string call = std::string("call_target_name = \"") + kBf16MatvecTarget + "\"";
      int calls = 0;
      for (size_t at = p->mlir.find(call); at != std::string::npos;
           at = p->mlir.find(call, at + 1)) {
        ++calls;
      }
      const bool host = backend == "pjrt-cpu" && batch <= 8;
      // q, k and v one call, gate and up one, o and down one each; and the head.
      EXPECT_EQ(calls, host ? 4 * config.num_hidden_layers + 1 : 0);
      EXPECT_EQ(hlo::RowInvariantProducts(o.precision, batch), host);
    }
  }
}

// The kernel's handler refuses operands it cannot take with an error naming the call, the shapes
// and the limit (the emitter never writes such a call; a hand-written program could).
TEST(QuantizedProduct, HostCallRefusesShapesItCannotTake) {
  auto executor = runtime::MakeExecutor("pjrt-cpu");
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  struct Bad {
    const char* target;
    int64_t rows, in, q_cols, scales;
    const char* says;
  };
  const Bad cases[] = {
      {kInt8MatvecTarget, 9, 64, 32, 4, "q [4, 32]"},            // q narrower than x
      {kInt4MatvecTarget, 1, 48, 24, 4, "in a multiple of 32"},  // 48 inputs: not whole int4 groups
      {kInt8MatvecTarget, 1, 64, 64, 3, "scales [3]"},           // a scale short
  };
  for (const Bad& c : cases) {
    SCOPED_TRACE(std::string(c.target) + " " + c.says);
    hlo::Builder builder("main");
    Value x = builder.Arg("x", {ElementType::kF32, {c.rows, c.in}});
    Value q = builder.Arg("q", {ElementType::kI8, {4, c.q_cols}});
    Value s = builder.Arg("s", {ElementType::kF32, {c.scales}});
    Value y = builder.CustomCall(c.target, {x, q, s}, {ElementType::kF32, {c.rows, 4}});
    auto exe = CompileMain(**executor, builder, y);
    ASSERT_TRUE(exe.ok()) << exe.status().ToString();
    auto xd = (*executor)->Upload(HostTensor(DType::kF32, {c.rows, c.in}));
    auto qd = (*executor)->Upload(HostTensor(DType::kI8, {4, c.q_cols}));
    auto sd = (*executor)->Upload(HostTensor(DType::kF32, {c.scales}));
    ASSERT_TRUE(xd.ok() && qd.ok() && sd.ok());
    const std::vector<runtime::DeviceBuffer*> args = {xd->get(), qd->get(), sd->get()};
    auto out = (*exe)->Execute(args);
    ASSERT_FALSE(out.ok());
    EXPECT_NE(out.status().message().find(c.target), std::string::npos) << out.status().ToString();
    EXPECT_NE(out.status().message().find(c.says), std::string::npos) << out.status().ToString();
    EXPECT_NE(out.status().message().find("rows >= 1"), std::string::npos)
        << out.status().ToString();
  }
}

// The bf16 call likewise: a weight narrower than the rows is refused, naming it.
TEST(QuantizedProduct, Bf16HostCallRefusesAWeightThatDoesNotFit) {
  auto executor = runtime::MakeExecutor("pjrt-cpu");
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  hlo::Builder builder("main");
  Value x = builder.Arg("x", {ElementType::kF32, {2, 64}});
  Value w = builder.Arg("w", {ElementType::kBF16, {4, 32}});
  Value y = builder.CustomCall(kBf16MatvecTarget, {x, w}, {ElementType::kF32, {2, 4}});
  auto exe = CompileMain(**executor, builder, y);
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  auto xd = (*executor)->Upload(HostTensor(DType::kF32, {2, 64}));
  auto wd = (*executor)->Upload(HostTensor(DType::kBF16, {4, 32}));
  ASSERT_TRUE(xd.ok() && wd.ok());
  const std::vector<runtime::DeviceBuffer*> args = {xd->get(), wd->get()};
  auto out = (*exe)->Execute(args);
  ASSERT_FALSE(out.ok());
  for (const char* says : {kBf16MatvecTarget, "w [4, 32]", "rows >= 1"}) {
    EXPECT_NE(out.status().message().find(says), std::string::npos) << out.status().ToString();
  }
}

// Decode's attention on pjrt-cpu is the host kernel (kDecodeAttentionTarget), one call per slot
// and layer, in float32 and bfloat16 with any weights; iree-cpu keeps XLA-style attention over the
// whole cache, and so does float16 (the kernel takes f32 and bf16 operands).
TEST(QuantizedProduct, DecodeAttentionIsTheHostKernelOnPjrtCpuOnly) {
  const io::TextConfig config = testing::SmallLlamaConfig();
  for (const std::string backend : {"pjrt-cpu", "iree-cpu"}) {
    auto executor = runtime::MakeExecutor(backend);
    ASSERT_TRUE(executor.ok()) << executor.status().ToString();
    for (const ElementType compute : {ElementType::kF32, ElementType::kBF16, ElementType::kF16}) {
      for (const int64_t batch : {1, 3}) {
        SCOPED_TRACE(backend + " " + ElementTypeName(compute) + " batch " + std::to_string(batch));
        hlo::DecodeOptions o;
        o.capacity = 16;
        o.batch = batch;
        o.precision.compute = compute;
        o.precision.weights = compute;
        o.weights_in_out = (*executor)->traits().prefers_in_out_narrow_weights;
        engine::SetProductForms((*executor)->traits(), o.weights_in_out, o.precision);
        Result<hlo::Program> p = hlo::BuildDecode(config, o);
        ASSERT_TRUE(p.ok()) << p.status().ToString();
        const std::string call =
            std::string("call_target_name = \"") + kDecodeAttentionTarget + "\"";
        int calls = 0;
        for (size_t at = p->mlir.find(call); at != std::string::npos;
             at = p->mlir.find(call, at + 1)) {
          ++calls;
        }
        const bool host = backend == "pjrt-cpu" && compute != ElementType::kF16;
        EXPECT_EQ(calls, host ? batch * config.num_hidden_layers : 0);
      }
    }
  }
}

// The attention call's handler refuses operands it cannot take, naming the call and the shapes.
TEST(QuantizedProduct, DecodeAttentionCallRefusesShapesItCannotTake) {
  auto executor = runtime::MakeExecutor("pjrt-cpu");
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  struct Bad {
    std::vector<int64_t> q, k, v;
    ElementType v_type;
    const char* says;
  };
  const Bad cases[] = {
      {{2, 3, 8}, {2, 16, 8}, {2, 15, 8}, ElementType::kF32, "v [2, 15, 8]"},  // v short a row
      {{2, 3, 8}, {1, 16, 8}, {1, 16, 8}, ElementType::kF32, "k [1, 16, 8]"},  // kv heads differ
      {{2, 3, 8}, {2, 16, 8}, {2, 16, 8}, ElementType::kBF16, "all f32 or all bf16"},
  };
  for (const Bad& c : cases) {
    SCOPED_TRACE(c.says);
    hlo::Builder builder("main");
    Value q = builder.Arg("q", {ElementType::kF32, c.q});
    Value k = builder.Arg("k", {ElementType::kF32, c.k});
    Value v = builder.Arg("v", {c.v_type, c.v});
    Value y = builder.CustomCall(
        kDecodeAttentionTarget,
        {q, k, v, builder.Scalar(ElementType::kI32, 3), builder.Scalar(ElementType::kF32, 0.5)},
        {ElementType::kF32, c.q});
    auto exe = CompileMain(**executor, builder, y);
    ASSERT_TRUE(exe.ok()) << exe.status().ToString();
    auto qd = (*executor)->Upload(HostTensor(DType::kF32, c.q));
    auto kd = (*executor)->Upload(HostTensor(DType::kF32, c.k));
    auto vd = (*executor)->Upload(
        HostTensor(c.v_type == ElementType::kBF16 ? DType::kBF16 : DType::kF32, c.v));
    ASSERT_TRUE(qd.ok() && kd.ok() && vd.ok());
    const std::vector<runtime::DeviceBuffer*> args = {qd->get(), kd->get(), vd->get()};
    auto out = (*exe)->Execute(args);
    ASSERT_FALSE(out.ok());
    for (const char* says : {kDecodeAttentionTarget, c.says}) {
      EXPECT_NE(out.status().message().find(says), std::string::npos) << out.status().ToString();
    }
  }
}

// A bf16 / f16 KV cache on pjrt-cpu takes its new rows in place by the host call
// kUpdateRowsTarget (XLA's CPU backend computes a narrow float dynamic-update-slice in float32
// over the whole cache, and one through the 16-bit patterns as a loop over the whole cache, every
// step: Precision::cache_updates_as_bits), in decode and prefill; float32 caches and iree-cpu's
// are updated as floats by dynamic-update-slice.
TEST(QuantizedProduct, NarrowCachesTakeRowsThroughTheirBitsOnPjrtCpu) {
  const io::TextConfig config = testing::SmallLlamaConfig();
  const int64_t batch = 2;
  for (const std::string backend : {"pjrt-cpu", "iree-cpu"}) {
    auto executor = runtime::MakeExecutor(backend);
    ASSERT_TRUE(executor.ok()) << executor.status().ToString();
    for (const ElementType compute : {ElementType::kF32, ElementType::kBF16, ElementType::kF16}) {
      SCOPED_TRACE(backend + " " + ElementTypeName(compute));
      hlo::Precision precision;
      precision.compute = compute;
      precision.weights = compute;
      const bool in_out = (*executor)->traits().prefers_in_out_narrow_weights;
      engine::SetProductForms((*executor)->traits(), in_out, precision);
      hlo::DecodeOptions d;
      d.capacity = 16;
      d.batch = batch;
      d.precision = precision;
      d.weights_in_out = in_out;
      hlo::PrefillOptions p;
      p.capacity = 16;
      p.seq_len = 16;
      p.precision = precision;
      p.weights_in_out = in_out;
      Result<hlo::Program> decode = hlo::BuildDecode(config, d);
      Result<hlo::Program> prefill = hlo::BuildPrefill(config, /*image_token_id=*/-1, p);
      ASSERT_TRUE(decode.ok()) << decode.status().ToString();
      ASSERT_TRUE(prefill.ok()) << prefill.status().ToString();
      const bool bits = backend == "pjrt-cpu" && compute != ElementType::kF32;
      EXPECT_EQ(precision.cache_updates_as_bits, bits);
      auto count = [](const std::string& text, const std::string& what) {
        int n = 0;
        for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
          ++n;
        }
        return n;
      };
      // Each update (k and v, each layer and slot): the host call, else a dynamic-update-slice.
      const std::string update = "\"stablehlo.dynamic_update_slice\"";
      const std::string call = std::string("call_target_name = \"") + kUpdateRowsTarget + "\"";
      const int layers = config.num_hidden_layers;
      EXPECT_EQ(count(decode->mlir, call), bits ? 2 * layers * batch : 0);
      EXPECT_EQ(count(decode->mlir, update), bits ? 0 : 2 * layers * batch);
      EXPECT_EQ(count(prefill->mlir, call), bits ? 2 * layers : 0);
      EXPECT_EQ(count(decode->mlir, "output_operand_aliases"), bits ? 2 * layers * batch : 0);
      EXPECT_EQ(count(decode->mlir, "stablehlo.bitcast_convert"), 0);
    }
  }
}

// The in-place row update (kUpdateRowsTarget: UpdateRows of a narrow cache as bits with the host
// calls) gives the bits the dynamic-update-slice through 16-bit patterns gives (without them),
// for bf16 and f16 caches, rows anywhere in the cache and starts past either end (clamped as the
// slice clamps them); where the program still needs the cache it updates, XLA keeps that value
// intact (it copies before the in-place call). Rows that do not fit are refused naming the target.
TEST(QuantizedProduct, UpdateRowsIsTheSliceUpdateInPlaceOnPjrtCpu) {
  auto executor = runtime::MakeExecutor("pjrt-cpu");
  ASSERT_TRUE(executor.ok()) << executor.status().ToString();
  constexpr int64_t kA = 2, kCapacity = 16, kC = 8, kN = 3;
  for (const ElementType t : {ElementType::kBF16, ElementType::kF16}) {
    const DType dt = t == ElementType::kBF16 ? DType::kBF16 : DType::kF16;
    HostTensor cache(dt, Shape{kA, kCapacity, kC}), rows(dt, Shape{kA, kN, kC});
    std::mt19937 gen(61);
    for (uint16_t& v : cache.mutable_span<uint16_t>()) v = static_cast<uint16_t>(gen() & 0x3fff);
    for (uint16_t& v : rows.mutable_span<uint16_t>()) v = static_cast<uint16_t>(gen() & 0x3fff);
    for (const int32_t at : {0, 5, 13, 15, -2}) {
      SCOPED_TRACE(std::string(ElementTypeName(t)) + " row " + std::to_string(at));
      HostTensor row(DType::kI32, Shape{});
      row.mutable_span<int32_t>()[0] = at;
      // in_place: with the host calls (the call), else through the bits; returning the updated
      // cache and (keep) the cache as it was.
      auto run = [&](bool in_place, bool keep) -> Result<std::vector<HostTensor>> {
        hlo::Builder builder("main");
        builder.set_quantized_matvec_call(in_place);
        Value c = builder.Arg("cache", {t, {kA, kCapacity, kC}});
        Value r = builder.Arg("rows", {t, {kA, kN, kC}});
        Value at_v = builder.Arg("row", {ElementType::kI32, {}});
        Value zero = builder.Scalar(ElementType::kI32, 0);
        Value y = hlo::UpdateRows(builder, c, r, {zero, at_v, zero}, true);
        std::vector<Value> results = {y};
        if (keep) results.push_back(builder.Add(c, c));
        VLMXLA_ASSIGN_OR_RETURN(hlo::Function f, builder.Finish(results));
        hlo::Module module;
        VLMXLA_RETURN_IF_ERROR(module.Add(std::move(f)));
        const std::string text = module.ToString();
        if ((text.find(kUpdateRowsTarget) != std::string::npos) != in_place) {
          return Internal("the program " + std::string(in_place ? "lacks" : "has") + " the call");
        }
        VLMXLA_ASSIGN_OR_RETURN(auto exe, (*executor)->Compile(text));
        VLMXLA_ASSIGN_OR_RETURN(auto cd, (*executor)->Upload(cache));
        VLMXLA_ASSIGN_OR_RETURN(auto rd, (*executor)->Upload(rows));
        VLMXLA_ASSIGN_OR_RETURN(auto ad, (*executor)->Upload(row));
        const std::vector<runtime::DeviceBuffer*> args = {cd.get(), rd.get(), ad.get()};
        VLMXLA_ASSIGN_OR_RETURN(auto out, exe->Execute(args));
        std::vector<HostTensor> hosts;
        for (const auto& o : out) {
          VLMXLA_ASSIGN_OR_RETURN(HostTensor h, o->ToHost());
          hosts.push_back(std::move(h));
        }
        return hosts;
      };
      Result<std::vector<HostTensor>> want = run(false, false);
      ASSERT_TRUE(want.ok()) << want.status().ToString();
      for (const bool keep : {false, true}) {
        Result<std::vector<HostTensor>> got = run(true, keep);
        ASSERT_TRUE(got.ok()) << got.status().ToString();
        ASSERT_EQ((*got)[0].byte_size(), (*want)[0].byte_size());
        EXPECT_EQ(std::memcmp((*got)[0].data(), (*want)[0].data(), (*want)[0].byte_size()), 0);
        if (keep) {  // cache + cache, from the cache as it was, not as updated
          Result<std::vector<HostTensor>> twice = run(false, true);
          ASSERT_TRUE(twice.ok()) << twice.status().ToString();
          EXPECT_EQ(std::memcmp((*got)[1].data(), (*twice)[1].data(), (*twice)[1].byte_size()), 0);
        }
      }
    }
  }
  // More rows than the cache holds in a dim: refused, naming the call and the shapes.
  hlo::Builder builder("main");
  Value c = builder.Arg("cache", {ElementType::kBF16, {2, 16, 8}});
  Value r = builder.Arg("rows", {ElementType::kBF16, {3, 3, 8}});
  Value at_v = builder.Arg("row", {ElementType::kI32, {}});
  Value y = builder.CustomCall(kUpdateRowsTarget, {c, r, at_v, at_v, at_v}, builder.type(c), 0);
  auto exe = CompileMain(**executor, builder, y);
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  auto cd = (*executor)->Upload(HostTensor(DType::kBF16, {2, 16, 8}));
  auto rd = (*executor)->Upload(HostTensor(DType::kBF16, {3, 3, 8}));
  auto ad = (*executor)->Upload(HostTensor(DType::kI32, Shape{}));
  ASSERT_TRUE(cd.ok() && rd.ok() && ad.ok());
  const std::vector<runtime::DeviceBuffer*> args = {cd->get(), rd->get(), ad->get()};
  auto out = (*exe)->Execute(args);
  ASSERT_FALSE(out.ok());
  for (const char* says : {kUpdateRowsTarget, "rows [3, 3, 8]", "do not fit"}) {
    EXPECT_NE(out.status().message().find(says), std::string::npos) << out.status().ToString();
  }
}

}  // namespace
}  // namespace vlmxla
