// The continuous-batching scheduler against a fake SequenceRunner: admission into free slots
// between decode steps, the decode batches it asks for, ragged positions, cancellation in every
// state, queue limits, fairness, sampling and stop rules, streaming deltas, errors and metrics.
//
// The fake answers each sequence from a script (the token a sequence generates depends only on its
// tag, the prompt's first id, and how many tokens it has generated), logs every call, and can hold
// the scheduler's thread at a prefill or decode until the test lets it go, so that what the test
// submits meanwhile is queued at a known point. Nothing waits on time except for a deadline.
#include "vlmxla/engine/scheduler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "test_tokenizer.h"
#include "vlmxla/engine/generation_service.h"

namespace vlmxla::engine {
namespace {

using test_tokenizer::kEndOfText;
using test_tokenizer::TestTokenizer;
using test_tokenizer::Word;

constexpr auto kDeadline = std::chrono::seconds(20);
constexpr int kVocab = 303;  // the test tokenizer's ids

// One call the scheduler made on the runner.
struct Call {
  enum Kind { kWarm, kPrefill, kDecode, kCopy } kind;
  std::vector<int> slots;
  std::vector<int32_t> tags;       // the sequence in each slot (its prompt's first id)
  std::vector<int32_t> tokens;     // decode: the tokens fed
  std::vector<int32_t> positions;  // decode: their positions; prefill: {prompt length}
  // copy: slots = {from, to}
};

// By default a sequence with tag t generates 'a' + (t + k) % 26 as its k-th token (k from 0).
int32_t DefaultScript(int32_t tag, int64_t k) { return 'a' + static_cast<int32_t>((tag + k) % 26); }

class FakeRunner final : public SequenceRunner {
 public:
  explicit FakeRunner(int slots) : slots_(slots), tag_of_(slots, -1), length_of_(slots, 0) {}

  // Test configuration: set before submitting.
  std::function<int32_t(int32_t tag, int64_t k)> script = DefaultScript;
  // When true, every letter is equally likely (the sampler's seed decides); otherwise the
  // script's token wins by a wide margin.
  bool uniform_letters = false;
  // Tags whose Warm / Prefill fail; a decode that includes a tag in fail_decode fails.
  std::set<int32_t> fail_warm, fail_prefill, fail_decode;
  // Runs on the scheduler's thread at every decode call, before the gate (may Submit).
  std::function<void(const Call&)> on_decode;
  // Tags whose programs are not compiled yet (IsWarm is false, as for fail_warm): their Warm runs,
  // and waits while the compile is held (HoldCompiles) as a slow compile would.
  std::set<int32_t> cold;

  int num_slots() const override { return slots_; }

  bool IsWarm(const prompt::PreparedPrefill& prompt) override {
    const int32_t tag = prompt.input_ids.at(0);
    std::lock_guard<std::mutex> lk(mu_);
    if (std::this_thread::get_id() != scheduler_thread_) {
      if (scheduler_thread_ != std::thread::id()) ADD_FAILURE() << "IsWarm on two threads";
      scheduler_thread_ = std::this_thread::get_id();
    }
    return !cold.count(tag) && !fail_warm.count(tag);
  }

  Status Warm(const prompt::PreparedPrefill& prompt) override {
    const int32_t tag = prompt.input_ids.at(0);
    Log({Call::kWarm, {}, {tag}, {}, {}});
    {
      std::unique_lock<std::mutex> lk(mu_);
      if (std::this_thread::get_id() == scheduler_thread_) {
        ADD_FAILURE() << "Warm ran on the scheduler's thread";
      }
      if (!cv_.wait_for(lk, kDeadline, [&] { return !compiles_held_; })) {
        ADD_FAILURE() << "the compile was held past the deadline";
      }
    }
    if (fail_warm.count(tag)) return Internal("warm failed for " + std::to_string(tag));
    return Status::Ok();
  }
  // While held, Warm waits (after it is logged) until ReleaseCompiles().
  void HoldCompiles() {
    std::lock_guard<std::mutex> lk(mu_);
    compiles_held_ = true;
  }
  void ReleaseCompiles() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      compiles_held_ = false;
    }
    cv_.notify_all();
  }

  Result<HostTensor> Prefill(int slot, const prompt::PreparedPrefill& prompt,
                             std::map<std::string, HostTensor>* taps) override {
    const int32_t tag = prompt.input_ids.at(0);
    Log({Call::kPrefill, {slot}, {tag}, {}, {static_cast<int32_t>(prompt.effective_length)}});
    Gate();
    if (slot < 0 || slot >= slots_) ADD_FAILURE() << "prefill into slot " << slot;
    if (fail_prefill.count(tag)) return Internal("prefill failed for " + std::to_string(tag));
    {
      std::lock_guard<std::mutex> lk(mu_);
      tag_of_[slot] = tag;
      length_of_[slot] = prompt.effective_length;
    }
    if (taps != nullptr) {
      HostTensor t(DType::kI32, Shape{1});
      t.mutable_span<int32_t>()[0] = tag;
      (*taps)["prefill_tag"] = t;
    }
    HostTensor logits(DType::kF32, Shape{kVocab});
    Fill(tag, 0, logits.mutable_span<float>());
    return logits;
  }

  Result<HostTensor> Decode(std::span<const int> slots, std::span<const int32_t> tokens,
                            std::span<const int32_t> positions) override {
    Call call{Call::kDecode,
              {slots.begin(), slots.end()},
              {},
              {tokens.begin(), tokens.end()},
              {positions.begin(), positions.end()}};
    std::vector<int64_t> ks;
    {
      std::lock_guard<std::mutex> lk(mu_);
      for (size_t i = 0; i < slots.size(); ++i) {
        const int s = slots[i];
        if (s < 0 || s >= slots_ || tag_of_[s] < 0) {
          ADD_FAILURE() << "decode of slot " << s << ", which holds no prompt";
          return Internal("bad slot");
        }
        call.tags.push_back(tag_of_[s]);
        // The token fed at position p is the (p - length)-th generated one; this step makes the
        // next.
        ks.push_back(positions[i] - length_of_[s] + 1);
      }
    }
    if (std::set<int>(slots.begin(), slots.end()).size() != slots.size()) {
      ADD_FAILURE() << "a slot appears twice in one decode step";
    }
    if (static_cast<int>(slots.size()) > slots_) ADD_FAILURE() << "more sequences than slots";
    if (on_decode) on_decode(call);
    Log(call);
    Gate();
    for (int32_t tag : call.tags) {
      if (fail_decode.count(tag)) return Internal("decode failed with " + std::to_string(tag));
    }
    HostTensor logits(DType::kF32, Shape{static_cast<int64_t>(slots.size()), kVocab});
    for (size_t i = 0; i < slots.size(); ++i) {
      Fill(call.tags[i], ks[i], logits.mutable_span<float>().subspan(i * kVocab, kVocab));
    }
    return logits;
  }

