// qwen3_vl_vision_encode_f32_N16_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// vision_encode
// input pixel_values tensor<16x1536xf32> alias=-1
// input rotary_hw tensor<16x2xi32> alias=-1
// input full_segment tensor<16xi32> alias=-1
// input interp_indices tensor<16x4xi32> alias=-1
// input interp_weights tensor<16x4xf32> alias=-1
// weight model.visual.patch_embed.proj.weight tensor<32x3x2x16x16xf32> alias=-1
// weight model.visual.patch_embed.proj.bias tensor<32xf32> alias=-1
// weight model.visual.pos_embed.weight tensor<36x32xf32> alias=-1
// weight model.visual.blocks.0.norm1.weight tensor<32xf32> alias=-1
// weight model.visual.blocks.0.norm1.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.0.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight model.visual.blocks.0.attn.qkv.bias tensor<96xf32> alias=-1
// weight model.visual.blocks.0.attn.proj.weight tensor<32x32xf32> alias=-1
// weight model.visual.blocks.0.attn.proj.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.0.norm2.weight tensor<32xf32> alias=-1
// weight model.visual.blocks.0.norm2.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.0.mlp.linear_fc1.weight tensor<64x32xf32> alias=-1
// weight model.visual.blocks.0.mlp.linear_fc1.bias tensor<64xf32> alias=-1
// weight model.visual.blocks.0.mlp.linear_fc2.weight tensor<32x64xf32> alias=-1
// weight model.visual.blocks.0.mlp.linear_fc2.bias tensor<32xf32> alias=-1
// weight model.visual.deepstack_merger_list.0.norm.weight tensor<128xf32> alias=-1
// weight model.visual.deepstack_merger_list.0.norm.bias tensor<128xf32> alias=-1
// weight model.visual.deepstack_merger_list.0.linear_fc1.weight tensor<128x128xf32> alias=-1
// weight model.visual.deepstack_merger_list.0.linear_fc1.bias tensor<128xf32> alias=-1
// weight model.visual.deepstack_merger_list.0.linear_fc2.weight tensor<64x128xf32> alias=-1
// weight model.visual.deepstack_merger_list.0.linear_fc2.bias tensor<64xf32> alias=-1
// weight model.visual.blocks.1.norm1.weight tensor<32xf32> alias=-1
// weight model.visual.blocks.1.norm1.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.1.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight model.visual.blocks.1.attn.qkv.bias tensor<96xf32> alias=-1
// weight model.visual.blocks.1.attn.proj.weight tensor<32x32xf32> alias=-1
// weight model.visual.blocks.1.attn.proj.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.1.norm2.weight tensor<32xf32> alias=-1
// weight model.visual.blocks.1.norm2.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.1.mlp.linear_fc1.weight tensor<64x32xf32> alias=-1
// weight model.visual.blocks.1.mlp.linear_fc1.bias tensor<64xf32> alias=-1
// weight model.visual.blocks.1.mlp.linear_fc2.weight tensor<32x64xf32> alias=-1
// weight model.visual.blocks.1.mlp.linear_fc2.bias tensor<32xf32> alias=-1
// weight model.visual.deepstack_merger_list.1.norm.weight tensor<128xf32> alias=-1
// weight model.visual.deepstack_merger_list.1.norm.bias tensor<128xf32> alias=-1
// weight model.visual.deepstack_merger_list.1.linear_fc1.weight tensor<128x128xf32> alias=-1
// weight model.visual.deepstack_merger_list.1.linear_fc1.bias tensor<128xf32> alias=-1
// weight model.visual.deepstack_merger_list.1.linear_fc2.weight tensor<64x128xf32> alias=-1
// weight model.visual.deepstack_merger_list.1.linear_fc2.bias tensor<64xf32> alias=-1
// weight model.visual.blocks.2.norm1.weight tensor<32xf32> alias=-1
// weight model.visual.blocks.2.norm1.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.2.attn.qkv.weight tensor<96x32xf32> alias=-1
// weight model.visual.blocks.2.attn.qkv.bias tensor<96xf32> alias=-1
// weight model.visual.blocks.2.attn.proj.weight tensor<32x32xf32> alias=-1
// weight model.visual.blocks.2.attn.proj.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.2.norm2.weight tensor<32xf32> alias=-1
// weight model.visual.blocks.2.norm2.bias tensor<32xf32> alias=-1
// weight model.visual.blocks.2.mlp.linear_fc1.weight tensor<64x32xf32> alias=-1
// weight model.visual.blocks.2.mlp.linear_fc1.bias tensor<64xf32> alias=-1
// weight model.visual.blocks.2.mlp.linear_fc2.weight tensor<32x64xf32> alias=-1
// weight model.visual.blocks.2.mlp.linear_fc2.bias tensor<32xf32> alias=-1
// weight model.visual.merger.norm.weight tensor<32xf32> alias=-1
// weight model.visual.merger.norm.bias tensor<32xf32> alias=-1
// weight model.visual.merger.linear_fc1.weight tensor<128x128xf32> alias=-1
// weight model.visual.merger.linear_fc1.bias tensor<128xf32> alias=-1
// weight model.visual.merger.linear_fc2.weight tensor<64x128xf32> alias=-1
// weight model.visual.merger.linear_fc2.bias tensor<64xf32> alias=-1
// result image_features tensor<4x64xf32>
// result deepstack_features tensor<2x4x64xf32>
// result vision_pos_embeds tensor<16x32xf32>
// result vision_hidden_states.0 tensor<16x32xf32>
// result vision_hidden_states.1 tensor<16x32xf32>
// result vision_hidden_states.2 tensor<16x32xf32>
// result vision_hidden_states.3 tensor<16x32xf32>
// result deepstack_features.0 tensor<4x64xf32>
// result deepstack_features.1 tensor<4x64xf32>
module {
func.func public @main(%pixel_values: tensor<16x1536xf32>, %rotary_hw: tensor<16x2xi32>, %full_segment: tensor<16xi32>, %interp_indices: tensor<16x4xi32>, %interp_weights: tensor<16x4xf32>, %w0: tensor<32x3x2x16x16xf32>, %w1: tensor<32xf32>, %w2: tensor<36x32xf32>, %w3: tensor<32xf32>, %w4: tensor<32xf32>, %w5: tensor<96x32xf32>, %w6: tensor<96xf32>, %w7: tensor<32x32xf32>, %w8: tensor<32xf32>, %w9: tensor<32xf32>, %w10: tensor<32xf32>, %w11: tensor<64x32xf32>, %w12: tensor<64xf32>, %w13: tensor<32x64xf32>, %w14: tensor<32xf32>, %w15: tensor<128xf32>, %w16: tensor<128xf32>, %w17: tensor<128x128xf32>, %w18: tensor<128xf32>, %w19: tensor<64x128xf32>, %w20: tensor<64xf32>, %w21: tensor<32xf32>, %w22: tensor<32xf32>, %w23: tensor<96x32xf32>, %w24: tensor<96xf32>, %w25: tensor<32x32xf32>, %w26: tensor<32xf32>, %w27: tensor<32xf32>, %w28: tensor<32xf32>, %w29: tensor<64x32xf32>, %w30: tensor<64xf32>, %w31: tensor<32x64xf32>, %w32: tensor<32xf32>, %w33: tensor<128xf32>, %w34: tensor<128xf32>, %w35: tensor<128x128xf32>, %w36: tensor<128xf32>, %w37: tensor<64x128xf32>, %w38: tensor<64xf32>, %w39: tensor<32xf32>, %w40: tensor<32xf32>, %w41: tensor<96x32xf32>, %w42: tensor<96xf32>, %w43: tensor<32x32xf32>, %w44: tensor<32xf32>, %w45: tensor<32xf32>, %w46: tensor<32xf32>, %w47: tensor<64x32xf32>, %w48: tensor<64xf32>, %w49: tensor<32x64xf32>, %w50: tensor<32xf32>, %w51: tensor<32xf32>, %w52: tensor<32xf32>, %w53: tensor<128x128xf32>, %w54: tensor<128xf32>, %w55: tensor<64x128xf32>, %w56: tensor<64xf32>) -> (tensor<4x64xf32>, tensor<2x4x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<4x64xf32>, tensor<4x64xf32>) {
  %0 = "stablehlo.reshape"(%w0) : (tensor<32x3x2x16x16xf32>) -> tensor<32x1536xf32>
  %1 = "stablehlo.dot_general"(%0, %pixel_values) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x1536xf32>, tensor<16x1536xf32>) -> tensor<32x16xf32>
  %2 = "stablehlo.transpose"(%1) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %3 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %4 = "stablehlo.add"(%2, %3) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %5 = "stablehlo.gather"(%w2, %interp_indices) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>} : (tensor<36x32xf32>, tensor<16x4xi32>) -> tensor<16x4x32xf32>
  %6 = "stablehlo.broadcast_in_dim"(%interp_weights) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x32xf32>
  %7 = "stablehlo.multiply"(%5, %6) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %8 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %12 = "stablehlo.reduce"(%7, %8) ({
  ^bb0(%9: tensor<f32>, %10: tensor<f32>):
    %11 = "stablehlo.add"(%9, %10) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%11) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x4x32xf32>, tensor<f32>) -> tensor<16x32xf32>
  %13 = "stablehlo.add"(%4, %12) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %14 = "stablehlo.broadcast_in_dim"(%full_segment) {broadcast_dimensions = array<i64: 1>} : (tensor<16xi32>) -> tensor<2x16x16xi32>
  %15 = "stablehlo.broadcast_in_dim"(%full_segment) {broadcast_dimensions = array<i64: 2>} : (tensor<16xi32>) -> tensor<2x16x16xi32>
  %16 = "stablehlo.compare"(%14, %15) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<2x16x16xi32>, tensor<2x16x16xi32>) -> tensor<2x16x16xi1>
  %17 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %21 = "stablehlo.reduce"(%13, %17) ({
  ^bb0(%18: tensor<f32>, %19: tensor<f32>):
    %20 = "stablehlo.add"(%18, %19) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%20) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %22 = "stablehlo.broadcast_in_dim"(%21) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %23 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %24 = "stablehlo.divide"(%22, %23) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %25 = "stablehlo.subtract"(%13, %24) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %26 = "stablehlo.multiply"(%25, %25) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %27 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %31 = "stablehlo.reduce"(%26, %27) ({
  ^bb0(%28: tensor<f32>, %29: tensor<f32>):
    %30 = "stablehlo.add"(%28, %29) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%30) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %32 = "stablehlo.broadcast_in_dim"(%31) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %33 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %34 = "stablehlo.divide"(%32, %33) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %35 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %36 = "stablehlo.add"(%34, %35) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %37 = "stablehlo.rsqrt"(%36) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %38 = "stablehlo.multiply"(%25, %37) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %39 = "stablehlo.broadcast_in_dim"(%w3) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %40 = "stablehlo.multiply"(%38, %39) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %41 = "stablehlo.broadcast_in_dim"(%w4) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %42 = "stablehlo.add"(%40, %41) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %43 = "stablehlo.dot_general"(%w5, %42) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<16x32xf32>) -> tensor<96x16xf32>
  %44 = "stablehlo.transpose"(%43) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %45 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<16x96xf32>
  %46 = "stablehlo.add"(%44, %45) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %47 = "stablehlo.reshape"(%46) : (tensor<16x96xf32>) -> tensor<16x3x2x16xf32>
  %48 = "stablehlo.slice"(%47) {limit_indices = array<i64: 16, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %49 = "stablehlo.reshape"(%48) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %50 = "stablehlo.convert"(%rotary_hw) : (tensor<16x2xi32>) -> tensor<16x2xf32>
  %51 = "stablehlo.slice"(%50) {limit_indices = array<i64: 16, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %52 = "stablehlo.reshape"(%51) : (tensor<16x1xf32>) -> tensor<16xf32>
  %53 = "stablehlo.broadcast_in_dim"(%52) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x4xf32>
  %54 = "stablehlo.constant"() {value = dense<"0x0000803FCDCCCC3D0AD7233C6F12833A"> : tensor<4xf32>} : () -> tensor<4xf32>
  %55 = "stablehlo.broadcast_in_dim"(%54) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<16x4xf32>
  %56 = "stablehlo.multiply"(%53, %55) : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
  %57 = "stablehlo.slice"(%50) {limit_indices = array<i64: 16, 2>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 1>} : (tensor<16x2xf32>) -> tensor<16x1xf32>
  %58 = "stablehlo.reshape"(%57) : (tensor<16x1xf32>) -> tensor<16xf32>
  %59 = "stablehlo.broadcast_in_dim"(%58) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x4xf32>
  %60 = "stablehlo.constant"() {value = dense<"0x0000803FCDCCCC3D0AD7233C6F12833A"> : tensor<4xf32>} : () -> tensor<4xf32>
  %61 = "stablehlo.broadcast_in_dim"(%60) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<16x4xf32>
  %62 = "stablehlo.multiply"(%59, %61) : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
  %63 = "stablehlo.concatenate"(%56, %62) {dimension = 1 : i64} : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x8xf32>
  %64 = "stablehlo.concatenate"(%63, %63) {dimension = 1 : i64} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
  %65 = "stablehlo.cosine"(%64) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %66 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %67 = "stablehlo.multiply"(%49, %66) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %68 = "stablehlo.slice"(%49) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %69 = "stablehlo.negate"(%68) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %70 = "stablehlo.slice"(%49) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %71 = "stablehlo.concatenate"(%69, %70) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %72 = "stablehlo.sine"(%64) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %73 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %74 = "stablehlo.multiply"(%71, %73) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %75 = "stablehlo.add"(%67, %74) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %76 = "stablehlo.transpose"(%75) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %77 = "stablehlo.slice"(%47) {limit_indices = array<i64: 16, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %78 = "stablehlo.reshape"(%77) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %79 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %80 = "stablehlo.multiply"(%78, %79) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %81 = "stablehlo.slice"(%78) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %82 = "stablehlo.negate"(%81) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %83 = "stablehlo.slice"(%78) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %84 = "stablehlo.concatenate"(%82, %83) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %85 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %86 = "stablehlo.multiply"(%84, %85) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %87 = "stablehlo.add"(%80, %86) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %88 = "stablehlo.transpose"(%87) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %89 = "stablehlo.dot_general"(%76, %88) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %90 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %91 = "stablehlo.multiply"(%89, %90) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %92 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %93 = "stablehlo.select"(%16, %91, %92) : (tensor<2x16x16xi1>, tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %94 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %98 = "stablehlo.reduce"(%93, %94) ({
  ^bb0(%95: tensor<f32>, %96: tensor<f32>):
    %97 = "stablehlo.maximum"(%95, %96) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%97) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %99 = "stablehlo.broadcast_in_dim"(%98) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %100 = "stablehlo.subtract"(%93, %99) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %101 = "stablehlo.exponential"(%100) : (tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %102 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %106 = "stablehlo.reduce"(%101, %102) ({
  ^bb0(%103: tensor<f32>, %104: tensor<f32>):
    %105 = "stablehlo.add"(%103, %104) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%105) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %107 = "stablehlo.broadcast_in_dim"(%106) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %108 = "stablehlo.divide"(%101, %107) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %109 = "stablehlo.slice"(%47) {limit_indices = array<i64: 16, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %110 = "stablehlo.reshape"(%109) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %111 = "stablehlo.transpose"(%110) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %112 = "stablehlo.dot_general"(%108, %111) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %113 = "stablehlo.transpose"(%112) {permutation = array<i64: 1, 0, 2>} : (tensor<2x16x16xf32>) -> tensor<16x2x16xf32>
  %114 = "stablehlo.reshape"(%113) : (tensor<16x2x16xf32>) -> tensor<16x32xf32>
  %115 = "stablehlo.dot_general"(%w7, %114) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<16x32xf32>) -> tensor<32x16xf32>
  %116 = "stablehlo.transpose"(%115) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %117 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %118 = "stablehlo.add"(%116, %117) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %119 = "stablehlo.add"(%13, %118) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %120 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %124 = "stablehlo.reduce"(%119, %120) ({
  ^bb0(%121: tensor<f32>, %122: tensor<f32>):
    %123 = "stablehlo.add"(%121, %122) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%123) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %125 = "stablehlo.broadcast_in_dim"(%124) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %126 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %127 = "stablehlo.divide"(%125, %126) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %128 = "stablehlo.subtract"(%119, %127) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %129 = "stablehlo.multiply"(%128, %128) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %130 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %134 = "stablehlo.reduce"(%129, %130) ({
  ^bb0(%131: tensor<f32>, %132: tensor<f32>):
    %133 = "stablehlo.add"(%131, %132) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%133) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %135 = "stablehlo.broadcast_in_dim"(%134) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %136 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %137 = "stablehlo.divide"(%135, %136) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %138 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %139 = "stablehlo.add"(%137, %138) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %140 = "stablehlo.rsqrt"(%139) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %141 = "stablehlo.multiply"(%128, %140) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %142 = "stablehlo.broadcast_in_dim"(%w9) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %143 = "stablehlo.multiply"(%141, %142) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %144 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %145 = "stablehlo.add"(%143, %144) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %146 = "stablehlo.dot_general"(%w11, %145) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x32xf32>, tensor<16x32xf32>) -> tensor<64x16xf32>
  %147 = "stablehlo.transpose"(%146) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %148 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %149 = "stablehlo.add"(%147, %148) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %150 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %151 = "stablehlo.multiply"(%149, %150) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %152 = "stablehlo.multiply"(%149, %149) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %153 = "stablehlo.multiply"(%152, %149) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %154 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %155 = "stablehlo.multiply"(%153, %154) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %156 = "stablehlo.add"(%149, %155) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %157 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %158 = "stablehlo.multiply"(%156, %157) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %159 = "stablehlo.tanh"(%158) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %160 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %161 = "stablehlo.add"(%159, %160) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %162 = "stablehlo.multiply"(%151, %161) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %163 = "stablehlo.dot_general"(%w13, %162) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %164 = "stablehlo.transpose"(%163) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %165 = "stablehlo.broadcast_in_dim"(%w14) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %166 = "stablehlo.add"(%164, %165) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %167 = "stablehlo.add"(%119, %166) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %168 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %172 = "stablehlo.reduce"(%167, %168) ({
  ^bb0(%169: tensor<f32>, %170: tensor<f32>):
    %171 = "stablehlo.add"(%169, %170) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%171) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %173 = "stablehlo.broadcast_in_dim"(%172) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %174 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %175 = "stablehlo.divide"(%173, %174) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %176 = "stablehlo.subtract"(%167, %175) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %177 = "stablehlo.multiply"(%176, %176) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %178 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %182 = "stablehlo.reduce"(%177, %178) ({
  ^bb0(%179: tensor<f32>, %180: tensor<f32>):
    %181 = "stablehlo.add"(%179, %180) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%181) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %183 = "stablehlo.broadcast_in_dim"(%182) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %184 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %185 = "stablehlo.divide"(%183, %184) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %186 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %187 = "stablehlo.add"(%185, %186) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %188 = "stablehlo.rsqrt"(%187) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %189 = "stablehlo.multiply"(%176, %188) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %190 = "stablehlo.broadcast_in_dim"(%w21) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %191 = "stablehlo.multiply"(%189, %190) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %192 = "stablehlo.broadcast_in_dim"(%w22) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %193 = "stablehlo.add"(%191, %192) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %194 = "stablehlo.dot_general"(%w23, %193) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<16x32xf32>) -> tensor<96x16xf32>
  %195 = "stablehlo.transpose"(%194) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %196 = "stablehlo.broadcast_in_dim"(%w24) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<16x96xf32>
  %197 = "stablehlo.add"(%195, %196) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %198 = "stablehlo.reshape"(%197) : (tensor<16x96xf32>) -> tensor<16x3x2x16xf32>
  %199 = "stablehlo.slice"(%198) {limit_indices = array<i64: 16, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %200 = "stablehlo.reshape"(%199) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %201 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %202 = "stablehlo.multiply"(%200, %201) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %203 = "stablehlo.slice"(%200) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %204 = "stablehlo.negate"(%203) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %205 = "stablehlo.slice"(%200) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %206 = "stablehlo.concatenate"(%204, %205) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %207 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %208 = "stablehlo.multiply"(%206, %207) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %209 = "stablehlo.add"(%202, %208) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %210 = "stablehlo.transpose"(%209) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %211 = "stablehlo.slice"(%198) {limit_indices = array<i64: 16, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %212 = "stablehlo.reshape"(%211) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %213 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %214 = "stablehlo.multiply"(%212, %213) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %215 = "stablehlo.slice"(%212) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %216 = "stablehlo.negate"(%215) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %217 = "stablehlo.slice"(%212) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %218 = "stablehlo.concatenate"(%216, %217) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %219 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %220 = "stablehlo.multiply"(%218, %219) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %221 = "stablehlo.add"(%214, %220) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %222 = "stablehlo.transpose"(%221) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %223 = "stablehlo.dot_general"(%210, %222) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %224 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %225 = "stablehlo.multiply"(%223, %224) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %226 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %227 = "stablehlo.select"(%16, %225, %226) : (tensor<2x16x16xi1>, tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %228 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %232 = "stablehlo.reduce"(%227, %228) ({
  ^bb0(%229: tensor<f32>, %230: tensor<f32>):
    %231 = "stablehlo.maximum"(%229, %230) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%231) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %233 = "stablehlo.broadcast_in_dim"(%232) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %234 = "stablehlo.subtract"(%227, %233) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %235 = "stablehlo.exponential"(%234) : (tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %236 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %240 = "stablehlo.reduce"(%235, %236) ({
  ^bb0(%237: tensor<f32>, %238: tensor<f32>):
    %239 = "stablehlo.add"(%237, %238) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%239) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %241 = "stablehlo.broadcast_in_dim"(%240) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %242 = "stablehlo.divide"(%235, %241) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %243 = "stablehlo.slice"(%198) {limit_indices = array<i64: 16, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %244 = "stablehlo.reshape"(%243) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %245 = "stablehlo.transpose"(%244) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %246 = "stablehlo.dot_general"(%242, %245) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %247 = "stablehlo.transpose"(%246) {permutation = array<i64: 1, 0, 2>} : (tensor<2x16x16xf32>) -> tensor<16x2x16xf32>
  %248 = "stablehlo.reshape"(%247) : (tensor<16x2x16xf32>) -> tensor<16x32xf32>
  %249 = "stablehlo.dot_general"(%w25, %248) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<16x32xf32>) -> tensor<32x16xf32>
  %250 = "stablehlo.transpose"(%249) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %251 = "stablehlo.broadcast_in_dim"(%w26) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %252 = "stablehlo.add"(%250, %251) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %253 = "stablehlo.add"(%167, %252) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %254 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %258 = "stablehlo.reduce"(%253, %254) ({
  ^bb0(%255: tensor<f32>, %256: tensor<f32>):
    %257 = "stablehlo.add"(%255, %256) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%257) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %259 = "stablehlo.broadcast_in_dim"(%258) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %260 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %261 = "stablehlo.divide"(%259, %260) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %262 = "stablehlo.subtract"(%253, %261) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %263 = "stablehlo.multiply"(%262, %262) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %264 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %268 = "stablehlo.reduce"(%263, %264) ({
  ^bb0(%265: tensor<f32>, %266: tensor<f32>):
    %267 = "stablehlo.add"(%265, %266) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%267) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %269 = "stablehlo.broadcast_in_dim"(%268) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %270 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %271 = "stablehlo.divide"(%269, %270) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %272 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %273 = "stablehlo.add"(%271, %272) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %274 = "stablehlo.rsqrt"(%273) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %275 = "stablehlo.multiply"(%262, %274) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %276 = "stablehlo.broadcast_in_dim"(%w27) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %277 = "stablehlo.multiply"(%275, %276) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %278 = "stablehlo.broadcast_in_dim"(%w28) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %279 = "stablehlo.add"(%277, %278) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %280 = "stablehlo.dot_general"(%w29, %279) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x32xf32>, tensor<16x32xf32>) -> tensor<64x16xf32>
  %281 = "stablehlo.transpose"(%280) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %282 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %283 = "stablehlo.add"(%281, %282) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %284 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %285 = "stablehlo.multiply"(%283, %284) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %286 = "stablehlo.multiply"(%283, %283) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %287 = "stablehlo.multiply"(%286, %283) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %288 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %289 = "stablehlo.multiply"(%287, %288) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %290 = "stablehlo.add"(%283, %289) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %291 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %292 = "stablehlo.multiply"(%290, %291) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %293 = "stablehlo.tanh"(%292) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %294 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %295 = "stablehlo.add"(%293, %294) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %296 = "stablehlo.multiply"(%285, %295) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %297 = "stablehlo.dot_general"(%w31, %296) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %298 = "stablehlo.transpose"(%297) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %299 = "stablehlo.broadcast_in_dim"(%w32) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %300 = "stablehlo.add"(%298, %299) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %301 = "stablehlo.add"(%253, %300) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %302 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %306 = "stablehlo.reduce"(%301, %302) ({
  ^bb0(%303: tensor<f32>, %304: tensor<f32>):
    %305 = "stablehlo.add"(%303, %304) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%305) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %307 = "stablehlo.broadcast_in_dim"(%306) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %308 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %309 = "stablehlo.divide"(%307, %308) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %310 = "stablehlo.subtract"(%301, %309) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %311 = "stablehlo.multiply"(%310, %310) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %312 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %316 = "stablehlo.reduce"(%311, %312) ({
  ^bb0(%313: tensor<f32>, %314: tensor<f32>):
    %315 = "stablehlo.add"(%313, %314) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%315) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %317 = "stablehlo.broadcast_in_dim"(%316) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %318 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %319 = "stablehlo.divide"(%317, %318) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %320 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %321 = "stablehlo.add"(%319, %320) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %322 = "stablehlo.rsqrt"(%321) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %323 = "stablehlo.multiply"(%310, %322) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %324 = "stablehlo.broadcast_in_dim"(%w39) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %325 = "stablehlo.multiply"(%323, %324) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %326 = "stablehlo.broadcast_in_dim"(%w40) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %327 = "stablehlo.add"(%325, %326) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %328 = "stablehlo.dot_general"(%w41, %327) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x32xf32>, tensor<16x32xf32>) -> tensor<96x16xf32>
  %329 = "stablehlo.transpose"(%328) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %330 = "stablehlo.broadcast_in_dim"(%w42) {broadcast_dimensions = array<i64: 1>} : (tensor<96xf32>) -> tensor<16x96xf32>
  %331 = "stablehlo.add"(%329, %330) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %332 = "stablehlo.reshape"(%331) : (tensor<16x96xf32>) -> tensor<16x3x2x16xf32>
  %333 = "stablehlo.slice"(%332) {limit_indices = array<i64: 16, 1, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %334 = "stablehlo.reshape"(%333) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %335 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %336 = "stablehlo.multiply"(%334, %335) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %337 = "stablehlo.slice"(%334) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %338 = "stablehlo.negate"(%337) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %339 = "stablehlo.slice"(%334) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %340 = "stablehlo.concatenate"(%338, %339) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %341 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %342 = "stablehlo.multiply"(%340, %341) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %343 = "stablehlo.add"(%336, %342) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %344 = "stablehlo.transpose"(%343) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %345 = "stablehlo.slice"(%332) {limit_indices = array<i64: 16, 2, 2, 16>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %346 = "stablehlo.reshape"(%345) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %347 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %348 = "stablehlo.multiply"(%346, %347) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %349 = "stablehlo.slice"(%346) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %350 = "stablehlo.negate"(%349) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %351 = "stablehlo.slice"(%346) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %352 = "stablehlo.concatenate"(%350, %351) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %353 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %354 = "stablehlo.multiply"(%352, %353) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %355 = "stablehlo.add"(%348, %354) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %356 = "stablehlo.transpose"(%355) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %357 = "stablehlo.dot_general"(%344, %356) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %358 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %359 = "stablehlo.multiply"(%357, %358) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %360 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x16x16xf32>} : () -> tensor<2x16x16xf32>
  %361 = "stablehlo.select"(%16, %359, %360) : (tensor<2x16x16xi1>, tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %362 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %366 = "stablehlo.reduce"(%361, %362) ({
  ^bb0(%363: tensor<f32>, %364: tensor<f32>):
    %365 = "stablehlo.maximum"(%363, %364) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%365) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %367 = "stablehlo.broadcast_in_dim"(%366) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %368 = "stablehlo.subtract"(%361, %367) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %369 = "stablehlo.exponential"(%368) : (tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %370 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %374 = "stablehlo.reduce"(%369, %370) ({
  ^bb0(%371: tensor<f32>, %372: tensor<f32>):
    %373 = "stablehlo.add"(%371, %372) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%373) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x16x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %375 = "stablehlo.broadcast_in_dim"(%374) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x16xf32>) -> tensor<2x16x16xf32>
  %376 = "stablehlo.divide"(%369, %375) : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %377 = "stablehlo.slice"(%332) {limit_indices = array<i64: 16, 3, 2, 16>, start_indices = array<i64: 0, 2, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<16x3x2x16xf32>) -> tensor<16x1x2x16xf32>
  %378 = "stablehlo.reshape"(%377) : (tensor<16x1x2x16xf32>) -> tensor<16x2x16xf32>
  %379 = "stablehlo.transpose"(%378) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %380 = "stablehlo.dot_general"(%376, %379) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %381 = "stablehlo.transpose"(%380) {permutation = array<i64: 1, 0, 2>} : (tensor<2x16x16xf32>) -> tensor<16x2x16xf32>
  %382 = "stablehlo.reshape"(%381) : (tensor<16x2x16xf32>) -> tensor<16x32xf32>
  %383 = "stablehlo.dot_general"(%w43, %382) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x32xf32>, tensor<16x32xf32>) -> tensor<32x16xf32>
  %384 = "stablehlo.transpose"(%383) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %385 = "stablehlo.broadcast_in_dim"(%w44) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %386 = "stablehlo.add"(%384, %385) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %387 = "stablehlo.add"(%301, %386) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %388 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %392 = "stablehlo.reduce"(%387, %388) ({
  ^bb0(%389: tensor<f32>, %390: tensor<f32>):
    %391 = "stablehlo.add"(%389, %390) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%391) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %393 = "stablehlo.broadcast_in_dim"(%392) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %394 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %395 = "stablehlo.divide"(%393, %394) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %396 = "stablehlo.subtract"(%387, %395) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %397 = "stablehlo.multiply"(%396, %396) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %398 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %402 = "stablehlo.reduce"(%397, %398) ({
  ^bb0(%399: tensor<f32>, %400: tensor<f32>):
    %401 = "stablehlo.add"(%399, %400) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%401) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %403 = "stablehlo.broadcast_in_dim"(%402) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %404 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %405 = "stablehlo.divide"(%403, %404) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %406 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %407 = "stablehlo.add"(%405, %406) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %408 = "stablehlo.rsqrt"(%407) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %409 = "stablehlo.multiply"(%396, %408) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %410 = "stablehlo.broadcast_in_dim"(%w45) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %411 = "stablehlo.multiply"(%409, %410) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %412 = "stablehlo.broadcast_in_dim"(%w46) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %413 = "stablehlo.add"(%411, %412) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %414 = "stablehlo.dot_general"(%w47, %413) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x32xf32>, tensor<16x32xf32>) -> tensor<64x16xf32>
  %415 = "stablehlo.transpose"(%414) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %416 = "stablehlo.broadcast_in_dim"(%w48) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %417 = "stablehlo.add"(%415, %416) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %418 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %419 = "stablehlo.multiply"(%417, %418) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %420 = "stablehlo.multiply"(%417, %417) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %421 = "stablehlo.multiply"(%420, %417) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %422 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %423 = "stablehlo.multiply"(%421, %422) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %424 = "stablehlo.add"(%417, %423) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %425 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %426 = "stablehlo.multiply"(%424, %425) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %427 = "stablehlo.tanh"(%426) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %428 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %429 = "stablehlo.add"(%427, %428) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %430 = "stablehlo.multiply"(%419, %429) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %431 = "stablehlo.dot_general"(%w49, %430) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %432 = "stablehlo.transpose"(%431) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %433 = "stablehlo.broadcast_in_dim"(%w50) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %434 = "stablehlo.add"(%432, %433) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %435 = "stablehlo.add"(%387, %434) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %436 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %440 = "stablehlo.reduce"(%435, %436) ({
  ^bb0(%437: tensor<f32>, %438: tensor<f32>):
    %439 = "stablehlo.add"(%437, %438) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%439) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %441 = "stablehlo.broadcast_in_dim"(%440) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %442 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %443 = "stablehlo.divide"(%441, %442) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %444 = "stablehlo.subtract"(%435, %443) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %445 = "stablehlo.multiply"(%444, %444) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %446 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %450 = "stablehlo.reduce"(%445, %446) ({
  ^bb0(%447: tensor<f32>, %448: tensor<f32>):
    %449 = "stablehlo.add"(%447, %448) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%449) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<f32>) -> tensor<16xf32>
  %451 = "stablehlo.broadcast_in_dim"(%450) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x32xf32>
  %452 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %453 = "stablehlo.divide"(%451, %452) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %454 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x32xf32>} : () -> tensor<16x32xf32>
  %455 = "stablehlo.add"(%453, %454) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %456 = "stablehlo.rsqrt"(%455) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %457 = "stablehlo.multiply"(%444, %456) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %458 = "stablehlo.broadcast_in_dim"(%w51) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %459 = "stablehlo.multiply"(%457, %458) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %460 = "stablehlo.broadcast_in_dim"(%w52) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  %461 = "stablehlo.add"(%459, %460) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  %462 = "stablehlo.reshape"(%461) : (tensor<16x32xf32>) -> tensor<4x128xf32>
  %463 = "stablehlo.dot_general"(%w53, %462) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x128xf32>, tensor<4x128xf32>) -> tensor<128x4xf32>
  %464 = "stablehlo.transpose"(%463) {permutation = array<i64: 1, 0>} : (tensor<128x4xf32>) -> tensor<4x128xf32>
  %465 = "stablehlo.broadcast_in_dim"(%w54) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %466 = "stablehlo.add"(%464, %465) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %467 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %468 = "stablehlo.multiply"(%466, %467) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %469 = "stablehlo.constant"() {value = dense<7.0710677e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %470 = "stablehlo.multiply"(%466, %469) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %471 = "chlo.erf"(%470) : (tensor<4x128xf32>) -> tensor<4x128xf32>
  %472 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %473 = "stablehlo.add"(%471, %472) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %474 = "stablehlo.multiply"(%468, %473) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %475 = "stablehlo.dot_general"(%w55, %474) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<4x128xf32>) -> tensor<64x4xf32>
  %476 = "stablehlo.transpose"(%475) {permutation = array<i64: 1, 0>} : (tensor<64x4xf32>) -> tensor<4x64xf32>
  %477 = "stablehlo.broadcast_in_dim"(%w56) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<4x64xf32>
  %478 = "stablehlo.add"(%476, %477) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %479 = "stablehlo.reshape"(%167) : (tensor<16x32xf32>) -> tensor<4x128xf32>
  %480 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %484 = "stablehlo.reduce"(%479, %480) ({
  ^bb0(%481: tensor<f32>, %482: tensor<f32>):
    %483 = "stablehlo.add"(%481, %482) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%483) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  %485 = "stablehlo.broadcast_in_dim"(%484) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x128xf32>
  %486 = "stablehlo.constant"() {value = dense<1.28e+02> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %487 = "stablehlo.divide"(%485, %486) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %488 = "stablehlo.subtract"(%479, %487) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %489 = "stablehlo.multiply"(%488, %488) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %490 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %494 = "stablehlo.reduce"(%489, %490) ({
  ^bb0(%491: tensor<f32>, %492: tensor<f32>):
    %493 = "stablehlo.add"(%491, %492) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%493) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  %495 = "stablehlo.broadcast_in_dim"(%494) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x128xf32>
  %496 = "stablehlo.constant"() {value = dense<1.28e+02> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %497 = "stablehlo.divide"(%495, %496) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %498 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %499 = "stablehlo.add"(%497, %498) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %500 = "stablehlo.rsqrt"(%499) : (tensor<4x128xf32>) -> tensor<4x128xf32>
  %501 = "stablehlo.multiply"(%488, %500) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %502 = "stablehlo.broadcast_in_dim"(%w15) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %503 = "stablehlo.multiply"(%501, %502) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %504 = "stablehlo.broadcast_in_dim"(%w16) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %505 = "stablehlo.add"(%503, %504) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %506 = "stablehlo.dot_general"(%w17, %505) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x128xf32>, tensor<4x128xf32>) -> tensor<128x4xf32>
  %507 = "stablehlo.transpose"(%506) {permutation = array<i64: 1, 0>} : (tensor<128x4xf32>) -> tensor<4x128xf32>
  %508 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %509 = "stablehlo.add"(%507, %508) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %510 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %511 = "stablehlo.multiply"(%509, %510) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %512 = "stablehlo.constant"() {value = dense<7.0710677e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %513 = "stablehlo.multiply"(%509, %512) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %514 = "chlo.erf"(%513) : (tensor<4x128xf32>) -> tensor<4x128xf32>
  %515 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %516 = "stablehlo.add"(%514, %515) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %517 = "stablehlo.multiply"(%511, %516) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %518 = "stablehlo.dot_general"(%w19, %517) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<4x128xf32>) -> tensor<64x4xf32>
  %519 = "stablehlo.transpose"(%518) {permutation = array<i64: 1, 0>} : (tensor<64x4xf32>) -> tensor<4x64xf32>
  %520 = "stablehlo.broadcast_in_dim"(%w20) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<4x64xf32>
  %521 = "stablehlo.add"(%519, %520) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %522 = "stablehlo.reshape"(%521) : (tensor<4x64xf32>) -> tensor<1x4x64xf32>
  %523 = "stablehlo.reshape"(%301) : (tensor<16x32xf32>) -> tensor<4x128xf32>
  %524 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %528 = "stablehlo.reduce"(%523, %524) ({
  ^bb0(%525: tensor<f32>, %526: tensor<f32>):
    %527 = "stablehlo.add"(%525, %526) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%527) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  %529 = "stablehlo.broadcast_in_dim"(%528) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x128xf32>
  %530 = "stablehlo.constant"() {value = dense<1.28e+02> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %531 = "stablehlo.divide"(%529, %530) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %532 = "stablehlo.subtract"(%523, %531) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %533 = "stablehlo.multiply"(%532, %532) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %534 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %538 = "stablehlo.reduce"(%533, %534) ({
  ^bb0(%535: tensor<f32>, %536: tensor<f32>):
    %537 = "stablehlo.add"(%535, %536) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%537) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x128xf32>, tensor<f32>) -> tensor<4xf32>
  %539 = "stablehlo.broadcast_in_dim"(%538) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x128xf32>
  %540 = "stablehlo.constant"() {value = dense<1.28e+02> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %541 = "stablehlo.divide"(%539, %540) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %542 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %543 = "stablehlo.add"(%541, %542) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %544 = "stablehlo.rsqrt"(%543) : (tensor<4x128xf32>) -> tensor<4x128xf32>
  %545 = "stablehlo.multiply"(%532, %544) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %546 = "stablehlo.broadcast_in_dim"(%w33) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %547 = "stablehlo.multiply"(%545, %546) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %548 = "stablehlo.broadcast_in_dim"(%w34) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %549 = "stablehlo.add"(%547, %548) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %550 = "stablehlo.dot_general"(%w35, %549) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x128xf32>, tensor<4x128xf32>) -> tensor<128x4xf32>
  %551 = "stablehlo.transpose"(%550) {permutation = array<i64: 1, 0>} : (tensor<128x4xf32>) -> tensor<4x128xf32>
  %552 = "stablehlo.broadcast_in_dim"(%w36) {broadcast_dimensions = array<i64: 1>} : (tensor<128xf32>) -> tensor<4x128xf32>
  %553 = "stablehlo.add"(%551, %552) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %554 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %555 = "stablehlo.multiply"(%553, %554) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %556 = "stablehlo.constant"() {value = dense<7.0710677e-01> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %557 = "stablehlo.multiply"(%553, %556) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %558 = "chlo.erf"(%557) : (tensor<4x128xf32>) -> tensor<4x128xf32>
  %559 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<4x128xf32>} : () -> tensor<4x128xf32>
  %560 = "stablehlo.add"(%558, %559) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %561 = "stablehlo.multiply"(%555, %560) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
  %562 = "stablehlo.dot_general"(%w37, %561) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<4x128xf32>) -> tensor<64x4xf32>
  %563 = "stablehlo.transpose"(%562) {permutation = array<i64: 1, 0>} : (tensor<64x4xf32>) -> tensor<4x64xf32>
  %564 = "stablehlo.broadcast_in_dim"(%w38) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<4x64xf32>
  %565 = "stablehlo.add"(%563, %564) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %566 = "stablehlo.reshape"(%565) : (tensor<4x64xf32>) -> tensor<1x4x64xf32>
  %567 = "stablehlo.concatenate"(%522, %566) {dimension = 0 : i64} : (tensor<1x4x64xf32>, tensor<1x4x64xf32>) -> tensor<2x4x64xf32>
  func.return %478, %567, %12, %13, %167, %301, %435, %521, %565 : tensor<4x64xf32>, tensor<2x4x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<4x64xf32>, tensor<4x64xf32>
}
}
