#include "vlmxla/engine/text_stream.h"

#include <algorithm>
#include <utility>

namespace vlmxla::engine {

SequenceText::SequenceText(const text::Tokenizer& tokenizer, StopParams stop,
                           std::vector<int32_t> eos_ids, int64_t positions_left,
                           bool skip_special_tokens)
    : decoder_(tokenizer, skip_special_tokens),
      stops_(stop.stop),
      params_(std::move(stop)),
      eos_ids_(std::move(eos_ids)),
      positions_left_(std::max<int64_t>(positions_left, 1)) {}

void SequenceText::Drain(TextStep* step) {
  StopStringFilter::Scan tail = stops_.Push(decoder_.Finish());
  step->text += tail.text;
  if (tail.stopped) {
    step->finish = FinishReason::kStop;
  } else {
    step->text += stops_.Flush();
  }
}

TextStep SequenceText::Push(int32_t token) {
  TextStep step;
  if (finish_) return step;
  ++generated_;
  if (!params_.ignore_eos && std::find(eos_ids_.begin(), eos_ids_.end(), token) != eos_ids_.end()) {
    Drain(&step);
    step.finish = FinishReason::kStop;
  } else {
    StopStringFilter::Scan scan = stops_.Push(decoder_.Push(token));
    step.text = std::move(scan.text);
    if (scan.stopped) {
      step.finish = FinishReason::kStop;
    } else if ((params_.max_tokens > 0 && generated_ >= params_.max_tokens) ||
               generated_ >= positions_left_) {
      step.finish = FinishReason::kLength;
      Drain(&step);  // may still turn the reason into kStop
    }
  }
  finish_ = step.finish;
  return step;
}

std::string SequenceText::Close(FinishReason reason) {
  if (finish_) return {};
  TextStep step;
  Drain(&step);
  finish_ = reason;
  return step.text;
}

}  // namespace vlmxla::engine
