#include "vlmxla/engine/caching_runner.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vlmxla/hlo/model_programs.h"

namespace vlmxla::engine {
namespace {

// The prompt with its image digests, computed here when the caller did not (Engine::Prepare
// does).
const prompt::PreparedPrefill& WithDigests(const prompt::PreparedPrefill& p,
                                           std::optional<prompt::PreparedPrefill>& copy,
                                           Status& status) {
  if (p.image_digests.size() == p.image_slots.size()) return p;
  auto digests = ImageDigests(p);
  if (!digests.ok()) {
    status = digests.status();
    return p;
  }
  copy = p;
  copy->image_digests = std::move(*digests);
  return *copy;
}

// Copies rows [0, n) of `from`'s feature axis (its second-to-last: image_features' rows,
// deepstack_features' per layer) to rows [at, at + n) of `to`'s; every other axis must agree.
Status CopyFeatureRows(const HostTensor& from, int64_t n, HostTensor& to, int64_t at) {
  const Shape& f = from.shape();
  const Shape& t = to.shape();
  const size_t rank = f.size();
  if (rank < 2 || t.size() != rank || from.dtype() != to.dtype() ||
      !std::equal(f.begin(), f.end() - 2, t.begin()) || f.back() != t.back() || f[rank - 2] < n ||
      at + n > t[rank - 2]) {
    return Internal(std::string("image features ") + DTypeName(from.dtype()) + " " +
                    ShapeToString(f) + " do not fit rows " + std::to_string(at) + ".." +
                    std::to_string(at + n - 1) + " of " + DTypeName(to.dtype()) + " " +
                    ShapeToString(t));
  }
  int64_t outer = 1;
  for (size_t a = 0; a + 2 < rank; ++a) outer *= f[a];
  const size_t row_bytes = static_cast<size_t>(f.back()) * DTypeSize(from.dtype());
  const auto* src = static_cast<const uint8_t*>(from.data());
  auto* dst = static_cast<uint8_t*>(to.mutable_data());
  for (int64_t o = 0; o < outer; ++o) {
    std::memcpy(dst + (o * t[rank - 2] + at) * row_bytes, src + o * f[rank - 2] * row_bytes,
                n * row_bytes);
  }
  return Status::Ok();
}

// A zeroed tensor shaped as `like` with `rows` feature rows.
HostTensor ZeroFeatureRows(const HostTensor& like, int64_t rows) {
  Shape shape = like.shape();
  shape[shape.size() - 2] = rows;
  HostTensor out(like.dtype(), shape);
  std::memset(out.mutable_data(), 0, out.byte_size());
  return out;
}

// The first `n` feature rows of each of `encoded`'s results (a family whose program pads to a
// bucket returns padding rows too).
Result<ImageFeatures> FirstFeatureRows(const ImageFeatures& encoded, int64_t n) {
  ImageFeatures out;
  if (encoded.rows.shape().size() != 2) return Internal("vision_encode gave no feature rows");
  out.rows = ZeroFeatureRows(encoded.rows, n);
  VLMXLA_RETURN_IF_ERROR(CopyFeatureRows(encoded.rows, n, out.rows, 0));
  for (const auto& [role, tensor] : encoded.by_role) {
    if (tensor.shape().size() < 2) {
      return Internal("vision_encode's " + std::string(hlo::InputRoleName(role)) +
                      " has no feature rows: " + ShapeToString(tensor.shape()));
    }
    HostTensor r = ZeroFeatureRows(tensor, n);
    VLMXLA_RETURN_IF_ERROR(CopyFeatureRows(tensor, n, r, 0));
    out.by_role.emplace_back(role, std::move(r));
  }
  return out;
}

}  // namespace

CachingRunner::CachingRunner(ModelRunner& runner, const CacheOptions& options)
    : runner_(runner), options_(options) {
  if (options.prefix_cache_bytes > 0) {
    prefix_ = std::make_unique<PrefixCache>(options.prefix_cache_bytes);
  }
  if (options.image_cache_bytes > 0 && runner.family().takes_images()) {
    images_ = std::make_unique<ImageCache>(options.image_cache_bytes);
  }
}

CacheStats CachingRunner::prefix_stats() const { return prefix_ ? prefix_->stats() : CacheStats(); }
CacheStats CachingRunner::image_stats() const { return images_ ? images_->stats() : CacheStats(); }

Result<CachingRunner::Plan> CachingRunner::PlanPrefill(const prompt::PreparedPrefill& p) const {
  Plan plan;
  if (!prefix_) return plan;
  VLMXLA_ASSIGN_OR_RETURN(plan.key, PromptKey(p));
  PrefixCache::Match match = prefix_->Longest(plan.key);
  if (match.length < options_.min_prefix) return plan;
  plan.start = runner_.PrefillStart(p, match.length);
  if (plan.start < options_.min_prefix) {
    plan.start = 0;
    return plan;
  }
  plan.entry = std::move(match.entry);
  return plan;
}

Result<std::vector<prompt::PreparedPrefill>> CachingRunner::VisionPrompts(
    const prompt::PreparedPrefill& p) {
  std::vector<prompt::PreparedPrefill> out;
  if (p.image_slots.empty() || p.pixel_values.shape().empty()) return out;
  if (!p.image_sizes.empty()) {
    out.push_back(p);
    return out;
  }
  for (int i = 0; i < static_cast<int>(p.image_slots.size()); ++i) {
    VLMXLA_ASSIGN_OR_RETURN(prompt::PreparedPrefill only, ImagesOnly(p, {i}));
    out.push_back(std::move(only));
  }
  return out;
}

bool CachingRunner::IsWarm(const prompt::PreparedPrefill& prompt) {
  if (runner_.options().taps) return runner_.IsWarm(prompt, 0, /*vision=*/true);  // as Warm
  Status status;
  std::optional<prompt::PreparedPrefill> copy;
  const prompt::PreparedPrefill& p = prefix_ ? WithDigests(prompt, copy, status) : prompt;
  int64_t start = 0;
  if (auto plan = status.ok() ? PlanPrefill(p) : Result<Plan>(status); plan.ok()) {
    start = plan->start;
  }
  // An error is Prefill's to report; then the whole prompt's programs are those it would need.
  auto vision = VisionPrompts(p);
  if (!vision.ok()) return runner_.IsWarm(p, start);
  for (const prompt::PreparedPrefill& v : *vision) {
    if (!runner_.IsVisionWarm(v)) return false;
  }
  return runner_.IsWarm(p, start, /*vision=*/false);
}

Status CachingRunner::Warm(const prompt::PreparedPrefill& prompt) {
  // A runner with taps (the gate's capture) runs every request as Prefill's taps path does: the
  // prompt's images encoded together, one whole prefill.
  if (runner_.options().taps) return runner_.Warm(prompt, 0, /*vision=*/true);
  Status status;
  std::optional<prompt::PreparedPrefill> copy;
  const prompt::PreparedPrefill& p = prefix_ ? WithDigests(prompt, copy, status) : prompt;
  VLMXLA_RETURN_IF_ERROR(status);
  VLMXLA_ASSIGN_OR_RETURN(Plan plan, PlanPrefill(p));
  VLMXLA_ASSIGN_OR_RETURN(std::vector<prompt::PreparedPrefill> vision, VisionPrompts(p));
  for (const prompt::PreparedPrefill& v : vision) VLMXLA_RETURN_IF_ERROR(runner_.WarmVision(v));
  return runner_.Warm(p, plan.start, /*vision=*/false);
}

Result<ImageFeatures> CachingRunner::Features(const prompt::PreparedPrefill& p, int64_t start) {
  std::vector<int> needed;  // images with a position at or after `start`
  for (size_t i = 0; i < p.image_slots.size(); ++i) {
    if (p.image_slots[i].offset + p.image_slots[i].length > start) {
      needed.push_back(static_cast<int>(i));
    }
  }
  if (needed.empty()) return ImageFeatures();
  // An anyres family's layout of an image depends on the prompt's other images (LLaVA-OneVision
  // lays several out otherwise than one): its images are always encoded together, the whole
  // prompt's, and never cached, so every prefill of the prompt reads the same rows.
  if (!p.image_sizes.empty()) return runner_.EncodeImages(p, nullptr);

  // Every other image is encoded by itself, cached or not, so that its rows are the same
  // whichever prompt it came in and whether they were cached. Its rows of the other results
  // prefill takes (DeepStack's) travel with its feature rows, cached together.
  std::vector<std::optional<ImageFeatures>> images(p.image_slots.size());
  for (int i : needed) {
    if (images_) images[i] = images_->Find(p.image_digests[i]);
    if (images[i]) continue;
    VLMXLA_ASSIGN_OR_RETURN(prompt::PreparedPrefill only, ImagesOnly(p, {i}));
    VLMXLA_ASSIGN_OR_RETURN(ImageFeatures encoded, runner_.EncodeImages(only, nullptr));
    const int64_t n = p.image_slots[i].length;
    if (encoded.rows.shape().size() != 2 || encoded.rows.shape()[0] < n) {
      return Internal("vision_encode gave fewer feature rows than image " + std::to_string(i) +
                      "'s " + std::to_string(n) + " placeholders");
    }
    VLMXLA_ASSIGN_OR_RETURN(ImageFeatures own, FirstFeatureRows(encoded, n));
    if (images_) images_->Insert(p.image_digests[i], own);
    images[i] = std::move(own);
  }
  // The whole prompt's layout (image after image, as EncodeImages returns it); images before the
  // start are never read and stay zero.
  const int64_t total = runner_.FeatureRows(p);
  const ImageFeatures& like = *images[needed.front()];
  ImageFeatures features;
  features.rows = ZeroFeatureRows(like.rows, total);
  for (const auto& [role, tensor] : like.by_role) {
    features.by_role.emplace_back(role, ZeroFeatureRows(tensor, total));
  }
  int64_t first = 0;
  for (size_t i = 0; i < p.image_slots.size(); ++i) {
    const int64_t n = p.image_slots[i].length;
    if (const std::optional<ImageFeatures>& image = images[i]) {
      if (image->rows.shape()[0] != n || image->by_role.size() != features.by_role.size()) {
        return Internal("image " + std::to_string(i) + "'s cached features do not fit the prompt");
      }
      VLMXLA_RETURN_IF_ERROR(CopyFeatureRows(image->rows, n, features.rows, first));
      for (size_t r = 0; r < features.by_role.size(); ++r) {
        if (image->by_role[r].first != features.by_role[r].first) {
          return Internal("image " + std::to_string(i) +
                          "'s cached features do not fit the prompt");
        }
        VLMXLA_RETURN_IF_ERROR(
            CopyFeatureRows(image->by_role[r].second, n, features.by_role[r].second, first));
      }
    }
    first += n;
  }
  return features;
}

Result<HostTensor> CachingRunner::Prefill(int slot, const prompt::PreparedPrefill& prompt,
                                          std::map<std::string, HostTensor>* taps) {
  if (taps != nullptr) {
    ImageFeatures features;
    // An empty HostTensor has rank 0: a prompt without images has no pixel values.
    if (!prompt.pixel_values.shape().empty()) {
      VLMXLA_ASSIGN_OR_RETURN(features, runner_.EncodeImages(prompt, taps));
    }
    return runner_.Prefill(slot, prompt, features, taps);
  }
  // Cached or not, a prompt runs the same calls on the same inputs from its start on: its
  // images each encoded alone, its positions in the runner's canonical chunks.
  Status status;
  std::optional<prompt::PreparedPrefill> copy;
  const prompt::PreparedPrefill& p =
      prefix_ || images_ ? WithDigests(prompt, copy, status) : prompt;
  VLMXLA_RETURN_IF_ERROR(status);
  VLMXLA_ASSIGN_OR_RETURN(Plan plan, PlanPrefill(p));
  if (plan.start > 0) {
    std::shared_ptr<const SavedKv> saved = prefix_->Use(plan.entry);
    if (saved == nullptr) {
      plan.start = 0;
    } else {
      VLMXLA_RETURN_IF_ERROR(runner_.RestoreSlot(*saved, slot));
    }
  } else if (prefix_) {
    prefix_->CountMiss();
  }
  VLMXLA_ASSIGN_OR_RETURN(ImageFeatures features, Features(p, plan.start));
  VLMXLA_ASSIGN_OR_RETURN(HostTensor logits,
                          runner_.Prefill(slot, p, features, nullptr, plan.start));
  // Only whole chunks are kept: rows a later prompt's chunks would compute the same way.
  const int64_t whole = runner_.WholeChunkRows(p);
  if (prefix_ && whole >= options_.min_prefix) {
    plan.key.resize(whole);
    if (!prefix_->Covers(plan.key)) {
      VLMXLA_ASSIGN_OR_RETURN(SavedKv saved, runner_.SaveSlot(slot));
      prefix_->Insert(plan.key, std::move(saved), runner_.kv_bytes_per_slot());
    }
  }
  return logits;
}

}  // namespace vlmxla::engine