  Status CopySlot(int from, int to) override {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (from < 0 || from >= slots_ || to < 0 || to >= slots_ || tag_of_[from] < 0) {
        ADD_FAILURE() << "copy of slot " << from << " to " << to;
        return Internal("bad copy");
      }
      tag_of_[to] = tag_of_[from];
      length_of_[to] = length_of_[from];
    }
    Log({Call::kCopy, {from, to}, {}, {}, {}});
    return Status::Ok();
  }

  // While held, each prefill and decode waits at its gate (after it is logged) until Allow()
  // lets it through or Release() ends the hold.
  void Hold() {
    std::lock_guard<std::mutex> lk(mu_);
    held_ = true;
  }
  void Allow(int calls) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      allowed_ += calls;
    }
    cv_.notify_all();
  }
  void Release() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      held_ = false;
    }
    cv_.notify_all();
  }
  // Waits until `pred(calls)` holds; false after the deadline.
  bool WaitUntil(const std::function<bool(const std::vector<Call>&)>& pred) {
    std::unique_lock<std::mutex> lk(mu_);
    return cv_.wait_for(lk, kDeadline, [&] { return pred(calls_); });
  }
  std::vector<Call> calls() const {
    std::lock_guard<std::mutex> lk(mu_);
    return calls_;
  }

 private:
  void Log(Call call) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      calls_.push_back(std::move(call));
    }
    cv_.notify_all();
  }
  void Gate() {
    std::unique_lock<std::mutex> lk(mu_);
    if (!cv_.wait_for(lk, kDeadline, [&] { return !held_ || allowed_ > 0; })) {
      ADD_FAILURE() << "the runner was held past the deadline";
    }
    if (held_ && allowed_ > 0) --allowed_;
  }
  void Fill(int32_t tag, int64_t k, std::span<float> row) const {
    std::fill(row.begin(), row.end(), -100.0f);
    if (uniform_letters) {
      std::fill(row.begin() + 'a', row.begin() + 'z' + 1, 0.0f);
    } else {
      row[script(tag, k)] = 10.0f;
    }
  }

  const int slots_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Call> calls_;
  std::vector<int32_t> tag_of_;
  std::vector<int64_t> length_of_;
  bool held_ = false;
  int allowed_ = 0;
  bool compiles_held_ = false;
  std::thread::id scheduler_thread_;
};

// The deltas one request delivered.
class Stream {
 public:
  // The sink returns false from the `stop_after`-th delta on (-1: never).
  explicit Stream(int stop_after = -1) : stop_after_(stop_after) {}

  static DeltaSink SinkFor(std::shared_ptr<Stream> s) {
    return [s](const GenerationDelta& d) { return s->Push(d); };
  }
  // Waits until the last delta arrived (one with finish, or the one the sink refused).
  bool WaitEnd() {
    std::unique_lock<std::mutex> lk(mu_);
    return cv_.wait_for(lk, kDeadline, [&] { return ended_; });
  }
  bool WaitDeltas(size_t n) {
    std::unique_lock<std::mutex> lk(mu_);
    return cv_.wait_for(lk, kDeadline, [&] { return deltas_.size() >= n; });
  }
  std::vector<GenerationDelta> deltas() const {
    std::lock_guard<std::mutex> lk(mu_);
    return deltas_;
  }
  std::optional<FinishReason> finish() const {
    std::lock_guard<std::mutex> lk(mu_);
    return deltas_.empty() ? std::nullopt : deltas_.back().finish;
  }
  std::string text() const {
    std::string out;
    for (const auto& d : deltas()) out += d.text;
    return out;
  }
  std::vector<int32_t> tokens() const {
    std::vector<int32_t> out;
    for (const auto& d : deltas()) out.insert(out.end(), d.token_ids.begin(), d.token_ids.end());
    return out;
  }

 private:
  bool Push(const GenerationDelta& d) {
    bool keep;
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (ended_) ADD_FAILURE() << "a delta after the last one";
      deltas_.push_back(d);
      keep = stop_after_ < 0 || static_cast<int>(deltas_.size()) < stop_after_;
      ended_ = d.finish.has_value() || !keep;
    }
    cv_.notify_all();
    return keep;
  }

  const int stop_after_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<GenerationDelta> deltas_;
  bool ended_ = false;
};

// A prompt of `length` positions whose first id is `tag`.
PreparedRequest Request(int32_t tag, int64_t max_tokens, int64_t length = 4) {
  PreparedRequest r;
  r.prefill.input_ids.assign(length, tag);
  r.prefill.effective_length = length;
  r.prefill.logical_length = length;
  r.stop.max_tokens = max_tokens;
  return r;
}

SchedulerOptions Options(int max_queue = 64, int64_t capacity = 256) {
  SchedulerOptions o;
  o.max_queue = max_queue;
  o.capacity = capacity;
  o.eos_ids = {kEndOfText};
  return o;
}

struct Rig {
  explicit Rig(int slots, SchedulerOptions options = Options()) : runner(slots) {
    scheduler = std::make_unique<Scheduler>(runner, TestTokenizer(), std::move(options));
  }
  ~Rig() {
    runner.Release();
    runner.ReleaseCompiles();
    scheduler.reset();
  }

  // Submits `request`; its deltas go to the returned stream.
  std::shared_ptr<Stream> Submit(PreparedRequest request, uint64_t* id = nullptr,
                                 int stop_after = -1) {
    auto s = std::make_shared<Stream>(stop_after);
    auto r = scheduler->Submit(std::move(request), Stream::SinkFor(s));
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    if (id != nullptr) *id = r.ok() ? *r : 0;
    return s;
  }
  // Holds the runner and submits `first`; returns once its prefill waits at the gate. The
  // scheduler's thread is then busy, so what the test submits next is queued together.
  std::shared_ptr<Stream> SubmitHeld(PreparedRequest first, uint64_t* id = nullptr) {
    runner.Hold();
    const int32_t tag = first.prefill.input_ids.at(0);
    auto s = Submit(std::move(first), id);
    EXPECT_TRUE(runner.WaitUntil([&](const std::vector<Call>& calls) {
      return std::any_of(calls.begin(), calls.end(), [&](const Call& c) {
        return c.kind == Call::kPrefill && c.tags[0] == tag;
      });
    }));
    return s;
  }

