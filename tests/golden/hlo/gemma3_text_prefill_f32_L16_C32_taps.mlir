// gemma3_text_prefill_f32_L16_C32_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// prefill
// input input_ids tensor<16xi32> alias=-1
// input feature_index tensor<16xi32> alias=-1
// input image_features tensor<1x64xf32> alias=-1
// input length tensor<i32> alias=-1
// input kv.0.key tensor<2x8x16xf32> alias=1 kv=0.0.k
// input kv.0.value tensor<2x8x16xf32> alias=2 kv=0.0.v
// input kv.1.key tensor<2x8x16xf32> alias=3 kv=0.1.k
// input kv.1.value tensor<2x8x16xf32> alias=4 kv=0.1.v
// input kv.2.key tensor<2x32x16xf32> alias=5 kv=0.2.k
// input kv.2.value tensor<2x32x16xf32> alias=6 kv=0.2.v
// input kv.3.key tensor<2x8x16xf32> alias=7 kv=0.3.k
// input kv.3.value tensor<2x8x16xf32> alias=8 kv=0.3.v
// weight model.embed_tokens.weight tensor<1401x64xf32> alias=-1
// weight model.layers.0.input_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.0.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.0.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.0.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.0.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.0.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight model.layers.0.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight model.layers.0.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.0.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.0.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.0.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.0.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.0.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.1.input_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.1.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.1.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.1.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.1.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.1.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight model.layers.1.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight model.layers.1.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.1.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.1.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.1.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.1.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.1.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.2.input_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.2.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.2.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.2.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.2.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.2.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight model.layers.2.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight model.layers.2.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.2.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.2.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.2.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.2.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.2.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.3.input_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.3.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.3.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.3.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight model.layers.3.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight model.layers.3.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight model.layers.3.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight model.layers.3.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.3.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.3.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.3.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.3.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.3.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight model.norm.weight tensor<64xf32> alias=-1
// result prefill_logits tensor<1401xf32>
// result kv.0.key tensor<2x8x16xf32>
// result kv.0.value tensor<2x8x16xf32>
// result kv.1.key tensor<2x8x16xf32>
// result kv.1.value tensor<2x8x16xf32>
// result kv.2.key tensor<2x32x16xf32>
// result kv.2.value tensor<2x32x16xf32>
// result kv.3.key tensor<2x8x16xf32>
// result kv.3.value tensor<2x8x16xf32>
// result inputs_embeds tensor<16x64xf32>
// result past_key_values.0.key tensor<2x8x16xf32>
// result past_key_values.0.value tensor<2x8x16xf32>
// result past_key_values.1.key tensor<2x8x16xf32>
// result past_key_values.1.value tensor<2x8x16xf32>
// result past_key_values.2.key tensor<2x16x16xf32>
// result past_key_values.2.value tensor<2x16x16xf32>
// result past_key_values.3.key tensor<2x8x16xf32>
// result past_key_values.3.value tensor<2x8x16xf32>
module {
func.func public @main(%input_ids: tensor<16xi32>, %feature_index: tensor<16xi32>, %image_features: tensor<1x64xf32>, %length: tensor<i32>, %kv_0_key: tensor<2x8x16xf32> {tf.aliasing_output = 1 : i32}, %kv_0_value: tensor<2x8x16xf32> {tf.aliasing_output = 2 : i32}, %kv_1_key: tensor<2x8x16xf32> {tf.aliasing_output = 3 : i32}, %kv_1_value: tensor<2x8x16xf32> {tf.aliasing_output = 4 : i32}, %kv_2_key: tensor<2x32x16xf32> {tf.aliasing_output = 5 : i32}, %kv_2_value: tensor<2x32x16xf32> {tf.aliasing_output = 6 : i32}, %kv_3_key: tensor<2x8x16xf32> {tf.aliasing_output = 7 : i32}, %kv_3_value: tensor<2x8x16xf32> {tf.aliasing_output = 8 : i32}, %w0: tensor<1401x64xf32>, %w1: tensor<64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<32x64xf32>, %w4: tensor<32x64xf32>, %w5: tensor<64x64xf32>, %w6: tensor<16xf32>, %w7: tensor<16xf32>, %w8: tensor<64xf32>, %w9: tensor<64xf32>, %w10: tensor<64xf32>, %w11: tensor<96x64xf32>, %w12: tensor<96x64xf32>, %w13: tensor<64x96xf32>, %w14: tensor<64xf32>, %w15: tensor<64x64xf32>, %w16: tensor<32x64xf32>, %w17: tensor<32x64xf32>, %w18: tensor<64x64xf32>, %w19: tensor<16xf32>, %w20: tensor<16xf32>, %w21: tensor<64xf32>, %w22: tensor<64xf32>, %w23: tensor<64xf32>, %w24: tensor<96x64xf32>, %w25: tensor<96x64xf32>, %w26: tensor<64x96xf32>, %w27: tensor<64xf32>, %w28: tensor<64x64xf32>, %w29: tensor<32x64xf32>, %w30: tensor<32x64xf32>, %w31: tensor<64x64xf32>, %w32: tensor<16xf32>, %w33: tensor<16xf32>, %w34: tensor<64xf32>, %w35: tensor<64xf32>, %w36: tensor<64xf32>, %w37: tensor<96x64xf32>, %w38: tensor<96x64xf32>, %w39: tensor<64x96xf32>, %w40: tensor<64xf32>, %w41: tensor<64x64xf32>, %w42: tensor<32x64xf32>, %w43: tensor<32x64xf32>, %w44: tensor<64x64xf32>, %w45: tensor<16xf32>, %w46: tensor<16xf32>, %w47: tensor<64xf32>, %w48: tensor<64xf32>, %w49: tensor<64xf32>, %w50: tensor<96x64xf32>, %w51: tensor<96x64xf32>, %w52: tensor<64x96xf32>, %w53: tensor<64xf32>) -> (tensor<1401xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) {
  %0 = "stablehlo.constant"() {value = dense<-1> : tensor<16xi32>} : () -> tensor<16xi32>
  %1 = "stablehlo.compare"(%input_ids, %0) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
  %2 = "stablehlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<16xi1>) -> tensor<16x64xi1>
  %3 = "stablehlo.gather"(%image_features, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %4 = "stablehlo.constant"() {value = dense<0> : tensor<16xi32>} : () -> tensor<16xi32>
  %5 = "stablehlo.select"(%1, %4, %input_ids) : (tensor<16xi1>, tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
  %6 = "stablehlo.gather"(%w0, %5) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1401x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  %7 = "stablehlo.constant"() {value = dense<8.0e+00> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %8 = "stablehlo.multiply"(%6, %7) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %9 = "stablehlo.select"(%2, %3, %8) : (tensor<16x64xi1>, tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %10 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x2x16x16xi32>
  %11 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x16x16xi32>
  %12 = "stablehlo.subtract"(%10, %11) : (tensor<2x2x16x16xi32>, tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi32>
  %13 = "stablehlo.constant"() {value = dense<0> : tensor<2x2x16x16xi32>} : () -> tensor<2x2x16x16xi32>
  %14 = "stablehlo.compare"(%12, %13) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<2x2x16x16xi32>, tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi1>
  %15 = "stablehlo.constant"() {value = dense<8> : tensor<2x2x16x16xi32>} : () -> tensor<2x2x16x16xi32>
  %16 = "stablehlo.compare"(%12, %15) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2x2x16x16xi32>, tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi1>
  %17 = "stablehlo.select"(%14, %16, %14) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xi1>, tensor<2x2x16x16xi1>) -> tensor<2x2x16x16xi1>
  %18 = "stablehlo.multiply"(%9, %9) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %19 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %23 = "stablehlo.reduce"(%18, %19) ({
  ^bb0(%20: tensor<f32>, %21: tensor<f32>):
    %22 = "stablehlo.add"(%20, %21) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%22) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %24 = "stablehlo.broadcast_in_dim"(%23) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %25 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %26 = "stablehlo.divide"(%24, %25) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %27 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %28 = "stablehlo.add"(%26, %27) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %29 = "stablehlo.rsqrt"(%28) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %30 = "stablehlo.multiply"(%9, %29) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %31 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %32 = "stablehlo.add"(%w1, %31) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %33 = "stablehlo.broadcast_in_dim"(%32) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %34 = "stablehlo.multiply"(%30, %33) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %35 = "stablehlo.dot_general"(%w2, %34) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %36 = "stablehlo.transpose"(%35) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %37 = "stablehlo.reshape"(%36) : (tensor<16x64xf32>) -> tensor<16x4x16xf32>
  %38 = "stablehlo.multiply"(%37, %37) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %39 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %43 = "stablehlo.reduce"(%38, %39) ({
  ^bb0(%40: tensor<f32>, %41: tensor<f32>):
    %42 = "stablehlo.add"(%40, %41) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%42) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x16xf32>, tensor<f32>) -> tensor<16x4xf32>
  %44 = "stablehlo.broadcast_in_dim"(%43) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x16xf32>
  %45 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %46 = "stablehlo.divide"(%44, %45) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %47 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %48 = "stablehlo.add"(%46, %47) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %49 = "stablehlo.rsqrt"(%48) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %50 = "stablehlo.multiply"(%37, %49) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %51 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %52 = "stablehlo.add"(%w6, %51) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %53 = "stablehlo.broadcast_in_dim"(%52) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x4x16xf32>
  %54 = "stablehlo.multiply"(%50, %53) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %55 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F26707DBF582F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F26707DBF582F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F2C3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3F2C3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FB8CD753F6D3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FB8CD753F6D3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F7205913B8D9B71BFBF3DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3F7205913B8D9B71BFBF3DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FD006583F574F4BBFF386B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FD006583F574F4BBFF386B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FD7040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FD7040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FE87A42BF9622FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FE87A42BF9622FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3F"> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
  %56 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %57 = "stablehlo.multiply"(%54, %56) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %58 = "stablehlo.slice"(%54) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %59 = "stablehlo.negate"(%58) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  %60 = "stablehlo.slice"(%54) {limit_indices = array<i64: 16, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %61 = "stablehlo.concatenate"(%59, %60) {dimension = 2 : i64} : (tensor<16x4x8xf32>, tensor<16x4x8xf32>) -> tensor<16x4x16xf32>
  %62 = "stablehlo.constant"() {value = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A46A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539A46A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539B7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AB7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B95467D3F7D06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B95467D3F7D06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B3201D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3B3201D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3BF8440BBF9770A9BCA46A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3BF8440BBF9770A9BCA46A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3B5CFF7FBF1F41A9BE2B26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633B5CFF7FBF1F41A9BE2B26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783B2220D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B2220D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B"> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
  %63 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %64 = "stablehlo.multiply"(%61, %63) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %65 = "stablehlo.add"(%57, %64) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %66 = "stablehlo.reshape"(%65) : (tensor<16x4x16xf32>) -> tensor<16x2x2x16xf32>
  %67 = "stablehlo.transpose"(%66) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %68 = "stablehlo.dot_general"(%w3, %34) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %69 = "stablehlo.transpose"(%68) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %70 = "stablehlo.reshape"(%69) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %71 = "stablehlo.multiply"(%70, %70) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %72 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %76 = "stablehlo.reduce"(%71, %72) ({
  ^bb0(%73: tensor<f32>, %74: tensor<f32>):
    %75 = "stablehlo.add"(%73, %74) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%75) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x16xf32>, tensor<f32>) -> tensor<16x2xf32>
  %77 = "stablehlo.broadcast_in_dim"(%76) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x16xf32>
  %78 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %79 = "stablehlo.divide"(%77, %78) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %80 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %81 = "stablehlo.add"(%79, %80) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %82 = "stablehlo.rsqrt"(%81) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %83 = "stablehlo.multiply"(%70, %82) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %84 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %85 = "stablehlo.add"(%w7, %84) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %86 = "stablehlo.broadcast_in_dim"(%85) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x2x16xf32>
  %87 = "stablehlo.multiply"(%83, %86) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %88 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %89 = "stablehlo.multiply"(%87, %88) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %90 = "stablehlo.slice"(%87) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %91 = "stablehlo.negate"(%90) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %92 = "stablehlo.slice"(%87) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %93 = "stablehlo.concatenate"(%91, %92) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %94 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %95 = "stablehlo.multiply"(%93, %94) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %96 = "stablehlo.add"(%89, %95) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %97 = "stablehlo.transpose"(%96) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %98 = "stablehlo.dot_general"(%67, %97) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %99 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %100 = "stablehlo.multiply"(%98, %99) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %101 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %102 = "stablehlo.select"(%17, %100, %101) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %103 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %107 = "stablehlo.reduce"(%102, %103) ({
  ^bb0(%104: tensor<f32>, %105: tensor<f32>):
    %106 = "stablehlo.maximum"(%104, %105) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%106) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %108 = "stablehlo.broadcast_in_dim"(%107) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %109 = "stablehlo.subtract"(%102, %108) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %110 = "stablehlo.exponential"(%109) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %111 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %115 = "stablehlo.reduce"(%110, %111) ({
  ^bb0(%112: tensor<f32>, %113: tensor<f32>):
    %114 = "stablehlo.add"(%112, %113) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%114) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %116 = "stablehlo.broadcast_in_dim"(%115) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %117 = "stablehlo.divide"(%110, %116) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %118 = "stablehlo.dot_general"(%w4, %34) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %119 = "stablehlo.transpose"(%118) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %120 = "stablehlo.reshape"(%119) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %121 = "stablehlo.transpose"(%120) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %122 = "stablehlo.dot_general"(%117, %121) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %123 = "stablehlo.transpose"(%122) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %124 = "stablehlo.reshape"(%123) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %125 = "stablehlo.dot_general"(%w5, %124) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %126 = "stablehlo.transpose"(%125) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %127 = "stablehlo.multiply"(%126, %126) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %128 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %132 = "stablehlo.reduce"(%127, %128) ({
  ^bb0(%129: tensor<f32>, %130: tensor<f32>):
    %131 = "stablehlo.add"(%129, %130) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%131) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %133 = "stablehlo.broadcast_in_dim"(%132) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %134 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %135 = "stablehlo.divide"(%133, %134) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %136 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %137 = "stablehlo.add"(%135, %136) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %138 = "stablehlo.rsqrt"(%137) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %139 = "stablehlo.multiply"(%126, %138) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %140 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %141 = "stablehlo.add"(%w8, %140) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %142 = "stablehlo.broadcast_in_dim"(%141) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %143 = "stablehlo.multiply"(%139, %142) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %144 = "stablehlo.add"(%9, %143) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %145 = "stablehlo.multiply"(%144, %144) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %146 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %150 = "stablehlo.reduce"(%145, %146) ({
  ^bb0(%147: tensor<f32>, %148: tensor<f32>):
    %149 = "stablehlo.add"(%147, %148) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%149) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %151 = "stablehlo.broadcast_in_dim"(%150) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %152 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %153 = "stablehlo.divide"(%151, %152) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %154 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %155 = "stablehlo.add"(%153, %154) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %156 = "stablehlo.rsqrt"(%155) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %157 = "stablehlo.multiply"(%144, %156) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %158 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %159 = "stablehlo.add"(%w9, %158) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %160 = "stablehlo.broadcast_in_dim"(%159) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %161 = "stablehlo.multiply"(%157, %160) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %162 = "stablehlo.dot_general"(%w11, %161) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %163 = "stablehlo.transpose"(%162) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %164 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %165 = "stablehlo.multiply"(%163, %164) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %166 = "stablehlo.multiply"(%163, %163) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %167 = "stablehlo.multiply"(%166, %163) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %168 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %169 = "stablehlo.multiply"(%167, %168) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %170 = "stablehlo.add"(%163, %169) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %171 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %172 = "stablehlo.multiply"(%170, %171) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %173 = "stablehlo.tanh"(%172) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %174 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %175 = "stablehlo.add"(%173, %174) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %176 = "stablehlo.multiply"(%165, %175) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %177 = "stablehlo.dot_general"(%w12, %161) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %178 = "stablehlo.transpose"(%177) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %179 = "stablehlo.multiply"(%176, %178) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %180 = "stablehlo.dot_general"(%w13, %179) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %181 = "stablehlo.transpose"(%180) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %182 = "stablehlo.multiply"(%181, %181) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %183 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %187 = "stablehlo.reduce"(%182, %183) ({
  ^bb0(%184: tensor<f32>, %185: tensor<f32>):
    %186 = "stablehlo.add"(%184, %185) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%186) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %188 = "stablehlo.broadcast_in_dim"(%187) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %189 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %190 = "stablehlo.divide"(%188, %189) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %191 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %192 = "stablehlo.add"(%190, %191) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %193 = "stablehlo.rsqrt"(%192) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %194 = "stablehlo.multiply"(%181, %193) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %195 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %196 = "stablehlo.add"(%w10, %195) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %197 = "stablehlo.broadcast_in_dim"(%196) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %198 = "stablehlo.multiply"(%194, %197) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %199 = "stablehlo.add"(%144, %198) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %200 = "stablehlo.multiply"(%199, %199) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %201 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %205 = "stablehlo.reduce"(%200, %201) ({
  ^bb0(%202: tensor<f32>, %203: tensor<f32>):
    %204 = "stablehlo.add"(%202, %203) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%204) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %206 = "stablehlo.broadcast_in_dim"(%205) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %207 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %208 = "stablehlo.divide"(%206, %207) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %209 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %210 = "stablehlo.add"(%208, %209) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %211 = "stablehlo.rsqrt"(%210) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %212 = "stablehlo.multiply"(%199, %211) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %213 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %214 = "stablehlo.add"(%w14, %213) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %215 = "stablehlo.broadcast_in_dim"(%214) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %216 = "stablehlo.multiply"(%212, %215) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %217 = "stablehlo.dot_general"(%w15, %216) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %218 = "stablehlo.transpose"(%217) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %219 = "stablehlo.reshape"(%218) : (tensor<16x64xf32>) -> tensor<16x4x16xf32>
  %220 = "stablehlo.multiply"(%219, %219) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %221 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %225 = "stablehlo.reduce"(%220, %221) ({
  ^bb0(%222: tensor<f32>, %223: tensor<f32>):
    %224 = "stablehlo.add"(%222, %223) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%224) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x16xf32>, tensor<f32>) -> tensor<16x4xf32>
  %226 = "stablehlo.broadcast_in_dim"(%225) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x16xf32>
  %227 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %228 = "stablehlo.divide"(%226, %227) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %229 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %230 = "stablehlo.add"(%228, %229) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %231 = "stablehlo.rsqrt"(%230) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %232 = "stablehlo.multiply"(%219, %231) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %233 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %234 = "stablehlo.add"(%w19, %233) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %235 = "stablehlo.broadcast_in_dim"(%234) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x4x16xf32>
  %236 = "stablehlo.multiply"(%232, %235) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %237 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %238 = "stablehlo.multiply"(%236, %237) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %239 = "stablehlo.slice"(%236) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %240 = "stablehlo.negate"(%239) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  %241 = "stablehlo.slice"(%236) {limit_indices = array<i64: 16, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %242 = "stablehlo.concatenate"(%240, %241) {dimension = 2 : i64} : (tensor<16x4x8xf32>, tensor<16x4x8xf32>) -> tensor<16x4x16xf32>
  %243 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %244 = "stablehlo.multiply"(%242, %243) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %245 = "stablehlo.add"(%238, %244) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %246 = "stablehlo.reshape"(%245) : (tensor<16x4x16xf32>) -> tensor<16x2x2x16xf32>
  %247 = "stablehlo.transpose"(%246) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %248 = "stablehlo.dot_general"(%w16, %216) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %249 = "stablehlo.transpose"(%248) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %250 = "stablehlo.reshape"(%249) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %251 = "stablehlo.multiply"(%250, %250) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %252 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %256 = "stablehlo.reduce"(%251, %252) ({
  ^bb0(%253: tensor<f32>, %254: tensor<f32>):
    %255 = "stablehlo.add"(%253, %254) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%255) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x16xf32>, tensor<f32>) -> tensor<16x2xf32>
  %257 = "stablehlo.broadcast_in_dim"(%256) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x16xf32>
  %258 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %259 = "stablehlo.divide"(%257, %258) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %260 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %261 = "stablehlo.add"(%259, %260) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %262 = "stablehlo.rsqrt"(%261) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %263 = "stablehlo.multiply"(%250, %262) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %264 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %265 = "stablehlo.add"(%w20, %264) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %266 = "stablehlo.broadcast_in_dim"(%265) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x2x16xf32>
  %267 = "stablehlo.multiply"(%263, %266) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %268 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %269 = "stablehlo.multiply"(%267, %268) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %270 = "stablehlo.slice"(%267) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %271 = "stablehlo.negate"(%270) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %272 = "stablehlo.slice"(%267) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %273 = "stablehlo.concatenate"(%271, %272) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %274 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %275 = "stablehlo.multiply"(%273, %274) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %276 = "stablehlo.add"(%269, %275) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %277 = "stablehlo.transpose"(%276) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %278 = "stablehlo.dot_general"(%247, %277) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %279 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %280 = "stablehlo.multiply"(%278, %279) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %281 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %282 = "stablehlo.select"(%17, %280, %281) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %283 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %287 = "stablehlo.reduce"(%282, %283) ({
  ^bb0(%284: tensor<f32>, %285: tensor<f32>):
    %286 = "stablehlo.maximum"(%284, %285) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%286) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %288 = "stablehlo.broadcast_in_dim"(%287) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %289 = "stablehlo.subtract"(%282, %288) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %290 = "stablehlo.exponential"(%289) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %291 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %295 = "stablehlo.reduce"(%290, %291) ({
  ^bb0(%292: tensor<f32>, %293: tensor<f32>):
    %294 = "stablehlo.add"(%292, %293) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%294) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %296 = "stablehlo.broadcast_in_dim"(%295) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %297 = "stablehlo.divide"(%290, %296) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %298 = "stablehlo.dot_general"(%w17, %216) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %299 = "stablehlo.transpose"(%298) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %300 = "stablehlo.reshape"(%299) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %301 = "stablehlo.transpose"(%300) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %302 = "stablehlo.dot_general"(%297, %301) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %303 = "stablehlo.transpose"(%302) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %304 = "stablehlo.reshape"(%303) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %305 = "stablehlo.dot_general"(%w18, %304) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %306 = "stablehlo.transpose"(%305) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %307 = "stablehlo.multiply"(%306, %306) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %308 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %312 = "stablehlo.reduce"(%307, %308) ({
  ^bb0(%309: tensor<f32>, %310: tensor<f32>):
    %311 = "stablehlo.add"(%309, %310) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%311) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %313 = "stablehlo.broadcast_in_dim"(%312) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %314 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %315 = "stablehlo.divide"(%313, %314) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %316 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %317 = "stablehlo.add"(%315, %316) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %318 = "stablehlo.rsqrt"(%317) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %319 = "stablehlo.multiply"(%306, %318) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %320 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %321 = "stablehlo.add"(%w21, %320) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %322 = "stablehlo.broadcast_in_dim"(%321) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %323 = "stablehlo.multiply"(%319, %322) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %324 = "stablehlo.add"(%199, %323) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %325 = "stablehlo.multiply"(%324, %324) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %326 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %330 = "stablehlo.reduce"(%325, %326) ({
  ^bb0(%327: tensor<f32>, %328: tensor<f32>):
    %329 = "stablehlo.add"(%327, %328) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%329) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %331 = "stablehlo.broadcast_in_dim"(%330) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %332 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %333 = "stablehlo.divide"(%331, %332) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %334 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %335 = "stablehlo.add"(%333, %334) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %336 = "stablehlo.rsqrt"(%335) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %337 = "stablehlo.multiply"(%324, %336) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %338 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %339 = "stablehlo.add"(%w22, %338) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %340 = "stablehlo.broadcast_in_dim"(%339) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %341 = "stablehlo.multiply"(%337, %340) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %342 = "stablehlo.dot_general"(%w24, %341) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %343 = "stablehlo.transpose"(%342) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %344 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %345 = "stablehlo.multiply"(%343, %344) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %346 = "stablehlo.multiply"(%343, %343) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %347 = "stablehlo.multiply"(%346, %343) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %348 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %349 = "stablehlo.multiply"(%347, %348) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %350 = "stablehlo.add"(%343, %349) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %351 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %352 = "stablehlo.multiply"(%350, %351) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %353 = "stablehlo.tanh"(%352) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %354 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %355 = "stablehlo.add"(%353, %354) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %356 = "stablehlo.multiply"(%345, %355) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %357 = "stablehlo.dot_general"(%w25, %341) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %358 = "stablehlo.transpose"(%357) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %359 = "stablehlo.multiply"(%356, %358) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %360 = "stablehlo.dot_general"(%w26, %359) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %361 = "stablehlo.transpose"(%360) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %362 = "stablehlo.multiply"(%361, %361) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %363 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %367 = "stablehlo.reduce"(%362, %363) ({
  ^bb0(%364: tensor<f32>, %365: tensor<f32>):
    %366 = "stablehlo.add"(%364, %365) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%366) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %368 = "stablehlo.broadcast_in_dim"(%367) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %369 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %370 = "stablehlo.divide"(%368, %369) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %371 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %372 = "stablehlo.add"(%370, %371) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %373 = "stablehlo.rsqrt"(%372) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %374 = "stablehlo.multiply"(%361, %373) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %375 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %376 = "stablehlo.add"(%w23, %375) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %377 = "stablehlo.broadcast_in_dim"(%376) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %378 = "stablehlo.multiply"(%374, %377) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %379 = "stablehlo.add"(%324, %378) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %380 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x16x16xi32>
  %381 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x2x16x16xi32>
  %382 = "stablehlo.compare"(%380, %381) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x16x16xi32>, tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi1>
  %383 = "stablehlo.multiply"(%379, %379) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %384 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %388 = "stablehlo.reduce"(%383, %384) ({
  ^bb0(%385: tensor<f32>, %386: tensor<f32>):
    %387 = "stablehlo.add"(%385, %386) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%387) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %389 = "stablehlo.broadcast_in_dim"(%388) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %390 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %391 = "stablehlo.divide"(%389, %390) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %392 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %393 = "stablehlo.add"(%391, %392) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %394 = "stablehlo.rsqrt"(%393) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %395 = "stablehlo.multiply"(%379, %394) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %396 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %397 = "stablehlo.add"(%w27, %396) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %398 = "stablehlo.broadcast_in_dim"(%397) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %399 = "stablehlo.multiply"(%395, %398) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %400 = "stablehlo.dot_general"(%w28, %399) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %401 = "stablehlo.transpose"(%400) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %402 = "stablehlo.reshape"(%401) : (tensor<16x64xf32>) -> tensor<16x4x16xf32>
  %403 = "stablehlo.multiply"(%402, %402) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %404 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %408 = "stablehlo.reduce"(%403, %404) ({
  ^bb0(%405: tensor<f32>, %406: tensor<f32>):
    %407 = "stablehlo.add"(%405, %406) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%407) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x16xf32>, tensor<f32>) -> tensor<16x4xf32>
  %409 = "stablehlo.broadcast_in_dim"(%408) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x16xf32>
  %410 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %411 = "stablehlo.divide"(%409, %410) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %412 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %413 = "stablehlo.add"(%411, %412) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %414 = "stablehlo.rsqrt"(%413) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %415 = "stablehlo.multiply"(%402, %414) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %416 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %417 = "stablehlo.add"(%w32, %416) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %418 = "stablehlo.broadcast_in_dim"(%417) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x4x16xf32>
  %419 = "stablehlo.multiply"(%415, %418) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %420 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803FAB007E3FCFEF7F3F7DFF7F3FFCFF7F3F0000803F0000803F0000803F0000803FAB007E3FCFEF7F3F7DFF7F3FFCFF7F3F0000803F0000803F0000803F0000803FA50A783F3FBF7F3FF4FD7F3FEFFF7F3FFFFF7F3F0000803F0000803F0000803FA50A783F3FBF7F3FF4FD7F3FEFFF7F3FFFFF7F3F0000803F0000803F0000803FBF356E3F566E7F3F64FB7F3FDBFF7F3FFFFF7F3F0000803F0000803F0000803FBF356E3F566E7F3F64FB7F3FDBFF7F3FFFFF7F3F0000803F0000803F0000803F40A9603F1EFD7E3FCFF77F3FBEFF7F3FFEFF7F3F0000803F0000803F0000803F40A9603F1EFD7E3FCFF77F3FBEFF7F3FFEFF7F3F0000803F0000803F0000803F479B4F3FA56B7E3F33F37F3F98FF7F3FFDFF7F3F0000803F0000803F0000803F479B4F3FA56B7E3F33F37F3F98FF7F3FFDFF7F3F0000803F0000803F0000803FF64F3B3FFEB97D3F92ED7F3F6BFF7F3FFBFF7F3F0000803F0000803F0000803FF64F3B3FFEB97D3F92ED7F3F6BFF7F3FFBFF7F3F0000803F0000803F0000803F5F18243F3FE87C3FEAE67F3F35FF7F3FFAFF7F3F0000803F0000803F0000803F5F18243F3FE87C3FEAE67F3F35FF7F3FFAFF7F3F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F2BC3DC3EE9E47A3F88D67F3FB0FE7F3FF5FF7F3F0000803F0000803F0000803F2BC3DC3EE9E47A3F88D67F3FB0FE7F3FF5FF7F3F0000803F0000803F0000803FEF71A13E92B3793FCFCC7F3F62FE7F3FF3FF7F3F0000803F0000803F0000803FEF71A13E92B3793FCFCC7F3F62FE7F3FF3FF7F3F0000803F0000803F0000803F8437473EA662783F0FC27F3F0AFE7F3FF0FF7F3FFFFF7F3F0000803F0000803F8437473EA662783F0FC27F3F0AFE7F3FF0FF7F3FFFFF7F3F0000803F0000803FAADE903D4FF2763F49B67F3FABFD7F3FEDFF7F3FFFFF7F3F0000803F0000803FAADE903D4FF2763F49B67F3FABFD7F3FEDFF7F3FFFFF7F3F0000803F0000803FD8E85DBDBB62753F7EA97F3F44FD7F3FEAFF7F3FFFFF7F3F0000803F0000803FD8E85DBDBB62753F7EA97F3F44FD7F3FEAFF7F3FFFFF7F3F0000803F0000803F228636BE1FB4733FAC9B7F3FD4FC7F3FE6FF7F3FFFFF7F3F0000803F0000803F228636BE1FB4733FAC9B7F3FD4FC7F3FE6FF7F3FFFFF7F3F0000803F0000803F755C99BEAEE6713FD58C7F3F5BFC7F3FE3FF7F3FFFFF7F3F0000803F0000803F755C99BEAEE6713FD58C7F3F5BFC7F3FE3FF7F3FFFFF7F3F0000803F0000803F"> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
  %421 = "stablehlo.broadcast_in_dim"(%420) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %422 = "stablehlo.multiply"(%419, %421) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %423 = "stablehlo.slice"(%419) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %424 = "stablehlo.negate"(%423) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  %425 = "stablehlo.slice"(%419) {limit_indices = array<i64: 16, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %426 = "stablehlo.concatenate"(%424, %425) {dimension = 2 : i64} : (tensor<16x4x8xf32>, tensor<16x4x8xf32>) -> tensor<16x4x16xf32>
  %427 = "stablehlo.constant"() {value = dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007755FF3DB014B63CCD86813B9B44383A6F1203395377BA37B2A28436C1B03C357755FF3DB014B63CCD86813B9B44383A6F1203395377BA37B2A28436C1B03C3577577D3E2C09363D8B86013C9844B83A6F12833953773A38B2A20437C1B0BC3577577D3E2C09363D8B86013C9844B83A6F12833953773A38B2A20437C1B0BC351388BB3E7D78883D2A49423C6E330A3BA69BC4397ED98B380BF4463791840D361388BB3E7D78883D2A49423C6E330A3BA69BC4397ED98B380BF4463791840D364477F53E21DBB53D8185813C8C44383B6F12033A5377BA38B2A28437C1B03C364477F53E21DBB53D8185813C8C44383B6F12033A5377BA38B2A28437C1B03C36EFC8153FC526E33DE9E5A13CA455663B0AD7233A2815E9385ECBA537F1DC6B36EFC8153FC526E33DE9E5A13CA455663B0AD7233A2815E9385ECBA537F1DC6B36E17F2E3FD62A083EAA45C23C5A338A3BA59B443A7ED90B390BF4C63791848D36E17F2E3FD62A083EAA45C23C5A338A3BA59B443A7ED90B390BF4C63791848D36BB7D443F11B11E3EA5A4E23CDD3BA13B4060653A69282339B81CE837A91AA536BB7D443F11B11E3EA5A4E23CDD3BA13B4060653A69282339B81CE837A91AA536A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC36A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC3602FB663F797E4B3EE1AF113DD54CCF3BBB74933A3DC6513908371538D946D43602FB663F797E4B3EE1AF113DD54CCF3BBB74933A3DC6513908371538D946D436A8F0723FFBBF613ED1DD213D4755E63B08D7A33A281569395ECB2538F1DCEB36A8F0723FFBBF613ED1DD213D4755E63B08D7A33A281569395ECB2538F1DCEB36CF1B7B3FEFE4773E1A0B323DB15DFD3B5539B43A09328039B55F363885B90137CF1B7B3FEFE4773E1A0B323DB15DFD3B5539B43A09328039B55F363885B90137D55B7F3F44F5863EAE37423D0A330A3CA19BC43A7ED98B390BF4463891840D37D55B7F3F44F5863EAE37423D0A330A3CA19BC43A7ED98B390BF4463891840D37C09F7F3FFFE6913E7B63523D36B7153CEEFDD43AF3809739618857389D4F1937C09F7F3FFFE6913E7B63523D36B7153CEEFDD43AF3809739618857389D4F193781E67B3F44C69C3E708E623D5D3B213C3A60E53A6928A339B81C6838A91A253781E67B3F44C69C3E708E623D5D3B213C3A60E53A6928A339B81C6838A91A2537F73E743FB791A73E7EB8723D80BF2C3C87C2F53ADECFAE390EB17838B5E53037F73E743FB791A73E7EB8723D80BF2C3C87C2F53ADECFAE390EB17838B5E53037"> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
  %428 = "stablehlo.broadcast_in_dim"(%427) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %429 = "stablehlo.multiply"(%426, %428) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %430 = "stablehlo.add"(%422, %429) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %431 = "stablehlo.reshape"(%430) : (tensor<16x4x16xf32>) -> tensor<16x2x2x16xf32>
  %432 = "stablehlo.transpose"(%431) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %433 = "stablehlo.dot_general"(%w29, %399) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %434 = "stablehlo.transpose"(%433) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %435 = "stablehlo.reshape"(%434) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %436 = "stablehlo.multiply"(%435, %435) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %437 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %441 = "stablehlo.reduce"(%436, %437) ({
  ^bb0(%438: tensor<f32>, %439: tensor<f32>):
    %440 = "stablehlo.add"(%438, %439) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%440) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x16xf32>, tensor<f32>) -> tensor<16x2xf32>
  %442 = "stablehlo.broadcast_in_dim"(%441) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x16xf32>
  %443 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %444 = "stablehlo.divide"(%442, %443) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %445 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %446 = "stablehlo.add"(%444, %445) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %447 = "stablehlo.rsqrt"(%446) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %448 = "stablehlo.multiply"(%435, %447) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %449 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %450 = "stablehlo.add"(%w33, %449) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %451 = "stablehlo.broadcast_in_dim"(%450) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x2x16xf32>
  %452 = "stablehlo.multiply"(%448, %451) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %453 = "stablehlo.broadcast_in_dim"(%420) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %454 = "stablehlo.multiply"(%452, %453) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %455 = "stablehlo.slice"(%452) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %456 = "stablehlo.negate"(%455) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %457 = "stablehlo.slice"(%452) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %458 = "stablehlo.concatenate"(%456, %457) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %459 = "stablehlo.broadcast_in_dim"(%427) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %460 = "stablehlo.multiply"(%458, %459) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %461 = "stablehlo.add"(%454, %460) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %462 = "stablehlo.transpose"(%461) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %463 = "stablehlo.dot_general"(%432, %462) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %464 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %465 = "stablehlo.multiply"(%463, %464) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %466 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %467 = "stablehlo.select"(%382, %465, %466) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %468 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %472 = "stablehlo.reduce"(%467, %468) ({
  ^bb0(%469: tensor<f32>, %470: tensor<f32>):
    %471 = "stablehlo.maximum"(%469, %470) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%471) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %473 = "stablehlo.broadcast_in_dim"(%472) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %474 = "stablehlo.subtract"(%467, %473) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %475 = "stablehlo.exponential"(%474) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %476 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %480 = "stablehlo.reduce"(%475, %476) ({
  ^bb0(%477: tensor<f32>, %478: tensor<f32>):
    %479 = "stablehlo.add"(%477, %478) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%479) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %481 = "stablehlo.broadcast_in_dim"(%480) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %482 = "stablehlo.divide"(%475, %481) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %483 = "stablehlo.dot_general"(%w30, %399) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %484 = "stablehlo.transpose"(%483) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %485 = "stablehlo.reshape"(%484) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %486 = "stablehlo.transpose"(%485) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %487 = "stablehlo.dot_general"(%482, %486) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %488 = "stablehlo.transpose"(%487) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %489 = "stablehlo.reshape"(%488) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %490 = "stablehlo.dot_general"(%w31, %489) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %491 = "stablehlo.transpose"(%490) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %492 = "stablehlo.multiply"(%491, %491) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %493 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %497 = "stablehlo.reduce"(%492, %493) ({
  ^bb0(%494: tensor<f32>, %495: tensor<f32>):
    %496 = "stablehlo.add"(%494, %495) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%496) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %498 = "stablehlo.broadcast_in_dim"(%497) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %499 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %500 = "stablehlo.divide"(%498, %499) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %501 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %502 = "stablehlo.add"(%500, %501) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %503 = "stablehlo.rsqrt"(%502) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %504 = "stablehlo.multiply"(%491, %503) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %505 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %506 = "stablehlo.add"(%w34, %505) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %507 = "stablehlo.broadcast_in_dim"(%506) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %508 = "stablehlo.multiply"(%504, %507) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %509 = "stablehlo.add"(%379, %508) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %510 = "stablehlo.multiply"(%509, %509) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %511 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %515 = "stablehlo.reduce"(%510, %511) ({
  ^bb0(%512: tensor<f32>, %513: tensor<f32>):
    %514 = "stablehlo.add"(%512, %513) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%514) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %516 = "stablehlo.broadcast_in_dim"(%515) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %517 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %518 = "stablehlo.divide"(%516, %517) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %519 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %520 = "stablehlo.add"(%518, %519) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %521 = "stablehlo.rsqrt"(%520) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %522 = "stablehlo.multiply"(%509, %521) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %523 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %524 = "stablehlo.add"(%w35, %523) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %525 = "stablehlo.broadcast_in_dim"(%524) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %526 = "stablehlo.multiply"(%522, %525) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %527 = "stablehlo.dot_general"(%w37, %526) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %528 = "stablehlo.transpose"(%527) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %529 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %530 = "stablehlo.multiply"(%528, %529) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %531 = "stablehlo.multiply"(%528, %528) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %532 = "stablehlo.multiply"(%531, %528) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %533 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %534 = "stablehlo.multiply"(%532, %533) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %535 = "stablehlo.add"(%528, %534) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %536 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %537 = "stablehlo.multiply"(%535, %536) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %538 = "stablehlo.tanh"(%537) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %539 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %540 = "stablehlo.add"(%538, %539) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %541 = "stablehlo.multiply"(%530, %540) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %542 = "stablehlo.dot_general"(%w38, %526) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %543 = "stablehlo.transpose"(%542) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %544 = "stablehlo.multiply"(%541, %543) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %545 = "stablehlo.dot_general"(%w39, %544) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %546 = "stablehlo.transpose"(%545) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %547 = "stablehlo.multiply"(%546, %546) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %548 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %552 = "stablehlo.reduce"(%547, %548) ({
  ^bb0(%549: tensor<f32>, %550: tensor<f32>):
    %551 = "stablehlo.add"(%549, %550) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%551) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %553 = "stablehlo.broadcast_in_dim"(%552) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %554 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %555 = "stablehlo.divide"(%553, %554) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %556 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %557 = "stablehlo.add"(%555, %556) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %558 = "stablehlo.rsqrt"(%557) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %559 = "stablehlo.multiply"(%546, %558) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %560 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %561 = "stablehlo.add"(%w36, %560) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %562 = "stablehlo.broadcast_in_dim"(%561) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %563 = "stablehlo.multiply"(%559, %562) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %564 = "stablehlo.add"(%509, %563) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %565 = "stablehlo.multiply"(%564, %564) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %566 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %570 = "stablehlo.reduce"(%565, %566) ({
  ^bb0(%567: tensor<f32>, %568: tensor<f32>):
    %569 = "stablehlo.add"(%567, %568) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%569) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %571 = "stablehlo.broadcast_in_dim"(%570) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %572 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %573 = "stablehlo.divide"(%571, %572) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %574 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %575 = "stablehlo.add"(%573, %574) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %576 = "stablehlo.rsqrt"(%575) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %577 = "stablehlo.multiply"(%564, %576) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %578 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %579 = "stablehlo.add"(%w40, %578) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %580 = "stablehlo.broadcast_in_dim"(%579) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %581 = "stablehlo.multiply"(%577, %580) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %582 = "stablehlo.dot_general"(%w41, %581) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %583 = "stablehlo.transpose"(%582) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %584 = "stablehlo.reshape"(%583) : (tensor<16x64xf32>) -> tensor<16x4x16xf32>
  %585 = "stablehlo.multiply"(%584, %584) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %586 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %590 = "stablehlo.reduce"(%585, %586) ({
  ^bb0(%587: tensor<f32>, %588: tensor<f32>):
    %589 = "stablehlo.add"(%587, %588) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%589) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x16xf32>, tensor<f32>) -> tensor<16x4xf32>
  %591 = "stablehlo.broadcast_in_dim"(%590) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x16xf32>
  %592 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %593 = "stablehlo.divide"(%591, %592) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %594 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %595 = "stablehlo.add"(%593, %594) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %596 = "stablehlo.rsqrt"(%595) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %597 = "stablehlo.multiply"(%584, %596) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %598 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %599 = "stablehlo.add"(%w45, %598) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %600 = "stablehlo.broadcast_in_dim"(%599) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x4x16xf32>
  %601 = "stablehlo.multiply"(%597, %600) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %602 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %603 = "stablehlo.multiply"(%601, %602) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %604 = "stablehlo.slice"(%601) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %605 = "stablehlo.negate"(%604) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  %606 = "stablehlo.slice"(%601) {limit_indices = array<i64: 16, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %607 = "stablehlo.concatenate"(%605, %606) {dimension = 2 : i64} : (tensor<16x4x8xf32>, tensor<16x4x8xf32>) -> tensor<16x4x16xf32>
  %608 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %609 = "stablehlo.multiply"(%607, %608) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %610 = "stablehlo.add"(%603, %609) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %611 = "stablehlo.reshape"(%610) : (tensor<16x4x16xf32>) -> tensor<16x2x2x16xf32>
  %612 = "stablehlo.transpose"(%611) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %613 = "stablehlo.dot_general"(%w42, %581) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %614 = "stablehlo.transpose"(%613) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %615 = "stablehlo.reshape"(%614) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %616 = "stablehlo.multiply"(%615, %615) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %617 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %621 = "stablehlo.reduce"(%616, %617) ({
  ^bb0(%618: tensor<f32>, %619: tensor<f32>):
    %620 = "stablehlo.add"(%618, %619) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%620) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x16xf32>, tensor<f32>) -> tensor<16x2xf32>
  %622 = "stablehlo.broadcast_in_dim"(%621) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x16xf32>
  %623 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %624 = "stablehlo.divide"(%622, %623) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %625 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %626 = "stablehlo.add"(%624, %625) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %627 = "stablehlo.rsqrt"(%626) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %628 = "stablehlo.multiply"(%615, %627) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %629 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %630 = "stablehlo.add"(%w46, %629) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %631 = "stablehlo.broadcast_in_dim"(%630) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x2x16xf32>
  %632 = "stablehlo.multiply"(%628, %631) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %633 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %634 = "stablehlo.multiply"(%632, %633) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %635 = "stablehlo.slice"(%632) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %636 = "stablehlo.negate"(%635) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %637 = "stablehlo.slice"(%632) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %638 = "stablehlo.concatenate"(%636, %637) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %639 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %640 = "stablehlo.multiply"(%638, %639) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %641 = "stablehlo.add"(%634, %640) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %642 = "stablehlo.transpose"(%641) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %643 = "stablehlo.dot_general"(%612, %642) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %644 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %645 = "stablehlo.multiply"(%643, %644) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %646 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %647 = "stablehlo.select"(%17, %645, %646) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %648 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %652 = "stablehlo.reduce"(%647, %648) ({
  ^bb0(%649: tensor<f32>, %650: tensor<f32>):
    %651 = "stablehlo.maximum"(%649, %650) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%651) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %653 = "stablehlo.broadcast_in_dim"(%652) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %654 = "stablehlo.subtract"(%647, %653) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %655 = "stablehlo.exponential"(%654) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %656 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %660 = "stablehlo.reduce"(%655, %656) ({
  ^bb0(%657: tensor<f32>, %658: tensor<f32>):
    %659 = "stablehlo.add"(%657, %658) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%659) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %661 = "stablehlo.broadcast_in_dim"(%660) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %662 = "stablehlo.divide"(%655, %661) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %663 = "stablehlo.dot_general"(%w43, %581) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %664 = "stablehlo.transpose"(%663) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %665 = "stablehlo.reshape"(%664) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %666 = "stablehlo.transpose"(%665) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %667 = "stablehlo.dot_general"(%662, %666) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %668 = "stablehlo.transpose"(%667) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %669 = "stablehlo.reshape"(%668) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %670 = "stablehlo.dot_general"(%w44, %669) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %671 = "stablehlo.transpose"(%670) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %672 = "stablehlo.multiply"(%671, %671) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %673 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %677 = "stablehlo.reduce"(%672, %673) ({
  ^bb0(%674: tensor<f32>, %675: tensor<f32>):
    %676 = "stablehlo.add"(%674, %675) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%676) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %678 = "stablehlo.broadcast_in_dim"(%677) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %679 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %680 = "stablehlo.divide"(%678, %679) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %681 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %682 = "stablehlo.add"(%680, %681) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %683 = "stablehlo.rsqrt"(%682) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %684 = "stablehlo.multiply"(%671, %683) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %685 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %686 = "stablehlo.add"(%w47, %685) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %687 = "stablehlo.broadcast_in_dim"(%686) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %688 = "stablehlo.multiply"(%684, %687) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %689 = "stablehlo.add"(%564, %688) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %690 = "stablehlo.multiply"(%689, %689) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %691 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %695 = "stablehlo.reduce"(%690, %691) ({
  ^bb0(%692: tensor<f32>, %693: tensor<f32>):
    %694 = "stablehlo.add"(%692, %693) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%694) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %696 = "stablehlo.broadcast_in_dim"(%695) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %697 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %698 = "stablehlo.divide"(%696, %697) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %699 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %700 = "stablehlo.add"(%698, %699) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %701 = "stablehlo.rsqrt"(%700) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %702 = "stablehlo.multiply"(%689, %701) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %703 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %704 = "stablehlo.add"(%w48, %703) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %705 = "stablehlo.broadcast_in_dim"(%704) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %706 = "stablehlo.multiply"(%702, %705) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %707 = "stablehlo.dot_general"(%w50, %706) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %708 = "stablehlo.transpose"(%707) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %709 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %710 = "stablehlo.multiply"(%708, %709) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %711 = "stablehlo.multiply"(%708, %708) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %712 = "stablehlo.multiply"(%711, %708) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %713 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %714 = "stablehlo.multiply"(%712, %713) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %715 = "stablehlo.add"(%708, %714) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %716 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %717 = "stablehlo.multiply"(%715, %716) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %718 = "stablehlo.tanh"(%717) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %719 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %720 = "stablehlo.add"(%718, %719) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %721 = "stablehlo.multiply"(%710, %720) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %722 = "stablehlo.dot_general"(%w51, %706) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %723 = "stablehlo.transpose"(%722) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %724 = "stablehlo.multiply"(%721, %723) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %725 = "stablehlo.dot_general"(%w52, %724) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %726 = "stablehlo.transpose"(%725) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %727 = "stablehlo.multiply"(%726, %726) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %728 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %732 = "stablehlo.reduce"(%727, %728) ({
  ^bb0(%729: tensor<f32>, %730: tensor<f32>):
    %731 = "stablehlo.add"(%729, %730) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%731) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %733 = "stablehlo.broadcast_in_dim"(%732) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %734 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %735 = "stablehlo.divide"(%733, %734) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %736 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %737 = "stablehlo.add"(%735, %736) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %738 = "stablehlo.rsqrt"(%737) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %739 = "stablehlo.multiply"(%726, %738) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %740 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %741 = "stablehlo.add"(%w49, %740) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %742 = "stablehlo.broadcast_in_dim"(%741) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %743 = "stablehlo.multiply"(%739, %742) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %744 = "stablehlo.add"(%689, %743) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %745 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %746 = "stablehlo.subtract"(%length, %745) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %747 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %748 = "stablehlo.dynamic_slice"(%744, %746, %747) {slice_sizes = array<i64: 1, 64>} : (tensor<16x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
  %749 = "stablehlo.multiply"(%748, %748) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %750 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %754 = "stablehlo.reduce"(%749, %750) ({
  ^bb0(%751: tensor<f32>, %752: tensor<f32>):
    %753 = "stablehlo.add"(%751, %752) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%753) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
  %755 = "stablehlo.broadcast_in_dim"(%754) {broadcast_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1x64xf32>
  %756 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %757 = "stablehlo.divide"(%755, %756) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %758 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %759 = "stablehlo.add"(%757, %758) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %760 = "stablehlo.rsqrt"(%759) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %761 = "stablehlo.multiply"(%748, %760) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %762 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %763 = "stablehlo.add"(%w53, %762) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %764 = "stablehlo.broadcast_in_dim"(%763) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<1x64xf32>
  %765 = "stablehlo.multiply"(%761, %764) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %766 = "stablehlo.dot_general"(%w0, %765) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1401x64xf32>, tensor<1x64xf32>) -> tensor<1401x1xf32>
  %767 = "stablehlo.transpose"(%766) {permutation = array<i64: 1, 0>} : (tensor<1401x1xf32>) -> tensor<1x1401xf32>
  %768 = "stablehlo.constant"() {value = dense<3.0e+01> : tensor<1x1401xf32>} : () -> tensor<1x1401xf32>
  %769 = "stablehlo.divide"(%767, %768) : (tensor<1x1401xf32>, tensor<1x1401xf32>) -> tensor<1x1401xf32>
  %770 = "stablehlo.tanh"(%769) : (tensor<1x1401xf32>) -> tensor<1x1401xf32>
  %771 = "stablehlo.constant"() {value = dense<3.0e+01> : tensor<1x1401xf32>} : () -> tensor<1x1401xf32>
  %772 = "stablehlo.multiply"(%770, %771) : (tensor<1x1401xf32>, tensor<1x1401xf32>) -> tensor<1x1401xf32>
  %773 = "stablehlo.reshape"(%772) : (tensor<1x1401xf32>) -> tensor<1401xf32>
  %774 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %775 = "stablehlo.subtract"(%length, %774) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %776 = "stablehlo.broadcast_in_dim"(%775) {broadcast_dimensions = array<i64>} : (tensor<i32>) -> tensor<8xi32>
  %777 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xi32>
  %778 = "stablehlo.subtract"(%776, %777) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %779 = "stablehlo.constant"() {value = dense<8> : tensor<8xi32>} : () -> tensor<8xi32>
  %780 = "stablehlo.add"(%778, %779) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %781 = "stablehlo.divide"(%780, %779) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %782 = "stablehlo.multiply"(%781, %779) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %783 = "stablehlo.subtract"(%780, %782) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %784 = "stablehlo.subtract"(%776, %783) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %785 = "stablehlo.constant"() {value = dense<0> : tensor<8xi32>} : () -> tensor<8xi32>
  %786 = "stablehlo.maximum"(%784, %785) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %787 = "stablehlo.gather"(%96, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %788 = "stablehlo.transpose"(%787) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %789 = "stablehlo.dynamic_update_slice"(%kv_0_key, %788, %747, %747, %747) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %790 = "stablehlo.gather"(%120, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %791 = "stablehlo.transpose"(%790) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %792 = "stablehlo.dynamic_update_slice"(%kv_0_value, %791, %747, %747, %747) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %793 = "stablehlo.gather"(%276, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %794 = "stablehlo.transpose"(%793) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %795 = "stablehlo.dynamic_update_slice"(%kv_1_key, %794, %747, %747, %747) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %796 = "stablehlo.gather"(%300, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %797 = "stablehlo.transpose"(%796) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %798 = "stablehlo.dynamic_update_slice"(%kv_1_value, %797, %747, %747, %747) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %799 = "stablehlo.dynamic_update_slice"(%kv_2_key, %462, %747, %747, %747) : (tensor<2x32x16xf32>, tensor<2x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x16xf32>
  %800 = "stablehlo.dynamic_update_slice"(%kv_2_value, %486, %747, %747, %747) : (tensor<2x32x16xf32>, tensor<2x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x16xf32>
  %801 = "stablehlo.gather"(%641, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %802 = "stablehlo.transpose"(%801) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %803 = "stablehlo.dynamic_update_slice"(%kv_3_key, %802, %747, %747, %747) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %804 = "stablehlo.gather"(%665, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %805 = "stablehlo.transpose"(%804) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %806 = "stablehlo.dynamic_update_slice"(%kv_3_value, %805, %747, %747, %747) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  func.return %773, %789, %792, %795, %798, %799, %800, %803, %806, %9, %789, %792, %795, %798, %462, %486, %803, %806 : tensor<1401xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>
}
}
