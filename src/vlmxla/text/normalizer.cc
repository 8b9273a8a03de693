#include "vlmxla/text/normalizer.h"

#include <cstdlib>

#include <utf8proc.h>

namespace vlmxla::text {
namespace {

std::string Utf8procMap(const std::string& s, int options) {
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                                          static_cast<utf8proc_ssize_t>(s.size()), &out,
                                          static_cast<utf8proc_option_t>(options));
  if (n < 0) return s;  // input was validated before; keep it unchanged rather than lose text
  std::string result(reinterpret_cast<char*>(out), static_cast<size_t>(n));
  std::free(out);
  return result;
}

std::string ReplaceAll(std::string s, const std::string& from, const std::string& to) {
  if (from.empty()) return s;
  std::string out;
  size_t pos = 0;
  while (true) {
    const size_t hit = s.find(from, pos);
    if (hit == std::string::npos) break;
    out.append(s, pos, hit - pos);
    out += to;
    pos = hit + from.size();
  }
  out.append(s, pos, std::string::npos);
  return out;
}

}  // namespace

Result<Normalizer> Normalizer::FromJson(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return InvalidArgument("tokenizer.json: normalizer has no \"type\"", "tokenizer_json");
  }
  const std::string type = j["type"];
  Normalizer n;
  if (type == "NFC") {
    n.kind_ = Kind::kNfc;
  } else if (type == "NFD") {
    n.kind_ = Kind::kNfd;
  } else if (type == "NFKC") {
    n.kind_ = Kind::kNfkc;
  } else if (type == "NFKD") {
    n.kind_ = Kind::kNfkd;
  } else if (type == "Prepend") {
    n.kind_ = Kind::kPrepend;
    n.a_ = j.value("prepend", std::string());
  } else if (type == "Replace") {
    n.kind_ = Kind::kReplace;
    const auto& pattern = j.value("pattern", nlohmann::json());
    if (!pattern.is_object() || !pattern.contains("String")) {
      return Unimplemented("tokenizer.json: normalizer Replace with a non-String pattern (" +
                               pattern.dump() + ") is not supported",
                           "unsupported_tokenizer_component");
    }
    n.a_ = pattern["String"].get<std::string>();
    n.b_ = j.value("content", std::string());
  } else if (type == "Sequence") {
    n.kind_ = Kind::kSequence;
    for (const auto& child : j.value("normalizers", nlohmann::json::array())) {
      VLMXLA_ASSIGN_OR_RETURN(Normalizer c, FromJson(child));
      n.children_.push_back(std::move(c));
    }
  } else {
    return Unimplemented("tokenizer.json: normalizer type \"" + type + "\" is not supported",
                         "unsupported_tokenizer_component");
  }
  return n;
}

std::optional<size_t> Normalizer::MaxShrink() const {
  switch (kind_) {
    case Kind::kNfc:
    case Kind::kNfd:
    case Kind::kNfkc:
    case Kind::kNfkd: return 4;
    case Kind::kPrepend: return 1;
    case Kind::kReplace:
      if (b_.size() >= a_.size()) return 1;
      if (b_.empty()) return std::nullopt;
      return (a_.size() + b_.size() - 1) / b_.size();
    case Kind::kSequence: {
      size_t factor = 1;
      for (const auto& c : children_) {
        const auto f = c.MaxShrink();
        if (!f) return std::nullopt;
        factor *= *f;
      }
      return factor;
    }
  }
  return std::nullopt;
}

std::string Normalizer::Normalize(std::string text) const {
  switch (kind_) {
    case Kind::kNfc: return Utf8procMap(text, UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    case Kind::kNfd: return Utf8procMap(text, UTF8PROC_STABLE | UTF8PROC_DECOMPOSE);
    case Kind::kNfkc:
      return Utf8procMap(text, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
    case Kind::kNfkd:
      return Utf8procMap(text, UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT);
    case Kind::kPrepend:
      // tokenizers leaves an empty string empty.
      return text.empty() ? text : a_ + text;
    case Kind::kReplace: return ReplaceAll(std::move(text), a_, b_);
    case Kind::kSequence:
      for (const auto& c : children_) text = c.Normalize(std::move(text));
      return text;
  }
  return text;
}

}  // namespace vlmxla::text
