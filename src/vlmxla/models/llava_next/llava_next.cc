#include "vlmxla/models/llava_next/llava_next.h"

#include <algorithm>
#include <cstring>

#include "vlmxla/models/processor_settings.h"
#include "vlmxla/vision/anyres.h"

namespace vlmxla::models {
namespace {

// The smallest of base * {1, 1.5} * 2^k that is >= n.
int64_t SeriesBucket(int64_t n, int64_t base) {
  for (int64_t b = base;; b *= 2) {
    if (b >= n) return b;
    if (b + b / 2 >= n && b / 2 > 0) return b + b / 2;
  }
}

bool OneVision(const io::ModelConfig& config) { return config.model_type == "llava_onevision"; }

int64_t NumImageSizes(const prompt::PreparedPrefill& p) {
  return static_cast<int64_t>(p.image_sizes.size());
}

// Several images in one LLaVA-OneVision prompt take the base view only (its processor pads each
// to a square; pack_image_features adds one newline).
bool BaseOnly(const io::ModelConfig& config, int64_t images) {
  return OneVision(config) && images > 1;
}

// Every image's feature layout, in prompt order.
Result<std::vector<vision::AnyresFeatureLayout>> Layouts(const io::ModelConfig& config,
                                                         const prompt::PreparedPrefill& p) {
  VLMXLA_ASSIGN_OR_RETURN(const vision::AnyresFeatureGeometry geometry,
                          vision::AnyresFeatureGeometryOf(*config.llava));
  std::vector<vision::AnyresFeatureLayout> out;
  const bool base_only = BaseOnly(config, NumImageSizes(p));
  for (const auto& hw : p.image_sizes) {
    VLMXLA_ASSIGN_OR_RETURN(vision::AnyresFeatureLayout layout,
                            vision::LayoutAnyresFeatures(geometry, {hw[0], hw[1]}, base_only));
    out.push_back(std::move(layout));
  }
  return out;
}

int64_t TotalViews(const std::vector<vision::AnyresFeatureLayout>& layouts) {
  int64_t v = 0;
  for (const auto& l : layouts) v += l.views;
  return v;
}

int64_t TotalFeatures(const prompt::PreparedPrefill& p) {
  int64_t rows = 0;
  for (const auto& slot : p.image_slots) rows += slot.length;
  return rows;
}

HostTensor I64Tensor(const std::vector<int64_t>& values, Shape shape) {
  HostTensor t(DType::kI64, std::move(shape));
  std::copy(values.begin(), values.end(), t.mutable_span<int64_t>().begin());
  return t;
}

class LlavaNextImages final : public ImagePipeline {
 public:
  LlavaNextImages(const io::ModelConfig& config, vision::AnyresImageProcessor processor,
                  vision::AnyresFeatureGeometry geometry, ProcessorSettings settings)
      : config_(config),
        processor_(std::move(processor)),
        geometry_(std::move(geometry)),
        settings_(std::move(settings)) {}

  const std::string& image_token() const override { return settings_.image_token; }
  int32_t image_token_id() const override { return config_.llava->image_token_index; }
  // LLaVA-OneVision's video placeholder: no video input yet.
  Status CheckPrompt(std::span<const int32_t> ids) const override {
    const int32_t video = config_.llava->video_token_index;
    if (video >= 0 && std::find(ids.begin(), ids.end(), video) != ids.end()) {
      return Unimplemented("the prompt holds a video placeholder (token " + std::to_string(video) +
                               "); video input is not supported",
                           prompt::kReasonVideoUnsupported);
    }
    return Status::Ok();
  }

