// Donation proof on PJRT CPU: a decode program built from a small Llama config (random weights)
// with donated KV caches consumes its cache inputs and returns them at the same device address,
// i.e. the step updated every cache in place instead of copying it. (It needs both the hlo and
// the runtime layer, which only the engine's test binary links.)
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "../test_source_dir.h"
#include "../hlo/small_decoder_config.h"
#include "vlmxla/hlo/model_programs.h"
#include "vlmxla/runtime/pjrt_executor.h"

namespace vlmxla {
namespace {

HostTensor I32(std::vector<int32_t> values) {
  HostTensor t(DType::kI32, Shape{static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i) t.mutable_span<int32_t>()[i] = values[i];
  return t;
}

std::vector<float> Floats(const HostTensor& t) {
  return {t.span<float>().begin(), t.span<float>().end()};
}

// A compiled decode program and host values for its parameters: the given tokens and positions,
// random weights and caches.
struct DecodeCase {
  std::unique_ptr<runtime::PjrtExecutor> ex;
  hlo::Program program;
  std::unique_ptr<runtime::Executable> exe;
  std::vector<HostTensor> hosts;
};

void MakeCase(int batch, int capacity, std::vector<int32_t> tokens, std::vector<int32_t> positions,
              DecodeCase& c) {
  std::string path;
  if (const char* env = std::getenv(runtime::kPjrtPluginEnv); env != nullptr && *env != '\0') {
    path = env;
  } else {
    auto found = runtime::FindCpuPluginInVenv(std::string(VLMXLA_SOURCE_DIR) + "/.venv");
    ASSERT_TRUE(found.ok()) << found.status().ToString();
    path = *found;
  }
  auto ex = runtime::PjrtExecutor::Load(path);
  ASSERT_TRUE(ex.ok()) << ex.status().ToString();
  c.ex = std::move(ex).value();
  hlo::DecodeOptions o;
  o.batch = batch;
  o.capacity = capacity;
  auto program = hlo::BuildDecode(testing::SmallLlamaConfig(), o);
  ASSERT_TRUE(program.ok()) << program.status().ToString();
  c.program = std::move(program).value();
  auto exe = c.ex->Compile(c.program.mlir);
  ASSERT_TRUE(exe.ok()) << exe.status().ToString();
  c.exe = std::move(exe).value();
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  for (const auto& p : c.program.params) {
    if (p.name == "tokens" || p.name == "positions") {
      c.hosts.push_back(I32(p.name == "tokens" ? tokens : positions));
      continue;
    }
    HostTensor t(DType::kF32, Shape(p.type.dims));
    for (float& v : t.mutable_span<float>()) v = u(rng);
    c.hosts.push_back(std::move(t));
  }
}

// Uploads the case's values and runs one step, donating the caches when `donating`.
struct Step {
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> args;
  std::vector<uintptr_t> address;  // each argument's device address before the run
  std::vector<std::shared_ptr<runtime::DeviceBuffer>> out;
};

void RunStep(const DecodeCase& c, bool donating, Step& step) {
  std::vector<runtime::DeviceBuffer*> raw;
  std::unique_ptr<bool[]> donate(new bool[c.hosts.size()]);
  for (size_t i = 0; i < c.hosts.size(); ++i) {
    auto buffer = c.ex->Upload(c.hosts[i]);
    ASSERT_TRUE(buffer.ok()) << buffer.status().ToString();
    step.args.push_back(*buffer);
    step.address.push_back((*buffer)->opaque_device_pointer());
    ASSERT_NE(step.address.back(), 0u) << c.program.params[i].name;
    raw.push_back(buffer->get());
    donate[i] = donating && c.program.params[i].alias_result >= 0;
  }
  auto out = c.exe->Execute(raw, std::span<const bool>(donate.get(), c.hosts.size()));
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->size(), c.program.result_names.size());
  step.out = std::move(out).value();
}

TEST(DecodeDonation, CachesAreUpdatedInPlace) {
  DecodeCase c;
  ASSERT_NO_FATAL_FAILURE(MakeCase(2, 64, {3, 17}, {5, 40}, c));
  Step step;
  ASSERT_NO_FATAL_FAILURE(RunStep(c, /*donating=*/true, step));
  int caches = 0;
  for (size_t i = 0; i < step.args.size(); ++i) {
    const hlo::ProgramParam& p = c.program.params[i];
    if (p.alias_result < 0) {
      EXPECT_FALSE(step.args[i]->is_deleted()) << p.name;  // weights, tokens, positions survive
      continue;
    }
    ++caches;
    const auto& result = step.out[p.alias_result];
    // (a) the donated input is gone, (b) its result lives at the same device address.
    EXPECT_TRUE(step.args[i]->is_deleted()) << p.name;
    EXPECT_EQ(result->opaque_device_pointer(), step.address[i]) << p.name;
    // The step wrote exactly the slot's row at its position and kept every other row.
    auto host = result->ToHost();
    ASSERT_TRUE(host.ok()) << host.status().ToString();
    const int64_t row = p.name.rfind("kv.0.", 0) == 0 ? 5 : 40;
    const std::vector<float> before = Floats(c.hosts[i]), after = Floats(*host);
    int changed_rows = 0, changed_elsewhere = 0;
    for (int64_t h = 0; h < 2; ++h) {
      for (int64_t r = 0; r < 64; ++r) {
        bool changed = false;
        for (int64_t d = 0; d < 8; ++d) {
          const int64_t k = (h * 64 + r) * 8 + d;
          changed |= before[k] != after[k];
        }
        if (changed) (r == row ? changed_rows : changed_elsewhere) += 1;
      }
    }
    EXPECT_EQ(changed_rows, 2) << p.name;  // both kv heads
    EXPECT_EQ(changed_elsewhere, 0) << p.name;
  }
  EXPECT_EQ(caches, 2 * 2 * 2);  // slots x layers x K/V
}

TEST(DecodeDonation, WithoutDonationTheInputsSurviveAndResultsAgree) {
  DecodeCase c;
  ASSERT_NO_FATAL_FAILURE(MakeCase(1, 16, {9}, {3}, c));
  Step kept, donated;
  ASSERT_NO_FATAL_FAILURE(RunStep(c, /*donating=*/false, kept));
  ASSERT_NO_FATAL_FAILURE(RunStep(c, /*donating=*/true, donated));
  for (size_t i = 0; i < c.hosts.size(); ++i) {
    const int r = c.program.params[i].alias_result;
    if (r < 0) continue;
    EXPECT_TRUE(donated.args[i]->is_deleted());
    EXPECT_FALSE(kept.args[i]->is_deleted());
    // Not donated: the result is a copy elsewhere and the input still reads as uploaded.
    EXPECT_NE(kept.out[r]->opaque_device_pointer(), kept.address[i]);
    auto input = kept.args[i]->ToHost();
    ASSERT_TRUE(input.ok());
    EXPECT_EQ(Floats(*input), Floats(c.hosts[i]));
    EXPECT_EQ(Floats(*kept.out[r]->ToHost()), Floats(*donated.out[r]->ToHost()));
  }
  const std::vector<float> logits = Floats(*kept.out[0]->ToHost());
  ASSERT_EQ(logits.size(), 64u);
  EXPECT_EQ(logits, Floats(*donated.out[0]->ToHost()));
}

}  // namespace
}  // namespace vlmxla
