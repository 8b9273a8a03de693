// Token sampling from one sequence's logits: logit_bias and penalties first, then greedy (argmax)
// or the tempered softmax filtered by top_k, top_p and min_p, drawn with the sequence's own seeded
// generator; optionally the sampled token's log-probability and the most likely alternatives.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/engine/request.h"

namespace vlmxla::engine {

// InvalidArgument naming the field and its allowed range: temperature finite and >= 0, top_k >= 0,
// top_p in (0, 1], min_p in [0, 1], presence_penalty and frequency_penalty in [-2, 2],
// repetition_penalty finite and > 0, logit_bias values in [-100, 100] with ids in [0, vocab_size)
// (vocab_size <= 0: ids only >= 0), logprobs in [-1, kMaxTopLogprobs] (NaN is never allowed).
Status ValidateSamplingParams(const SamplingParams& params, int64_t vocab_size = 0);

// One per sequence. Not thread-safe; sequences never share one, so the tokens of a sequence depend
// only on its seed and its logits, never on what else is batched with it.
class Sampler {
 public:
  // `params` should pass ValidateSamplingParams; out-of-range values are clamped into range rather
  // than trusted. The generator is seeded from params.seed, or `fallback_seed` when it is unset.
  // `prompt_ids` are the prompt's tokens, which repetition_penalty counts as seen.
  Sampler(const SamplingParams& params, uint64_t fallback_seed,
          std::span<const int32_t> prompt_ids = {});

  // The next token id, an index into `logits` (one row, vocabulary wide); it joins the history
  // the penalties count. When `logprob` is not null it receives the token's log-probability and
  // the params.logprobs most likely alternatives (ids and log-probabilities; bytes left empty).
  //
  // The logits are processed first, in this order (vLLM's): l[id] += logit_bias[id]; for every
  // token in the prompt or generated so far, l = l > 0 ? l / repetition_penalty
  // : l * repetition_penalty; then l -= frequency_penalty * count + presence_penalty * (count > 0)
  // with count the times it was generated. Log-probabilities are log_softmax of these processed
  // logits (in double), before temperature and the filters; greedy without penalties thus reports
  // log_softmax of the raw logits.
  //
  // With params.constraint, every token the constraint disallows then gets -inf (so the draw, the
  // greedy argmax and the log-probabilities all see the masked distribution), and the token
  // drawn advances the constraint.
  //
  // temperature 0: the lowest id of the largest logit (torch.argmax). Otherwise p = softmax(l / T)
  // in double; keep the top_k largest (ties: lower id first); of those, the smallest prefix by
  // descending probability whose mass reaches top_p (at least one token); then drop tokens with
  // p < min_p * p_max; draw from what is left, renormalized. Each non-greedy call uses exactly one
  // draw of the generator. NaN logits never win (treated as -inf); an all-NaN or all -inf row
  // gives the lowest id, and empty logits give 0.
  int32_t Sample(std::span<const float> logits, TokenLogprob* logprob = nullptr);

  // A token still in the running (public only for the selection helpers in sampler.cc).
  struct Candidate {
    double weight;  // exp((logit - max logit) / temperature)
    int32_t id;
  };

  bool greedy() const { return params_.temperature == 0.0f; }
  bool constrained() const { return constraint_ != nullptr; }
  const SamplingParams& params() const { return params_; }
  uint64_t seed() const { return seed_; }

 private:
  // The logits after logit_bias, penalties and the constraint's mask: `logits` itself when none
  // applies, else a copy.
  std::span<const float> Process(std::span<const float> logits);
  // logit_bias and the penalties, applied to processed_ in place.
  void Penalize();
  // The token drawn from processed logits (Sample's rules above).
  int32_t Draw(std::span<const float> logits);
  void FillLogprob(std::span<const float> logits, int32_t token, TokenLogprob* out);

  SamplingParams params_;
  uint64_t seed_;
  std::mt19937_64 rng_;
  bool processes_ = false;  // some bias or penalty applies
  // Times each token was generated (frequency / presence), and the tokens of the prompt or
  // generated (repetition).
  std::unordered_map<int32_t, int64_t> generated_counts_;
  std::unordered_set<int32_t> seen_;
  std::vector<float> processed_;
  // Structured output (SamplingParams::constraint): this sequence's matcher and its mask.
  std::unique_ptr<TokenConstraint> constraint_;
  std::vector<int32_t> bitmask_;
  // Reused between calls so a 152k-vocabulary step does not allocate.
  std::vector<Candidate> candidates_;
  std::vector<std::pair<float, int32_t>> heap_;  // top_k selection
};

}  // namespace vlmxla::engine
