#include "vlmxla/prompt/prepared_prefill.h"

namespace vlmxla::prompt {

namespace {
std::string Plural(int64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}
}  // namespace

Status PlaceholderMismatch(int64_t placeholders, const std::string& image_token, int64_t images) {
  return InvalidArgument(
      "prompt has " + Plural(placeholders, "image placeholder", "image placeholders") + " (" +
          image_token + ") but " + Plural(images, "image was", "images were") + " given",
      kReasonPlaceholderMismatch);
}

Result<PreparedPrefill> ExpandPrompt(std::vector<int32_t> unexpanded_ids, int num_images,
                                     const PlaceholderSpec& spec, int64_t context_capacity) {
  const bool per_image = !spec.image_token_counts.empty();
  if (per_image && static_cast<int64_t>(spec.image_token_counts.size()) != num_images) {
    return Internal("placeholder layout has " + std::to_string(spec.image_token_counts.size()) +
                    " image token counts for " + Plural(num_images, "image", "images"));
  }
  auto tokens_for = [&](int image) -> int64_t {
    return per_image ? spec.image_token_counts[image] : spec.tokens_per_image;
  };
  for (int i = 0; i < num_images; ++i) {
    if (tokens_for(i) <= 0) {
      return FailedPrecondition("this model has no image placeholder layout but " +
                                Plural(num_images, "image was", "images were") + " given");
    }
  }
  int64_t placeholders = 0;
  for (int32_t id : unexpanded_ids) placeholders += id == spec.image_token_id;
  if (placeholders != num_images)
    return PlaceholderMismatch(placeholders, spec.image_token, num_images);
  const int64_t logical = static_cast<int64_t>(unexpanded_ids.size());
  int64_t effective = logical;
  for (int i = 0; i < num_images; ++i) effective += tokens_for(i) - 1;
  if (effective > context_capacity) {
    return OutOfRange("prompt needs " + std::to_string(effective) +
                          " positions but context capacity is " + std::to_string(context_capacity),
                      kReasonContextLengthExceeded);
  }
  PreparedPrefill p;
  p.logical_length = logical;
  p.effective_length = effective;
  p.input_ids.reserve(effective);
  int image = 0;
  for (int32_t id : unexpanded_ids) {
    if (id == spec.image_token_id) {
      const int64_t n = tokens_for(image);
      p.image_slots.push_back({image++, static_cast<int64_t>(p.input_ids.size()), n});
      p.input_ids.insert(p.input_ids.end(), n, id);
    } else {
      p.input_ids.push_back(id);
    }
  }
  p.position_ids.resize(effective);
  for (int64_t i = 0; i < effective; ++i) p.position_ids[i] = static_cast<int32_t>(i);
  p.attention_mask.assign(effective, 1);
  p.unexpanded_ids = std::move(unexpanded_ids);
  return p;
}

}  // namespace vlmxla::prompt
