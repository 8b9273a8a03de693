// Scheduler: continuous batching over KV slots on one thread. Between decode steps it admits
// waiting requests, first come first served, into free slots and prefills them; every decode step
// then advances all running sequences together, each at its own position. A request with n
// choices takes n slots at once: its prompt is prefilled into the first and the KV copied into the
// others (SequenceRunner::CopySlot), and each choice then decodes as its own sequence. Sampling,
// stop rules and the streaming detokenizer run here, per sequence. A request whose programs are not
// compiled yet holds its slot while a second thread compiles them (SequenceRunner::Warm), so a new
// shape bucket never stalls the sequences already running. The device work goes through a
// SequenceRunner: ModelRunner in production (engine.cc), a fake in the scheduler's tests.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/engine/request.h"
#include "vlmxla/engine/service_metrics.h"
#include "vlmxla/prompt/prepared_prefill.h"
#include "vlmxla/text/tokenizer.h"

namespace vlmxla::engine {

// Receives one request's diagnostic stages (the prefill's taps), on the scheduler's thread.
using TapSink = std::function<void(const std::string& stage, const HostTensor& value)>;

// The prefill and decode steps the scheduler drives. Called from the scheduler's thread, except
// Warm, which runs on the scheduler's compile thread while Prefill and Decode go on beside it.
class SequenceRunner {
 public:
  virtual ~SequenceRunner() = default;
  // KV slots, 0 .. num_slots()-1: the most sequences that run at once.
  virtual int num_slots() const = 0;
  // Whether everything `prompt` will run (its prefill, and decode at every batch size) is already
  // compiled, so that it may start at once. Cheap; on the scheduler's thread.
  virtual bool IsWarm(const prompt::PreparedPrefill& prompt) = 0;
  // Compiles what `prompt` will run, on the compile thread, concurrently with Prefill and Decode
  // of other sequences. An error ends the request with FinishReason::kError.
  virtual Status Warm(const prompt::PreparedPrefill& prompt) = 0;
  // Runs the prompt (its images included) into `slot` and returns the last position's logits,
  // f32[vocab]. `taps` (null unless the request asked for them) receives diagnostic stages.
  virtual Result<HostTensor> Prefill(int slot, const prompt::PreparedPrefill& prompt,
                                     std::map<std::string, HostTensor>* taps) = 0;
  // One step: slots[i] takes tokens[i] at positions[i]; row i of the f32[n, vocab] result holds
  // its next logits. Slots not listed are free (the runner may pad a batch bucket with them).
  virtual Result<HostTensor> Decode(std::span<const int> slots, std::span<const int32_t> tokens,
                                    std::span<const int32_t> positions) = 0;
  // Makes slot `to` hold what slot `from` holds (a prefilled prompt's keys and values, and any
  // per-slot state such as M-RoPE's rope_delta), so both decode on from the same prompt.
  virtual Status CopySlot(int from, int to) = 0;
};

struct SchedulerOptions {
  int max_queue = 64;                 // waiting requests before Submit reports overload
  int64_t capacity = 0;               // positions per sequence: prompt + generated stay within
  std::vector<int32_t> eos_ids;       // end a sequence (FinishReason::kStop) unless ignore_eos
  uint64_t seed = 0x766c6d786c61ull;  // draws the seeds of requests that set none
};

class Scheduler {
 public:
  // Starts the scheduler's thread. `runner` and `tokenizer` (which detokenizes the streams) must
  // outlive the scheduler.
  Scheduler(SequenceRunner& runner, const text::Tokenizer& tokenizer, SchedulerOptions options);
  // Stop().
  ~Scheduler();
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // Queues a request; its deltas go to `sink` on the scheduler's thread, the last one of each of
  // its n choices with `finish` set. InvalidArgument when n is outside [1, num_slots]; Unavailable
  // with reason kReasonOverloaded when max_queue requests are already waiting, or reason "loading"
  // once stopped. Returns the request's id.
  Result<uint64_t> Submit(PreparedRequest request, DeltaSink sink, TapSink taps = {});
  // Submit, then waits for every choice of the request to finish; `sink` (may be empty) sees every
  // delta. Returns the last delta (finish kCancelled when `sink` returned false), or Submit's
  // error.
  Result<GenerationDelta> Generate(PreparedRequest request, const DeltaSink& sink,
                                   const TapSink& taps = {});
  // Ends a request with FinishReason::kCancelled at the scheduler's next step: a queued one
  // without running, a running one after at most one more decode step, freeing its slot. Ids
  // that are no longer queued or running are ignored.
  void Cancel(uint64_t id);
  // Stops the thread; every request still queued or running ends with FinishReason::kCancelled,
  // and later Submits are refused. Idempotent.
  void Stop();

  ServiceMetrics metrics() const;

 private:
  struct Group;
  struct Sequence;
  void Loop();
  // The compile thread: runs Warm for the sequences that wait on their programs.
  void CompileLoop();
  bool CanAdmitFront() const;  // mu_ held: enough free slots for the first waiting request
  // Prefills `lead`'s request, copies its KV to the other choices' slots, samples every choice's
  // first token, and moves them all into active_.
  void Activate(std::unique_ptr<Sequence> lead);
  void Start(Sequence& lead);
  void DecodeStep();
  // Samples seq's next token from `logits` and delivers it.
  void SampleAndEmit(Sequence& seq, std::span<const float> logits);
  void Emit(Sequence& seq, int32_t token, TokenLogprob* logprob);
  void Finish(Sequence& seq, FinishReason reason, std::optional<Status> error = std::nullopt);
  // Finish for `lead` and the choices still attached to it (not yet started).
  void FinishAll(Sequence& lead, FinishReason reason, std::optional<Status> error = std::nullopt);
  void FinishWith(Sequence& seq, GenerationDelta delta, FinishReason reason);
  void Release(Sequence& seq);
  void ReleaseAll(Sequence& lead);

  SequenceRunner& runner_;
  const text::Tokenizer& tokenizer_;
  const SchedulerOptions options_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::unique_ptr<Sequence>> queue_;  // guarded by mu_
  std::set<uint64_t> live_;                      // queued or running ids; guarded by mu_
  std::set<uint64_t> cancelled_;                 // a subset of live_; guarded by mu_
  std::vector<bool> slot_free_;                  // guarded by mu_
  uint64_t next_id_ = 1;                         // guarded by mu_
  bool stopping_ = false;                        // guarded by mu_
  ServiceMetrics metrics_;                       // guarded by mu_
  // The compile thread's work: sequences (owned by warming_) whose programs it compiles, and
  // the outcome of each by id, which the scheduler's thread collects. Guarded by mu_.
  std::deque<Sequence*> warm_jobs_;
  std::map<uint64_t, Status> warm_done_;
  std::condition_variable warm_cv_;

  // The scheduler thread's own state.
  std::vector<std::unique_ptr<Sequence>> active_;
  // Admitted into a slot, waiting for the compile thread; kept until its Warm has returned, even
  // when cancelled meanwhile (the compile thread reads its prompt).
  std::vector<std::unique_ptr<Sequence>> warming_;
  std::mt19937_64 seeds_;

  std::thread compile_thread_;  // joined by the scheduler's thread before it exits
  std::thread thread_;          // last: started once everything above is set up
};

}  // namespace vlmxla::engine