  FakeRunner runner;
  std::unique_ptr<Scheduler> scheduler;
};

std::vector<Call> OfKind(const std::vector<Call>& calls, Call::Kind kind) {
  std::vector<Call> out;
  for (const Call& c : calls)
    if (c.kind == kind) out.push_back(c);
  return out;
}

// The tags of the prefills, in order.
std::vector<int32_t> PrefillOrder(const std::vector<Call>& calls) {
  std::vector<int32_t> out;
  for (const Call& c : OfKind(calls, Call::kPrefill)) out.push_back(c.tags[0]);
  return out;
}

size_t DecodeSize(const Call& c) { return c.slots.size(); }

std::multiset<int32_t> TagSet(const Call& c) { return {c.tags.begin(), c.tags.end()}; }

// The indices (among decode calls) of the steps that advanced `tag`.
std::vector<size_t> StepsOf(const std::vector<Call>& decodes, int32_t tag) {
  std::vector<size_t> out;
  for (size_t i = 0; i < decodes.size(); ++i)
    if (std::count(decodes[i].tags.begin(), decodes[i].tags.end(), tag)) out.push_back(i);
  return out;
}

std::vector<int32_t> Script(int32_t tag, int64_t n) {
  std::vector<int32_t> out;
  for (int64_t k = 0; k < n; ++k) out.push_back(DefaultScript(tag, k));
  return out;
}

TEST(SchedulerTest, AdmitsWaitingRequestsIntoFreeSlotsBetweenDecodeSteps) {
  Rig rig(4);
  auto a = rig.SubmitHeld(Request(1, 6));
  // Let A's prefill and first decode step through; hold the scheduler in the second.
  rig.runner.Allow(2);
  ASSERT_TRUE(rig.runner.WaitUntil(
      [](const std::vector<Call>& c) { return OfKind(c, Call::kDecode).size() >= 2; }));
  auto b = rig.Submit(Request(2, 3));
  auto c = rig.Submit(Request(3, 3));
  rig.runner.Release();
  ASSERT_TRUE(a->WaitEnd() && b->WaitEnd() && c->WaitEnd());

  const std::vector<Call> calls = rig.runner.calls();
  EXPECT_EQ(PrefillOrder(calls), (std::vector<int32_t>{1, 2, 3}));
  // A runs in slot 0; B and C take the next free slots, and both prefill before the decode step
  // that first advances them (A's third), which advances A with them.
  const std::vector<Call> prefills = OfKind(calls, Call::kPrefill);
  EXPECT_EQ(prefills[0].slots, std::vector<int>{0});
  EXPECT_EQ(prefills[1].slots, std::vector<int>{1});
  EXPECT_EQ(prefills[2].slots, std::vector<int>{2});
  size_t first_b = 0, prefill_c = 0;
  for (size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].kind == Call::kPrefill && calls[i].tags[0] == 3) prefill_c = i;
    if (calls[i].kind == Call::kDecode && first_b == 0 &&
        std::count(calls[i].tags.begin(), calls[i].tags.end(), 2)) {
      first_b = i;
    }
  }
  ASSERT_GT(first_b, 0u);
  EXPECT_LT(prefill_c, first_b);
  EXPECT_EQ(TagSet(calls[first_b]), (std::multiset<int32_t>{1, 2, 3}));
  EXPECT_EQ(StepsOf(OfKind(calls, Call::kDecode), 2).front(), 2u);
  for (const auto& [stream, tag, n] : {std::tuple{a, 1, 6}, {b, 2, 3}, {c, 3, 3}}) {
    EXPECT_EQ(stream->finish(), FinishReason::kLength);
    EXPECT_EQ(stream->tokens(), Script(tag, n));
  }
}

TEST(SchedulerTest, DecodeBatchesFollowTheRunningSequences) {
  // 4 slots; X runs alone first, then A, B, C fill the other slots and E waits for one.
  Rig rig(4);
  auto x = rig.SubmitHeld(Request(10, 8));
  auto a = rig.Submit(Request(11, 2));
  auto b = rig.Submit(Request(12, 4));
  auto c = rig.Submit(Request(13, 6));
  auto e = rig.Submit(Request(14, 2));
  rig.runner.Release();
  for (auto* s : {&x, &a, &b, &c, &e}) ASSERT_TRUE((*s)->WaitEnd());

  const std::vector<Call> calls = rig.runner.calls();
  const std::vector<Call> decodes = OfKind(calls, Call::kDecode);
  std::vector<size_t> sizes;
  for (const Call& d : decodes) sizes.push_back(DecodeSize(d));
  // X alone; X A B C; A done after 2 tokens, E takes its slot; E done; B done; C done; X alone.
  EXPECT_EQ(sizes, (std::vector<size_t>{1, 4, 4, 3, 2, 2, 1}));
  ASSERT_EQ(decodes.size(), 7u);
  EXPECT_EQ(TagSet(decodes[1]), (std::multiset<int32_t>{10, 11, 12, 13}));
  EXPECT_EQ(TagSet(decodes[2]), (std::multiset<int32_t>{10, 12, 13, 14}));
  // E reuses the slot A freed.
  const std::vector<Call> prefills = OfKind(calls, Call::kPrefill);
  ASSERT_EQ(prefills.size(), 5u);
  EXPECT_EQ(prefills[4].tags[0], 14);
  EXPECT_EQ(prefills[4].slots, prefills[1].slots);
  EXPECT_EQ(PrefillOrder(calls), (std::vector<int32_t>{10, 11, 12, 13, 14}));
}

TEST(SchedulerTest, ARequestThatEndsAtItsFirstTokenNeverDecodes) {
  Rig rig(2);
  rig.runner.script = [](int32_t tag, int64_t k) { return tag == 6 ? kEndOfText : 'a'; };
  auto one = rig.Submit(Request(5, 1));
  ASSERT_TRUE(one->WaitEnd());
  auto two = rig.Submit(Request(6, 10));
  ASSERT_TRUE(two->WaitEnd());
  EXPECT_EQ(one->finish(), FinishReason::kLength);
  EXPECT_EQ(two->finish(), FinishReason::kStop);
  EXPECT_TRUE(OfKind(rig.runner.calls(), Call::kDecode).empty());
}

