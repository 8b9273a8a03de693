#include "vlmxla/engine/engine.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <future>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "vlmxla/engine/model_runner.h"
#include "vlmxla/engine/precision.h"
#include "vlmxla/engine/sampler.h"
#include "vlmxla/engine/stop_rules.h"
#include "vlmxla/engine/text_stream.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/prompt/preparer.h"
#include "vlmxla/runtime/executor_factory.h"

namespace vlmxla::engine {

const char* FinishReasonName(FinishReason reason) {
  switch (reason) {
    case FinishReason::kStop: return "stop";
    case FinishReason::kLength: return "length";
    case FinishReason::kCancelled: return "cancelled";
    case FinishReason::kError: return "error";
  }
  return "error";
}

namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::vector<double> LatencyBuckets() {
  return {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};
}

// EOS ids: config.json's, and generation_config.json's when the checkpoint has one.
std::set<int32_t> EosIds(const io::ModelDir& model) {
  std::set<int32_t> eos(model.config().text.eos_token_ids.begin(),
                        model.config().text.eos_token_ids.end());
  if (model.HasFile("generation_config.json")) {
    auto j = io::ReadJsonFile(model.Path("generation_config.json"));
    if (j.ok() && j->contains("eos_token_id")) {
      const auto& e = (*j)["eos_token_id"];
      if (e.is_number_integer()) eos.insert(e.get<int32_t>());
      if (e.is_array())
        for (const auto& v : e)
          if (v.is_number_integer()) eos.insert(v.get<int32_t>());
    }
  }
  return eos;
}

}  // namespace

struct Sequence {
  uint64_t id = 0;
  PreparedRequest request;
  DeltaSink sink;
  Engine::TapSink taps;
  int slot = -1;
  std::optional<Sampler> sampler;
  std::optional<SequenceText> text;
  int32_t last_token = 0;
  int64_t generated = 0;
  Usage usage;
  double prefill_seconds = 0;
  double decode_seconds = 0;
  bool cancel_requested = false;
  bool done = false;
};

struct Engine::Impl {
  EngineOptions options;
  std::optional<prompt::Preparer> preparer;
  std::unique_ptr<ModelRunner> runner;
  std::set<int32_t> eos;
  int64_t capacity = 0;

  mutable std::mutex mu;
  std::condition_variable cv;
  std::deque<std::unique_ptr<Sequence>> queue;  // guarded by mu
  std::set<uint64_t> cancelled;                 // guarded by mu
  std::vector<bool> slot_free;                  // guarded by mu
  uint64_t next_id = 1;                         // guarded by mu
  bool stopping = false;                        // guarded by mu
  ServiceMetrics metrics;                       // guarded by mu
  std::thread thread;

  // Scheduler-thread state.
  std::vector<std::unique_ptr<Sequence>> active;
  std::mt19937_64 seeds{0x766c6d786c61ull};

  void Loop();
  void Start(Sequence& seq);
  void DecodeStep();
  void Emit(Sequence& seq, int32_t token);
  void Finish(Sequence& seq, FinishReason reason, std::string text = {},
              std::optional<Status> error = std::nullopt);
  void FinishWith(Sequence& seq, GenerationDelta delta, FinishReason reason);
  bool Deliver(Sequence& seq, const GenerationDelta& delta);
  void Release(Sequence& seq);
};

Engine::Engine(EngineOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
}

std::unique_ptr<Engine> Engine::Create(EngineOptions options) {
  return std::unique_ptr<Engine>(new Engine(std::move(options)));
}

Engine::~Engine() { Shutdown(); }

