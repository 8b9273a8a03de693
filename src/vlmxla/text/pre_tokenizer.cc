#include "vlmxla/text/pre_tokenizer.h"

#include <algorithm>

#include "vlmxla/text/byte_level.h"

namespace vlmxla::text {
namespace {

// GPT-2's pattern, which ByteLevel(use_regex=true) applies.
constexpr const char* kGpt2Pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

Status Unsupported(const std::string& what) {
  return Unimplemented("tokenizer.json: pre_tokenizer " + what + " is not supported",
                       "unsupported_tokenizer_component");
}

struct Segment {
  size_t begin, end;
  bool is_match;
};

}  // namespace

Result<PrependScheme> ParsePrependScheme(const nlohmann::json& j) {
  if (j.contains("prepend_scheme") && j["prepend_scheme"].is_string()) {
    const std::string s = j["prepend_scheme"];
    if (s == "always") return PrependScheme::kAlways;
    if (s == "first") return PrependScheme::kFirst;
    if (s == "never") return PrependScheme::kNever;
    return Unimplemented("tokenizer.json: Metaspace prepend_scheme \"" + s + "\" is not supported",
                         "unsupported_tokenizer_component");
  }
  // Files written before prepend_scheme existed carry add_prefix_space.
  return j.value("add_prefix_space", true) ? PrependScheme::kAlways : PrependScheme::kNever;
}

std::vector<PrePiece> SplitPiece(const PrePiece& piece,
                                 const std::vector<std::pair<size_t, size_t>>& matches,
                                 SplitBehavior behavior) {
  // Cover the whole piece with alternating gap / match segments, as tokenizers' find_matches.
  std::vector<Segment> segs;
  size_t prev = 0;
  for (const auto& [b, e] : matches) {
    if (b > prev) segs.push_back({prev, b, false});
    segs.push_back({b, e, true});
    prev = e;
  }
  if (prev < piece.text.size()) segs.push_back({prev, piece.text.size(), false});

  std::vector<std::pair<size_t, size_t>> ranges;
  switch (behavior) {
    case SplitBehavior::kIsolated:
      for (const auto& s : segs) ranges.emplace_back(s.begin, s.end);
      break;
    case SplitBehavior::kRemoved:
      for (const auto& s : segs) {
        if (!s.is_match) ranges.emplace_back(s.begin, s.end);
      }
      break;
    case SplitBehavior::kContiguous: {
      bool previous_match = false;
      for (const auto& s : segs) {
        if (!ranges.empty() && s.is_match == previous_match) {
          ranges.back().second = s.end;
        } else {
          ranges.emplace_back(s.begin, s.end);
        }
        previous_match = s.is_match;
      }
      break;
    }
    case SplitBehavior::kMergedWithPrevious: {
      bool previous_match = false;
      for (const auto& s : segs) {
        if (s.is_match && !previous_match && !ranges.empty()) {
          ranges.back().second = s.end;
        } else {
          ranges.emplace_back(s.begin, s.end);
        }
        previous_match = s.is_match;
      }
      break;
    }
    case SplitBehavior::kMergedWithNext: {
      bool previous_match = false;  // walking backwards: "previous" is the segment to the right
      for (auto it = segs.rbegin(); it != segs.rend(); ++it) {
        if (it->is_match && !previous_match && !ranges.empty()) {
          ranges.back().first = it->begin;
        } else {
          ranges.emplace_back(it->begin, it->end);
        }
        previous_match = it->is_match;
      }
      std::reverse(ranges.begin(), ranges.end());
      break;
    }
  }
  std::vector<PrePiece> out;
  for (const auto& [b, e] : ranges) {
    if (e > b) out.push_back({piece.text.substr(b, e - b), piece.at_origin && b == 0});
  }
  return out;
}

Result<PreTokenizer> PreTokenizer::FromJson(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return InvalidArgument("tokenizer.json: pre_tokenizer has no \"type\"", "tokenizer_json");
  }
  const std::string type = j["type"];
  PreTokenizer p;
  if (type == "Split") {
    p.kind_ = Kind::kSplit;
    if (j.value("invert", false)) return Unsupported("Split with invert=true");
    const auto& pattern = j.value("pattern", nlohmann::json());
    if (pattern.is_object() && pattern.contains("Regex")) {
      VLMXLA_ASSIGN_OR_RETURN(p.regex_, Regex::Compile(pattern["Regex"].get<std::string>(), false));
    } else if (pattern.is_object() && pattern.contains("String")) {
      VLMXLA_ASSIGN_OR_RETURN(p.regex_, Regex::Compile(pattern["String"].get<std::string>(), true));
    } else {
      return Unsupported("Split with pattern " + pattern.dump());
    }
    const std::string behavior = j.value("behavior", std::string("Isolated"));
    if (behavior == "Isolated") {
      p.behavior_ = SplitBehavior::kIsolated;
    } else if (behavior == "Removed") {
      p.behavior_ = SplitBehavior::kRemoved;
    } else if (behavior == "MergedWithPrevious") {
      p.behavior_ = SplitBehavior::kMergedWithPrevious;
    } else if (behavior == "MergedWithNext") {
      p.behavior_ = SplitBehavior::kMergedWithNext;
    } else if (behavior == "Contiguous") {
      p.behavior_ = SplitBehavior::kContiguous;
    } else {
      return Unsupported("Split with behavior \"" + behavior + "\"");
    }
  } else if (type == "ByteLevel") {
    p.kind_ = Kind::kByteLevel;
    p.add_prefix_space_ = j.value("add_prefix_space", true);
    p.use_regex_ = j.value("use_regex", true);
    if (p.use_regex_) {
      VLMXLA_ASSIGN_OR_RETURN(p.regex_, Regex::Compile(kGpt2Pattern, false));
    }
  } else if (type == "Metaspace") {
    p.kind_ = Kind::kMetaspace;
    p.replacement_ = j.value("replacement", std::string("\xE2\x96\x81"));
    VLMXLA_ASSIGN_OR_RETURN(p.prepend_, ParsePrependScheme(j));
    p.split_ = j.value("split", true);
    VLMXLA_ASSIGN_OR_RETURN(p.regex_, Regex::Compile(p.replacement_, true));
  } else if (type == "Sequence") {
    p.kind_ = Kind::kSequence;
    for (const auto& child : j.value("pretokenizers", nlohmann::json::array())) {
      VLMXLA_ASSIGN_OR_RETURN(PreTokenizer c, FromJson(child));
      p.children_.push_back(std::move(c));
    }
  } else {
    return Unsupported("type \"" + type + "\"");
  }
  return p;
}