  Result<ProcessedImages> Process(std::span<const vision::Image> images) const override {
    const bool base_only = BaseOnly(config_, static_cast<int64_t>(images.size()));
    std::vector<vision::AnyresPixels> views;
    for (size_t i = 0; i < images.size(); ++i) {
      auto v =
          base_only ? processor_.PreprocessSquare(images[i]) : processor_.Preprocess(images[i]);
      if (!v.ok()) return v.status().WithContext("image " + std::to_string(i));
      views.push_back(std::move(v).value());
    }
    VLMXLA_ASSIGN_OR_RETURN(vision::AnyresBatch batch, vision::StackAnyresPixels(views));
    const Shape& s = batch.pixel_values.shape();  // [images, views, 3, H, W]
    const int tower = config_.llava->vision.image_size;
    if (s[3] != tower || s[4] != tower) {
      return FailedPrecondition("the image processor makes " + std::to_string(s[4]) + "x" +
                                std::to_string(s[3]) + " views but the vision tower takes " +
                                std::to_string(tower) + "x" + std::to_string(tower));
    }
    ProcessedImages out;
    std::vector<int64_t> grids, lens;
    for (const auto& v : views) {
      const vision::Resolution size = v.image_size;
      out.image_sizes.push_back({size.height, size.width});
      VLMXLA_ASSIGN_OR_RETURN(vision::AnyresFeatureLayout layout,
                              vision::LayoutAnyresFeatures(geometry_, size, base_only));
      // The processor's own count (Llava(Next|Onevision)Processor) must be the model's.
      int64_t expected = geometry_.side() * geometry_.side() + 1;  // base view and one newline
      if (!base_only) {
        VLMXLA_ASSIGN_OR_RETURN(
            const int n, vision::NumberOfFeatures(size, processor_.config().image_grid_pinpoints,
                                                  {static_cast<int>(s[3]), static_cast<int>(s[4])},
                                                  geometry_.patch_size, geometry_.max_num_patches));
        expected = n;
      }
      const int64_t count = static_cast<int64_t>(layout.feature_source.size());
      if (count != expected) {
        return FailedPrecondition("the processor expands an image of " +
                                  std::to_string(size.width) + "x" + std::to_string(size.height) +
                                  " to " + std::to_string(expected) +
                                  " tokens but the model packs " + std::to_string(count) +
                                  " features for it (image_grid_pinpoints differ?)");
      }
      out.token_counts.push_back(count);
      lens.push_back(count);
      VLMXLA_ASSIGN_OR_RETURN(
          const vision::Resolution grid,
          vision::AnyresImageGridShape(size, geometry_.image_grid_pinpoints, geometry_.image_size));
      grids.push_back(grid.height);
      grids.push_back(grid.width);
    }
    out.pixel_values = std::move(batch.pixel_values);
    const int64_t n = static_cast<int64_t>(images.size());
    out.host_stages.emplace_back("image_tile_grid", I64Tensor(grids, {n, 2}));
    out.host_stages.emplace_back("packed_image_feature_lens", I64Tensor(lens, {n}));
    return out;
  }

  Status Finish(ProcessedImages images, prompt::PreparedPrefill* prefill) const override {
    prefill->pixel_values = std::move(images.pixel_values);
    prefill->image_sizes = std::move(images.image_sizes);
    prefill->host_stages = std::move(images.host_stages);
    return Status::Ok();
  }

 private:
  io::ModelConfig config_;
  vision::AnyresImageProcessor processor_;
  vision::AnyresFeatureGeometry geometry_;
  ProcessorSettings settings_;
};

class LlavaNext final : public Family {
 public:
  std::vector<std::string> model_types() const override {
    return {"llava_next", "llava_onevision"};
  }
  bool takes_images() const override { return true; }