TEST(SchedulerTest, EachSlotDecodesAtItsOwnPosition) {
  Rig rig(3);
  // Prompts of 3, 7 and 12 positions, admitted at different steps.
  auto x = rig.SubmitHeld(Request(20, 9, 3));
  auto a = rig.Submit(Request(21, 5, 7));
  rig.runner.Release();
  ASSERT_TRUE(a->WaitDeltas(2));
  auto b = rig.Submit(Request(22, 4, 12));
  for (auto* s : {&x, &a, &b}) ASSERT_TRUE((*s)->WaitEnd());

  const std::vector<Call> decodes = OfKind(rig.runner.calls(), Call::kDecode);
  const std::map<int32_t, int64_t> length = {{20, 3}, {21, 7}, {22, 12}};
  const std::map<int32_t, int64_t> max_tokens = {{20, 9}, {21, 5}, {22, 4}};
  std::map<int32_t, int64_t> fed;  // decode steps seen per tag
  bool ragged = false;
  for (const Call& d : decodes) {
    for (size_t i = 0; i < d.tags.size(); ++i) {
      const int32_t tag = d.tags[i];
      const int64_t k = fed[tag]++;
      // The k-th decode of a sequence feeds its k-th generated token at position length + k.
      EXPECT_EQ(d.positions[i], length.at(tag) + k) << "tag " << tag << " step " << k;
      EXPECT_EQ(d.tokens[i], DefaultScript(tag, k)) << "tag " << tag << " step " << k;
    }
    if (std::set<int32_t>(d.positions.begin(), d.positions.end()).size() > 1) ragged = true;
  }
  EXPECT_TRUE(ragged) << "no decode step mixed positions";
  for (const auto& [tag, n] : max_tokens) EXPECT_EQ(fed[tag], n - 1) << "tag " << tag;
  EXPECT_EQ(x->tokens(), Script(20, 9));
  EXPECT_EQ(a->tokens(), Script(21, 5));
  EXPECT_EQ(b->tokens(), Script(22, 4));
}

TEST(SchedulerTest, CancelWhileQueuedEndsItWithoutRunningIt) {
  Rig rig(1);
  auto x = rig.SubmitHeld(Request(30, 3));
  uint64_t qid = 0;
  auto q = rig.Submit(Request(31, 3), &qid);
  rig.scheduler->Cancel(qid);
  rig.runner.Release();
  ASSERT_TRUE(q->WaitEnd());
  ASSERT_TRUE(x->WaitEnd());
  const auto deltas = q->deltas();
  ASSERT_EQ(deltas.size(), 1u);
  EXPECT_EQ(deltas[0].finish, FinishReason::kCancelled);
  EXPECT_TRUE(deltas[0].token_ids.empty());
  EXPECT_EQ(deltas[0].usage.prompt_tokens, 0);
  EXPECT_EQ(x->finish(), FinishReason::kLength);
  for (const Call& c : rig.runner.calls()) {
    EXPECT_EQ(std::count(c.tags.begin(), c.tags.end(), 31), 0) << "the cancelled request ran";
  }
  EXPECT_EQ(rig.scheduler->metrics().requests_failed, 0);
}

TEST(SchedulerTest, CancelDuringPrefillFreesTheSlotAfterAtMostOneStep) {
  Rig rig(1);
  uint64_t id = 0;
  auto a = rig.SubmitHeld(Request(40, 50), &id);
  auto w = rig.Submit(Request(41, 2));  // waits for the only slot
  rig.scheduler->Cancel(id);
  rig.runner.Release();
  ASSERT_TRUE(a->WaitEnd());
  ASSERT_TRUE(w->WaitEnd());
  EXPECT_EQ(a->finish(), FinishReason::kCancelled);
  const std::vector<Call> decodes = OfKind(rig.runner.calls(), Call::kDecode);
  // Admitted in the step the cancel arrived: its prefill and that step's decode run, no more.
  EXPECT_LE(StepsOf(decodes, 40).size(), 1u);
  EXPECT_LE(a->tokens().size(), 2u);
  EXPECT_EQ(w->finish(), FinishReason::kLength);
  EXPECT_EQ(w->tokens(), Script(41, 2));
}

TEST(SchedulerTest, CancelWhileDecodingStopsAtTheNextStep) {
  Rig rig(1, Options(64, /*capacity=*/1 << 20));
  uint64_t id = 0;
  // A runs until cancelled; hold the scheduler inside its third decode step and cancel there.
  auto a = rig.SubmitHeld(Request(50, -1), &id);
  rig.runner.Allow(3);
  ASSERT_TRUE(rig.runner.WaitUntil(
      [](const std::vector<Call>& c) { return OfKind(c, Call::kDecode).size() >= 3; }));
  const size_t steps_at_cancel = OfKind(rig.runner.calls(), Call::kDecode).size();
  ASSERT_EQ(steps_at_cancel, 3u);
  rig.scheduler->Cancel(id);
  auto w = rig.Submit(Request(51, 2));
  rig.runner.Release();
  ASSERT_TRUE(a->WaitEnd());
  ASSERT_TRUE(w->WaitEnd());
  EXPECT_EQ(a->finish(), FinishReason::kCancelled);
  // The step in flight finishes and delivers its token; the next one does not include A.
  const std::vector<Call> decodes = OfKind(rig.runner.calls(), Call::kDecode);
  EXPECT_EQ(StepsOf(decodes, 50).size(), steps_at_cancel);
  EXPECT_EQ(a->tokens(), Script(50, static_cast<int64_t>(steps_at_cancel) + 1));
  const auto last = a->deltas().back();
  EXPECT_TRUE(last.token_ids.empty());
  EXPECT_EQ(last.usage.completion_tokens, static_cast<int64_t>(steps_at_cancel) + 1);
  // Its slot went to the waiting request.
  EXPECT_EQ(w->finish(), FinishReason::kLength);
  EXPECT_EQ(w->tokens(), Script(51, 2));
}

TEST(SchedulerTest, CancelAfterFinishOrOfAnUnknownIdChangesNothing) {
  Rig rig(1);
  uint64_t id = 0;
  auto a = rig.Submit(Request(60, 3), &id);
  ASSERT_TRUE(a->WaitEnd());
  const size_t delivered = a->deltas().size();
  rig.scheduler->Cancel(id);
  rig.scheduler->Cancel(id + 1000);
  // The next request gets the next id and is not touched by either cancel.
  uint64_t next = 0;
  auto b = rig.Submit(Request(61, 4), &next);
  EXPECT_EQ(next, id + 1);
  ASSERT_TRUE(b->WaitEnd());
  EXPECT_EQ(b->finish(), FinishReason::kLength);
  EXPECT_EQ(b->tokens(), Script(61, 4));
  EXPECT_EQ(a->deltas().size(), delivered);
  EXPECT_EQ(a->finish(), FinishReason::kLength);
}

