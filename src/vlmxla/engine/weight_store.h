// WeightStore: a checkpoint's weights on one executor, each uploaded once (transposed or
// converted as its program asks) and shared by every program, with the accounting the "weights
// are held once" check reads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "vlmxla/base/quantize.h"
#include "vlmxla/base/status.h"
#include "vlmxla/engine/process_memory.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/hlo/weights_as_parameters.h"
#include "vlmxla/io/checkpoint.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/models/family.h"
#include "vlmxla/runtime/executor.h"

namespace vlmxla::engine {

// Resident memory at one moment: the engine process, the IREE runtime host where there is one,
// and the bytes in the backend's live device buffers where it reports them.
struct MemorySnapshot {
  ProcessMemory engine;
  bool has_host = false;
  ProcessMemory host;
  int64_t device_live_bytes = -1;  // -1: not reported by the backend
};

// What the weight upload did, for the "weights are held once" check: every checkpoint tensor
// uploaded exactly once, and the memory just before the first upload and just after the last
// (with the checkpoint's mmap closed, so only the uploaded copy remains).
struct WeightStats {
  std::map<std::string, int> uploads;  // by checkpoint name: how many times it was uploaded
  uint64_t vision_bytes = 0;           // the family's vision weights (tower, projector)
  uint64_t decoder_bytes = 0;          // the text decoder
  MemorySnapshot before, after;
};

// The parameter scope programs read their weights from (WeightStore::MapAsParameters).
inline constexpr const char kParameterScope[] = "checkpoint";

class WeightStore {
 public:
  // `model`, `executor` and `family` outlive the store.
  WeightStore(const io::ModelDir& model, runtime::Executor& executor, const models::Family& family)
      : model_(&model), executor_(&executor), family_(&family) {}

  // Maps the checkpoint (its headers only: mapping touches no tensor pages).
  Status Open();
  // The float type most of the checkpoint's bytes are stored in (Open first).
  std::optional<DType> StoredFloatType() const { return checkpoint_.StoredFloatType(); }
  // Uploads every weight `program` takes that is not held yet, reopening the checkpoint if it
  // was closed. A quantized parameter (hlo::ProgramParam::quant) takes its float tensor
  // quantized here (QuantizeWeight), once for both of its halves.
  Status Upload(const hlo::Program& program);
  // Weights as parameters (runtime::BackendTraits::weights_as_parameters): the checkpoint's own
  // safetensors files become the executor's parameter scope kParameterScope, mapped by the
  // device's process; nothing is uploaded. The files are the archive, read directly: no second
  // copy is written, and nothing needs a key beyond the files themselves.
  Status MapAsParameters();
  // The checkpoint tensor that weight `param` is read from, as WeightsAsParameters needs it.
  Result<hlo::StoredWeight> Stored(const hlo::ProgramParam& param);
  bool as_parameters() const { return as_parameters_; }
  // Unmaps the checkpoint: once the device holds the weights, the host keeps no second copy.
  void CloseCheckpoint();

  // The device buffer of weight `name`, or null when it is not held.
  runtime::DeviceBuffer* Get(const std::string& name) const;
  size_t count() const { return weights_.size(); }
  uint64_t bytes() const { return bytes_; }
  WeightStats& stats() { return stats_; }
  const WeightStats& stats() const { return stats_; }

 private:
  // The quantized form of p.quantized_from as the programs take it (w4a8: in its blocks).
  Result<QuantizedWeight> ReadQuantized(const hlo::ProgramParam& p);
  // Its stored format's (StoredQuant): read from a checkpoint that holds it (compressed-tensors,
  // base/quantize.h), else quantized from its float tensor.
  Result<QuantizedWeight> ReadStoredQuantized(const hlo::ProgramParam& p);
  Status UploadQuantized(const hlo::ProgramParam& p);

  const io::ModelDir* model_;
  runtime::Executor* executor_;
  const models::Family* family_;
  io::CheckpointWeights checkpoint_;
  bool open_ = false;
  // A quantized weight whose other half (values or scales) is not uploaded yet, by the float
  // tensor it was quantized from: the two are declared one after the other.
  std::map<std::string, QuantizedWeight> quantized_;
  bool as_parameters_ = false;
  std::map<std::string, std::shared_ptr<runtime::DeviceBuffer>> weights_;  // by checkpoint name
  uint64_t bytes_ = 0;
  WeightStats stats_;
};

}  // namespace vlmxla::engine
