#include "vlmxla/models/qwen2_vl/qwen2_vl.h"

#include <algorithm>
#include <cstring>
#include <tuple>

#include "vlmxla/models/processor_settings.h"
#include "vlmxla/prompt/mrope_positions.h"
#include "vlmxla/vision/qwen_image_processor.h"
#include "vlmxla/vision/qwen_vision_layout.h"

namespace vlmxla::models {
namespace {

bool Windowed(const io::QwenVLConfig& q) { return q.family == "qwen2_5_vl"; }

// The processor's patch geometry must be the vision tower's, or the token counts disagree.
Status CheckGeometry(const vision::QwenImageProcessorConfig& p, const io::QwenVisionConfig& v) {
  for (auto [name, processor, model] :
       {std::tuple{"patch_size", p.patch_size, v.patch_size},
        std::tuple{"merge_size", p.merge_size, v.spatial_merge_size},
        std::tuple{"temporal_patch_size", p.temporal_patch_size, v.temporal_patch_size}}) {
    if (processor != model) {
      return FailedPrecondition(std::string("the image processor's ") + name + " is " +
                                std::to_string(processor) + " but the vision tower's is " +
                                std::to_string(model));
    }
  }
  return Status::Ok();
}

// The layout tables the vision program takes, by role. Qwen2-VL's program takes no window
// segments or merged order, and only Qwen3-VL's takes the position-table taps (the runner skips
// inputs a program does not declare).
VisionInputs LayoutInputs(const vision::QwenVisionLayout& layout) {
  const int64_t b = layout.bucket, merged = static_cast<int64_t>(layout.merged_order.size());
  VisionInputs out;
  out.emplace_back(hlo::InputRole::kRotaryHw, I32Tensor(layout.rotary_hw, {b, 2}));
  out.emplace_back(hlo::InputRole::kFullSegment, I32Tensor(layout.full_segment, {b}));
  out.emplace_back(hlo::InputRole::kWindowSegment, I32Tensor(layout.window_segment, {b}));
  out.emplace_back(hlo::InputRole::kMergedOrder, I32Tensor(layout.merged_order, {merged}));
  if (!layout.interp_indices.empty()) {  // Qwen3-VL's position-table taps
    out.emplace_back(hlo::InputRole::kInterpIndices, I32Tensor(layout.interp_indices, {b, 4}));
    HostTensor weights(DType::kF32, Shape{b, 4});
    std::copy(layout.interp_weights.begin(), layout.interp_weights.end(),
              weights.mutable_span<float>().begin());
    out.emplace_back(hlo::InputRole::kInterpWeights, std::move(weights));
  }
  return out;
}

class QwenImages final : public ImagePipeline {
 public:
  QwenImages(vision::QwenImageProcessor processor, std::string image_token,
             const io::QwenVLConfig& config)
      : processor_(std::move(processor)), image_token_(std::move(image_token)), config_(config) {}

  const std::string& image_token() const override { return image_token_; }
  int32_t image_token_id() const override { return config_.image_token_id; }

  Status CheckPrompt(std::span<const int32_t> ids) const override {
    const auto videos = std::count(ids.begin(), ids.end(), config_.video_token_id);
    if (videos == 0) return Status::Ok();
    return Unimplemented("video input is not supported (images only): the prompt holds " +
                             std::to_string(videos) + " video placeholder" +
                             (videos == 1 ? "" : "s") + " (<|video_pad|>)",
                         prompt::kReasonVideoUnsupported);
  }

  Result<ProcessedImages> Process(std::span<const vision::Image> images) const override {
    VLMXLA_ASSIGN_OR_RETURN(vision::QwenProcessedImages processed, processor_.Preprocess(images));
    ProcessedImages out;
    const int merge_unit = config_.vision.merge_unit();
    for (const auto& g : processed.image_grid_thw) {
      out.token_counts.push_back(int64_t{g[0]} * g[1] * g[2] / merge_unit);
    }
    out.pixel_values = std::move(processed.pixel_values);
    out.image_grid_thw = std::move(processed.image_grid_thw);
    VLMXLA_RETURN_IF_ERROR(AddPositionTaps(&out));
    return out;
  }

  Status Finish(ProcessedImages images, prompt::PreparedPrefill* prefill) const override {
    VLMXLA_RETURN_IF_ERROR(prompt::ComputeMropePositions(
        images.image_grid_thw, config_.vision.spatial_merge_size, prefill));
    prefill->image_grid_thw = std::move(images.image_grid_thw);
    prefill->pixel_values = std::move(images.pixel_values);
    prefill->host_stages = std::move(images.host_stages);
    return Status::Ok();
  }

