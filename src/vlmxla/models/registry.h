// The model families vlmxla runs, keyed by config.json's model_type. Adding a family is one line
// in registry.cc (docs/adding-a-family.md).
#pragma once

#include <string>
#include <vector>

#include "vlmxla/base/status.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/hlo/program.h"
#include "vlmxla/io/model_config.h"
#include "vlmxla/models/family.h"

namespace vlmxla::models {

// Error reason when a checkpoint's model_type is not one a family serves (config parsing gives
// the same).
using io::kReasonUnsupportedModelType;

// The family that serves `model_type`, or an error listing every supported model_type.
Result<const Family*> FindFamily(const std::string& model_type);
// The family of a parsed config.json.
Result<const Family*> FamilyOf(const io::ModelConfig& config);
// Every model_type some family serves, sorted.
std::vector<std::string> SupportedModelTypes();

// The program `options` names for `config`: the family's vision program, or the decoder's
// prefill / decode (shared by every family).
Result<hlo::Program> BuildProgram(const io::ModelConfig& config,
                                  const hlo::ProgramOptions& options);

}  // namespace vlmxla::models
