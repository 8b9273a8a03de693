#include "vlmxla/engine/grammar.h"

#include <algorithm>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <xgrammar/xgrammar.h>

namespace vlmxla::engine {
namespace {

// One sequence's xgrammar matcher. Once the grammar has accepted a stop token the output is
// complete; a sequence that goes on (ignore_eos) may then only repeat a stop token.
class XgrammarConstraint final : public TokenConstraint {
 public:
  // `guard`: tokens never allowed whatever the grammar says (a bitmask of allowed tokens, as
  // FillBitmask's), or empty.
  XgrammarConstraint(const xgrammar::CompiledGrammar& grammar, std::span<const int32_t> guard)
      : matcher_(grammar), guard_(guard) {}

  bool FillBitmask(std::span<int32_t> bitmask) override {
    const bool masks = FillGrammarBitmask(bitmask);
    if (guard_.empty()) return masks;
    for (size_t w = 0; w < bitmask.size() && w < guard_.size(); ++w) bitmask[w] &= guard_[w];
    return true;
  }

  bool Accept(int32_t token) override {
    if (matcher_.IsTerminated()) {
      const auto& stop = matcher_.GetStopTokenIds();
      return std::find(stop.begin(), stop.end(), token) != stop.end();
    }
    return matcher_.AcceptToken(token);
  }

 private:
  bool FillGrammarBitmask(std::span<int32_t> bitmask) {
    if (matcher_.IsTerminated()) {
      std::fill(bitmask.begin(), bitmask.end(), 0);
      for (int id : matcher_.GetStopTokenIds())
        if (id >= 0 && static_cast<size_t>(id / 32) < bitmask.size())
          bitmask[id / 32] |= static_cast<int32_t>(1u << (id % 32));
      return true;
    }
    int64_t shape[1] = {static_cast<int64_t>(bitmask.size())};
    DLTensor t{};
    t.data = bitmask.data();
    t.device = DLDevice{kDLCPU, 0};
    t.ndim = 1;
    t.dtype = xgrammar::GetBitmaskDLType();
    t.shape = shape;
    return matcher_.FillNextTokenBitmask(&t);
  }

  xgrammar::GrammarMatcher matcher_;
  std::span<const int32_t> guard_;
};

// `text` as an EBNF string literal.
std::string EbnfLiteral(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
  return out + "\"";
}

class XgrammarFactory final : public ConstraintFactory {
 public:
  XgrammarFactory(xgrammar::CompiledGrammar grammar,
                  std::shared_ptr<const std::vector<int32_t>> guard)
      : grammar_(std::move(grammar)), guard_(std::move(guard)) {}
  std::unique_ptr<TokenConstraint> New() const override {
    return std::make_unique<XgrammarConstraint>(
        grammar_, guard_ ? std::span<const int32_t>(*guard_) : std::span<const int32_t>());
  }

