#include "vlmxla/text/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace vlmxla::text {
namespace {

// Unicode White_Space, the set Oniguruma's \s matches in UTF-8 mode.
constexpr const char* kWhiteSpaceClassBody =
    "\\t\\n\\x{0B}\\f\\r\\x{20}\\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}"
    "\\x{202F}\\x{205F}\\x{3000}";

std::string Pcre2Message(int code) {
  PCRE2_UCHAR buf[256];
  pcre2_get_error_message(code, buf, sizeof(buf));
  return reinterpret_cast<const char*>(buf);
}

}  // namespace

Result<std::string> Regex::TranslatePattern(const std::string& p) {
  std::string out;
  bool in_class = false;
  size_t class_start = 0;  // index in `p` just after '[' or '[^'
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '\\' && i + 1 < p.size()) {
      const char n = p[i + 1];
      if (n == 's') {
        out += in_class ? std::string(kWhiteSpaceClassBody)
                        : "[" + std::string(kWhiteSpaceClassBody) + "]";
      } else if (n == 'S') {
        if (in_class) {
          return Unimplemented("regex pattern uses \\S inside a character class: " + p,
                               "unsupported_tokenizer_component");
        }
        out += "[^" + std::string(kWhiteSpaceClassBody) + "]";
      } else {
        out += c;
        out += n;
      }
      ++i;
      continue;
    }
    if (!in_class && c == '[') {
      in_class = true;
      out += c;
      if (i + 1 < p.size() && p[i + 1] == '^') {
        out += '^';
        ++i;
      }
      class_start = i + 1;
      continue;
    }
    if (in_class && c == '[' && i + 1 < p.size() && p[i + 1] == ':') {
      return Unimplemented("regex pattern uses a POSIX class or nested class: " + p,
                           "unsupported_tokenizer_component");
    }
    if (in_class && c == ']' && i != class_start) in_class = false;
    out += c;
  }
  return out;
}

Result<Regex> Regex::Compile(const std::string& pattern, bool literal) {
  std::string translated = pattern;
  uint32_t options = PCRE2_UTF | PCRE2_NO_UTF_CHECK;
  if (literal) {
    options |= PCRE2_LITERAL;
  } else {
    options |= PCRE2_UCP;
    VLMXLA_ASSIGN_OR_RETURN(translated, TranslatePattern(pattern));
  }
  int error = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(translated.data()),
                                   translated.size(), options, &error, &offset, nullptr);
  if (code == nullptr) {
    return InvalidArgument("tokenizer.json: cannot compile regex \"" + pattern + "\" at offset " +
                               std::to_string(offset) + ": " + Pcre2Message(error),
                           "tokenizer_json");
  }
  pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);  // best effort; the interpreter is the fallback
  Regex r;
  r.code_ =
      std::shared_ptr<void>(code, [](void* c) { pcre2_code_free(static_cast<pcre2_code*>(c)); });
  r.pattern_ = pattern;
  return r;
}

Status Regex::ForEachMatch(std::string_view text,
                           const std::function<Status(size_t begin, size_t end)>& on_match) const {
  auto* code = static_cast<pcre2_code*>(code_.get());
  std::unique_ptr<pcre2_match_data, void (*)(pcre2_match_data*)> md(
      pcre2_match_data_create_from_pattern(code, nullptr), pcre2_match_data_free);
  const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
  size_t start = 0;
  while (start <= text.size()) {
    int rc = pcre2_match(code, subject, text.size(), start, PCRE2_NO_UTF_CHECK, md.get(), nullptr);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT) {
      rc = pcre2_match(code, subject, text.size(), start, PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT,
                       md.get(), nullptr);
    }
    if (rc == PCRE2_ERROR_NOMATCH) break;
    if (rc < 0) {
      return Internal("regex \"" + pattern_ + "\" failed on a " + std::to_string(text.size()) +
                          "-byte piece: " + Pcre2Message(rc),
                      "regex_failure");
    }
    const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md.get());
    const size_t b = ov[0], e = ov[1];
    if (e > b) {
      VLMXLA_RETURN_IF_ERROR(on_match(b, e));
      start = e;
    } else {
      // Skip an empty match by one whole character.
      size_t next = b + 1;
      while (next < text.size() && (static_cast<uint8_t>(text[next]) & 0xC0) == 0x80) ++next;
      start = next;
    }
  }
  return Status::Ok();
}

Result<std::vector<std::pair<size_t, size_t>>> Regex::FindAll(std::string_view text) const {
  std::vector<std::pair<size_t, size_t>> matches;
  VLMXLA_RETURN_IF_ERROR(ForEachMatch(text, [&](size_t b, size_t e) {
    matches.emplace_back(b, e);
    return Status::Ok();
  }));
  return matches;
}

}  // namespace vlmxla::text
