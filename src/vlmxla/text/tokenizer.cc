#include "vlmxla/text/tokenizer.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

#include "vlmxla/text/utf8.h"

namespace vlmxla::text {
namespace {

Status Unsupported(const std::string& what) {
  return Unimplemented("tokenizer.json: " + what + " is not supported",
                       "unsupported_tokenizer_component");
}

}  // namespace

Result<Tokenizer> Tokenizer::FromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("cannot open tokenizer file " + path, "file_not_found");
  std::stringstream ss;
  ss << in.rdbuf();
  auto result = FromJson(ss.str());
  if (!result.ok()) return result.status().WithContext(path);
  return result;
}

Status Tokenizer::ParsePostProcessor(const nlohmann::json& j) {
  if (j.is_null()) return Status::Ok();
  const std::string type = j.value("type", std::string());
  if (type == "ByteLevel") return Status::Ok();  // only offsets change; ids do not
  if (type == "Sequence") {
    for (const auto& p : j.value("processors", nlohmann::json::array())) {
      VLMXLA_RETURN_IF_ERROR(ParsePostProcessor(p));
    }
    return Status::Ok();
  }
  if (type != "TemplateProcessing") return Unsupported("post_processor type \"" + type + "\"");
  Template t;
  const auto& specials = j.value("special_tokens", nlohmann::json::object());
  for (const auto& item : j.value("single", nlohmann::json::array())) {
    TemplateItem ti;
    if (item.contains("Sequence")) {
      if (item["Sequence"].value("id", std::string("A")) != "A") {
        return Unsupported("TemplateProcessing single template with sequence B");
      }
      ti.is_sequence = true;
    } else if (item.contains("SpecialToken")) {
      const std::string id = item["SpecialToken"].value("id", std::string());
      if (!specials.contains(id)) {
        return InvalidArgument("tokenizer.json: TemplateProcessing uses special token \"" + id +
                                   "\" missing from its special_tokens",
                               "tokenizer_json");
      }
      ti.ids = specials[id].value("ids", std::vector<int32_t>());
    } else {
      return Unsupported("TemplateProcessing item " + item.dump());
    }
    t.push_back(std::move(ti));
  }
  templates_.push_back(std::move(t));
  return Status::Ok();
}

Result<Tokenizer> Tokenizer::FromJson(std::string_view json) {
  const nlohmann::json j = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return InvalidArgument("tokenizer.json is not a JSON object", "tokenizer_json");
  }
  Tokenizer tok;
  try {
    for (const char* key : {"truncation", "padding"}) {
      if (j.contains(key) && !j[key].is_null()) {
        return Unsupported(std::string(key) + " (non-null)");
      }
    }
    const auto& model = j.value("model", nlohmann::json());
    const std::string model_type = model.is_object() ? model.value("type", std::string("BPE")) : "";
    if (model_type != "BPE") return Unsupported("model type \"" + model_type + "\"");
    VLMXLA_ASSIGN_OR_RETURN(tok.model_, BpeModel::FromJson(model));
    if (j.contains("normalizer") && !j["normalizer"].is_null()) {
      VLMXLA_ASSIGN_OR_RETURN(tok.normalizer_, Normalizer::FromJson(j["normalizer"]));
    }
    if (j.contains("pre_tokenizer") && !j["pre_tokenizer"].is_null()) {
      VLMXLA_ASSIGN_OR_RETURN(tok.pre_tokenizer_, PreTokenizer::FromJson(j["pre_tokenizer"]));
    }
    VLMXLA_ASSIGN_OR_RETURN(tok.decoder_,
                            DecoderChain::FromJson(j.value("decoder", nlohmann::json())));
    VLMXLA_RETURN_IF_ERROR(tok.ParsePostProcessor(j.value("post_processor", nlohmann::json())));

    int32_t max_id = tok.model_.max_id();
    for (const auto& a : j.value("added_tokens", nlohmann::json::array())) {
      AddedToken t;
      t.id = a.at("id").get<int32_t>();
      t.content = a.at("content").get<std::string>();
      t.single_word = a.value("single_word", false);
      t.lstrip = a.value("lstrip", false);
      t.rstrip = a.value("rstrip", false);
      t.normalized = a.value("normalized", !a.value("special", false));
      t.special = a.value("special", false);
      if (t.id < 0) {
        return InvalidArgument(
            "tokenizer.json: added token \"" + t.content + "\" has a negative id",
            "tokenizer_json");
      }
      max_id = std::max(max_id, t.id);
      // tokenizers' id -> token map holds a normalized token's normalized form (decode sees it).
      tok.added_by_id_[t.id] =
          t.normalized && tok.normalizer_ ? tok.normalizer_->Normalize(t.content) : t.content;
      tok.added_by_content_.emplace(t.content, t.id);
      if (t.special) tok.special_contents_.insert(t.content);
      tok.added_tokens_.push_back(t);
    }
    // tokenizers builds its matchers from the special tokens first, then the others.
    for (bool special : {true, false}) {
      for (const auto& t : tok.added_tokens_) {
        if (t.special != special) continue;
        if (t.normalized) {
          tok.normalized_matcher_.Add(
              t, tok.normalizer_ ? tok.normalizer_->Normalize(t.content) : t.content);
        } else {
          tok.raw_matcher_.Add(t, t.content);
        }
      }
    }
    tok.vocab_size_ = max_id + 1;
    tok.max_bytes_per_token_ = tok.ComputeMaxBytesPerToken();
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument(std::string("tokenizer.json has an unexpected field type: ") + e.what(),
                           "tokenizer_json");
  }
  return tok;
}

