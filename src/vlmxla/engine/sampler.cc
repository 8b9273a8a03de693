#include "vlmxla/engine/sampler.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

namespace vlmxla::engine {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
using Candidate = Sampler::Candidate;

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

// NaN compares false with everything, so it never replaces the best.
int32_t Argmax(std::span<const float> logits) {
  int32_t best = 0;
  float best_value = kNegInf;
  for (int32_t i = 0; i < static_cast<int32_t>(logits.size()); ++i) {
    if (logits[i] > best_value) {
      best = i;
      best_value = logits[i];
    }
  }
  return best;
}

// 53 random bits -> [0, 1): the same on every standard library, unlike uniform_real_distribution.
double Uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// "a ranks before b": larger value first, lower id first among equals. A strict total order, so
// every selection below is deterministic.
template <typename T>
bool RanksBefore(T va, int32_t a, T vb, int32_t b) {
  return va > vb || (va == vb && a < b);
}

// The k largest logits into *out (their weights still unset), in one pass with a heap of the k
// best so far: most logits lose a single comparison against its worst.
void TopK(std::span<const float> logits, int k, std::vector<std::pair<float, int32_t>>* heap,
          std::vector<Candidate>* out) {
  // As the heap's less-than, "ranks before" keeps the worst of the k at the front.
  const auto before = [](const std::pair<float, int32_t>& a, const std::pair<float, int32_t>& b) {
    return RanksBefore(a.first, a.second, b.first, b.second);
  };
  heap->clear();
  for (int32_t i = 0; i < static_cast<int32_t>(logits.size()); ++i) {
    const float v = logits[i];
    if (static_cast<int>(heap->size()) < k) {
      heap->emplace_back(std::isnan(v) ? kNegInf : v, i);
      std::push_heap(heap->begin(), heap->end(), before);
    } else if (v > heap->front().first) {  // ids ascend: an equal logit never ranks before
      std::pop_heap(heap->begin(), heap->end(), before);
      heap->back() = {v, i};
      std::push_heap(heap->begin(), heap->end(), before);
    }
  }
  out->clear();
  for (const auto& [v, id] : *heap) out->push_back({0.0, id});
}

// Cuts *c to the smallest prefix, in descending probability (ties: lower id), whose weight
// reaches top_p of `total`. A selection on mass rather than a sort: each round halves the range
// that holds the cut (expected O(n)), as the nucleus of a flat row can be most of the vocabulary.
void TopP(double top_p, double total, std::vector<Candidate>* c) {
  const auto before = [](const Candidate& a, const Candidate& b) {
    return RanksBefore(a.weight, a.id, b.weight, b.id);
  };
  const double need = top_p * total;
  // (*c)[0, lo) are kept, with weight `acc`; the last kept candidate is in [lo, hi).
  size_t lo = 0, hi = c->size();
  double acc = 0;
  while (hi - lo > 64) {
    const size_t mid = lo + (hi - lo) / 2;
    std::nth_element(c->begin() + lo, c->begin() + mid, c->begin() + hi, before);
    double upper = 0;
    for (size_t i = lo; i < mid; ++i) upper += (*c)[i].weight;
    if (acc + upper >= need) {
      hi = mid;
    } else {
      acc += upper;
      lo = mid;
    }
  }
  std::sort(c->begin() + lo, c->begin() + hi, before);
  for (size_t i = lo; i < hi; ++i) {
    acc += (*c)[i].weight;
    if (acc >= need) {
      c->resize(i + 1);
      return;
    }
  }
  c->resize(hi);  // rounding left the sum a hair short of `need`: keep the whole range
}

double Sum(const std::vector<Candidate>& c) {
  double total = 0;
  for (const Candidate& x : c) total += x.weight;
  return total;
}

// The k best logits in rank order (larger first, lower id among equals).
void RankedTopK(std::span<const float> logits, int k, std::vector<std::pair<float, int32_t>>* heap,
                std::vector<Candidate>* out) {
  TopK(logits, k, heap, out);
  std::sort(out->begin(), out->end(), [&](const Candidate& a, const Candidate& b) {
    const float va = std::isnan(logits[a.id]) ? kNegInf : logits[a.id];
    const float vb = std::isnan(logits[b.id]) ? kNegInf : logits[b.id];
    return RanksBefore(va, a.id, vb, b.id);
  });
}

SamplingParams Clamped(SamplingParams p) {
  if (std::isnan(p.temperature) || p.temperature < 0) p.temperature = 0;
  if (std::isinf(p.temperature)) p.temperature = FLT_MAX;
  p.top_k = std::max(p.top_k, 0);
  if (std::isnan(p.top_p) || p.top_p > 1) p.top_p = 1;
  if (p.top_p <= 0) p.top_p = FLT_MIN;
  if (std::isnan(p.min_p) || p.min_p < 0) p.min_p = 0;
  if (p.min_p > 1) p.min_p = 1;
  for (float* v : {&p.presence_penalty, &p.frequency_penalty})
    *v = std::isnan(*v) ? 0.0f : std::clamp(*v, -2.0f, 2.0f);
  if (!(p.repetition_penalty > 0) || !std::isfinite(p.repetition_penalty))
    p.repetition_penalty = 1.0f;
  std::erase_if(p.logit_bias, [](const auto& b) { return b.first < 0 || std::isnan(b.second); });
  for (auto& b : p.logit_bias) b.second = std::clamp(b.second, -100.0f, 100.0f);
  p.logprobs = std::clamp(p.logprobs, -1, kMaxTopLogprobs);
  return p;
}

}  // namespace

