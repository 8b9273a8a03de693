// llava_next_vision_encode_f32_n3_F48_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// vision_encode
// input pixel_values tensor<3x3x30x30xf32> alias=-1
// weight vision_tower.embeddings.class_embedding tensor<36xf32> alias=-1
// weight vision_tower.embeddings.patch_embedding.weight tensor<36x3x6x6xf32> alias=-1
// weight vision_tower.embeddings.position_embedding.weight tensor<26x36xf32> alias=-1
// weight vision_tower.pre_layrnorm.weight tensor<36xf32> alias=-1
// weight vision_tower.pre_layrnorm.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm1.weight tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm1.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.q_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.q_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.k_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.k_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.v_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.v_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.out_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.0.self_attn.out_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm2.weight tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.layer_norm2.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc1.weight tensor<76x36xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc1.bias tensor<76xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc2.weight tensor<36x76xf32> alias=-1
// weight vision_tower.encoder.layers.0.mlp.fc2.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm1.weight tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm1.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.q_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.q_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.k_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.k_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.v_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.v_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.out_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.1.self_attn.out_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm2.weight tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.layer_norm2.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc1.weight tensor<76x36xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc1.bias tensor<76xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc2.weight tensor<36x76xf32> alias=-1
// weight vision_tower.encoder.layers.1.mlp.fc2.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.layer_norm1.weight tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.layer_norm1.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.q_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.q_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.k_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.k_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.v_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.v_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.out_proj.weight tensor<36x36xf32> alias=-1
// weight vision_tower.encoder.layers.2.self_attn.out_proj.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.layer_norm2.weight tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.layer_norm2.bias tensor<36xf32> alias=-1
// weight vision_tower.encoder.layers.2.mlp.fc1.weight tensor<76x36xf32> alias=-1
// weight vision_tower.encoder.layers.2.mlp.fc1.bias tensor<76xf32> alias=-1
// weight vision_tower.encoder.layers.2.mlp.fc2.weight tensor<36x76xf32> alias=-1
// weight vision_tower.encoder.layers.2.mlp.fc2.bias tensor<36xf32> alias=-1
// weight multi_modal_projector.linear_1.weight tensor<72x36xf32> alias=-1
// weight multi_modal_projector.linear_1.bias tensor<72xf32> alias=-1
// weight multi_modal_projector.linear_2.weight tensor<72x72xf32> alias=-1
// weight multi_modal_projector.linear_2.bias tensor<72xf32> alias=-1
// weight image_newline tensor<72xf32> alias=-1
// input feature_source tensor<48xi32> alias=-1
// result packed_image_features tensor<48x72xf32>
// result vision_hidden_states.0 tensor<3x26x36xf32>
// result vision_hidden_states.1 tensor<3x26x36xf32>
// result vision_hidden_states.2 tensor<3x26x36xf32>
// result vision_hidden_states.3 tensor<3x26x36xf32>
// result selected_image_features tensor<3x25x36xf32>
// result image_features tensor<3x25x72xf32>
module {
func.func public @main(%pixel_values: tensor<3x3x30x30xf32>, %w0: tensor<36xf32>, %w1: tensor<36x3x6x6xf32>, %w2: tensor<26x36xf32>, %w3: tensor<36xf32>, %w4: tensor<36xf32>, %w5: tensor<36xf32>, %w6: tensor<36xf32>, %w7: tensor<36x36xf32>, %w8: tensor<36xf32>, %w9: tensor<36x36xf32>, %w10: tensor<36xf32>, %w11: tensor<36x36xf32>, %w12: tensor<36xf32>, %w13: tensor<36x36xf32>, %w14: tensor<36xf32>, %w15: tensor<36xf32>, %w16: tensor<36xf32>, %w17: tensor<76x36xf32>, %w18: tensor<76xf32>, %w19: tensor<36x76xf32>, %w20: tensor<36xf32>, %w21: tensor<36xf32>, %w22: tensor<36xf32>, %w23: tensor<36x36xf32>, %w24: tensor<36xf32>, %w25: tensor<36x36xf32>, %w26: tensor<36xf32>, %w27: tensor<36x36xf32>, %w28: tensor<36xf32>, %w29: tensor<36x36xf32>, %w30: tensor<36xf32>, %w31: tensor<36xf32>, %w32: tensor<36xf32>, %w33: tensor<76x36xf32>, %w34: tensor<76xf32>, %w35: tensor<36x76xf32>, %w36: tensor<36xf32>, %w37: tensor<36xf32>, %w38: tensor<36xf32>, %w39: tensor<36x36xf32>, %w40: tensor<36xf32>, %w41: tensor<36x36xf32>, %w42: tensor<36xf32>, %w43: tensor<36x36xf32>, %w44: tensor<36xf32>, %w45: tensor<36x36xf32>, %w46: tensor<36xf32>, %w47: tensor<36xf32>, %w48: tensor<36xf32>, %w49: tensor<76x36xf32>, %w50: tensor<76xf32>, %w51: tensor<36x76xf32>, %w52: tensor<36xf32>, %w53: tensor<72x36xf32>, %w54: tensor<72xf32>, %w55: tensor<72x72xf32>, %w56: tensor<72xf32>, %w57: tensor<72xf32>, %feature_source: tensor<48xi32>) -> (tensor<48x72xf32>, tensor<3x26x36xf32>, tensor<3x26x36xf32>, tensor<3x26x36xf32>, tensor<3x26x36xf32>, tensor<3x25x36xf32>, tensor<3x25x72xf32>) {
  %0 = "stablehlo.broadcast_in_dim"(%w0) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x1x36xf32>
  %1 = "stablehlo.convolution"(%pixel_values, %w1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>], window_strides = array<i64: 6, 6>} : (tensor<3x3x30x30xf32>, tensor<36x3x6x6xf32>) -> tensor<3x36x5x5xf32>
  %2 = "stablehlo.reshape"(%1) : (tensor<3x36x5x5xf32>) -> tensor<3x36x25xf32>
  %3 = "stablehlo.transpose"(%2) {permutation = array<i64: 0, 2, 1>} : (tensor<3x36x25xf32>) -> tensor<3x25x36xf32>
  %4 = "stablehlo.concatenate"(%0, %3) {dimension = 1 : i64} : (tensor<3x1x36xf32>, tensor<3x25x36xf32>) -> tensor<3x26x36xf32>
  %5 = "stablehlo.broadcast_in_dim"(%w2) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<26x36xf32>) -> tensor<3x26x36xf32>
  %6 = "stablehlo.add"(%4, %5) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %7 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %11 = "stablehlo.reduce"(%6, %7) ({
  ^bb0(%8: tensor<f32>, %9: tensor<f32>):
    %10 = "stablehlo.add"(%8, %9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%10) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %12 = "stablehlo.broadcast_in_dim"(%11) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %13 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %14 = "stablehlo.divide"(%12, %13) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %15 = "stablehlo.subtract"(%6, %14) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %16 = "stablehlo.multiply"(%15, %15) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %17 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %21 = "stablehlo.reduce"(%16, %17) ({
  ^bb0(%18: tensor<f32>, %19: tensor<f32>):
    %20 = "stablehlo.add"(%18, %19) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%20) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %22 = "stablehlo.broadcast_in_dim"(%21) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %23 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %24 = "stablehlo.divide"(%22, %23) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %25 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %26 = "stablehlo.add"(%24, %25) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %27 = "stablehlo.rsqrt"(%26) : (tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %28 = "stablehlo.multiply"(%15, %27) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %29 = "stablehlo.broadcast_in_dim"(%w3) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %30 = "stablehlo.multiply"(%28, %29) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %31 = "stablehlo.broadcast_in_dim"(%w4) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %32 = "stablehlo.add"(%30, %31) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %33 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %37 = "stablehlo.reduce"(%32, %33) ({
  ^bb0(%34: tensor<f32>, %35: tensor<f32>):
    %36 = "stablehlo.add"(%34, %35) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%36) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %38 = "stablehlo.broadcast_in_dim"(%37) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %39 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %40 = "stablehlo.divide"(%38, %39) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %41 = "stablehlo.subtract"(%32, %40) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %42 = "stablehlo.multiply"(%41, %41) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %43 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %47 = "stablehlo.reduce"(%42, %43) ({
  ^bb0(%44: tensor<f32>, %45: tensor<f32>):
    %46 = "stablehlo.add"(%44, %45) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%46) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %48 = "stablehlo.broadcast_in_dim"(%47) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %49 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %50 = "stablehlo.divide"(%48, %49) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %51 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %52 = "stablehlo.add"(%50, %51) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %53 = "stablehlo.rsqrt"(%52) : (tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %54 = "stablehlo.multiply"(%41, %53) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %55 = "stablehlo.broadcast_in_dim"(%w5) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %56 = "stablehlo.multiply"(%54, %55) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %57 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %58 = "stablehlo.add"(%56, %57) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %59 = "stablehlo.dot_general"(%w7, %58) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %60 = "stablehlo.transpose"(%59) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %61 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %62 = "stablehlo.add"(%60, %61) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %63 = "stablehlo.reshape"(%62) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %64 = "stablehlo.transpose"(%63) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %65 = "stablehlo.dot_general"(%w9, %58) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %66 = "stablehlo.transpose"(%65) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %67 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %68 = "stablehlo.add"(%66, %67) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %69 = "stablehlo.reshape"(%68) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %70 = "stablehlo.transpose"(%69) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %71 = "stablehlo.dot_general"(%64, %70) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<3x4x26x9xf32>, tensor<3x4x26x9xf32>) -> tensor<3x4x26x26xf32>
  %72 = "stablehlo.constant"() {value = dense<3.3333334e-01> : tensor<3x4x26x26xf32>} : () -> tensor<3x4x26x26xf32>
  %73 = "stablehlo.multiply"(%71, %72) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %74 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %78 = "stablehlo.reduce"(%73, %74) ({
  ^bb0(%75: tensor<f32>, %76: tensor<f32>):
    %77 = "stablehlo.maximum"(%75, %76) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%77) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<3x4x26x26xf32>, tensor<f32>) -> tensor<3x4x26xf32>
  %79 = "stablehlo.broadcast_in_dim"(%78) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<3x4x26xf32>) -> tensor<3x4x26x26xf32>
  %80 = "stablehlo.subtract"(%73, %79) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %81 = "stablehlo.exponential"(%80) : (tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %82 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %86 = "stablehlo.reduce"(%81, %82) ({
  ^bb0(%83: tensor<f32>, %84: tensor<f32>):
    %85 = "stablehlo.add"(%83, %84) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%85) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<3x4x26x26xf32>, tensor<f32>) -> tensor<3x4x26xf32>
  %87 = "stablehlo.broadcast_in_dim"(%86) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<3x4x26xf32>) -> tensor<3x4x26x26xf32>
  %88 = "stablehlo.divide"(%81, %87) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %89 = "stablehlo.dot_general"(%w11, %58) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %90 = "stablehlo.transpose"(%89) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %91 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %92 = "stablehlo.add"(%90, %91) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %93 = "stablehlo.reshape"(%92) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %94 = "stablehlo.transpose"(%93) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %95 = "stablehlo.dot_general"(%88, %94) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<3x4x26x26xf32>, tensor<3x4x26x9xf32>) -> tensor<3x4x26x9xf32>
  %96 = "stablehlo.transpose"(%95) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x4x26x9xf32>) -> tensor<3x26x4x9xf32>
  %97 = "stablehlo.reshape"(%96) : (tensor<3x26x4x9xf32>) -> tensor<3x26x36xf32>
  %98 = "stablehlo.dot_general"(%w13, %97) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %99 = "stablehlo.transpose"(%98) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %100 = "stablehlo.broadcast_in_dim"(%w14) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %101 = "stablehlo.add"(%99, %100) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %102 = "stablehlo.add"(%32, %101) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %103 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %107 = "stablehlo.reduce"(%102, %103) ({
  ^bb0(%104: tensor<f32>, %105: tensor<f32>):
    %106 = "stablehlo.add"(%104, %105) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%106) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %108 = "stablehlo.broadcast_in_dim"(%107) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %109 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %110 = "stablehlo.divide"(%108, %109) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %111 = "stablehlo.subtract"(%102, %110) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %112 = "stablehlo.multiply"(%111, %111) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %113 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %117 = "stablehlo.reduce"(%112, %113) ({
  ^bb0(%114: tensor<f32>, %115: tensor<f32>):
    %116 = "stablehlo.add"(%114, %115) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%116) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %118 = "stablehlo.broadcast_in_dim"(%117) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %119 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %120 = "stablehlo.divide"(%118, %119) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %121 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %122 = "stablehlo.add"(%120, %121) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %123 = "stablehlo.rsqrt"(%122) : (tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %124 = "stablehlo.multiply"(%111, %123) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %125 = "stablehlo.broadcast_in_dim"(%w15) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %126 = "stablehlo.multiply"(%124, %125) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %127 = "stablehlo.broadcast_in_dim"(%w16) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %128 = "stablehlo.add"(%126, %127) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %129 = "stablehlo.dot_general"(%w17, %128) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<76x36xf32>, tensor<3x26x36xf32>) -> tensor<76x3x26xf32>
  %130 = "stablehlo.transpose"(%129) {permutation = array<i64: 1, 2, 0>} : (tensor<76x3x26xf32>) -> tensor<3x26x76xf32>
  %131 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 2>} : (tensor<76xf32>) -> tensor<3x26x76xf32>
  %132 = "stablehlo.add"(%130, %131) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %133 = "stablehlo.constant"() {value = dense<1.702e+00> : tensor<3x26x76xf32>} : () -> tensor<3x26x76xf32>
  %134 = "stablehlo.multiply"(%132, %133) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %135 = "stablehlo.logistic"(%134) : (tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %136 = "stablehlo.multiply"(%132, %135) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %137 = "stablehlo.dot_general"(%w19, %136) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x76xf32>, tensor<3x26x76xf32>) -> tensor<36x3x26xf32>
  %138 = "stablehlo.transpose"(%137) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %139 = "stablehlo.broadcast_in_dim"(%w20) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %140 = "stablehlo.add"(%138, %139) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %141 = "stablehlo.add"(%102, %140) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %142 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %146 = "stablehlo.reduce"(%141, %142) ({
  ^bb0(%143: tensor<f32>, %144: tensor<f32>):
    %145 = "stablehlo.add"(%143, %144) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%145) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %147 = "stablehlo.broadcast_in_dim"(%146) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %148 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %149 = "stablehlo.divide"(%147, %148) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %150 = "stablehlo.subtract"(%141, %149) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %151 = "stablehlo.multiply"(%150, %150) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %152 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %156 = "stablehlo.reduce"(%151, %152) ({
  ^bb0(%153: tensor<f32>, %154: tensor<f32>):
    %155 = "stablehlo.add"(%153, %154) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%155) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %157 = "stablehlo.broadcast_in_dim"(%156) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %158 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %159 = "stablehlo.divide"(%157, %158) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %160 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %161 = "stablehlo.add"(%159, %160) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %162 = "stablehlo.rsqrt"(%161) : (tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %163 = "stablehlo.multiply"(%150, %162) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %164 = "stablehlo.broadcast_in_dim"(%w21) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %165 = "stablehlo.multiply"(%163, %164) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %166 = "stablehlo.broadcast_in_dim"(%w22) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %167 = "stablehlo.add"(%165, %166) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %168 = "stablehlo.dot_general"(%w23, %167) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %169 = "stablehlo.transpose"(%168) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %170 = "stablehlo.broadcast_in_dim"(%w24) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %171 = "stablehlo.add"(%169, %170) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %172 = "stablehlo.reshape"(%171) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %173 = "stablehlo.transpose"(%172) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %174 = "stablehlo.dot_general"(%w25, %167) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %175 = "stablehlo.transpose"(%174) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %176 = "stablehlo.broadcast_in_dim"(%w26) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %177 = "stablehlo.add"(%175, %176) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %178 = "stablehlo.reshape"(%177) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %179 = "stablehlo.transpose"(%178) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %180 = "stablehlo.dot_general"(%173, %179) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<3x4x26x9xf32>, tensor<3x4x26x9xf32>) -> tensor<3x4x26x26xf32>
  %181 = "stablehlo.constant"() {value = dense<3.3333334e-01> : tensor<3x4x26x26xf32>} : () -> tensor<3x4x26x26xf32>
  %182 = "stablehlo.multiply"(%180, %181) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %183 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %187 = "stablehlo.reduce"(%182, %183) ({
  ^bb0(%184: tensor<f32>, %185: tensor<f32>):
    %186 = "stablehlo.maximum"(%184, %185) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%186) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<3x4x26x26xf32>, tensor<f32>) -> tensor<3x4x26xf32>
  %188 = "stablehlo.broadcast_in_dim"(%187) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<3x4x26xf32>) -> tensor<3x4x26x26xf32>
  %189 = "stablehlo.subtract"(%182, %188) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %190 = "stablehlo.exponential"(%189) : (tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %191 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %195 = "stablehlo.reduce"(%190, %191) ({
  ^bb0(%192: tensor<f32>, %193: tensor<f32>):
    %194 = "stablehlo.add"(%192, %193) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%194) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<3x4x26x26xf32>, tensor<f32>) -> tensor<3x4x26xf32>
  %196 = "stablehlo.broadcast_in_dim"(%195) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<3x4x26xf32>) -> tensor<3x4x26x26xf32>
  %197 = "stablehlo.divide"(%190, %196) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %198 = "stablehlo.dot_general"(%w27, %167) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %199 = "stablehlo.transpose"(%198) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %200 = "stablehlo.broadcast_in_dim"(%w28) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %201 = "stablehlo.add"(%199, %200) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %202 = "stablehlo.reshape"(%201) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %203 = "stablehlo.transpose"(%202) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %204 = "stablehlo.dot_general"(%197, %203) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<3x4x26x26xf32>, tensor<3x4x26x9xf32>) -> tensor<3x4x26x9xf32>
  %205 = "stablehlo.transpose"(%204) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x4x26x9xf32>) -> tensor<3x26x4x9xf32>
  %206 = "stablehlo.reshape"(%205) : (tensor<3x26x4x9xf32>) -> tensor<3x26x36xf32>
  %207 = "stablehlo.dot_general"(%w29, %206) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %208 = "stablehlo.transpose"(%207) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %209 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %210 = "stablehlo.add"(%208, %209) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %211 = "stablehlo.add"(%141, %210) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %212 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %216 = "stablehlo.reduce"(%211, %212) ({
  ^bb0(%213: tensor<f32>, %214: tensor<f32>):
    %215 = "stablehlo.add"(%213, %214) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%215) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %217 = "stablehlo.broadcast_in_dim"(%216) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %218 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %219 = "stablehlo.divide"(%217, %218) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %220 = "stablehlo.subtract"(%211, %219) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %221 = "stablehlo.multiply"(%220, %220) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %222 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %226 = "stablehlo.reduce"(%221, %222) ({
  ^bb0(%223: tensor<f32>, %224: tensor<f32>):
    %225 = "stablehlo.add"(%223, %224) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%225) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %227 = "stablehlo.broadcast_in_dim"(%226) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %228 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %229 = "stablehlo.divide"(%227, %228) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %230 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %231 = "stablehlo.add"(%229, %230) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %232 = "stablehlo.rsqrt"(%231) : (tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %233 = "stablehlo.multiply"(%220, %232) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %234 = "stablehlo.broadcast_in_dim"(%w31) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %235 = "stablehlo.multiply"(%233, %234) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %236 = "stablehlo.broadcast_in_dim"(%w32) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %237 = "stablehlo.add"(%235, %236) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %238 = "stablehlo.dot_general"(%w33, %237) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<76x36xf32>, tensor<3x26x36xf32>) -> tensor<76x3x26xf32>
  %239 = "stablehlo.transpose"(%238) {permutation = array<i64: 1, 2, 0>} : (tensor<76x3x26xf32>) -> tensor<3x26x76xf32>
  %240 = "stablehlo.broadcast_in_dim"(%w34) {broadcast_dimensions = array<i64: 2>} : (tensor<76xf32>) -> tensor<3x26x76xf32>
  %241 = "stablehlo.add"(%239, %240) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %242 = "stablehlo.constant"() {value = dense<1.702e+00> : tensor<3x26x76xf32>} : () -> tensor<3x26x76xf32>
  %243 = "stablehlo.multiply"(%241, %242) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %244 = "stablehlo.logistic"(%243) : (tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %245 = "stablehlo.multiply"(%241, %244) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %246 = "stablehlo.dot_general"(%w35, %245) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x76xf32>, tensor<3x26x76xf32>) -> tensor<36x3x26xf32>
  %247 = "stablehlo.transpose"(%246) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %248 = "stablehlo.broadcast_in_dim"(%w36) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %249 = "stablehlo.add"(%247, %248) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %250 = "stablehlo.add"(%211, %249) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %251 = "stablehlo.slice"(%250) {limit_indices = array<i64: 3, 26, 36>, start_indices = array<i64: 0, 1, 0>, strides = array<i64: 1, 1, 1>} : (tensor<3x26x36xf32>) -> tensor<3x25x36xf32>
  %252 = "stablehlo.dot_general"(%w53, %251) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<72x36xf32>, tensor<3x25x36xf32>) -> tensor<72x3x25xf32>
  %253 = "stablehlo.transpose"(%252) {permutation = array<i64: 1, 2, 0>} : (tensor<72x3x25xf32>) -> tensor<3x25x72xf32>
  %254 = "stablehlo.broadcast_in_dim"(%w54) {broadcast_dimensions = array<i64: 2>} : (tensor<72xf32>) -> tensor<3x25x72xf32>
  %255 = "stablehlo.add"(%253, %254) : (tensor<3x25x72xf32>, tensor<3x25x72xf32>) -> tensor<3x25x72xf32>
  %256 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<3x25x72xf32>} : () -> tensor<3x25x72xf32>
  %257 = "stablehlo.multiply"(%255, %256) : (tensor<3x25x72xf32>, tensor<3x25x72xf32>) -> tensor<3x25x72xf32>
  %258 = "stablehlo.constant"() {value = dense<7.0710677e-01> : tensor<3x25x72xf32>} : () -> tensor<3x25x72xf32>
  %259 = "stablehlo.multiply"(%255, %258) : (tensor<3x25x72xf32>, tensor<3x25x72xf32>) -> tensor<3x25x72xf32>
  %260 = "chlo.erf"(%259) : (tensor<3x25x72xf32>) -> tensor<3x25x72xf32>
  %261 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<3x25x72xf32>} : () -> tensor<3x25x72xf32>
  %262 = "stablehlo.add"(%260, %261) : (tensor<3x25x72xf32>, tensor<3x25x72xf32>) -> tensor<3x25x72xf32>
  %263 = "stablehlo.multiply"(%257, %262) : (tensor<3x25x72xf32>, tensor<3x25x72xf32>) -> tensor<3x25x72xf32>
  %264 = "stablehlo.dot_general"(%w55, %263) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<72x72xf32>, tensor<3x25x72xf32>) -> tensor<72x3x25xf32>
  %265 = "stablehlo.transpose"(%264) {permutation = array<i64: 1, 2, 0>} : (tensor<72x3x25xf32>) -> tensor<3x25x72xf32>
  %266 = "stablehlo.broadcast_in_dim"(%w56) {broadcast_dimensions = array<i64: 2>} : (tensor<72xf32>) -> tensor<3x25x72xf32>
  %267 = "stablehlo.add"(%265, %266) : (tensor<3x25x72xf32>, tensor<3x25x72xf32>) -> tensor<3x25x72xf32>
  %268 = "stablehlo.reshape"(%267) : (tensor<3x25x72xf32>) -> tensor<75x72xf32>
  %269 = "stablehlo.reshape"(%w57) : (tensor<72xf32>) -> tensor<1x72xf32>
  %270 = "stablehlo.concatenate"(%268, %269) {dimension = 0 : i64} : (tensor<75x72xf32>, tensor<1x72xf32>) -> tensor<76x72xf32>
  %271 = "stablehlo.constant"() {value = dense<0> : tensor<48xi32>} : () -> tensor<48xi32>
  %272 = "stablehlo.maximum"(%feature_source, %271) : (tensor<48xi32>, tensor<48xi32>) -> tensor<48xi32>
  %273 = "stablehlo.gather"(%270, %272) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 72>} : (tensor<76x72xf32>, tensor<48xi32>) -> tensor<48x72xf32>
  %274 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %278 = "stablehlo.reduce"(%250, %274) ({
  ^bb0(%275: tensor<f32>, %276: tensor<f32>):
    %277 = "stablehlo.add"(%275, %276) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%277) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %279 = "stablehlo.broadcast_in_dim"(%278) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %280 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %281 = "stablehlo.divide"(%279, %280) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %282 = "stablehlo.subtract"(%250, %281) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %283 = "stablehlo.multiply"(%282, %282) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %284 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %288 = "stablehlo.reduce"(%283, %284) ({
  ^bb0(%285: tensor<f32>, %286: tensor<f32>):
    %287 = "stablehlo.add"(%285, %286) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%287) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %289 = "stablehlo.broadcast_in_dim"(%288) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %290 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %291 = "stablehlo.divide"(%289, %290) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %292 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %293 = "stablehlo.add"(%291, %292) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %294 = "stablehlo.rsqrt"(%293) : (tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %295 = "stablehlo.multiply"(%282, %294) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %296 = "stablehlo.broadcast_in_dim"(%w37) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %297 = "stablehlo.multiply"(%295, %296) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %298 = "stablehlo.broadcast_in_dim"(%w38) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %299 = "stablehlo.add"(%297, %298) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %300 = "stablehlo.dot_general"(%w39, %299) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %301 = "stablehlo.transpose"(%300) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %302 = "stablehlo.broadcast_in_dim"(%w40) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %303 = "stablehlo.add"(%301, %302) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %304 = "stablehlo.reshape"(%303) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %305 = "stablehlo.transpose"(%304) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %306 = "stablehlo.dot_general"(%w41, %299) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %307 = "stablehlo.transpose"(%306) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %308 = "stablehlo.broadcast_in_dim"(%w42) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %309 = "stablehlo.add"(%307, %308) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %310 = "stablehlo.reshape"(%309) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %311 = "stablehlo.transpose"(%310) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %312 = "stablehlo.dot_general"(%305, %311) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<3x4x26x9xf32>, tensor<3x4x26x9xf32>) -> tensor<3x4x26x26xf32>
  %313 = "stablehlo.constant"() {value = dense<3.3333334e-01> : tensor<3x4x26x26xf32>} : () -> tensor<3x4x26x26xf32>
  %314 = "stablehlo.multiply"(%312, %313) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %315 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %319 = "stablehlo.reduce"(%314, %315) ({
  ^bb0(%316: tensor<f32>, %317: tensor<f32>):
    %318 = "stablehlo.maximum"(%316, %317) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%318) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<3x4x26x26xf32>, tensor<f32>) -> tensor<3x4x26xf32>
  %320 = "stablehlo.broadcast_in_dim"(%319) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<3x4x26xf32>) -> tensor<3x4x26x26xf32>
  %321 = "stablehlo.subtract"(%314, %320) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %322 = "stablehlo.exponential"(%321) : (tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %323 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %327 = "stablehlo.reduce"(%322, %323) ({
  ^bb0(%324: tensor<f32>, %325: tensor<f32>):
    %326 = "stablehlo.add"(%324, %325) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%326) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<3x4x26x26xf32>, tensor<f32>) -> tensor<3x4x26xf32>
  %328 = "stablehlo.broadcast_in_dim"(%327) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<3x4x26xf32>) -> tensor<3x4x26x26xf32>
  %329 = "stablehlo.divide"(%322, %328) : (tensor<3x4x26x26xf32>, tensor<3x4x26x26xf32>) -> tensor<3x4x26x26xf32>
  %330 = "stablehlo.dot_general"(%w43, %299) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %331 = "stablehlo.transpose"(%330) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %332 = "stablehlo.broadcast_in_dim"(%w44) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %333 = "stablehlo.add"(%331, %332) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %334 = "stablehlo.reshape"(%333) : (tensor<3x26x36xf32>) -> tensor<3x26x4x9xf32>
  %335 = "stablehlo.transpose"(%334) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x26x4x9xf32>) -> tensor<3x4x26x9xf32>
  %336 = "stablehlo.dot_general"(%329, %335) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<3x4x26x26xf32>, tensor<3x4x26x9xf32>) -> tensor<3x4x26x9xf32>
  %337 = "stablehlo.transpose"(%336) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<3x4x26x9xf32>) -> tensor<3x26x4x9xf32>
  %338 = "stablehlo.reshape"(%337) : (tensor<3x26x4x9xf32>) -> tensor<3x26x36xf32>
  %339 = "stablehlo.dot_general"(%w45, %338) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x36xf32>, tensor<3x26x36xf32>) -> tensor<36x3x26xf32>
  %340 = "stablehlo.transpose"(%339) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %341 = "stablehlo.broadcast_in_dim"(%w46) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %342 = "stablehlo.add"(%340, %341) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %343 = "stablehlo.add"(%250, %342) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %344 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %348 = "stablehlo.reduce"(%343, %344) ({
  ^bb0(%345: tensor<f32>, %346: tensor<f32>):
    %347 = "stablehlo.add"(%345, %346) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%347) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %349 = "stablehlo.broadcast_in_dim"(%348) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %350 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %351 = "stablehlo.divide"(%349, %350) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %352 = "stablehlo.subtract"(%343, %351) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %353 = "stablehlo.multiply"(%352, %352) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %354 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %358 = "stablehlo.reduce"(%353, %354) ({
  ^bb0(%355: tensor<f32>, %356: tensor<f32>):
    %357 = "stablehlo.add"(%355, %356) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%357) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<3x26x36xf32>, tensor<f32>) -> tensor<3x26xf32>
  %359 = "stablehlo.broadcast_in_dim"(%358) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x26xf32>) -> tensor<3x26x36xf32>
  %360 = "stablehlo.constant"() {value = dense<3.6e+01> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %361 = "stablehlo.divide"(%359, %360) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %362 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<3x26x36xf32>} : () -> tensor<3x26x36xf32>
  %363 = "stablehlo.add"(%361, %362) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %364 = "stablehlo.rsqrt"(%363) : (tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %365 = "stablehlo.multiply"(%352, %364) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %366 = "stablehlo.broadcast_in_dim"(%w47) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %367 = "stablehlo.multiply"(%365, %366) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %368 = "stablehlo.broadcast_in_dim"(%w48) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %369 = "stablehlo.add"(%367, %368) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %370 = "stablehlo.dot_general"(%w49, %369) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<76x36xf32>, tensor<3x26x36xf32>) -> tensor<76x3x26xf32>
  %371 = "stablehlo.transpose"(%370) {permutation = array<i64: 1, 2, 0>} : (tensor<76x3x26xf32>) -> tensor<3x26x76xf32>
  %372 = "stablehlo.broadcast_in_dim"(%w50) {broadcast_dimensions = array<i64: 2>} : (tensor<76xf32>) -> tensor<3x26x76xf32>
  %373 = "stablehlo.add"(%371, %372) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %374 = "stablehlo.constant"() {value = dense<1.702e+00> : tensor<3x26x76xf32>} : () -> tensor<3x26x76xf32>
  %375 = "stablehlo.multiply"(%373, %374) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %376 = "stablehlo.logistic"(%375) : (tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %377 = "stablehlo.multiply"(%373, %376) : (tensor<3x26x76xf32>, tensor<3x26x76xf32>) -> tensor<3x26x76xf32>
  %378 = "stablehlo.dot_general"(%w51, %377) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<36x76xf32>, tensor<3x26x76xf32>) -> tensor<36x3x26xf32>
  %379 = "stablehlo.transpose"(%378) {permutation = array<i64: 1, 2, 0>} : (tensor<36x3x26xf32>) -> tensor<3x26x36xf32>
  %380 = "stablehlo.broadcast_in_dim"(%w52) {broadcast_dimensions = array<i64: 2>} : (tensor<36xf32>) -> tensor<3x26x36xf32>
  %381 = "stablehlo.add"(%379, %380) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  %382 = "stablehlo.add"(%343, %381) : (tensor<3x26x36xf32>, tensor<3x26x36xf32>) -> tensor<3x26x36xf32>
  func.return %273, %32, %141, %250, %382, %251, %267 : tensor<48x72xf32>, tensor<3x26x36xf32>, tensor<3x26x36xf32>, tensor<3x26x36xf32>, tensor<3x26x36xf32>, tensor<3x25x36xf32>, tensor<3x25x72xf32>
}
}
