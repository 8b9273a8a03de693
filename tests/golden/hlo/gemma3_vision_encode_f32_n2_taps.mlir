// gemma3_vision_encode_f32_n2_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// vision_encode
// input pixel_values tensor<2x3x48x48xf32> alias=-1
// weight vision_tower.embeddings.patch_embedding.weight tensor<32x3x8x8xf32> alias=-1
// weight vision_tower.embeddings.patch_embedding.bias tensor<32xf32> alias=-1
// weight vision_tower.embeddings.position_embedding.weight tensor<36x32xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm1.weight tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm1.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.q_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.q_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.k_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.k_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.v_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.v_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.out_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.out_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm2.weight tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm2.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc1.weight tensor<64x32xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc1.bias tensor<64xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc2.weight tensor<32x64xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc2.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm1.weight tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm1.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.q_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.q_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.k_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.k_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.v_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.v_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.out_proj.weight tensor<32x32xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.out_proj.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm2.weight tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm2.bias tensor<32xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc1.weight tensor<64x32xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc1.bias tensor<64xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc2.weight tensor<32x64xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc2.bias tensor<32xf32> alias=-1
// weight vision_tower.post_layernorm.weight tensor<32xf32> alias=-1
// weight vision_tower.post_layernorm.bias tensor<32xf32> alias=-1
// weight multi_modal_projector.mm_soft_emb_norm.weight tensor<32xf32> alias=-1
// weight multi_modal_projector.mm_input_projection_weight tensor<32x64xf32> alias=-1
// result image_features tensor<2x9x64xf32>
// result vision_hidden_states.0 tensor<2x36x32xf32>
// result vision_hidden_states.1 tensor<2x36x32xf32>
// result vision_hidden_states.2 tensor<2x36x32xf32>
// result vision_last_hidden_state tensor<2x36x32xf32>
// result pooled_image_features tensor<2x9x32xf32>
// result normed_image_features tensor<2x9x32xf32>
module {
func.func public @main(%pixel_values: tensor<2x3x48x48xf32>, %w0: tensor<32x3x8x8xf32>, %w1: tensor<32xf32>, %w2: tensor<36x32xf32>, %w3: tensor<32xf32>, %w4: tensor<32xf32>, %w5: tensor<32x32xf32>, %w6: tensor<32xf32>, %w7: tensor<32x32xf32>, %w8: tensor<32xf32>, %w9: tensor<32x32xf32>, %w10: tensor<32xf32>, %w11: tensor<32x32xf32>, %w12: tensor<32xf32>, %w13: tensor<32xf32>, %w14: tensor<32xf32>, %w15: tensor<64x32xf32>, %w16: tensor<64xf32>, %w17: tensor<32x64xf32>, %w18: tensor<32xf32>, %w19: tensor<32xf32>, %w20: tensor<32xf32>, %w21: tensor<32x32xf32>, %w22: tensor<32xf32>, %w23: tensor<32x32xf32>, %w24: tensor<32xf32>, %w25: tensor<32x32xf32>, %w26: tensor<32xf32>, %w27: tensor<32x32xf32>, %w28: tensor<32xf32>, %w29: tensor<32xf32>, %w30: tensor<32xf32>, %w31: tensor<64x32xf32>, %w32: tensor<64xf32>, %w33: tensor<32x64xf32>, %w34: tensor<32xf32>, %w35: tensor<32xf32>, %w36: tensor<32xf32>, %w37: tensor<32xf32>, %w38: tensor<32x64xf32>) -> (tensor<2x9x64xf32>, tensor<2x36x32xf32>, tensor<2x36x32xf32>, tensor<2x36x32xf32>, tensor<2x36x32xf32>, tensor<2x9x32xf32>, tensor<2x9x32xf32>) {
  %0 = "stablehlo.convolution"(%pixel_values, %w0) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>], window_strides = array<i64: 8, 8>} : (tensor<2x3x48x48xf32>, tensor<32x3x8x8xf32>) -> tensor<2x32x6x6xf32>
  %1 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32x6x6xf32>
  %2 = "stablehlo.add"(%0, %1) : (tensor<2x32x6x6xf32>, tensor<2x32x6x6xf32>) -> tensor<2x32x6x6xf32>
  %3 = "stablehlo.reshape"(%2) : (tensor<2x32x6x6xf32>) -> tensor<2x32x36xf32>
  %4 = "stablehlo.transpose"(%3) {permutation = array<i64: 0, 2, 1>} : (tensor<2x32x36xf32>) -> tensor<2x36x32xf32>
  %5 = "stablehlo.broadcast_in_dim"(%w2) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<36x32xf32>) -> tensor<2x36x32xf32>
  %6 = "stablehlo.add"(%4, %5) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %7 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %11 = "stablehlo.reduce"(%6, %7) ({
  ^bb0(%8: tensor<f32>, %9: tensor<f32>):
    %10 = "stablehlo.add"(%8, %9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%10) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %12 = "stablehlo.broadcast_in_dim"(%11) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %13 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %14 = "stablehlo.divide"(%12, %13) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %15 = "stablehlo.subtract"(%6, %14) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %16 = "stablehlo.multiply"(%15, %15) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %17 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %21 = "stablehlo.reduce"(%16, %17) ({
  ^bb0(%18: tensor<f32>, %19: tensor<f32>):
    %20 = "stablehlo.add"(%18, %19) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%20) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %22 = "stablehlo.broadcast_in_dim"(%21) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %23 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %24 = "stablehlo.divide"(%22, %23) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %25 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %26 = "stablehlo.add"(%24, %25) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %27 = "stablehlo.rsqrt"(%26) : (tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %28 = "stablehlo.multiply"(%15, %27) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %29 = "stablehlo.broadcast_in_dim"(%w3) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %30 = "stablehlo.multiply"(%28, %29) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %31 = "stablehlo.broadcast_in_dim"(%w4) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %32 = "stablehlo.add"(%30, %31) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %33 = "stablehlo.dot_general"(%w5, %32) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %34 = "stablehlo.transpose"(%33) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %35 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %36 = "stablehlo.add"(%34, %35) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %37 = "stablehlo.reshape"(%36) : (tensor<2x36x32xf32>) -> tensor<2x36x4x8xf32>
  %38 = "stablehlo.transpose"(%37) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x36x4x8xf32>) -> tensor<2x4x36x8xf32>
  %39 = "stablehlo.dot_general"(%w7, %32) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %40 = "stablehlo.transpose"(%39) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %41 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %42 = "stablehlo.add"(%40, %41) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %43 = "stablehlo.reshape"(%42) : (tensor<2x36x32xf32>) -> tensor<2x36x4x8xf32>
  %44 = "stablehlo.transpose"(%43) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x36x4x8xf32>) -> tensor<2x4x36x8xf32>
  %45 = "stablehlo.dot_general"(%38, %44) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x4x36x8xf32>, tensor<2x4x36x8xf32>) -> tensor<2x4x36x36xf32>
  %46 = "stablehlo.constant"() {value = dense<3.5355338e-01> : tensor<2x4x36x36xf32>} : () -> tensor<2x4x36x36xf32>
  %47 = "stablehlo.multiply"(%45, %46) : (tensor<2x4x36x36xf32>, tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %48 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %52 = "stablehlo.reduce"(%47, %48) ({
  ^bb0(%49: tensor<f32>, %50: tensor<f32>):
    %51 = "stablehlo.maximum"(%49, %50) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%51) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x4x36x36xf32>, tensor<f32>) -> tensor<2x4x36xf32>
  %53 = "stablehlo.broadcast_in_dim"(%52) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x4x36xf32>) -> tensor<2x4x36x36xf32>
  %54 = "stablehlo.subtract"(%47, %53) : (tensor<2x4x36x36xf32>, tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %55 = "stablehlo.exponential"(%54) : (tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %56 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %60 = "stablehlo.reduce"(%55, %56) ({
  ^bb0(%57: tensor<f32>, %58: tensor<f32>):
    %59 = "stablehlo.add"(%57, %58) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%59) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x4x36x36xf32>, tensor<f32>) -> tensor<2x4x36xf32>
  %61 = "stablehlo.broadcast_in_dim"(%60) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x4x36xf32>) -> tensor<2x4x36x36xf32>
  %62 = "stablehlo.divide"(%55, %61) : (tensor<2x4x36x36xf32>, tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %63 = "stablehlo.dot_general"(%w9, %32) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %64 = "stablehlo.transpose"(%63) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %65 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %66 = "stablehlo.add"(%64, %65) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %67 = "stablehlo.reshape"(%66) : (tensor<2x36x32xf32>) -> tensor<2x36x4x8xf32>
  %68 = "stablehlo.transpose"(%67) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x36x4x8xf32>) -> tensor<2x4x36x8xf32>
  %69 = "stablehlo.dot_general"(%62, %68) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x4x36x36xf32>, tensor<2x4x36x8xf32>) -> tensor<2x4x36x8xf32>
  %70 = "stablehlo.transpose"(%69) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x4x36x8xf32>) -> tensor<2x36x4x8xf32>
  %71 = "stablehlo.reshape"(%70) : (tensor<2x36x4x8xf32>) -> tensor<2x36x32xf32>
  %72 = "stablehlo.dot_general"(%w11, %71) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %73 = "stablehlo.transpose"(%72) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %74 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %75 = "stablehlo.add"(%73, %74) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %76 = "stablehlo.add"(%6, %75) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %77 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %81 = "stablehlo.reduce"(%76, %77) ({
  ^bb0(%78: tensor<f32>, %79: tensor<f32>):
    %80 = "stablehlo.add"(%78, %79) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%80) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %82 = "stablehlo.broadcast_in_dim"(%81) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %83 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %84 = "stablehlo.divide"(%82, %83) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %85 = "stablehlo.subtract"(%76, %84) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %86 = "stablehlo.multiply"(%85, %85) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %87 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %91 = "stablehlo.reduce"(%86, %87) ({
  ^bb0(%88: tensor<f32>, %89: tensor<f32>):
    %90 = "stablehlo.add"(%88, %89) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%90) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %92 = "stablehlo.broadcast_in_dim"(%91) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %93 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %94 = "stablehlo.divide"(%92, %93) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %95 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %96 = "stablehlo.add"(%94, %95) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %97 = "stablehlo.rsqrt"(%96) : (tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %98 = "stablehlo.multiply"(%85, %97) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %99 = "stablehlo.broadcast_in_dim"(%w13) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %100 = "stablehlo.multiply"(%98, %99) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %101 = "stablehlo.broadcast_in_dim"(%w14) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %102 = "stablehlo.add"(%100, %101) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %103 = "stablehlo.dot_general"(%w15, %102) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x32xf32>, tensor<2x36x32xf32>) -> tensor<64x2x36xf32>
  %104 = "stablehlo.transpose"(%103) {permutation = array<i64: 1, 2, 0>} : (tensor<64x2x36xf32>) -> tensor<2x36x64xf32>
  %105 = "stablehlo.broadcast_in_dim"(%w16) {broadcast_dimensions = array<i64: 2>} : (tensor<64xf32>) -> tensor<2x36x64xf32>
  %106 = "stablehlo.add"(%104, %105) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %107 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %108 = "stablehlo.multiply"(%106, %107) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %109 = "stablehlo.multiply"(%106, %106) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %110 = "stablehlo.multiply"(%109, %106) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %111 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %112 = "stablehlo.multiply"(%110, %111) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %113 = "stablehlo.add"(%106, %112) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %114 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %115 = "stablehlo.multiply"(%113, %114) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %116 = "stablehlo.tanh"(%115) : (tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %117 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %118 = "stablehlo.add"(%116, %117) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %119 = "stablehlo.multiply"(%108, %118) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %120 = "stablehlo.dot_general"(%w17, %119) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x36x64xf32>) -> tensor<32x2x36xf32>
  %121 = "stablehlo.transpose"(%120) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %122 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %123 = "stablehlo.add"(%121, %122) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %124 = "stablehlo.add"(%76, %123) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %125 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %129 = "stablehlo.reduce"(%124, %125) ({
  ^bb0(%126: tensor<f32>, %127: tensor<f32>):
    %128 = "stablehlo.add"(%126, %127) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%128) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %130 = "stablehlo.broadcast_in_dim"(%129) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %131 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %132 = "stablehlo.divide"(%130, %131) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %133 = "stablehlo.subtract"(%124, %132) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %134 = "stablehlo.multiply"(%133, %133) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %135 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %139 = "stablehlo.reduce"(%134, %135) ({
  ^bb0(%136: tensor<f32>, %137: tensor<f32>):
    %138 = "stablehlo.add"(%136, %137) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%138) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %140 = "stablehlo.broadcast_in_dim"(%139) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %141 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %142 = "stablehlo.divide"(%140, %141) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %143 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %144 = "stablehlo.add"(%142, %143) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %145 = "stablehlo.rsqrt"(%144) : (tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %146 = "stablehlo.multiply"(%133, %145) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %147 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %148 = "stablehlo.multiply"(%146, %147) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %149 = "stablehlo.broadcast_in_dim"(%w20) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %150 = "stablehlo.add"(%148, %149) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %151 = "stablehlo.dot_general"(%w21, %150) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %152 = "stablehlo.transpose"(%151) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %153 = "stablehlo.broadcast_in_dim"(%w22) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %154 = "stablehlo.add"(%152, %153) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %155 = "stablehlo.reshape"(%154) : (tensor<2x36x32xf32>) -> tensor<2x36x4x8xf32>
  %156 = "stablehlo.transpose"(%155) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x36x4x8xf32>) -> tensor<2x4x36x8xf32>
  %157 = "stablehlo.dot_general"(%w23, %150) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %158 = "stablehlo.transpose"(%157) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %159 = "stablehlo.broadcast_in_dim"(%w24) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %160 = "stablehlo.add"(%158, %159) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %161 = "stablehlo.reshape"(%160) : (tensor<2x36x32xf32>) -> tensor<2x36x4x8xf32>
  %162 = "stablehlo.transpose"(%161) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x36x4x8xf32>) -> tensor<2x4x36x8xf32>
  %163 = "stablehlo.dot_general"(%156, %162) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x4x36x8xf32>, tensor<2x4x36x8xf32>) -> tensor<2x4x36x36xf32>
  %164 = "stablehlo.constant"() {value = dense<3.5355338e-01> : tensor<2x4x36x36xf32>} : () -> tensor<2x4x36x36xf32>
  %165 = "stablehlo.multiply"(%163, %164) : (tensor<2x4x36x36xf32>, tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %166 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %170 = "stablehlo.reduce"(%165, %166) ({
  ^bb0(%167: tensor<f32>, %168: tensor<f32>):
    %169 = "stablehlo.maximum"(%167, %168) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%169) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x4x36x36xf32>, tensor<f32>) -> tensor<2x4x36xf32>
  %171 = "stablehlo.broadcast_in_dim"(%170) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x4x36xf32>) -> tensor<2x4x36x36xf32>
  %172 = "stablehlo.subtract"(%165, %171) : (tensor<2x4x36x36xf32>, tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %173 = "stablehlo.exponential"(%172) : (tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %174 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %178 = "stablehlo.reduce"(%173, %174) ({
  ^bb0(%175: tensor<f32>, %176: tensor<f32>):
    %177 = "stablehlo.add"(%175, %176) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%177) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x4x36x36xf32>, tensor<f32>) -> tensor<2x4x36xf32>
  %179 = "stablehlo.broadcast_in_dim"(%178) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x4x36xf32>) -> tensor<2x4x36x36xf32>
  %180 = "stablehlo.divide"(%173, %179) : (tensor<2x4x36x36xf32>, tensor<2x4x36x36xf32>) -> tensor<2x4x36x36xf32>
  %181 = "stablehlo.dot_general"(%w25, %150) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %182 = "stablehlo.transpose"(%181) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %183 = "stablehlo.broadcast_in_dim"(%w26) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %184 = "stablehlo.add"(%182, %183) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %185 = "stablehlo.reshape"(%184) : (tensor<2x36x32xf32>) -> tensor<2x36x4x8xf32>
  %186 = "stablehlo.transpose"(%185) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x36x4x8xf32>) -> tensor<2x4x36x8xf32>
  %187 = "stablehlo.dot_general"(%180, %186) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x4x36x36xf32>, tensor<2x4x36x8xf32>) -> tensor<2x4x36x8xf32>
  %188 = "stablehlo.transpose"(%187) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<2x4x36x8xf32>) -> tensor<2x36x4x8xf32>
  %189 = "stablehlo.reshape"(%188) : (tensor<2x36x4x8xf32>) -> tensor<2x36x32xf32>
  %190 = "stablehlo.dot_general"(%w27, %189) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<2x36x32xf32>) -> tensor<32x2x36xf32>
  %191 = "stablehlo.transpose"(%190) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %192 = "stablehlo.broadcast_in_dim"(%w28) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %193 = "stablehlo.add"(%191, %192) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %194 = "stablehlo.add"(%124, %193) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %195 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %199 = "stablehlo.reduce"(%194, %195) ({
  ^bb0(%196: tensor<f32>, %197: tensor<f32>):
    %198 = "stablehlo.add"(%196, %197) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%198) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %200 = "stablehlo.broadcast_in_dim"(%199) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %201 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %202 = "stablehlo.divide"(%200, %201) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %203 = "stablehlo.subtract"(%194, %202) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %204 = "stablehlo.multiply"(%203, %203) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %205 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %209 = "stablehlo.reduce"(%204, %205) ({
  ^bb0(%206: tensor<f32>, %207: tensor<f32>):
    %208 = "stablehlo.add"(%206, %207) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%208) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %210 = "stablehlo.broadcast_in_dim"(%209) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %211 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %212 = "stablehlo.divide"(%210, %211) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %213 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %214 = "stablehlo.add"(%212, %213) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %215 = "stablehlo.rsqrt"(%214) : (tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %216 = "stablehlo.multiply"(%203, %215) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %217 = "stablehlo.broadcast_in_dim"(%w29) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %218 = "stablehlo.multiply"(%216, %217) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %219 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %220 = "stablehlo.add"(%218, %219) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %221 = "stablehlo.dot_general"(%w31, %220) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x32xf32>, tensor<2x36x32xf32>) -> tensor<64x2x36xf32>
  %222 = "stablehlo.transpose"(%221) {permutation = array<i64: 1, 2, 0>} : (tensor<64x2x36xf32>) -> tensor<2x36x64xf32>
  %223 = "stablehlo.broadcast_in_dim"(%w32) {broadcast_dimensions = array<i64: 2>} : (tensor<64xf32>) -> tensor<2x36x64xf32>
  %224 = "stablehlo.add"(%222, %223) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %225 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %226 = "stablehlo.multiply"(%224, %225) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %227 = "stablehlo.multiply"(%224, %224) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %228 = "stablehlo.multiply"(%227, %224) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %229 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %230 = "stablehlo.multiply"(%228, %229) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %231 = "stablehlo.add"(%224, %230) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %232 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %233 = "stablehlo.multiply"(%231, %232) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %234 = "stablehlo.tanh"(%233) : (tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %235 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<2x36x64xf32>} : () -> tensor<2x36x64xf32>
  %236 = "stablehlo.add"(%234, %235) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %237 = "stablehlo.multiply"(%226, %236) : (tensor<2x36x64xf32>, tensor<2x36x64xf32>) -> tensor<2x36x64xf32>
  %238 = "stablehlo.dot_general"(%w33, %237) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x36x64xf32>) -> tensor<32x2x36xf32>
  %239 = "stablehlo.transpose"(%238) {permutation = array<i64: 1, 2, 0>} : (tensor<32x2x36xf32>) -> tensor<2x36x32xf32>
  %240 = "stablehlo.broadcast_in_dim"(%w34) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %241 = "stablehlo.add"(%239, %240) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %242 = "stablehlo.add"(%194, %241) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %243 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %247 = "stablehlo.reduce"(%242, %243) ({
  ^bb0(%244: tensor<f32>, %245: tensor<f32>):
    %246 = "stablehlo.add"(%244, %245) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%246) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %248 = "stablehlo.broadcast_in_dim"(%247) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %249 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %250 = "stablehlo.divide"(%248, %249) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %251 = "stablehlo.subtract"(%242, %250) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %252 = "stablehlo.multiply"(%251, %251) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %253 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %257 = "stablehlo.reduce"(%252, %253) ({
  ^bb0(%254: tensor<f32>, %255: tensor<f32>):
    %256 = "stablehlo.add"(%254, %255) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%256) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x36x32xf32>, tensor<f32>) -> tensor<2x36xf32>
  %258 = "stablehlo.broadcast_in_dim"(%257) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x36xf32>) -> tensor<2x36x32xf32>
  %259 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %260 = "stablehlo.divide"(%258, %259) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %261 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x36x32xf32>} : () -> tensor<2x36x32xf32>
  %262 = "stablehlo.add"(%260, %261) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %263 = "stablehlo.rsqrt"(%262) : (tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %264 = "stablehlo.multiply"(%251, %263) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %265 = "stablehlo.broadcast_in_dim"(%w35) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %266 = "stablehlo.multiply"(%264, %265) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %267 = "stablehlo.broadcast_in_dim"(%w36) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x36x32xf32>
  %268 = "stablehlo.add"(%266, %267) : (tensor<2x36x32xf32>, tensor<2x36x32xf32>) -> tensor<2x36x32xf32>
  %269 = "stablehlo.reshape"(%268) : (tensor<2x36x32xf32>) -> tensor<2x6x6x32xf32>
  %270 = "stablehlo.reshape"(%269) : (tensor<2x6x6x32xf32>) -> tensor<2x3x2x3x2x32xf32>
  %271 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %275 = "stablehlo.reduce"(%270, %271) ({
  ^bb0(%272: tensor<f32>, %273: tensor<f32>):
    %274 = "stablehlo.add"(%272, %273) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%274) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2, 4>} : (tensor<2x3x2x3x2x32xf32>, tensor<f32>) -> tensor<2x3x3x32xf32>
  %276 = "stablehlo.constant"() {value = dense<4.0e+00> : tensor<2x3x3x32xf32>} : () -> tensor<2x3x3x32xf32>
  %277 = "stablehlo.divide"(%275, %276) : (tensor<2x3x3x32xf32>, tensor<2x3x3x32xf32>) -> tensor<2x3x3x32xf32>
  %278 = "stablehlo.reshape"(%277) : (tensor<2x3x3x32xf32>) -> tensor<2x9x32xf32>
  %279 = "stablehlo.multiply"(%278, %278) : (tensor<2x9x32xf32>, tensor<2x9x32xf32>) -> tensor<2x9x32xf32>
  %280 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %284 = "stablehlo.reduce"(%279, %280) ({
  ^bb0(%281: tensor<f32>, %282: tensor<f32>):
    %283 = "stablehlo.add"(%281, %282) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%283) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x9x32xf32>, tensor<f32>) -> tensor<2x9xf32>
  %285 = "stablehlo.broadcast_in_dim"(%284) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x9xf32>) -> tensor<2x9x32xf32>
  %286 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<2x9x32xf32>} : () -> tensor<2x9x32xf32>
  %287 = "stablehlo.divide"(%285, %286) : (tensor<2x9x32xf32>, tensor<2x9x32xf32>) -> tensor<2x9x32xf32>
  %288 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x9x32xf32>} : () -> tensor<2x9x32xf32>
  %289 = "stablehlo.add"(%287, %288) : (tensor<2x9x32xf32>, tensor<2x9x32xf32>) -> tensor<2x9x32xf32>
  %290 = "stablehlo.rsqrt"(%289) : (tensor<2x9x32xf32>) -> tensor<2x9x32xf32>
  %291 = "stablehlo.multiply"(%278, %290) : (tensor<2x9x32xf32>, tensor<2x9x32xf32>) -> tensor<2x9x32xf32>
  %292 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<32xf32>} : () -> tensor<32xf32>
  %293 = "stablehlo.add"(%w37, %292) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %294 = "stablehlo.broadcast_in_dim"(%293) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<2x9x32xf32>
  %295 = "stablehlo.multiply"(%291, %294) : (tensor<2x9x32xf32>, tensor<2x9x32xf32>) -> tensor<2x9x32xf32>
  %296 = "stablehlo.dot_general"(%295, %w38) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x9x32xf32>, tensor<32x64xf32>) -> tensor<2x9x64xf32>
  func.return %296, %6, %124, %242, %268, %278, %295 : tensor<2x9x64xf32>, tensor<2x36x32xf32>, tensor<2x36x32xf32>, tensor<2x36x32xf32>, tensor<2x36x32xf32>, tensor<2x9x32xf32>, tensor<2x9x32xf32>
}
}