Status ValidateSamplingParams(const SamplingParams& p, int64_t vocab_size) {
  if (!std::isfinite(p.temperature) || p.temperature < 0) {
    return InvalidArgument("temperature must be a finite number >= 0 (0: greedy), got " +
                           Num(p.temperature));
  }
  if (p.top_k < 0) {
    return InvalidArgument("top_k must be >= 0 (0: off), got " + std::to_string(p.top_k));
  }
  if (!(p.top_p > 0 && p.top_p <= 1)) {
    return InvalidArgument("top_p must be in (0, 1] (1: off), got " + Num(p.top_p));
  }
  if (!(p.min_p >= 0 && p.min_p <= 1)) {
    return InvalidArgument("min_p must be in [0, 1] (0: off), got " + Num(p.min_p));
  }
  const std::pair<const char*, float> penalties[] = {{"presence_penalty", p.presence_penalty},
                                                     {"frequency_penalty", p.frequency_penalty}};
  for (const auto& [name, v] : penalties) {
    if (!(v >= -2 && v <= 2)) {
      return InvalidArgument(std::string(name) + " must be in [-2, 2] (0: off), got " + Num(v));
    }
  }
  if (!std::isfinite(p.repetition_penalty) || !(p.repetition_penalty > 0)) {
    return InvalidArgument("repetition_penalty must be a finite number > 0 (1: off), got " +
                           Num(p.repetition_penalty));
  }
  for (const auto& [id, bias] : p.logit_bias) {
    if (id < 0 || (vocab_size > 0 && id >= vocab_size)) {
      return InvalidArgument("logit_bias token id " + std::to_string(id) + " is outside [0, " +
                             (vocab_size > 0 ? std::to_string(vocab_size) : "inf") +
                             ") (the vocabulary)");
    }
    if (!(bias >= -100 && bias <= 100)) {
      return InvalidArgument("logit_bias of token " + std::to_string(id) +
                             " must be in [-100, 100], got " + Num(bias));
    }
  }
  if (p.logprobs < -1 || p.logprobs > kMaxTopLogprobs) {
    return InvalidArgument("logprobs must be in [0, " + std::to_string(kMaxTopLogprobs) +
                           "] (-1: off), got " + std::to_string(p.logprobs));
  }
  return Status::Ok();
}

Sampler::Sampler(const SamplingParams& params, uint64_t fallback_seed,
                 std::span<const int32_t> prompt_ids)
    : params_(Clamped(params)), seed_(params.seed.value_or(fallback_seed)), rng_(seed_) {
  processes_ = !params_.logit_bias.empty() || params_.presence_penalty != 0.0f ||
               params_.frequency_penalty != 0.0f || params_.repetition_penalty != 1.0f;
  if (params_.constraint) constraint_ = params_.constraint->New();
  if (params_.repetition_penalty != 1.0f) seen_.insert(prompt_ids.begin(), prompt_ids.end());
}

std::span<const float> Sampler::Process(std::span<const float> logits) {
  bool masks = false;
  if (constraint_) {
    bitmask_.resize(BitmaskWords(static_cast<int64_t>(logits.size())));
    masks = constraint_->FillBitmask(bitmask_);
  }
  if (!processes_ && !masks) return logits;
  processed_.assign(logits.begin(), logits.end());
  if (processes_) Penalize();
  if (masks) {
    const size_t n = processed_.size();
    for (size_t w = 0; w < bitmask_.size(); ++w) {
      const uint32_t bits = static_cast<uint32_t>(bitmask_[w]);
      if (bits == 0xFFFFFFFFu) continue;  // the whole word allowed
      for (size_t b = 0; b < 32 && w * 32 + b < n; ++b)
        if (!(bits >> b & 1u)) processed_[w * 32 + b] = kNegInf;
    }
  }
  return processed_;
}

