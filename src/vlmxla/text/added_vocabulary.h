// Added tokens ("added_tokens" in tokenizer.json) and how tokenizers finds them in text:
// leftmost-longest matching, then the single_word / lstrip / rstrip rules.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/base/status.h"

namespace vlmxla::text {

struct AddedToken {
  int32_t id = 0;
  std::string content;
  bool single_word = false;
  bool lstrip = false;
  bool rstrip = false;
  bool normalized = false;
  bool special = false;
};

// A piece of the input: an added token (id >= 0) or text to tokenize (id < 0), bytes [begin, end).
struct AddedSplit {
  int32_t id;
  size_t begin;
  size_t end;
};

class AddedTokenMatcher {
 public:
  // `patterns[i]` is what is searched for `tokens[i]` (its content, normalized when the token is).
  void Add(const AddedToken& token, std::string pattern);

  // Splits `text` (valid UTF-8) around the added tokens it contains; an empty text gives no splits.
  std::vector<AddedSplit> Split(std::string_view text) const;
  // The same splits, each passed to `on_split` in order as it is found; an error stops the walk.
  Status ForEachSplit(std::string_view text,
                      const std::function<Status(const AddedSplit&)>& on_split) const;

  // Whether a match can take in more text than its pattern (lstrip / rstrip take whitespace).
  bool MayAbsorbText() const;
  // The longest pattern, in bytes.
  size_t max_pattern_bytes() const;

  bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    std::string pattern;
    AddedToken token;
  };
  std::vector<Entry> entries_;
  std::vector<std::vector<size_t>> by_first_byte_ = std::vector<std::vector<size_t>>(256);
};

}  // namespace vlmxla::text
