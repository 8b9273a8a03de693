#include "vlmxla/text/pre_tokenizer.h"

#include <algorithm>
#include <utility>

#include "vlmxla/text/byte_level.h"

namespace vlmxla::text {
namespace {

// GPT-2's pattern, which ByteLevel(use_regex=true) applies.
constexpr const char* kGpt2Pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

Status UnsupportedPreTokenizer(const std::string& what) {
  return Unimplemented("tokenizer.json: pre_tokenizer " + what + " is not supported",
                       "unsupported_tokenizer_component");
}

// The ranges of a piece that tokenizers' SplitDelimiterBehavior keeps, from the alternating gap /
// match segments of the piece fed in order (as find_matches yields them), each emitted as soon as
// it is final: at most one range is held back.
class RangeSplitter {
 public:
  using Emit = std::function<Status(size_t begin, size_t end)>;
  RangeSplitter(SplitBehavior behavior, Emit emit) : behavior_(behavior), emit_(std::move(emit)) {}

  Status Add(size_t begin, size_t end, bool is_match) {
    switch (behavior_) {
      case SplitBehavior::kIsolated: return emit_(begin, end);
      case SplitBehavior::kRemoved: return is_match ? Status::Ok() : emit_(begin, end);
      case SplitBehavior::kContiguous:
        // A run of segments of one kind is one range.
        if (held_ && is_match == previous_match_) {
          end_ = end;
        } else {
          VLMXLA_RETURN_IF_ERROR(Hold(begin, end));
        }
        break;
      case SplitBehavior::kMergedWithPrevious:
        // A match joins the gap before it.
        if (held_ && is_match && !previous_match_) {
          end_ = end;
        } else {
          VLMXLA_RETURN_IF_ERROR(Hold(begin, end));
        }
        break;
      case SplitBehavior::kMergedWithNext:
        // A match joins the gap after it; the held range is always a match.
        if (held_ && !is_match) {
          held_ = false;
          VLMXLA_RETURN_IF_ERROR(emit_(begin_, end));
        } else if (is_match) {
          VLMXLA_RETURN_IF_ERROR(Hold(begin, end));
        } else {
          VLMXLA_RETURN_IF_ERROR(emit_(begin, end));
        }
        break;
    }
    previous_match_ = is_match;
    return Status::Ok();
  }

  Status Finish() {
    if (!held_) return Status::Ok();
    held_ = false;
    return emit_(begin_, end_);
  }

 private:
  // Emits the held range, if any, and holds [begin, end) instead.
  Status Hold(size_t begin, size_t end) {
    VLMXLA_RETURN_IF_ERROR(Finish());
    held_ = true;
    begin_ = begin;
    end_ = end;
    return Status::Ok();
  }

  const SplitBehavior behavior_;
  const Emit emit_;
  bool held_ = false;
  size_t begin_ = 0, end_ = 0;
  bool previous_match_ = false;
};

// The words of `text` split at the matches of `regex` with `behavior`.
Status SplitWords(const Regex& regex, SplitBehavior behavior, std::string_view text, bool at_origin,
                  const WordSink& sink) {
  RangeSplitter splitter(behavior, [&](size_t b, size_t e) {
    return e > b ? sink(text.substr(b, e - b), at_origin && b == 0) : Status::Ok();
  });
  size_t prev = 0;
  VLMXLA_RETURN_IF_ERROR(regex.ForEachMatch(text, [&](size_t b, size_t e) {
    if (b > prev) VLMXLA_RETURN_IF_ERROR(splitter.Add(prev, b, false));
    prev = e;
    return splitter.Add(b, e, true);
  }));
  if (prev < text.size()) VLMXLA_RETURN_IF_ERROR(splitter.Add(prev, text.size(), false));
  return splitter.Finish();
}

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

Result<PreTokenizer> PreTokenizer::FromJson(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return InvalidArgument("tokenizer.json: pre_tokenizer has no \"type\"", "tokenizer_json");
  }
  const std::string type = j["type"];
  PreTokenizer p;
  if (type == "Split") {
    p.kind_ = Kind::kSplit;
    if (j.value("invert", false)) return UnsupportedPreTokenizer("Split with invert=true");
    const auto& pattern = j.value("pattern", nlohmann::json());
    if (pattern.is_object() && pattern.contains("Regex")) {
      VLMXLA_ASSIGN_OR_RETURN(p.regex_, Regex::Compile(pattern["Regex"].get<std::string>(), false));
    } else if (pattern.is_object() && pattern.contains("String")) {
      VLMXLA_ASSIGN_OR_RETURN(p.regex_, Regex::Compile(pattern["String"].get<std::string>(), true));
    } else {
      return UnsupportedPreTokenizer("Split with pattern " + pattern.dump());
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
      return UnsupportedPreTokenizer("Split with behavior \"" + behavior + "\"");
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
    return UnsupportedPreTokenizer("type \"" + type + "\"");
  }
  return p;
}

Status PreTokenizer::Chain(size_t child, std::string_view piece, bool at_origin,
                           const WordSink& sink) const {
  if (child == children_.size()) return sink(piece, at_origin);
  return children_[child].ForEachWord(piece, at_origin, [&](std::string_view w, bool origin) {
    return Chain(child + 1, w, origin, sink);
  });
}

Status PreTokenizer::ForEachWord(std::string_view piece, bool at_origin,
                                 const WordSink& sink) const {
  switch (kind_) {
    case Kind::kSequence: return Chain(0, piece, at_origin, sink);
    case Kind::kSplit: return SplitWords(regex_, behavior_, piece, at_origin, sink);
    case Kind::kByteLevel: {
      std::string prefixed;
      std::string_view text = piece;
      if (add_prefix_space_ && (piece.empty() || piece[0] != ' ')) {
        prefixed.reserve(piece.size() + 1);
        prefixed += ' ';
        prefixed += piece;
        text = prefixed;
      }
      std::string encoded;  // one word at a time
      auto encode = [&](std::string_view w, bool origin) {
        encoded.clear();
        for (char c : w) encoded += ByteLevelChar(static_cast<uint8_t>(c));
        return sink(encoded, origin);
      };
      if (use_regex_) return SplitWords(regex_, SplitBehavior::kIsolated, text, at_origin, encode);
      return text.empty() ? Status::Ok() : encode(text, at_origin);
    }
    case Kind::kMetaspace: {
      std::string replaced;
      replaced.reserve(piece.size());
      for (char c : piece) {
        if (c == ' ') {
          replaced += replacement_;
        } else {
          replaced += c;
        }
      }
      const bool starts = replaced.rfind(replacement_, 0) == 0;
      // tokenizers' prepend is a no-op on an empty string.
      if (!replaced.empty() && !starts &&
          (prepend_ == PrependScheme::kAlways ||
           (prepend_ == PrependScheme::kFirst && at_origin))) {
        replaced.insert(0, replacement_);
      }
      if (split_) {
        return SplitWords(regex_, SplitBehavior::kMergedWithNext, replaced, at_origin, sink);
      }
      return replaced.empty() ? Status::Ok() : sink(replaced, at_origin);
    }
  }
  return Status::Ok();
}

bool PreTokenizer::MayDropText() const {
  if (kind_ == Kind::kSplit && behavior_ == SplitBehavior::kRemoved) return true;
  for (const auto& c : children_) {
    if (c.MayDropText()) return true;
  }
  return false;
}

bool PreTokenizer::HasByteLevel() const {
  if (kind_ == Kind::kByteLevel) return true;
  for (const auto& c : children_) {
    if (c.HasByteLevel()) return true;
  }
  return false;
}

}  // namespace vlmxla::text
