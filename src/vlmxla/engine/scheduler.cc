#include "vlmxla/engine/scheduler.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <utility>

#include "vlmxla/engine/generation_service.h"
#include "vlmxla/engine/sampler.h"
#include "vlmxla/engine/text_stream.h"

namespace vlmxla::engine {

namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

Status NotRunning() { return Unavailable("the engine is not running", "loading"); }

}  // namespace

// What the n choices of one request share.
struct Scheduler::Group {
  PreparedRequest request;
  DeltaSink sink;
  TapSink taps;
  Usage usage;          // the prompt once, completion tokens summed over the choices
  int unreleased = 1;   // choices still holding (or waiting for) a slot
  bool gone = false;    // the sink refused a delta: nothing more is delivered
  bool failed = false;  // counted in requests_failed
};

// One choice: its own slot, sampler and text.
struct Scheduler::Sequence {
  uint64_t id = 0;  // the request's; every choice shares it
  int index = 0;
  std::shared_ptr<Group> group;
  // The lead (choice 0) holds the other choices until they start beside it.
  std::vector<std::unique_ptr<Sequence>> siblings;
  int slot = -1;
  bool released = false;
  std::optional<Sampler> sampler;
  std::optional<SequenceText> text;
  int32_t last_token = 0;
  int64_t generated = 0;
  double prefill_seconds = 0;
  double decode_seconds = 0;
  bool cancel_requested = false;
  bool done = false;
};

Scheduler::Scheduler(SequenceRunner& runner, const text::Tokenizer& tokenizer,
                     SchedulerOptions options)
    : runner_(runner), tokenizer_(tokenizer), options_(std::move(options)), seeds_(options_.seed) {
  slot_free_.assign(std::max(0, runner_.num_slots()), true);
  metrics_.prefill_seconds = Histogram(LatencyBuckets());
  metrics_.decode_step_seconds = Histogram(LatencyBuckets());
  thread_ = std::thread([this] {
    compile_thread_ = std::thread([this] { CompileLoop(); });
    Loop();
  });
}

Scheduler::~Scheduler() { Stop(); }

void Scheduler::Stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

Result<uint64_t> Scheduler::Submit(PreparedRequest request, DeltaSink sink, TapSink taps) {
  const int n = request.n;
  if (n < 1 || n > runner_.num_slots()) {
    return InvalidArgument("n must be in [1, " + std::to_string(runner_.num_slots()) +
                           "] (the KV slots, --max-batch), got " + std::to_string(n));
  }
  auto group = std::make_shared<Group>();
  group->request = std::move(request);
  group->sink = std::move(sink);
  group->taps = std::move(taps);
  group->unreleased = n;
  auto seq = std::make_unique<Sequence>();
  seq->group = group;
  for (int i = 1; i < n; ++i) {
    auto sibling = std::make_unique<Sequence>();
    sibling->index = i;
    sibling->group = group;
    seq->siblings.push_back(std::move(sibling));
  }
  uint64_t id = 0;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) return NotRunning();
    if (static_cast<int>(queue_.size()) >= options_.max_queue) {
      return Unavailable("the server is busy: " + std::to_string(queue_.size()) +
                             " requests are waiting (limit " + std::to_string(options_.max_queue) +
                             ")",
                         kReasonOverloaded);
    }
    id = seq->id = next_id_++;
    for (auto& sibling : seq->siblings) sibling->id = id;
    live_.insert(id);
    queue_.push_back(std::move(seq));
    metrics_.requests_total += 1;
    metrics_.queue_depth = static_cast<int64_t>(queue_.size());
  }
  cv_.notify_all();
  return id;
}

Result<GenerationDelta> Scheduler::Generate(PreparedRequest request, const DeltaSink& sink,
                                            const TapSink& taps) {
  auto done = std::make_shared<std::promise<GenerationDelta>>();
  auto future = done->get_future();
  auto fired = std::make_shared<bool>(false);
  auto unfinished = std::make_shared<int>(request.n);
  DeltaSink wrapped = [sink, done, fired, unfinished](const GenerationDelta& d) {
    const bool keep = sink ? sink(d) : true;
    if (d.finish) *unfinished -= 1;
    // A caller that stops early ends the request as cancelled; either way the wait ends once.
    if ((*unfinished <= 0 || !keep) && !*fired) {
      *fired = true;
      GenerationDelta last = d;
      if (!last.finish) last.finish = FinishReason::kCancelled;
      done->set_value(std::move(last));
    }
    return keep;
  };
  VLMXLA_RETURN_IF_ERROR(Submit(std::move(request), std::move(wrapped), taps).status());
  return future.get();
}

