// The instruction sets of the host kernels' loops this CPU runs (runtime/quantized_matvec.h's
// MatvecIsa): the scalar loop always, AVX2 and AVX-512 where the CPU has them. The kernel tests
// run every path on every input.
#pragma once

#include <vector>

#include "vlmxla/runtime/quantized_matvec.h"

namespace vlmxla::runtime {

inline std::vector<MatvecIsa> MatvecIsasHere() {
  std::vector<MatvecIsa> isas = {MatvecIsa::kScalar};
  for (MatvecIsa isa : {MatvecIsa::kAvx2, MatvecIsa::kAvx512}) {
    if (CpuHasMatvecIsa(isa)) isas.push_back(isa);
  }
  return isas;
}

}  // namespace vlmxla::runtime
