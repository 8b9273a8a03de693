// Hand-written equivalent of jinja2's regex lexer for the default delimiters.
#include "vlmxla/text/jinja_lexer.h"

#include <cstring>

namespace vlmxla::text::jinja {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool IsNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// jinja2 splits the source on \r\n, \r and \n, re-joins with \n and drops one final empty line.
std::string NormalizeNewlines(const std::string& src, bool keep_trailing_newline) {
  std::string out;
  out.reserve(src.size());
  for (size_t i = 0; i < src.size(); ++i) {
    if (src[i] == '\r') {
      out.push_back('\n');
      if (i + 1 < src.size() && src[i + 1] == '\n') ++i;
    } else {
      out.push_back(src[i]);
    }
  }
  if (!keep_trailing_newline && !out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

class Lexer {
 public:
  Lexer(std::string src, const LexOptions& opt) : src_(std::move(src)), opt_(opt) {}

  Result<std::vector<Token>> Run() {
    bool line_starting = true;
    while (pos_ < src_.size()) {
      size_t tag = FindTag(pos_);
      std::string text = src_.substr(pos_, tag - pos_);
      if (tag == src_.size()) {
        Emit(TokenKind::kData, text, pos_);
        pos_ = tag;
        break;
      }
      char kind = src_[tag + 1];  // '{', '%' or '#'
      char sign = tag + 2 < src_.size() ? src_[tag + 2] : '\0';
      if (sign == '-') {
        size_t end = text.size();
        while (end > 0 && IsSpace(text[end - 1])) --end;
        text.resize(end);
      } else if (sign != '+' && opt_.lstrip_blocks && kind != '{') {
        size_t nl = text.rfind('\n');
        size_t l_pos = nl == std::string::npos ? 0 : nl + 1;
        if (l_pos > 0 || line_starting) {
          bool all_ws = l_pos < text.size();
          for (size_t i = l_pos; i < text.size(); ++i) all_ws = all_ws && IsSpace(text[i]);
          if (all_ws) text.resize(l_pos);
        }
      }
      if (!text.empty()) Emit(TokenKind::kData, text, pos_);
      size_t body = tag + 2 + ((sign == '-' || sign == '+') ? 1 : 0);
      if (kind == '#') {
        VLMXLA_RETURN_IF_ERROR(LexComment(tag, body));
      } else {
        VLMXLA_RETURN_IF_ERROR(LexTag(tag, body, kind == '%'));
      }
      line_starting = pos_ > 0 && src_[pos_ - 1] == '\n';
    }
    Token end{TokenKind::kEnd, "", 0, 0};
    Position(src_.size(), end.line, end.column);
    tokens_.push_back(end);
    return std::move(tokens_);
  }

 private:
  size_t FindTag(size_t from) const {
    for (size_t i = from; i + 1 < src_.size(); ++i) {
      if (src_[i] == '{' && (src_[i + 1] == '{' || src_[i + 1] == '%' || src_[i + 1] == '#')) {
        return i;
      }
    }
    return src_.size();
  }

  void Position(size_t offset, int& line, int& column) const {
    // Incremental: positions are requested in increasing order.
    while (pos_cache_ < offset && pos_cache_ < src_.size()) {
      if (src_[pos_cache_] == '\n') {
        ++line_cache_;
        col_cache_ = 1;
      } else {
        ++col_cache_;
      }
      ++pos_cache_;
    }
    line = line_cache_;
    column = col_cache_;
  }

  void Emit(TokenKind kind, std::string text, size_t offset) {
    Token t{kind, std::move(text), 1, 1};
    Position(offset, t.line, t.column);
    tokens_.push_back(std::move(t));
  }

  Status ErrorAt(size_t offset, const std::string& what) const {
    int line = 1, column = 1;
    // Recompute from the start: errors are rare.
    for (size_t i = 0; i < offset && i < src_.size(); ++i) {
      if (src_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return InvalidArgument("chat template syntax error at line " + std::to_string(line) +
                               ", column " + std::to_string(column) + ": " + what,
                           "chat_template_syntax");
  }

  // After an end tag: `-` strips all following whitespace, trim_blocks one newline (blocks and
  // comments only).
  void AfterEnd(size_t after, bool minus, bool plus, bool block_like) {
    pos_ = after;
    if (minus) {
      while (pos_ < src_.size() && IsSpace(src_[pos_])) ++pos_;
    } else if (!plus && block_like && opt_.trim_blocks && pos_ < src_.size() &&
               src_[pos_] == '\n') {
      ++pos_;
    }
  }

  Status LexComment(size_t tag, size_t body) {
    size_t end = src_.find("#}", body);
    if (end == std::string::npos) return ErrorAt(tag, "missing end of comment tag");
    bool minus = end > body && src_[end - 1] == '-';
    bool plus = end > body && src_[end - 1] == '+';
    AfterEnd(end + 2, minus, plus, true);
    return Status::Ok();
  }

  Status LexTag(size_t tag, size_t body, bool block) {
    Emit(block ? TokenKind::kBlockBegin : TokenKind::kVarBegin, block ? "{%" : "{{", tag);
    size_t p = body;
    std::vector<char> balance;
    const char close = block ? '%' : '}';
    while (true) {
      while (p < src_.size() && IsSpace(src_[p])) ++p;
      if (p >= src_.size()) {
        return ErrorAt(tag, std::string("unclosed ") + (block ? "block tag '{%'" : "'{{'"));
      }
      if (balance.empty()) {
        // End tags are recognised before operators, as in jinja2.
        auto starts = [&](const char* s) { return src_.compare(p, std::strlen(s), s) == 0; };
        std::string end_plain = std::string(1, close) + "}";
        if (starts(("-" + end_plain).c_str())) {
          Emit(block ? TokenKind::kBlockEnd : TokenKind::kVarEnd, end_plain, p);
          AfterEnd(p + 3, true, false, block);
          return Status::Ok();
        }
        if (block && starts("+%}")) {
          Emit(TokenKind::kBlockEnd, end_plain, p);
          AfterEnd(p + 3, false, true, block);
          return Status::Ok();
        }
        if (starts(end_plain.c_str())) {
          Emit(block ? TokenKind::kBlockEnd : TokenKind::kVarEnd, end_plain, p);
          AfterEnd(p + 2, false, false, block);
          return Status::Ok();
        }
      }
      char c = src_[p];
      if (IsNameStart(c)) {
        size_t s = p;
        while (p < src_.size() && (IsNameStart(src_[p]) || IsDigit(src_[p]))) ++p;
        Emit(TokenKind::kName, src_.substr(s, p - s), s);
      } else if (IsDigit(c)) {
        size_t s = p;
        bool is_float = false;
        while (p < src_.size() && (IsDigit(src_[p]) || src_[p] == '_')) ++p;
        if (p + 1 < src_.size() && src_[p] == '.' && IsDigit(src_[p + 1])) {
          is_float = true;
          ++p;
          while (p < src_.size() && (IsDigit(src_[p]) || src_[p] == '_')) ++p;
        }
        if (p < src_.size() && (src_[p] == 'e' || src_[p] == 'E')) {
          size_t q = p + 1;
          if (q < src_.size() && (src_[q] == '+' || src_[q] == '-')) ++q;
          if (q < src_.size() && IsDigit(src_[q])) {
            is_float = true;
            p = q;
            while (p < src_.size() && IsDigit(src_[p])) ++p;
          }
        }
        std::string num;
        for (size_t i = s; i < p; ++i) {
          if (src_[i] != '_') num.push_back(src_[i]);
        }
        Emit(is_float ? TokenKind::kFloat : TokenKind::kInt, num, s);
      } else if (c == '\'' || c == '"') {
        size_t s = p;
        std::string value;
        ++p;
        bool closed = false;
        while (p < src_.size()) {
          char d = src_[p];
          if (d == c) {
            closed = true;
            ++p;
            break;
          }
          if (d == '\\' && p + 1 < src_.size()) {
            char e = src_[p + 1];
            p += 2;
            switch (e) {
              case 'n': value.push_back('\n'); break;
              case 't': value.push_back('\t'); break;
              case 'r': value.push_back('\r'); break;
              case 'b': value.push_back('\b'); break;
              case 'f': value.push_back('\f'); break;
              case 'v': value.push_back('\v'); break;
              case 'a': value.push_back('\a'); break;
              case '0': value.push_back('\0'); break;
              case '\\': value.push_back('\\'); break;
              case '\'': value.push_back('\''); break;
              case '"': value.push_back('"'); break;
              case '\n': break;  // line continuation
              case 'x':
              case 'u':
              case 'U': {
                size_t n = e == 'x' ? 2 : (e == 'u' ? 4 : 8);
                if (p + n > src_.size()) return ErrorAt(p, "truncated \\" + std::string(1, e));
                uint32_t cp = 0;
                for (size_t k = 0; k < n; ++k) {
                  char h = src_[p + k];
                  int v = IsDigit(h)               ? h - '0'
                          : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                          : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                   : -1;
                  if (v < 0) return ErrorAt(p, "bad escape in string literal");
                  cp = cp * 16 + static_cast<uint32_t>(v);
                }
                p += n;
                AppendUtf8(value, cp);
                break;
              }
              default:  // Python keeps unknown escapes verbatim
                value.push_back('\\');
                value.push_back(e);
            }
            continue;
          }
          value.push_back(d);
          ++p;
        }
        if (!closed) return ErrorAt(s, "unterminated string literal");
        Emit(TokenKind::kString, value, s);
      } else {
        static const char* kTwo[] = {"//", "**", "==", "!=", ">=", "<="};
        std::string op;
        for (const char* t : kTwo) {
          if (src_.compare(p, 2, t) == 0) op = t;
        }
        if (op.empty()) {
          if (!std::strchr("+-*/%~<>=()[]{}.,:|;", c)) {
            return ErrorAt(p, std::string("unexpected character '") + c + "'");
          }
          op = std::string(1, c);
        }
        if (op == "(" || op == "[" || op == "{") {
          balance.push_back(op == "(" ? ')' : op == "[" ? ']' : '}');
        } else if (op == ")" || op == "]" || op == "}") {
          if (balance.empty() || balance.back() != op[0]) {
            return ErrorAt(p, "unexpected '" + op + "'");
          }
          balance.pop_back();
        }
        Emit(TokenKind::kOperator, op, p);
        p += op.size();
      }
    }
  }

  std::string src_;
  LexOptions opt_;
  size_t pos_ = 0;
  std::vector<Token> tokens_;
  mutable size_t pos_cache_ = 0;
  mutable int line_cache_ = 1;
  mutable int col_cache_ = 1;
};

}  // namespace

Result<std::vector<Token>> Tokenize(const std::string& source, const LexOptions& options) {
  Lexer lexer(NormalizeNewlines(source, options.keep_trailing_newline), options);
  return lexer.Run();
}

}  // namespace vlmxla::text::jinja