void Scheduler::Cancel(uint64_t id) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!live_.count(id)) return;
    cancelled_.insert(id);
  }
  cv_.notify_all();
}

ServiceMetrics Scheduler::metrics() const {
  std::lock_guard<std::mutex> lk(mu_);
  return metrics_;
}

// ---- the scheduler thread ----

void Scheduler::Release(Sequence& seq) {
  if (seq.released) return;
  seq.released = true;
  std::lock_guard<std::mutex> lk(mu_);
  if (seq.slot >= 0) slot_free_[seq.slot] = true;
  seq.slot = -1;
  // The request stays live (cancellable) until its last choice lets go.
  if (--seq.group->unreleased > 0) return;
  live_.erase(seq.id);
  cancelled_.erase(seq.id);
}

void Scheduler::ReleaseAll(Sequence& lead) {
  Release(lead);
  for (auto& s : lead.siblings) Release(*s);
}

void Scheduler::Finish(Sequence& seq, FinishReason reason, std::optional<Status> error) {
  GenerationDelta d;
  d.error = std::move(error);
  FinishWith(seq, std::move(d), reason);
}

void Scheduler::FinishAll(Sequence& lead, FinishReason reason, std::optional<Status> error) {
  Finish(lead, reason, error);
  for (auto& s : lead.siblings) Finish(*s, reason, error);
}

void Scheduler::FinishWith(Sequence& seq, GenerationDelta d, FinishReason reason) {
  if (seq.done) return;
  seq.done = true;
  Group& g = *seq.group;
  d.index = seq.index;
  d.finish = reason;
  d.usage = g.usage;
  d.prefill_seconds = seq.prefill_seconds;
  d.decode_seconds = seq.decode_seconds;
  if (reason == FinishReason::kError && !g.failed) {
    g.failed = true;
    std::lock_guard<std::mutex> lk(mu_);
    metrics_.requests_failed += 1;
  }
  if (g.sink && !g.gone) g.sink(d);
}

void Scheduler::SampleAndEmit(Sequence& seq, std::span<const float> logits) {
  if (seq.sampler->params().logprobs < 0) return Emit(seq, seq.sampler->Sample(logits), nullptr);
  TokenLogprob lp;
  const int32_t token = seq.sampler->Sample(logits, &lp);
  lp.bytes = tokenizer_.TokenBytes(lp.id);
  for (TopLogprob& t : lp.top) t.bytes = tokenizer_.TokenBytes(t.id);
  Emit(seq, token, &lp);
}

void Scheduler::Emit(Sequence& seq, int32_t token, TokenLogprob* logprob) {
  Group& g = *seq.group;
  seq.last_token = token;
  seq.generated += 1;
  g.usage.completion_tokens += 1;
  {
    std::lock_guard<std::mutex> lk(mu_);
    metrics_.generated_tokens_total += 1;
  }
  // Another choice's sink call found the client gone: this one stops too.
  if (g.gone) {
    seq.done = true;
    return;
  }
  TextStep step = seq.text->Push(token);
  GenerationDelta d;
  d.index = seq.index;
  d.text = std::move(step.text);
  d.token_ids = {token};
  if (logprob != nullptr) d.logprobs.push_back(std::move(*logprob));
  d.usage = g.usage;
  if (step.finish) return FinishWith(seq, std::move(d), *step.finish);
  // A sink that returns false went away: the slots are freed after this step, nothing more is
  // sent.
  if (g.sink && !g.sink(d)) {
    g.gone = true;
    seq.done = true;
  }
}

void Scheduler::Activate(std::unique_ptr<Sequence> lead) {
  Start(*lead);
  std::vector<std::unique_ptr<Sequence>> siblings = std::move(lead->siblings);
  lead->siblings.clear();
  active_.push_back(std::move(lead));
  for (auto& s : siblings) active_.push_back(std::move(s));
}