void Sampler::Penalize() {
  const int64_t n = static_cast<int64_t>(processed_.size());
  for (const auto& [id, bias] : params_.logit_bias)
    if (id < n) processed_[id] += bias;
  const float rep = params_.repetition_penalty;
  if (rep != 1.0f) {
    for (int32_t id : seen_) {
      if (id < 0 || id >= n) continue;
      float& l = processed_[id];
      l = l > 0 ? l / rep : l * rep;
    }
  }
  for (const auto& [id, count] : generated_counts_) {
    if (id < 0 || id >= n) continue;
    processed_[id] -= params_.frequency_penalty * static_cast<float>(count) +
                      (count > 0 ? params_.presence_penalty : 0.0f);
  }
}

void Sampler::FillLogprob(std::span<const float> logits, int32_t token, TokenLogprob* out) {
  // log_softmax in double: l - (max + log(sum exp(l - max))); NaN counts as -inf.
  float max_logit = kNegInf;
  for (float l : logits)
    if (l > max_logit) max_logit = l;
  double sum = 0;
  if (max_logit > kNegInf) {
    for (float l : logits)
      if (l > kNegInf) sum += std::exp(static_cast<double>(l) - max_logit);
  }
  const double lse = max_logit > kNegInf ? max_logit + std::log(sum) : 0.0;
  const auto logprob = [&](int32_t id) {
    const float l = logits[id];
    return l > kNegInf && max_logit > kNegInf ? static_cast<float>(static_cast<double>(l) - lse)
                                              : -std::numeric_limits<float>::infinity();
  };
  out->id = token;
  out->bytes.clear();
  out->logprob = logprob(token);
  out->top.clear();
  const int k = std::min<int>(params_.logprobs, static_cast<int>(logits.size()));
  if (k <= 0) return;
  std::vector<Candidate> best;
  RankedTopK(logits, k, &heap_, &best);
  for (const Candidate& c : best) out->top.push_back({c.id, {}, logprob(c.id)});
}

int32_t Sampler::Sample(std::span<const float> raw, TokenLogprob* logprob) {
  const std::span<const float> logits = Process(raw);
  const int32_t token = Draw(logits);
  if (logprob != nullptr && !logits.empty()) FillLogprob(logits, token, logprob);
  // The mask allowed `token`, so the constraint takes it; a mask that allowed nothing (an
  // all -inf row gives the lowest id) leaves the constraint where it was.
  if (constraint_) constraint_->Accept(token);
  if (processes_) {
    generated_counts_[token] += 1;
    if (params_.repetition_penalty != 1.0f) seen_.insert(token);
  }
  return token;
}

int32_t Sampler::Draw(std::span<const float> logits) {
  const int32_t n = static_cast<int32_t>(logits.size());
  if (n == 0) return 0;
  const int32_t top = Argmax(logits);
  if (greedy()) return top;
  const double u = Uniform(rng_);  // first, so every call consumes exactly one draw
  const float max_logit = logits[top];
  if (!(max_logit > kNegInf)) return top;

  if (params_.top_k > 0 && params_.top_k < n) {
    TopK(logits, params_.top_k, &heap_, &candidates_);
  } else {
    candidates_.resize(n);
    for (int32_t i = 0; i < n; ++i) candidates_[i].id = i;
  }
  // Unnormalized probabilities relative to the top token (its weight is exactly 1), in double
  // so that 152k terms sum without visible loss. NaN logits get weight 0.
  const double inv_t = 1.0 / static_cast<double>(params_.temperature);
  for (Candidate& c : candidates_) {
    const float l = logits[c.id];
    c.weight = l == max_logit ? 1.0
               : l > kNegInf  ? std::exp((static_cast<double>(l) - max_logit) * inv_t)
                              : 0.0;
  }
  double total = Sum(candidates_);

  if (params_.top_p < 1.0f) {
    TopP(params_.top_p, total, &candidates_);
    total = Sum(candidates_);
  }
  if (params_.min_p > 0.0f) {
    // p < min_p * p_max  <=>  weight < min_p, since p_max's weight is 1.
    const double min_w = params_.min_p;
    std::erase_if(candidates_, [&](const Candidate& c) { return c.weight < min_w; });
    total = Sum(candidates_);
  }

  const double target = u * total;
  double cum = 0;
  int32_t last_positive = top;
  for (const Candidate& c : candidates_) {
    if (c.weight <= 0) continue;
    cum += c.weight;
    last_positive = c.id;
    if (target < cum) return c.id;
  }
  return last_positive;  // only when rounding put `target` at the very end of the mass
}

}  // namespace vlmxla::engine
