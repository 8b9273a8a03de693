// `vlmxla-testtool time-products`: times one matrix product of a few activation rows by a weight,
// in each of the three ways a program can write it, per dtype, on one backend. The measurement
// behind the weight layouts and product forms the engine picks per backend and dtype
// (runtime::BackendTraits, hlo::Precision): x . W with W [in, out]; x . W^T and W . x^T with W
// [out, in] (the checkpoint's layout). Prints a markdown table of median milliseconds per call
// and the weight's bytes over that time. A weight that fits the last-level cache stays there
// from call to call, so small shapes overstate what a decode step (which streams every weight
// from memory) gets; the LM-head shape is the one that does not fit.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/engine/precision.h"
#include "vlmxla/base/quantize.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/nn.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::cli {
namespace {

using hlo::ElementType;
using hlo::Value;

const std::vector<FlagSpec> kFlags = {
    {"backend", true, false, "device backend (default pjrt-cpu)"},
    {"shapes", true, false,
     "weights as OUTxIN, comma separated (default: the 0.5B decoder's LM head, up, down, q and "
     "k projections: 152000x896,4864x896,896x4864,896x896,128x896)"},
    {"rows", true, false,
     "activation rows, comma separated (default 1,2,4,8; with --weights int8|int4 also 64,256, "
     "prefill's sizes, where the quantized products take the widened blocks)"},
    {"dtypes", true, false, "float32 | bfloat16 | float16, comma separated (default all three)"},
    {"repeat", true, false, "timed calls per product after one warm-up call (default 20)"},
    {"weights", true, false,
     "stored | int8 | int4 (default stored): int8 / int4 time each hlo::QuantizedProject form "
     "of an [out, in] quantized weight instead (matrix-vector up to 8 rows, the host call up to "
     "256; int8 also with dynamically quantized activations)"},
    {"help", false, false, "show this help"},
};

constexpr char kUsage[] =
    "usage: vlmxla-testtool time-products [--backend B] [--shapes 152000x896,...] [--rows 1,2,4,8] "
    "[--dtypes float32,bfloat16,float16] [--repeat N] [--weights stored|int8|int4]\n";

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string part; std::getline(in, part, ',');) {
    if (!part.empty()) out.push_back(part);
  }
  return out;
}

Result<int64_t> Positive(const std::string& text, const std::string& what) {
  try {
    size_t used = 0;
    const long long v = std::stoll(text, &used);
    if (used == text.size() && v >= 1 && v <= (1 << 24)) return static_cast<int64_t>(v);
  } catch (...) {
  }
  return InvalidArgument(what + " must be an integer in [1, 16777216], got '" + text + "'");
}

enum class Form { kInOut, kRowsTimesWeight, kWeightTimesRows };
const char* FormName(Form f) {
  switch (f) {
    case Form::kInOut: return "x . W, W [in, out]";
    case Form::kRowsTimesWeight: return "x . W^T, W [out, in]";
    default: return "W . x^T, W [out, in]";
  }
}

// The module of one product: rows [M, K] and the weight in `form`'s layout, the f32 accumulator.
Result<std::string> ProductModule(Form form, ElementType t, int64_t m, int64_t n, int64_t k) {
  hlo::Builder b("main");
  Value x = b.Arg("x", {t, {m, k}});
  Value w = b.Arg(
      "w", {t, form == Form::kInOut ? std::vector<int64_t>{k, n} : std::vector<int64_t>{n, k}});
  Value y;
  if (form == Form::kInOut) {
    y = b.DotGeneral(x, w, {}, {}, {1}, {0}, ElementType::kF32);
  } else if (form == Form::kRowsTimesWeight) {
    y = b.DotGeneral(x, w, {}, {}, {1}, {1}, ElementType::kF32);
  } else {
    y = b.DotGeneral(w, x, {}, {}, {1}, {1}, ElementType::kF32);
  }
  VLMXLA_ASSIGN_OR_RETURN(hlo::Function f, b.Finish({y}));
  hlo::Module module;
  VLMXLA_RETURN_IF_ERROR(module.Add(std::move(f)));
  return module.ToString();
}