Status PreTokenizer::Apply(std::vector<PrePiece>* pieces) const {
  std::vector<PrePiece> out;
  switch (kind_) {
    case Kind::kSequence:
      for (const auto& c : children_) VLMXLA_RETURN_IF_ERROR(c.Apply(pieces));
      return Status::Ok();
    case Kind::kSplit:
      for (const auto& piece : *pieces) {
        VLMXLA_ASSIGN_OR_RETURN(auto matches, regex_.FindAll(piece.text));
        for (auto& w : SplitPiece(piece, matches, behavior_)) out.push_back(std::move(w));
      }
      break;
    case Kind::kByteLevel:
      for (auto piece : *pieces) {
        if (add_prefix_space_ && piece.text.rfind(' ', 0) != 0) piece.text.insert(0, " ");
        std::vector<PrePiece> words;
        if (use_regex_) {
          VLMXLA_ASSIGN_OR_RETURN(auto matches, regex_.FindAll(piece.text));
          words = SplitPiece(piece, matches, SplitBehavior::kIsolated);
        } else if (!piece.text.empty()) {
          words.push_back(std::move(piece));
        }
        for (auto& w : words) {
          w.text = ByteLevelEncode(w.text);
          out.push_back(std::move(w));
        }
      }
      break;
    case Kind::kMetaspace:
      for (auto piece : *pieces) {
        std::string replaced;
        for (char c : piece.text) {
          if (c == ' ') {
            replaced += replacement_;
          } else {
            replaced += c;
          }
        }
        piece.text = std::move(replaced);
        const bool starts = piece.text.rfind(replacement_, 0) == 0;
        // tokenizers' prepend is a no-op on an empty string.
        if (!piece.text.empty() && !starts &&
            (prepend_ == PrependScheme::kAlways ||
             (prepend_ == PrependScheme::kFirst && piece.at_origin))) {
          piece.text.insert(0, replacement_);
        }
        if (split_) {
          VLMXLA_ASSIGN_OR_RETURN(auto matches, regex_.FindAll(piece.text));
          for (auto& w : SplitPiece(piece, matches, SplitBehavior::kMergedWithNext)) {
            out.push_back(std::move(w));
          }
        } else if (!piece.text.empty()) {
          out.push_back(std::move(piece));
        }
      }
      break;
  }
  *pieces = std::move(out);
  return Status::Ok();
}

}  // namespace vlmxla::text