Status Engine::Load() {
  Impl& m = *impl_;
  const EngineOptions& o = m.options;
  auto progress = [&](const std::string& line) {
    if (o.progress) o.progress(line);
  };
  progress("loading " + o.model_dir);
  VLMXLA_ASSIGN_OR_RETURN(prompt::Preparer preparer, prompt::Preparer::Load(o.model_dir));
  m.preparer.emplace(std::move(preparer));
  const io::ModelDir& model = m.preparer->model();
  m.eos = EosIds(model);
  const int64_t max_pos = model.config().text.max_position_embeddings;
  m.capacity = o.context_capacity > 0 ? o.context_capacity : std::min<int64_t>(max_pos, 4096);
  if (max_pos > 0 && m.capacity > max_pos) {
    return InvalidArgument("context capacity " + std::to_string(m.capacity) +
                           " exceeds the model's max_position_embeddings " +
                           std::to_string(max_pos));
  }
  if (o.max_batch < 1 || o.max_batch > 256) {
    return InvalidArgument("max batch must be in [1, 256], got " + std::to_string(o.max_batch));
  }

  VLMXLA_ASSIGN_OR_RETURN(const std::optional<hlo::ElementType> dtype,
                          ParseDtypeFlag(o.dtype, "--dtype"));
  runtime::ExecutorConfig ec;
  ec.plugin_path = o.plugin_path;
  ec.iree_cuda_target = o.iree_cuda_target;
  progress("starting backend " + o.backend);
  VLMXLA_ASSIGN_OR_RETURN(auto executor, runtime::MakeExecutor(o.backend, ec));
  RunnerOptions ro;
  ro.capacity = m.capacity;
  ro.max_batch = o.max_batch;
  ro.max_images = model.config().is_multimodal() ? std::max(1, o.max_images) : 0;
  ro.taps = o.taps;
  ro.progress = o.progress;
  ro.dtype = dtype;
  VLMXLA_ASSIGN_OR_RETURN(m.runner,
                          ModelRunner::Load(o.model_dir, std::move(executor), ro));
  if (o.warm_decode) VLMXLA_RETURN_IF_ERROR(m.runner->WarmDecode());
  {
    std::lock_guard<std::mutex> lk(m.mu);
    m.slot_free.assign(o.max_batch, true);
    m.metrics.prefill_seconds = Histogram(LatencyBuckets());
    m.metrics.decode_step_seconds = Histogram(LatencyBuckets());
    m.stopping = false;
  }
  m.thread = std::thread([&m] { m.Loop(); });
  ready_.store(true);
  return Status::Ok();
}

void Engine::Shutdown() {
  Impl& m = *impl_;
  {
    std::lock_guard<std::mutex> lk(m.mu);
    m.stopping = true;
  }
  m.cv.notify_all();
  if (m.thread.joinable()) m.thread.join();
  ready_.store(false);
}

ModelInfo Engine::info() const {
  const Impl& m = *impl_;
  ModelInfo info;
  info.id = m.options.model_id.empty()
                ? std::filesystem::path(m.options.model_dir).filename().string()
                : m.options.model_id;
  if (info.id.empty()) info.id = std::filesystem::path(m.options.model_dir).parent_path().filename();
  info.context_capacity = m.capacity;
  info.max_batch = m.options.max_batch;
  info.backend = m.runner ? m.runner->executor().name() : m.options.backend;
  if (m.runner) {
    info.dtype = TorchDtypeName(m.runner->precision().compute);
    info.weights_dtype = TorchDtypeName(m.runner->precision().weights);
  }
  const bool multimodal = m.preparer && m.preparer->model().config().is_multimodal();
  info.max_images = multimodal ? m.options.max_images : 0;
  return info;
}

