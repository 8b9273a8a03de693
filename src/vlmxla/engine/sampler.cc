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

SamplingParams Clamped(SamplingParams p) {
  if (std::isnan(p.temperature) || p.temperature < 0) p.temperature = 0;
  if (std::isinf(p.temperature)) p.temperature = FLT_MAX;
  p.top_k = std::max(p.top_k, 0);
  if (std::isnan(p.top_p) || p.top_p > 1) p.top_p = 1;
  if (p.top_p <= 0) p.top_p = FLT_MIN;
  if (std::isnan(p.min_p) || p.min_p < 0) p.min_p = 0;
  if (p.min_p > 1) p.min_p = 1;
  return p;
}

}  // namespace

Status ValidateSamplingParams(const SamplingParams& p) {
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
  return Status::Ok();
}

Sampler::Sampler(const SamplingParams& params, uint64_t fallback_seed)
    : params_(Clamped(params)), seed_(params.seed.value_or(fallback_seed)), rng_(seed_) {}

int32_t Sampler::Sample(std::span<const float> logits) {
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
