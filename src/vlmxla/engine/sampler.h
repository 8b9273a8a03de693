// Token sampling from one sequence's logits: greedy (argmax) or the tempered softmax filtered by
// top_k, top_p and min_p, drawn with the sequence's own seeded generator.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/engine/request.h"

namespace vlmxla::engine {

// InvalidArgument naming the field and its allowed range: temperature finite and >= 0, top_k >= 0,
// top_p in (0, 1], min_p in [0, 1] (NaN is never allowed).
Status ValidateSamplingParams(const SamplingParams& params);

// One per sequence. Not thread-safe; sequences never share one, so the tokens of a sequence depend
// only on its seed and its logits, never on what else is batched with it.
class Sampler {
 public:
  // `params` should pass ValidateSamplingParams; out-of-range values are clamped into range rather
  // than trusted. The generator is seeded from params.seed, or `fallback_seed` when it is unset.
  Sampler(const SamplingParams& params, uint64_t fallback_seed);

  // The next token id, an index into `logits` (one row, vocabulary wide).
  //
  // temperature 0: the lowest id of the largest logit (torch.argmax). Otherwise p = softmax(l / T)
  // in double; keep the top_k largest (ties: lower id first); of those, the smallest prefix by
  // descending probability whose mass reaches top_p (at least one token); then drop tokens with
  // p < min_p * p_max; draw from what is left, renormalized. Each non-greedy call uses exactly one
  // draw of the generator. NaN logits never win (treated as -inf); an all-NaN or all -inf row
  // gives the lowest id, and empty logits give 0.
  int32_t Sample(std::span<const float> logits);

  // A token still in the running (public only for the selection helpers in sampler.cc).
  struct Candidate {
    double weight;  // exp((logit - max logit) / temperature)
    int32_t id;
  };

  bool greedy() const { return params_.temperature == 0.0f; }
  const SamplingParams& params() const { return params_; }
  uint64_t seed() const { return seed_; }

 private:
  SamplingParams params_;
  uint64_t seed_;
  std::mt19937_64 rng_;
  // Reused between calls so a 152k-vocabulary step does not allocate.
  std::vector<Candidate> candidates_;
  std::vector<std::pair<float, int32_t>> heap_;  // top_k selection
};

}  // namespace vlmxla::engine
