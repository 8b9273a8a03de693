#include "vlmxla/engine/stop_rules.h"

#include <algorithm>
#include <utility>

#include "vlmxla/text/utf8.h"

namespace vlmxla::engine {

Status ValidateStopParams(const StopParams& params) {
  if (params.max_tokens < -1 || params.max_tokens == 0) {
    return InvalidArgument("max_tokens must be -1 (no limit) or at least 1, got " +
                           std::to_string(params.max_tokens));
  }
  for (size_t i = 0; i < params.stop.size(); ++i) {
    if (params.stop[i].empty()) {
      return InvalidArgument("stop[" + std::to_string(i) +
                             "] is empty; stop strings need at least "
                             "one character");
    }
    if (auto bad = text::FindInvalidUtf8(params.stop[i])) {
      return InvalidArgument("stop[" + std::to_string(i) + "] is not valid UTF-8 (byte " +
                             std::to_string(*bad) + ")");
    }
  }
  return Status::Ok();
}

StopStringFilter::StopStringFilter(std::vector<std::string> stop) : stop_(std::move(stop)) {
  std::erase_if(stop_, [](const std::string& s) { return s.empty(); });
}

StopStringFilter::Scan StopStringFilter::Push(std::string_view text) {
  Scan scan;
  if (stopped_) return scan;
  held_.append(text);
  if (stop_.empty()) {
    scan.text = std::move(held_);
    held_.clear();
    return scan;
  }
  // Emitted text never holds the start of a stop string, so every occurrence starts in held_.
  size_t first = std::string::npos;
  for (const std::string& s : stop_) first = std::min(first, held_.find(s));
  if (first != std::string::npos) {
    scan.text = held_.substr(0, first);
    scan.stopped = stopped_ = true;
    held_.clear();
    return scan;
  }
  // Hold the longest suffix that is a proper prefix of some stop string.
  size_t keep = 0;
  for (const std::string& s : stop_) {
    for (size_t len = std::min(s.size() - 1, held_.size()); len > keep; --len) {
      const std::string_view tail = std::string_view(held_).substr(held_.size() - len);
      if (tail == std::string_view(s).substr(0, len)) {
        keep = len;
        break;
      }
    }
  }
  size_t cut = held_.size() - keep;
  // Valid stop strings start on a character boundary; this only guards against invalid ones.
  while (cut > 0 && cut < held_.size() && (static_cast<unsigned char>(held_[cut]) & 0xC0) == 0x80) {
    --cut;
  }
  scan.text = held_.substr(0, cut);
  held_.erase(0, cut);
  return scan;
}

std::string StopStringFilter::Flush() {
  std::string out = std::move(held_);
  held_.clear();
  return stopped_ ? std::string() : out;
}

}  // namespace vlmxla::engine
