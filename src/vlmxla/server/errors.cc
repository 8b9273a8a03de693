#include "vlmxla/server/errors.h"

#include <nlohmann/json.hpp>

#include "vlmxla/engine/generation_service.h"
#include "vlmxla/prompt/prepared_prefill.h"

namespace vlmxla::server {

ApiError BadRequest(std::string message, std::string param, std::string code) {
  ApiError e;
  e.http_status = 400;
  e.message = std::move(message);
  e.param = std::move(param);
  e.code = std::move(code);
  return e;
}

ApiError ApiErrorFromStatus(const Status& status, const std::string& param) {
  ApiError e;
  e.message = status.message();
  e.param = param;
  const std::string& reason = status.reason();
  if (reason == engine::kReasonOverloaded) {
    e.http_status = 429;
    e.type = "server_overloaded";
    e.code = "overloaded";
    e.param.clear();
    e.retry_after_seconds = 1;
    return e;
  }
  if (reason == prompt::kReasonContextLengthExceeded ||
      reason == prompt::kReasonPlaceholderMismatch) {
    e.http_status = 400;
    e.code = reason;
    return e;
  }
  // The vision layer's reasons for images that cannot be used.
  if (reason == "image_too_large" || reason == "image_corrupt" ||
      reason == "image_format_unsupported" || reason == "image_aspect_ratio_unsupported" ||
      reason == "image_too_small") {
    e.http_status = 400;
    e.code = "invalid_image";
    return e;
  }
  if (reason == kReasonMediaForbidden || reason == kReasonMediaFetch) {
    e.http_status = 400;
    e.code = reason;
    return e;
  }
  switch (status.code()) {
    case ErrorCode::kInvalidArgument:
    case ErrorCode::kOutOfRange:
    case ErrorCode::kNotFound:
    case ErrorCode::kDataLoss:
      e.http_status = 400;
      e.code = reason;
      break;
    case ErrorCode::kUnimplemented:
      e.http_status = 400;
      e.code = reason.empty() ? "unsupported" : reason;
      break;
    case ErrorCode::kUnavailable:
    case ErrorCode::kFailedPrecondition:
      e.http_status = 503;
      e.type = "service_unavailable";
      e.code = reason;
      e.retry_after_seconds = 1;
      break;
    case ErrorCode::kOk:
    case ErrorCode::kInternal:
      e.http_status = 500;
      e.type = "server_error";
      e.code = reason;
      break;
  }
  return e;
}

std::string ErrorBody(const ApiError& error) {
  nlohmann::ordered_json inner;
  inner["message"] = error.message;
  inner["type"] = error.type;
  auto or_null = [](const std::string& s) {
    return s.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(s);
  };
  inner["param"] = or_null(error.param);
  inner["code"] = or_null(error.code);
  nlohmann::ordered_json body;
  body["error"] = std::move(inner);
  // Messages may quote client bytes that are not UTF-8; replace rather than throw.
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string ReasonPhrase(int http_status) {
  switch (http_status) {
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 414: return "URI Too Long";
    case 416: return "Range Not Satisfiable";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    default: return "HTTP " + std::to_string(http_status);
  }
}

}  // namespace vlmxla::server
