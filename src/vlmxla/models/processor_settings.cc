#include "vlmxla/models/processor_settings.h"

#include <nlohmann/json.hpp>

namespace vlmxla::models {

Result<ProcessorSettings> ReadProcessorSettings(const io::ModelDir& model,
                                                ProcessorSettings defaults) {
  ProcessorSettings s = std::move(defaults);
  if (!model.HasFile("processor_config.json")) return s;
  VLMXLA_ASSIGN_OR_RETURN(nlohmann::json j, io::ReadJsonFile(model.Path("processor_config.json")));
  const std::string where = model.Path("processor_config.json");
  auto get_int = [&](const char* key, int* out) -> Status {
    if (!j.contains(key) || j[key].is_null()) return Status::Ok();
    if (!j[key].is_number_integer())
      return InvalidArgument(where + ": '" + key + "' must be an integer");
    *out = j[key].get<int>();
    return Status::Ok();
  };
  auto get_str = [&](const char* key, std::string* out) -> Status {
    if (!j.contains(key) || j[key].is_null()) return Status::Ok();
    if (!j[key].is_string()) return InvalidArgument(where + ": '" + key + "' must be a string");
    *out = j[key].get<std::string>();
    return Status::Ok();
  };
  VLMXLA_RETURN_IF_ERROR(get_int("patch_size", &s.patch_size));
  VLMXLA_RETURN_IF_ERROR(get_int("num_additional_image_tokens", &s.num_additional_image_tokens));
  VLMXLA_RETURN_IF_ERROR(
      get_str("vision_feature_select_strategy", &s.vision_feature_select_strategy));
  VLMXLA_RETURN_IF_ERROR(get_str("image_token", &s.image_token));
  return s;
}

Status CheckImageToken(const text::Tokenizer& tokenizer, const std::string& token, int32_t id,
                       const char* config_field) {
  auto found = tokenizer.TokenToId(token);
  if (found && *found == id) return Status::Ok();
  return FailedPrecondition(
      "image token '" + token + "' is " +
      (found ? "id " + std::to_string(*found) : std::string("not in the vocabulary")) +
      " in tokenizer.json but config.json says " + config_field + " " + std::to_string(id));
}

}  // namespace vlmxla::models
