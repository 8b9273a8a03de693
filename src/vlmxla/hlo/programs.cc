#include "vlmxla/hlo/programs.h"

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

Status FinishProgram(Builder& b, const std::vector<Value>& results, Program& program) {
  VLMXLA_ASSIGN_OR_RETURN(Function fn, b.Finish(results));
  program.result_types = fn.result_types;
  Module module;
  VLMXLA_RETURN_IF_ERROR(module.Add(std::move(fn)));
  program.mlir = module.ToString();
  return Status::Ok();
}

Result<Program> BuildProgram(const io::ModelConfig& config, const std::string& name,
                             const ProgramOptions& options) {
  if (name == "vision_encode") {
    if (!config.llava) {
      return InvalidArgument("vision_encode needs a multimodal (llava) model, this one is " +
                             config.model_type);
    }
    return BuildVisionEncode(*config.llava, options);
  }
  if (name == "prefill") {
    const int image_token = config.llava ? config.llava->image_token_index : -1;
    return BuildPrefill(config.text, image_token, options);
  }
  if (name == "decode") {
    const int image_token = config.llava ? config.llava->image_token_index : -1;
    return BuildDecode(config.text, image_token, options);
  }
  return InvalidArgument("unknown program '" + name +
                         "' (known: vision_encode, prefill, decode)");
}

}  // namespace vlmxla::hlo