TEST(SchedulerTest, ASinkThatGoesAwayFreesTheSlotAndHearsNothingMore) {
  Rig rig(1);
  auto s = std::make_shared<Stream>(/*stop_after=*/2);
  ASSERT_TRUE(rig.scheduler->Submit(Request(70, 20), Stream::SinkFor(s)).ok());
  auto w = rig.Submit(Request(71, 2));
  ASSERT_TRUE(w->WaitEnd());
  ASSERT_TRUE(s->WaitEnd());
  // Two deltas (the second refused), no finish, and the slot went to W.
  EXPECT_EQ(s->deltas().size(), 2u);
  EXPECT_FALSE(s->finish().has_value());
  EXPECT_EQ(StepsOf(OfKind(rig.runner.calls(), Call::kDecode), 70).size(), 1u);
  EXPECT_EQ(w->tokens(), Script(71, 2));

  // Generate reports a caller that stopped early as cancelled.
  int seen = 0;
  auto last =
      rig.scheduler->Generate(Request(72, 20), [&](const GenerationDelta&) { return ++seen < 3; });
  ASSERT_TRUE(last.ok()) << last.status().ToString();
  EXPECT_EQ(last->finish, FinishReason::kCancelled);
  EXPECT_EQ(seen, 3);
}

TEST(SchedulerTest, SubmitAndGenerateReportOverloadPastTheQueueLimit) {
  Rig rig(1, Options(/*max_queue=*/2));
  auto x = rig.SubmitHeld(Request(80, 2));  // admitted: no longer queued
  auto b = rig.Submit(Request(81, 2));
  auto c = rig.Submit(Request(82, 2));
  auto d = rig.scheduler->Submit(Request(83, 2), nullptr);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), ErrorCode::kUnavailable);
  EXPECT_EQ(d.status().reason(), kReasonOverloaded);
  EXPECT_NE(d.status().message().find("limit 2"), std::string::npos) << d.status().ToString();
  // Generate is refused the same way instead of queueing past the limit (and waiting).
  auto generated = std::async(std::launch::async,
                              [&] { return rig.scheduler->Generate(Request(84, 2), nullptr); });
  const bool answered = generated.wait_for(kDeadline) == std::future_status::ready;
  if (!answered) rig.runner.Release();  // let the queued request run so the test can end
  ASSERT_TRUE(answered) << "Generate queued past max_queue";
  auto e = generated.get();
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.status().reason(), kReasonOverloaded);

  const ServiceMetrics m = rig.scheduler->metrics();
  EXPECT_EQ(m.queue_depth, 2);
  EXPECT_EQ(m.requests_total, 3);  // refused requests are not counted
  rig.runner.Release();
  for (auto* s : {&x, &b, &c}) ASSERT_TRUE((*s)->WaitEnd());
  for (const Call& call : rig.runner.calls()) {
    EXPECT_EQ(std::count(call.tags.begin(), call.tags.end(), 83), 0);
    EXPECT_EQ(std::count(call.tags.begin(), call.tags.end(), 84), 0);
  }
  // Room again once the queue drains.
  auto after = rig.scheduler->Generate(Request(85, 2), nullptr);
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_EQ(after->finish, FinishReason::kLength);
}

TEST(SchedulerTest, UnderContinuousArrivalsEveryRequestIsServedInOrderAndKeepsAdvancing) {
  Rig rig(2);
  constexpr int kArrivals = 12;
  // A long request, then one new short request at every decode step, so that the queue never
  // drains while they arrive: more arrive than two slots can serve.
  std::vector<std::shared_ptr<Stream>> streams(kArrivals + 1);
  std::map<int32_t, int64_t> max_tokens = {{100, 30}};
  for (int i = 1; i <= kArrivals; ++i) max_tokens[100 + i] = 2 + i % 3;
  std::mutex mu;
  int submitted = 0;
  rig.runner.on_decode = [&](const Call&) {
    std::lock_guard<std::mutex> lk(mu);
    if (submitted >= kArrivals) return;
    ++submitted;
    streams[submitted] = rig.Submit(Request(100 + submitted, max_tokens[100 + submitted]));
  };
  streams[0] = rig.Submit(Request(100, max_tokens[100]));
  ASSERT_TRUE(streams[0]->WaitEnd());
  {
    std::lock_guard<std::mutex> lk(mu);
    ASSERT_EQ(submitted, kArrivals);
  }
  for (auto& s : streams) ASSERT_TRUE(s->WaitEnd());

  const std::vector<Call> calls = rig.runner.calls();
  // First come, first served.
  std::vector<int32_t> order;
  for (int i = 0; i <= kArrivals; ++i) order.push_back(100 + i);
  EXPECT_EQ(PrefillOrder(calls), order);
  const std::vector<Call> decodes = OfKind(calls, Call::kDecode);
  for (const auto& [tag, n] : max_tokens) {
    // Once admitted a request is in every decode step until it finishes: the steps that advanced
    // it are consecutive, and there are exactly as many as it needed.
    const std::vector<size_t> steps = StepsOf(decodes, tag);
    ASSERT_EQ(static_cast<int64_t>(steps.size()), n - 1) << "tag " << tag;
    for (size_t i = 1; i < steps.size(); ++i) {
      EXPECT_EQ(steps[i], steps[i - 1] + 1) << "tag " << tag << " skipped a step";
    }
    const auto& s = streams[tag - 100];
    EXPECT_EQ(s->finish(), FinishReason::kLength) << "tag " << tag;
    EXPECT_EQ(s->tokens(), Script(tag, n)) << "tag " << tag;
  }
  // The queue was never empty while arrivals lasted, so both slots were always busy then.
  for (size_t i = 1; i < static_cast<size_t>(kArrivals); ++i) {
    EXPECT_EQ(DecodeSize(decodes[i]), 2u) << "step " << i;
  }
}

