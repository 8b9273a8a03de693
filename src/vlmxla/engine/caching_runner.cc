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

bool CachingRunner::IsWarm(const prompt::PreparedPrefill& prompt) {
  if (!prefix_) return runner_.IsWarm(prompt);
  Status status;
  std::optional<prompt::PreparedPrefill> copy;
  const prompt::PreparedPrefill& p = WithDigests(prompt, copy, status);
  auto plan = status.ok() ? PlanPrefill(p) : Result<Plan>(status);
  // An error is Prefill's to report; the whole prompt's programs are those it would need.
  return runner_.IsWarm(p, plan.ok() ? plan->start : 0);
}

Status CachingRunner::Warm(const prompt::PreparedPrefill& prompt) {
  if (!prefix_) return runner_.Warm(prompt);
  Status status;
  std::optional<prompt::PreparedPrefill> copy;
  const prompt::PreparedPrefill& p = WithDigests(prompt, copy, status);
  VLMXLA_RETURN_IF_ERROR(status);
  VLMXLA_ASSIGN_OR_RETURN(Plan plan, PlanPrefill(p));
  return runner_.Warm(p, plan.start);
}

Result<HostTensor> CachingRunner::Features(const prompt::PreparedPrefill& p, int64_t start) {
  std::vector<int> needed;  // images with a position at or after `start`
  for (size_t i = 0; i < p.image_slots.size(); ++i) {
    if (p.image_slots[i].offset + p.image_slots[i].length > start) {
      needed.push_back(static_cast<int>(i));
    }
  }
  if (needed.empty()) return HostTensor();
  if (!images_) return runner_.EncodeImages(p, nullptr);

  // Image i's rows, cached or encoded (those not cached in one call of their own).
  std::vector<std::optional<HostTensor>> rows(p.image_slots.size());
  std::vector<int> missing;
  for (int i : needed) {
    rows[i] = images_->Find(p.image_digests[i]);
    if (!rows[i]) missing.push_back(i);
  }
  if (!missing.empty()) {
    // Images whose feature layout depends on the prompt's other images (an anyres family's
    // image_sizes: LLaVA-OneVision lays several images out otherwise than one) are encoded with
    // the whole prompt; the others alone.
    const bool whole = missing.size() == p.image_slots.size() || !p.image_sizes.empty();
    HostTensor encoded;
    if (whole) {
      VLMXLA_ASSIGN_OR_RETURN(encoded, runner_.EncodeImages(p, nullptr));
    } else {
      VLMXLA_ASSIGN_OR_RETURN(prompt::PreparedPrefill only, ImagesOnly(p, missing));
      VLMXLA_ASSIGN_OR_RETURN(encoded, runner_.EncodeImages(only, nullptr));
    }
    const int64_t row_bytes = encoded.byte_size() / std::max<int64_t>(1, encoded.shape()[0]);
    int64_t first = 0;
    size_t next_missing = 0;
    for (int i = 0; i < static_cast<int>(p.image_slots.size()); ++i) {
      const bool is_missing = next_missing < missing.size() && missing[next_missing] == i;
      if (!whole && !is_missing) continue;  // `encoded` holds the missing images only
      const int64_t n = p.image_slots[i].length;
      if (first + n > encoded.shape()[0]) {
        return Internal("vision_encode gave " + std::to_string(encoded.shape()[0]) +
                        " feature rows, fewer than the images' placeholders");
      }
      if (is_missing) {
        HostTensor r(encoded.dtype(), Shape{n, encoded.shape()[1]});
        std::memcpy(r.mutable_data(),
                    static_cast<const uint8_t*>(encoded.data()) + first * row_bytes, n * row_bytes);
        images_->Insert(p.image_digests[i], r);
        rows[i] = std::move(r);
        ++next_missing;
      }
      first += n;
    }
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
  if (taps != nullptr || (!prefix_ && !images_)) {
    HostTensor features;
    // An empty HostTensor has rank 0: a prompt without images has no pixel values.
    if (!prompt.pixel_values.shape().empty()) {
      VLMXLA_ASSIGN_OR_RETURN(features, runner_.EncodeImages(prompt, taps));
    }
    return runner_.Prefill(slot, prompt, features, taps);
  }
  Status status;
  std::optional<prompt::PreparedPrefill> copy;
  const prompt::PreparedPrefill& p = WithDigests(prompt, copy, status);
  VLMXLA_RETURN_IF_ERROR(status);
  VLMXLA_ASSIGN_OR_RETURN(Plan plan, PlanPrefill(p));
  // The cache may have changed since IsWarm (a request admitted beside this one stored a longer
  // prefix): rather than compile now, stalling every running sequence, start where a compiled
  // program can, else prefill whole when that program is compiled.
  if (plan.start > 0 && !runner_.IsWarm(p, plan.start)) {
    const int64_t compiled = runner_.CompiledStart(p, plan.start, options_.min_prefix);
    if (compiled > 0) {
      plan.start = compiled;
    } else if (runner_.IsWarm(p, 0)) {
      plan.start = 0;
    }
  }
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
  if (prefix_ && !prefix_->Covers(plan.key)) {
    VLMXLA_ASSIGN_OR_RETURN(SavedKv saved, runner_.SaveSlot(slot));
    prefix_->Insert(plan.key, std::move(saved), runner_.kv_bytes_per_slot());
  }
  return logits;
}

}  // namespace vlmxla::engine
