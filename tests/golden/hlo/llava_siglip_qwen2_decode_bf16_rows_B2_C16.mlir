// llava_siglip_qwen2_decode_bf16_rows_B2_C16: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// decode
// input tokens tensor<2xi32> alias=-1
// input positions tensor<2xi32> alias=-1
// input kv.0.0.key tensor<2x16x16xbf16> alias=1 kv=0.0.k
// input kv.0.0.value tensor<2x16x16xbf16> alias=2 kv=0.0.v
// input kv.0.1.key tensor<2x16x16xbf16> alias=3 kv=0.1.k
// input kv.0.1.value tensor<2x16x16xbf16> alias=4 kv=0.1.v
// input kv.1.0.key tensor<2x16x16xbf16> alias=5 kv=1.0.k
// input kv.1.0.value tensor<2x16x16xbf16> alias=6 kv=1.0.v
// input kv.1.1.key tensor<2x16x16xbf16> alias=7 kv=1.1.k
// input kv.1.1.value tensor<2x16x16xbf16> alias=8 kv=1.1.v
// weight language_model.model.embed_tokens.weight tensor<1400x64xbf16> alias=-1
// weight language_model.model.layers.0.input_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.bias tensor<64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.o_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.0.post_attention_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.0.mlp.gate_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.0.mlp.up_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.0.mlp.down_proj.weight tensor<64x128xbf16> alias=-1
// weight language_model.model.layers.1.input_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.bias tensor<64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.o_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.1.post_attention_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.1.mlp.gate_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.1.mlp.up_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.1.mlp.down_proj.weight tensor<64x128xbf16> alias=-1
// weight language_model.model.norm.weight tensor<64xbf16> alias=-1
// result logits tensor<2x1400xf32>
// result kv.0.0.key tensor<2x16x16xbf16>
// result kv.0.0.value tensor<2x16x16xbf16>
// result kv.0.1.key tensor<2x16x16xbf16>
// result kv.0.1.value tensor<2x16x16xbf16>
// result kv.1.0.key tensor<2x16x16xbf16>
// result kv.1.0.value tensor<2x16x16xbf16>
// result kv.1.1.key tensor<2x16x16xbf16>
// result kv.1.1.value tensor<2x16x16xbf16>
module {
func.func public @main(%tokens: tensor<2xi32>, %positions: tensor<2xi32>, %kv_0_0_key: tensor<2x16x16xbf16> {tf.aliasing_output = 1 : i32}, %kv_0_0_value: tensor<2x16x16xbf16> {tf.aliasing_output = 2 : i32}, %kv_0_1_key: tensor<2x16x16xbf16> {tf.aliasing_output = 3 : i32}, %kv_0_1_value: tensor<2x16x16xbf16> {tf.aliasing_output = 4 : i32}, %kv_1_0_key: tensor<2x16x16xbf16> {tf.aliasing_output = 5 : i32}, %kv_1_0_value: tensor<2x16x16xbf16> {tf.aliasing_output = 6 : i32}, %kv_1_1_key: tensor<2x16x16xbf16> {tf.aliasing_output = 7 : i32}, %kv_1_1_value: tensor<2x16x16xbf16> {tf.aliasing_output = 8 : i32}, %w0: tensor<1400x64xbf16>, %w1: tensor<64xbf16>, %w2: tensor<64x64xbf16>, %w3: tensor<64xbf16>, %w4: tensor<32x64xbf16>, %w5: tensor<32xbf16>, %w6: tensor<32x64xbf16>, %w7: tensor<32xbf16>, %w8: tensor<64x64xbf16>, %w9: tensor<64xbf16>, %w10: tensor<128x64xbf16>, %w11: tensor<128x64xbf16>, %w12: tensor<64x128xbf16>, %w13: tensor<64xbf16>, %w14: tensor<64x64xbf16>, %w15: tensor<64xbf16>, %w16: tensor<32x64xbf16>, %w17: tensor<32xbf16>, %w18: tensor<32x64xbf16>, %w19: tensor<32xbf16>, %w20: tensor<64x64xbf16>, %w21: tensor<64xbf16>, %w22: tensor<128x64xbf16>, %w23: tensor<128x64xbf16>, %w24: tensor<64x128xbf16>, %w25: tensor<64xbf16>) -> (tensor<2x1400xf32>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>) {
  %0 = "stablehlo.gather"(%w0, %tokens) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1400x64xbf16>, tensor<2xi32>) -> tensor<2x64xbf16>
  %1 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x2x16xi32>
  %2 = "stablehlo.broadcast_in_dim"(%positions) {broadcast_dimensions = array<i64: 0>} : (tensor<2xi32>) -> tensor<2x2x2x16xi32>
  %3 = "stablehlo.compare"(%1, %2) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x2x16xi32>, tensor<2x2x2x16xi32>) -> tensor<2x2x2x16xi1>
  %4 = "stablehlo.convert"(%0) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %5 = "stablehlo.multiply"(%4, %4) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %6 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %10 = "stablehlo.reduce"(%5, %6) ({
  ^bb0(%7: tensor<f32>, %8: tensor<f32>):
    %9 = "stablehlo.add"(%7, %8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%9) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %11 = "stablehlo.broadcast_in_dim"(%10) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %12 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %13 = "stablehlo.divide"(%11, %12) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %14 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %15 = "stablehlo.add"(%13, %14) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %16 = "stablehlo.rsqrt"(%15) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %17 = "stablehlo.multiply"(%4, %16) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %18 = "stablehlo.convert"(%17) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %19 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %20 = "stablehlo.multiply"(%18, %19) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %21 = "stablehlo.dot_general"(%20, %w2) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %22 = "stablehlo.convert"(%w3) : (tensor<64xbf16>) -> tensor<64xf32>
  %23 = "stablehlo.broadcast_in_dim"(%22) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %24 = "stablehlo.add"(%21, %23) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %25 = "stablehlo.convert"(%24) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %26 = "stablehlo.reshape"(%25) : (tensor<2x64xbf16>) -> tensor<2x4x16xbf16>
  %27 = "stablehlo.convert"(%positions) : (tensor<2xi32>) -> tensor<2xf32>
  %28 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x16xf32>
  %29 = "stablehlo.constant"() {value = dense<"0x0000803F8718363EE386013D9C44B83B6F12833A53773A39B2A20438C1B0BC360000803F8718363EE386013D9C44B83B6F12833A53773A39B2A20438C1B0BC36"> : tensor<16xf32>} : () -> tensor<16xf32>
  %30 = "stablehlo.broadcast_in_dim"(%29) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<2x16xf32>
  %31 = "stablehlo.multiply"(%28, %30) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %32 = "stablehlo.cosine"(%31) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %33 = "stablehlo.convert"(%32) : (tensor<2x16xf32>) -> tensor<2x16xbf16>
  %34 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %35 = "stablehlo.multiply"(%26, %34) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %36 = "stablehlo.reshape"(%35) : (tensor<2x4x16xbf16>) -> tensor<1x2x4x16xbf16>
  %37 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x4x16xbf16>} : () -> tensor<1x2x4x16xbf16>
  %38 = "stablehlo.concatenate"(%36, %37) {dimension = 0 : i64} : (tensor<1x2x4x16xbf16>, tensor<1x2x4x16xbf16>) -> tensor<2x2x4x16xbf16>
  %39 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %43 = "stablehlo.reduce"(%38, %39) ({
  ^bb0(%40: tensor<bf16>, %41: tensor<bf16>):
    %42 = "stablehlo.maximum"(%40, %41) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%42) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xbf16>, tensor<bf16>) -> tensor<2x4x16xbf16>
  %44 = "stablehlo.slice"(%26) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %45 = "stablehlo.negate"(%44) : (tensor<2x4x8xbf16>) -> tensor<2x4x8xbf16>
  %46 = "stablehlo.slice"(%26) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %47 = "stablehlo.concatenate"(%45, %46) {dimension = 2 : i64} : (tensor<2x4x8xbf16>, tensor<2x4x8xbf16>) -> tensor<2x4x16xbf16>
  %48 = "stablehlo.sine"(%31) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %49 = "stablehlo.convert"(%48) : (tensor<2x16xf32>) -> tensor<2x16xbf16>
  %50 = "stablehlo.broadcast_in_dim"(%49) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %51 = "stablehlo.multiply"(%47, %50) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %52 = "stablehlo.reshape"(%51) : (tensor<2x4x16xbf16>) -> tensor<1x2x4x16xbf16>
  %53 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x4x16xbf16>} : () -> tensor<1x2x4x16xbf16>
  %54 = "stablehlo.concatenate"(%52, %53) {dimension = 0 : i64} : (tensor<1x2x4x16xbf16>, tensor<1x2x4x16xbf16>) -> tensor<2x2x4x16xbf16>
  %55 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %59 = "stablehlo.reduce"(%54, %55) ({
  ^bb0(%56: tensor<bf16>, %57: tensor<bf16>):
    %58 = "stablehlo.maximum"(%56, %57) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%58) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xbf16>, tensor<bf16>) -> tensor<2x4x16xbf16>
  %60 = "stablehlo.add"(%43, %59) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %61 = "stablehlo.slice"(%60) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %62 = "stablehlo.reshape"(%61) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %63 = "stablehlo.dot_general"(%w4, %20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %64 = "stablehlo.transpose"(%63) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %65 = "stablehlo.convert"(%w5) : (tensor<32xbf16>) -> tensor<32xf32>
  %66 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %67 = "stablehlo.add"(%64, %66) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %68 = "stablehlo.convert"(%67) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %69 = "stablehlo.reshape"(%68) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %70 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %71 = "stablehlo.multiply"(%69, %70) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %72 = "stablehlo.reshape"(%71) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %73 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x2x16xbf16>} : () -> tensor<1x2x2x16xbf16>
  %74 = "stablehlo.concatenate"(%72, %73) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %75 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %79 = "stablehlo.reduce"(%74, %75) ({
  ^bb0(%76: tensor<bf16>, %77: tensor<bf16>):
    %78 = "stablehlo.maximum"(%76, %77) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%78) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xbf16>, tensor<bf16>) -> tensor<2x2x16xbf16>
  %80 = "stablehlo.slice"(%69) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %81 = "stablehlo.negate"(%80) : (tensor<2x2x8xbf16>) -> tensor<2x2x8xbf16>
  %82 = "stablehlo.slice"(%69) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %83 = "stablehlo.concatenate"(%81, %82) {dimension = 2 : i64} : (tensor<2x2x8xbf16>, tensor<2x2x8xbf16>) -> tensor<2x2x16xbf16>
  %84 = "stablehlo.broadcast_in_dim"(%49) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %85 = "stablehlo.multiply"(%83, %84) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %86 = "stablehlo.reshape"(%85) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %87 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x2x16xbf16>} : () -> tensor<1x2x2x16xbf16>
  %88 = "stablehlo.concatenate"(%86, %87) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %89 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %93 = "stablehlo.reduce"(%88, %89) ({
  ^bb0(%90: tensor<bf16>, %91: tensor<bf16>):
    %92 = "stablehlo.maximum"(%90, %91) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%92) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xbf16>, tensor<bf16>) -> tensor<2x2x16xbf16>
  %94 = "stablehlo.add"(%79, %93) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %95 = "stablehlo.slice"(%94) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %96 = "stablehlo.reshape"(%95) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %97 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %98 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %99 = "stablehlo.reshape"(%98) : (tensor<1xi32>) -> tensor<i32>
  %100 = "stablehlo.dynamic_update_slice"(%kv_0_0_key, %96, %97, %99, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %101 = "stablehlo.dot_general"(%62, %100) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %102 = "stablehlo.convert"(%101) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %103 = "stablehlo.reshape"(%102) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %104 = "stablehlo.slice"(%60) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %105 = "stablehlo.reshape"(%104) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %106 = "stablehlo.slice"(%94) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %107 = "stablehlo.reshape"(%106) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %108 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 2>, start_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %109 = "stablehlo.reshape"(%108) : (tensor<1xi32>) -> tensor<i32>
  %110 = "stablehlo.dynamic_update_slice"(%kv_1_0_key, %107, %97, %109, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %111 = "stablehlo.dot_general"(%105, %110) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %112 = "stablehlo.convert"(%111) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %113 = "stablehlo.reshape"(%112) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %114 = "stablehlo.concatenate"(%103, %113) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %115 = "stablehlo.convert"(%114) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %116 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %117 = "stablehlo.multiply"(%115, %116) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %118 = "stablehlo.convert"(%117) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %119 = "stablehlo.convert"(%118) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %120 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %121 = "stablehlo.select"(%3, %119, %120) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %122 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %126 = "stablehlo.reduce"(%121, %122) ({
  ^bb0(%123: tensor<f32>, %124: tensor<f32>):
    %125 = "stablehlo.maximum"(%123, %124) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%125) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %127 = "stablehlo.broadcast_in_dim"(%126) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %128 = "stablehlo.subtract"(%121, %127) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %129 = "stablehlo.exponential"(%128) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %130 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %134 = "stablehlo.reduce"(%129, %130) ({
  ^bb0(%131: tensor<f32>, %132: tensor<f32>):
    %133 = "stablehlo.add"(%131, %132) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%133) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %135 = "stablehlo.broadcast_in_dim"(%134) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %136 = "stablehlo.divide"(%129, %135) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %137 = "stablehlo.convert"(%136) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %138 = "stablehlo.slice"(%137) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %139 = "stablehlo.reshape"(%138) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %140 = "stablehlo.dot_general"(%w6, %20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %141 = "stablehlo.transpose"(%140) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %142 = "stablehlo.convert"(%w7) : (tensor<32xbf16>) -> tensor<32xf32>
  %143 = "stablehlo.broadcast_in_dim"(%142) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %144 = "stablehlo.add"(%141, %143) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %145 = "stablehlo.convert"(%144) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %146 = "stablehlo.reshape"(%145) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %147 = "stablehlo.slice"(%146) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %148 = "stablehlo.reshape"(%147) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %149 = "stablehlo.dynamic_update_slice"(%kv_0_0_value, %148, %97, %99, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %150 = "stablehlo.dot_general"(%139, %149) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %151 = "stablehlo.convert"(%150) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %152 = "stablehlo.reshape"(%151) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %153 = "stablehlo.slice"(%137) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %154 = "stablehlo.reshape"(%153) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %155 = "stablehlo.slice"(%146) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %156 = "stablehlo.reshape"(%155) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %157 = "stablehlo.dynamic_update_slice"(%kv_1_0_value, %156, %97, %109, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %158 = "stablehlo.dot_general"(%154, %157) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %159 = "stablehlo.convert"(%158) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %160 = "stablehlo.reshape"(%159) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %161 = "stablehlo.concatenate"(%152, %160) {dimension = 0 : i64} : (tensor<1x64xbf16>, tensor<1x64xbf16>) -> tensor<2x64xbf16>
  %162 = "stablehlo.dot_general"(%161, %w8) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %163 = "stablehlo.convert"(%162) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %164 = "stablehlo.add"(%0, %163) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %165 = "stablehlo.convert"(%164) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %166 = "stablehlo.multiply"(%165, %165) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %167 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %171 = "stablehlo.reduce"(%166, %167) ({
  ^bb0(%168: tensor<f32>, %169: tensor<f32>):
    %170 = "stablehlo.add"(%168, %169) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%170) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %172 = "stablehlo.broadcast_in_dim"(%171) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %173 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %174 = "stablehlo.divide"(%172, %173) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %175 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %176 = "stablehlo.add"(%174, %175) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %177 = "stablehlo.rsqrt"(%176) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %178 = "stablehlo.multiply"(%165, %177) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %179 = "stablehlo.convert"(%178) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %180 = "stablehlo.broadcast_in_dim"(%w9) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %181 = "stablehlo.multiply"(%179, %180) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %182 = "stablehlo.dot_general"(%181, %w10) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %183 = "stablehlo.convert"(%182) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %184 = "stablehlo.convert"(%183) : (tensor<2x128xbf16>) -> tensor<2x128xf32>
  %185 = "stablehlo.logistic"(%184) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %186 = "stablehlo.multiply"(%184, %185) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %187 = "stablehlo.convert"(%186) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %188 = "stablehlo.dot_general"(%181, %w11) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %189 = "stablehlo.convert"(%188) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %190 = "stablehlo.multiply"(%187, %189) : (tensor<2x128xbf16>, tensor<2x128xbf16>) -> tensor<2x128xbf16>
  %191 = "stablehlo.dot_general"(%w12, %190) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<64x128xbf16>, tensor<2x128xbf16>) -> tensor<64x2xf32>
  %192 = "stablehlo.transpose"(%191) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %193 = "stablehlo.convert"(%192) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %194 = "stablehlo.add"(%164, %193) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %195 = "stablehlo.convert"(%194) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %196 = "stablehlo.multiply"(%195, %195) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %197 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %201 = "stablehlo.reduce"(%196, %197) ({
  ^bb0(%198: tensor<f32>, %199: tensor<f32>):
    %200 = "stablehlo.add"(%198, %199) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%200) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %202 = "stablehlo.broadcast_in_dim"(%201) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %203 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %204 = "stablehlo.divide"(%202, %203) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %205 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %206 = "stablehlo.add"(%204, %205) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %207 = "stablehlo.rsqrt"(%206) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %208 = "stablehlo.multiply"(%195, %207) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %209 = "stablehlo.convert"(%208) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %210 = "stablehlo.broadcast_in_dim"(%w13) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %211 = "stablehlo.multiply"(%209, %210) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %212 = "stablehlo.dot_general"(%211, %w14) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %213 = "stablehlo.convert"(%w15) : (tensor<64xbf16>) -> tensor<64xf32>
  %214 = "stablehlo.broadcast_in_dim"(%213) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %215 = "stablehlo.add"(%212, %214) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %216 = "stablehlo.convert"(%215) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %217 = "stablehlo.reshape"(%216) : (tensor<2x64xbf16>) -> tensor<2x4x16xbf16>
  %218 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %219 = "stablehlo.multiply"(%217, %218) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %220 = "stablehlo.reshape"(%219) : (tensor<2x4x16xbf16>) -> tensor<1x2x4x16xbf16>
  %221 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x4x16xbf16>} : () -> tensor<1x2x4x16xbf16>
  %222 = "stablehlo.concatenate"(%220, %221) {dimension = 0 : i64} : (tensor<1x2x4x16xbf16>, tensor<1x2x4x16xbf16>) -> tensor<2x2x4x16xbf16>
  %223 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %227 = "stablehlo.reduce"(%222, %223) ({
  ^bb0(%224: tensor<bf16>, %225: tensor<bf16>):
    %226 = "stablehlo.maximum"(%224, %225) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%226) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xbf16>, tensor<bf16>) -> tensor<2x4x16xbf16>
  %228 = "stablehlo.slice"(%217) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %229 = "stablehlo.negate"(%228) : (tensor<2x4x8xbf16>) -> tensor<2x4x8xbf16>
  %230 = "stablehlo.slice"(%217) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %231 = "stablehlo.concatenate"(%229, %230) {dimension = 2 : i64} : (tensor<2x4x8xbf16>, tensor<2x4x8xbf16>) -> tensor<2x4x16xbf16>
  %232 = "stablehlo.broadcast_in_dim"(%49) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %233 = "stablehlo.multiply"(%231, %232) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %234 = "stablehlo.reshape"(%233) : (tensor<2x4x16xbf16>) -> tensor<1x2x4x16xbf16>
  %235 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x4x16xbf16>} : () -> tensor<1x2x4x16xbf16>
  %236 = "stablehlo.concatenate"(%234, %235) {dimension = 0 : i64} : (tensor<1x2x4x16xbf16>, tensor<1x2x4x16xbf16>) -> tensor<2x2x4x16xbf16>
  %237 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %241 = "stablehlo.reduce"(%236, %237) ({
  ^bb0(%238: tensor<bf16>, %239: tensor<bf16>):
    %240 = "stablehlo.maximum"(%238, %239) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%240) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xbf16>, tensor<bf16>) -> tensor<2x4x16xbf16>
  %242 = "stablehlo.add"(%227, %241) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %243 = "stablehlo.slice"(%242) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %244 = "stablehlo.reshape"(%243) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %245 = "stablehlo.dot_general"(%w16, %211) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %246 = "stablehlo.transpose"(%245) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %247 = "stablehlo.convert"(%w17) : (tensor<32xbf16>) -> tensor<32xf32>
  %248 = "stablehlo.broadcast_in_dim"(%247) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %249 = "stablehlo.add"(%246, %248) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %250 = "stablehlo.convert"(%249) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %251 = "stablehlo.reshape"(%250) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %252 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %253 = "stablehlo.multiply"(%251, %252) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %254 = "stablehlo.reshape"(%253) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %255 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x2x16xbf16>} : () -> tensor<1x2x2x16xbf16>
  %256 = "stablehlo.concatenate"(%254, %255) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %257 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %261 = "stablehlo.reduce"(%256, %257) ({
  ^bb0(%258: tensor<bf16>, %259: tensor<bf16>):
    %260 = "stablehlo.maximum"(%258, %259) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%260) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xbf16>, tensor<bf16>) -> tensor<2x2x16xbf16>
  %262 = "stablehlo.slice"(%251) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %263 = "stablehlo.negate"(%262) : (tensor<2x2x8xbf16>) -> tensor<2x2x8xbf16>
  %264 = "stablehlo.slice"(%251) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %265 = "stablehlo.concatenate"(%263, %264) {dimension = 2 : i64} : (tensor<2x2x8xbf16>, tensor<2x2x8xbf16>) -> tensor<2x2x16xbf16>
  %266 = "stablehlo.broadcast_in_dim"(%49) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %267 = "stablehlo.multiply"(%265, %266) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %268 = "stablehlo.reshape"(%267) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %269 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<1x2x2x16xbf16>} : () -> tensor<1x2x2x16xbf16>
  %270 = "stablehlo.concatenate"(%268, %269) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %271 = "stablehlo.constant"() {value = dense<0xFF80> : tensor<bf16>} : () -> tensor<bf16>
  %275 = "stablehlo.reduce"(%270, %271) ({
  ^bb0(%272: tensor<bf16>, %273: tensor<bf16>):
    %274 = "stablehlo.maximum"(%272, %273) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "stablehlo.return"(%274) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xbf16>, tensor<bf16>) -> tensor<2x2x16xbf16>
  %276 = "stablehlo.add"(%261, %275) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %277 = "stablehlo.slice"(%276) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %278 = "stablehlo.reshape"(%277) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %279 = "stablehlo.dynamic_update_slice"(%kv_0_1_key, %278, %97, %99, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %280 = "stablehlo.dot_general"(%244, %279) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %281 = "stablehlo.convert"(%280) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %282 = "stablehlo.reshape"(%281) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %283 = "stablehlo.slice"(%242) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %284 = "stablehlo.reshape"(%283) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %285 = "stablehlo.slice"(%276) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %286 = "stablehlo.reshape"(%285) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %287 = "stablehlo.dynamic_update_slice"(%kv_1_1_key, %286, %97, %109, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %288 = "stablehlo.dot_general"(%284, %287) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %289 = "stablehlo.convert"(%288) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %290 = "stablehlo.reshape"(%289) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %291 = "stablehlo.concatenate"(%282, %290) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %292 = "stablehlo.convert"(%291) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %293 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %294 = "stablehlo.multiply"(%292, %293) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %295 = "stablehlo.convert"(%294) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %296 = "stablehlo.convert"(%295) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %297 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %298 = "stablehlo.select"(%3, %296, %297) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %299 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %303 = "stablehlo.reduce"(%298, %299) ({
  ^bb0(%300: tensor<f32>, %301: tensor<f32>):
    %302 = "stablehlo.maximum"(%300, %301) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%302) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %304 = "stablehlo.broadcast_in_dim"(%303) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %305 = "stablehlo.subtract"(%298, %304) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %306 = "stablehlo.exponential"(%305) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %307 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %311 = "stablehlo.reduce"(%306, %307) ({
  ^bb0(%308: tensor<f32>, %309: tensor<f32>):
    %310 = "stablehlo.add"(%308, %309) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%310) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %312 = "stablehlo.broadcast_in_dim"(%311) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %313 = "stablehlo.divide"(%306, %312) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %314 = "stablehlo.convert"(%313) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %315 = "stablehlo.slice"(%314) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %316 = "stablehlo.reshape"(%315) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %317 = "stablehlo.dot_general"(%w18, %211) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %318 = "stablehlo.transpose"(%317) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %319 = "stablehlo.convert"(%w19) : (tensor<32xbf16>) -> tensor<32xf32>
  %320 = "stablehlo.broadcast_in_dim"(%319) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %321 = "stablehlo.add"(%318, %320) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %322 = "stablehlo.convert"(%321) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %323 = "stablehlo.reshape"(%322) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %324 = "stablehlo.slice"(%323) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %325 = "stablehlo.reshape"(%324) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %326 = "stablehlo.dynamic_update_slice"(%kv_0_1_value, %325, %97, %99, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %327 = "stablehlo.dot_general"(%316, %326) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %328 = "stablehlo.convert"(%327) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %329 = "stablehlo.reshape"(%328) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %330 = "stablehlo.slice"(%314) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %331 = "stablehlo.reshape"(%330) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %332 = "stablehlo.slice"(%323) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %333 = "stablehlo.reshape"(%332) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %334 = "stablehlo.dynamic_update_slice"(%kv_1_1_value, %333, %97, %109, %97) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %335 = "stablehlo.dot_general"(%331, %334) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %336 = "stablehlo.convert"(%335) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %337 = "stablehlo.reshape"(%336) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %338 = "stablehlo.concatenate"(%329, %337) {dimension = 0 : i64} : (tensor<1x64xbf16>, tensor<1x64xbf16>) -> tensor<2x64xbf16>
  %339 = "stablehlo.dot_general"(%338, %w20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %340 = "stablehlo.convert"(%339) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %341 = "stablehlo.add"(%194, %340) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %342 = "stablehlo.convert"(%341) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %343 = "stablehlo.multiply"(%342, %342) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %344 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %348 = "stablehlo.reduce"(%343, %344) ({
  ^bb0(%345: tensor<f32>, %346: tensor<f32>):
    %347 = "stablehlo.add"(%345, %346) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%347) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %349 = "stablehlo.broadcast_in_dim"(%348) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %350 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %351 = "stablehlo.divide"(%349, %350) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %352 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %353 = "stablehlo.add"(%351, %352) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %354 = "stablehlo.rsqrt"(%353) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %355 = "stablehlo.multiply"(%342, %354) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %356 = "stablehlo.convert"(%355) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %357 = "stablehlo.broadcast_in_dim"(%w21) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %358 = "stablehlo.multiply"(%356, %357) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %359 = "stablehlo.dot_general"(%358, %w22) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %360 = "stablehlo.convert"(%359) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %361 = "stablehlo.convert"(%360) : (tensor<2x128xbf16>) -> tensor<2x128xf32>
  %362 = "stablehlo.logistic"(%361) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %363 = "stablehlo.multiply"(%361, %362) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %364 = "stablehlo.convert"(%363) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %365 = "stablehlo.dot_general"(%358, %w23) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %366 = "stablehlo.convert"(%365) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %367 = "stablehlo.multiply"(%364, %366) : (tensor<2x128xbf16>, tensor<2x128xbf16>) -> tensor<2x128xbf16>
  %368 = "stablehlo.dot_general"(%w24, %367) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<64x128xbf16>, tensor<2x128xbf16>) -> tensor<64x2xf32>
  %369 = "stablehlo.transpose"(%368) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %370 = "stablehlo.convert"(%369) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %371 = "stablehlo.add"(%341, %370) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %372 = "stablehlo.convert"(%371) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %373 = "stablehlo.multiply"(%372, %372) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %374 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %378 = "stablehlo.reduce"(%373, %374) ({
  ^bb0(%375: tensor<f32>, %376: tensor<f32>):
    %377 = "stablehlo.add"(%375, %376) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%377) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %379 = "stablehlo.broadcast_in_dim"(%378) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %380 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %381 = "stablehlo.divide"(%379, %380) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %382 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %383 = "stablehlo.add"(%381, %382) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %384 = "stablehlo.rsqrt"(%383) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %385 = "stablehlo.multiply"(%372, %384) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %386 = "stablehlo.convert"(%385) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %387 = "stablehlo.broadcast_in_dim"(%w25) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %388 = "stablehlo.multiply"(%386, %387) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %389 = "stablehlo.dot_general"(%388, %w0) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<1400x64xbf16>) -> tensor<2x1400xf32>
  %390 = "stablehlo.convert"(%389) : (tensor<2x1400xf32>) -> tensor<2x1400xbf16>
  %391 = "stablehlo.convert"(%390) : (tensor<2x1400xbf16>) -> tensor<2x1400xf32>
  func.return %391, %100, %149, %279, %326, %110, %157, %287, %334 : tensor<2x1400xf32>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>
}
}
