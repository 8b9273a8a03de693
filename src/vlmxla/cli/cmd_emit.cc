// `vlmxla emit`: writes one device program of a model (--model/--program) as StableHLO without
// running it and, beside it, its signature as JSON, which the structural tests compare with what
// config.json implies. (The builder's self-check modules are test tooling: vlmxla-testtool
// emit-demo.)
#include <cstdio>
#include <fstream>
#include <iostream>
#include <variant>

#include <nlohmann/json.hpp>

#include "vlmxla/base/quantize.h"
#include "vlmxla/cli/args.h"
#include "vlmxla/cli/command.h"
#include "vlmxla/engine/precision.h"
#include "vlmxla/hlo/builder.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/models/registry.h"

namespace vlmxla::cli {
namespace {

const std::vector<FlagSpec> kFlags = {
    {"model", true, false, "Hugging Face model directory (required)"},
    {"program", true, false, "vision_encode | prefill | decode (with --model)"},
    {"num-images", true, false, "vision_encode (LLaVA): images per call (default 1)"},
    {"num-patches", true, false,
     "vision_encode (Qwen2-VL / Qwen2.5-VL): patch rows, the patch bucket (default: the smallest "
     "bucket)"},
    {"seq-len", true, false, "prefill: prompt positions L (required for prefill)"},
    {"num-image-features", true, false, "prefill: rows of image_features (default 1)"},
    {"batch", true, false, "decode: KV-cache slots per call (default 1)"},
    {"capacity", true, false,
     "prefill/decode: positions per KV cache C (required for decode; prefill default: --seq-len)"},
    {"taps", false, false, "add the diagnostic results the reference gate compares"},
    {"weights-layout", true, false,
     "decoder Linear weights as the checkpoint's out-in (default, IREE's layout) or transposed "
     "in-out (PJRT's)"},
    {"dtype", true, false, "compute dtype: float32 (default) | bfloat16 | float16"},
    {"weights-dtype", true, false,
     "the weights' stored dtype: float32 | bfloat16 | float16 (default: --dtype)"},
    {"weights", true, false,
     "the decoder projections and LM head: stored (default) | int8 | int4 (quantized arguments, "
     "widened in the program: what the engine emits for --weights)"},
    {"two-row-narrow-gemv", false, false,
     "emit one-row products of narrow weights as two rows (what the engine emits for backends "
     "without a narrow matrix-vector kernel)"},
    {"narrow-rows-times-weight", false, false,
     "emit products of narrow [out, in] weights as rows . weight^T (what the engine emits for bf16 "
     "on XLA's CPU backend)"},
    {"attention-block-scores", true, false, kAttentionBlockScoresHelp},
    {"output", true, false,
     "write the module here (default: stdout); with --model required, and the signature goes "
     "to FILE.json"},
    {"help", false, false, "show this help"},
};

constexpr char kUsage[] =
    "usage: vlmxla emit --model DIR --program NAME [bucket flags] [--taps] --output FILE.mlir\n";

Status WriteFile(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (!file.good()) return Unavailable("cannot write " + path);
  return Status::Ok();
}

nlohmann::ordered_json TypeJson(const hlo::TensorType& t) {
  return {{"dtype", hlo::ElementTypeName(t.element)}, {"dims", t.dims}};
}

// The program's parameters and results as the runners bind them, in @main's order.
std::string SignatureJson(const hlo::Program& program) {
  nlohmann::ordered_json params = nlohmann::ordered_json::array();
  for (const auto& p : program.params) {
    const bool weight = p.kind == hlo::ProgramParam::Kind::kWeight;
    nlohmann::ordered_json j = {{"name", p.name}, {"kind", weight ? "weight" : "input"}};
    j.update(TypeJson(p.type));
    if (p.alias_result >= 0) j["alias_result"] = p.alias_result;
    if (p.transposed) j["transposed"] = true;  // bind the checkpoint tensor transposed
    params.push_back(std::move(j));
  }
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (size_t i = 0; i < program.result_types.size(); ++i) {
    nlohmann::ordered_json j = {
        {"name", i < program.result_names.size() ? program.result_names[i] : std::string()}};
    j.update(TypeJson(program.result_types[i]));
    results.push_back(std::move(j));
  }
  nlohmann::ordered_json j = {{"program", program.name}, {"params", params}, {"results", results}};
  return j.dump(2) + "\n";
}

// A bucket flag: absent -> `fallback`; present -> an integer in [1, 2^24].
Result<int> BucketFlag(const ParsedArgs& args, const std::string& name, int fallback) {
  VLMXLA_ASSIGN_OR_RETURN(int64_t v, args.GetInt(name, fallback));
  constexpr int64_t kMax = int64_t{1} << 24;
  if (args.Has(name) && (v < 1 || v > kMax)) {
    return InvalidArgument("--" + name + " must be between 1 and " + std::to_string(kMax) +
                           ", got " + std::to_string(v));
  }
  return static_cast<int>(v);
}

// The program's bucket flags and the common ones into `options` (the program's defaults); errors
// here are usage errors.
Status ProgramFlags(const ParsedArgs& args, hlo::ProgramOptions& options) {
  VLMXLA_ASSIGN_OR_RETURN(const int num_images, BucketFlag(args, "num-images", 1));
  VLMXLA_ASSIGN_OR_RETURN(const int num_patches, BucketFlag(args, "num-patches", 0));
  VLMXLA_ASSIGN_OR_RETURN(const int seq_len, BucketFlag(args, "seq-len", 0));
  VLMXLA_ASSIGN_OR_RETURN(const int num_image_features, BucketFlag(args, "num-image-features", 1));
  VLMXLA_ASSIGN_OR_RETURN(const int batch, BucketFlag(args, "batch", 1));
  // A prefill without --capacity writes into a cache exactly as long as its prompt bucket.
  const bool prefill = std::holds_alternative<hlo::PrefillOptions>(options);
  VLMXLA_ASSIGN_OR_RETURN(const int capacity, BucketFlag(args, "capacity", prefill ? seq_len : 0));
  if (auto* o = std::get_if<hlo::VisionEncodeOptions>(&options)) {
    o->num_images = num_images;
    o->num_patches = num_patches;  // 0: EmitProgram picks the smallest bucket of a Qwen model
  }
  if (auto* o = std::get_if<hlo::PrefillOptions>(&options)) {
    o->seq_len = seq_len;
    o->num_image_features = num_image_features;
    o->capacity = capacity;
  }
  if (auto* o = std::get_if<hlo::DecodeOptions>(&options)) {
    o->batch = batch;
    o->capacity = capacity;
  }
  hlo::ProgramCommonOptions& common = hlo::CommonOptions(options);
  common.taps = args.Has("taps");
  VLMXLA_ASSIGN_OR_RETURN(common.weights_in_out, WeightsInOutFlag(args, false));
  VLMXLA_ASSIGN_OR_RETURN(auto compute,
                          engine::ParseDtypeFlag(args.Get("dtype").value_or("float32"), "--dtype"));
  VLMXLA_ASSIGN_OR_RETURN(
      auto weights,
      engine::ParseDtypeFlag(args.Get("weights-dtype").value_or("auto"), "--weights-dtype"));
  common.precision.compute = compute.value_or(hlo::ElementType::kF32);
  common.precision.weights = weights.value_or(common.precision.compute);
  common.precision.two_row_narrow_gemv = args.Has("two-row-narrow-gemv");
  common.precision.narrow_rows_times_weight = args.Has("narrow-rows-times-weight");
  VLMXLA_ASSIGN_OR_RETURN(common.precision.quant,
                          ParseWeightQuant(args.Get("weights").value_or("stored"), "--weights"));
  VLMXLA_ASSIGN_OR_RETURN(common.attention_block_scores,
                          AttentionBlockScoresFlag(args, common.attention_block_scores));
  return Status::Ok();
}

Status EmitProgram(const ParsedArgs& args, hlo::ProgramOptions options) {
  const std::string output = *args.Get("output");
  VLMXLA_ASSIGN_OR_RETURN(io::ModelDir model, io::ModelDir::Open(*args.Get("model")));
  VLMXLA_ASSIGN_OR_RETURN(const models::Family* family, models::FamilyOf(model.config()));
  auto* vision = std::get_if<hlo::VisionEncodeOptions>(&options);
  if (vision && family->takes_images()) {
    // The family's smallest bucket where it has buckets; --images (num_images) stays as given.
    const hlo::VisionEncodeOptions smallest = family->SmallestVision(model.config(), *vision);
    if (vision->num_patches == 0) vision->num_patches = smallest.num_patches;
    if (vision->num_feature_rows == 0) vision->num_feature_rows = smallest.num_feature_rows;
  }
  VLMXLA_ASSIGN_OR_RETURN(hlo::Program program, models::BuildProgram(model.config(), options));
  VLMXLA_RETURN_IF_ERROR(WriteFile(output, program.mlir));
  return WriteFile(output + ".json", SignatureJson(program));
}

int Emit(const std::vector<std::string>& argv) {
  auto args = ParseArgs(argv, kFlags);
  if (!args.ok()) {
    std::cerr << "vlmxla emit: " << args.status().message() << "\n" << kUsage << FlagsHelp(kFlags);
    return kExitUsage;
  }
  if (args->Has("help")) {
    std::cout << kUsage << FlagsHelp(kFlags);
    return kExitOk;
  }
  for (const char* flag : {"model", "program", "output"}) {
    if (!args->Has(flag)) {
      std::cerr << "vlmxla emit: --" << flag << " is required\n" << kUsage;
      return kExitUsage;
    }
  }
  auto options = hlo::DefaultProgramOptions(*args->Get("program"));
  Status st = options.status();
  if (options.ok()) {
    if (Status flags = ProgramFlags(*args, *options); !flags.ok()) {
      std::cerr << "vlmxla emit: " << flags.message() << "\n" << kUsage;
      return kExitUsage;
    }
    st = EmitProgram(*args, *options);
  }
  if (!st.ok()) {
    std::cerr << "vlmxla emit: " << st.ToString() << "\n";
    return kExitError;
  }
  return kExitOk;
}

}  // namespace

VLMXLA_REGISTER_COMMAND("emit", "write a model program's StableHLO and signature", Emit);

}  // namespace vlmxla::cli
