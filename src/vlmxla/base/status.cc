#include "vlmxla/base/status.h"

namespace vlmxla {

const char* ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk: return "OK";
    case ErrorCode::kInvalidArgument: return "INVALID_ARGUMENT";
    case ErrorCode::kOutOfRange: return "OUT_OF_RANGE";
    case ErrorCode::kNotFound: return "NOT_FOUND";
    case ErrorCode::kDataLoss: return "DATA_LOSS";
    case ErrorCode::kUnimplemented: return "UNIMPLEMENTED";
    case ErrorCode::kFailedPrecondition: return "FAILED_PRECONDITION";
    case ErrorCode::kUnavailable: return "UNAVAILABLE";
    case ErrorCode::kInternal: return "INTERNAL";
  }
  return "UNKNOWN";
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string s = std::string(ErrorCodeName(code_)) + ": " + message_;
  if (!reason_.empty()) s += " [" + reason_ + "]";
  return s;
}

Status Status::WithContext(const std::string& context) const {
  if (ok()) return *this;
  return Status(code_, context + ": " + message_, reason_);
}

}  // namespace vlmxla
