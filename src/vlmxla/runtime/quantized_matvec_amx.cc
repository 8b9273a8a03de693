// The bfloat16 matrix-vector loop with AMX (compiled with -mamx-tile -mamx-bf16; CMakeLists.txt),
// run only where the CPU has it and Linux gave the process its tiles (quantized_matvec.cc's
// CpuHasAmxBf16). C = W . x^T: TDPBF16PS multiplies a tile A of 16 rows of the weight (16
// outputs) by 32 inputs, loaded from the weight as stored (a row stride of `in`, nothing
// repacked), by a tile B of the same 32 inputs of every row as bf16 pairs (Args::pairs, packed
// once per call by PrepareMatvecRows), into a tile C of 16 outputs x n rows of float32 sums: 512
// multiply-adds a row per instruction, so that 8 rows wait on memory as 1 does, not on the
// widening and the float multiply-adds the AVX-512 loop spends on every row.
#include <immintrin.h>

#include "vlmxla/runtime/quantized_matvec_kernels.h"

namespace vlmxla::runtime::matvec_kernels {
namespace {

constexpr int64_t kTileRows = 16;    // outputs per tile, and rows of x per B tile
constexpr int64_t kStepInputs = 32;  // inputs per TDPBF16PS: 64 bytes of a weight row

// Tiles: 0 the sums, 1 the weights, 2 the rows' pairs. One block of outputs at a time: two
// blocks' independent chains measured no faster (the loop waits on memory, not on TDPBF16PS).
struct alignas(64) TileConfig {
  uint8_t palette = 1;
  uint8_t start_row = 0;
  uint8_t reserved[14] = {};
  uint16_t colsb[16] = {};  // bytes per tile row
  uint8_t rows[16] = {};
};

// m outputs (rows of C and A), n rows of x (columns of C and B). A configuration zeroes every
// tile, so this is done once per block size, never within one block's sums.
void Configure(int64_t m, int64_t n) {
  TileConfig c;
  c.rows[0] = c.rows[1] = static_cast<uint8_t>(m);
  c.colsb[0] = static_cast<uint16_t>(n * 4);
  c.colsb[1] = kStepInputs * 2;
  c.rows[2] = kTileRows;
  c.colsb[2] = static_cast<uint16_t>(n * 4);
  // Inline assembly rather than _tile_loadconfig: GCC 12 dropped the stores that fill `c`
  // before its builtin (seen: only the palette written, and the first tile instruction faulted).
  asm volatile("ldtilecfg %0" : : "m"(c));
}

}  // namespace

void Bf16Amx(const Args& a, int64_t begin, int64_t end) {
  const auto* w = reinterpret_cast<const uint16_t*>(a.q);
  const int64_t in = a.in, whole = in / kStepInputs, left = in - whole * kStepInputs;
  const int64_t steps = whole + (left != 0), n = a.pair_cols, n4 = n * 4, stride = in * 2;
  const int64_t row_blocks = (a.rows + kTileRows - 1) / kTileRows;
  const int64_t tile = kTileRows * n, row_block = steps * a.planes * tile;  // Args::pairs
  alignas(64) float c[kTileRows * kTileRows];
  // A partial last step's weights, zero past `in`: a tile load from the weight itself would read
  // past the row (into the next, or past the weight's end), and the pairs are zero there too.
  alignas(64) uint16_t tail[kTileRows * kStepInputs];
  int64_t configured = 0;  // the m the tiles are configured for
  for (int64_t o = begin; o < end; o += kTileRows) {
    const int64_t m = end - o < kTileRows ? end - o : kTileRows;
    if (m != configured) {
      Configure(m, n);
      configured = m;
    }
    // No software prefetch: of the next block's rows into L2 it measured no faster over the
    // whole model's weights (the hardware's follows the 16 rows).
    const uint16_t* rows = w + o * in;
    if (left != 0) {
      for (int64_t i = 0; i < m; ++i) {
        for (int64_t j = 0; j < kStepInputs; ++j) {
          tail[i * kStepInputs + j] = j < left ? rows[i * in + whole * kStepInputs + j] : 0;
        }
      }
    }
    for (int64_t rb = 0; rb < row_blocks; ++rb) {
      const uint32_t* pairs = a.pairs + rb * row_block;
      _tile_zero(0);
      for (int64_t s = 0; s < whole; ++s) {
        _tile_loadd(1, rows + s * kStepInputs, stride);
        for (int64_t p = 0; p < a.planes; ++p) {
          _tile_loadd(2, pairs + (s * a.planes + p) * tile, n4);
          _tile_dpbf16ps(0, 1, 2);
        }
      }
      if (left != 0) {
        _tile_loadd(1, tail, kStepInputs * 2);
        for (int64_t p = 0; p < a.planes; ++p) {
          _tile_loadd(2, pairs + (whole * a.planes + p) * tile, n4);
          _tile_dpbf16ps(0, 1, 2);
        }
      }
      _tile_stored(0, c, n4);
      // C's column r is row rb * 16 + r (the last block's columns past the rows are padding).
      const int64_t first = rb * kTileRows, live = a.rows - first < n ? a.rows - first : n;
      for (int64_t r = 0; r < live; ++r) {
        float* y = a.y + (first + r) * a.out + o;
        for (int64_t i = 0; i < m; ++i) y[i] = c[i * n + r];
      }
    }
  }
  // Back to the tiles' initial state: a thread switch then saves none of their 8 KiB, and no
  // configuration of ours outlives the call (others on this thread, XLA's own AMX kernels among
  // them, configure their own).
  _tile_release();
}

}  // namespace vlmxla::runtime::matvec_kernels
