// Pre-tokenizers of tokenizer.json ("pre_tokenizer" field): Split (regex or string), ByteLevel,
// Metaspace and Sequence of them. They cut a normalized piece of text into words for the model.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/text/regex.h"

namespace vlmxla::text {

// A piece of text on its way to the model. `at_origin`: it starts at byte 0 of the original input
// (Metaspace's prepend_scheme "first" looks at that).
struct PrePiece {
  std::string text;
  bool at_origin = false;
};

enum class SplitBehavior { kIsolated, kRemoved, kMergedWithPrevious, kMergedWithNext, kContiguous };

enum class PrependScheme { kAlways, kFirst, kNever };
Result<PrependScheme> ParsePrependScheme(const nlohmann::json& j);  // a Metaspace object

class PreTokenizer {
 public:
  enum class Kind { kSplit, kByteLevel, kMetaspace, kSequence };

  static Result<PreTokenizer> FromJson(const nlohmann::json& j);

  // Replaces `pieces` with their pre-tokenized words (empty words dropped).
  Status Apply(std::vector<PrePiece>* pieces) const;

 private:
  Kind kind_ = Kind::kSequence;
  Regex regex_;                       // Split; ByteLevel with use_regex
  SplitBehavior behavior_ = SplitBehavior::kIsolated;
  bool add_prefix_space_ = false;     // ByteLevel
  bool use_regex_ = false;            // ByteLevel
  std::string replacement_;           // Metaspace
  PrependScheme prepend_ = PrependScheme::kAlways;
  bool split_ = true;                 // Metaspace
  std::vector<PreTokenizer> children_;
};

// Splits `piece` at `matches` (sorted, non-overlapping) with tokenizers' SplitDelimiterBehavior.
std::vector<PrePiece> SplitPiece(const PrePiece& piece,
                                 const std::vector<std::pair<size_t, size_t>>& matches,
                                 SplitBehavior behavior);

}  // namespace vlmxla::text
