// qwen2_5_vl_vision_encode_f32_N64_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// vision_encode
// input pixel_values tensor<64x96xf32> alias=-1
// input rotary_hw tensor<64x2xi32> alias=-1
// input full_segment tensor<64xi32> alias=-1
// input window_segment tensor<64xi32> alias=-1
// input merged_order tensor<16xi32> alias=-1
// weight visual.patch_embed.proj.weight tensor<32x3x2x4x4xf32> alias=-1
// weight visual.blocks.0.norm1.weight tensor<32xf32> alias=-1
// weight visual.blocks.0.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight visual.blocks.0.attn.qkv.bias tensor<96xf32> alias=-1
// weight visual.blocks.0.attn.proj.weight tensor<32x32xf32> alias=-1
// weight visual.blocks.0.attn.proj.bias tensor<32xf32> alias=-1
// weight visual.blocks.0.norm2.weight tensor<32xf32> alias=-1
// weight visual.blocks.0.mlp.gate_proj.weight tensor<48x32xf32> alias=-1
// weight visual.blocks.0.mlp.gate_proj.bias tensor<48xf32> alias=-1
// weight visual.blocks.0.mlp.up_proj.weight tensor<48x32xf32> alias=-1
// weight visual.blocks.0.mlp.up_proj.bias tensor<48xf32> alias=-1
// weight visual.blocks.0.mlp.down_proj.weight tensor<32x48xf32> alias=-1
// weight visual.blocks.0.mlp.down_proj.bias tensor<32xf32> alias=-1
// weight visual.blocks.1.norm1.weight tensor<32xf32> alias=-1
// weight visual.blocks.1.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight visual.blocks.1.attn.qkv.bias tensor<96xf32> alias=-1
// weight visual.blocks.1.attn.proj.weight tensor<32x32xf32> alias=-1
// weight visual.blocks.1.attn.proj.bias tensor<32xf32> alias=-1
// weight visual.blocks.1.norm2.weight tensor<32xf32> alias=-1
// weight visual.blocks.1.mlp.gate_proj.weight tensor<48x32xf32> alias=-1
// weight visual.blocks.1.mlp.gate_proj.bias tensor<48xf32> alias=-1
// weight visual.blocks.1.mlp.up_proj.weight tensor<48x32xf32> alias=-1
// weight visual.blocks.1.mlp.up_proj.bias tensor<48xf32> alias=-1
// weight visual.blocks.1.mlp.down_proj.weight tensor<32x48xf32> alias=-1
// weight visual.blocks.1.mlp.down_proj.bias tensor<32xf32> alias=-1
// weight visual.blocks.2.norm1.weight tensor<32xf32> alias=-1
// weight visual.blocks.2.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight visual.blocks.2.attn.qkv.bias tensor<96xf32> alias=-1
// weight visual.blocks.2.attn.proj.weight tensor<32x32xf32> alias=-1
// weight visual.blocks.2.attn.proj.bias tensor<32xf32> alias=-1
// weight visual.blocks.2.norm2.weight tensor<32xf32> alias=-1
// weight visual.blocks.2.mlp.gate_proj.weight tensor<48x32xf32> alias=-1
// weight visual.blocks.2.mlp.gate_proj.bias tensor<48xf32> alias=-1
// weight visual.blocks.2.mlp.up_proj.weight tensor<48x32xf32> alias=-1
// weight visual.blocks.2.mlp.up_proj.bias tensor<48xf32> alias=-1
// weight visual.blocks.2.mlp.down_proj.weight tensor<32x48xf32> alias=-1
// weight visual.blocks.2.mlp.down_proj.bias tensor<32xf32> alias=-1
// weight visual.merger.ln_q.weight tensor<32xf32> alias=-1
// weight visual.merger.mlp.0.weight tensor<128x128xf32> alias=-1
// weight visual.merger.mlp.0.bias tensor<128xf32> alias=-1
// weight visual.merger.mlp.2.weight tensor<64x128xf32> alias=-1
// weight visual.merger.mlp.2.bias tensor<64xf32> alias=-1
// result image_features tensor<16x64xf32>
// result vision_hidden_states.0 tensor<64x32xf32>
// result vision_hidden_states.1 tensor<64x32xf32>
// result vision_hidden_states.2 tensor<64x32xf32>
// result vision_hidden_states.3 tensor<64x32xf32>
module {
func.func public @main(%pixel_values: tensor<64x96xf32>, %rotary_hw: tensor<64x2xi32>, %full_segment: tensor<64xi32>, %window_segment: tensor<64xi32>, %merged_order: tensor<16xi32>, %w0: tensor<32x3x2x4x4xf32>, %w1: tensor<32xf32>, %w2: tensor<96x32xf32>, %w3: tensor<96xf32>, %w4: tensor<32x32xf32>, %w5: tensor<32xf32>, %w6: tensor<32xf32>, %w7: tensor<48x32xf32>, %w8: tensor<48xf32>, %w9: tensor<48x32xf32>, %w10: tensor<48xf32>, %w11: tensor<32x48xf32>, %w12: tensor<32xf32>, %w13: tensor<32xf32>, %w14: tensor<96x32xf32>, %w15: tensor<96xf32>, %w16: tensor<32x32xf32>, %w17: tensor<32xf32>, %w18: tensor<32xf32>, %w19: tensor<48x32xf32>, %w20: tensor<48xf32>, %w21: tensor<48x32xf32>, %w22: tensor<48xf32>, %w23: tensor<32x48xf32>, %w24: tensor<32xf32>, %w25: tensor<32xf32>, %w26: tensor<96x32xf32>, %w27: tensor<96xf32>, %w28: tensor<32x32xf32>, %w29: tensor<32xf32>, %w30: tensor<32xf32>, %w31: tensor<48x32xf32>, %w32: tensor<48xf32>, %w33: tensor<48x32xf32>, %w34: tensor<48xf32>, %w35: tensor<32x48xf32>, %w36: tensor<32xf32>, %w37: tensor<32xf32>, %w38: tensor<128x128xf32>, %w39: tensor<128xf32>, %w40: tensor<64x128xf32>, %w41: tensor<64xf32>) -> (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) {
  %0 = "stablehlo.reshape"(%w0) : (tensor<32x3x2x4x4xf32>) -> tensor<32x96xf32>
  %1 = "stablehlo.dot_general"(%0, %pixel_values) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x96xf32>, tensor<64x96xf32>) -> tensor<32x64xf32>
  %2 = "stablehlo.transpose"(%1) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %3 = "stablehlo.broadcast_in_dim"(%full_segment) {broadcast_dimensions = array<i64: 1>} : (tensor<64xi32>) -> tensor<2x64x64xi32>
  %4 = "stablehlo.broadcast_in_dim"(%full_segment) {broadcast_dimensions = array<i64: 2>} : (tensor<64xi32>) -> tensor<2x64x64xi32>
  %5 = "stablehlo.compare"(%3, %4) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<2x64x64xi32>, tensor<2x64x64xi32>) -> tensor<2x64x64xi1>
  %6 = "stablehlo.multiply"(%2, %2) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %7 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %11 = "stablehlo.reduce"(%6, %7) ({
  ^bb0(%8: tensor<f32>, %9: tensor<f32>):
    %10 = "stablehlo.add"(%8, %9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%10) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %12 = "stablehlo.broadcast_in_dim"(%11) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %13 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %14 = "stablehlo.divide"(%12, %13) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %15 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %16 = "stablehlo.add"(%14, %15) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %17 = "stablehlo.rsqrt"(%16) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %18 = "stablehlo.multiply"(%2, %17) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %19 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %20 = "stablehlo.multiply"(%18, %19) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %21 = "stablehlo.dot_general"(%w2, %20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<64x32xf32>) -> tensor<96x64xf32>
  %22 = "stablehlo.transpose"(%21) {permutation = array<i64: 1, 0>} : (tensor<96x64xf32>) -> tensor<64x96xf32>
  %23 = "stablehlo.broadcast_in_dim"(%w3) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<64x96xf32>
  %24 = "stablehlo.add"(%22, %23) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  %25 = "stablehlo.reshape"(%24) : (tensor<64x96xf32>) -> tensor<64x3x2x16xf32>
  %26 = "stablehlo.slice"(%25) {limit_indices = array<i64: 64, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %27 = "stablehlo.reshape"(%26) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %28 = "stablehlo.convert"(%rotary_hw) : (tensor<64x2xi32>) -> tensor<64x2xf32>
  %29 = "stablehlo.slice"(%28) {limit_indices = array<i64: 64, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<64x2xf32>) -> tensor<64x1xf32>
  %30 = "stablehlo.reshape"(%29) : (tensor<64x1xf32>) -> tensor<64xf32>
  %31 = "stablehlo.broadcast_in_dim"(%30) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x4xf32>
  %32 = "stablehlo.constant"() {value = dense<"0x0000803FCDCCCC3D0AD7233C6F12833A"> : tensor<4xf32>} : () -> tensor<4xf32>
  %33 = "stablehlo.broadcast_in_dim"(%32) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<64x4xf32>
  %34 = "stablehlo.multiply"(%31, %33) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
  %35 = "stablehlo.slice"(%28) {limit_indices = array<i64: 64, 2>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 1>} : (tensor<64x2xf32>) -> tensor<64x1xf32>
  %36 = "stablehlo.reshape"(%35) : (tensor<64x1xf32>) -> tensor<64xf32>
  %37 = "stablehlo.broadcast_in_dim"(%36) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x4xf32>
  %38 = "stablehlo.constant"() {value = dense<"0x0000803FCDCCCC3D0AD7233C6F12833A"> : tensor<4xf32>} : () -> tensor<4xf32>
  %39 = "stablehlo.broadcast_in_dim"(%38) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<64x4xf32>
  %40 = "stablehlo.multiply"(%37, %39) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
  %41 = "stablehlo.concatenate"(%34, %40) {dimension = 1 : i64} : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x8xf32>
  %42 = "stablehlo.concatenate"(%41, %41) {dimension = 1 : i64} : (tensor<64x8xf32>, tensor<64x8xf32>) -> tensor<64x16xf32>
  %43 = "stablehlo.cosine"(%42) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  %44 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %45 = "stablehlo.multiply"(%27, %44) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %46 = "stablehlo.slice"(%27) {limit_indices = array<i64: 64, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %47 = "stablehlo.negate"(%46) : (tensor<64x2x8xf32>) -> tensor<64x2x8xf32>
  %48 = "stablehlo.slice"(%27) {limit_indices = array<i64: 64, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %49 = "stablehlo.concatenate"(%47, %48) {dimension = 2 : i64} : (tensor<64x2x8xf32>, tensor<64x2x8xf32>) -> tensor<64x2x16xf32>
  %50 = "stablehlo.sine"(%42) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  %51 = "stablehlo.broadcast_in_dim"(%50) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %52 = "stablehlo.multiply"(%49, %51) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %53 = "stablehlo.add"(%45, %52) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %54 = "stablehlo.transpose"(%53) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %55 = "stablehlo.slice"(%25) {limit_indices = array<i64: 64, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %56 = "stablehlo.reshape"(%55) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %57 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %58 = "stablehlo.multiply"(%56, %57) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %59 = "stablehlo.slice"(%56) {limit_indices = array<i64: 64, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %60 = "stablehlo.negate"(%59) : (tensor<64x2x8xf32>) -> tensor<64x2x8xf32>
  %61 = "stablehlo.slice"(%56) {limit_indices = array<i64: 64, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %62 = "stablehlo.concatenate"(%60, %61) {dimension = 2 : i64} : (tensor<64x2x8xf32>, tensor<64x2x8xf32>) -> tensor<64x2x16xf32>
  %63 = "stablehlo.broadcast_in_dim"(%50) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %64 = "stablehlo.multiply"(%62, %63) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %65 = "stablehlo.add"(%58, %64) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %66 = "stablehlo.transpose"(%65) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %67 = "stablehlo.dot_general"(%54, %66) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x64x16xf32>, tensor<2x64x16xf32>) -> tensor<2x64x64xf32>
  %68 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x64x64xf32>} : () -> tensor<2x64x64xf32>
  %69 = "stablehlo.multiply"(%67, %68) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %70 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x64x64xf32>} : () -> tensor<2x64x64xf32>
  %71 = "stablehlo.select"(%5, %69, %70) : (tensor<2x64x64xi1>, tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %72 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %76 = "stablehlo.reduce"(%71, %72) ({
  ^bb0(%73: tensor<f32>, %74: tensor<f32>):
    %75 = "stablehlo.maximum"(%73, %74) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%75) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x64x64xf32>, tensor<f32>) -> tensor<2x64xf32>
  %77 = "stablehlo.broadcast_in_dim"(%76) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x64xf32>) -> tensor<2x64x64xf32>
  %78 = "stablehlo.subtract"(%71, %77) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %79 = "stablehlo.exponential"(%78) : (tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %80 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %84 = "stablehlo.reduce"(%79, %80) ({
  ^bb0(%81: tensor<f32>, %82: tensor<f32>):
    %83 = "stablehlo.add"(%81, %82) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%83) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x64x64xf32>, tensor<f32>) -> tensor<2x64xf32>
  %85 = "stablehlo.broadcast_in_dim"(%84) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x64xf32>) -> tensor<2x64x64xf32>
  %86 = "stablehlo.divide"(%79, %85) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %87 = "stablehlo.slice"(%25) {limit_indices = array<i64: 64, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %88 = "stablehlo.reshape"(%87) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %89 = "stablehlo.transpose"(%88) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %90 = "stablehlo.dot_general"(%86, %89) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x64x64xf32>, tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %91 = "stablehlo.transpose"(%90) {permutation = array<i64: 1, 0, 2>} : (tensor<2x64x16xf32>) -> tensor<64x2x16xf32>
  %92 = "stablehlo.reshape"(%91) : (tensor<64x2x16xf32>) -> tensor<64x32xf32>
  %93 = "stablehlo.dot_general"(%w4, %92) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<64x32xf32>) -> tensor<32x64xf32>
  %94 = "stablehlo.transpose"(%93) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %95 = "stablehlo.broadcast_in_dim"(%w5) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %96 = "stablehlo.add"(%94, %95) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %97 = "stablehlo.add"(%2, %96) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %98 = "stablehlo.multiply"(%97, %97) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %99 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %103 = "stablehlo.reduce"(%98, %99) ({
  ^bb0(%100: tensor<f32>, %101: tensor<f32>):
    %102 = "stablehlo.add"(%100, %101) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%102) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %104 = "stablehlo.broadcast_in_dim"(%103) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %105 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %106 = "stablehlo.divide"(%104, %105) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %107 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %108 = "stablehlo.add"(%106, %107) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %109 = "stablehlo.rsqrt"(%108) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %110 = "stablehlo.multiply"(%97, %109) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %111 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %112 = "stablehlo.multiply"(%110, %111) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %113 = "stablehlo.dot_general"(%w7, %112) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x32xf32>, tensor<64x32xf32>) -> tensor<48x64xf32>
  %114 = "stablehlo.transpose"(%113) {permutation = array<i64: 1, 0>} : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %115 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 1>} : (tensor<48xf32>) -> tensor<64x48xf32>
  %116 = "stablehlo.add"(%114, %115) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %117 = "stablehlo.logistic"(%116) : (tensor<64x48xf32>) -> tensor<64x48xf32>
  %118 = "stablehlo.multiply"(%116, %117) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %119 = "stablehlo.dot_general"(%w9, %112) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x32xf32>, tensor<64x32xf32>) -> tensor<48x64xf32>
  %120 = "stablehlo.transpose"(%119) {permutation = array<i64: 1, 0>} : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %121 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 1>} : (tensor<48xf32>) -> tensor<64x48xf32>
  %122 = "stablehlo.add"(%120, %121) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %123 = "stablehlo.multiply"(%118, %122) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %124 = "stablehlo.dot_general"(%w11, %123) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x48xf32>, tensor<64x48xf32>) -> tensor<32x64xf32>
  %125 = "stablehlo.transpose"(%124) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %126 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %127 = "stablehlo.add"(%125, %126) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %128 = "stablehlo.add"(%97, %127) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %129 = "stablehlo.broadcast_in_dim"(%window_segment) {broadcast_dimensions = array<i64: 1>} : (tensor<64xi32>) -> tensor<2x64x64xi32>
  %130 = "stablehlo.broadcast_in_dim"(%window_segment) {broadcast_dimensions = array<i64: 2>} : (tensor<64xi32>) -> tensor<2x64x64xi32>
  %131 = "stablehlo.compare"(%129, %130) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<2x64x64xi32>, tensor<2x64x64xi32>) -> tensor<2x64x64xi1>
  %132 = "stablehlo.multiply"(%128, %128) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %133 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %137 = "stablehlo.reduce"(%132, %133) ({
  ^bb0(%134: tensor<f32>, %135: tensor<f32>):
    %136 = "stablehlo.add"(%134, %135) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%136) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %138 = "stablehlo.broadcast_in_dim"(%137) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %139 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %140 = "stablehlo.divide"(%138, %139) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %141 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %142 = "stablehlo.add"(%140, %141) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %143 = "stablehlo.rsqrt"(%142) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %144 = "stablehlo.multiply"(%128, %143) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %145 = "stablehlo.broadcast_in_dim"(%w13) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %146 = "stablehlo.multiply"(%144, %145) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %147 = "stablehlo.dot_general"(%w14, %146) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<64x32xf32>) -> tensor<96x64xf32>
  %148 = "stablehlo.transpose"(%147) {permutation = array<i64: 1, 0>} : (tensor<96x64xf32>) -> tensor<64x96xf32>
  %149 = "stablehlo.broadcast_in_dim"(%w15) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<64x96xf32>
  %150 = "stablehlo.add"(%148, %149) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  %151 = "stablehlo.reshape"(%150) : (tensor<64x96xf32>) -> tensor<64x3x2x16xf32>
  %152 = "stablehlo.slice"(%151) {limit_indices = array<i64: 64, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %153 = "stablehlo.reshape"(%152) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %154 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %155 = "stablehlo.multiply"(%153, %154) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %156 = "stablehlo.slice"(%153) {limit_indices = array<i64: 64, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %157 = "stablehlo.negate"(%156) : (tensor<64x2x8xf32>) -> tensor<64x2x8xf32>
  %158 = "stablehlo.slice"(%153) {limit_indices = array<i64: 64, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %159 = "stablehlo.concatenate"(%157, %158) {dimension = 2 : i64} : (tensor<64x2x8xf32>, tensor<64x2x8xf32>) -> tensor<64x2x16xf32>
  %160 = "stablehlo.broadcast_in_dim"(%50) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %161 = "stablehlo.multiply"(%159, %160) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %162 = "stablehlo.add"(%155, %161) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %163 = "stablehlo.transpose"(%162) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %164 = "stablehlo.slice"(%151) {limit_indices = array<i64: 64, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %165 = "stablehlo.reshape"(%164) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %166 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %167 = "stablehlo.multiply"(%165, %166) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %168 = "stablehlo.slice"(%165) {limit_indices = array<i64: 64, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %169 = "stablehlo.negate"(%168) : (tensor<64x2x8xf32>) -> tensor<64x2x8xf32>
  %170 = "stablehlo.slice"(%165) {limit_indices = array<i64: 64, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %171 = "stablehlo.concatenate"(%169, %170) {dimension = 2 : i64} : (tensor<64x2x8xf32>, tensor<64x2x8xf32>) -> tensor<64x2x16xf32>
  %172 = "stablehlo.broadcast_in_dim"(%50) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %173 = "stablehlo.multiply"(%171, %172) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %174 = "stablehlo.add"(%167, %173) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %175 = "stablehlo.transpose"(%174) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %176 = "stablehlo.dot_general"(%163, %175) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x64x16xf32>, tensor<2x64x16xf32>) -> tensor<2x64x64xf32>
  %177 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x64x64xf32>} : () -> tensor<2x64x64xf32>
  %178 = "stablehlo.multiply"(%176, %177) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %179 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x64x64xf32>} : () -> tensor<2x64x64xf32>
  %180 = "stablehlo.select"(%131, %178, %179) : (tensor<2x64x64xi1>, tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %181 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %185 = "stablehlo.reduce"(%180, %181) ({
  ^bb0(%182: tensor<f32>, %183: tensor<f32>):
    %184 = "stablehlo.maximum"(%182, %183) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%184) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x64x64xf32>, tensor<f32>) -> tensor<2x64xf32>
  %186 = "stablehlo.broadcast_in_dim"(%185) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x64xf32>) -> tensor<2x64x64xf32>
  %187 = "stablehlo.subtract"(%180, %186) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %188 = "stablehlo.exponential"(%187) : (tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %189 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %193 = "stablehlo.reduce"(%188, %189) ({
  ^bb0(%190: tensor<f32>, %191: tensor<f32>):
    %192 = "stablehlo.add"(%190, %191) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%192) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x64x64xf32>, tensor<f32>) -> tensor<2x64xf32>
  %194 = "stablehlo.broadcast_in_dim"(%193) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x64xf32>) -> tensor<2x64x64xf32>
  %195 = "stablehlo.divide"(%188, %194) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %196 = "stablehlo.slice"(%151) {limit_indices = array<i64: 64, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %197 = "stablehlo.reshape"(%196) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %198 = "stablehlo.transpose"(%197) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %199 = "stablehlo.dot_general"(%195, %198) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x64x64xf32>, tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %200 = "stablehlo.transpose"(%199) {permutation = array<i64: 1, 0, 2>} : (tensor<2x64x16xf32>) -> tensor<64x2x16xf32>
  %201 = "stablehlo.reshape"(%200) : (tensor<64x2x16xf32>) -> tensor<64x32xf32>
  %202 = "stablehlo.dot_general"(%w16, %201) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<64x32xf32>) -> tensor<32x64xf32>
  %203 = "stablehlo.transpose"(%202) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %204 = "stablehlo.broadcast_in_dim"(%w17) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %205 = "stablehlo.add"(%203, %204) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %206 = "stablehlo.add"(%128, %205) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %207 = "stablehlo.multiply"(%206, %206) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %208 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %212 = "stablehlo.reduce"(%207, %208) ({
  ^bb0(%209: tensor<f32>, %210: tensor<f32>):
    %211 = "stablehlo.add"(%209, %210) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%211) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %213 = "stablehlo.broadcast_in_dim"(%212) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %214 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %215 = "stablehlo.divide"(%213, %214) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %216 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %217 = "stablehlo.add"(%215, %216) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %218 = "stablehlo.rsqrt"(%217) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %219 = "stablehlo.multiply"(%206, %218) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %220 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %221 = "stablehlo.multiply"(%219, %220) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %222 = "stablehlo.dot_general"(%w19, %221) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x32xf32>, tensor<64x32xf32>) -> tensor<48x64xf32>
  %223 = "stablehlo.transpose"(%222) {permutation = array<i64: 1, 0>} : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %224 = "stablehlo.broadcast_in_dim"(%w20) {broadcast_dimensions = array<i64: 1>} : (tensor<48xf32>) -> tensor<64x48xf32>
  %225 = "stablehlo.add"(%223, %224) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %226 = "stablehlo.logistic"(%225) : (tensor<64x48xf32>) -> tensor<64x48xf32>
  %227 = "stablehlo.multiply"(%225, %226) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %228 = "stablehlo.dot_general"(%w21, %221) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x32xf32>, tensor<64x32xf32>) -> tensor<48x64xf32>
  %229 = "stablehlo.transpose"(%228) {permutation = array<i64: 1, 0>} : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %230 = "stablehlo.broadcast_in_dim"(%w22) {broadcast_dimensions = array<i64: 1>} : (tensor<48xf32>) -> tensor<64x48xf32>
  %231 = "stablehlo.add"(%229, %230) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %232 = "stablehlo.multiply"(%227, %231) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %233 = "stablehlo.dot_general"(%w23, %232) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x48xf32>, tensor<64x48xf32>) -> tensor<32x64xf32>
  %234 = "stablehlo.transpose"(%233) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %235 = "stablehlo.broadcast_in_dim"(%w24) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %236 = "stablehlo.add"(%234, %235) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %237 = "stablehlo.add"(%206, %236) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %238 = "stablehlo.multiply"(%237, %237) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %239 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %243 = "stablehlo.reduce"(%238, %239) ({
  ^bb0(%240: tensor<f32>, %241: tensor<f32>):
    %242 = "stablehlo.add"(%240, %241) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%242) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %244 = "stablehlo.broadcast_in_dim"(%243) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %245 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %246 = "stablehlo.divide"(%244, %245) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %247 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %248 = "stablehlo.add"(%246, %247) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %249 = "stablehlo.rsqrt"(%248) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %250 = "stablehlo.multiply"(%237, %249) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %251 = "stablehlo.broadcast_in_dim"(%w25) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %252 = "stablehlo.multiply"(%250, %251) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %253 = "stablehlo.dot_general"(%w26, %252) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<64x32xf32>) -> tensor<96x64xf32>
  %254 = "stablehlo.transpose"(%253) {permutation = array<i64: 1, 0>} : (tensor<96x64xf32>) -> tensor<64x96xf32>
  %255 = "stablehlo.broadcast_in_dim"(%w27) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<64x96xf32>
  %256 = "stablehlo.add"(%254, %255) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  %257 = "stablehlo.reshape"(%256) : (tensor<64x96xf32>) -> tensor<64x3x2x16xf32>
  %258 = "stablehlo.slice"(%257) {limit_indices = array<i64: 64, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %259 = "stablehlo.reshape"(%258) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %260 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %261 = "stablehlo.multiply"(%259, %260) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %262 = "stablehlo.slice"(%259) {limit_indices = array<i64: 64, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %263 = "stablehlo.negate"(%262) : (tensor<64x2x8xf32>) -> tensor<64x2x8xf32>
  %264 = "stablehlo.slice"(%259) {limit_indices = array<i64: 64, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %265 = "stablehlo.concatenate"(%263, %264) {dimension = 2 : i64} : (tensor<64x2x8xf32>, tensor<64x2x8xf32>) -> tensor<64x2x16xf32>
  %266 = "stablehlo.broadcast_in_dim"(%50) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %267 = "stablehlo.multiply"(%265, %266) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %268 = "stablehlo.add"(%261, %267) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %269 = "stablehlo.transpose"(%268) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %270 = "stablehlo.slice"(%257) {limit_indices = array<i64: 64, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %271 = "stablehlo.reshape"(%270) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %272 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %273 = "stablehlo.multiply"(%271, %272) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %274 = "stablehlo.slice"(%271) {limit_indices = array<i64: 64, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %275 = "stablehlo.negate"(%274) : (tensor<64x2x8xf32>) -> tensor<64x2x8xf32>
  %276 = "stablehlo.slice"(%271) {limit_indices = array<i64: 64, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x2x16xf32>) -> tensor<64x2x8xf32>
  %277 = "stablehlo.concatenate"(%275, %276) {dimension = 2 : i64} : (tensor<64x2x8xf32>, tensor<64x2x8xf32>) -> tensor<64x2x16xf32>
  %278 = "stablehlo.broadcast_in_dim"(%50) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<64x16xf32>) -> tensor<64x2x16xf32>
  %279 = "stablehlo.multiply"(%277, %278) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %280 = "stablehlo.add"(%273, %279) : (tensor<64x2x16xf32>, tensor<64x2x16xf32>) -> tensor<64x2x16xf32>
  %281 = "stablehlo.transpose"(%280) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %282 = "stablehlo.dot_general"(%269, %281) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x64x16xf32>, tensor<2x64x16xf32>) -> tensor<2x64x64xf32>
  %283 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x64x64xf32>} : () -> tensor<2x64x64xf32>
  %284 = "stablehlo.multiply"(%282, %283) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %285 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x64x64xf32>} : () -> tensor<2x64x64xf32>
  %286 = "stablehlo.select"(%5, %284, %285) : (tensor<2x64x64xi1>, tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %287 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %291 = "stablehlo.reduce"(%286, %287) ({
  ^bb0(%288: tensor<f32>, %289: tensor<f32>):
    %290 = "stablehlo.maximum"(%288, %289) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%290) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x64x64xf32>, tensor<f32>) -> tensor<2x64xf32>
  %292 = "stablehlo.broadcast_in_dim"(%291) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x64xf32>) -> tensor<2x64x64xf32>
  %293 = "stablehlo.subtract"(%286, %292) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %294 = "stablehlo.exponential"(%293) : (tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %295 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %299 = "stablehlo.reduce"(%294, %295) ({
  ^bb0(%296: tensor<f32>, %297: tensor<f32>):
    %298 = "stablehlo.add"(%296, %297) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%298) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x64x64xf32>, tensor<f32>) -> tensor<2x64xf32>
  %300 = "stablehlo.broadcast_in_dim"(%299) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x64xf32>) -> tensor<2x64x64xf32>
  %301 = "stablehlo.divide"(%294, %300) : (tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  %302 = "stablehlo.slice"(%257) {limit_indices = array<i64: 64, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<64x3x2x16xf32>) -> tensor<64x1x2x16xf32>
  %303 = "stablehlo.reshape"(%302) : (tensor<64x1x2x16xf32>) -> tensor<64x2x16xf32>
  %304 = "stablehlo.transpose"(%303) {permutation = array<i64: 1, 0, 2>} : (tensor<64x2x16xf32>) -> tensor<2x64x16xf32>
  %305 = "stablehlo.dot_general"(%301, %304) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x64x64xf32>, tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  %306 = "stablehlo.transpose"(%305) {permutation = array<i64: 1, 0, 2>} : (tensor<2x64x16xf32>) -> tensor<64x2x16xf32>
  %307 = "stablehlo.reshape"(%306) : (tensor<64x2x16xf32>) -> tensor<64x32xf32>
  %308 = "stablehlo.dot_general"(%w28, %307) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<64x32xf32>) -> tensor<32x64xf32>
  %309 = "stablehlo.transpose"(%308) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %310 = "stablehlo.broadcast_in_dim"(%w29) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %311 = "stablehlo.add"(%309, %310) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %312 = "stablehlo.add"(%237, %311) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %313 = "stablehlo.multiply"(%312, %312) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %314 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %318 = "stablehlo.reduce"(%313, %314) ({
  ^bb0(%315: tensor<f32>, %316: tensor<f32>):
    %317 = "stablehlo.add"(%315, %316) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%317) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %319 = "stablehlo.broadcast_in_dim"(%318) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %320 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %321 = "stablehlo.divide"(%319, %320) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %322 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %323 = "stablehlo.add"(%321, %322) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %324 = "stablehlo.rsqrt"(%323) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %325 = "stablehlo.multiply"(%312, %324) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %326 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %327 = "stablehlo.multiply"(%325, %326) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %328 = "stablehlo.dot_general"(%w31, %327) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x32xf32>, tensor<64x32xf32>) -> tensor<48x64xf32>
  %329 = "stablehlo.transpose"(%328) {permutation = array<i64: 1, 0>} : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %330 = "stablehlo.broadcast_in_dim"(%w32) {broadcast_dimensions = array<i64: 1>} : (tensor<48xf32>) -> tensor<64x48xf32>
  %331 = "stablehlo.add"(%329, %330) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %332 = "stablehlo.logistic"(%331) : (tensor<64x48xf32>) -> tensor<64x48xf32>
  %333 = "stablehlo.multiply"(%331, %332) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %334 = "stablehlo.dot_general"(%w33, %327) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x32xf32>, tensor<64x32xf32>) -> tensor<48x64xf32>
  %335 = "stablehlo.transpose"(%334) {permutation = array<i64: 1, 0>} : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %336 = "stablehlo.broadcast_in_dim"(%w34) {broadcast_dimensions = array<i64: 1>} : (tensor<48xf32>) -> tensor<64x48xf32>
  %337 = "stablehlo.add"(%335, %336) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %338 = "stablehlo.multiply"(%333, %337) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %339 = "stablehlo.dot_general"(%w35, %338) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x48xf32>, tensor<64x48xf32>) -> tensor<32x64xf32>
  %340 = "stablehlo.transpose"(%339) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %341 = "stablehlo.broadcast_in_dim"(%w36) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %342 = "stablehlo.add"(%340, %341) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %343 = "stablehlo.add"(%312, %342) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %344 = "stablehlo.multiply"(%343, %343) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %345 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %349 = "stablehlo.reduce"(%344, %345) ({
  ^bb0(%346: tensor<f32>, %347: tensor<f32>):
    %348 = "stablehlo.add"(%346, %347) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%348) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %350 = "stablehlo.broadcast_in_dim"(%349) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %351 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %352 = "stablehlo.divide"(%350, %351) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %353 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<64x32xf32>} : () -> tensor<64x32xf32>
  %354 = "stablehlo.add"(%352, %353) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %355 = "stablehlo.rsqrt"(%354) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %356 = "stablehlo.multiply"(%343, %355) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %357 = "stablehlo.broadcast_in_dim"(%w37) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<64x32xf32>
  %358 = "stablehlo.multiply"(%356, %357) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %359 = "stablehlo.reshape"(%358) : (tensor<64x32xf32>) -> tensor<16x128xf32>
  %360 = "stablehlo.dot_general"(%w38, %359) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x128xf32>, tensor<16x128xf32>) -> tensor<128x16xf32>
  %361 = "stablehlo.transpose"(%360) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %362 = "stablehlo.broadcast_in_dim"(%w39) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<16x128xf32>
  %363 = "stablehlo.add"(%361, %362) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %364 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x128xf32>} : () -> tensor<16x128xf32>
  %365 = "stablehlo.multiply"(%363, %364) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %366 = "stablehlo.constant"() {value = dense<7.0710677e-01> : tensor<16x128xf32>} : () -> tensor<16x128xf32>
  %367 = "stablehlo.multiply"(%363, %366) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %368 = "chlo.erf"(%367) : (tensor<16x128xf32>) -> tensor<16x128xf32>
  %369 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x128xf32>} : () -> tensor<16x128xf32>
  %370 = "stablehlo.add"(%368, %369) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %371 = "stablehlo.multiply"(%365, %370) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %372 = "stablehlo.dot_general"(%w40, %371) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<16x128xf32>) -> tensor<64x16xf32>
  %373 = "stablehlo.transpose"(%372) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %374 = "stablehlo.broadcast_in_dim"(%w41) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %375 = "stablehlo.add"(%373, %374) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %376 = "stablehlo.gather"(%375, %merged_order) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<16x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  func.return %376, %2, %128, %237, %343 : tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>
}
}