// The module of one quantized product (hlo::QuantizedProject in `form`): rows [M, K] of type t
// by the quantized [out, in] weight.
Result<std::string> QuantizedModule(hlo::QuantProduct form, WeightQuant quant, ElementType t,
                                    int64_t m, int64_t n, int64_t k) {
  hlo::Builder b("main");
  Value x = b.Arg("x", {t, {m, k}});
  const int64_t packed = quant == WeightQuant::kInt4 ? k / 2 : k;
  Value q = b.Arg("q", {ElementType::kI8, {n, packed}});
  Value scales =
      b.Arg("scales", {ElementType::kF32, quant == WeightQuant::kInt4
                                              ? std::vector<int64_t>{n, k / kInt4GroupSize}
                                              : std::vector<int64_t>{n}});
  Value y = hlo::QuantizedProject(b, x, q, scales, quant, form);
  VLMXLA_ASSIGN_OR_RETURN(hlo::Function f, b.Finish({y}));
  hlo::Module module;
  VLMXLA_RETURN_IF_ERROR(module.Add(std::move(f)));
  return module.ToString();
}

// Not an engine form, measured for comparison (int8 only): x quantized per row at run time
// (scale max |x| / 127; the convert truncates, which is fine for timing), an i8 x i8 -> i32
// dot_general (what IREE's s8s8s32 matmul kernels take), then times both scales. The engine does
// not use it: the oracle, and so the gate, does not quantize activations.
Result<std::string> DynamicInt8Module(ElementType t, int64_t m, int64_t n, int64_t k) {
  hlo::Builder b("main");
  Value x = b.Arg("x", {t, {m, k}});
  Value q = b.Arg("q", {ElementType::kI8, {n, k}});
  Value scales = b.Arg("scales", {ElementType::kF32, {n}});
  Value xf = b.CastTo(x, ElementType::kF32);
  Value amax = b.Maximum(b.Reduce(b.Abs(xf), {1}, hlo::ReduceKind::kMax),
                         b.Splat({ElementType::kF32, {m}}, 1e-30));
  Value sx = b.Divide(amax, b.Splat({ElementType::kF32, {m}}, 127));
  Value xq = b.Convert(b.Divide(xf, b.BroadcastInDim(sx, {m, k}, {0})), ElementType::kI8);
  Value acc = b.DotGeneral(xq, q, {}, {}, {1}, {1}, ElementType::kI32);
  Value y =
      b.Multiply(b.Multiply(b.Convert(acc, ElementType::kF32), b.BroadcastInDim(sx, {m, n}, {0})),
                 b.BroadcastInDim(scales, {m, n}, {1}));
  VLMXLA_ASSIGN_OR_RETURN(hlo::Function f, b.Finish({b.CastTo(y, t)}));
  hlo::Module module;
  VLMXLA_RETURN_IF_ERROR(module.Add(std::move(f)));
  return module.ToString();
}

HostTensor Filled(DType dtype, Shape shape) {
  HostTensor t(dtype, std::move(shape));
  // 0x3c bytes: a small positive value in every float type (f32 0.0115, bf16 0.0115, f16 1.06).
  std::memset(t.mutable_data(), 0x3c, t.byte_size());
  return t;
}

