// The prefix cache and the image cache (docs/design.md, "Prefix and image caches").
//
// A prompt's key is one word per position: the token id, or at an image's placeholder run words
// of that image's digest (SHA-256 of the preprocessed input the vision program receives: its
// pixel rows, their shape and its grid), never its URL. Two prompts share KV rows 0..n-1 exactly
// when their keys share the first n words. The prefix cache keeps device copies of prefilled
// slots (SavedKv) under the key of the prompt they hold; the image cache keeps each image's
// features (what vision_encode returns for it: its feature rows and, with them, its rows of every
// other result prefill takes, Qwen3-VL's DeepStack rows) under its digest. Both are bounded by a
// byte budget and evict the least recently used entry first; both are thread-safe.
#pragma once

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/engine/image_features.h"
#include "vlmxla/engine/kv_slots.h"
#include "vlmxla/engine/service_metrics.h"
#include "vlmxla/prompt/prepared_prefill.h"

namespace vlmxla::engine {

// Image `image`'s preprocessed pixels: the rows of pixel_values that are its own (LLaVA: index
// `image` of the leading axis; Qwen families: its t*h*w patch rows).
Result<HostTensor> ImagePixels(const prompt::PreparedPrefill& prompt, int image);
// The digest (32 raw bytes) of every image of `prompt`, in image order.
Result<std::vector<std::string>> ImageDigests(const prompt::PreparedPrefill& prompt);
// One word per effective position (see above); `prompt.image_digests` must be set when it has
// images.
Result<std::vector<uint64_t>> PromptKey(const prompt::PreparedPrefill& prompt);
// A prompt holding only the images `images` of `prompt` (pixels, grids, slots renumbered), for
// encoding those alone.
Result<prompt::PreparedPrefill> ImagesOnly(const prompt::PreparedPrefill& prompt,
                                           const std::vector<int>& images);

// A byte-bounded map with least-recently-used eviction (not thread-safe).
template <typename Key, typename Value>
class LruMap {
 public:
  explicit LruMap(uint64_t budget) : budget_(budget) {}
  uint64_t budget() const { return budget_; }
  uint64_t bytes() const { return bytes_; }
  int64_t evictions() const { return evictions_; }
  size_t size() const { return map_.size(); }
  // The entry under `key`, made the most recently used; null when absent.
  Value* Touch(const Key& key) {
    auto it = map_.find(key);
    if (it == map_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second.at);
    return &it->second.value;
  }
  // Stores `value` (costing `bytes`) as the most recently used, evicting the least recently used
  // entries until it fits. False (nothing stored) when it alone exceeds the budget.
  bool Put(const Key& key, Value value, uint64_t bytes) {
    Erase(key);
    if (bytes > budget_) return false;
    while (bytes_ + bytes > budget_ && !order_.empty()) {
      Erase(order_.back());
      ++evictions_;
    }
    order_.push_front(key);
    map_.emplace(key, Entry{std::move(value), bytes, order_.begin()});
    bytes_ += bytes;
    return true;
  }
  void Erase(const Key& key) {
    auto it = map_.find(key);
    if (it == map_.end()) return;
    bytes_ -= it->second.bytes;
    order_.erase(it->second.at);
    map_.erase(it);
  }
  // Every key, most recently used first.
  const std::list<Key>& keys() const { return order_; }

 private:
  struct Entry {
    Value value;
    uint64_t bytes = 0;
    typename std::list<Key>::iterator at;
  };
  uint64_t budget_;
  uint64_t bytes_ = 0;
  int64_t evictions_ = 0;
  std::list<Key> order_;
  std::map<Key, Entry> map_;
};

class PrefixCache {
 public:
  using Key = std::vector<uint64_t>;
  explicit PrefixCache(uint64_t budget) : entries_(budget) {}
  // The entry sharing the longest prefix with `key` and that prefix's length (0: none).
  struct Match {
    int64_t length = 0;
    Key entry;
  };
  Match Longest(const Key& key) const;
  // The KV stored under `entry` (made most recently used; counted as a hit), or null when it was
  // evicted meanwhile. The caller restores it into a slot (ModelRunner::RestoreSlot).
  std::shared_ptr<const SavedKv> Use(const Key& entry);
  void CountMiss();
  // Stores the KV of a prefilled prompt under its key. An entry whose key is a prefix of `key`
  // is dropped (the new one serves every prompt it served); nothing is stored when `key` is a
  // prefix of an entry's key.
  void Insert(const Key& key, SavedKv kv, uint64_t bytes);
  // Whether an entry's key starts with `key` (then Insert would store nothing).
  bool Covers(const Key& key) const;
  CacheStats stats() const;

 private:
  bool CoversLocked(const Key& key) const;
  mutable std::mutex mu_;
  LruMap<Key, std::shared_ptr<const SavedKv>> entries_;
  int64_t hits_ = 0, misses_ = 0;
};

class ImageCache {
 public:
  explicit ImageCache(uint64_t budget) : entries_(budget) {}
  // One image's features (rows ct[rows, hidden] and its rows of each by_role result) stored under
  // `digest` (counted as a hit), or nullopt (counted as a miss).
  std::optional<ImageFeatures> Find(const std::string& digest);
  void Insert(const std::string& digest, ImageFeatures features);
  CacheStats stats() const;

 private:
  mutable std::mutex mu_;
  LruMap<std::string, ImageFeatures> entries_;
  int64_t hits_ = 0, misses_ = 0;
};

}  // namespace vlmxla::engine