Result<PreparedRequest> Engine::Prepare(const GenerationRequest& request) const {
  const Impl& m = *impl_;
  if (!m.preparer) return Unavailable("the model is still loading", "loading");
  VLMXLA_RETURN_IF_ERROR(ValidateSamplingParams(request.sampling));
  VLMXLA_RETURN_IF_ERROR(ValidateStopParams(request.stop));
  const int max_images = info().max_images;
  // A text-only model's refusal of any image comes from the preparer (images_unsupported).
  if (max_images > 0 && static_cast<int>(request.images.size()) > max_images) {
    return InvalidArgument("the request has " + std::to_string(request.images.size()) +
                               " images but at most " + std::to_string(max_images) +
                               " are allowed per request",
                           "too_many_images");
  }
  PreparedRequest out;
  out.sampling = request.sampling;
  out.stop = request.stop;
  if (request.raw_prompt) {
    if (!request.images.empty()) {
      return InvalidArgument("a raw prompt (completions) takes no images",
                             prompt::kReasonImagesUnsupported);
    }
    VLMXLA_ASSIGN_OR_RETURN(std::vector<int32_t> ids,
                            m.preparer->tokenizer().Encode(*request.raw_prompt, true));
    prompt::PlaceholderSpec spec;
    spec.image_token_id = m.preparer->image_token_id();
    spec.image_token = m.preparer->processor_settings().image_token;
    VLMXLA_ASSIGN_OR_RETURN(out.prefill, prompt::ExpandPrompt(std::move(ids), 0, spec, m.capacity));
    out.prefill.rendered_text = *request.raw_prompt;
  } else {
    VLMXLA_ASSIGN_OR_RETURN(out.prefill,
                            m.preparer->Prepare(request.messages, request.images, m.capacity));
  }
  return out;
}

Result<uint64_t> Engine::Submit(PreparedRequest request, DeltaSink sink) {
  Impl& m = *impl_;
  auto seq = std::make_unique<Sequence>();
  seq->request = std::move(request);
  seq->sink = std::move(sink);
  std::lock_guard<std::mutex> lk(m.mu);
  if (!ready() || m.stopping) return Unavailable("the engine is not running", "loading");
  if (static_cast<int>(m.queue.size()) >= m.options.max_queue) {
    return Unavailable("the server is busy: " + std::to_string(m.queue.size()) +
                           " requests are waiting (limit " + std::to_string(m.options.max_queue) +
                           ")",
                       kReasonOverloaded);
  }
  seq->id = m.next_id++;
  const uint64_t id = seq->id;
  m.queue.push_back(std::move(seq));
  m.metrics.requests_total += 1;
  m.metrics.queue_depth = static_cast<int64_t>(m.queue.size());
  m.cv.notify_all();
  return id;
}

void Engine::Cancel(uint64_t id) {
  Impl& m = *impl_;
  std::lock_guard<std::mutex> lk(m.mu);
  m.cancelled.insert(id);
  m.cv.notify_all();
}

ServiceMetrics Engine::metrics() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->metrics;
}

const ModelRunner* Engine::runner() const { return impl_->runner.get(); }

Result<GenerationDelta> Engine::Generate(const GenerationRequest& request, const DeltaSink& sink,
                                         const TapSink& taps) {
  VLMXLA_ASSIGN_OR_RETURN(PreparedRequest prepared, Prepare(request));
  return Generate(std::move(prepared), sink, taps);
}

Result<GenerationDelta> Engine::Generate(PreparedRequest request, const DeltaSink& sink,
                                         const TapSink& taps) {
  auto done = std::make_shared<std::promise<GenerationDelta>>();
  auto future = done->get_future();
  auto fired = std::make_shared<bool>(false);
  DeltaSink wrapped = [sink, done, fired](const GenerationDelta& d) {
    const bool keep = sink ? sink(d) : true;
    // A caller that stops early ends the request as cancelled; either way the wait ends once.
    if ((d.finish || !keep) && !*fired) {
      *fired = true;
      GenerationDelta last = d;
      if (!last.finish) last.finish = FinishReason::kCancelled;
      done->set_value(std::move(last));
    }
    return keep;
  };
  Impl& m = *impl_;
  auto seq = std::make_unique<Sequence>();
  seq->request = std::move(request);
  seq->sink = std::move(wrapped);
  seq->taps = taps;
  {
    std::lock_guard<std::mutex> lk(m.mu);
    if (!ready() || m.stopping) return Unavailable("the engine is not running", "loading");
    seq->id = m.next_id++;
    m.queue.push_back(std::move(seq));
    m.metrics.requests_total += 1;
    m.metrics.queue_depth = static_cast<int64_t>(m.queue.size());
  }
  m.cv.notify_all();
  return future.get();
}