 private:
  // Qwen3-VL (a learned position table): the host's taps of it for the real patch rows, as the
  // vision program gets them (interp_indices / interp_weights, the first num_patches rows), for
  // the capture to compare with Transformers' get_vision_interpolation_indices_and_weights.
  Status AddPositionTaps(ProcessedImages* images) const {
    if (config_.vision.num_position_embeddings <= 0) return Status::Ok();
    int64_t n = 0;
    for (const auto& g : images->image_grid_thw) n += int64_t{g[0]} * g[1] * g[2];
    const int64_t mu = config_.vision.merge_unit();
    VLMXLA_ASSIGN_OR_RETURN(
        vision::QwenVisionLayout layout,
        vision::BuildQwenVisionLayout(config_.vision, /*windowed=*/false, images->image_grid_thw,
                                      (n + mu - 1) / mu * mu));
    HostTensor indices(DType::kI64, Shape{n, 4});
    std::copy_n(layout.interp_indices.begin(), n * 4, indices.mutable_span<int64_t>().begin());
    HostTensor weights(DType::kF32, Shape{n, 4});
    std::copy_n(layout.interp_weights.begin(), n * 4, weights.mutable_span<float>().begin());
    images->host_stages.emplace_back("vision_interp_indices", std::move(indices));
    images->host_stages.emplace_back("vision_interp_weights", std::move(weights));
    return Status::Ok();
  }

  vision::QwenImageProcessor processor_;
  std::string image_token_;
  io::QwenVLConfig config_;
};

int64_t NumPatches(const prompt::PreparedPrefill& p) {
  return p.pixel_values.shape().empty() ? 0 : p.pixel_values.shape()[0];
}

class QwenVL final : public Family {
 public:
  explicit QwenVL(std::vector<std::string> model_types) : model_types_(std::move(model_types)) {}
  std::vector<std::string> model_types() const override { return model_types_; }
  bool takes_images() const override { return true; }

  Result<std::unique_ptr<ImagePipeline>> LoadImages(
      const io::ModelDir& model, const text::Tokenizer& tokenizer) const override {
    const io::QwenVLConfig& q = *model.config().qwen_vl;
    ProcessorSettings defaults;
    defaults.patch_size = q.vision.patch_size;
    defaults.image_token = "<|image_pad|>";  // Qwen2VLProcessor's placeholder
    VLMXLA_ASSIGN_OR_RETURN(ProcessorSettings settings, ReadProcessorSettings(model, defaults));
    auto proc = vision::QwenImageProcessor::FromModelDir(model.dir());
    if (!proc.ok()) return proc.status().WithContext("loading the image processor");
    VLMXLA_RETURN_IF_ERROR(CheckGeometry(proc->config(), q.vision).WithContext(model.dir()));
    VLMXLA_RETURN_IF_ERROR(
        CheckImageToken(tokenizer, settings.image_token, q.image_token_id, "image_token_id"));
    return std::unique_ptr<ImagePipeline>(
        new QwenImages(std::move(proc).value(), settings.image_token, q));
  }

  Result<hlo::Program> BuildVisionEncode(const io::ModelConfig& config,
                                         const hlo::VisionEncodeOptions& options) const override {
    return hlo::BuildQwenVisionEncode(*config.qwen_vl, options);
  }
  hlo::VisionEncodeOptions SmallestVision(const io::ModelConfig& config,
                                          hlo::VisionEncodeOptions common) const override {
    common.num_patches = static_cast<int>(vision::QwenPatchBucket(config.qwen_vl->vision, 1));
    return common;
  }
  int64_t FeatureRows(const io::ModelConfig& config,
                      const prompt::PreparedPrefill& prompt) const override {
    const int64_t n = NumPatches(prompt);
    if (n == 0) return 0;
    return vision::QwenPatchBucket(config.qwen_vl->vision, n) / config.qwen_vl->vision.merge_unit();
  }
  hlo::VisionEncodeOptions VisionOptionsFor(const io::ModelConfig& config,
                                            const prompt::PreparedPrefill& prompt,
                                            hlo::VisionEncodeOptions common) const override {
    // Every image of a prompt packed into one call, padded to a patch bucket.
    common.num_images = 1;
    common.num_patches =
        static_cast<int>(vision::QwenPatchBucket(config.qwen_vl->vision, NumPatches(prompt)));
    return common;
  }

