// Program: one emitted device program (a module whose entry is @main) with the meaning of each
// parameter and result, so a runner can bind request inputs and checkpoint weights by name.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "vlmxla/hlo/types.h"

namespace vlmxla::hlo {

// The KV-cache buffer a parameter is: the call's slot `slot` (decode: 0..B-1; prefill: 0), decoder
// layer `layer`, keys or values. Set by the program builder, so a runner never parses names.
struct KvRole {
  int slot = 0;
  int layer = 0;
  bool value = false;
  bool operator==(const KvRole& other) const = default;
};

struct ProgramParam {
  enum class Kind { kInput, kWeight };
  Kind kind = Kind::kInput;
  // kInput: the input's name (e.g. "pixel_values", "input_ids").
  // kWeight: the checkpoint tensor name as in model.safetensors
  // (e.g. "model.vision_tower.vision_model.embeddings.patch_embedding.weight").
  std::string name;
  TensorType type;
  // The result this parameter may be updated into in place (`tf.aliasing_output`), or -1. A
  // runner donates such a buffer and takes the result as its new value (the KV caches).
  int alias_result = -1;
  // kWeight only: the program takes the checkpoint's 2-D tensor transposed (`type` is [in, out]
  // for a Linear weight stored [out, in]); the runner transposes it once, as it uploads it.
  bool transposed = false;
  // kInput only: the KV cache this parameter is (it updates into result alias_result).
  std::optional<KvRole> kv;
};

struct Program {
  std::string name;                       // "vision_encode", "prefill", ...
  std::string mlir;                       // a module with func.func public @main
  std::vector<ProgramParam> params;       // @main's parameters, in order
  std::vector<std::string> result_names;  // stage names of @main's results, in order
  std::vector<TensorType> result_types;
};

}  // namespace vlmxla::hlo
