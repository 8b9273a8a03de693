#include "vlmxla/engine/prefix_cache.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "vlmxla/runtime/sha256.h"

namespace vlmxla::engine {
namespace {

// Image positions' words carry the top bit; token ids (non-negative int32) never do.
constexpr uint64_t kImageWord = uint64_t{1} << 63;

// Rows [first, first + count) of axis 0.
HostTensor Rows(const HostTensor& t, int64_t first, int64_t count) {
  Shape shape = t.shape();
  const size_t row_bytes = shape[0] > 0 ? t.byte_size() / shape[0] : 0;
  shape[0] = count;
  HostTensor out(t.dtype(), shape);
  std::memcpy(out.mutable_data(), static_cast<const uint8_t*>(t.data()) + first * row_bytes,
              count * row_bytes);
  return out;
}

// Concatenates tensors of one dtype and trailing shape along axis 0.
HostTensor ConcatRows(const std::vector<HostTensor>& parts) {
  Shape shape = parts.front().shape();
  shape[0] = 0;
  for (const HostTensor& p : parts) shape[0] += p.shape()[0];
  HostTensor out(parts.front().dtype(), shape);
  auto* dst = static_cast<uint8_t*>(out.mutable_data());
  for (const HostTensor& p : parts) {
    std::memcpy(dst, p.data(), p.byte_size());
    dst += p.byte_size();
  }
  return out;
}

template <typename Key, typename Value>
CacheStats StatsOf(const LruMap<Key, Value>& entries, int64_t hits, int64_t misses) {
  CacheStats s;
  s.enabled = true;
  s.hits = hits;
  s.misses = misses;
  s.evictions = entries.evictions();
  s.entries = static_cast<int64_t>(entries.size());
  s.bytes = entries.bytes();
  s.budget = entries.budget();
  return s;
}

}  // namespace

Result<HostTensor> ImagePixels(const prompt::PreparedPrefill& p, int image) {
  const int images = static_cast<int>(p.image_slots.size());
  const HostTensor& px = p.pixel_values;
  if (image < 0 || image >= images || px.shape().empty()) {
    return Internal("the prompt has no image " + std::to_string(image));
  }
  if (!p.image_grid_thw.empty()) {  // packed patch rows, t*h*w per image
    if (static_cast<int>(p.image_grid_thw.size()) != images) {
      return Internal("the prompt has " + std::to_string(images) + " images but " +
                      std::to_string(p.image_grid_thw.size()) + " grids");
    }
    int64_t first = 0, total = 0;
    for (int i = 0; i < images; ++i) {
      const auto& g = p.image_grid_thw[i];
      const int64_t rows = int64_t{g[0]} * g[1] * g[2];
      if (i < image) first += rows;
      total += rows;
    }
    if (total != px.shape()[0]) {
      return Internal("image grids cover " + std::to_string(total) + " patch rows, pixel_values " +
                      ShapeToString(px.shape()));
    }
    const auto& g = p.image_grid_thw[image];
    return Rows(px, first, int64_t{g[0]} * g[1] * g[2]);
  }
  if (px.shape()[0] != images) {
    return Internal("pixel_values " + ShapeToString(px.shape()) + " do not hold one entry per " +
                    "image (" + std::to_string(images) + ")");
  }
  return Rows(px, image, 1);
}

Result<std::vector<std::string>> ImageDigests(const prompt::PreparedPrefill& p) {
  std::vector<std::string> digests;
  for (int i = 0; i < static_cast<int>(p.image_slots.size()); ++i) {
    VLMXLA_ASSIGN_OR_RETURN(HostTensor px, ImagePixels(p, i));
    runtime::Sha256 h;
    std::string head = std::string(DTypeName(px.dtype())) + ShapeToString(px.shape());
    if (!p.image_grid_thw.empty()) {
      for (int32_t v : p.image_grid_thw[i]) head += "/" + std::to_string(v);
    }
    if (!p.image_sizes.empty()) {  // an anyres image's size fixes its tiles and layout
      for (int32_t v : p.image_sizes.at(i)) head += "/" + std::to_string(v);
    }
    h.Update(head + "\n");
    h.Update(std::string_view(static_cast<const char*>(px.data()), px.byte_size()));
    digests.push_back(h.HexDigest());
  }
  return digests;
}

Result<std::vector<uint64_t>> PromptKey(const prompt::PreparedPrefill& p) {
  if (p.image_digests.size() != p.image_slots.size()) {
    return Internal("prompt key: " + std::to_string(p.image_slots.size()) + " images but " +
                    std::to_string(p.image_digests.size()) + " digests");
  }
  std::vector<uint64_t> key(p.input_ids.size());
  for (size_t i = 0; i < key.size(); ++i) key[i] = static_cast<uint32_t>(p.input_ids[i]);
  for (size_t i = 0; i < p.image_slots.size(); ++i) {
    const prompt::ImageSlot& s = p.image_slots[i];
    const std::string& d = p.image_digests[i];  // 64 hex digits: four 64-bit words
    if (d.size() != 64 || s.offset < 0 || s.offset + s.length > static_cast<int64_t>(key.size())) {
      return Internal("prompt key: image " + std::to_string(i) + " has no valid slot or digest");
    }
    uint64_t words[4];
    for (int w = 0; w < 4; ++w) words[w] = std::stoull(d.substr(16 * w, 16), nullptr, 16);
    // Position j of the run holds word j % 4: a prefix ending 4 positions into the run has
    // compared the whole digest.
    for (int64_t j = 0; j < s.length; ++j) key[s.offset + j] = words[j % 4] | kImageWord;
  }
  return key;
}

Result<prompt::PreparedPrefill> ImagesOnly(const prompt::PreparedPrefill& p,
                                           const std::vector<int>& images) {
  prompt::PreparedPrefill out;
  std::vector<HostTensor> pixels;
  for (int i : images) {
    VLMXLA_ASSIGN_OR_RETURN(HostTensor px, ImagePixels(p, i));
    pixels.push_back(std::move(px));
    prompt::ImageSlot slot = p.image_slots[i];
    slot.image_index = static_cast<int>(out.image_slots.size());
    out.image_slots.push_back(slot);
    if (!p.image_grid_thw.empty()) out.image_grid_thw.push_back(p.image_grid_thw[i]);
    if (i < static_cast<int>(p.image_digests.size()))
      out.image_digests.push_back(p.image_digests[i]);
  }
  if (pixels.empty()) return InvalidArgument("no images to encode");
  out.pixel_values = ConcatRows(pixels);
  out.input_ids = p.input_ids;
  out.effective_length = p.effective_length;
  out.logical_length = p.logical_length;
  return out;
}

PrefixCache::Match PrefixCache::Longest(const Key& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  Match best;
  for (const Key& entry : entries_.keys()) {
    const size_t n = std::min(entry.size(), key.size());
    const int64_t common =
        std::mismatch(entry.begin(), entry.begin() + n, key.begin()).first - entry.begin();
    if (common > best.length) best = {common, entry};
  }
  return best;
}

std::shared_ptr<const SavedKv> PrefixCache::Use(const Key& entry) {
  std::lock_guard<std::mutex> lock(mu_);
  auto* kv = entries_.Touch(entry);
  if (kv == nullptr) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  return *kv;
}

void PrefixCache::CountMiss() {
  std::lock_guard<std::mutex> lock(mu_);
  ++misses_;
}

bool PrefixCache::CoversLocked(const Key& key) const {
  for (const Key& entry : entries_.keys()) {
    if (entry.size() >= key.size() && std::equal(key.begin(), key.end(), entry.begin())) {
      return true;
    }
  }
  return false;
}

bool PrefixCache::Covers(const Key& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  return CoversLocked(key);
}

void PrefixCache::Insert(const Key& key, SavedKv kv, uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  if (CoversLocked(key)) return;
  std::vector<Key> superseded;
  for (const Key& entry : entries_.keys()) {
    if (entry.size() < key.size() && std::equal(entry.begin(), entry.end(), key.begin())) {
      superseded.push_back(entry);
    }
  }
  for (const Key& entry : superseded) entries_.Erase(entry);
  entries_.Put(key, std::make_shared<const SavedKv>(std::move(kv)), bytes);
}

CacheStats PrefixCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return StatsOf(entries_, hits_, misses_);
}

std::optional<ImageFeatures> ImageCache::Find(const std::string& digest) {
  std::lock_guard<std::mutex> lock(mu_);
  const ImageFeatures* features = entries_.Touch(digest);
  if (features == nullptr) {
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  return *features;
}

void ImageCache::Insert(const std::string& digest, ImageFeatures features) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint64_t bytes = features.byte_size();
  entries_.Put(digest, std::move(features), bytes);
}

CacheStats ImageCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return StatsOf(entries_, hits_, misses_);
}

}  // namespace vlmxla::engine
