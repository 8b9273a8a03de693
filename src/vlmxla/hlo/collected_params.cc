#include "vlmxla/hlo/collected_params.h"

#include <utility>

namespace vlmxla::hlo {
namespace {

ProgramParam Param(ProgramParam::Kind kind, const std::string& name, const TensorType& type) {
  ProgramParam param;
  param.kind = kind;
  param.name = name;
  param.type = type;
  return param;
}

}  // namespace

Value CollectedParams::Input(const std::string& name, TensorType type) {
  params_.push_back(Param(ProgramParam::Kind::kInput, name, type));
  return b_.Arg(name, std::move(type));
}

Value CollectedParams::Weight(const std::string& name, std::vector<int64_t> dims) {
  TensorType type{precision_.weights, std::move(dims)};
  params_.push_back(Param(ProgramParam::Kind::kWeight, name, type));
  return b_.Arg("w" + std::to_string(weights_++), std::move(type));
}

Value CollectedParams::ComputeWeight(const std::string& name, std::vector<int64_t> dims) {
  return b_.CastTo(Weight(name, std::move(dims)), precision_.compute);
}

Result<Program> BuildCollectedProgram(
    const std::string& name, const ProgramCommonOptions& options,
    const std::function<Result<CollectedGraph>(Builder&, CollectedParams&)>& graph) {
  Builder b = MainBuilder(options);
  CollectedParams p(b, options.precision);
  VLMXLA_ASSIGN_OR_RETURN(CollectedGraph g, graph(b, p));
  Program program;
  program.name = name;
  program.params = p.params();
  program.result_names = std::move(g.names);
  VLMXLA_RETURN_IF_ERROR(FinishProgram(b, g.results, program));
  return program;
}

}  // namespace vlmxla::hlo
