// Pre-tokenizers of tokenizer.json ("pre_tokenizer" field): Split (regex or string), ByteLevel,
// Metaspace and Sequence of them. They cut a normalized piece of text into words for the model.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/text/regex.h"

namespace vlmxla::text {

// Receives the words of a piece in order. `word` is valid only during the call; `at_origin`: it
// starts at byte 0 of the original input (Metaspace's prepend_scheme "first" looks at that). An
// error stops pre-tokenization and is returned.
using WordSink = std::function<Status(std::string_view word, bool at_origin)>;

enum class SplitBehavior { kIsolated, kRemoved, kMergedWithPrevious, kMergedWithNext, kContiguous };

enum class PrependScheme { kAlways, kFirst, kNever };
Result<PrependScheme> ParsePrependScheme(const nlohmann::json& j);  // a Metaspace object

class PreTokenizer {
 public:
  enum class Kind { kSplit, kByteLevel, kMetaspace, kSequence };

  static Result<PreTokenizer> FromJson(const nlohmann::json& j);

  // Passes the pre-tokenized words of `piece` (empty words dropped) to `sink` one at a time, as
  // they are found: nothing per word is collected, so memory stays at a copy or two of the piece
  // however many words it holds.
  Status ForEachWord(std::string_view piece, bool at_origin, const WordSink& sink) const;

  // Whether some input may reach no word at all (a Split with behavior Removed).
  bool MayDropText() const;
  // Whether a ByteLevel stage maps every byte of every word to one of its 256 characters.
  bool HasByteLevel() const;

 private:
  Status Chain(size_t child, std::string_view piece, bool at_origin, const WordSink& sink) const;

  Kind kind_ = Kind::kSequence;
  Regex regex_;  // Split; ByteLevel with use_regex
  SplitBehavior behavior_ = SplitBehavior::kIsolated;
  bool add_prefix_space_ = false;  // ByteLevel
  bool use_regex_ = false;         // ByteLevel
  std::string replacement_;        // Metaspace
  PrependScheme prepend_ = PrependScheme::kAlways;
  bool split_ = true;  // Metaspace
  std::vector<PreTokenizer> children_;
};

}  // namespace vlmxla::text
