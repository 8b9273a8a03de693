#include "vlmxla/hlo/model_programs.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <variant>

namespace vlmxla::hlo {

Value DeclareInput(Builder& b, Program& program, const std::string& name, TensorType type,
                   int alias_result) {
  program.params.push_back({ProgramParam::Kind::kInput, name, type, alias_result});
  // Input names may hold dots ("kv.0.key"); MLIR argument names may not.
  std::string arg = name;
  for (char& c : arg) {
    if (c == '.') c = '_';
  }
  Value v = b.Arg(arg, std::move(type));
  if (alias_result >= 0) b.SetAliasingOutput(v, alias_result);
  return v;
}

Value DeclareKvInput(Builder& b, Program& program, const std::string& name, TensorType type,
                     int alias_result, KvRole role) {
  Value v = DeclareInput(b, program, name, std::move(type), alias_result);
  program.params.back().kv = role;
  return v;
}

Status FinishProgram(Builder& b, const std::vector<Value>& results, Program& program) {
  VLMXLA_ASSIGN_OR_RETURN(Function fn, b.Finish(results));
  program.result_types = fn.result_types;
  Module module;
  VLMXLA_RETURN_IF_ERROR(module.Add(std::move(fn)));
  program.mlir = module.ToString();
  return Status::Ok();
}

Result<bool> ParseWeightsLayout(const std::string& value, const std::string& source) {
  if (value == "in-out") return true;
  if (value == "out-in") return false;
  return InvalidArgument(source + " must be in-out or out-in, got '" + value + "'");
}

Result<HostTensor> BindWeight(const ProgramParam& param, HostTensor checkpoint) {
  Shape expected(param.type.dims);
  if (param.transposed && expected.size() == 2) std::swap(expected[0], expected[1]);
  const DType want = DTypeFromElementType(param.type.element);
  // A tensor stored in another float type than the rest of the checkpoint (the program's weight
  // type) converts here, as it is uploaded: a temporary copy, like a transpose.
  if (checkpoint.shape() == expected && checkpoint.dtype() != want &&
      DTypeIsFloat(checkpoint.dtype()) && DTypeIsFloat(want) && checkpoint.dtype() != DType::kF64) {
    VLMXLA_ASSIGN_OR_RETURN(checkpoint, ConvertFloats(checkpoint, want));
  }
  if (checkpoint.shape() != expected || checkpoint.dtype() != want ||
      (param.transposed && expected.size() != 2)) {
    return InvalidArgument("weight '" + param.name + "' is " + DTypeName(checkpoint.dtype()) + " " +
                           ShapeToString(checkpoint.shape()) + " but the program expects " +
                           DTypeName(DTypeFromElementType(param.type.element)) + " " +
                           ShapeToString(expected) + (param.transposed ? " (to transpose)" : ""));
  }
  if (!param.transposed) return checkpoint;
  // [rows, cols] -> [cols, rows] in 32x32 tiles, so both sides are read and written in cache lines.
  const int64_t rows = expected[0], cols = expected[1];
  const size_t es = DTypeSize(checkpoint.dtype());
  HostTensor out(checkpoint.dtype(), Shape(param.type.dims));
  const auto* src = static_cast<const unsigned char*>(checkpoint.data());
  auto* dst = static_cast<unsigned char*>(out.mutable_data());
  constexpr int64_t kTile = 32;
  for (int64_t r0 = 0; r0 < rows; r0 += kTile) {
    const int64_t r1 = std::min(rows, r0 + kTile);
    for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
      const int64_t c1 = std::min(cols, c0 + kTile);
      for (int64_t r = r0; r < r1; ++r) {
        for (int64_t c = c0; c < c1; ++c) {
          std::memcpy(dst + (c * rows + r) * es, src + (r * cols + c) * es, es);
        }
      }
    }
  }
  return out;
}

const char* ProgramName(const ProgramOptions& options) {
  constexpr const char* kNames[] = {"vision_encode", "prefill", "decode"};
  static_assert(std::variant_size_v<ProgramOptions> == std::size(kNames));
  return kNames[options.index()];
}

const ProgramCommonOptions& CommonOptions(const ProgramOptions& options) {
  return std::visit([](const auto& o) -> const ProgramCommonOptions& { return o; }, options);
}

ProgramCommonOptions& CommonOptions(ProgramOptions& options) {
  return std::visit([](auto& o) -> ProgramCommonOptions& { return o; }, options);
}

Builder MainBuilder(const ProgramCommonOptions& options) {
  Builder b("main");
  b.set_two_row_narrow_gemv(options.precision.two_row_narrow_gemv);
  b.set_narrow_rows_times_weight(options.precision.narrow_rows_times_weight);
  b.set_quantized_matvec_call(options.precision.quantized_matvec_call);
  b.set_source_locations(options.source_locations);
  return b;
}

Result<ProgramOptions> DefaultProgramOptions(const std::string& name) {
  if (name == "vision_encode") return ProgramOptions(VisionEncodeOptions{});
  if (name == "prefill") return ProgramOptions(PrefillOptions{});
  if (name == "decode") return ProgramOptions(DecodeOptions{});
  return InvalidArgument("unknown program '" + name + "' (known: vision_encode, prefill, decode)");
}

}  // namespace vlmxla::hlo
