// OpenAI's error envelope ({"error": {"message", "type", "param", "code"}}) and the mapping from
// vlmxla's Status codes and reasons to HTTP status codes.
#pragma once

#include <string>

#include "vlmxla/base/status.h"

namespace vlmxla::server {

// Reasons the server layer itself gives to Status (besides prompt:: and engine:: ones).
inline constexpr char kReasonMediaForbidden[] = "image_url_forbidden";
inline constexpr char kReasonMediaFetch[] = "image_url_fetch_failed";

struct ApiError {
  int http_status = 400;
  std::string message;
  std::string type = "invalid_request_error";
  std::string param;            // the request field at fault; empty: null
  std::string code;             // machine-readable; empty: null
  int retry_after_seconds = 0;  // > 0: sent as Retry-After
};

ApiError BadRequest(std::string message, std::string param = {}, std::string code = {});

// Maps a Status from Prepare, Submit or media resolution: reasons first (context length ->
// 400 context_length_exceeded, overloaded -> 429, image decode errors -> 400 invalid_image),
// then the broad code (InvalidArgument/OutOfRange/NotFound/DataLoss/Unimplemented -> 400,
// Unavailable and FailedPrecondition -> 503, Internal -> 500).
ApiError ApiErrorFromStatus(const Status& status, const std::string& param = {});

// The JSON body: {"error": {"message": ..., "type": ..., "param": ... | null, "code": ... | null}}.
std::string ErrorBody(const ApiError& error);

// "Bad Request", "Not Found", ... for the error envelope of statuses httplib produces itself.
std::string ReasonPhrase(int http_status);

}  // namespace vlmxla::server
