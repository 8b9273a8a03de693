// Structured output with xgrammar: the model's vocabulary is given to xgrammar once
// (GrammarCompiler::Create), and each request's GrammarSpec (JSON object, JSON Schema, EBNF)
// compiles into a ConstraintFactory whose matchers mask the sampler's logits token by token.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "vlmxla/base/status.h"
#include "vlmxla/engine/request.h"
#include "vlmxla/engine/token_constraint.h"
#include "vlmxla/text/tokenizer.h"

namespace vlmxla::engine {

class GrammarCompiler {
 public:
  // The vocabulary as xgrammar sees it: each token's raw bytes (special tokens, which a grammar
  // never produces, are left out), `vocab_size` logits per step (at least the tokenizer's; ids
  // past it are never allowed) and `stop_ids`, the tokens that end a complete output.
  static Result<std::unique_ptr<GrammarCompiler>> Create(const text::Tokenizer& tokenizer,
                                                         int64_t vocab_size,
                                                         std::span<const int32_t> stop_ids);
  ~GrammarCompiler();

  // InvalidArgument (reason "invalid_grammar") with xgrammar's message when the schema or
  // grammar does not compile. Thread-safe; compiled grammars are cached by their text.
  Result<std::shared_ptr<const ConstraintFactory>> Compile(const GrammarSpec& spec) const;

 private:
  struct Impl;
  explicit GrammarCompiler(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace vlmxla::engine
