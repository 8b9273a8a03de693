// The host custom calls as XLA FFI handlers on a PJRT CPU plugin: the matrix-vector products
// (base/quantize.h's kInt8MatvecTarget, kInt4MatvecTarget and kBf16MatvecTarget, run by the
// quantized_matvec.h kernel) and one slot's decode attention (kDecodeAttentionTarget,
// decode_attention.h). Typed FFI (stablehlo.custom_call api_version 4), registered through the
// plugin's PJRT FFI extension for platform "Host", run across the FFI's intra-op thread pool.
#pragma once

#include "vlmxla/base/status.h"

struct PJRT_Api;

namespace vlmxla::runtime {

// Registers the targets (each product target also takes several weights of the same rows in one
// call, pjrt_ffi_matvec.cc's ResultRule) with `api`'s FFI extension (once per plugin:
// PjrtExecutor::Load). An error names what the plugin lacks (no FFI extension, an older one without
// handler registration) or what it answered.
Status RegisterQuantizedMatvecCalls(const PJRT_Api* api);

}  // namespace vlmxla::runtime
