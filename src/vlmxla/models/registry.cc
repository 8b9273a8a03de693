#include "vlmxla/models/registry.h"

#include <algorithm>
#include <variant>

#include "vlmxla/models/gemma3/gemma3.h"
#include "vlmxla/models/llava/llava.h"
#include "vlmxla/models/llava_next/llava_next.h"
#include "vlmxla/models/qwen2_vl/qwen2_vl.h"
#include "vlmxla/models/qwen3_vl/qwen3_vl.h"
#include "vlmxla/models/text_only/text_only.h"

namespace vlmxla::models {
namespace {

// One line per family.
const Family* const kFamilies[] = {&LlavaFamily(),   &LlavaNextFamily(), &Qwen2VLFamily(),
                                   &Qwen3VLFamily(), &Gemma3Family(),    &TextOnlyFamily()};

std::string Joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

std::vector<std::string> SupportedModelTypes() {
  std::vector<std::string> out;
  for (const Family* f : kFamilies) {
    for (const std::string& t : f->model_types()) out.push_back(t);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Result<const Family*> FindFamily(const std::string& model_type) {
  for (const Family* f : kFamilies) {
    const std::vector<std::string> types = f->model_types();
    if (std::find(types.begin(), types.end(), model_type) != types.end()) return f;
  }
  return Unimplemented("model_type '" + model_type +
                           "' is not supported (supported: " + Joined(SupportedModelTypes()) + ")",
                       kReasonUnsupportedModelType);
}

Result<const Family*> FamilyOf(const io::ModelConfig& config) {
  return FindFamily(config.model_type);
}

Result<hlo::Program> BuildProgram(const io::ModelConfig& config,
                                  const hlo::ProgramOptions& options) {
  if (const auto* o = std::get_if<hlo::VisionEncodeOptions>(&options)) {
    VLMXLA_ASSIGN_OR_RETURN(const Family* family, FamilyOf(config));
    return family->BuildVisionEncode(config, *o);  // a text-only family refuses it
  }
  if (const auto* o = std::get_if<hlo::PrefillOptions>(&options)) {
    return hlo::BuildPrefill(config.text, config.image_token_id(), *o);
  }
  return hlo::BuildDecode(config.text, std::get<hlo::DecodeOptions>(options));
}

}  // namespace vlmxla::models
