#include "vlmxla/text/decoder.h"

#include <optional>

#include "vlmxla/text/byte_level.h"

namespace vlmxla::text {
namespace {

Status UnsupportedDecoder(const std::string& what) {
  return Unimplemented("tokenizer.json: decoder " + what + " is not supported",
                       "unsupported_tokenizer_component");
}

std::string ReplaceAll(std::string_view s, const std::string& from, const std::string& to) {
  std::string out;
  size_t pos = 0;
  while (!from.empty()) {
    const size_t hit = s.find(from, pos);
    if (hit == std::string_view::npos) break;
    out.append(s.substr(pos, hit - pos));
    out += to;
    pos = hit + from.size();
  }
  out.append(s.substr(pos));
  return out;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "<0xNN>" -> NN, as ByteFallback recognizes byte tokens.
int ByteTokenValue(std::string_view t) {
  if (t.size() != 6 || t.substr(0, 3) != "<0x" || t[5] != '>') return -1;
  const int hi = HexValue(t[3]), lo = HexValue(t[4]);
  if (hi < 0 || lo < 0) return -1;
  return hi * 16 + lo;
}

size_t Utf8Length(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<uint8_t>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace

Status DecoderChain::Flatten(const nlohmann::json& j, std::vector<Step>* steps) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return InvalidArgument("tokenizer.json: decoder has no \"type\"", "tokenizer_json");
  }
  const std::string type = j["type"];
  const bool fused =
      !steps->empty() && (steps->back().fused_input || steps->back().kind == Kind::kFuse ||
                          steps->back().kind == Kind::kByteLevel);
  Step s;
  s.fused_input = fused;
  if (type == "Sequence") {
    for (const auto& child : j.value("decoders", nlohmann::json::array())) {
      VLMXLA_RETURN_IF_ERROR(Flatten(child, steps));
    }
    return Status::Ok();
  } else if (type == "ByteLevel") {
    if (fused) return UnsupportedDecoder("ByteLevel after Fuse or ByteLevel");
    s.kind = Kind::kByteLevel;
  } else if (type == "Metaspace") {
    s.kind = Kind::kMetaspace;
    s.a = j.value("replacement", std::string("\xE2\x96\x81"));
    VLMXLA_ASSIGN_OR_RETURN(s.prepend, ParsePrependScheme(j));
  } else if (type == "Replace") {
    s.kind = Kind::kReplace;
    const auto& pattern = j.value("pattern", nlohmann::json());
    if (!pattern.is_object() || !pattern.contains("String")) {
      return UnsupportedDecoder("Replace with pattern " + pattern.dump());
    }
    s.a = pattern["String"].get<std::string>();
    s.b = j.value("content", std::string());
    // A multi-character pattern could straddle two fragments of a fused stream.
    if (fused && Utf8Length(s.a) > 1) {
      return UnsupportedDecoder("Replace of a multi-character pattern after Fuse");
    }
  } else if (type == "ByteFallback") {
    if (fused) return UnsupportedDecoder("ByteFallback after Fuse or ByteLevel");
    s.kind = Kind::kByteFallback;
  } else if (type == "Fuse") {
    s.kind = Kind::kFuse;
  } else if (type == "Strip") {
    s.kind = Kind::kStrip;
    const std::string content = j.value("content", std::string(" "));
    if (Utf8Length(content) != 1)
      return UnsupportedDecoder("Strip with content \"" + content + "\"");
    size_t pos = 0;
    s.content = NextCodePoint(content, &pos);
    s.a = content;
    s.start = j.value("start", size_t{0});
    s.stop = j.value("stop", size_t{0});
  } else {
    return UnsupportedDecoder("type \"" + type + "\"");
  }
  steps->push_back(std::move(s));
  return Status::Ok();
}

Result<DecoderChain> DecoderChain::FromJson(const nlohmann::json& j) {
  DecoderChain chain;
  if (j.is_null()) {
    Step join;
    join.kind = Kind::kJoinSpace;
    chain.steps_.push_back(join);
  } else {
    VLMXLA_RETURN_IF_ERROR(Flatten(j, &chain.steps_));
  }
  return chain;
}

DecoderChain::State DecoderChain::NewState() const {
  State st;
  st.steps.resize(steps_.size());
  for (size_t i = 0; i < steps_.size(); ++i) st.steps[i].strip_left = steps_[i].start;
  return st;
}

void DecoderChain::Push(State* state, std::string_view token, std::string* out) const {
  Feed(0, state, token, out);
}

void DecoderChain::Finish(State* state, std::string* out) const { Flush(0, state, out); }

void DecoderChain::StripToken(const Step& s, std::string_view token, size_t step, State* state,
                              std::string* out) const {
  std::vector<std::pair<size_t, char32_t>> chars;  // (byte offset, code point)
  for (size_t pos = 0; pos < token.size();) {
    const size_t at = pos;
    chars.emplace_back(at, NextCodePoint(token, &pos));
  }
  size_t start_cut = 0;
  while (start_cut < s.start && start_cut < chars.size() && chars[start_cut].second == s.content) {
    ++start_cut;
  }
  size_t stop_cut = chars.size();
  for (size_t i = 0; i < s.stop && stop_cut > 0 && chars[stop_cut - 1].second == s.content; ++i) {
    --stop_cut;
  }
  if (stop_cut <= start_cut) {
    Feed(step + 1, state, "", out);
    return;
  }
  const size_t b = chars[start_cut].first;
  const size_t e = stop_cut == chars.size() ? token.size() : chars[stop_cut].first;
  Feed(step + 1, state, token.substr(b, e - b), out);
}

namespace {

// The bytes a byte-level token stands for; nullopt when a character is outside the byte map
// (an added token, which stands for its own bytes).
std::optional<std::string> ByteLevelBytes(std::string_view item) {
  std::string bytes;
  for (size_t pos = 0; pos < item.size();) {
    auto b = ByteLevelByte(NextCodePoint(item, &pos));
    if (!b) return std::nullopt;
    bytes.push_back(static_cast<char>(*b));
  }
  return bytes;
}

}  // namespace

std::string DecoderChain::TokenBytes(std::string_view token) const {
  std::string item(token);
  for (const Step& s : steps_) {
    switch (s.kind) {
      case Kind::kReplace: item = ReplaceAll(item, s.a, s.b); break;
      case Kind::kMetaspace: item = ReplaceAll(item, s.a, " "); break;
      case Kind::kByteFallback: {
        const int byte = ByteTokenValue(item);
        if (byte >= 0) item = std::string(1, static_cast<char>(byte));
        break;
      }
      case Kind::kByteLevel:
        if (auto bytes = ByteLevelBytes(item)) item = std::move(*bytes);  // else: an added token
        break;
      case Kind::kFuse:
      case Kind::kStrip:
      case Kind::kJoinSpace: break;
    }
  }
  return item;
}

void DecoderChain::Feed(size_t step, State* state, std::string_view item, std::string* out) const {
  if (step == steps_.size()) {
    out->append(item);
    return;
  }
  const Step& s = steps_[step];
  auto& st = state->steps[step];
  switch (s.kind) {
    case Kind::kReplace: Feed(step + 1, state, ReplaceAll(item, s.a, s.b), out); return;
    case Kind::kFuse: Feed(step + 1, state, item, out); return;
    case Kind::kJoinSpace:
      if (st.tokens_seen++ > 0) Feed(step + 1, state, " ", out);
      Feed(step + 1, state, item, out);
      return;
    case Kind::kMetaspace: {
      const bool first = s.fused_input || st.tokens_seen == 0;
      ++st.tokens_seen;
      const bool drop = first && s.prepend != PrependScheme::kNever;
      Feed(step + 1, state, ReplaceAll(item, s.a, drop ? "" : " "), out);
      return;
    }
    case Kind::kByteFallback: {
      const int byte = ByteTokenValue(item);
      if (byte >= 0) {
        st.pending_bytes.push_back(static_cast<char>(byte));
        return;
      }
      FlushBytes(step, state, out);
      Feed(step + 1, state, item, out);
      return;
    }
    case Kind::kByteLevel: {
      const std::optional<std::string> bytes = ByteLevelBytes(item);
      // A token with a character outside the byte map (an added token) contributes its own bytes.
      std::string text;
      st.utf8.Push(bytes ? std::string_view(*bytes) : item, &text);
      Feed(step + 1, state, text, out);
      return;
    }
    case Kind::kStrip: {
      if (!s.fused_input) {
        StripToken(s, item, step, state, out);
        return;
      }
      // One fused stream: strip its head as it passes, hold back a possible tail.
      std::string text;
      for (size_t pos = 0; pos < item.size();) {
        const size_t at = pos;
        const char32_t cp = NextCodePoint(item, &pos);
        if (st.strip_leading && st.strip_left > 0 && cp == s.content) {
          --st.strip_left;
          continue;
        }
        st.strip_leading = false;
        if (s.stop > 0 && cp == s.content) {
          ++st.held;
          continue;
        }
        for (; st.held > 0; --st.held) text += s.a;
        text.append(item.substr(at, pos - at));
      }
      Feed(step + 1, state, text, out);
      return;
    }
  }
}

void DecoderChain::FlushBytes(size_t step, State* state, std::string* out) const {
  auto& st = state->steps[step];
  if (st.pending_bytes.empty()) return;
  const std::string bytes = std::move(st.pending_bytes);
  st.pending_bytes.clear();
  // A run of byte tokens is one string when valid UTF-8, else one U+FFFD per byte.
  if (!FindInvalidUtf8(bytes)) {
    Feed(step + 1, state, bytes, out);
  } else {
    for (size_t i = 0; i < bytes.size(); ++i) Feed(step + 1, state, kReplacementChar, out);
  }
}

void DecoderChain::Flush(size_t step, State* state, std::string* out) const {
  if (step == steps_.size()) return;
  const Step& s = steps_[step];
  auto& st = state->steps[step];
  if (s.kind == Kind::kByteFallback) {
    FlushBytes(step, state, out);
  } else if (s.kind == Kind::kByteLevel) {
    std::string text;
    st.utf8.Finish(&text);
    if (!text.empty()) Feed(step + 1, state, text, out);
  } else if (s.kind == Kind::kStrip && s.fused_input) {
    std::string text;
    for (size_t i = s.stop; i < st.held; ++i) text += s.a;
    st.held = 0;
    if (!text.empty()) Feed(step + 1, state, text, out);
  }
  Flush(step + 1, state, out);
}

}  // namespace vlmxla::text
