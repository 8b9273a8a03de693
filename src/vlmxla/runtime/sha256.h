// SHA-256 (FIPS 180-4) of byte strings, as lower-case hex: keys the artifact cache.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace vlmxla::runtime {

// Incremental hasher: Update() any number of times, then HexDigest() once.
class Sha256 {
 public:
  Sha256();
  void Update(std::string_view bytes);
  // Finishes the hash; the object must not be updated afterwards.
  std::string HexDigest();

 private:
  void Block(const uint8_t* block);

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> pending_{};
  size_t pending_size_ = 0;
  uint64_t total_bytes_ = 0;
};

// One-shot convenience.
std::string Sha256Hex(std::string_view bytes);

}  // namespace vlmxla::runtime
