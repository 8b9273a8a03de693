// Stop strings over streamed text: text that may still turn out to be the start of a stop string
// is held back until it is decided, and a completed stop string ends the text before it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/engine/request.h"

namespace vlmxla::engine {

// InvalidArgument naming the field: max_tokens is -1 (no limit) or >= 1; each stop string is
// non-empty, valid UTF-8.
Status ValidateStopParams(const StopParams& params);

class StopStringFilter {
 public:
  explicit StopStringFilter(std::vector<std::string> stop);

  struct Scan {
    std::string text;      // safe to emit: contains no stop string and no start of one
    bool stopped = false;  // a stop string completed; `text` is what preceded it
  };
  // Appends `text` (whole UTF-8 characters) to the stream. When several stop strings occur, the
  // one starting earliest wins. After a stop, further text is ignored.
  Scan Push(std::string_view text);
  // Ends the stream: the held-back text was not a stop string after all.
  std::string Flush();

  bool stopped() const { return stopped_; }
  size_t held_bytes() const { return held_.size(); }

 private:
  std::vector<std::string> stop_;
  std::string held_;
  bool stopped_ = false;
};

}  // namespace vlmxla::engine