void Scheduler::Start(Sequence& lead) {
  // Its programs are compiled (IsWarm, or Warm on the compile thread): prefill time measures
  // execution.
  if (lead.done) return;  // its compile failed
  Group& g = *lead.group;
  const prompt::PreparedPrefill& p = g.request.prefill;
  const auto t0 = Clock::now();
  g.usage.prompt_tokens = p.effective_length;
  g.usage.prompt_tokens_logical = p.logical_length;
  {
    std::lock_guard<std::mutex> lk(mu_);
    metrics_.prompt_tokens_total += p.effective_length;
    metrics_.prompt_tokens_logical_total += p.logical_length;
  }
  std::map<std::string, HostTensor> taps;
  auto logits = runner_.Prefill(lead.slot, p, g.taps ? &taps : nullptr);
  if (!logits.ok()) return FinishAll(lead, FinishReason::kError, logits.status());
  // The other choices start from the same prompt: its KV, copied on the device.
  for (auto& s : lead.siblings) {
    Status copied = runner_.CopySlot(lead.slot, s->slot);
    if (!copied.ok()) return FinishAll(lead, FinishReason::kError, copied);
  }
  lead.prefill_seconds = Since(t0);
  {
    std::lock_guard<std::mutex> lk(mu_);
    metrics_.prefill_seconds.Observe(lead.prefill_seconds);
  }
  for (const auto& [stage, value] : taps) g.taps(stage, value);

  std::vector<Sequence*> choices = {&lead};
  for (auto& s : lead.siblings) choices.push_back(s.get());
  for (Sequence* s : choices) {
    SamplingParams params = g.request.sampling;
    // Choice i of a seeded request draws as a request with seed + i would alone.
    if (params.seed) *params.seed += static_cast<uint64_t>(s->index);
    s->prefill_seconds = lead.prefill_seconds;
    s->sampler.emplace(params, seeds_(), p.input_ids);
    s->text.emplace(tokenizer_, g.request.stop, options_.eos_ids,
                    options_.capacity - p.effective_length);
  }
  // The first delta carries no text yet when the token is held back; it still reports progress.
  for (Sequence* s : choices) SampleAndEmit(*s, logits->span<float>());
}

void Scheduler::DecodeStep() {
  std::vector<int> slots;
  std::vector<int32_t> tokens, positions;
  std::vector<Sequence*> seqs;
  for (auto& s : active_) {
    if (s->done) continue;
    seqs.push_back(s.get());
    slots.push_back(s->slot);
    tokens.push_back(s->last_token);
    // Generated token k (0-based) sits at position effective_length + k.
    positions.push_back(
        static_cast<int32_t>(s->group->request.prefill.effective_length + s->generated - 1));
  }
  if (seqs.empty()) return;
  const auto t0 = Clock::now();
  auto logits = runner_.Decode(slots, tokens, positions);
  const double dt = Since(t0);
  {
    std::lock_guard<std::mutex> lk(mu_);
    metrics_.decode_step_seconds.Observe(dt);
  }
  if (!logits.ok()) {
    for (Sequence* s : seqs) Finish(*s, FinishReason::kError, logits.status());
    return;
  }
  const int64_t vocab = logits->shape().size() == 2 ? logits->shape()[1] : 0;
  const std::span<const float> all = logits->span<float>();
  if (vocab <= 0 || all.size() != seqs.size() * static_cast<size_t>(vocab)) {
    const Status bad = Internal("decode returned " + ShapeToString(logits->shape()) +
                                " logits for " + std::to_string(seqs.size()) + " sequences");
    for (Sequence* s : seqs) Finish(*s, FinishReason::kError, bad);
    return;
  }
  for (size_t i = 0; i < seqs.size(); ++i) {
    Sequence& s = *seqs[i];
    s.decode_seconds += dt;
    SampleAndEmit(s, all.subspan(i * vocab, vocab));
  }
}

bool Scheduler::CanAdmitFront() const {
  return !queue_.empty() &&
         std::count(slot_free_.begin(), slot_free_.end(), true) >= queue_.front()->group->request.n;
}

void Scheduler::CompileLoop() {
  for (;;) {
    Sequence* seq = nullptr;
    {
      std::unique_lock<std::mutex> lk(mu_);
      warm_cv_.wait(lk, [&] { return stopping_ || !warm_jobs_.empty(); });
      if (stopping_) return;
      seq = warm_jobs_.front();
      warm_jobs_.pop_front();
    }
    Status status = runner_.Warm(seq->group->request.prefill);
    {
      std::lock_guard<std::mutex> lk(mu_);
      warm_done_.emplace(seq->id, std::move(status));
    }
    cv_.notify_all();
  }
}

