// qwen3_vl_prefill_f32_L16_C32_F12_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// prefill
// input input_ids tensor<16xi32> alias=-1
// input feature_index tensor<16xi32> alias=-1
// input image_features tensor<12x64xf32> alias=-1
// input length tensor<i32> alias=-1
// input rope_positions tensor<3x16xi32> alias=-1
// input deepstack_features tensor<2x12x64xf32> alias=-1
// input kv.0.key tensor<2x32x32xf32> alias=1 kv=0.0.k
// input kv.0.value tensor<2x32x32xf32> alias=2 kv=0.0.v
// input kv.1.key tensor<2x32x32xf32> alias=3 kv=0.1.k
// input kv.1.value tensor<2x32x32xf32> alias=4 kv=0.1.v
// input kv.2.key tensor<2x32x32xf32> alias=5 kv=0.2.k
// input kv.2.value tensor<2x32x32xf32> alias=6 kv=0.2.v
// weight language_model.model.embed_tokens.weight tensor<1400x64xf32> alias=-1
// weight language_model.model.layers.0.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.o_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.layers.0.self_attn.q_norm.weight tensor<32xf32> alias=-1
// weight language_model.model.layers.0.self_attn.k_norm.weight tensor<32xf32> alias=-1
// weight language_model.model.layers.0.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.mlp.gate_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.0.mlp.up_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.0.mlp.down_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.layers.1.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.o_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.layers.1.self_attn.q_norm.weight tensor<32xf32> alias=-1
// weight language_model.model.layers.1.self_attn.k_norm.weight tensor<32xf32> alias=-1
// weight language_model.model.layers.1.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.mlp.gate_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.1.mlp.up_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.1.mlp.down_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.layers.2.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.q_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.k_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.v_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.o_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.layers.2.self_attn.q_norm.weight tensor<32xf32> alias=-1
// weight language_model.model.layers.2.self_attn.k_norm.weight tensor<32xf32> alias=-1
// weight language_model.model.layers.2.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.2.mlp.gate_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.2.mlp.up_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.2.mlp.down_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.norm.weight tensor<64xf32> alias=-1
// weight language_model.lm_head.weight tensor<1400x64xf32> alias=-1
// result prefill_logits tensor<1400xf32>
// result kv.0.key tensor<2x32x32xf32>
// result kv.0.value tensor<2x32x32xf32>
// result kv.1.key tensor<2x32x32xf32>
// result kv.1.value tensor<2x32x32xf32>
// result kv.2.key tensor<2x32x32xf32>
// result kv.2.value tensor<2x32x32xf32>
// result inputs_embeds tensor<16x64xf32>
// result past_key_values.0.key tensor<2x16x32xf32>
// result past_key_values.0.value tensor<2x16x32xf32>
// result past_key_values.1.key tensor<2x16x32xf32>
// result past_key_values.1.value tensor<2x16x32xf32>
// result past_key_values.2.key tensor<2x16x32xf32>
// result past_key_values.2.value tensor<2x16x32xf32>
module {
func.func public @main(%input_ids: tensor<16xi32>, %feature_index: tensor<16xi32>, %image_features: tensor<12x64xf32>, %length: tensor<i32>, %rope_positions: tensor<3x16xi32>, %deepstack_features: tensor<2x12x64xf32>, %kv_0_key: tensor<2x32x32xf32> {tf.aliasing_output = 1 : i32}, %kv_0_value: tensor<2x32x32xf32> {tf.aliasing_output = 2 : i32}, %kv_1_key: tensor<2x32x32xf32> {tf.aliasing_output = 3 : i32}, %kv_1_value: tensor<2x32x32xf32> {tf.aliasing_output = 4 : i32}, %kv_2_key: tensor<2x32x32xf32> {tf.aliasing_output = 5 : i32}, %kv_2_value: tensor<2x32x32xf32> {tf.aliasing_output = 6 : i32}, %w0: tensor<1400x64xf32>, %w1: tensor<64xf32>, %w2: tensor<128x64xf32>, %w3: tensor<64x64xf32>, %w4: tensor<64x64xf32>, %w5: tensor<64x128xf32>, %w6: tensor<32xf32>, %w7: tensor<32xf32>, %w8: tensor<64xf32>, %w9: tensor<128x64xf32>, %w10: tensor<128x64xf32>, %w11: tensor<64x128xf32>, %w12: tensor<64xf32>, %w13: tensor<128x64xf32>, %w14: tensor<64x64xf32>, %w15: tensor<64x64xf32>, %w16: tensor<64x128xf32>, %w17: tensor<32xf32>, %w18: tensor<32xf32>, %w19: tensor<64xf32>, %w20: tensor<128x64xf32>, %w21: tensor<128x64xf32>, %w22: tensor<64x128xf32>, %w23: tensor<64xf32>, %w24: tensor<128x64xf32>, %w25: tensor<64x64xf32>, %w26: tensor<64x64xf32>, %w27: tensor<64x128xf32>, %w28: tensor<32xf32>, %w29: tensor<32xf32>, %w30: tensor<64xf32>, %w31: tensor<128x64xf32>, %w32: tensor<128x64xf32>, %w33: tensor<64x128xf32>, %w34: tensor<64xf32>, %w35: tensor<1400x64xf32>) -> (tensor<1400xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<16x64xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>) {
  %0 = "stablehlo.constant"() {value = dense<1398> : tensor<16xi32>} : () -> tensor<16xi32>
  %1 = "stablehlo.compare"(%input_ids, %0) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
  %2 = "stablehlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<16xi1>) -> tensor<16x64xi1>
  %3 = "stablehlo.gather"(%image_features, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<12x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %4 = "stablehlo.constant"() {value = dense<0> : tensor<16xi32>} : () -> tensor<16xi32>
  %5 = "stablehlo.select"(%1, %4, %input_ids) : (tensor<16xi1>, tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
  %6 = "stablehlo.gather"(%w0, %5) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1400x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %7 = "stablehlo.select"(%2, %3, %6) : (tensor<16x64xi1>, tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %8 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x16x16xi32>
  %9 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x2x16x16xi32>
  %10 = "stablehlo.compare"(%8, %9) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x16x16xi32>, tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi1>
  %11 = "stablehlo.multiply"(%7, %7) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %12 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %16 = "stablehlo.reduce"(%11, %12) ({
  ^bb0(%13: tensor<f32>, %14: tensor<f32>):
    %15 = "stablehlo.add"(%13, %14) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%15) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %17 = "stablehlo.broadcast_in_dim"(%16) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %18 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %19 = "stablehlo.divide"(%17, %18) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %20 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %21 = "stablehlo.add"(%19, %20) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %22 = "stablehlo.rsqrt"(%21) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %23 = "stablehlo.multiply"(%7, %22) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %24 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %25 = "stablehlo.multiply"(%23, %24) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %26 = "stablehlo.dot_general"(%w2, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %27 = "stablehlo.transpose"(%26) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %28 = "stablehlo.reshape"(%27) : (tensor<16x128xf32>) -> tensor<16x4x32xf32>
  %29 = "stablehlo.multiply"(%28, %28) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %30 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %34 = "stablehlo.reduce"(%29, %30) ({
  ^bb0(%31: tensor<f32>, %32: tensor<f32>):
    %33 = "stablehlo.add"(%31, %32) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%33) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x32xf32>, tensor<f32>) -> tensor<16x4xf32>
  %35 = "stablehlo.broadcast_in_dim"(%34) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x32xf32>
  %36 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x4x32xf32>} : () -> tensor<16x4x32xf32>
  %37 = "stablehlo.divide"(%35, %36) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %38 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x32xf32>} : () -> tensor<16x4x32xf32>
  %39 = "stablehlo.add"(%37, %38) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %40 = "stablehlo.rsqrt"(%39) : (tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %41 = "stablehlo.multiply"(%28, %40) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %42 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<16x4x32xf32>
  %43 = "stablehlo.multiply"(%41, %42) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %44 = "stablehlo.constant"() {value = dense<"0x00000000010000000200000000000000010000000200000000000000010000000200000000000000010000000200000000000000010000000200000000000000"> : tensor<16xi32>} : () -> tensor<16xi32>
  %45 = "stablehlo.broadcast_in_dim"(%44) {broadcast_dimensions = array<i64: 1>} : (tensor<16xi32>) -> tensor<16x16xi32>
  %46 = "stablehlo.constant"() {value = dense<2> : tensor<16x16xi32>} : () -> tensor<16x16xi32>
  %47 = "stablehlo.compare"(%45, %46) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
  %48 = "stablehlo.convert"(%rope_positions) : (tensor<3x16xi32>) -> tensor<3x16xf32>
  %49 = "stablehlo.slice"(%48) {limit_indices = array<i64: 3, 16>, start_indices = array<i64: 2, 0>, strides = array<i64: 1, 1>} : (tensor<3x16xf32>) -> tensor<1x16xf32>
  %50 = "stablehlo.reshape"(%49) : (tensor<1x16xf32>) -> tensor<16xf32>
  %51 = "stablehlo.broadcast_in_dim"(%50) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x16xf32>
  %52 = "stablehlo.constant"() {value = dense<"0x0000803F3A3FC33E63E9143E1B25633D5E3DAD3C8820043CD38A493B86B6993AFF77EA394FD3323920638838620AD0374BAB1E37550772365D97B835E3C80C35"> : tensor<16xf32>} : () -> tensor<16xf32>
  %53 = "stablehlo.broadcast_in_dim"(%52) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<16x16xf32>
  %54 = "stablehlo.multiply"(%51, %53) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %55 = "stablehlo.constant"() {value = dense<1> : tensor<16x16xi32>} : () -> tensor<16x16xi32>
  %56 = "stablehlo.compare"(%45, %55) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
  %57 = "stablehlo.slice"(%48) {limit_indices = array<i64: 2, 16>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 1>} : (tensor<3x16xf32>) -> tensor<1x16xf32>
  %58 = "stablehlo.reshape"(%57) : (tensor<1x16xf32>) -> tensor<16xf32>
  %59 = "stablehlo.broadcast_in_dim"(%58) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x16xf32>
  %60 = "stablehlo.constant"() {value = dense<"0x0000803F3A3FC33E63E9143E1B25633D5E3DAD3C8820043CD38A493B86B6993AFF77EA394FD3323920638838620AD0374BAB1E37550772365D97B835E3C80C35"> : tensor<16xf32>} : () -> tensor<16xf32>
  %61 = "stablehlo.broadcast_in_dim"(%60) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<16x16xf32>
  %62 = "stablehlo.multiply"(%59, %61) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %63 = "stablehlo.slice"(%48) {limit_indices = array<i64: 1, 16>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<3x16xf32>) -> tensor<1x16xf32>
  %64 = "stablehlo.reshape"(%63) : (tensor<1x16xf32>) -> tensor<16xf32>
  %65 = "stablehlo.broadcast_in_dim"(%64) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x16xf32>
  %66 = "stablehlo.constant"() {value = dense<"0x0000803F3A3FC33E63E9143E1B25633D5E3DAD3C8820043CD38A493B86B6993AFF77EA394FD3323920638838620AD0374BAB1E37550772365D97B835E3C80C35"> : tensor<16xf32>} : () -> tensor<16xf32>
  %67 = "stablehlo.broadcast_in_dim"(%66) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<16x16xf32>
  %68 = "stablehlo.multiply"(%65, %67) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %69 = "stablehlo.select"(%56, %62, %68) : (tensor<16x16xi1>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %70 = "stablehlo.select"(%47, %54, %69) : (tensor<16x16xi1>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %71 = "stablehlo.concatenate"(%70, %70) {dimension = 1 : i64} : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x32xf32>
  %72 = "stablehlo.cosine"(%71) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %73 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x4x32xf32>
  %74 = "stablehlo.multiply"(%43, %73) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %75 = "stablehlo.slice"(%43) {limit_indices = array<i64: 16, 4, 32>, start_indices = array<i64: 0, 0, 16>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x32xf32>) -> tensor<16x4x16xf32>
  %76 = "stablehlo.negate"(%75) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %77 = "stablehlo.slice"(%43) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x32xf32>) -> tensor<16x4x16xf32>
  %78 = "stablehlo.concatenate"(%76, %77) {dimension = 2 : i64} : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x32xf32>
  %79 = "stablehlo.sine"(%71) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %80 = "stablehlo.broadcast_in_dim"(%79) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x4x32xf32>
  %81 = "stablehlo.multiply"(%78, %80) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %82 = "stablehlo.add"(%74, %81) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %83 = "stablehlo.reshape"(%82) : (tensor<16x4x32xf32>) -> tensor<16x2x2x32xf32>
  %84 = "stablehlo.transpose"(%83) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x32xf32>) -> tensor<2x2x16x32xf32>
  %85 = "stablehlo.dot_general"(%w3, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %86 = "stablehlo.transpose"(%85) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %87 = "stablehlo.reshape"(%86) : (tensor<16x64xf32>) -> tensor<16x2x32xf32>
  %88 = "stablehlo.multiply"(%87, %87) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %89 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %93 = "stablehlo.reduce"(%88, %89) ({
  ^bb0(%90: tensor<f32>, %91: tensor<f32>):
    %92 = "stablehlo.add"(%90, %91) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%92) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x32xf32>, tensor<f32>) -> tensor<16x2xf32>
  %94 = "stablehlo.broadcast_in_dim"(%93) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x32xf32>
  %95 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x2x32xf32>} : () -> tensor<16x2x32xf32>
  %96 = "stablehlo.divide"(%94, %95) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %97 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x32xf32>} : () -> tensor<16x2x32xf32>
  %98 = "stablehlo.add"(%96, %97) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %99 = "stablehlo.rsqrt"(%98) : (tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %100 = "stablehlo.multiply"(%87, %99) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %101 = "stablehlo.broadcast_in_dim"(%w7) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<16x2x32xf32>
  %102 = "stablehlo.multiply"(%100, %101) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %103 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x2x32xf32>
  %104 = "stablehlo.multiply"(%102, %103) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %105 = "stablehlo.slice"(%102) {limit_indices = array<i64: 16, 2, 32>, start_indices = array<i64: 0, 0, 16>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x32xf32>) -> tensor<16x2x16xf32>
  %106 = "stablehlo.negate"(%105) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %107 = "stablehlo.slice"(%102) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x32xf32>) -> tensor<16x2x16xf32>
  %108 = "stablehlo.concatenate"(%106, %107) {dimension = 2 : i64} : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x32xf32>
  %109 = "stablehlo.broadcast_in_dim"(%79) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x2x32xf32>
  %110 = "stablehlo.multiply"(%108, %109) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %111 = "stablehlo.add"(%104, %110) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %112 = "stablehlo.transpose"(%111) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
  %113 = "stablehlo.dot_general"(%84, %112) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x32xf32>, tensor<2x16x32xf32>) -> tensor<2x2x16x16xf32>
  %114 = "stablehlo.constant"() {value = dense<1.7677669e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %115 = "stablehlo.multiply"(%113, %114) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %116 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %117 = "stablehlo.select"(%10, %115, %116) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %118 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %122 = "stablehlo.reduce"(%117, %118) ({
  ^bb0(%119: tensor<f32>, %120: tensor<f32>):
    %121 = "stablehlo.maximum"(%119, %120) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%121) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %123 = "stablehlo.broadcast_in_dim"(%122) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %124 = "stablehlo.subtract"(%117, %123) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %125 = "stablehlo.exponential"(%124) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %126 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %130 = "stablehlo.reduce"(%125, %126) ({
  ^bb0(%127: tensor<f32>, %128: tensor<f32>):
    %129 = "stablehlo.add"(%127, %128) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%129) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %131 = "stablehlo.broadcast_in_dim"(%130) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %132 = "stablehlo.divide"(%125, %131) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %133 = "stablehlo.dot_general"(%w4, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %134 = "stablehlo.transpose"(%133) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %135 = "stablehlo.reshape"(%134) : (tensor<16x64xf32>) -> tensor<16x2x32xf32>
  %136 = "stablehlo.transpose"(%135) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
  %137 = "stablehlo.dot_general"(%132, %136) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x32xf32>) -> tensor<2x2x16x32xf32>
  %138 = "stablehlo.transpose"(%137) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x32xf32>) -> tensor<16x2x2x32xf32>
  %139 = "stablehlo.reshape"(%138) : (tensor<16x2x2x32xf32>) -> tensor<16x128xf32>
  %140 = "stablehlo.dot_general"(%w5, %139) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<16x128xf32>) -> tensor<64x16xf32>
  %141 = "stablehlo.transpose"(%140) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %142 = "stablehlo.add"(%7, %141) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %143 = "stablehlo.multiply"(%142, %142) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %144 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %148 = "stablehlo.reduce"(%143, %144) ({
  ^bb0(%145: tensor<f32>, %146: tensor<f32>):
    %147 = "stablehlo.add"(%145, %146) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%147) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %149 = "stablehlo.broadcast_in_dim"(%148) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %150 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %151 = "stablehlo.divide"(%149, %150) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %152 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %153 = "stablehlo.add"(%151, %152) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %154 = "stablehlo.rsqrt"(%153) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %155 = "stablehlo.multiply"(%142, %154) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %156 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %157 = "stablehlo.multiply"(%155, %156) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %158 = "stablehlo.dot_general"(%w9, %157) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %159 = "stablehlo.transpose"(%158) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %160 = "stablehlo.logistic"(%159) : (tensor<16x128xf32>) -> tensor<16x128xf32>
  %161 = "stablehlo.multiply"(%159, %160) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %162 = "stablehlo.dot_general"(%w10, %157) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %163 = "stablehlo.transpose"(%162) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %164 = "stablehlo.multiply"(%161, %163) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %165 = "stablehlo.dot_general"(%w11, %164) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<16x128xf32>) -> tensor<64x16xf32>
  %166 = "stablehlo.transpose"(%165) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %167 = "stablehlo.add"(%142, %166) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %168 = "stablehlo.slice"(%deepstack_features) {limit_indices = array<i64: 1, 12, 64>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x12x64xf32>) -> tensor<1x12x64xf32>
  %169 = "stablehlo.reshape"(%168) : (tensor<1x12x64xf32>) -> tensor<12x64xf32>
  %170 = "stablehlo.gather"(%169, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<12x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %171 = "stablehlo.add"(%167, %170) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %172 = "stablehlo.select"(%2, %171, %167) : (tensor<16x64xi1>, tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %173 = "stablehlo.multiply"(%172, %172) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %174 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %178 = "stablehlo.reduce"(%173, %174) ({
  ^bb0(%175: tensor<f32>, %176: tensor<f32>):
    %177 = "stablehlo.add"(%175, %176) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%177) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %179 = "stablehlo.broadcast_in_dim"(%178) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %180 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %181 = "stablehlo.divide"(%179, %180) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %182 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %183 = "stablehlo.add"(%181, %182) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %184 = "stablehlo.rsqrt"(%183) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %185 = "stablehlo.multiply"(%172, %184) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %186 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %187 = "stablehlo.multiply"(%185, %186) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %188 = "stablehlo.dot_general"(%w13, %187) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %189 = "stablehlo.transpose"(%188) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %190 = "stablehlo.reshape"(%189) : (tensor<16x128xf32>) -> tensor<16x4x32xf32>
  %191 = "stablehlo.multiply"(%190, %190) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %192 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %196 = "stablehlo.reduce"(%191, %192) ({
  ^bb0(%193: tensor<f32>, %194: tensor<f32>):
    %195 = "stablehlo.add"(%193, %194) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%195) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x32xf32>, tensor<f32>) -> tensor<16x4xf32>
  %197 = "stablehlo.broadcast_in_dim"(%196) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x32xf32>
  %198 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x4x32xf32>} : () -> tensor<16x4x32xf32>
  %199 = "stablehlo.divide"(%197, %198) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %200 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x32xf32>} : () -> tensor<16x4x32xf32>
  %201 = "stablehlo.add"(%199, %200) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %202 = "stablehlo.rsqrt"(%201) : (tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %203 = "stablehlo.multiply"(%190, %202) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %204 = "stablehlo.broadcast_in_dim"(%w17) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<16x4x32xf32>
  %205 = "stablehlo.multiply"(%203, %204) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %206 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x4x32xf32>
  %207 = "stablehlo.multiply"(%205, %206) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %208 = "stablehlo.slice"(%205) {limit_indices = array<i64: 16, 4, 32>, start_indices = array<i64: 0, 0, 16>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x32xf32>) -> tensor<16x4x16xf32>
  %209 = "stablehlo.negate"(%208) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %210 = "stablehlo.slice"(%205) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x32xf32>) -> tensor<16x4x16xf32>
  %211 = "stablehlo.concatenate"(%209, %210) {dimension = 2 : i64} : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x32xf32>
  %212 = "stablehlo.broadcast_in_dim"(%79) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x4x32xf32>
  %213 = "stablehlo.multiply"(%211, %212) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %214 = "stablehlo.add"(%207, %213) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %215 = "stablehlo.reshape"(%214) : (tensor<16x4x32xf32>) -> tensor<16x2x2x32xf32>
  %216 = "stablehlo.transpose"(%215) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x32xf32>) -> tensor<2x2x16x32xf32>
  %217 = "stablehlo.dot_general"(%w14, %187) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %218 = "stablehlo.transpose"(%217) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %219 = "stablehlo.reshape"(%218) : (tensor<16x64xf32>) -> tensor<16x2x32xf32>
  %220 = "stablehlo.multiply"(%219, %219) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %221 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %225 = "stablehlo.reduce"(%220, %221) ({
  ^bb0(%222: tensor<f32>, %223: tensor<f32>):
    %224 = "stablehlo.add"(%222, %223) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%224) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x32xf32>, tensor<f32>) -> tensor<16x2xf32>
  %226 = "stablehlo.broadcast_in_dim"(%225) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x32xf32>
  %227 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x2x32xf32>} : () -> tensor<16x2x32xf32>
  %228 = "stablehlo.divide"(%226, %227) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %229 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x32xf32>} : () -> tensor<16x2x32xf32>
  %230 = "stablehlo.add"(%228, %229) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %231 = "stablehlo.rsqrt"(%230) : (tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %232 = "stablehlo.multiply"(%219, %231) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %233 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<16x2x32xf32>
  %234 = "stablehlo.multiply"(%232, %233) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %235 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x2x32xf32>
  %236 = "stablehlo.multiply"(%234, %235) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %237 = "stablehlo.slice"(%234) {limit_indices = array<i64: 16, 2, 32>, start_indices = array<i64: 0, 0, 16>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x32xf32>) -> tensor<16x2x16xf32>
  %238 = "stablehlo.negate"(%237) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %239 = "stablehlo.slice"(%234) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x32xf32>) -> tensor<16x2x16xf32>
  %240 = "stablehlo.concatenate"(%238, %239) {dimension = 2 : i64} : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x32xf32>
  %241 = "stablehlo.broadcast_in_dim"(%79) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x2x32xf32>
  %242 = "stablehlo.multiply"(%240, %241) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %243 = "stablehlo.add"(%236, %242) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %244 = "stablehlo.transpose"(%243) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
  %245 = "stablehlo.dot_general"(%216, %244) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x32xf32>, tensor<2x16x32xf32>) -> tensor<2x2x16x16xf32>
  %246 = "stablehlo.constant"() {value = dense<1.7677669e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %247 = "stablehlo.multiply"(%245, %246) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %248 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %249 = "stablehlo.select"(%10, %247, %248) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %250 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %254 = "stablehlo.reduce"(%249, %250) ({
  ^bb0(%251: tensor<f32>, %252: tensor<f32>):
    %253 = "stablehlo.maximum"(%251, %252) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%253) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %255 = "stablehlo.broadcast_in_dim"(%254) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %256 = "stablehlo.subtract"(%249, %255) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %257 = "stablehlo.exponential"(%256) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %258 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %262 = "stablehlo.reduce"(%257, %258) ({
  ^bb0(%259: tensor<f32>, %260: tensor<f32>):
    %261 = "stablehlo.add"(%259, %260) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%261) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %263 = "stablehlo.broadcast_in_dim"(%262) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %264 = "stablehlo.divide"(%257, %263) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %265 = "stablehlo.dot_general"(%w15, %187) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %266 = "stablehlo.transpose"(%265) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %267 = "stablehlo.reshape"(%266) : (tensor<16x64xf32>) -> tensor<16x2x32xf32>
  %268 = "stablehlo.transpose"(%267) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
  %269 = "stablehlo.dot_general"(%264, %268) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x32xf32>) -> tensor<2x2x16x32xf32>
  %270 = "stablehlo.transpose"(%269) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x32xf32>) -> tensor<16x2x2x32xf32>
  %271 = "stablehlo.reshape"(%270) : (tensor<16x2x2x32xf32>) -> tensor<16x128xf32>
  %272 = "stablehlo.dot_general"(%w16, %271) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<16x128xf32>) -> tensor<64x16xf32>
  %273 = "stablehlo.transpose"(%272) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %274 = "stablehlo.add"(%172, %273) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %275 = "stablehlo.multiply"(%274, %274) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %276 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %280 = "stablehlo.reduce"(%275, %276) ({
  ^bb0(%277: tensor<f32>, %278: tensor<f32>):
    %279 = "stablehlo.add"(%277, %278) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%279) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %281 = "stablehlo.broadcast_in_dim"(%280) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %282 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %283 = "stablehlo.divide"(%281, %282) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %284 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %285 = "stablehlo.add"(%283, %284) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %286 = "stablehlo.rsqrt"(%285) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %287 = "stablehlo.multiply"(%274, %286) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %288 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %289 = "stablehlo.multiply"(%287, %288) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %290 = "stablehlo.dot_general"(%w20, %289) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %291 = "stablehlo.transpose"(%290) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %292 = "stablehlo.logistic"(%291) : (tensor<16x128xf32>) -> tensor<16x128xf32>
  %293 = "stablehlo.multiply"(%291, %292) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %294 = "stablehlo.dot_general"(%w21, %289) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %295 = "stablehlo.transpose"(%294) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %296 = "stablehlo.multiply"(%293, %295) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %297 = "stablehlo.dot_general"(%w22, %296) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<16x128xf32>) -> tensor<64x16xf32>
  %298 = "stablehlo.transpose"(%297) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %299 = "stablehlo.add"(%274, %298) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %300 = "stablehlo.slice"(%deepstack_features) {limit_indices = array<i64: 2, 12, 64>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x12x64xf32>) -> tensor<1x12x64xf32>
  %301 = "stablehlo.reshape"(%300) : (tensor<1x12x64xf32>) -> tensor<12x64xf32>
  %302 = "stablehlo.gather"(%301, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<12x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %303 = "stablehlo.add"(%299, %302) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %304 = "stablehlo.select"(%2, %303, %299) : (tensor<16x64xi1>, tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %305 = "stablehlo.multiply"(%304, %304) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %306 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %310 = "stablehlo.reduce"(%305, %306) ({
  ^bb0(%307: tensor<f32>, %308: tensor<f32>):
    %309 = "stablehlo.add"(%307, %308) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%309) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %311 = "stablehlo.broadcast_in_dim"(%310) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %312 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %313 = "stablehlo.divide"(%311, %312) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %314 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %315 = "stablehlo.add"(%313, %314) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %316 = "stablehlo.rsqrt"(%315) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %317 = "stablehlo.multiply"(%304, %316) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %318 = "stablehlo.broadcast_in_dim"(%w23) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %319 = "stablehlo.multiply"(%317, %318) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %320 = "stablehlo.dot_general"(%w24, %319) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %321 = "stablehlo.transpose"(%320) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %322 = "stablehlo.reshape"(%321) : (tensor<16x128xf32>) -> tensor<16x4x32xf32>
  %323 = "stablehlo.multiply"(%322, %322) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %324 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %328 = "stablehlo.reduce"(%323, %324) ({
  ^bb0(%325: tensor<f32>, %326: tensor<f32>):
    %327 = "stablehlo.add"(%325, %326) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%327) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x32xf32>, tensor<f32>) -> tensor<16x4xf32>
  %329 = "stablehlo.broadcast_in_dim"(%328) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x32xf32>
  %330 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x4x32xf32>} : () -> tensor<16x4x32xf32>
  %331 = "stablehlo.divide"(%329, %330) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %332 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x32xf32>} : () -> tensor<16x4x32xf32>
  %333 = "stablehlo.add"(%331, %332) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %334 = "stablehlo.rsqrt"(%333) : (tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %335 = "stablehlo.multiply"(%322, %334) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %336 = "stablehlo.broadcast_in_dim"(%w28) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<16x4x32xf32>
  %337 = "stablehlo.multiply"(%335, %336) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %338 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x4x32xf32>
  %339 = "stablehlo.multiply"(%337, %338) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %340 = "stablehlo.slice"(%337) {limit_indices = array<i64: 16, 4, 32>, start_indices = array<i64: 0, 0, 16>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x32xf32>) -> tensor<16x4x16xf32>
  %341 = "stablehlo.negate"(%340) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %342 = "stablehlo.slice"(%337) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x32xf32>) -> tensor<16x4x16xf32>
  %343 = "stablehlo.concatenate"(%341, %342) {dimension = 2 : i64} : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x32xf32>
  %344 = "stablehlo.broadcast_in_dim"(%79) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x4x32xf32>
  %345 = "stablehlo.multiply"(%343, %344) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %346 = "stablehlo.add"(%339, %345) : (tensor<16x4x32xf32>, tensor<16x4x32xf32>) -> tensor<16x4x32xf32>
  %347 = "stablehlo.reshape"(%346) : (tensor<16x4x32xf32>) -> tensor<16x2x2x32xf32>
  %348 = "stablehlo.transpose"(%347) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x32xf32>) -> tensor<2x2x16x32xf32>
  %349 = "stablehlo.dot_general"(%w25, %319) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %350 = "stablehlo.transpose"(%349) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %351 = "stablehlo.reshape"(%350) : (tensor<16x64xf32>) -> tensor<16x2x32xf32>
  %352 = "stablehlo.multiply"(%351, %351) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %353 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %357 = "stablehlo.reduce"(%352, %353) ({
  ^bb0(%354: tensor<f32>, %355: tensor<f32>):
    %356 = "stablehlo.add"(%354, %355) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%356) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x32xf32>, tensor<f32>) -> tensor<16x2xf32>
  %358 = "stablehlo.broadcast_in_dim"(%357) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x32xf32>
  %359 = "stablehlo.constant"() {value = dense<3.2e+01> : tensor<16x2x32xf32>} : () -> tensor<16x2x32xf32>
  %360 = "stablehlo.divide"(%358, %359) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %361 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x32xf32>} : () -> tensor<16x2x32xf32>
  %362 = "stablehlo.add"(%360, %361) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %363 = "stablehlo.rsqrt"(%362) : (tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %364 = "stablehlo.multiply"(%351, %363) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %365 = "stablehlo.broadcast_in_dim"(%w29) {broadcast_dimensions = array<i64: 2>} : (tensor<32xf32>) -> tensor<16x2x32xf32>
  %366 = "stablehlo.multiply"(%364, %365) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %367 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x2x32xf32>
  %368 = "stablehlo.multiply"(%366, %367) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %369 = "stablehlo.slice"(%366) {limit_indices = array<i64: 16, 2, 32>, start_indices = array<i64: 0, 0, 16>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x32xf32>) -> tensor<16x2x16xf32>
  %370 = "stablehlo.negate"(%369) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %371 = "stablehlo.slice"(%366) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x32xf32>) -> tensor<16x2x16xf32>
  %372 = "stablehlo.concatenate"(%370, %371) {dimension = 2 : i64} : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x32xf32>
  %373 = "stablehlo.broadcast_in_dim"(%79) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x32xf32>) -> tensor<16x2x32xf32>
  %374 = "stablehlo.multiply"(%372, %373) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %375 = "stablehlo.add"(%368, %374) : (tensor<16x2x32xf32>, tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %376 = "stablehlo.transpose"(%375) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
  %377 = "stablehlo.dot_general"(%348, %376) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x32xf32>, tensor<2x16x32xf32>) -> tensor<2x2x16x16xf32>
  %378 = "stablehlo.constant"() {value = dense<1.7677669e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %379 = "stablehlo.multiply"(%377, %378) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %380 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %381 = "stablehlo.select"(%10, %379, %380) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %382 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %386 = "stablehlo.reduce"(%381, %382) ({
  ^bb0(%383: tensor<f32>, %384: tensor<f32>):
    %385 = "stablehlo.maximum"(%383, %384) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%385) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %387 = "stablehlo.broadcast_in_dim"(%386) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %388 = "stablehlo.subtract"(%381, %387) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %389 = "stablehlo.exponential"(%388) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %390 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %394 = "stablehlo.reduce"(%389, %390) ({
  ^bb0(%391: tensor<f32>, %392: tensor<f32>):
    %393 = "stablehlo.add"(%391, %392) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%393) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %395 = "stablehlo.broadcast_in_dim"(%394) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %396 = "stablehlo.divide"(%389, %395) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %397 = "stablehlo.dot_general"(%w26, %319) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %398 = "stablehlo.transpose"(%397) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %399 = "stablehlo.reshape"(%398) : (tensor<16x64xf32>) -> tensor<16x2x32xf32>
  %400 = "stablehlo.transpose"(%399) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
  %401 = "stablehlo.dot_general"(%396, %400) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x32xf32>) -> tensor<2x2x16x32xf32>
  %402 = "stablehlo.transpose"(%401) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x32xf32>) -> tensor<16x2x2x32xf32>
  %403 = "stablehlo.reshape"(%402) : (tensor<16x2x2x32xf32>) -> tensor<16x128xf32>
  %404 = "stablehlo.dot_general"(%w27, %403) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<16x128xf32>) -> tensor<64x16xf32>
  %405 = "stablehlo.transpose"(%404) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %406 = "stablehlo.add"(%304, %405) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %407 = "stablehlo.multiply"(%406, %406) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %408 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %412 = "stablehlo.reduce"(%407, %408) ({
  ^bb0(%409: tensor<f32>, %410: tensor<f32>):
    %411 = "stablehlo.add"(%409, %410) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%411) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %413 = "stablehlo.broadcast_in_dim"(%412) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %414 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %415 = "stablehlo.divide"(%413, %414) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %416 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %417 = "stablehlo.add"(%415, %416) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %418 = "stablehlo.rsqrt"(%417) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %419 = "stablehlo.multiply"(%406, %418) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %420 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %421 = "stablehlo.multiply"(%419, %420) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %422 = "stablehlo.dot_general"(%w31, %421) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %423 = "stablehlo.transpose"(%422) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %424 = "stablehlo.logistic"(%423) : (tensor<16x128xf32>) -> tensor<16x128xf32>
  %425 = "stablehlo.multiply"(%423, %424) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %426 = "stablehlo.dot_general"(%w32, %421) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<16x64xf32>) -> tensor<128x16xf32>
  %427 = "stablehlo.transpose"(%426) {permutation = array<i64: 1, 0>} : (tensor<128x16xf32>) -> tensor<16x128xf32>
  %428 = "stablehlo.multiply"(%425, %427) : (tensor<16x128xf32>, tensor<16x128xf32>) -> tensor<16x128xf32>
  %429 = "stablehlo.dot_general"(%w33, %428) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<16x128xf32>) -> tensor<64x16xf32>
  %430 = "stablehlo.transpose"(%429) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %431 = "stablehlo.add"(%406, %430) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %432 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %433 = "stablehlo.subtract"(%length, %432) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %434 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %435 = "stablehlo.dynamic_slice"(%431, %433, %434) {slice_sizes = array<i64: 1, 64>} : (tensor<16x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
  %436 = "stablehlo.multiply"(%435, %435) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %437 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %441 = "stablehlo.reduce"(%436, %437) ({
  ^bb0(%438: tensor<f32>, %439: tensor<f32>):
    %440 = "stablehlo.add"(%438, %439) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%440) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
  %442 = "stablehlo.broadcast_in_dim"(%441) {broadcast_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1x64xf32>
  %443 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %444 = "stablehlo.divide"(%442, %443) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %445 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %446 = "stablehlo.add"(%444, %445) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %447 = "stablehlo.rsqrt"(%446) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %448 = "stablehlo.multiply"(%435, %447) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %449 = "stablehlo.broadcast_in_dim"(%w34) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<1x64xf32>
  %450 = "stablehlo.multiply"(%448, %449) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %451 = "stablehlo.dot_general"(%w35, %450) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1400x64xf32>, tensor<1x64xf32>) -> tensor<1400x1xf32>
  %452 = "stablehlo.transpose"(%451) {permutation = array<i64: 1, 0>} : (tensor<1400x1xf32>) -> tensor<1x1400xf32>
  %453 = "stablehlo.reshape"(%452) : (tensor<1x1400xf32>) -> tensor<1400xf32>
  %454 = "stablehlo.dynamic_update_slice"(%kv_0_key, %112, %434, %434, %434) : (tensor<2x32x32xf32>, tensor<2x16x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x32xf32>
  %455 = "stablehlo.dynamic_update_slice"(%kv_0_value, %136, %434, %434, %434) : (tensor<2x32x32xf32>, tensor<2x16x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x32xf32>
  %456 = "stablehlo.dynamic_update_slice"(%kv_1_key, %244, %434, %434, %434) : (tensor<2x32x32xf32>, tensor<2x16x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x32xf32>
  %457 = "stablehlo.dynamic_update_slice"(%kv_1_value, %268, %434, %434, %434) : (tensor<2x32x32xf32>, tensor<2x16x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x32xf32>
  %458 = "stablehlo.dynamic_update_slice"(%kv_2_key, %376, %434, %434, %434) : (tensor<2x32x32xf32>, tensor<2x16x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x32xf32>
  %459 = "stablehlo.dynamic_update_slice"(%kv_2_value, %400, %434, %434, %434) : (tensor<2x32x32xf32>, tensor<2x16x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x32xf32>
  func.return %453, %454, %455, %456, %457, %458, %459, %7, %112, %136, %244, %268, %376, %400 : tensor<1400xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<2x32x32xf32>, tensor<16x64xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>
}
}
