// The gate's performance and memory measurements of one `vlmxla validate` run, as the manifest's
// "measurements" object: compile time (cold and from the artifact cache), the engine's peak RSS,
// the weights (bytes per class, uploads per tensor), the memory just before and after the weight
// upload, device memory where the backend reports it and the IREE runtime host's memory.
#pragma once

#include <nlohmann/json.hpp>

#include "vlmxla/engine/engine.h"

namespace vlmxla::cli {

// `engine` must be loaded. Reads the process's getrusage peak and asks the backend now.
nlohmann::ordered_json Measurements(const engine::Engine& engine);

}  // namespace vlmxla::cli
