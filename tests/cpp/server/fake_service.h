// Test doubles for the server tests: a GenerationService that echoes a scripted token stream on
// its own thread (n choices interleaved, choice c > 0 prefixed "c:", with made-up
// log-probabilities when asked), can fail Prepare with a given Status, report overload, or hold a
// stream open until it is cancelled; its tokenizer maps each byte to its value (add_special_tokens
// prepends id 256); plus small PNG and base64 helpers.
#pragma once

#include <png.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "vlmxla/engine/generation_service.h"

namespace vlmxla::server::testing {

inline std::vector<uint8_t> EncodePng(int w, int h) {
  std::vector<uint8_t> px(static_cast<size_t>(w) * h * 3);
  for (size_t i = 0; i < px.size(); ++i) px[i] = static_cast<uint8_t>(i * 7);
  png_image img{};
  img.version = PNG_IMAGE_VERSION;
  img.width = static_cast<png_uint_32>(w);
  img.height = static_cast<png_uint_32>(h);
  img.format = PNG_FORMAT_RGB;
  png_alloc_size_t size = 0;
  png_image_write_to_memory(&img, nullptr, &size, 0, px.data(), 0, nullptr);
  std::vector<uint8_t> out(size);
  png_image_write_to_memory(&img, out.data(), &size, 0, px.data(), 0, nullptr);
  out.resize(size);
  return out;
}

inline std::string Base64(const std::vector<uint8_t>& in) {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    uint32_t v = (in[i] << 16) | (in[i + 1] << 8) | in[i + 2];
    for (int s = 18; s >= 0; s -= 6) out += kAlphabet[(v >> s) & 63];
  }
  if (i + 1 == in.size()) {
    uint32_t v = in[i] << 16;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += "==";
  } else if (i + 2 == in.size()) {
    uint32_t v = (in[i] << 16) | (in[i + 1] << 8);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += '=';
  }
  return out;
}

inline std::string PngDataUri(int w = 5, int h = 4) {
  return "data:image/png;base64," + Base64(EncodePng(w, h));
}

class FakeService : public engine::GenerationService {
 public:
  static constexpr int kTokensPerImage = 16;

