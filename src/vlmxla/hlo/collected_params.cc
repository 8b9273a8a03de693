#include "vlmxla/hlo/collected_params.h"

#include <utility>

namespace vlmxla::hlo {

CollectedParams::CollectedParams(Builder& b, const Precision& precision, std::string program_name)
    : b_(b), precision_(precision), program_name_(std::move(program_name)) {}

CollectedParams::CollectedParams(Builder& b, const Precision& precision, std::string program_name,
                                 const std::vector<ProgramParam>& collected)
    : b_(b), precision_(precision), program_name_(std::move(program_name)), lookup_(true) {
  params_ = collected;
  int weights = 0;
  for (const ProgramParam& pp : params_) {
    const std::string arg =
        pp.kind == ProgramParam::Kind::kInput ? pp.name : "w" + std::to_string(weights++);
    values_.push_back(b_.Arg(arg, pp.type));
  }
}

Value CollectedParams::Input(const std::string& name, TensorType type) {
  return Get(ProgramParam::Kind::kInput, name, std::move(type));
}

Value CollectedParams::Weight(const std::string& name, std::vector<int64_t> dims) {
  return Get(ProgramParam::Kind::kWeight, name, {precision_.weights, std::move(dims)});
}

Value CollectedParams::ComputeWeight(const std::string& name, std::vector<int64_t> dims) {
  return b_.CastTo(Weight(name, std::move(dims)), precision_.compute);
}

Value CollectedParams::Get(ProgramParam::Kind kind, const std::string& name, TensorType type) {
  if (!lookup_) {
    ProgramParam param;
    param.kind = kind;
    param.name = name;
    param.type = type;
    params_.push_back(std::move(param));
    return b_.Splat(type, 0.0);
  }
  // The real pass asks for the same names in the same order as the collecting pass.
  if (next_ >= params_.size() || params_[next_].name != name || params_[next_].type != type) {
    return b_.Fail(Internal(program_name_ + ": parameter '" + name + "' out of order"));
  }
  return values_[next_++];
}

Result<Program> BuildCollectedProgram(
    const std::string& name, const ProgramCommonOptions& options,
    const std::function<Result<CollectedGraph>(Builder&, CollectedParams&)>& graph) {
  std::vector<ProgramParam> collected;
  {
    Builder scratch("collect");
    CollectedParams p(scratch, options.precision, name);
    VLMXLA_ASSIGN_OR_RETURN(CollectedGraph g, graph(scratch, p));
    (void)g;
    collected = p.params();
  }
  Builder b = MainBuilder(options);
  CollectedParams p(b, options.precision, name, collected);
  VLMXLA_ASSIGN_OR_RETURN(CollectedGraph g, graph(b, p));
  Program program;
  program.name = name;
  program.params = p.params();
  program.result_names = std::move(g.names);
  VLMXLA_RETURN_IF_ERROR(FinishProgram(b, g.results, program));
  return program;
}

}  // namespace vlmxla::hlo