TEST(SchedulerTest, StopStringsEosAndLimitsEndTheStream) {
  const std::vector<int32_t> words = {Word("Hello"),
                                      Word("\xC4\xA0"
                                           "ST"),
                                      Word("OP"), 'x'};
  Rig rig(2, Options(64, /*capacity=*/10));
  rig.runner.script = [&](int32_t tag, int64_t k) -> int32_t {
    if (tag == 1) return words[k % words.size()];                             // "Hello STOPx..."
    if (tag == 2) return k < 2 ? 'h' + static_cast<int32_t>(k) : kEndOfText;  // "hi", EOS
    return 'z';
  };
  PreparedRequest stop = Request(1, 10);
  stop.stop.stop = {"STOP"};
  auto s1 = rig.Submit(std::move(stop));
  auto s2 = rig.Submit(Request(2, 10));
  PreparedRequest ignore = Request(2, 5);
  ignore.stop.ignore_eos = true;
  auto s3 = rig.Submit(std::move(ignore));
  auto s4 = rig.Submit(Request(3, -1, 6));  // no limit but the capacity: 10 - 6 positions
  for (auto* s : {&s1, &s2, &s3, &s4}) ASSERT_TRUE((*s)->WaitEnd());

  EXPECT_EQ(s1->finish(), FinishReason::kStop);
  EXPECT_EQ(s1->text(), "Hello ");
  EXPECT_EQ(s1->tokens().size(), 3u);
  EXPECT_EQ(s2->finish(), FinishReason::kStop);
  EXPECT_EQ(s2->text(), "hi");
  EXPECT_EQ(s2->tokens(), (std::vector<int32_t>{'h', 'i', kEndOfText}));
  EXPECT_EQ(s2->deltas().back().usage.completion_tokens, 3);
  EXPECT_EQ(s3->finish(), FinishReason::kLength);
  EXPECT_EQ(s3->tokens().size(), 5u);
  EXPECT_EQ(s4->finish(), FinishReason::kLength);
  EXPECT_EQ(s4->text(), "zzzz");
  for (const Call& d : OfKind(rig.runner.calls(), Call::kDecode)) {
    for (int32_t p : d.positions) EXPECT_LT(p, 10);
  }
}

TEST(SchedulerTest, DeltasStreamOneTokenEachAndEndOnce) {
  Rig rig(2);
  auto s = rig.Submit(Request(7, 5, 6));
  ASSERT_TRUE(s->WaitEnd());
  const auto deltas = s->deltas();
  ASSERT_EQ(deltas.size(), 5u);  // the last token's delta carries the finish
  for (size_t i = 0; i < deltas.size(); ++i) {
    EXPECT_EQ(deltas[i].token_ids, std::vector<int32_t>{DefaultScript(7, i)});
    EXPECT_EQ(deltas[i].text, std::string(1, static_cast<char>(DefaultScript(7, i))));
    EXPECT_EQ(deltas[i].usage.completion_tokens, static_cast<int64_t>(i + 1));
    EXPECT_EQ(deltas[i].usage.prompt_tokens, 6);
    EXPECT_EQ(deltas[i].finish.has_value(), i + 1 == deltas.size());
  }
  EXPECT_GE(deltas.back().prefill_seconds, 0);
  EXPECT_GE(deltas.back().decode_seconds, 0);
  EXPECT_FALSE(deltas.back().error.has_value());
}

TEST(SchedulerTest, ASeededRequestSamplesTheSameWhateverRunsBesideIt) {
  auto run = [](bool crowded) {
    Rig rig(4);
    rig.runner.uniform_letters = true;
    PreparedRequest r = Request(9, 12);
    r.sampling.temperature = 1.0f;
    r.sampling.seed = 1234;
    std::vector<std::shared_ptr<Stream>> others;
    if (crowded) {
      auto x = rig.SubmitHeld(Request(1, 20));
      for (int32_t tag : {2, 3}) {
        PreparedRequest o = Request(tag, 15);
        o.sampling.temperature = 1.0f;  // unseeded: draws from the scheduler's generator
        others.push_back(rig.Submit(std::move(o)));
      }
      others.push_back(x);
    }
    auto s = rig.Submit(std::move(r));
    rig.runner.Release();
    EXPECT_TRUE(s->WaitEnd());
    for (auto& o : others) EXPECT_TRUE(o->WaitEnd());
    return s->tokens();
  };
  const std::vector<int32_t> alone = run(false);
  const std::vector<int32_t> crowded = run(true);
  ASSERT_EQ(alone.size(), 12u);
  EXPECT_EQ(alone, crowded);
  EXPECT_GT(std::set<int32_t>(alone.begin(), alone.end()).size(), 1u) << "not sampled";
}

// Every delta of a request of several choices, by choice.
struct Choices {
  std::vector<std::vector<GenerationDelta>> by_index;
  GenerationDelta last;
  int finishes = 0;
  std::vector<int32_t> Tokens(int i) const {
    std::vector<int32_t> out;
    for (const auto& d : by_index.at(i))
      out.insert(out.end(), d.token_ids.begin(), d.token_ids.end());
    return out;
  }
};

Choices Generate(Scheduler& scheduler, PreparedRequest request) {
  Choices c;
  c.by_index.resize(request.n);
  auto last = scheduler.Generate(std::move(request), [&](const GenerationDelta& d) {
    EXPECT_GE(d.index, 0);
    EXPECT_LT(d.index, static_cast<int>(c.by_index.size()));
    c.by_index.at(d.index).push_back(d);
    if (d.finish) ++c.finishes;
    return true;
  });
  EXPECT_TRUE(last.ok()) << last.status().ToString();
  if (last.ok()) c.last = *last;
  return c;
}

TEST(SchedulerTest, NChoicesPrefillOnceCopyTheKvAndEachDrawsAsASoloRunWithSeedPlusI) {
  auto request = [](int n, uint64_t seed) {
    PreparedRequest r = Request(9, 10);
    r.sampling.temperature = 1.0f;
    r.sampling.seed = seed;
    r.n = n;
    return r;
  };
  Rig rig(4);
  rig.runner.uniform_letters = true;
  const Choices three = Generate(*rig.scheduler, request(3, 77));
  ASSERT_EQ(three.finishes, 3);
  const std::vector<Call> calls = rig.runner.calls();
  const std::vector<Call> prefills = OfKind(calls, Call::kPrefill);
  const std::vector<Call> copies = OfKind(calls, Call::kCopy);
  ASSERT_EQ(prefills.size(), 1u) << "the prompt is prefilled once";
  ASSERT_EQ(copies.size(), 2u);
  std::set<int> slots = {prefills[0].slots[0]};
  for (const Call& c : copies) {
    EXPECT_EQ(c.slots[0], prefills[0].slots[0]) << "copied from the prefilled slot";
    slots.insert(c.slots[1]);
  }
  EXPECT_EQ(slots.size(), 3u) << "each choice has its own slot";
  // Every decode step advances all three choices together.
  for (const Call& d : OfKind(calls, Call::kDecode)) EXPECT_EQ(d.slots.size(), 3u);
  // The prompt counts once; completion tokens add up over the choices.
  EXPECT_EQ(three.last.usage.prompt_tokens, 4);
  EXPECT_EQ(three.last.usage.completion_tokens, 30);

  std::set<std::vector<int32_t>> distinct;
  for (int i = 0; i < 3; ++i) {
    Rig solo(4);
    solo.runner.uniform_letters = true;
    const Choices one = Generate(*solo.scheduler, request(1, 77 + i));
    ASSERT_EQ(one.finishes, 1);
    EXPECT_EQ(three.Tokens(i), one.Tokens(0)) << "choice " << i;
    EXPECT_EQ(one.last.usage.completion_tokens, 10);
    distinct.insert(three.Tokens(i));
  }
  EXPECT_EQ(distinct.size(), 3u) << "the choices drew with different seeds";
}