// ---- the scheduler thread ----

bool Engine::Impl::Deliver(Sequence& seq, const GenerationDelta& delta) {
  const bool keep = seq.sink ? seq.sink(delta) : true;
  if (!keep && !delta.finish) {
    // The caller went away: free the slot now, deliver nothing more.
    seq.done = true;
  }
  return keep;
}

void Engine::Impl::Release(Sequence& seq) {
  std::lock_guard<std::mutex> lk(mu);
  if (seq.slot >= 0) slot_free[seq.slot] = true;
  seq.slot = -1;
  cancelled.erase(seq.id);
}

void Engine::Impl::Finish(Sequence& seq, FinishReason reason, std::string text,
                          std::optional<Status> error) {
  GenerationDelta d;
  d.text = std::move(text);
  d.error = std::move(error);
  FinishWith(seq, std::move(d), reason);
}

void Engine::Impl::FinishWith(Sequence& seq, GenerationDelta d, FinishReason reason) {
  if (seq.done) return;
  seq.done = true;
  d.finish = reason;
  d.usage = seq.usage;
  d.prefill_seconds = seq.prefill_seconds;
  d.decode_seconds = seq.decode_seconds;
  {
    std::lock_guard<std::mutex> lk(mu);
    if (reason == FinishReason::kError) metrics.requests_failed += 1;
  }
  if (seq.sink) seq.sink(d);
}

void Engine::Impl::Emit(Sequence& seq, int32_t token) {
  seq.last_token = token;
  seq.generated += 1;
  seq.usage.completion_tokens = seq.generated;
  {
    std::lock_guard<std::mutex> lk(mu);
    metrics.generated_tokens_total += 1;
  }
  TextStep step = seq.text->Push(token);
  GenerationDelta d;
  d.text = std::move(step.text);
  d.token_ids = {token};
  d.usage = seq.usage;
  if (step.finish) return FinishWith(seq, std::move(d), *step.finish);
  Deliver(seq, d);
}

void Engine::Impl::Start(Sequence& seq) {
  const prompt::PreparedPrefill& p = seq.request.prefill;
  // Compile first (once per bucket), so prefill time measures execution.
  Status warm = runner->Warm(p);
  if (!warm.ok()) return Finish(seq, FinishReason::kError, {}, warm);
  const auto t0 = Clock::now();
  seq.usage.prompt_tokens = p.effective_length;
  seq.usage.prompt_tokens_logical = p.logical_length;
  {
    std::lock_guard<std::mutex> lk(mu);
    metrics.prompt_tokens_total += p.effective_length;
    metrics.prompt_tokens_logical_total += p.logical_length;
  }
  TapMap taps;
  TapMap* tap_out = seq.taps ? &taps : nullptr;
  HostTensor features;
  if (!p.pixel_values.shape().empty()) {
    auto f = runner->EncodeImages(p.pixel_values, tap_out);
    if (!f.ok()) return Finish(seq, FinishReason::kError, {}, f.status());
    features = std::move(*f);
  }
  auto logits = runner->Prefill(seq.slot, p, features, tap_out);
  if (!logits.ok()) return Finish(seq, FinishReason::kError, {}, logits.status());
  seq.prefill_seconds = Since(t0);
  {
    std::lock_guard<std::mutex> lk(mu);
    metrics.prefill_seconds.Observe(seq.prefill_seconds);
  }
  for (const auto& [stage, value] : taps) seq.taps(stage, value);

  seq.sampler.emplace(seq.request.sampling, seeds());
  seq.text.emplace(preparer->tokenizer(), seq.request.stop,
                   std::vector<int32_t>(eos.begin(), eos.end()), capacity - p.effective_length);
  // The first delta carries no text yet when the token is held back; it still reports progress.
  Emit(seq, seq.sampler->Sample(logits->span<float>()));
}