  Result<std::unique_ptr<ImagePipeline>> LoadImages(
      const io::ModelDir& model, const text::Tokenizer& tokenizer) const override {
    const io::LlavaConfig& llava = *model.config().llava;
    VLMXLA_ASSIGN_OR_RETURN(vision::AnyresFeatureGeometry geometry,
                            vision::AnyresFeatureGeometryOf(llava));
    if (llava.image_tokens_per_image() != geometry.side() * geometry.side()) {
      // pack_image_features lays each view's rows out as a side x side square.
      return FailedPrecondition(
          model.dir() + ": the vision tower yields " +
          std::to_string(llava.image_tokens_per_image()) + " features per view, not the " +
          std::to_string(geometry.side() * geometry.side()) +
          " of a square grid (a class token kept by vision_feature_select_strategy 'full'?)");
    }
    ProcessorSettings defaults;
    defaults.patch_size = llava.vision.patch_size;
    defaults.vision_feature_select_strategy = llava.vision_feature_select_strategy;
    VLMXLA_ASSIGN_OR_RETURN(ProcessorSettings settings, ReadProcessorSettings(model, defaults));
    auto json = io::ReadJsonFile(model.Path("preprocessor_config.json"));
    if (!json.ok()) return json.status().WithContext("loading the image processor");
    auto proc = vision::AnyresImageProcessor::FromConfig(*json);
    if (!proc.ok()) return proc.status().WithContext(model.Path("preprocessor_config.json"));
    VLMXLA_RETURN_IF_ERROR(CheckImageToken(tokenizer, settings.image_token, llava.image_token_index,
                                           "image_token_index"));
    return std::unique_ptr<ImagePipeline>(new LlavaNextImages(
        model.config(), std::move(proc).value(), std::move(geometry), std::move(settings)));
  }

  Result<hlo::Program> BuildVisionEncode(const io::ModelConfig& config,
                                         const hlo::VisionEncodeOptions& options) const override {
    return hlo::BuildVisionEncode(*config.llava, options);
  }
  hlo::VisionEncodeOptions SmallestVision(const io::ModelConfig& config,
                                          hlo::VisionEncodeOptions common) const override {
    const int64_t side = config.llava->vision.image_size / config.llava->vision.patch_size;
    common.num_images = 1;
    common.num_feature_rows = static_cast<int>(AnyresFeatureBucket(side * side + 1));
    return common;
  }
  int64_t FeatureRows(const io::ModelConfig&,
                      const prompt::PreparedPrefill& prompt) const override {
    const int64_t rows = TotalFeatures(prompt);
    return rows == 0 ? 0 : AnyresFeatureBucket(rows);
  }
  hlo::VisionEncodeOptions VisionOptionsFor(const io::ModelConfig& config,
                                            const prompt::PreparedPrefill& prompt,
                                            hlo::VisionEncodeOptions common) const override {
    auto layouts = Layouts(config, prompt);
    // A layout error surfaces from VisionInputsFor; the bucket is then the smallest.
    common.num_images = static_cast<int>(AnyresViewBucket(layouts.ok() ? TotalViews(*layouts) : 1));
    common.num_feature_rows = static_cast<int>(AnyresFeatureBucket(TotalFeatures(prompt)));
    return common;
  }

