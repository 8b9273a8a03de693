// A constraint on the tokens a sequence may sample (a grammar, a JSON schema): the sampler's mask
// hook. Before each draw the sampler asks for the allowed tokens as a bitmask and drops every other
// token; after the draw it advances the constraint with the token drawn. The engine knows only
// this interface; grammar.h implements it with xgrammar.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

namespace vlmxla::engine {

// Words of a bitmask over `vocab_size` tokens: token i is bit (i % 32) of word i / 32.
inline int64_t BitmaskWords(int64_t vocab_size) { return (vocab_size + 31) / 32; }

// One sequence's matching state. Not thread-safe (a Sampler owns it).
class TokenConstraint {
 public:
  virtual ~TokenConstraint() = default;
  // Sets bit i of `bitmask` (BitmaskWords(vocab) words) when token i may come next and clears it
  // otherwise. Returns false when every token may come next (the mask need not be applied).
  virtual bool FillBitmask(std::span<int32_t> bitmask) = 0;
  // Advances past `token`; false when the constraint does not allow it (its state is unchanged).
  virtual bool Accept(int32_t token) = 0;
};

// A compiled constraint, shared by the choices of a request: each sequence matches on its own.
// Thread-safe.
class ConstraintFactory {
 public:
  virtual ~ConstraintFactory() = default;
  virtual std::unique_ptr<TokenConstraint> New() const = 0;
};

}  // namespace vlmxla::engine
