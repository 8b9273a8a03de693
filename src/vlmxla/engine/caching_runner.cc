#include "vlmxla/engine/caching_runner.h"

#include <cstring>
#include <optional>
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

Result<HostTensor> CachingRunner::Features(const prompt::PreparedPrefill& p, int64_t start) {
  std::vector<int> needed;  // images with a position at or after `start`
  for (size_t i = 0; i < p.image_slots.size(); ++i) {
    if (p.image_slots[i].offset + p.image_slots[i].length > start) {
      needed.push_back(static_cast<int>(i));
    }
  }
  if (needed.empty()) return HostTensor();
  // An anyres family's layout of an image depends on the prompt's other images (LLaVA-OneVision
  // lays several out otherwise than one): its images are always encoded together, the whole
  // prompt's, and never cached, so every prefill of the prompt reads the same rows.
  if (!p.image_sizes.empty()) return runner_.EncodeImages(p, nullptr);

  // Every other image is encoded by itself, cached or not, so that its rows are the same
  // whichever prompt it came in and whether they were cached.
  std::vector<std::optional<HostTensor>> rows(p.image_slots.size());
  for (int i : needed) {
    if (images_) rows[i] = images_->Find(p.image_digests[i]);
    if (rows[i]) continue;
    VLMXLA_ASSIGN_OR_RETURN(prompt::PreparedPrefill only, ImagesOnly(p, {i}));
    VLMXLA_ASSIGN_OR_RETURN(HostTensor encoded, runner_.EncodeImages(only, nullptr));
    const int64_t n = p.image_slots[i].length;
    if (encoded.shape().size() != 2 || encoded.shape()[0] < n) {
      return Internal("vision_encode gave fewer feature rows than image " + std::to_string(i) +
                      "'s " + std::to_string(n) + " placeholders");
    }
    // The image's own rows (a family whose program pads to a bucket returns padding rows too).
    HostTensor r(encoded.dtype(), Shape{n, encoded.shape()[1]});
    std::memcpy(r.mutable_data(), encoded.data(), r.byte_size());
    if (images_) images_->Insert(p.image_digests[i], r);
    rows[i] = std::move(r);
  }
  // The whole prompt's layout (image after image, as EncodeImages returns it); images before the
  // start are never read and stay zero.
  const int64_t total = runner_.FeatureRows(p);
  const int64_t hidden = rows[needed.front()]->shape()[1];
  HostTensor features(rows[needed.front()]->dtype(), Shape{total, hidden});
  std::memset(features.mutable_data(), 0, features.byte_size());
  const int64_t row_bytes = features.byte_size() / std::max<int64_t>(1, total);
  int64_t first = 0;
  for (size_t i = 0; i < p.image_slots.size(); ++i) {
    const int64_t n = p.image_slots[i].length;
    if (rows[i]) {
      if (first + n > total || rows[i]->shape()[0] != n) {
        return Internal("image " + std::to_string(i) + "'s cached features do not fit the prompt");
      }
      std::memcpy(static_cast<uint8_t*>(features.mutable_data()) + first * row_bytes,
                  rows[i]->data(), n * row_bytes);
    }
    first += n;
  }
  return features;
}

Result<HostTensor> CachingRunner::Prefill(int slot, const prompt::PreparedPrefill& prompt,
                                          std::map<std::string, HostTensor>* taps) {
  if (taps != nullptr) {
    HostTensor features;
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
  VLMXLA_ASSIGN_OR_RETURN(HostTensor features, Features(p, plan.start));
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