  Result<VisionInputs> VisionInputsFor(const io::ModelConfig& config,
                                       const prompt::PreparedPrefill& prompt,
                                       const hlo::VisionEncodeOptions& options) const override {
    VLMXLA_ASSIGN_OR_RETURN(const std::vector<vision::AnyresFeatureLayout> layouts,
                            Layouts(config, prompt));
    const HostTensor& pixels = prompt.pixel_values;  // [images, max views, 3, H, W]
    const Shape& s = pixels.shape();
    if (s.size() != 5 || s[0] != static_cast<int64_t>(layouts.size()) ||
        pixels.dtype() != DType::kF32) {
      return Internal("vision_encode: pixel_values must be f32[" + std::to_string(layouts.size()) +
                      ", views, 3, H, W], got " + DTypeName(pixels.dtype()) + " " +
                      ShapeToString(s));
    }
    const int64_t bucket = options.num_images, rows = options.num_feature_rows;
    const int64_t tokens = config.llava->image_tokens_per_image();
    const int64_t per_view = s[2] * s[3] * s[4];
    if (TotalViews(layouts) > bucket) {
      return Internal("vision_encode: " + std::to_string(TotalViews(layouts)) +
                      " views exceed the program's " + std::to_string(bucket));
    }
    // The real views of every image, in order, then zero views up to the bucket.
    HostTensor views(DType::kF32, Shape{bucket, s[2], s[3], s[4]});
    std::memset(views.mutable_data(), 0, views.byte_size());
    std::vector<int32_t> source(rows, 0), blend_source(rows * 4, 0);
    std::vector<float> blend_weight(rows * 4, 0.0f);
    const auto src = pixels.span<float>();
    auto dst = views.mutable_span<float>();
    int64_t view = 0, row = 0;
    const int32_t newline = static_cast<int32_t>(bucket * tokens);
    for (size_t i = 0; i < layouts.size(); ++i) {
      const vision::AnyresFeatureLayout& l = layouts[i];
      if (l.views > s[1]) {
        return Internal("vision_encode: image " + std::to_string(i) + " has " +
                        std::to_string(s[1]) + " views, its layout " + std::to_string(l.views));
      }
      std::copy_n(src.begin() + static_cast<int64_t>(i) * s[1] * per_view, l.views * per_view,
                  dst.begin() + view * per_view);
      const int32_t first = static_cast<int32_t>(view * tokens);
      size_t blend = 0;
      for (int32_t f : l.feature_source) {
        if (row >= rows) return Internal("vision_encode: the layouts exceed the feature bucket");
        if (f == vision::kAnyresNewline) {
          source[row] = newline;
        } else if (f == vision::kAnyresBlended) {
          source[row] = -1;
          for (int k = 0; k < 4; ++k) {
            blend_source[row * 4 + k] = first + l.blend_source[blend][k];
            blend_weight[row * 4 + k] = l.blend_weight[blend][k];
          }
          ++blend;
        } else {
          source[row] = first + f;
        }
        ++row;
      }
      view += l.views;
    }
    VisionInputs inputs;
    inputs.emplace_back(hlo::InputRole::kPixelValues, std::move(views));
    inputs.emplace_back(hlo::InputRole::kFeatureSource, I32Tensor(source, {rows}));
    inputs.emplace_back(hlo::InputRole::kBlendSource, I32Tensor(blend_source, {rows, 4}));
    HostTensor weights(DType::kF32, Shape{rows, 4});
    std::copy(blend_weight.begin(), blend_weight.end(), weights.mutable_span<float>().begin());
    inputs.emplace_back(hlo::InputRole::kBlendWeight, std::move(weights));
    return inputs;
  }
  Result<HostTensor> FeaturesForPrefill(HostTensor features) const override {
    if (features.shape().size() != 2) return Internal("vision_encode gave no packed features");
    return features;  // the bucket's rows: every image's packed features in order, then padding
  }
  int64_t TapRows(const io::ModelConfig& config, const prompt::PreparedPrefill& prompt,
                  const std::string& stage) const override {
    // The gate compares the real rows; padding rows are the bucket's, not the model's.
    if (stage == "packed_image_features") return TotalFeatures(prompt);
    auto layouts = Layouts(config, prompt);
    return layouts.ok() ? TotalViews(*layouts) : -1;
  }
  bool IsVisionWeight(const std::string& name) const override {
    return name.rfind("vision_tower.", 0) == 0 || name.rfind("multi_modal_projector.", 0) == 0 ||
           name == "image_newline";
  }
};

}  // namespace

// A view is a whole tower pass (576 or 729 patch rows), so a padded view costs a view's work: up
// to kExactViews (OneVision's anyres_max_9 makes at most 10 views, LLaVA-NeXT's grids 5) a
// prompt's own count, one program per count seen; past it the series.
int64_t AnyresViewBucket(int64_t views) {
  constexpr int64_t kExactViews = 12;
  return views <= kExactViews ? std::max<int64_t>(views, 1) : SeriesBucket(views, 1);
}
int64_t AnyresFeatureBucket(int64_t rows) { return SeriesBucket(rows, 32); }

const Family& LlavaNextFamily() {
  static const LlavaNext family;
  return family;
}

}  // namespace vlmxla::models
