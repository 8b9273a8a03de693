// What `vlmxla prepare` and `vlmxla validate` share: the request a case file (or flags) describes,
// and the oracle-capture layout they write (stages.safetensors + manifest.json), so
// `python -m vlmxla_oracle compare` checks either against Transformers.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "vlmxla/base/status.h"
#include "vlmxla/base/tensor.h"
#include "vlmxla/cli/args.h"
#include "vlmxla/prompt/prepared_prefill.h"

namespace vlmxla::cli {

// The flags a case replaces: --prompt, --system, --image (repeated), --case, --context.
std::vector<FlagSpec> CaseFlags();

struct CaseRequest {
  std::optional<std::string> system;
  std::string prompt;
  std::vector<std::string> images;
  std::optional<int64_t> capacity;
  std::optional<int64_t> max_new_tokens;  // a case's "max_new_tokens"
};

// From --case FILE ({system, prompt, images, context_capacity, max_new_tokens}) or the flags.
// A case names its images relative to the cache directory (ResolveCaseImage), so that a case and
// the captures made from it travel to another machine unchanged.
Result<CaseRequest> CaseRequestFromArgs(const ParsedArgs& args);
// One case file (as --case FILE reads it), with --context from `args` overriding its capacity.
Result<CaseRequest> CaseRequestFromFile(const std::string& path, const ParsedArgs& args);

// An image path of a case file: absolute as given; relative, under $VLMXLA_CACHE (else
// ~/.cache/vlmxla), e.g. "images/scene.png".
std::string ResolveCaseImage(const std::string& path);

class CaptureWriter {
 public:
  explicit CaptureWriter(std::string producer) : producer_(std::move(producer)) {}

  // The host stages of a prepared prompt, in the oracle's order.
  void AddHostStages(const prompt::PreparedPrefill& prefill, bool with_images);
  void AddTensor(const std::string& name, HostTensor tensor);
  void AddText(const std::string& name, const std::string& text);  // a manifest-level text stage
  nlohmann::ordered_json& manifest() { return manifest_; }

  Status Write(const std::string& dir, const std::string& model_dir);

 private:
  std::string producer_;
  std::map<std::string, HostTensor> tensors_;
  nlohmann::ordered_json stages_ = nlohmann::ordered_json::array();
  nlohmann::ordered_json manifest_ = nlohmann::ordered_json::object();
};

// An expected failure is a result too: writes {"error": {type, message, reason}} into
// dir/manifest.json so the gate compares its category with the oracle's.
void WriteErrorManifest(const std::string& dir, const std::string& producer, const Status& s);

// `values` widened to i64, of shape `shape` (default: 1-D).
HostTensor I64Tensor(const std::vector<int32_t>& values, std::optional<Shape> shape = std::nullopt);

}  // namespace vlmxla::cli