TEST(SchedulerTest, NPastTheSlotsIsRefusedAndNWaitsForEnoughFreeSlots) {
  Rig rig(2);
  PreparedRequest r = Request(1, 3);
  r.n = 3;
  auto refused = rig.scheduler->Submit(std::move(r), {});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("n must be in [1, 2]"), std::string::npos)
      << refused.status().ToString();
  // One slot busy: a request for two waits until both are free, then runs.
  auto first = rig.SubmitHeld(Request(1, 3));
  PreparedRequest two = Request(2, 3);
  two.n = 2;
  std::thread waiter([&] {
    const Choices c = Generate(*rig.scheduler, std::move(two));
    EXPECT_EQ(c.finishes, 2);
    EXPECT_EQ(c.Tokens(0), Script(2, 3));
    EXPECT_EQ(c.Tokens(1), Script(2, 3));
  });
  rig.runner.Release();
  EXPECT_TRUE(first->WaitEnd());
  waiter.join();
  EXPECT_EQ(PrefillOrder(rig.runner.calls()), (std::vector<int32_t>{1, 2}));
}

TEST(SchedulerTest, PenalisedAndLogprobRequestsBatchedGiveWhatTheyGiveAlone) {
  auto penalised = [] {
    PreparedRequest r = Request(5, 12);
    r.sampling.temperature = 0.7f;
    r.sampling.seed = 5;
    r.sampling.frequency_penalty = 1.5f;
    r.sampling.presence_penalty = 0.5f;
    r.sampling.repetition_penalty = 1.3f;
    r.sampling.logit_bias = {{'a', -100.0f}, {'q', 2.0f}};
    return r;
  };
  auto with_logprobs = [] {
    PreparedRequest r = Request(6, 12);
    r.sampling.temperature = 1.0f;
    r.sampling.seed = 6;
    r.sampling.logprobs = 3;
    return r;
  };
  auto plain = [] { return Request(7, 12); };
  auto run = [&](const std::vector<int>& which) {
    Rig rig(4);
    rig.runner.uniform_letters = true;
    std::vector<std::shared_ptr<Stream>> streams;
    const std::function<PreparedRequest()> makers[] = {penalised, with_logprobs, plain};
    auto held = rig.SubmitHeld(Request(1, 20));
    for (int w : which) streams.push_back(rig.Submit(makers[w]()));
    rig.runner.Release();
    EXPECT_TRUE(held->WaitEnd());
    for (auto& s : streams) EXPECT_TRUE(s->WaitEnd());
    return streams;
  };
  const auto together = run({0, 1, 2});
  for (int w = 0; w < 3; ++w) {
    const auto alone = run({w});
    EXPECT_EQ(together[w]->tokens(), alone[0]->tokens()) << "request " << w;
    const auto a = together[w]->deltas(), b = alone[0]->deltas();
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(a[i].logprobs.size(), b[i].logprobs.size());
      for (size_t j = 0; j < a[i].logprobs.size(); ++j) {
        EXPECT_EQ(a[i].logprobs[j].logprob, b[i].logprobs[j].logprob);
        EXPECT_EQ(a[i].logprobs[j].top.size(), 3u);
      }
    }
  }
  // The penalised request never draws its -100-biased 'a', and its repeats are penalised: a
  // uniform row would give 12 draws from 26 letters.
  const std::vector<int32_t> pen = together[0]->tokens();
  EXPECT_EQ(std::count(pen.begin(), pen.end(), 'a'), 0);
  // Log-probabilities come with every token of the request that asked, with its bytes.
  for (const GenerationDelta& d : together[1]->deltas()) {
    ASSERT_EQ(d.logprobs.size(), d.token_ids.size());
    for (size_t j = 0; j < d.logprobs.size(); ++j) {
      EXPECT_EQ(d.logprobs[j].id, d.token_ids[j]);
      EXPECT_EQ(d.logprobs[j].bytes, std::string(1, static_cast<char>(d.token_ids[j])));
      // 26 equally likely letters (the rest at -100): log(1/26).
      EXPECT_NEAR(d.logprobs[j].logprob, -std::log(26.0), 1e-5);
    }
  }
  for (const GenerationDelta& d : together[2]->deltas()) EXPECT_TRUE(d.logprobs.empty());
}

TEST(SchedulerTest, RunnerErrorsEndTheirRequestsAndFreeTheirSlots) {
  Rig rig(1);
  rig.runner.fail_warm = {1};
  rig.runner.fail_prefill = {2};
  rig.runner.fail_decode = {3};
  auto warm = rig.Submit(Request(1, 3));
  auto prefill = rig.Submit(Request(2, 3));
  auto decode = rig.Submit(Request(3, 3));
  auto fine = rig.Submit(Request(4, 3));
  for (auto* s : {&warm, &prefill, &decode, &fine}) ASSERT_TRUE((*s)->WaitEnd());
  for (auto* s : {&warm, &prefill, &decode}) {
    const GenerationDelta last = (*s)->deltas().back();
    EXPECT_EQ(last.finish, FinishReason::kError);
    ASSERT_TRUE(last.error.has_value());
    EXPECT_EQ(last.error->code(), ErrorCode::kInternal);
  }
  EXPECT_NE(warm->deltas().back().error->message().find("warm failed"), std::string::npos);
  EXPECT_EQ(warm->deltas().back().usage.prompt_tokens, 0);
  EXPECT_NE(prefill->deltas().back().error->message().find("prefill failed"), std::string::npos);
  EXPECT_EQ(decode->tokens().size(), 1u);  // the token sampled from the prefill
  EXPECT_EQ(fine->finish(), FinishReason::kLength);
  EXPECT_EQ(fine->tokens(), Script(4, 3));
  EXPECT_EQ(rig.scheduler->metrics().requests_failed, 3);
}

