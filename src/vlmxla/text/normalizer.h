// Normalizers of tokenizer.json ("normalizer" field): the subset our models use.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"

namespace vlmxla::text {

class Normalizer {
 public:
  enum class Kind { kNfc, kNfd, kNfkc, kNfkd, kPrepend, kReplace, kSequence };

  // Parses a non-null "normalizer" object; unsupported types are Unimplemented, naming the type.
  static Result<Normalizer> FromJson(const nlohmann::json& j);

  // `text` is valid UTF-8.
  std::string Normalize(std::string text) const;

  // How many times shorter, in bytes, normalizing can make a text; nullopt when without bound
  // (a Replace with empty content). Unicode normalization: 4 (a code point has at most 4 bytes and
  // maps to at least one byte; compositions join code points into no fewer bytes per code point).
  std::optional<size_t> MaxShrink() const;

 private:
  Kind kind_ = Kind::kSequence;
  std::string a_;  // Prepend: the prefix; Replace: the pattern
  std::string b_;  // Replace: the content
  std::vector<Normalizer> children_;
};

}  // namespace vlmxla::text
