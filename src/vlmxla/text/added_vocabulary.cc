#include "vlmxla/text/added_vocabulary.h"

#include <algorithm>

#include "vlmxla/text/utf8.h"

namespace vlmxla::text {
namespace {

// Start of the run of whitespace that ends `s`.
size_t TrailingSpaceStart(std::string_view s) {
  size_t end = 0;  // just past the last non-space character
  for (size_t pos = 0; pos < s.size();) {
    if (!IsUnicodeWhitespace(NextCodePoint(s, &pos))) end = pos;
  }
  return end;
}

// Length of the run of whitespace that starts `s`.
size_t LeadingSpaceLength(std::string_view s) {
  for (size_t pos = 0; pos < s.size();) {
    const size_t at = pos;
    if (!IsUnicodeWhitespace(NextCodePoint(s, &pos))) return at;
  }
  return s.size();
}

bool EndsWithWord(std::string_view s) {
  if (s.empty()) return false;
  size_t start = s.size() - 1;
  while (start > 0 && (static_cast<uint8_t>(s[start]) & 0xC0) == 0x80) --start;
  return IsWordCharacter(NextCodePoint(s, &start));
}

bool StartsWithWord(std::string_view s) {
  if (s.empty()) return false;
  size_t pos = 0;
  return IsWordCharacter(NextCodePoint(s, &pos));
}

}  // namespace

void AddedTokenMatcher::Add(const AddedToken& token, std::string pattern) {
  if (pattern.empty()) return;
  const auto first = static_cast<uint8_t>(pattern[0]);
  entries_.push_back({std::move(pattern), token});
  auto& bucket = by_first_byte_[first];
  bucket.push_back(entries_.size() - 1);
  // Longest first; among equal lengths the earlier token wins.
  std::stable_sort(bucket.begin(), bucket.end(), [this](size_t a, size_t b) {
    return entries_[a].pattern.size() > entries_[b].pattern.size();
  });
}

std::vector<AddedSplit> AddedTokenMatcher::Split(std::string_view text) const {
  std::vector<AddedSplit> splits;
  (void)ForEachSplit(text, [&](const AddedSplit& s) {
    splits.push_back(s);
    return Status::Ok();
  });
  return splits;
}

Status AddedTokenMatcher::ForEachSplit(
    std::string_view text, const std::function<Status(const AddedSplit&)>& on_split) const {
  if (text.empty()) return Status::Ok();
  size_t start_offset = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    const Entry* hit = nullptr;
    for (size_t idx : by_first_byte_[static_cast<uint8_t>(text[pos])]) {
      const auto& p = entries_[idx].pattern;
      if (text.compare(pos, p.size(), p) == 0) {
        hit = &entries_[idx];
        break;
      }
    }
    if (hit == nullptr) {
      ++pos;
      continue;
    }
    size_t start = pos;
    size_t stop = pos + hit->pattern.size();
    pos = stop;  // the search resumes after the raw match, whatever the strip rules do
    const AddedToken& t = hit->token;
    if (t.single_word) {
      const bool start_space = start == 0 || !EndsWithWord(text.substr(0, start));
      const bool stop_space = stop == text.size() || !StartsWithWord(text.substr(stop));
      if (!start_space || !stop_space) continue;
    }
    // lstrip takes whitespace back to the previous split at most: scan only that far, so many
    // matches in a long text stay linear.
    if (t.lstrip) {
      start = start_offset + TrailingSpaceStart(text.substr(start_offset, start - start_offset));
    }
    if (t.rstrip) stop += LeadingSpaceLength(text.substr(stop));
    if (start_offset < start) VLMXLA_RETURN_IF_ERROR(on_split({-1, start_offset, start}));
    VLMXLA_RETURN_IF_ERROR(on_split({t.id, start, stop}));
    start_offset = stop;
  }
  if (start_offset < text.size()) {
    VLMXLA_RETURN_IF_ERROR(on_split({-1, start_offset, text.size()}));
  }
  return Status::Ok();
}

bool AddedTokenMatcher::MayAbsorbText() const {
  for (const auto& e : entries_) {
    if (e.token.lstrip || e.token.rstrip) return true;
  }
  return false;
}

size_t AddedTokenMatcher::max_pattern_bytes() const {
  size_t n = 0;
  for (const auto& e : entries_) n = std::max(n, e.pattern.size());
  return n;
}

}  // namespace vlmxla::text
