// llava_onevision_vision_encode_f32_n6_F64: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// vision_encode
// input pixel_values tensor<6x3x28x28xf32> alias=-1
// weight vision_tower.embeddings.patch_embedding.weight tensor<40x3x7x7xf32> alias=-1
// weight vision_tower.embeddings.patch_embedding.bias tensor<40xf32> alias=-1
// weight vision_tower.embeddings.position_embedding.weight tensor<16x40xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm1.weight tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm1.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.q_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.q_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.k_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.k_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.v_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.v_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.out_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.out_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm2.weight tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm2.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc1.weight tensor<88x40xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc1.bias tensor<88xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc2.weight tensor<40x88xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc2.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm1.weight tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm1.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.q_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.q_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.k_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.k_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.v_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.v_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.out_proj.weight tensor<40x40xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.out_proj.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm2.weight tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm2.bias tensor<40xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc1.weight tensor<88x40xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc1.bias tensor<88xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc2.weight tensor<40x88xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc2.bias tensor<40xf32> alias=-1
// weight multi_modal_projector.linear_1.weight tensor<64x40xf32> alias=-1
// weight multi_modal_projector.linear_1.bias tensor<64xf32> alias=-1
// weight multi_modal_projector.linear_2.weight tensor<64x64xf32> alias=-1
// weight multi_modal_projector.linear_2.bias tensor<64xf32> alias=-1
// weight image_newline tensor<64xf32> alias=-1
// input feature_source tensor<64xi32> alias=-1
// input blend_source tensor<64x4xi32> alias=-1
// input blend_weight tensor<64x4xf32> alias=-1
// result packed_image_features tensor<64x64xf32>
module {
func.func public @main(%pixel_values: tensor<6x3x28x28xf32>, %w0: tensor<40x3x7x7xf32>, %w1: tensor<40xf32>, %w2: tensor<16x40xf32>, %w3: tensor<40xf32>, %w4: tensor<40xf32>, %w5: tensor<40x40xf32>, %w6: tensor<40xf32>, %w7: tensor<40x40xf32>, %w8: tensor<40xf32>, %w9: tensor<40x40xf32>, %w10: tensor<40xf32>, %w11: tensor<40x40xf32>, %w12: tensor<40xf32>, %w13: tensor<40xf32>, %w14: tensor<40xf32>, %w15: tensor<88x40xf32>, %w16: tensor<88xf32>, %w17: tensor<40x88xf32>, %w18: tensor<40xf32>, %w19: tensor<40xf32>, %w20: tensor<40xf32>, %w21: tensor<40x40xf32>, %w22: tensor<40xf32>, %w23: tensor<40x40xf32>, %w24: tensor<40xf32>, %w25: tensor<40x40xf32>, %w26: tensor<40xf32>, %w27: tensor<40x40xf32>, %w28: tensor<40xf32>, %w29: tensor<40xf32>, %w30: tensor<40xf32>, %w31: tensor<88x40xf32>, %w32: tensor<88xf32>, %w33: tensor<40x88xf32>, %w34: tensor<40xf32>, %w35: tensor<64x40xf32>, %w36: tensor<64xf32>, %w37: tensor<64x64xf32>, %w38: tensor<64xf32>, %w39: tensor<64xf32>, %feature_source: tensor<64xi32>, %blend_source: tensor<64x4xi32>, %blend_weight: tensor<64x4xf32>) -> (tensor<64x64xf32>) {
  %0 = "stablehlo.constant"() {value = dense<0> : tensor<64xi32>} : () -> tensor<64xi32>
  %1 = "stablehlo.compare"(%feature_source, %0) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi1>
  %2 = "stablehlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<64xi1>) -> tensor<64x64xi1>
  %3 = "stablehlo.convolution"(%pixel_values, %w0) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>], window_strides = array<i64: 7, 7>} : (tensor<6x3x28x28xf32>, tensor<40x3x7x7xf32>) -> tensor<6x40x4x4xf32>
  %4 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<40xf32>) -> tensor<6x40x4x4xf32>
  %5 = "stablehlo.add"(%3, %4) : (tensor<6x40x4x4xf32>, tensor<6x40x4x4xf32>) -> tensor<6x40x4x4xf32>
  %6 = "stablehlo.reshape"(%5) : (tensor<6x40x4x4xf32>) -> tensor<6x40x16xf32>
  %7 = "stablehlo.transpose"(%6) {permutation = array<i64: 0, 2, 1>} : (tensor<6x40x16xf32>) -> tensor<6x16x40xf32>
  %8 = "stablehlo.broadcast_in_dim"(%w2) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<16x40xf32>) -> tensor<6x16x40xf32>
  %9 = "stablehlo.add"(%7, %8) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %10 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %14 = "stablehlo.reduce"(%9, %10) ({
  ^bb0(%11: tensor<f32>, %12: tensor<f32>):
    %13 = "stablehlo.add"(%11, %12) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%13) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %15 = "stablehlo.broadcast_in_dim"(%14) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %16 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %17 = "stablehlo.divide"(%15, %16) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %18 = "stablehlo.subtract"(%9, %17) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %19 = "stablehlo.multiply"(%18, %18) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %20 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %24 = "stablehlo.reduce"(%19, %20) ({
  ^bb0(%21: tensor<f32>, %22: tensor<f32>):
    %23 = "stablehlo.add"(%21, %22) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%23) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %25 = "stablehlo.broadcast_in_dim"(%24) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %26 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %27 = "stablehlo.divide"(%25, %26) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %28 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %29 = "stablehlo.add"(%27, %28) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %30 = "stablehlo.rsqrt"(%29) : (tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %31 = "stablehlo.multiply"(%18, %30) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %32 = "stablehlo.broadcast_in_dim"(%w3) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %33 = "stablehlo.multiply"(%31, %32) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %34 = "stablehlo.broadcast_in_dim"(%w4) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %35 = "stablehlo.add"(%33, %34) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %36 = "stablehlo.dot_general"(%w5, %35) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %37 = "stablehlo.transpose"(%36) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %38 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %39 = "stablehlo.add"(%37, %38) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %40 = "stablehlo.reshape"(%39) : (tensor<6x16x40xf32>) -> tensor<6x16x4x10xf32>
  %41 = "stablehlo.transpose"(%40) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x16x4x10xf32>) -> tensor<6x4x16x10xf32>
  %42 = "stablehlo.dot_general"(%w7, %35) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %43 = "stablehlo.transpose"(%42) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %44 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %45 = "stablehlo.add"(%43, %44) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %46 = "stablehlo.reshape"(%45) : (tensor<6x16x40xf32>) -> tensor<6x16x4x10xf32>
  %47 = "stablehlo.transpose"(%46) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x16x4x10xf32>) -> tensor<6x4x16x10xf32>
  %48 = "stablehlo.dot_general"(%41, %47) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<6x4x16x10xf32>, tensor<6x4x16x10xf32>) -> tensor<6x4x16x16xf32>
  %49 = "stablehlo.constant"() {value = dense<3.1622776e-01> : tensor<6x4x16x16xf32>} : () -> tensor<6x4x16x16xf32>
  %50 = "stablehlo.multiply"(%48, %49) : (tensor<6x4x16x16xf32>, tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %51 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %55 = "stablehlo.reduce"(%50, %51) ({
  ^bb0(%52: tensor<f32>, %53: tensor<f32>):
    %54 = "stablehlo.maximum"(%52, %53) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%54) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<6x4x16x16xf32>, tensor<f32>) -> tensor<6x4x16xf32>
  %56 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<6x4x16xf32>) -> tensor<6x4x16x16xf32>
  %57 = "stablehlo.subtract"(%50, %56) : (tensor<6x4x16x16xf32>, tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %58 = "stablehlo.exponential"(%57) : (tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %59 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %63 = "stablehlo.reduce"(%58, %59) ({
  ^bb0(%60: tensor<f32>, %61: tensor<f32>):
    %62 = "stablehlo.add"(%60, %61) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%62) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<6x4x16x16xf32>, tensor<f32>) -> tensor<6x4x16xf32>
  %64 = "stablehlo.broadcast_in_dim"(%63) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<6x4x16xf32>) -> tensor<6x4x16x16xf32>
  %65 = "stablehlo.divide"(%58, %64) : (tensor<6x4x16x16xf32>, tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %66 = "stablehlo.dot_general"(%w9, %35) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %67 = "stablehlo.transpose"(%66) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %68 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %69 = "stablehlo.add"(%67, %68) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %70 = "stablehlo.reshape"(%69) : (tensor<6x16x40xf32>) -> tensor<6x16x4x10xf32>
  %71 = "stablehlo.transpose"(%70) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x16x4x10xf32>) -> tensor<6x4x16x10xf32>
  %72 = "stablehlo.dot_general"(%65, %71) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<6x4x16x16xf32>, tensor<6x4x16x10xf32>) -> tensor<6x4x16x10xf32>
  %73 = "stablehlo.transpose"(%72) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x4x16x10xf32>) -> tensor<6x16x4x10xf32>
  %74 = "stablehlo.reshape"(%73) : (tensor<6x16x4x10xf32>) -> tensor<6x16x40xf32>
  %75 = "stablehlo.dot_general"(%w11, %74) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %76 = "stablehlo.transpose"(%75) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %77 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %78 = "stablehlo.add"(%76, %77) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %79 = "stablehlo.add"(%9, %78) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %80 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %84 = "stablehlo.reduce"(%79, %80) ({
  ^bb0(%81: tensor<f32>, %82: tensor<f32>):
    %83 = "stablehlo.add"(%81, %82) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%83) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %85 = "stablehlo.broadcast_in_dim"(%84) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %86 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %87 = "stablehlo.divide"(%85, %86) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %88 = "stablehlo.subtract"(%79, %87) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %89 = "stablehlo.multiply"(%88, %88) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %90 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %94 = "stablehlo.reduce"(%89, %90) ({
  ^bb0(%91: tensor<f32>, %92: tensor<f32>):
    %93 = "stablehlo.add"(%91, %92) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%93) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %95 = "stablehlo.broadcast_in_dim"(%94) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %96 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %97 = "stablehlo.divide"(%95, %96) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %98 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %99 = "stablehlo.add"(%97, %98) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %100 = "stablehlo.rsqrt"(%99) : (tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %101 = "stablehlo.multiply"(%88, %100) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %102 = "stablehlo.broadcast_in_dim"(%w13) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %103 = "stablehlo.multiply"(%101, %102) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %104 = "stablehlo.broadcast_in_dim"(%w14) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %105 = "stablehlo.add"(%103, %104) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %106 = "stablehlo.dot_general"(%w15, %105) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<88x40xf32>, tensor<6x16x40xf32>) -> tensor<88x6x16xf32>
  %107 = "stablehlo.transpose"(%106) {permutation = array<i64: 1, 2, 0>} : (tensor<88x6x16xf32>) -> tensor<6x16x88xf32>
  %108 = "stablehlo.broadcast_in_dim"(%w16) {broadcast_dimensions = array<i64: 2>} : (tensor<88xf32>) -> tensor<6x16x88xf32>
  %109 = "stablehlo.add"(%107, %108) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %110 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %111 = "stablehlo.multiply"(%109, %110) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %112 = "stablehlo.multiply"(%109, %109) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %113 = "stablehlo.multiply"(%112, %109) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %114 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %115 = "stablehlo.multiply"(%113, %114) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %116 = "stablehlo.add"(%109, %115) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %117 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %118 = "stablehlo.multiply"(%116, %117) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %119 = "stablehlo.tanh"(%118) : (tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %120 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %121 = "stablehlo.add"(%119, %120) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %122 = "stablehlo.multiply"(%111, %121) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %123 = "stablehlo.dot_general"(%w17, %122) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x88xf32>, tensor<6x16x88xf32>) -> tensor<40x6x16xf32>
  %124 = "stablehlo.transpose"(%123) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %125 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %126 = "stablehlo.add"(%124, %125) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %127 = "stablehlo.add"(%79, %126) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %128 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %132 = "stablehlo.reduce"(%127, %128) ({
  ^bb0(%129: tensor<f32>, %130: tensor<f32>):
    %131 = "stablehlo.add"(%129, %130) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%131) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %133 = "stablehlo.broadcast_in_dim"(%132) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %134 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %135 = "stablehlo.divide"(%133, %134) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %136 = "stablehlo.subtract"(%127, %135) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %137 = "stablehlo.multiply"(%136, %136) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %138 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %142 = "stablehlo.reduce"(%137, %138) ({
  ^bb0(%139: tensor<f32>, %140: tensor<f32>):
    %141 = "stablehlo.add"(%139, %140) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%141) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %143 = "stablehlo.broadcast_in_dim"(%142) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %144 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %145 = "stablehlo.divide"(%143, %144) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %146 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %147 = "stablehlo.add"(%145, %146) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %148 = "stablehlo.rsqrt"(%147) : (tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %149 = "stablehlo.multiply"(%136, %148) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %150 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %151 = "stablehlo.multiply"(%149, %150) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %152 = "stablehlo.broadcast_in_dim"(%w20) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %153 = "stablehlo.add"(%151, %152) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %154 = "stablehlo.dot_general"(%w21, %153) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %155 = "stablehlo.transpose"(%154) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %156 = "stablehlo.broadcast_in_dim"(%w22) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %157 = "stablehlo.add"(%155, %156) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %158 = "stablehlo.reshape"(%157) : (tensor<6x16x40xf32>) -> tensor<6x16x4x10xf32>
  %159 = "stablehlo.transpose"(%158) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x16x4x10xf32>) -> tensor<6x4x16x10xf32>
  %160 = "stablehlo.dot_general"(%w23, %153) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %161 = "stablehlo.transpose"(%160) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %162 = "stablehlo.broadcast_in_dim"(%w24) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %163 = "stablehlo.add"(%161, %162) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %164 = "stablehlo.reshape"(%163) : (tensor<6x16x40xf32>) -> tensor<6x16x4x10xf32>
  %165 = "stablehlo.transpose"(%164) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x16x4x10xf32>) -> tensor<6x4x16x10xf32>
  %166 = "stablehlo.dot_general"(%159, %165) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<6x4x16x10xf32>, tensor<6x4x16x10xf32>) -> tensor<6x4x16x16xf32>
  %167 = "stablehlo.constant"() {value = dense<3.1622776e-01> : tensor<6x4x16x16xf32>} : () -> tensor<6x4x16x16xf32>
  %168 = "stablehlo.multiply"(%166, %167) : (tensor<6x4x16x16xf32>, tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %169 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %173 = "stablehlo.reduce"(%168, %169) ({
  ^bb0(%170: tensor<f32>, %171: tensor<f32>):
    %172 = "stablehlo.maximum"(%170, %171) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%172) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<6x4x16x16xf32>, tensor<f32>) -> tensor<6x4x16xf32>
  %174 = "stablehlo.broadcast_in_dim"(%173) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<6x4x16xf32>) -> tensor<6x4x16x16xf32>
  %175 = "stablehlo.subtract"(%168, %174) : (tensor<6x4x16x16xf32>, tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %176 = "stablehlo.exponential"(%175) : (tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %177 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %181 = "stablehlo.reduce"(%176, %177) ({
  ^bb0(%178: tensor<f32>, %179: tensor<f32>):
    %180 = "stablehlo.add"(%178, %179) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%180) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<6x4x16x16xf32>, tensor<f32>) -> tensor<6x4x16xf32>
  %182 = "stablehlo.broadcast_in_dim"(%181) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<6x4x16xf32>) -> tensor<6x4x16x16xf32>
  %183 = "stablehlo.divide"(%176, %182) : (tensor<6x4x16x16xf32>, tensor<6x4x16x16xf32>) -> tensor<6x4x16x16xf32>
  %184 = "stablehlo.dot_general"(%w25, %153) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %185 = "stablehlo.transpose"(%184) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %186 = "stablehlo.broadcast_in_dim"(%w26) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %187 = "stablehlo.add"(%185, %186) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %188 = "stablehlo.reshape"(%187) : (tensor<6x16x40xf32>) -> tensor<6x16x4x10xf32>
  %189 = "stablehlo.transpose"(%188) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x16x4x10xf32>) -> tensor<6x4x16x10xf32>
  %190 = "stablehlo.dot_general"(%183, %189) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<6x4x16x16xf32>, tensor<6x4x16x10xf32>) -> tensor<6x4x16x10xf32>
  %191 = "stablehlo.transpose"(%190) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<6x4x16x10xf32>) -> tensor<6x16x4x10xf32>
  %192 = "stablehlo.reshape"(%191) : (tensor<6x16x4x10xf32>) -> tensor<6x16x40xf32>
  %193 = "stablehlo.dot_general"(%w27, %192) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x40xf32>, tensor<6x16x40xf32>) -> tensor<40x6x16xf32>
  %194 = "stablehlo.transpose"(%193) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %195 = "stablehlo.broadcast_in_dim"(%w28) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %196 = "stablehlo.add"(%194, %195) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %197 = "stablehlo.add"(%127, %196) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %198 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %202 = "stablehlo.reduce"(%197, %198) ({
  ^bb0(%199: tensor<f32>, %200: tensor<f32>):
    %201 = "stablehlo.add"(%199, %200) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%201) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %203 = "stablehlo.broadcast_in_dim"(%202) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %204 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %205 = "stablehlo.divide"(%203, %204) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %206 = "stablehlo.subtract"(%197, %205) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %207 = "stablehlo.multiply"(%206, %206) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %208 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %212 = "stablehlo.reduce"(%207, %208) ({
  ^bb0(%209: tensor<f32>, %210: tensor<f32>):
    %211 = "stablehlo.add"(%209, %210) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%211) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<6x16x40xf32>, tensor<f32>) -> tensor<6x16xf32>
  %213 = "stablehlo.broadcast_in_dim"(%212) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<6x16xf32>) -> tensor<6x16x40xf32>
  %214 = "stablehlo.constant"() {value = dense<4.0e+01> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %215 = "stablehlo.divide"(%213, %214) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %216 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<6x16x40xf32>} : () -> tensor<6x16x40xf32>
  %217 = "stablehlo.add"(%215, %216) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %218 = "stablehlo.rsqrt"(%217) : (tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %219 = "stablehlo.multiply"(%206, %218) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %220 = "stablehlo.broadcast_in_dim"(%w29) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %221 = "stablehlo.multiply"(%219, %220) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %222 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %223 = "stablehlo.add"(%221, %222) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %224 = "stablehlo.dot_general"(%w31, %223) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<88x40xf32>, tensor<6x16x40xf32>) -> tensor<88x6x16xf32>
  %225 = "stablehlo.transpose"(%224) {permutation = array<i64: 1, 2, 0>} : (tensor<88x6x16xf32>) -> tensor<6x16x88xf32>
  %226 = "stablehlo.broadcast_in_dim"(%w32) {broadcast_dimensions = array<i64: 2>} : (tensor<88xf32>) -> tensor<6x16x88xf32>
  %227 = "stablehlo.add"(%225, %226) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %228 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %229 = "stablehlo.multiply"(%227, %228) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %230 = "stablehlo.multiply"(%227, %227) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %231 = "stablehlo.multiply"(%230, %227) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %232 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %233 = "stablehlo.multiply"(%231, %232) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %234 = "stablehlo.add"(%227, %233) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %235 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %236 = "stablehlo.multiply"(%234, %235) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %237 = "stablehlo.tanh"(%236) : (tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %238 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<6x16x88xf32>} : () -> tensor<6x16x88xf32>
  %239 = "stablehlo.add"(%237, %238) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %240 = "stablehlo.multiply"(%229, %239) : (tensor<6x16x88xf32>, tensor<6x16x88xf32>) -> tensor<6x16x88xf32>
  %241 = "stablehlo.dot_general"(%w33, %240) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<40x88xf32>, tensor<6x16x88xf32>) -> tensor<40x6x16xf32>
  %242 = "stablehlo.transpose"(%241) {permutation = array<i64: 1, 2, 0>} : (tensor<40x6x16xf32>) -> tensor<6x16x40xf32>
  %243 = "stablehlo.broadcast_in_dim"(%w34) {broadcast_dimensions = array<i64: 2>} : (tensor<40xf32>) -> tensor<6x16x40xf32>
  %244 = "stablehlo.add"(%242, %243) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %245 = "stablehlo.add"(%197, %244) : (tensor<6x16x40xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
  %246 = "stablehlo.dot_general"(%w35, %245) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x40xf32>, tensor<6x16x40xf32>) -> tensor<64x6x16xf32>
  %247 = "stablehlo.transpose"(%246) {permutation = array<i64: 1, 2, 0>} : (tensor<64x6x16xf32>) -> tensor<6x16x64xf32>
  %248 = "stablehlo.broadcast_in_dim"(%w36) {broadcast_dimensions = array<i64: 2>} : (tensor<64xf32>) -> tensor<6x16x64xf32>
  %249 = "stablehlo.add"(%247, %248) : (tensor<6x16x64xf32>, tensor<6x16x64xf32>) -> tensor<6x16x64xf32>
  %250 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<6x16x64xf32>} : () -> tensor<6x16x64xf32>
  %251 = "stablehlo.multiply"(%249, %250) : (tensor<6x16x64xf32>, tensor<6x16x64xf32>) -> tensor<6x16x64xf32>
  %252 = "stablehlo.constant"() {value = dense<7.0710677e-01> : tensor<6x16x64xf32>} : () -> tensor<6x16x64xf32>
  %253 = "stablehlo.multiply"(%249, %252) : (tensor<6x16x64xf32>, tensor<6x16x64xf32>) -> tensor<6x16x64xf32>
  %254 = "chlo.erf"(%253) : (tensor<6x16x64xf32>) -> tensor<6x16x64xf32>
  %255 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<6x16x64xf32>} : () -> tensor<6x16x64xf32>
  %256 = "stablehlo.add"(%254, %255) : (tensor<6x16x64xf32>, tensor<6x16x64xf32>) -> tensor<6x16x64xf32>
  %257 = "stablehlo.multiply"(%251, %256) : (tensor<6x16x64xf32>, tensor<6x16x64xf32>) -> tensor<6x16x64xf32>
  %258 = "stablehlo.dot_general"(%w37, %257) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<6x16x64xf32>) -> tensor<64x6x16xf32>
  %259 = "stablehlo.transpose"(%258) {permutation = array<i64: 1, 2, 0>} : (tensor<64x6x16xf32>) -> tensor<6x16x64xf32>
  %260 = "stablehlo.broadcast_in_dim"(%w38) {broadcast_dimensions = array<i64: 2>} : (tensor<64xf32>) -> tensor<6x16x64xf32>
  %261 = "stablehlo.add"(%259, %260) : (tensor<6x16x64xf32>, tensor<6x16x64xf32>) -> tensor<6x16x64xf32>
  %262 = "stablehlo.reshape"(%261) : (tensor<6x16x64xf32>) -> tensor<96x64xf32>
  %263 = "stablehlo.reshape"(%w39) : (tensor<64xf32>) -> tensor<1x64xf32>
  %264 = "stablehlo.concatenate"(%262, %263) {dimension = 0 : i64} : (tensor<96x64xf32>, tensor<1x64xf32>) -> tensor<97x64xf32>
  %265 = "stablehlo.gather"(%264, %blend_source) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<97x64xf32>, tensor<64x4xi32>) -> tensor<64x4x64xf32>
  %266 = "stablehlo.slice"(%265) {limit_indices = array<i64: 64, 1, 64>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x4x64xf32>) -> tensor<64x1x64xf32>
  %267 = "stablehlo.reshape"(%266) : (tensor<64x1x64xf32>) -> tensor<64x64xf32>
  %268 = "stablehlo.slice"(%blend_weight) {limit_indices = array<i64: 64, 3>, start_indices = array<i64: 0, 2>, strides = array<i64: 1, 1>} : (tensor<64x4xf32>) -> tensor<64x1xf32>
  %269 = "stablehlo.reshape"(%268) : (tensor<64x1xf32>) -> tensor<64xf32>
  %270 = "stablehlo.broadcast_in_dim"(%269) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
  %271 = "stablehlo.multiply"(%267, %270) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %272 = "stablehlo.slice"(%265) {limit_indices = array<i64: 64, 2, 64>, start_indices = array<i64: 0, 1, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x4x64xf32>) -> tensor<64x1x64xf32>
  %273 = "stablehlo.reshape"(%272) : (tensor<64x1x64xf32>) -> tensor<64x64xf32>
  %274 = "stablehlo.slice"(%blend_weight) {limit_indices = array<i64: 64, 4>, start_indices = array<i64: 0, 3>, strides = array<i64: 1, 1>} : (tensor<64x4xf32>) -> tensor<64x1xf32>
  %275 = "stablehlo.reshape"(%274) : (tensor<64x1xf32>) -> tensor<64xf32>
  %276 = "stablehlo.broadcast_in_dim"(%275) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
  %277 = "stablehlo.multiply"(%273, %276) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %278 = "stablehlo.add"(%271, %277) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %279 = "stablehlo.slice"(%blend_weight) {limit_indices = array<i64: 64, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<64x4xf32>) -> tensor<64x1xf32>
  %280 = "stablehlo.reshape"(%279) : (tensor<64x1xf32>) -> tensor<64xf32>
  %281 = "stablehlo.broadcast_in_dim"(%280) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
  %282 = "stablehlo.multiply"(%278, %281) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %283 = "stablehlo.slice"(%265) {limit_indices = array<i64: 64, 3, 64>, start_indices = array<i64: 0, 2, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x4x64xf32>) -> tensor<64x1x64xf32>
  %284 = "stablehlo.reshape"(%283) : (tensor<64x1x64xf32>) -> tensor<64x64xf32>
  %285 = "stablehlo.slice"(%blend_weight) {limit_indices = array<i64: 64, 3>, start_indices = array<i64: 0, 2>, strides = array<i64: 1, 1>} : (tensor<64x4xf32>) -> tensor<64x1xf32>
  %286 = "stablehlo.reshape"(%285) : (tensor<64x1xf32>) -> tensor<64xf32>
  %287 = "stablehlo.broadcast_in_dim"(%286) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
  %288 = "stablehlo.multiply"(%284, %287) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %289 = "stablehlo.slice"(%265) {limit_indices = array<i64: 64, 4, 64>, start_indices = array<i64: 0, 3, 0>, strides = array<i64: 1, 1, 1>} : (tensor<64x4x64xf32>) -> tensor<64x1x64xf32>
  %290 = "stablehlo.reshape"(%289) : (tensor<64x1x64xf32>) -> tensor<64x64xf32>
  %291 = "stablehlo.slice"(%blend_weight) {limit_indices = array<i64: 64, 4>, start_indices = array<i64: 0, 3>, strides = array<i64: 1, 1>} : (tensor<64x4xf32>) -> tensor<64x1xf32>
  %292 = "stablehlo.reshape"(%291) : (tensor<64x1xf32>) -> tensor<64xf32>
  %293 = "stablehlo.broadcast_in_dim"(%292) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
  %294 = "stablehlo.multiply"(%290, %293) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %295 = "stablehlo.add"(%288, %294) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %296 = "stablehlo.slice"(%blend_weight) {limit_indices = array<i64: 64, 2>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 1>} : (tensor<64x4xf32>) -> tensor<64x1xf32>
  %297 = "stablehlo.reshape"(%296) : (tensor<64x1xf32>) -> tensor<64xf32>
  %298 = "stablehlo.broadcast_in_dim"(%297) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
  %299 = "stablehlo.multiply"(%295, %298) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %300 = "stablehlo.add"(%282, %299) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %301 = "stablehlo.constant"() {value = dense<0> : tensor<64xi32>} : () -> tensor<64xi32>
  %302 = "stablehlo.maximum"(%feature_source, %301) : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
  %303 = "stablehlo.gather"(%264, %302) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<97x64xf32>, tensor<64xi32>) -> tensor<64x64xf32>
  %304 = "stablehlo.select"(%2, %300, %303) : (tensor<64x64xi1>, tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  func.return %304 : tensor<64x64xf32>
}
}
