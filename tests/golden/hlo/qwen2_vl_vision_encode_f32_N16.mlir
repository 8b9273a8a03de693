// qwen2_vl_vision_encode_f32_N16: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// vision_encode
// input pixel_values tensor<16x96xf32> alias=-1
// input rotary_hw tensor<16x2xi32> alias=-1
// input full_segment tensor<16xi32> alias=-1
// weight visual.patch_embed.proj.weight tensor<32x3x2x4x4xf32> alias=-1
// weight visual.blocks.0.norm1.weight tensor<32xf32> alias=-1
// weight visual.blocks.0.norm1.bias tensor<32xf32> alias=-1
// weight visual.blocks.0.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight visual.blocks.0.attn.qkv.bias tensor<96xf32> alias=-1
// weight visual.blocks.0.attn.proj.weight tensor<32x32xf32> alias=-1
// weight visual.blocks.0.attn.proj.bias tensor<32xf32> alias=-1
// weight visual.blocks.0.norm2.weight tensor<32xf32> alias=-1
// weight visual.blocks.0.norm2.bias tensor<32xf32> alias=-1
// weight visual.blocks.0.mlp.fc1.weight tensor<64x32xf32> alias=-1
// weight visual.blocks.0.mlp.fc1.bias tensor<64xf32> alias=-1
// weight visual.blocks.0.mlp.fc2.weight tensor<32x64xf32> alias=-1
// weight visual.blocks.0.mlp.fc2.bias tensor<32xf32> alias=-1
// weight visual.blocks.1.norm1.weight tensor<32xf32> alias=-1
// weight visual.blocks.1.norm1.bias tensor<32xf32> alias=-1
// weight visual.blocks.1.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight visual.blocks.1.attn.qkv.bias tensor<96xf32> alias=-1
// weight visual.blocks.1.attn.proj.weight tensor<32x32xf32> alias=-1
// weight visual.blocks.1.attn.proj.bias tensor<32xf32> alias=-1
// weight visual.blocks.1.norm2.weight tensor<32xf32> alias=-1
// weight visual.blocks.1.norm2.bias tensor<32xf32> alias=-1
// weight visual.blocks.1.mlp.fc1.weight tensor<64x32xf32> alias=-1
// weight visual.blocks.1.mlp.fc1.bias tensor<64xf32> alias=-1
// weight visual.blocks.1.mlp.fc2.weight tensor<32x64xf32> alias=-1
// weight visual.blocks.1.mlp.fc2.bias tensor<32xf32> alias=-1
// weight visual.merger.ln_q.weight tensor<32xf32> alias=-1
// weight visual.merger.ln_q.bias tensor<32xf32> alias=-1
// weight visual.merger.mlp.0.weight tensor<128x128xf32> alias=-1
// weight visual.merger.mlp.0.bias tensor<128xf32> alias=-1
// weight visual.merger.mlp.2.weight tensor<64x128xf32> alias=-1
// weight visual.merger.mlp.2.bias tensor<64xf32> alias=-1
// result image_features tensor<4x64xf32>
module {
func.func public @main(%pixel_values: tensor<16x96xf32>, %rotary_hw: tensor<16x2xi32>, %full_segment: tensor<16xi32>, %w0: tensor<32x3x2x4x4xf32>, %w1: tensor<32xf32>, %w2: tensor<32xf32>, %w3: tensor<96x32xf32>, %w4: tensor<96xf32>, %w5: tensor<32x32xf32>, %w6: tensor<32xf32>, %w7: tensor<32xf32>, %w8: tensor<32xf32>, %w9: tensor<64x32xf32>, %w10: tensor<64xf32>, %w11: tensor<32x64xf32>, %w12: tensor<32xf32>, %w13: tensor<32xf32>, %w14: tensor<32xf32>, %w15: tensor<96x32xf32>, %w16: tensor<96xf32>, %w17: tensor<32x32xf32>, %w18: tensor<32xf32>, %w19: tensor<32xf32>, %w20: tensor<32xf32>, %w21: tensor<64x32xf32>, %w22: tensor<64xf32>, %w23: tensor<32x64xf32>, %w24: tensor<32xf32>, %w25: tensor<32xf32>, %w26: tensor<32xf32>, %w27: tensor<128x128xf32>, %w28: tensor<128xf32>, %w29: tensor<64x128xf32>, %w30: tensor<64xf32>) -> (tensor<4x64xf32>) {
  %0 = "stablehlo.reshape"(%w0) : (tensor<32x3x2x4x4xf32>) -> tensor<32x96xf32>
  %1 = "stablehlo.dot_general"(%0, %pixel_values) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x96xf32>, tensor<16x96xf32>) -> tensor<32x16xf32>
  %2 = "stablehlo.transpose"(%1) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %3 = "stablehlo.broadcast_in_dim"(%full_segment) {broadcast_dimensions = array<i64: 1>} : (tensor<16xi32>) -> tensor<2x16x16xi32>
  %4 = "stablehlo.broadcast_in_dim"(%full_segment) {broadcast_dimensions = array<i64: 2>} : (tensor<16xi32>) -> tensor<2x16x16xi32>
  %5 = "stablehlo.compare"(%3, %4) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<2x16x16xi32>, tensor<2x16x16xi32>) -> tensor<2x16x16xi1>
  %6 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %10 = "stablehlo.reduce"(%2, %6) ({
  ^bb0(%7: tensor<f32>, %8: tensor<f32>):
    %9 = "stablehlo.add"(%7, %8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%9) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %11 = "stablehlo.broadcast_in_dim"(%10) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %12 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %13 = "stablehlo.divide"(%11, %12) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %14 = "stablehlo.subtract"(%2, %13) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %15 = "stablehlo.multiply"(%14, %14) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %16 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %20 = "stablehlo.reduce"(%15, %16) ({
  ^bb0(%17: tensor<f32>, %18: tensor<f32>):
    %19 = "stablehlo.add"(%17, %18) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%19) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %21 = "stablehlo.broadcast_in_dim"(%20) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %22 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %23 = "stablehlo.divide"(%21, %22) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %24 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %25 = "stablehlo.add"(%23, %24) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %26 = "stablehlo.rsqrt"(%25) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %27 = "stablehlo.multiply"(%14, %26) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %28 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %29 = "stablehlo.multiply"(%27, %28) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %30 = "stablehlo.broadcast_in_dim"(%w2) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %31 = "stablehlo.add"(%29, %30) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %32 = "stablehlo.dot_general"(%w3, %31) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<16x32xf32>) -> tensor<96x16xf32>
  %33 = "stablehlo.transpose"(%32) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %34 = "stablehlo.broadcast_in_dim"(%w4) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<16x96xf32>
  %35 = "stablehlo.add"(%33, %34) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %36 = "stablehlo.reshape"(%35) : (tensor<16x96xf32>) -> tensor<16x3x2x16xf32>
  %37 = "stablehlo.slice"(%36) {limit_indices = array<i64: 16, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %38 = "stablehlo.reshape"(%37) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %39 = "stablehlo.convert"(%rotary_hw) : (tensor<16x2xi32>) -> tensor<16x2xf32>
  %40 = "stablehlo.slice"(%39) {limit_indices = array<i64: 16, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %41 = "stablehlo.reshape"(%40) : (tensor<16x1xf32>) -> tensor<16xf32>
  %42 = "stablehlo.broadcast_in_dim"(%41) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x4xf32>
  %43 = "stablehlo.constant"() {value = dense<"0x0000803FCDCCCC3D0AD7233C6F12833A"> : tensor<4xf32>} : () -> tensor<4xf32>
  %44 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<16x4xf32>
  %45 = "stablehlo.multiply"(%42, %44) : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
  %46 = "stablehlo.slice"(%39) {limit_indices = array<i64: 16, 2>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 1>} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %47 = "stablehlo.reshape"(%46) : (tensor<16x1xf32>) -> tensor<16xf32>
  %48 = "stablehlo.broadcast_in_dim"(%47) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x4xf32>
  %49 = "stablehlo.constant"() {value = dense<"0x0000803FCDCCCC3D0AD7233C6F12833A"> : tensor<4xf32>} : () -> tensor<4xf32>
  %50 = "stablehlo.broadcast_in_dim"(%49) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<16x4xf32>
  %51 = "stablehlo.multiply"(%48, %50) : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
  %52 = "stablehlo.concatenate"(%45, %51) {dimension = 1 : i64} : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x8xf32>
  %53 = "stablehlo.concatenate"(%52, %52) {dimension = 1 : i64} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
  %54 = "stablehlo.cosine"(%53) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %55 = "stablehlo.broadcast_in_dim"(%54) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %56 = "stablehlo.multiply"(%38, %55) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %57 = "stablehlo.slice"(%38) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %58 = "stablehlo.negate"(%57) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %59 = "stablehlo.slice"(%38) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %60 = "stablehlo.concatenate"(%58, %59) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %61 = "stablehlo.sine"(%53) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %62 = "stablehlo.broadcast_in_dim"(%61) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %63 = "stablehlo.multiply"(%60, %62) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %64 = "stablehlo.add"(%56, %63) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %65 = "stablehlo.transpose"(%64) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %66 = "stablehlo.slice"(%36) {limit_indices = array<i64: 16, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %67 = "stablehlo.reshape"(%66) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %68 = "stablehlo.broadcast_in_dim"(%54) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %69 = "stablehlo.multiply"(%67, %68) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %70 = "stablehlo.slice"(%67) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %71 = "stablehlo.negate"(%70) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %72 = "stablehlo.slice"(%67) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %73 = "stablehlo.concatenate"(%71, %72) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %74 = "stablehlo.broadcast_in_dim"(%61) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %75 = "stablehlo.multiply"(%73, %74) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %76 = "stablehlo.add"(%69, %75) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %77 = "stablehlo.transpose"(%76) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %78 = "stablehlo.dot_general"(%65, %77) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %79 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %80 = "stablehlo.multiply"(%78, %79) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %81 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %82 = "stablehlo.select"(%5, %80, %81) : (tensor<2x16x16xi1>, tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %83 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %87 = "stablehlo.reduce"(%82, %83) ({
  ^bb0(%84: tensor<f32>, %85: tensor<f32>):
    %86 = "stablehlo.maximum"(%84, %85) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%86) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %88 = "stablehlo.broadcast_in_dim"(%87) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %89 = "stablehlo.subtract"(%82, %88) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %90 = "stablehlo.exponential"(%89) : (tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %91 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %95 = "stablehlo.reduce"(%90, %91) ({
  ^bb0(%92: tensor<f32>, %93: tensor<f32>):
    %94 = "stablehlo.add"(%92, %93) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%94) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %96 = "stablehlo.broadcast_in_dim"(%95) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %97 = "stablehlo.divide"(%90, %96) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %98 = "stablehlo.slice"(%36) {limit_indices = array<i64: 16, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %99 = "stablehlo.reshape"(%98) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %100 = "stablehlo.transpose"(%99) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %101 = "stablehlo.dot_general"(%97, %100) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %102 = "stablehlo.transpose"(%101) {permutation = array<i64: 1, 0, 2>} : (tensor<2x16x16xf32>) -> tensor<16x2x16xf32>
  %103 = "stablehlo.reshape"(%102) : (tensor<16x2x16xf32>) -> tensor<16x32xf32>
  %104 = "stablehlo.dot_general"(%w5, %103) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<16x32xf32>) -> tensor<32x16xf32>
  %105 = "stablehlo.transpose"(%104) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %106 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %107 = "stablehlo.add"(%105, %106) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %108 = "stablehlo.add"(%2, %107) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %109 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %113 = "stablehlo.reduce"(%108, %109) ({
  ^bb0(%110: tensor<f32>, %111: tensor<f32>):
    %112 = "stablehlo.add"(%110, %111) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%112) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %114 = "stablehlo.broadcast_in_dim"(%113) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %115 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %116 = "stablehlo.divide"(%114, %115) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %117 = "stablehlo.subtract"(%108, %116) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %118 = "stablehlo.multiply"(%117, %117) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %119 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %123 = "stablehlo.reduce"(%118, %119) ({
  ^bb0(%120: tensor<f32>, %121: tensor<f32>):
    %122 = "stablehlo.add"(%120, %121) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%122) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %124 = "stablehlo.broadcast_in_dim"(%123) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %125 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %126 = "stablehlo.divide"(%124, %125) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %127 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %128 = "stablehlo.add"(%126, %127) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %129 = "stablehlo.rsqrt"(%128) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %130 = "stablehlo.multiply"(%117, %129) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %131 = "stablehlo.broadcast_in_dim"(%w7) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %132 = "stablehlo.multiply"(%130, %131) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %133 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %134 = "stablehlo.add"(%132, %133) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %135 = "stablehlo.dot_general"(%w9, %134) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x32xf32>, tensor<16x32xf32>) -> tensor<64x16xf32>
  %136 = "stablehlo.transpose"(%135) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %137 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %138 = "stablehlo.add"(%136, %137) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %139 = "stablehlo.constant"() {value = dense<1.702e+00> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %140 = "stablehlo.multiply"(%138, %139) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %141 = "stablehlo.logistic"(%140) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %142 = "stablehlo.multiply"(%138, %141) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %143 = "stablehlo.dot_general"(%w11, %142) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %144 = "stablehlo.transpose"(%143) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %145 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %146 = "stablehlo.add"(%144, %145) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %147 = "stablehlo.add"(%108, %146) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %148 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %152 = "stablehlo.reduce"(%147, %148) ({
  ^bb0(%149: tensor<f32>, %150: tensor<f32>):
    %151 = "stablehlo.add"(%149, %150) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%151) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %153 = "stablehlo.broadcast_in_dim"(%152) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %154 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %155 = "stablehlo.divide"(%153, %154) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %156 = "stablehlo.subtract"(%147, %155) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %157 = "stablehlo.multiply"(%156, %156) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %158 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %162 = "stablehlo.reduce"(%157, %158) ({
  ^bb0(%159: tensor<f32>, %160: tensor<f32>):
    %161 = "stablehlo.add"(%159, %160) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%161) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %163 = "stablehlo.broadcast_in_dim"(%162) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %164 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %165 = "stablehlo.divide"(%163, %164) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %166 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %167 = "stablehlo.add"(%165, %166) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %168 = "stablehlo.rsqrt"(%167) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %169 = "stablehlo.multiply"(%156, %168) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %170 = "stablehlo.broadcast_in_dim"(%w13) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %171 = "stablehlo.multiply"(%169, %170) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %172 = "stablehlo.broadcast_in_dim"(%w14) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %173 = "stablehlo.add"(%171, %172) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %174 = "stablehlo.dot_general"(%w15, %173) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<16x32xf32>) -> tensor<96x16xf32>
  %175 = "stablehlo.transpose"(%174) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %176 = "stablehlo.broadcast_in_dim"(%w16) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<16x96xf32>
  %177 = "stablehlo.add"(%175, %176) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %178 = "stablehlo.reshape"(%177) : (tensor<16x96xf32>) -> tensor<16x3x2x16xf32>
  %179 = "stablehlo.slice"(%178) {limit_indices = array<i64: 16, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %180 = "stablehlo.reshape"(%179) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %181 = "stablehlo.broadcast_in_dim"(%54) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %182 = "stablehlo.multiply"(%180, %181) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %183 = "stablehlo.slice"(%180) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %184 = "stablehlo.negate"(%183) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %185 = "stablehlo.slice"(%180) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %186 = "stablehlo.concatenate"(%184, %185) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %187 = "stablehlo.broadcast_in_dim"(%61) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %188 = "stablehlo.multiply"(%186, %187) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %189 = "stablehlo.add"(%182, %188) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %190 = "stablehlo.transpose"(%189) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %191 = "stablehlo.slice"(%178) {limit_indices = array<i64: 16, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %192 = "stablehlo.reshape"(%191) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %193 = "stablehlo.broadcast_in_dim"(%54) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %194 = "stablehlo.multiply"(%192, %193) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %195 = "stablehlo.slice"(%192) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %196 = "stablehlo.negate"(%195) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %197 = "stablehlo.slice"(%192) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %198 = "stablehlo.concatenate"(%196, %197) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %199 = "stablehlo.broadcast_in_dim"(%61) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %200 = "stablehlo.multiply"(%198, %199) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %201 = "stablehlo.add"(%194, %200) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %202 = "stablehlo.transpose"(%201) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %203 = "stablehlo.dot_general"(%190, %202) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %204 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %205 = "stablehlo.multiply"(%203, %204) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %206 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %207 = "stablehlo.select"(%5, %205, %206) : (tensor<2x16x16xi1>, tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %208 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %212 = "stablehlo.reduce"(%207, %208) ({
  ^bb0(%209: tensor<f32>, %210: tensor<f32>):
    %211 = "stablehlo.maximum"(%209, %210) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%211) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %213 = "stablehlo.broadcast_in_dim"(%212) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %214 = "stablehlo.subtract"(%207, %213) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %215 = "stablehlo.exponential"(%214) : (tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %216 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %220 = "stablehlo.reduce"(%215, %216) ({
  ^bb0(%217: tensor<f32>, %218: tensor<f32>):
    %219 = "stablehlo.add"(%217, %218) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%219) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %221 = "stablehlo.broadcast_in_dim"(%220) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %222 = "stablehlo.divide"(%215, %221) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %223 = "stablehlo.slice"(%178) {limit_indices = array<i64: 16, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %224 = "stablehlo.reshape"(%223) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %225 = "stablehlo.transpose"(%224) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %226 = "stablehlo.dot_general"(%222, %225) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %227 = "stablehlo.transpose"(%226) {permutation = array<i64: 1, 0, 2>} : (tensor<2x16x16xf32>) -> tensor<16x2x16xf32>
  %228 = "stablehlo.reshape"(%227) : (tensor<16x2x16xf32>) -> tensor<16x32xf32>
  %229 = "stablehlo.dot_general"(%w17, %228) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<16x32xf32>) -> tensor<32x16xf32>
  %230 = "stablehlo.transpose"(%229) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %231 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %232 = "stablehlo.add"(%230, %231) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %233 = "stablehlo.add"(%147, %232) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %234 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %238 = "stablehlo.reduce"(%233, %234) ({
  ^bb0(%235: tensor<f32>, %236: tensor<f32>):
    %237 = "stablehlo.add"(%235, %236) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%237) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %239 = "stablehlo.broadcast_in_dim"(%238) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %240 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %241 = "stablehlo.divide"(%239, %240) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %242 = "stablehlo.subtract"(%233, %241) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %243 = "stablehlo.multiply"(%242, %242) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %244 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %248 = "stablehlo.reduce"(%243, %244) ({
  ^bb0(%245: tensor<f32>, %246: tensor<f32>):
    %247 = "stablehlo.add"(%245, %246) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%247) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %249 = "stablehlo.broadcast_in_dim"(%248) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %250 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %251 = "stablehlo.divide"(%249, %250) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %252 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %253 = "stablehlo.add"(%251, %252) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %254 = "stablehlo.rsqrt"(%253) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %255 = "stablehlo.multiply"(%242, %254) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %256 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %257 = "stablehlo.multiply"(%255, %256) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %258 = "stablehlo.broadcast_in_dim"(%w20) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %259 = "stablehlo.add"(%257, %258) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %260 = "stablehlo.dot_general"(%w21, %259) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x32xf32>, tensor<16x32xf32>) -> tensor<64x16xf32>
  %261 = "stablehlo.transpose"(%260) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %262 = "stablehlo.broadcast_in_dim"(%w22) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %263 = "stablehlo.add"(%261, %262) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %264 = "stablehlo.constant"() {value = dense<1.702e+00> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %265 = "stablehlo.multiply"(%263, %264) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %266 = "stablehlo.logistic"(%265) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %267 = "stablehlo.multiply"(%263, %266) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %268 = "stablehlo.dot_general"(%w23, %267) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %269 = "stablehlo.transpose"(%268) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %270 = "stablehlo.broadcast_in_dim"(%w24) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %271 = "stablehlo.add"(%269, %270) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %272 = "stablehlo.add"(%233, %271) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %273 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %277 = "stablehlo.reduce"(%272, %273) ({
  ^bb0(%274: tensor<f32>, %275: tensor<f32>):
    %276 = "stablehlo.add"(%274, %275) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%276) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %278 = "stablehlo.broadcast_in_dim"(%277) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %279 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %280 = "stablehlo.divide"(%278, %279) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %281 = "stablehlo.subtract"(%272, %280) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %282 = "stablehlo.multiply"(%281, %281) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %283 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %287 = "stablehlo.reduce"(%282, %283) ({
  ^bb0(%284: tensor<f32>, %285: tensor<f32>):
    %286 = "stablehlo.add"(%284, %285) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%286) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %288 = "stablehlo.broadcast_in_dim"(%287) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %289 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %290 = "stablehlo.divide"(%288, %289) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %291 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %292 = "stablehlo.add"(%290, %291) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %293 = "stablehlo.rsqrt"(%292) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %294 = "stablehlo.multiply"(%281, %293) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %295 = "stablehlo.broadcast_in_dim"(%w25) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %296 = "stablehlo.multiply"(%294, %295) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %297 = "stablehlo.broadcast_in_dim"(%w26) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %298 = "stablehlo.add"(%296, %297) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %299 = "stablehlo.reshape"(%298) : (tensor<16x32xf32>) -> tensor<4x128xf32>
  %300 = "stablehlo.dot_general"(%w27, %299) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x128xf32>, tensor<4x128xf32>) -> tensor<128x4xf32>
  %301 = "stablehlo.transpose"(%300) {permutation = array<i64: 1, 0>} : (tensor<128x4xf32>) -> tensor<4x128xf32>
  %302 = "stablehlo.broadcast_in_dim"(%w28) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %303 = "stablehlo.add"(%301, %302) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %304 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %305 = "stablehlo.multiply"(%303, %304) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %306 = "stablehlo.constant"() {value = dense<7.0710677e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %307 = "stablehlo.multiply"(%303, %306) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %308 = "chlo.erf"(%307) : (tensor<4x128xf32>) -> tensor<4x128xf32>
  %309 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %310 = "stablehlo.add"(%308, %309) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %311 = "stablehlo.multiply"(%305, %310) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %312 = "stablehlo.dot_general"(%w29, %311) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<4x128xf32>) -> tensor<64x4xf32>
  %313 = "stablehlo.transpose"(%312) {permutation = array<i64: 1, 0>} : (tensor<64x4xf32>) -> tensor<4x64xf32>
  %314 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<4x64xf32>
  %315 = "stablehlo.add"(%313, %314) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  func.return %315 : tensor<4x64xf32>
}
}