  Result<VisionInputs> VisionInputsFor(const io::ModelConfig& config,
                                       const prompt::PreparedPrefill& prompt,
                                       const hlo::VisionEncodeOptions& options) const override {
    const io::QwenVLConfig& q = *config.qwen_vl;
    const HostTensor& pixels = prompt.pixel_values;
    const int64_t n = NumPatches(prompt), dim = q.vision.patch_dim();
    if (pixels.shape().size() != 2 || pixels.shape()[1] != dim || pixels.dtype() != DType::kF32) {
      return Internal("vision_encode: pixel_values must be f32[patches, " + std::to_string(dim) +
                      "], got " + DTypeName(pixels.dtype()) + " " + ShapeToString(pixels.shape()));
    }
    VLMXLA_ASSIGN_OR_RETURN(vision::QwenVisionLayout layout,
                            vision::BuildQwenVisionLayout(
                                q.vision, Windowed(q), prompt.image_grid_thw, options.num_patches));
    if (layout.num_patches != n) {
      return Internal("vision_encode: image_grid_thw covers " + std::to_string(layout.num_patches) +
                      " patches but pixel_values has " + std::to_string(n));
    }
    const int64_t bucket = layout.bucket;
    // The program's rows: the patches in the layout's order (the window order for Qwen2.5-VL),
    // then zero padding.
    HostTensor rows(DType::kF32, Shape{bucket, dim});
    std::memset(rows.mutable_data(), 0, rows.byte_size());
    const auto src = pixels.span<float>();
    auto dst = rows.mutable_span<float>();
    for (int64_t i = 0; i < n; ++i) {
      std::copy_n(src.begin() + layout.patch_order[i] * dim, dim, dst.begin() + i * dim);
    }
    VisionInputs inputs;
    inputs.emplace_back(hlo::InputRole::kPixelValues, std::move(rows));
    for (auto& table : LayoutInputs(layout)) inputs.push_back(std::move(table));
    return inputs;
  }
  Result<HostTensor> FeaturesForPrefill(HostTensor features) const override {
    if (features.shape().size() != 2) return Internal("vision_encode gave no image_features");
    return features;  // the bucket's rows: the image tokens in prompt order, then padding
  }
  int64_t TapRows(const io::ModelConfig& config, const prompt::PreparedPrefill& prompt,
                  const std::string& stage) const override {
    // The gate compares the real rows; padding rows are the bucket's, not the model's. Merged
    // rows: image_features and each DeepStack merger's (deepstack_features.K); the stacked
    // deepstack_features [S, F, D] (prefill's input) stays whole.
    const int64_t n = NumPatches(prompt);
    if (stage == "deepstack_features") return -1;
    const bool merged = stage == "image_features" || stage.rfind("deepstack_features.", 0) == 0;
    return merged ? n / config.qwen_vl->vision.merge_unit() : n;
  }
  Result<std::map<std::string, HostTensor>> VisionLayoutTables(
      const io::ModelConfig& config, std::span<const std::array<int32_t, 3>> grids,
      int64_t bucket) const override {
    const io::QwenVLConfig& q = *config.qwen_vl;
    int64_t patches = 0;
    for (const auto& g : grids) patches += int64_t{g[0]} * g[1] * g[2];
    const int64_t mu = q.vision.merge_unit();
    if (bucket <= 0) bucket = (patches + mu - 1) / mu * mu;
    VLMXLA_ASSIGN_OR_RETURN(vision::QwenVisionLayout layout,
                            vision::BuildQwenVisionLayout(q.vision, Windowed(q), grids, bucket));
    std::map<std::string, HostTensor> out;
    out["layout.patch_order"] = I32Tensor(layout.patch_order, {layout.num_patches});
    for (auto& [role, table] : LayoutInputs(layout)) {
      out["layout." + std::string(hlo::InputRoleName(role))] = std::move(table);
    }
    return out;
  }
  bool IsVisionWeight(const std::string& name) const override {
    // Qwen2-VL/2.5-VL: visual.*; Qwen3-VL: model.visual.*.
    return name.rfind("visual.", 0) == 0 || name.rfind("model.visual.", 0) == 0;
  }

 private:
  std::vector<std::string> model_types_;
};

}  // namespace

std::unique_ptr<Family> MakeQwenVLFamily(std::vector<std::string> model_types) {
  return std::make_unique<QwenVL>(std::move(model_types));
}

const Family& Qwen2VLFamily() {
  static const std::unique_ptr<Family> family = MakeQwenVLFamily({"qwen2_vl", "qwen2_5_vl"});
  return *family;
}

}  // namespace vlmxla::models