 private:
  xgrammar::CompiledGrammar grammar_;
  std::shared_ptr<const std::vector<int32_t>> guard_;  // outlives every matcher made here
};

}  // namespace

struct GrammarCompiler::Impl {
  xgrammar::TokenizerInfo info;
  mutable xgrammar::GrammarCompiler compiler;
  // JSON's guard: the tokens free of control bytes other than '\n'. JSON never holds a raw
  // control character (we allow no free whitespace, and a string must escape them), yet
  // xgrammar 0.2.8 lets a string with minLength or maxLength take any byte but '"', '\\', '\r'
  // and '\n', which would make invalid JSON. '\n' stays for a tool call's markup around the
  // JSON, and the grammar keeps it out of the JSON itself.
  std::shared_ptr<const std::vector<int32_t>> json_guard;
  explicit Impl(xgrammar::TokenizerInfo i)
      : info(std::move(i)), compiler(info, /*max_threads=*/2) {}
};

GrammarCompiler::GrammarCompiler(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GrammarCompiler::~GrammarCompiler() = default;

Result<std::unique_ptr<GrammarCompiler>> GrammarCompiler::Create(
    const text::Tokenizer& tokenizer, int64_t vocab_size, std::span<const int32_t> stop_ids) {
  const int32_t n = tokenizer.vocab_size();
  if (vocab_size < n) {
    return InvalidArgument("the model's vocab_size " + std::to_string(vocab_size) +
                           " is below the tokenizer's " + std::to_string(n));
  }
  // RAW: xgrammar takes each string as the token's bytes; "" marks a special token.
  std::vector<std::string> vocab(static_cast<size_t>(n));
  auto guard = std::make_shared<std::vector<int32_t>>(BitmaskWords(vocab_size), 0);
  for (int32_t id = 0; id < n; ++id) {
    if (tokenizer.IsSpecial(id)) continue;
    vocab[id] = tokenizer.TokenBytes(id);
    const bool control = std::any_of(vocab[id].begin(), vocab[id].end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x20 && c != '\n';
    });
    if (!control) (*guard)[id / 32] |= static_cast<int32_t>(1u << (id % 32));
  }
  // Stop tokens (special, hence outside the vocabulary above) end a complete document.
  for (int32_t id : stop_ids)
    if (id >= 0 && id < vocab_size) (*guard)[id / 32] |= static_cast<int32_t>(1u << (id % 32));
  try {
    xgrammar::TokenizerInfo info(vocab, xgrammar::VocabType::RAW, static_cast<int>(vocab_size),
                                 std::vector<int32_t>(stop_ids.begin(), stop_ids.end()));
    auto impl = std::make_unique<Impl>(std::move(info));
    impl->json_guard = std::move(guard);
    return std::unique_ptr<GrammarCompiler>(new GrammarCompiler(std::move(impl)));
  } catch (const std::exception& e) {
    return Internal(std::string("xgrammar refused the vocabulary: ") + e.what());
  }
}

Result<std::shared_ptr<const ConstraintFactory>> GrammarCompiler::Compile(
    const GrammarSpec& spec) const {
  try {
    const bool json_kind = spec.kind != GrammarSpec::Kind::kEbnf;
    xgrammar::CompiledGrammar compiled = [&] {
      if (spec.kind == GrammarSpec::Kind::kEbnf) {
        return impl_->compiler.CompileGrammar(spec.text, "root");
      }
      const bool object = spec.kind == GrammarSpec::Kind::kJsonObject;
      const std::string schema = object ? R"({"type": "object"})" : spec.text;
      // Compact JSON (no free whitespace; ", " and ": " separators), so that a model cannot
      // pad its output with whitespace until max_tokens.
      const bool strict = !object && spec.strict;
      if (spec.prefix.empty() && spec.suffix.empty()) {  // cached by the schema's text
        return impl_->compiler.CompileJSONSchema(schema, /*any_whitespace=*/false, std::nullopt,
                                                 std::nullopt, strict);
      }
      xgrammar::Grammar json = xgrammar::Grammar::FromJSONSchema(
          schema, /*any_whitespace=*/false, std::nullopt, std::nullopt, strict);
      std::vector<xgrammar::Grammar> parts;
      if (!spec.prefix.empty())
        parts.push_back(xgrammar::Grammar::FromEBNF("root ::= " + EbnfLiteral(spec.prefix)));
      parts.push_back(json);
      if (!spec.suffix.empty())
        parts.push_back(xgrammar::Grammar::FromEBNF("root ::= " + EbnfLiteral(spec.suffix)));
      return impl_->compiler.CompileGrammar(xgrammar::Grammar::Concat(parts));
    }();
    return std::shared_ptr<const ConstraintFactory>(std::make_shared<XgrammarFactory>(
        std::move(compiled), json_kind ? impl_->json_guard : nullptr));
  } catch (const std::exception& e) {
    const char* what = spec.kind == GrammarSpec::Kind::kEbnf ? "grammar" : "JSON schema";
    return InvalidArgument(std::string("the ") + what + " does not compile: " + e.what(),
                           kReasonInvalidGrammar);
  }
}

}  // namespace vlmxla::engine