std::optional<size_t> Tokenizer::ComputeMaxBytesPerToken() const {
  if (raw_matcher_.MayAbsorbText() || normalized_matcher_.MayAbsorbText()) return std::nullopt;
  if (pre_tokenizer_ && pre_tokenizer_->MayDropText()) return std::nullopt;
  const std::optional<size_t> shrink = normalizer_ ? normalizer_->MaxShrink() : 1;
  if (!shrink) return std::nullopt;
  const std::optional<size_t> word =
      model_.MaxWordBytesPerId(pre_tokenizer_ && pre_tokenizer_->HasByteLevel());
  if (!word) return std::nullopt;
  const size_t longest =
      std::max({*word, raw_matcher_.max_pattern_bytes(), normalized_matcher_.max_pattern_bytes()});
  return longest * *shrink;
}

namespace {

Status TooManyTokens(size_t max_ids, const std::string& why) {
  return OutOfRange("the text yields more than " + std::to_string(max_ids) + " tokens: " + why,
                    kReasonTooManyTokens);
}

}  // namespace

Status Tokenizer::TokenizeText(std::string_view piece, bool at_origin, size_t max_ids,
                               std::vector<int32_t>* ids) const {
  // Words go to the model one at a time as the pre-tokenizer finds them.
  auto word = [&](std::string_view w, bool) {
    model_.Tokenize(w, ids);
    if (ids->size() > max_ids) {
      return TooManyTokens(max_ids, "counting stopped there");
    }
    return Status::Ok();
  };
  if (pre_tokenizer_) return pre_tokenizer_->ForEachWord(piece, at_origin, word);
  return word(piece, at_origin);
}

Result<std::vector<int32_t>> Tokenizer::Encode(std::string_view text,
                                               bool add_special_tokens) const {
  return EncodeAtMost(text, add_special_tokens, std::numeric_limits<size_t>::max());
}

Result<std::vector<int32_t>> Tokenizer::EncodeAtMost(std::string_view text, bool add_special_tokens,
                                                     size_t max_ids) const {
  const std::optional<size_t> per_token = max_bytes_per_token_;
  if (per_token && max_ids < std::numeric_limits<size_t>::max() / *per_token &&
      text.size() > *per_token * max_ids) {
    return TooManyTokens(max_ids, "it has " + std::to_string(text.size()) +
                                      " bytes and no token stands for more than " +
                                      std::to_string(*per_token) + " of them");
  }
  if (auto bad = FindInvalidUtf8(text)) {
    char byte[8];
    std::snprintf(byte, sizeof(byte), "0x%02X", static_cast<uint8_t>(text[*bad]));
    return InvalidArgument("text to tokenize is not valid UTF-8: ill-formed sequence at byte " +
                               std::to_string(*bad) + " (" + byte + ") of " +
                               std::to_string(text.size()),
                           "invalid_utf8");
  }
  std::vector<int32_t> ids;
  auto add = [&](int32_t id) {
    ids.push_back(id);
    return ids.size() > max_ids ? TooManyTokens(max_ids, "counting stopped there") : Status::Ok();
  };
  VLMXLA_RETURN_IF_ERROR(raw_matcher_.ForEachSplit(text, [&](const AddedSplit& s) -> Status {
    if (s.id >= 0) return add(s.id);
    std::string piece(text.substr(s.begin, s.end - s.begin));
    if (normalizer_) piece = normalizer_->Normalize(std::move(piece));
    return normalized_matcher_.ForEachSplit(piece, [&](const AddedSplit& n) -> Status {
      if (n.id >= 0) return add(n.id);
      return TokenizeText(std::string_view(piece).substr(n.begin, n.end - n.begin),
                          s.begin == 0 && n.begin == 0, max_ids, &ids);
    });
  }));
  if (add_special_tokens) {
    for (const Template& t : templates_) {
      std::vector<int32_t> out;
      for (const TemplateItem& item : t) {
        const auto& src = item.is_sequence ? ids : item.ids;
        out.insert(out.end(), src.begin(), src.end());
      }
      ids = std::move(out);
    }
  }
  return ids;
}

const std::string* Tokenizer::TokenForDecode(int32_t id, bool skip_special_tokens) const {
  const std::string* token = nullptr;
  if (auto it = added_by_id_.find(id); it != added_by_id_.end()) {
    token = &it->second;
  } else {
    token = model_.IdToToken(id);
  }
  if (token == nullptr) return nullptr;
  if (skip_special_tokens && special_contents_.count(*token) > 0) return nullptr;
  return token;
}

std::string Tokenizer::Decode(std::span<const int32_t> ids, bool skip_special_tokens) const {
  std::string out;
  DecoderChain::State state = decoder_.NewState();
  for (int32_t id : ids) {
    if (const std::string* token = TokenForDecode(id, skip_special_tokens)) {
      decoder_.Push(&state, *token, &out);
    }
  }
  decoder_.Finish(&state, &out);
  return out;
}

std::string Tokenizer::TokenBytes(int32_t id) const {
  const std::string* token = TokenForDecode(id, false);
  return token != nullptr ? decoder_.TokenBytes(*token) : std::string();
}

std::optional<int32_t> Tokenizer::TokenToId(std::string_view token) const {
  if (auto it = added_by_content_.find(std::string(token)); it != added_by_content_.end()) {
    return it->second;
  }
  return model_.TokenToId(token);
}

std::optional<std::string> Tokenizer::IdToToken(int32_t id) const {
  if (const std::string* t = TokenForDecode(id, false)) return *t;
  return std::nullopt;
}

bool Tokenizer::IsSpecial(int32_t id) const {
  const std::string* t = TokenForDecode(id, false);
  return t != nullptr && special_contents_.count(*t) > 0;
}

}  // namespace vlmxla::text