void Scheduler::Loop() {
  for (;;) {
    std::vector<std::unique_ptr<Sequence>> admitted;
    std::vector<std::unique_ptr<Sequence>> dropped;
    std::map<uint64_t, Status> warmed;
    {
      std::unique_lock<std::mutex> lk(mu_);
      // Sequences waiting on the compile thread hold slots but give the loop no work, so a full
      // queue wakes it only when a slot is free.
      cv_.wait(lk, [&] {
        return stopping_ || !active_.empty() || !warm_done_.empty() || !cancelled_.empty() ||
               CanAdmitFront();
      });
      if (stopping_) break;
      // Cancelled requests leave the queue; cancelled active ones finish below.
      for (auto it = queue_.begin(); it != queue_.end();) {
        if (cancelled_.count((*it)->id)) {
          cancelled_.erase((*it)->id);
          live_.erase((*it)->id);
          dropped.push_back(std::move(*it));
          it = queue_.erase(it);
        } else {
          ++it;
        }
      }
      for (auto* list : {&active_, &warming_})
        for (auto& s : *list)
          if (cancelled_.count(s->id)) s->cancel_requested = true;
      warmed.swap(warm_done_);
      // Admit waiting requests, first come first served, each into as many free slots as it
      // has choices: they prefill before the next decode step, or once the compile thread has
      // their programs ready.
      while (CanAdmitFront()) {
        Sequence& lead = *queue_.front();
        std::vector<Sequence*> choices = {&lead};
        for (auto& s : lead.siblings) choices.push_back(s.get());
        size_t slot = 0;
        for (Sequence* s : choices) {
          while (!slot_free_[slot]) ++slot;
          slot_free_[slot] = false;
          s->slot = static_cast<int>(slot);
        }
        admitted.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
      metrics_.queue_depth = static_cast<int64_t>(queue_.size());
    }
    for (auto& s : dropped) FinishAll(*s, FinishReason::kCancelled);
    for (auto& s : active_)
      if (s->cancel_requested) Finish(*s, FinishReason::kCancelled);
    // A cancelled sequence still compiling ends now and frees its slot; it is dropped once the
    // compile thread is done with it.
    for (auto& s : warming_) {
      if (s->cancel_requested && !s->done) {
        FinishAll(*s, FinishReason::kCancelled);
        ReleaseAll(*s);
      }
    }
    for (auto it = warming_.begin(); it != warming_.end();) {
      auto w = warmed.find((*it)->id);
      if (w == warmed.end()) {
        ++it;
        continue;
      }
      std::unique_ptr<Sequence> s = std::move(*it);
      it = warming_.erase(it);
      if (s->done) continue;  // cancelled while compiling, already released
      if (!w->second.ok()) FinishAll(*s, FinishReason::kError, w->second);
      Activate(std::move(s));  // a finished request's choices are released below
    }
    for (auto& s : admitted) {
      if (runner_.IsWarm(s->group->request.prefill)) {
        Activate(std::move(s));
        continue;
      }
      {
        std::lock_guard<std::mutex> lk(mu_);
        warm_jobs_.push_back(s.get());
      }
      warm_cv_.notify_all();
      warming_.push_back(std::move(s));
    }
    DecodeStep();
    // Finished and cancelled sequences give their slots back at once.
    for (auto& s : active_)
      if (s->done) Release(*s);
    active_.erase(
        std::remove_if(active_.begin(), active_.end(), [](const auto& s) { return s->done; }),
        active_.end());
    std::lock_guard<std::mutex> lk(mu_);
    metrics_.active_slots =
        static_cast<int64_t>(std::count(slot_free_.begin(), slot_free_.end(), false));
  }
  // Stopping: the compile thread ends after the Warm it is in; everything still pending ends as
  // cancelled.
  warm_cv_.notify_all();
  if (compile_thread_.joinable()) compile_thread_.join();
  std::deque<std::unique_ptr<Sequence>> rest;
  {
    std::lock_guard<std::mutex> lk(mu_);
    rest.swap(queue_);
    warm_jobs_.clear();
    warm_done_.clear();
  }
  for (auto& s : rest) FinishAll(*s, FinishReason::kCancelled);
  for (auto& s : warming_) FinishAll(*s, FinishReason::kCancelled);
  for (auto& s : active_) Finish(*s, FinishReason::kCancelled);
  warming_.clear();
  active_.clear();
  std::lock_guard<std::mutex> lk(mu_);
  live_.clear();
  cancelled_.clear();
  std::fill(slot_free_.begin(), slot_free_.end(), true);
  metrics_.active_slots = 0;
}

}  // namespace vlmxla::engine
