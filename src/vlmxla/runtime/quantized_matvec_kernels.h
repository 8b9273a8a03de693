// The quantized matrix-vector loops per instruction set (quantized_matvec.cc dispatches). Each
// quantized_matvec_ISA.cc is compiled with that ISA's flags, so this header and they use no
// standard-library templates: an inline function compiled for AVX-512 there could otherwise be
// the copy the linker keeps for every caller.
#pragma once

#include <cstdint>

namespace vlmxla::runtime::matvec_kernels {

struct Args {
  bool int4 = false;
  bool bf16 = false;  // q holds a bfloat16 [out, in] weight (its bits), and scales are unused
  const float* x = nullptr;  // [rows, in] (int4: per row, even inputs then odd ones)
  int64_t rows = 0;
  int64_t in = 0;
  const int8_t* q = nullptr;
  const float* scales = nullptr;
  int64_t out = 0;
  float* y = nullptr;  // [rows, out]
};

// Outputs [begin, end) of every row.
void Avx2(const Args& a, int64_t begin, int64_t end);
void Avx512(const Args& a, int64_t begin, int64_t end);

}  // namespace vlmxla::runtime::matvec_kernels
