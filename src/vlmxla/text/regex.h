// A PCRE2 (UTF + UCP) regex that matches the way tokenizers' Oniguruma regexes do for the
// pre-tokenizer patterns we support. The one known divergence, \s and \S (PCRE2 leaves out
// U+0085, Oniguruma uses Unicode White_Space), is removed by rewriting them as explicit classes.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vlmxla/base/status.h"

namespace vlmxla::text {

class Regex {
 public:
  // `literal`: the pattern is a plain string (tokenizers' {"String": ...} patterns).
  static Result<Regex> Compile(const std::string& pattern, bool literal);

  // All non-overlapping matches [begin, end) in `text` (valid UTF-8), leftmost-first as
  // Oniguruma's find_iter; an empty match advances by one character.
  Result<std::vector<std::pair<size_t, size_t>>> FindAll(std::string_view text) const;

  // The same matches, each passed to `on_match` as it is found (nothing is collected); an error
  // from `on_match` stops the search and is returned.
  Status ForEachMatch(std::string_view text,
                      const std::function<Status(size_t begin, size_t end)>& on_match) const;

  // Exposed for tests: the pattern after the \s / \S rewrite.
  static Result<std::string> TranslatePattern(const std::string& pattern);

 private:
  std::shared_ptr<void> code_;  // pcre2_code_8
  std::string pattern_;
};

}  // namespace vlmxla::text
