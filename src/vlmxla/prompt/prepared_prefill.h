// PreparedPrefill: what the host hands the device for one prompt — token ids with image
// placeholders expanded, where each image's features go, positions, mask and lengths — and the
// pure function that builds it from tokenized text.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"

namespace vlmxla::prompt {

// How an architecture lays out image tokens in the prompt.
struct PlaceholderSpec {
  int32_t image_token_id = -1;
  std::string image_token = "<image>";
  int tokens_per_image = 0;  // feature tokens one image expands to
  // Per-image feature-token counts (Qwen2-VL: t*h*w / merge_unit). When non-empty, image i
  // expands to image_token_counts[i] tokens and tokens_per_image is not used.
  std::vector<int64_t> image_token_counts;
};

// The span of input_ids that image `image_index` fills with its features.
struct ImageSlot {
  int image_index = 0;
  int64_t offset = 0;
  int64_t length = 0;
};

struct PreparedPrefill {
  std::string rendered_text;            // chat template output
  std::vector<int32_t> unexpanded_ids;  // one placeholder id per image
  std::vector<int32_t> input_ids;       // placeholders expanded to tokens_per_image each
  std::vector<int32_t> position_ids;    // 0..effective_length-1
  std::vector<int32_t> attention_mask;  // all ones (one left-aligned sequence)
  std::vector<ImageSlot> image_slots;   // in prompt order == image order
  int64_t logical_length = 0;           // tokens as the user wrote them: each image counts once
  int64_t effective_length = 0;         // positions the prompt occupies on the device
  // f32 [num_images, 3, H, W] (LLaVA), or f32 [total_patches, patch_dim] (Qwen families: every
  // image's flattened patches, concatenated in image order); empty when there are no images.
  HostTensor pixel_values;
  // Qwen families (M-RoPE): [3, effective_length] axis-major (t, h, w) exactly as Transformers'
  // get_rope_index; EMPTY for 1D-RoPE models.
  std::vector<int32_t> rope_position_ids;
  // get_rope_index's rope_deltas: decode at KV row p rotates by p + rope_delta (all three axes).
  int64_t rope_delta = 0;
  // Qwen families: per image [t, h, w] in patches (the processor's image_grid_thw).
  std::vector<std::array<int32_t, 3>> image_grid_thw;
  // LLaVA-NeXT / LLaVA-OneVision: per image its decoded (height, width) (the processor's
  // image_sizes), which fixes its tiles and feature layout.
  std::vector<std::array<int32_t, 2>> image_sizes;
  // What else the family's host half derived from the images, for a capture to record beside the
  // stages above (LLaVA-NeXT: the tile grids and each image's packed feature count), in order.
  std::vector<std::pair<std::string, HostTensor>> host_stages;
  // Per image, the digest of its preprocessed input (its pixel rows and grid): what the engine's
  // prefix and image caches key it by (engine/prefix_cache.h). Empty: not computed yet.
  std::vector<std::string> image_digests;
};

// Error reasons (Status::reason()) callers map to protocol codes.
inline constexpr char kReasonPlaceholderMismatch[] = "placeholder_count_mismatch";
inline constexpr char kReasonContextLengthExceeded[] = "context_length_exceeded";
// A text-only model given images (or image parts in its messages).
inline constexpr char kReasonImagesUnsupported[] = "images_unsupported";
// Tools sent to a model whose chat template never renders them.
inline constexpr char kReasonToolsUnsupported[] = "tools_unsupported";
// A prompt holding a video placeholder (<|video_pad|>): no video input yet.
inline constexpr char kReasonVideoUnsupported[] = "video_unsupported";

// The kReasonPlaceholderMismatch error: "prompt has N image placeholders (TOKEN) but M images
// were given".
Status PlaceholderMismatch(int64_t placeholders, const std::string& image_token, int64_t images);

// Expands placeholders in `unexpanded_ids` for `num_images` images (each to spec.tokens_per_image
// tokens, or to its own spec.image_token_counts entry) and checks that the result fits
// `context_capacity` positions. Fails with kReasonPlaceholderMismatch when the number of
// placeholders differs from num_images and with kReasonContextLengthExceeded (naming both numbers)
// when the prompt needs more positions than the capacity.
Result<PreparedPrefill> ExpandPrompt(std::vector<int32_t> unexpanded_ids, int num_images,
                                     const PlaceholderSpec& spec, int64_t context_capacity);

}  // namespace vlmxla::prompt