void Engine::Impl::DecodeStep() {
  std::vector<int> slots;
  std::vector<int32_t> tokens, positions;
  std::vector<Sequence*> seqs;
  for (auto& s : active) {
    if (s->done) continue;
    seqs.push_back(s.get());
    slots.push_back(s->slot);
    tokens.push_back(s->last_token);
    // Generated token k (0-based) sits at position effective_length + k.
    positions.push_back(static_cast<int32_t>(s->request.prefill.effective_length + s->generated -
                                             1));
  }
  if (seqs.empty()) return;
  const auto t0 = Clock::now();
  auto logits = runner->Decode(slots, tokens, positions);
  const double dt = Since(t0);
  {
    std::lock_guard<std::mutex> lk(mu);
    metrics.decode_step_seconds.Observe(dt);
  }
  if (!logits.ok()) {
    for (Sequence* s : seqs) Finish(*s, FinishReason::kError, {}, logits.status());
    return;
  }
  const int64_t vocab = logits->shape()[1];
  const std::span<const float> all = logits->span<float>();
  for (size_t i = 0; i < seqs.size(); ++i) {
    Sequence& s = *seqs[i];
    s.decode_seconds += dt;
    Emit(s, s.sampler->Sample(all.subspan(i * vocab, vocab)));
  }
}

void Engine::Impl::Loop() {
  for (;;) {
    std::vector<std::unique_ptr<Sequence>> admitted;
    std::vector<std::unique_ptr<Sequence>> dropped;
    {
      std::unique_lock<std::mutex> lk(mu);
      cv.wait(lk, [&] { return stopping || !queue.empty() || !active.empty(); });
      if (stopping) break;
      // Cancelled requests leave the queue; cancelled active ones finish below.
      for (auto it = queue.begin(); it != queue.end();) {
        if (cancelled.count((*it)->id)) {
          cancelled.erase((*it)->id);
          dropped.push_back(std::move(*it));
          it = queue.erase(it);
        } else {
          ++it;
        }
      }
      for (auto& s : active)
        if (cancelled.count(s->id)) s->cancel_requested = true;
      // Admit waiting requests into free slots: they prefill before the next decode step.
      for (size_t slot = 0; slot < slot_free.size() && !queue.empty(); ++slot) {
        if (!slot_free[slot]) continue;
        slot_free[slot] = false;
        queue.front()->slot = static_cast<int>(slot);
        admitted.push_back(std::move(queue.front()));
        queue.pop_front();
      }
      metrics.queue_depth = static_cast<int64_t>(queue.size());
    }
    for (auto& s : dropped) Finish(*s, FinishReason::kCancelled);
    for (auto& s : active)
      if (s->cancel_requested) Finish(*s, FinishReason::kCancelled);
    for (auto& s : admitted) {
      Start(*s);
      active.push_back(std::move(s));
    }
    DecodeStep();
    // Finished and cancelled sequences give their slots back at once.
    for (auto& s : active)
      if (s->done) Release(*s);
    active.erase(std::remove_if(active.begin(), active.end(),
                                [](const auto& s) { return s->done; }),
                 active.end());
    std::lock_guard<std::mutex> lk(mu);
    metrics.active_slots = static_cast<int64_t>(active.size());
  }
  // Shutting down: everything still pending ends as cancelled.
  std::deque<std::unique_ptr<Sequence>> rest;
  {
    std::lock_guard<std::mutex> lk(mu);
    rest.swap(queue);
  }
  for (auto& s : rest) Finish(*s, FinishReason::kCancelled);
  for (auto& s : active) Finish(*s, FinishReason::kCancelled);
  active.clear();
}

}  // namespace vlmxla::engine
