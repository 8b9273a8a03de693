// Status and Result<T>: errors as values across layer boundaries (no exceptions escape a layer).
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace vlmxla {

// Broad categories, in the spirit of absl::StatusCode. `reason` (below) carries the precise,
// machine-readable kind of failure that callers such as the server map to protocol codes.
enum class ErrorCode {
  kOk = 0,
  kInvalidArgument,     // the caller's input is wrong (bad prompt, placeholder mismatch, ...)
  kOutOfRange,          // a size or count exceeds a limit (context capacity, image dimensions)
  kNotFound,            // a file, tensor or token is missing
  kDataLoss,            // a file is truncated or corrupt
  kUnimplemented,       // valid input this build does not support
  kFailedPrecondition,  // the system is not in a state to do this
  kUnavailable,         // a resource (network, device, runtime) cannot be reached
  kInternal,            // a bug in vlmxla
};

const char* ErrorCodeName(ErrorCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::string message, std::string reason = {})
      : code_(code), message_(std::move(message)), reason_(std::move(reason)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // Machine-readable kind, e.g. "context_length_exceeded", "placeholder_count_mismatch".
  const std::string& reason() const { return reason_; }

  // "INVALID_ARGUMENT: message" (with " [reason]" when a reason is set).
  std::string ToString() const;

  // Prefixes the message with context ("reading config.json: ...") and keeps code and reason.
  Status WithContext(const std::string& context) const;

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
  std::string reason_;
};

inline Status InvalidArgument(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kInvalidArgument, std::move(m), std::move(reason));
}
inline Status OutOfRange(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kOutOfRange, std::move(m), std::move(reason));
}
inline Status NotFound(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kNotFound, std::move(m), std::move(reason));
}
inline Status DataLoss(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kDataLoss, std::move(m), std::move(reason));
}
inline Status Unimplemented(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kUnimplemented, std::move(m), std::move(reason));
}
inline Status FailedPrecondition(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kFailedPrecondition, std::move(m), std::move(reason));
}
inline Status Unavailable(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kUnavailable, std::move(m), std::move(reason));
}
inline Status Internal(std::string m, std::string reason = {}) {
  return Status(ErrorCode::kInternal, std::move(m), std::move(reason));
}

// A value or the Status explaining why there is none.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}         // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {  // NOLINT
    assert(!status_.ok() && "Result constructed from an OK status without a value");
    if (status_.ok()) status_ = Internal("Result constructed from an OK status without a value");
  }

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }

  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace vlmxla

#define VLMXLA_CONCAT_INNER_(a, b) a##b
#define VLMXLA_CONCAT_(a, b) VLMXLA_CONCAT_INNER_(a, b)

#define VLMXLA_RETURN_IF_ERROR(expr)                 \
  do {                                               \
    ::vlmxla::Status vlmxla_status_ = (expr);        \
    if (!vlmxla_status_.ok()) return vlmxla_status_; \
  } while (0)

#define VLMXLA_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                  \
  if (!tmp.ok()) return tmp.status();                 \
  lhs = std::move(tmp).value()

// VLMXLA_ASSIGN_OR_RETURN(auto x, MakeX()); declares/assigns x or returns the error.
#define VLMXLA_ASSIGN_OR_RETURN(lhs, expr) \
  VLMXLA_ASSIGN_OR_RETURN_IMPL_(VLMXLA_CONCAT_(vlmxla_result_, __LINE__), lhs, expr)