Status TimeProducts(const ParsedArgs& args) {
  const std::string backend = args.Get("backend").value_or("pjrt-cpu");
  struct WeightShape {
    int64_t out, in;
  };
  std::vector<WeightShape> shapes;
  for (const std::string& s :
       Split(args.Get("shapes").value_or("152000x896,4864x896,896x4864,896x896,128x896"))) {
    const size_t x = s.find('x');
    if (x == std::string::npos) return InvalidArgument("--shapes: '" + s + "' is not OUTxIN");
    VLMXLA_ASSIGN_OR_RETURN(int64_t out, Positive(s.substr(0, x), "--shapes OUT"));
    VLMXLA_ASSIGN_OR_RETURN(int64_t in, Positive(s.substr(x + 1), "--shapes IN"));
    shapes.push_back({out, in});
  }
  VLMXLA_ASSIGN_OR_RETURN(WeightQuant quant,
                          ParseWeightQuant(args.Get("weights").value_or("stored"), "--weights"));
  std::vector<int64_t> rows;
  const char* default_rows = quant == WeightQuant::kNone ? "1,2,4,8" : "1,2,4,8,64,256";
  for (const std::string& r : Split(args.Get("rows").value_or(default_rows))) {
    VLMXLA_ASSIGN_OR_RETURN(int64_t m, Positive(r, "--rows"));
    rows.push_back(m);
  }
  std::vector<ElementType> dtypes;
  for (const std::string& d : Split(args.Get("dtypes").value_or("float32,bfloat16,float16"))) {
    VLMXLA_ASSIGN_OR_RETURN(std::optional<ElementType> t, engine::ParseDtypeFlag(d, "--dtypes"));
    if (!t) return InvalidArgument("--dtypes takes float32, bfloat16 or float16, not 'auto'");
    dtypes.push_back(*t);
  }
  VLMXLA_ASSIGN_OR_RETURN(int64_t repeat, Positive(args.Get("repeat").value_or("20"), "--repeat"));
  if (shapes.empty() || rows.empty() || dtypes.empty()) {
    return InvalidArgument("--shapes, --rows and --dtypes each need at least one value");
  }

  VLMXLA_ASSIGN_OR_RETURN(auto executor, runtime::MakeExecutor(backend));
  // Median milliseconds of `repeat` calls of `mlir` on `call` after one warm-up call.
  auto time_call = [&](const std::string& mlir,
                       std::vector<runtime::DeviceBuffer*> call) -> Result<double> {
    VLMXLA_ASSIGN_OR_RETURN(auto exe, executor->Compile(mlir));
    VLMXLA_RETURN_IF_ERROR(exe->Execute(call).status());  // warm-up
    std::vector<double> ms;
    for (int64_t i = 0; i < repeat; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      VLMXLA_RETURN_IF_ERROR(exe->Execute(call).status());
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    return ms[ms.size() / 2];
  };
  std::printf("backend %s (%s), %lld timed calls each, median\n\n", backend.c_str(),
              executor->device_description().c_str(), static_cast<long long>(repeat));
  if (quant != WeightQuant::kNone) {
    std::printf(
        "| weight OUTxIN [out, in] | weights | dtype | form | rows | ms per call | GB/s "
        "of stored weight |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (const WeightShape& s : shapes) {
      if (quant == WeightQuant::kInt4 && s.in % kInt4GroupSize != 0) {
        return InvalidArgument("--shapes: int4 needs IN a multiple of 32, got " +
                               std::to_string(s.in));
      }
      const int64_t packed = quant == WeightQuant::kInt4 ? s.in / 2 : s.in;
      const int64_t scale_count = quant == WeightQuant::kInt4 ? s.in / kInt4GroupSize : 1;
      VLMXLA_ASSIGN_OR_RETURN(auto q, executor->Upload(Filled(DType::kI8, {s.out, packed})));
      const Shape scale_shape =
          quant == WeightQuant::kInt4 ? Shape{s.out, scale_count} : Shape{s.out};
      VLMXLA_ASSIGN_OR_RETURN(auto scales, executor->Upload(Filled(DType::kF32, scale_shape)));
      for (ElementType t : dtypes) {
        const DType dt = hlo::DTypeFromElementType(t);
        // The engine's forms (the host call where the backend registers it), then (int8)
        // dynamically quantized activations.
        std::vector<hlo::QuantProduct> engine_forms = {hlo::QuantProduct::kWidenedWeight,
                                                       hlo::QuantProduct::kWidenedBlocks,
                                                       hlo::QuantProduct::kMatrixVector};
        if (executor->traits().has_quantized_matvec_call) {
          engine_forms.push_back(hlo::QuantProduct::kHostCall);
        }
        const int engine = static_cast<int>(engine_forms.size());
        const int forms = engine + (quant == WeightQuant::kInt8 ? 1 : 0);
        for (int form = 0; form < forms; ++form) {
          for (int64_t m : rows) {
            // Beyond their rows the streamed forms are the widened blocks, timed above.
            const hlo::QuantProduct f =
                form < engine ? engine_forms[form] : hlo::QuantProduct::kWidenedWeight;
            if ((f == hlo::QuantProduct::kMatrixVector && m > hlo::kMaxStreamedRows) ||
                (f == hlo::QuantProduct::kHostCall && m > hlo::kMaxHostCallRows)) {
              continue;
            }
            std::string mlir;
            if (form < engine) {
              VLMXLA_ASSIGN_OR_RETURN(
                  mlir, QuantizedModule(engine_forms[form], quant, t, m, s.out, s.in));
            } else {
              VLMXLA_ASSIGN_OR_RETURN(mlir, DynamicInt8Module(t, m, s.out, s.in));
            }
            VLMXLA_ASSIGN_OR_RETURN(auto x, executor->Upload(Filled(dt, {m, s.in})));
            VLMXLA_ASSIGN_OR_RETURN(double median,
                                    time_call(mlir, {x.get(), q.get(), scales.get()}));
            const double bytes = static_cast<double>(s.out) * packed;
            std::printf("| %lldx%lld | %s | %s | %s | %lld | %.3f | %.1f |\n",
                        static_cast<long long>(s.out), static_cast<long long>(s.in),
                        WeightQuantName(quant), engine::TorchDtypeName(t),
                        form < engine ? hlo::QuantProductName(engine_forms[form])
                                      : "i8 x i8 -> i32, dynamic activations",
                        static_cast<long long>(m), median, bytes / (median * 1e6));
            std::fflush(stdout);
          }
        }
      }
    }
    return Status::Ok();
  }
  std::printf("| weight OUTxIN | dtype | form | rows | ms per call | GB/s of weight |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (const WeightShape& s : shapes) {
    for (ElementType t : dtypes) {
      const DType dt = hlo::DTypeFromElementType(t);
      for (Form form : {Form::kInOut, Form::kRowsTimesWeight, Form::kWeightTimesRows}) {
        const Shape ws = form == Form::kInOut ? Shape{s.in, s.out} : Shape{s.out, s.in};
        VLMXLA_ASSIGN_OR_RETURN(auto weight, executor->Upload(Filled(dt, ws)));
        for (int64_t m : rows) {
          VLMXLA_ASSIGN_OR_RETURN(std::string mlir, ProductModule(form, t, m, s.out, s.in));
          VLMXLA_ASSIGN_OR_RETURN(auto x, executor->Upload(Filled(dt, {m, s.in})));
          VLMXLA_ASSIGN_OR_RETURN(double median, time_call(mlir, {x.get(), weight.get()}));
          const double bytes = static_cast<double>(s.out) * s.in * DTypeSize(dt);
          std::printf("| %lldx%lld | %s | %s | %lld | %.3f | %.1f |\n",
                      static_cast<long long>(s.out), static_cast<long long>(s.in),
                      engine::TorchDtypeName(t), FormName(form), static_cast<long long>(m), median,
                      bytes / (median * 1e6));
          std::fflush(stdout);
        }
      }
    }
  }
  return Status::Ok();
}

int TimeProductsCommand(const std::vector<std::string>& argv) {
  auto args = ParseArgs(argv, kFlags);
  if (!args.ok()) {
    std::fprintf(stderr, "vlmxla-testtool time-products: %s\n%s%s", args.status().message().c_str(),
                 kUsage, FlagsHelp(kFlags).c_str());
    return kExitUsage;
  }
  if (args->Has("help")) {
    std::printf("%s%s", kUsage, FlagsHelp(kFlags).c_str());
    return kExitOk;
  }
  if (Status st = TimeProducts(*args); !st.ok()) {
    std::fprintf(stderr, "vlmxla-testtool time-products: %s\n", st.ToString().c_str());
    return kExitError;
  }
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND(
    "time-products", "time one rows-by-weight product per form, dtype and row count on a backend",
    TimeProductsCommand);

}  // namespace vlmxla::cli