// A request in a new shape bucket compiles on the compile thread: the sequences already running
// keep stepping (here: run to their end) while the compile is held, and the new one starts once
// it is done, in the slot it was given.
TEST(SchedulerTest, ACompileNeverStallsTheRunningSequences) {
  Rig rig(2);
  rig.runner.cold = {2};
  auto running = rig.Submit(Request(1, 40));
  ASSERT_TRUE(running->WaitDeltas(2));
  rig.runner.HoldCompiles();
  auto cold = rig.Submit(Request(2, 3));
  ASSERT_TRUE(rig.runner.WaitUntil(
      [](const std::vector<Call>& calls) { return !OfKind(calls, Call::kWarm).empty(); }));
  // With the compile held, the running sequence still reaches its end.
  ASSERT_TRUE(running->WaitEnd());
  EXPECT_EQ(running->finish(), FinishReason::kLength);
  EXPECT_EQ(running->tokens(), Script(1, 40));
  EXPECT_TRUE(cold->deltas().empty());
  // The compiling request holds its slot. (The metric is published at the end of the scheduler's
  // iteration, after the running sequence's last delta has reached its stream: wait for it.)
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (rig.scheduler->metrics().active_slots != 1 && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(rig.scheduler->metrics().active_slots, 1);
  // A request that is warm meanwhile takes the free slot and is not held up either.
  auto warm = rig.Submit(Request(3, 2));
  ASSERT_TRUE(warm->WaitEnd());
  EXPECT_EQ(warm->tokens(), Script(3, 2));
  EXPECT_TRUE(cold->deltas().empty());
  rig.runner.ReleaseCompiles();
  ASSERT_TRUE(cold->WaitEnd());
  EXPECT_EQ(cold->finish(), FinishReason::kLength);
  EXPECT_EQ(cold->tokens(), Script(2, 3));
  const auto warms = OfKind(rig.runner.calls(), Call::kWarm);
  ASSERT_EQ(warms.size(), 1u);
  EXPECT_EQ(warms[0].tags, std::vector<int32_t>{2});
}

// A request cancelled while its programs compile ends at once and frees its slot; the compile's
// outcome is dropped.
TEST(SchedulerTest, CancelWhileCompilingEndsItAtOnce) {
  Rig rig(1);
  rig.runner.cold = {5};
  rig.runner.HoldCompiles();
  uint64_t id = 0;
  auto cold = rig.Submit(Request(5, 3), &id);
  ASSERT_TRUE(rig.runner.WaitUntil(
      [](const std::vector<Call>& calls) { return !OfKind(calls, Call::kWarm).empty(); }));
  auto next = rig.Submit(Request(6, 2));
  rig.scheduler->Cancel(id);
  ASSERT_TRUE(cold->WaitEnd());
  EXPECT_EQ(cold->finish(), FinishReason::kCancelled);
  // Its slot serves the next request while the compile is still held.
  ASSERT_TRUE(next->WaitEnd());
  EXPECT_EQ(next->tokens(), Script(6, 2));
  rig.runner.ReleaseCompiles();
  EXPECT_EQ(cold->deltas().size(), 1u);
  EXPECT_EQ(PrefillOrder(rig.runner.calls()), std::vector<int32_t>{6});
}

TEST(SchedulerTest, TapsReachOnlyTheRequestThatAskedForThem) {
  Rig rig(2);
  std::map<std::string, int32_t> seen;
  auto last = rig.scheduler->Generate(Request(17, 2), nullptr,
                                      [&](const std::string& stage, const HostTensor& value) {
                                        seen[stage] = value.span<int32_t>()[0];
                                      });
  ASSERT_TRUE(last.ok()) << last.status().ToString();
  EXPECT_EQ(seen, (std::map<std::string, int32_t>{{"prefill_tag", 17}}));
  EXPECT_EQ(last->finish, FinishReason::kLength);
  EXPECT_EQ(last->usage.completion_tokens, 2);
}

TEST(SchedulerTest, MetricsCountRequestsTokensAndSteps) {
  Rig rig(2);
  auto a = rig.SubmitHeld(Request(1, 3, 5));
  auto b = rig.Submit(Request(2, 4, 7));
  EXPECT_EQ(rig.scheduler->metrics().queue_depth, 1);
  rig.runner.Release();
  ASSERT_TRUE(a->WaitEnd() && b->WaitEnd());
  rig.scheduler->Stop();  // the loop's last bookkeeping is done once it has stopped
  const ServiceMetrics m = rig.scheduler->metrics();
  EXPECT_EQ(m.requests_total, 2);
  EXPECT_EQ(m.requests_failed, 0);
  EXPECT_EQ(m.prompt_tokens_total, 12);
  EXPECT_EQ(m.prompt_tokens_logical_total, 12);
  EXPECT_EQ(m.generated_tokens_total, 7);
  EXPECT_EQ(m.queue_depth, 0);
  EXPECT_EQ(m.active_slots, 0);
  EXPECT_EQ(m.prefill_seconds.count, 2);
  EXPECT_EQ(m.decode_step_seconds.count,
            static_cast<int64_t>(OfKind(rig.runner.calls(), Call::kDecode).size()));
  EXPECT_EQ(m.prefill_seconds.bounds, LatencyBuckets());
}

TEST(SchedulerTest, StopCancelsEverythingPendingAndRefusesNewWork) {
  Rig rig(1, Options(64, /*capacity=*/1 << 20));
  // A runs until stopped (no limit, room for a million tokens); Q waits for its slot forever.
  auto a = rig.Submit(Request(1, -1), nullptr);
  auto q = rig.Submit(Request(2, 3));
  ASSERT_TRUE(a->WaitDeltas(3));
  rig.scheduler->Stop();
  ASSERT_TRUE(a->WaitEnd() && q->WaitEnd());
  EXPECT_EQ(a->finish(), FinishReason::kCancelled);
  EXPECT_EQ(q->finish(), FinishReason::kCancelled);
  EXPECT_EQ(q->deltas().size(), 1u);
  auto refused = rig.scheduler->Submit(Request(3, 3), nullptr);
  EXPECT_EQ(refused.status().code(), ErrorCode::kUnavailable);
  EXPECT_EQ(rig.scheduler->Generate(Request(4, 3), nullptr).status().code(),
            ErrorCode::kUnavailable);
  rig.scheduler->Stop();  // idempotent
}

}  // namespace
}  // namespace vlmxla::engine