  ~FakeService() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      shutting_down_ = true;
    }
    cv_.notify_all();
    for (auto& t : threads_) t.join();
  }

  // What to generate: the pieces of text, one per token. Empty: echo the last text part (or
  // raw prompt), split into 4-byte pieces.
  std::vector<std::string> script;
  std::optional<Status> prepare_error;
  bool overloaded = false;
  bool hold_after_first = false;  // emit one delta, then wait until cancelled
  // > 0: emit this many one-token deltas, one every step_interval, unless cancelled or refused
  // first (a long generation, for the disconnect tests).
  int slow_steps = 0;
  std::chrono::milliseconds step_interval{10};
  std::atomic<bool> is_ready{true};
  engine::ModelInfo model{"fake-model", 100, 2, 2, "fake", "", "", "", "stored", 300, ""};

  // The log-probability the fake reports for step i of a choice, and for alternative k of it.
  static float StepLogprob(size_t i, int k = -1) {
    return -0.25f * static_cast<float>(i + 1) - (k < 0 ? 0.0f : 0.5f * static_cast<float>(k));
  }

  // While the server runs, the handler threads read prepare_error under mu_: a test changing it
  // between requests must take mu_ too (a plain write raced with them, found by TSan; the
  // socket between the test and the handler orders them, but not in the C++ memory model).
  void SetPrepareError(std::optional<Status> error) {
    std::lock_guard<std::mutex> lock(mu_);
    prepare_error = std::move(error);
  }

  engine::ModelInfo info() const override { return model; }
  bool ready() const override { return is_ready.load(); }

  Result<engine::PreparedRequest> Prepare(const engine::GenerationRequest& r) const override {
    std::lock_guard<std::mutex> lock(mu_);
    last_request_ = r;
    if (prepare_error) return *prepare_error;
    engine::PreparedRequest p;
    const int images = static_cast<int>(r.images.size());
    p.prefill.logical_length = 10 + images;
    p.prefill.effective_length = 10 + images * kTokensPerImage;
    p.sampling = r.sampling;
    p.stop = r.stop;
    p.n = r.n;
    return p;
  }

  Result<std::vector<int32_t>> Tokenize(const std::string& text,
                                        bool add_special_tokens) const override {
    std::vector<int32_t> ids;
    if (add_special_tokens) ids.push_back(256);
    for (unsigned char c : text) ids.push_back(c);
    return ids;
  }

  Result<std::string> Detokenize(std::span<const int32_t> ids) const override {
    std::string text;
    for (int32_t id : ids) {
      if (id > 256) return InvalidArgument("token id " + std::to_string(id) + " is past 256");
      if (id < 256) text.push_back(static_cast<char>(id));
    }
    return text;
  }

  Result<uint64_t> Submit(engine::PreparedRequest request, engine::DeltaSink sink) override {
    if (overloaded) return Unavailable("the queue is full (64 waiting)", engine::kReasonOverloaded);
    std::vector<std::string> pieces = script;
    std::lock_guard<std::mutex> lock(mu_);
    if (pieces.empty()) {
      std::string text = last_request_.raw_prompt.value_or("");
      for (const auto& m : last_request_.messages)
        for (const auto& part : m.content)
          if (part.kind == prompt::ContentPart::Kind::kText) text = part.text;
      for (size_t i = 0; i < text.size(); i += 4) pieces.push_back(text.substr(i, 4));
    }
    const uint64_t id = ++next_id_;
    threads_.emplace_back([this, id, pieces, request = std::move(request), sink] {
      if (slow_steps > 0) {
        RunSlow(id, request, sink);
      } else {
        Run(id, pieces, request, sink);
      }
    });
    cv_.notify_all();
    return id;
  }

  void Cancel(uint64_t id) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      cancelled_.insert(id);
    }
    cv_.notify_all();
  }

  engine::ServiceMetrics metrics() const override {
    engine::ServiceMetrics m;
    m.requests_total = 7;
    m.requests_failed = 1;
    m.prompt_tokens_total = 300;
    m.prompt_tokens_logical_total = 120;
    m.generated_tokens_total = 42;
    m.queue_depth = 3;
    m.active_slots = 2;
    m.prefill_seconds = engine::Histogram({0.01, 0.1, 1});
    for (double v : {0.005, 0.05, 0.07, 2.0}) m.prefill_seconds.Observe(v);
    m.decode_step_seconds = engine::Histogram({0.001, 0.01});
    m.decode_step_seconds.Observe(0.002);
    return m;
  }

  engine::GenerationRequest last_request() const {
    std::lock_guard<std::mutex> lock(mu_);
    return last_request_;
  }
  // Waits (bounded) until request `id`, or any request when id is 0, is cancelled.
  bool WaitCancelled(uint64_t id, std::chrono::seconds timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    return cv_.wait_for(lock, timeout,
                        [&] { return id == 0 ? !cancelled_.empty() : cancelled_.count(id) > 0; });
  }
  bool sink_refused() const { return sink_refused_.load(); }
  // Waits (bounded) until `n` requests were submitted.
  bool WaitSubmitted(uint64_t n, std::chrono::seconds timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    return cv_.wait_for(lock, timeout, [&] { return next_id_ >= n; });
  }
  // Waits (bounded) until a sink refused a delta (the server saw its client gone).
  bool WaitSinkRefused(std::chrono::seconds timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    return cv_.wait_for(lock, timeout, [&] { return sink_refused_.load(); });
  }

 private:
  void Refused() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      sink_refused_ = true;
    }
    cv_.notify_all();
  }

  void RunSlow(uint64_t id, const engine::PreparedRequest& request, const engine::DeltaSink& sink) {
    engine::Usage usage;
    usage.prompt_tokens = request.prefill.effective_length;
    for (int i = 0; i < slow_steps; ++i) {
      engine::GenerationDelta d;
      d.text = "x";
      d.token_ids = {i};
      usage.completion_tokens = i + 1;
      d.usage = usage;
      if (i + 1 == slow_steps) d.finish = engine::FinishReason::kLength;
      if (!sink(d)) return Refused();
      std::unique_lock<std::mutex> lock(mu_);
      if (cv_.wait_for(lock, step_interval,
                       [&] { return shutting_down_ || cancelled_.count(id) > 0; })) {
        return;
      }
    }
  }

  void Run(uint64_t id, const std::vector<std::string>& pieces,
           const engine::PreparedRequest& request, const engine::DeltaSink& sink) {
    engine::Usage usage;
    usage.prompt_tokens = request.prefill.effective_length;
    usage.prompt_tokens_logical = request.prefill.logical_length;
    const int64_t max = request.stop.max_tokens;
    const size_t n =
        max >= 0 ? std::min<size_t>(pieces.size(), static_cast<size_t>(max)) : pieces.size();
    const int top = request.sampling.logprobs;
    for (size_t i = 0; i < n || (n == 0 && i == 0); ++i) {
      for (int c = 0; c < request.n; ++c) {
        engine::GenerationDelta d;
        d.index = c;
        if (n > 0) {
          d.text = (c > 0 && i == 0 ? std::to_string(c) + ":" : "") + pieces[i];
          d.token_ids = {static_cast<int32_t>(i)};
          usage.completion_tokens += 1;
          if (top >= 0) {
            engine::TokenLogprob lp{static_cast<int32_t>(i), pieces[i], StepLogprob(i), {}};
            for (int k = 0; k < top; ++k) {
              lp.top.push_back({k, "t" + std::to_string(k), StepLogprob(i, k)});
            }
            d.logprobs.push_back(std::move(lp));
          }
        }
        d.usage = usage;
        if (i + 1 >= n && !hold_after_first) {
          d.finish =
              n < pieces.size() ? engine::FinishReason::kLength : engine::FinishReason::kStop;
        }
        if (!sink(d)) return Refused();
      }
      if (hold_after_first) {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait_for(lock, std::chrono::seconds(20),
                     [&] { return shutting_down_ || cancelled_.count(id) > 0; });
        return;
      }
    }
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  mutable engine::GenerationRequest last_request_;
  std::set<uint64_t> cancelled_;
  std::vector<std::thread> threads_;
  uint64_t next_id_ = 0;
  bool shutting_down_ = false;
  std::atomic<bool> sink_refused_{false};
};

}  // namespace vlmxla::server::testing
