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
  %101 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %102 = "stablehlo.divide"(%100, %101) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %103 = "stablehlo.tanh"(%102) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %104 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %105 = "stablehlo.multiply"(%103, %104) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %106 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %107 = "stablehlo.select"(%17, %105, %106) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %108 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %112 = "stablehlo.reduce"(%107, %108) ({
  ^bb0(%109: tensor<f32>, %110: tensor<f32>):
    %111 = "stablehlo.maximum"(%109, %110) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%111) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %113 = "stablehlo.broadcast_in_dim"(%112) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %114 = "stablehlo.subtract"(%107, %113) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %115 = "stablehlo.exponential"(%114) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %116 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %120 = "stablehlo.reduce"(%115, %116) ({
  ^bb0(%117: tensor<f32>, %118: tensor<f32>):
    %119 = "stablehlo.add"(%117, %118) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%119) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %121 = "stablehlo.broadcast_in_dim"(%120) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %122 = "stablehlo.divide"(%115, %121) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %123 = "stablehlo.dot_general"(%w4, %34) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %124 = "stablehlo.transpose"(%123) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %125 = "stablehlo.reshape"(%124) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %126 = "stablehlo.transpose"(%125) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %127 = "stablehlo.dot_general"(%122, %126) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %128 = "stablehlo.transpose"(%127) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %129 = "stablehlo.reshape"(%128) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %130 = "stablehlo.dot_general"(%w5, %129) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %131 = "stablehlo.transpose"(%130) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %132 = "stablehlo.multiply"(%131, %131) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %133 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %137 = "stablehlo.reduce"(%132, %133) ({
  ^bb0(%134: tensor<f32>, %135: tensor<f32>):
    %136 = "stablehlo.add"(%134, %135) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%136) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %138 = "stablehlo.broadcast_in_dim"(%137) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %139 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %140 = "stablehlo.divide"(%138, %139) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %141 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %142 = "stablehlo.add"(%140, %141) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %143 = "stablehlo.rsqrt"(%142) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %144 = "stablehlo.multiply"(%131, %143) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %145 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %146 = "stablehlo.add"(%w8, %145) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %147 = "stablehlo.broadcast_in_dim"(%146) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %148 = "stablehlo.multiply"(%144, %147) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %149 = "stablehlo.add"(%9, %148) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %150 = "stablehlo.multiply"(%149, %149) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %151 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %155 = "stablehlo.reduce"(%150, %151) ({
  ^bb0(%152: tensor<f32>, %153: tensor<f32>):
    %154 = "stablehlo.add"(%152, %153) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%154) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %156 = "stablehlo.broadcast_in_dim"(%155) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %157 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %158 = "stablehlo.divide"(%156, %157) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %159 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %160 = "stablehlo.add"(%158, %159) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %161 = "stablehlo.rsqrt"(%160) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %162 = "stablehlo.multiply"(%149, %161) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %163 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %164 = "stablehlo.add"(%w9, %163) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %165 = "stablehlo.broadcast_in_dim"(%164) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %166 = "stablehlo.multiply"(%162, %165) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %167 = "stablehlo.dot_general"(%w11, %166) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %168 = "stablehlo.transpose"(%167) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %169 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %170 = "stablehlo.multiply"(%168, %169) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %171 = "stablehlo.multiply"(%168, %168) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %172 = "stablehlo.multiply"(%171, %168) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %173 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %174 = "stablehlo.multiply"(%172, %173) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %175 = "stablehlo.add"(%168, %174) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %176 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %177 = "stablehlo.multiply"(%175, %176) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %178 = "stablehlo.tanh"(%177) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %179 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %180 = "stablehlo.add"(%178, %179) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %181 = "stablehlo.multiply"(%170, %180) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %182 = "stablehlo.dot_general"(%w12, %166) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %183 = "stablehlo.transpose"(%182) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %184 = "stablehlo.multiply"(%181, %183) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %185 = "stablehlo.dot_general"(%w13, %184) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %186 = "stablehlo.transpose"(%185) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %187 = "stablehlo.multiply"(%186, %186) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %188 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %192 = "stablehlo.reduce"(%187, %188) ({
  ^bb0(%189: tensor<f32>, %190: tensor<f32>):
    %191 = "stablehlo.add"(%189, %190) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%191) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %193 = "stablehlo.broadcast_in_dim"(%192) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %194 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %195 = "stablehlo.divide"(%193, %194) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %196 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %197 = "stablehlo.add"(%195, %196) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %198 = "stablehlo.rsqrt"(%197) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %199 = "stablehlo.multiply"(%186, %198) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %200 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %201 = "stablehlo.add"(%w10, %200) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %202 = "stablehlo.broadcast_in_dim"(%201) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %203 = "stablehlo.multiply"(%199, %202) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %204 = "stablehlo.add"(%149, %203) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %205 = "stablehlo.multiply"(%204, %204) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %206 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %210 = "stablehlo.reduce"(%205, %206) ({
  ^bb0(%207: tensor<f32>, %208: tensor<f32>):
    %209 = "stablehlo.add"(%207, %208) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%209) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %211 = "stablehlo.broadcast_in_dim"(%210) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %212 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %213 = "stablehlo.divide"(%211, %212) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %214 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %215 = "stablehlo.add"(%213, %214) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %216 = "stablehlo.rsqrt"(%215) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %217 = "stablehlo.multiply"(%204, %216) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %218 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %219 = "stablehlo.add"(%w14, %218) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %220 = "stablehlo.broadcast_in_dim"(%219) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %221 = "stablehlo.multiply"(%217, %220) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %222 = "stablehlo.dot_general"(%w15, %221) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %223 = "stablehlo.transpose"(%222) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %224 = "stablehlo.reshape"(%223) : (tensor<16x64xf32>) -> tensor<16x4x16xf32>
  %225 = "stablehlo.multiply"(%224, %224) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %226 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %230 = "stablehlo.reduce"(%225, %226) ({
  ^bb0(%227: tensor<f32>, %228: tensor<f32>):
    %229 = "stablehlo.add"(%227, %228) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%229) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x16xf32>, tensor<f32>) -> tensor<16x4xf32>
  %231 = "stablehlo.broadcast_in_dim"(%230) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x16xf32>
  %232 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %233 = "stablehlo.divide"(%231, %232) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %234 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %235 = "stablehlo.add"(%233, %234) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %236 = "stablehlo.rsqrt"(%235) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %237 = "stablehlo.multiply"(%224, %236) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %238 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %239 = "stablehlo.add"(%w19, %238) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %240 = "stablehlo.broadcast_in_dim"(%239) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x4x16xf32>
  %241 = "stablehlo.multiply"(%237, %240) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %242 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %243 = "stablehlo.multiply"(%241, %242) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %244 = "stablehlo.slice"(%241) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %245 = "stablehlo.negate"(%244) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  %246 = "stablehlo.slice"(%241) {limit_indices = array<i64: 16, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %247 = "stablehlo.concatenate"(%245, %246) {dimension = 2 : i64} : (tensor<16x4x8xf32>, tensor<16x4x8xf32>) -> tensor<16x4x16xf32>
  %248 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %249 = "stablehlo.multiply"(%247, %248) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %250 = "stablehlo.add"(%243, %249) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %251 = "stablehlo.reshape"(%250) : (tensor<16x4x16xf32>) -> tensor<16x2x2x16xf32>
  %252 = "stablehlo.transpose"(%251) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %253 = "stablehlo.dot_general"(%w16, %221) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %254 = "stablehlo.transpose"(%253) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %255 = "stablehlo.reshape"(%254) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %256 = "stablehlo.multiply"(%255, %255) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %257 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %261 = "stablehlo.reduce"(%256, %257) ({
  ^bb0(%258: tensor<f32>, %259: tensor<f32>):
    %260 = "stablehlo.add"(%258, %259) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%260) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x16xf32>, tensor<f32>) -> tensor<16x2xf32>
  %262 = "stablehlo.broadcast_in_dim"(%261) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x16xf32>
  %263 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %264 = "stablehlo.divide"(%262, %263) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %265 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %266 = "stablehlo.add"(%264, %265) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %267 = "stablehlo.rsqrt"(%266) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %268 = "stablehlo.multiply"(%255, %267) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %269 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %270 = "stablehlo.add"(%w20, %269) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %271 = "stablehlo.broadcast_in_dim"(%270) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x2x16xf32>
  %272 = "stablehlo.multiply"(%268, %271) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %273 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %274 = "stablehlo.multiply"(%272, %273) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %275 = "stablehlo.slice"(%272) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %276 = "stablehlo.negate"(%275) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %277 = "stablehlo.slice"(%272) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %278 = "stablehlo.concatenate"(%276, %277) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %279 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %280 = "stablehlo.multiply"(%278, %279) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %281 = "stablehlo.add"(%274, %280) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %282 = "stablehlo.transpose"(%281) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %283 = "stablehlo.dot_general"(%252, %282) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %284 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %285 = "stablehlo.multiply"(%283, %284) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %286 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %287 = "stablehlo.divide"(%285, %286) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %288 = "stablehlo.tanh"(%287) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %289 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %290 = "stablehlo.multiply"(%288, %289) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %291 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %292 = "stablehlo.select"(%17, %290, %291) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %293 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %297 = "stablehlo.reduce"(%292, %293) ({
  ^bb0(%294: tensor<f32>, %295: tensor<f32>):
    %296 = "stablehlo.maximum"(%294, %295) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%296) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %298 = "stablehlo.broadcast_in_dim"(%297) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %299 = "stablehlo.subtract"(%292, %298) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %300 = "stablehlo.exponential"(%299) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %301 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %305 = "stablehlo.reduce"(%300, %301) ({
  ^bb0(%302: tensor<f32>, %303: tensor<f32>):
    %304 = "stablehlo.add"(%302, %303) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%304) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %306 = "stablehlo.broadcast_in_dim"(%305) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %307 = "stablehlo.divide"(%300, %306) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %308 = "stablehlo.dot_general"(%w17, %221) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %309 = "stablehlo.transpose"(%308) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %310 = "stablehlo.reshape"(%309) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %311 = "stablehlo.transpose"(%310) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %312 = "stablehlo.dot_general"(%307, %311) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %313 = "stablehlo.transpose"(%312) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %314 = "stablehlo.reshape"(%313) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %315 = "stablehlo.dot_general"(%w18, %314) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %316 = "stablehlo.transpose"(%315) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %317 = "stablehlo.multiply"(%316, %316) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %318 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %322 = "stablehlo.reduce"(%317, %318) ({
  ^bb0(%319: tensor<f32>, %320: tensor<f32>):
    %321 = "stablehlo.add"(%319, %320) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%321) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %323 = "stablehlo.broadcast_in_dim"(%322) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %324 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %325 = "stablehlo.divide"(%323, %324) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %326 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %327 = "stablehlo.add"(%325, %326) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %328 = "stablehlo.rsqrt"(%327) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %329 = "stablehlo.multiply"(%316, %328) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %330 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %331 = "stablehlo.add"(%w21, %330) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %332 = "stablehlo.broadcast_in_dim"(%331) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %333 = "stablehlo.multiply"(%329, %332) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %334 = "stablehlo.add"(%204, %333) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %335 = "stablehlo.multiply"(%334, %334) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %336 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %340 = "stablehlo.reduce"(%335, %336) ({
  ^bb0(%337: tensor<f32>, %338: tensor<f32>):
    %339 = "stablehlo.add"(%337, %338) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%339) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %341 = "stablehlo.broadcast_in_dim"(%340) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %342 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %343 = "stablehlo.divide"(%341, %342) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %344 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %345 = "stablehlo.add"(%343, %344) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %346 = "stablehlo.rsqrt"(%345) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %347 = "stablehlo.multiply"(%334, %346) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %348 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %349 = "stablehlo.add"(%w22, %348) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %350 = "stablehlo.broadcast_in_dim"(%349) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %351 = "stablehlo.multiply"(%347, %350) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %352 = "stablehlo.dot_general"(%w24, %351) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %353 = "stablehlo.transpose"(%352) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %354 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %355 = "stablehlo.multiply"(%353, %354) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %356 = "stablehlo.multiply"(%353, %353) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %357 = "stablehlo.multiply"(%356, %353) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %358 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %359 = "stablehlo.multiply"(%357, %358) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %360 = "stablehlo.add"(%353, %359) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %361 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %362 = "stablehlo.multiply"(%360, %361) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %363 = "stablehlo.tanh"(%362) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %364 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %365 = "stablehlo.add"(%363, %364) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %366 = "stablehlo.multiply"(%355, %365) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %367 = "stablehlo.dot_general"(%w25, %351) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %368 = "stablehlo.transpose"(%367) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %369 = "stablehlo.multiply"(%366, %368) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %370 = "stablehlo.dot_general"(%w26, %369) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %371 = "stablehlo.transpose"(%370) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %372 = "stablehlo.multiply"(%371, %371) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %373 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %377 = "stablehlo.reduce"(%372, %373) ({
  ^bb0(%374: tensor<f32>, %375: tensor<f32>):
    %376 = "stablehlo.add"(%374, %375) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%376) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %378 = "stablehlo.broadcast_in_dim"(%377) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %379 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %380 = "stablehlo.divide"(%378, %379) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %381 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %382 = "stablehlo.add"(%380, %381) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %383 = "stablehlo.rsqrt"(%382) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %384 = "stablehlo.multiply"(%371, %383) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %385 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %386 = "stablehlo.add"(%w23, %385) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %387 = "stablehlo.broadcast_in_dim"(%386) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %388 = "stablehlo.multiply"(%384, %387) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %389 = "stablehlo.add"(%334, %388) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %390 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x16x16xi32>
  %391 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x2x16x16xi32>
  %392 = "stablehlo.compare"(%390, %391) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x16x16xi32>, tensor<2x2x16x16xi32>) -> tensor<2x2x16x16xi1>
  %393 = "stablehlo.multiply"(%389, %389) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %394 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %398 = "stablehlo.reduce"(%393, %394) ({
  ^bb0(%395: tensor<f32>, %396: tensor<f32>):
    %397 = "stablehlo.add"(%395, %396) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%397) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %399 = "stablehlo.broadcast_in_dim"(%398) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %400 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %401 = "stablehlo.divide"(%399, %400) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %402 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %403 = "stablehlo.add"(%401, %402) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %404 = "stablehlo.rsqrt"(%403) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %405 = "stablehlo.multiply"(%389, %404) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %406 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %407 = "stablehlo.add"(%w27, %406) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %408 = "stablehlo.broadcast_in_dim"(%407) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %409 = "stablehlo.multiply"(%405, %408) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %410 = "stablehlo.dot_general"(%w28, %409) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %411 = "stablehlo.transpose"(%410) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %412 = "stablehlo.reshape"(%411) : (tensor<16x64xf32>) -> tensor<16x4x16xf32>
  %413 = "stablehlo.multiply"(%412, %412) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %414 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %418 = "stablehlo.reduce"(%413, %414) ({
  ^bb0(%415: tensor<f32>, %416: tensor<f32>):
    %417 = "stablehlo.add"(%415, %416) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%417) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x16xf32>, tensor<f32>) -> tensor<16x4xf32>
  %419 = "stablehlo.broadcast_in_dim"(%418) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x16xf32>
  %420 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %421 = "stablehlo.divide"(%419, %420) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %422 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %423 = "stablehlo.add"(%421, %422) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %424 = "stablehlo.rsqrt"(%423) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %425 = "stablehlo.multiply"(%412, %424) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %426 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %427 = "stablehlo.add"(%w32, %426) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %428 = "stablehlo.broadcast_in_dim"(%427) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x4x16xf32>
  %429 = "stablehlo.multiply"(%425, %428) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %430 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803FAB007E3FCFEF7F3F7DFF7F3FFCFF7F3F0000803F0000803F0000803F0000803FAB007E3FCFEF7F3F7DFF7F3FFCFF7F3F0000803F0000803F0000803F0000803FA50A783F3FBF7F3FF4FD7F3FEFFF7F3FFFFF7F3F0000803F0000803F0000803FA50A783F3FBF7F3FF4FD7F3FEFFF7F3FFFFF7F3F0000803F0000803F0000803FBF356E3F566E7F3F64FB7F3FDBFF7F3FFFFF7F3F0000803F0000803F0000803FBF356E3F566E7F3F64FB7F3FDBFF7F3FFFFF7F3F0000803F0000803F0000803F40A9603F1EFD7E3FCFF77F3FBEFF7F3FFEFF7F3F0000803F0000803F0000803F40A9603F1EFD7E3FCFF77F3FBEFF7F3FFEFF7F3F0000803F0000803F0000803F479B4F3FA56B7E3F33F37F3F98FF7F3FFDFF7F3F0000803F0000803F0000803F479B4F3FA56B7E3F33F37F3F98FF7F3FFDFF7F3F0000803F0000803F0000803FF64F3B3FFEB97D3F92ED7F3F6BFF7F3FFBFF7F3F0000803F0000803F0000803FF64F3B3FFEB97D3F92ED7F3F6BFF7F3FFBFF7F3F0000803F0000803F0000803F5F18243F3FE87C3FEAE67F3F35FF7F3FFAFF7F3F0000803F0000803F0000803F5F18243F3FE87C3FEAE67F3F35FF7F3FFAFF7F3F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F2BC3DC3EE9E47A3F88D67F3FB0FE7F3FF5FF7F3F0000803F0000803F0000803F2BC3DC3EE9E47A3F88D67F3FB0FE7F3FF5FF7F3F0000803F0000803F0000803FEF71A13E92B3793FCFCC7F3F62FE7F3FF3FF7F3F0000803F0000803F0000803FEF71A13E92B3793FCFCC7F3F62FE7F3FF3FF7F3F0000803F0000803F0000803F8437473EA662783F0FC27F3F0AFE7F3FF0FF7F3FFFFF7F3F0000803F0000803F8437473EA662783F0FC27F3F0AFE7F3FF0FF7F3FFFFF7F3F0000803F0000803FAADE903D4FF2763F49B67F3FABFD7F3FEDFF7F3FFFFF7F3F0000803F0000803FAADE903D4FF2763F49B67F3FABFD7F3FEDFF7F3FFFFF7F3F0000803F0000803FD8E85DBDBB62753F7EA97F3F44FD7F3FEAFF7F3FFFFF7F3F0000803F0000803FD8E85DBDBB62753F7EA97F3F44FD7F3FEAFF7F3FFFFF7F3F0000803F0000803F228636BE1FB4733FAC9B7F3FD4FC7F3FE6FF7F3FFFFF7F3F0000803F0000803F228636BE1FB4733FAC9B7F3FD4FC7F3FE6FF7F3FFFFF7F3F0000803F0000803F755C99BEAEE6713FD58C7F3F5BFC7F3FE3FF7F3FFFFF7F3F0000803F0000803F755C99BEAEE6713FD58C7F3F5BFC7F3FE3FF7F3FFFFF7F3F0000803F0000803F"> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
  %431 = "stablehlo.broadcast_in_dim"(%430) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %432 = "stablehlo.multiply"(%429, %431) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %433 = "stablehlo.slice"(%429) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %434 = "stablehlo.negate"(%433) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  %435 = "stablehlo.slice"(%429) {limit_indices = array<i64: 16, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %436 = "stablehlo.concatenate"(%434, %435) {dimension = 2 : i64} : (tensor<16x4x8xf32>, tensor<16x4x8xf32>) -> tensor<16x4x16xf32>
  %437 = "stablehlo.constant"() {value = dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007755FF3DB014B63CCD86813B9B44383A6F1203395377BA37B2A28436C1B03C357755FF3DB014B63CCD86813B9B44383A6F1203395377BA37B2A28436C1B03C3577577D3E2C09363D8B86013C9844B83A6F12833953773A38B2A20437C1B0BC3577577D3E2C09363D8B86013C9844B83A6F12833953773A38B2A20437C1B0BC351388BB3E7D78883D2A49423C6E330A3BA69BC4397ED98B380BF4463791840D361388BB3E7D78883D2A49423C6E330A3BA69BC4397ED98B380BF4463791840D364477F53E21DBB53D8185813C8C44383B6F12033A5377BA38B2A28437C1B03C364477F53E21DBB53D8185813C8C44383B6F12033A5377BA38B2A28437C1B03C36EFC8153FC526E33DE9E5A13CA455663B0AD7233A2815E9385ECBA537F1DC6B36EFC8153FC526E33DE9E5A13CA455663B0AD7233A2815E9385ECBA537F1DC6B36E17F2E3FD62A083EAA45C23C5A338A3BA59B443A7ED90B390BF4C63791848D36E17F2E3FD62A083EAA45C23C5A338A3BA59B443A7ED90B390BF4C63791848D36BB7D443F11B11E3EA5A4E23CDD3BA13B4060653A69282339B81CE837A91AA536BB7D443F11B11E3EA5A4E23CDD3BA13B4060653A69282339B81CE837A91AA536A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC36A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC3602FB663F797E4B3EE1AF113DD54CCF3BBB74933A3DC6513908371538D946D43602FB663F797E4B3EE1AF113DD54CCF3BBB74933A3DC6513908371538D946D436A8F0723FFBBF613ED1DD213D4755E63B08D7A33A281569395ECB2538F1DCEB36A8F0723FFBBF613ED1DD213D4755E63B08D7A33A281569395ECB2538F1DCEB36CF1B7B3FEFE4773E1A0B323DB15DFD3B5539B43A09328039B55F363885B90137CF1B7B3FEFE4773E1A0B323DB15DFD3B5539B43A09328039B55F363885B90137D55B7F3F44F5863EAE37423D0A330A3CA19BC43A7ED98B390BF4463891840D37D55B7F3F44F5863EAE37423D0A330A3CA19BC43A7ED98B390BF4463891840D37C09F7F3FFFE6913E7B63523D36B7153CEEFDD43AF3809739618857389D4F1937C09F7F3FFFE6913E7B63523D36B7153CEEFDD43AF3809739618857389D4F193781E67B3F44C69C3E708E623D5D3B213C3A60E53A6928A339B81C6838A91A253781E67B3F44C69C3E708E623D5D3B213C3A60E53A6928A339B81C6838A91A2537F73E743FB791A73E7EB8723D80BF2C3C87C2F53ADECFAE390EB17838B5E53037F73E743FB791A73E7EB8723D80BF2C3C87C2F53ADECFAE390EB17838B5E53037"> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
  %438 = "stablehlo.broadcast_in_dim"(%437) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %439 = "stablehlo.multiply"(%436, %438) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %440 = "stablehlo.add"(%432, %439) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %441 = "stablehlo.reshape"(%440) : (tensor<16x4x16xf32>) -> tensor<16x2x2x16xf32>
  %442 = "stablehlo.transpose"(%441) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %443 = "stablehlo.dot_general"(%w29, %409) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %444 = "stablehlo.transpose"(%443) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %445 = "stablehlo.reshape"(%444) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %446 = "stablehlo.multiply"(%445, %445) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %447 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %451 = "stablehlo.reduce"(%446, %447) ({
  ^bb0(%448: tensor<f32>, %449: tensor<f32>):
    %450 = "stablehlo.add"(%448, %449) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%450) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x16xf32>, tensor<f32>) -> tensor<16x2xf32>
  %452 = "stablehlo.broadcast_in_dim"(%451) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x16xf32>
  %453 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %454 = "stablehlo.divide"(%452, %453) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %455 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %456 = "stablehlo.add"(%454, %455) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %457 = "stablehlo.rsqrt"(%456) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %458 = "stablehlo.multiply"(%445, %457) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %459 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %460 = "stablehlo.add"(%w33, %459) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %461 = "stablehlo.broadcast_in_dim"(%460) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x2x16xf32>
  %462 = "stablehlo.multiply"(%458, %461) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %463 = "stablehlo.broadcast_in_dim"(%430) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %464 = "stablehlo.multiply"(%462, %463) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %465 = "stablehlo.slice"(%462) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %466 = "stablehlo.negate"(%465) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %467 = "stablehlo.slice"(%462) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %468 = "stablehlo.concatenate"(%466, %467) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %469 = "stablehlo.broadcast_in_dim"(%437) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %470 = "stablehlo.multiply"(%468, %469) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %471 = "stablehlo.add"(%464, %470) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %472 = "stablehlo.transpose"(%471) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %473 = "stablehlo.dot_general"(%442, %472) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %474 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %475 = "stablehlo.multiply"(%473, %474) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %476 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %477 = "stablehlo.divide"(%475, %476) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %478 = "stablehlo.tanh"(%477) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %479 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %480 = "stablehlo.multiply"(%478, %479) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %481 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %482 = "stablehlo.select"(%392, %480, %481) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %483 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %487 = "stablehlo.reduce"(%482, %483) ({
  ^bb0(%484: tensor<f32>, %485: tensor<f32>):
    %486 = "stablehlo.maximum"(%484, %485) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%486) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %488 = "stablehlo.broadcast_in_dim"(%487) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %489 = "stablehlo.subtract"(%482, %488) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %490 = "stablehlo.exponential"(%489) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %491 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %495 = "stablehlo.reduce"(%490, %491) ({
  ^bb0(%492: tensor<f32>, %493: tensor<f32>):
    %494 = "stablehlo.add"(%492, %493) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%494) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %496 = "stablehlo.broadcast_in_dim"(%495) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %497 = "stablehlo.divide"(%490, %496) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %498 = "stablehlo.dot_general"(%w30, %409) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %499 = "stablehlo.transpose"(%498) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %500 = "stablehlo.reshape"(%499) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %501 = "stablehlo.transpose"(%500) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %502 = "stablehlo.dot_general"(%497, %501) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %503 = "stablehlo.transpose"(%502) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %504 = "stablehlo.reshape"(%503) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %505 = "stablehlo.dot_general"(%w31, %504) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %506 = "stablehlo.transpose"(%505) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %507 = "stablehlo.multiply"(%506, %506) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %508 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %512 = "stablehlo.reduce"(%507, %508) ({
  ^bb0(%509: tensor<f32>, %510: tensor<f32>):
    %511 = "stablehlo.add"(%509, %510) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%511) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %513 = "stablehlo.broadcast_in_dim"(%512) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %514 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %515 = "stablehlo.divide"(%513, %514) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %516 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %517 = "stablehlo.add"(%515, %516) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %518 = "stablehlo.rsqrt"(%517) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %519 = "stablehlo.multiply"(%506, %518) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %520 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %521 = "stablehlo.add"(%w34, %520) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %522 = "stablehlo.broadcast_in_dim"(%521) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %523 = "stablehlo.multiply"(%519, %522) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %524 = "stablehlo.add"(%389, %523) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %525 = "stablehlo.multiply"(%524, %524) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %526 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %530 = "stablehlo.reduce"(%525, %526) ({
  ^bb0(%527: tensor<f32>, %528: tensor<f32>):
    %529 = "stablehlo.add"(%527, %528) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%529) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %531 = "stablehlo.broadcast_in_dim"(%530) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %532 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %533 = "stablehlo.divide"(%531, %532) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %534 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %535 = "stablehlo.add"(%533, %534) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %536 = "stablehlo.rsqrt"(%535) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %537 = "stablehlo.multiply"(%524, %536) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %538 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %539 = "stablehlo.add"(%w35, %538) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %540 = "stablehlo.broadcast_in_dim"(%539) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %541 = "stablehlo.multiply"(%537, %540) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %542 = "stablehlo.dot_general"(%w37, %541) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %543 = "stablehlo.transpose"(%542) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %544 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %545 = "stablehlo.multiply"(%543, %544) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %546 = "stablehlo.multiply"(%543, %543) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %547 = "stablehlo.multiply"(%546, %543) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %548 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %549 = "stablehlo.multiply"(%547, %548) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %550 = "stablehlo.add"(%543, %549) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %551 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %552 = "stablehlo.multiply"(%550, %551) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %553 = "stablehlo.tanh"(%552) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %554 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %555 = "stablehlo.add"(%553, %554) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %556 = "stablehlo.multiply"(%545, %555) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %557 = "stablehlo.dot_general"(%w38, %541) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %558 = "stablehlo.transpose"(%557) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %559 = "stablehlo.multiply"(%556, %558) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %560 = "stablehlo.dot_general"(%w39, %559) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %561 = "stablehlo.transpose"(%560) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %562 = "stablehlo.multiply"(%561, %561) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %563 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %567 = "stablehlo.reduce"(%562, %563) ({
  ^bb0(%564: tensor<f32>, %565: tensor<f32>):
    %566 = "stablehlo.add"(%564, %565) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%566) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %568 = "stablehlo.broadcast_in_dim"(%567) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %569 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %570 = "stablehlo.divide"(%568, %569) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %571 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %572 = "stablehlo.add"(%570, %571) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %573 = "stablehlo.rsqrt"(%572) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %574 = "stablehlo.multiply"(%561, %573) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %575 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %576 = "stablehlo.add"(%w36, %575) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %577 = "stablehlo.broadcast_in_dim"(%576) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %578 = "stablehlo.multiply"(%574, %577) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %579 = "stablehlo.add"(%524, %578) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %580 = "stablehlo.multiply"(%579, %579) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %581 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %585 = "stablehlo.reduce"(%580, %581) ({
  ^bb0(%582: tensor<f32>, %583: tensor<f32>):
    %584 = "stablehlo.add"(%582, %583) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%584) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %586 = "stablehlo.broadcast_in_dim"(%585) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %587 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %588 = "stablehlo.divide"(%586, %587) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %589 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %590 = "stablehlo.add"(%588, %589) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %591 = "stablehlo.rsqrt"(%590) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %592 = "stablehlo.multiply"(%579, %591) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %593 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %594 = "stablehlo.add"(%w40, %593) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %595 = "stablehlo.broadcast_in_dim"(%594) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %596 = "stablehlo.multiply"(%592, %595) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %597 = "stablehlo.dot_general"(%w41, %596) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %598 = "stablehlo.transpose"(%597) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %599 = "stablehlo.reshape"(%598) : (tensor<16x64xf32>) -> tensor<16x4x16xf32>
  %600 = "stablehlo.multiply"(%599, %599) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %601 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %605 = "stablehlo.reduce"(%600, %601) ({
  ^bb0(%602: tensor<f32>, %603: tensor<f32>):
    %604 = "stablehlo.add"(%602, %603) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%604) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x16xf32>, tensor<f32>) -> tensor<16x4xf32>
  %606 = "stablehlo.broadcast_in_dim"(%605) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x16xf32>
  %607 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %608 = "stablehlo.divide"(%606, %607) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %609 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x16xf32>} : () -> tensor<16x4x16xf32>
  %610 = "stablehlo.add"(%608, %609) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %611 = "stablehlo.rsqrt"(%610) : (tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %612 = "stablehlo.multiply"(%599, %611) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %613 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %614 = "stablehlo.add"(%w45, %613) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %615 = "stablehlo.broadcast_in_dim"(%614) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x4x16xf32>
  %616 = "stablehlo.multiply"(%612, %615) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %617 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %618 = "stablehlo.multiply"(%616, %617) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %619 = "stablehlo.slice"(%616) {limit_indices = array<i64: 16, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %620 = "stablehlo.negate"(%619) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  %621 = "stablehlo.slice"(%616) {limit_indices = array<i64: 16, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x16xf32>) -> tensor<16x4x8xf32>
  %622 = "stablehlo.concatenate"(%620, %621) {dimension = 2 : i64} : (tensor<16x4x8xf32>, tensor<16x4x8xf32>) -> tensor<16x4x16xf32>
  %623 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x4x16xf32>
  %624 = "stablehlo.multiply"(%622, %623) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %625 = "stablehlo.add"(%618, %624) : (tensor<16x4x16xf32>, tensor<16x4x16xf32>) -> tensor<16x4x16xf32>
  %626 = "stablehlo.reshape"(%625) : (tensor<16x4x16xf32>) -> tensor<16x2x2x16xf32>
  %627 = "stablehlo.transpose"(%626) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %628 = "stablehlo.dot_general"(%w42, %596) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %629 = "stablehlo.transpose"(%628) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %630 = "stablehlo.reshape"(%629) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %631 = "stablehlo.multiply"(%630, %630) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %632 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %636 = "stablehlo.reduce"(%631, %632) ({
  ^bb0(%633: tensor<f32>, %634: tensor<f32>):
    %635 = "stablehlo.add"(%633, %634) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%635) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x16xf32>, tensor<f32>) -> tensor<16x2xf32>
  %637 = "stablehlo.broadcast_in_dim"(%636) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x16xf32>
  %638 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %639 = "stablehlo.divide"(%637, %638) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %640 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x16xf32>} : () -> tensor<16x2x16xf32>
  %641 = "stablehlo.add"(%639, %640) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %642 = "stablehlo.rsqrt"(%641) : (tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %643 = "stablehlo.multiply"(%630, %642) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %644 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %645 = "stablehlo.add"(%w46, %644) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %646 = "stablehlo.broadcast_in_dim"(%645) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<16x2x16xf32>
  %647 = "stablehlo.multiply"(%643, %646) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %648 = "stablehlo.broadcast_in_dim"(%55) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %649 = "stablehlo.multiply"(%647, %648) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %650 = "stablehlo.slice"(%647) {limit_indices = array<i64: 16, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %651 = "stablehlo.negate"(%650) : (tensor<16x2x8xf32>) -> tensor<16x2x8xf32>
  %652 = "stablehlo.slice"(%647) {limit_indices = array<i64: 16, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x16xf32>) -> tensor<16x2x8xf32>
  %653 = "stablehlo.concatenate"(%651, %652) {dimension = 2 : i64} : (tensor<16x2x8xf32>, tensor<16x2x8xf32>) -> tensor<16x2x16xf32>
  %654 = "stablehlo.broadcast_in_dim"(%62) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x16xf32>) -> tensor<16x2x16xf32>
  %655 = "stablehlo.multiply"(%653, %654) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %656 = "stablehlo.add"(%649, %655) : (tensor<16x2x16xf32>, tensor<16x2x16xf32>) -> tensor<16x2x16xf32>
  %657 = "stablehlo.transpose"(%656) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %658 = "stablehlo.dot_general"(%627, %657) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %659 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %660 = "stablehlo.multiply"(%658, %659) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %661 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %662 = "stablehlo.divide"(%660, %661) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %663 = "stablehlo.tanh"(%662) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %664 = "stablehlo.constant"() {value = dense<5.0e+01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %665 = "stablehlo.multiply"(%663, %664) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %666 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %667 = "stablehlo.select"(%17, %665, %666) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %668 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %672 = "stablehlo.reduce"(%667, %668) ({
  ^bb0(%669: tensor<f32>, %670: tensor<f32>):
    %671 = "stablehlo.maximum"(%669, %670) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%671) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %673 = "stablehlo.broadcast_in_dim"(%672) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %674 = "stablehlo.subtract"(%667, %673) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %675 = "stablehlo.exponential"(%674) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %676 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %680 = "stablehlo.reduce"(%675, %676) ({
  ^bb0(%677: tensor<f32>, %678: tensor<f32>):
    %679 = "stablehlo.add"(%677, %678) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%679) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %681 = "stablehlo.broadcast_in_dim"(%680) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %682 = "stablehlo.divide"(%675, %681) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %683 = "stablehlo.dot_general"(%w43, %596) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<16x64xf32>) -> tensor<32x16xf32>
  %684 = "stablehlo.transpose"(%683) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
  %685 = "stablehlo.reshape"(%684) : (tensor<16x32xf32>) -> tensor<16x2x16xf32>
  %686 = "stablehlo.transpose"(%685) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x16xf32>) -> tensor<2x16x16xf32>
  %687 = "stablehlo.dot_general"(%682, %686) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %688 = "stablehlo.transpose"(%687) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x16xf32>) -> tensor<16x2x2x16xf32>
  %689 = "stablehlo.reshape"(%688) : (tensor<16x2x2x16xf32>) -> tensor<16x64xf32>
  %690 = "stablehlo.dot_general"(%w44, %689) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<16x64xf32>) -> tensor<64x16xf32>
  %691 = "stablehlo.transpose"(%690) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %692 = "stablehlo.multiply"(%691, %691) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %693 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %697 = "stablehlo.reduce"(%692, %693) ({
  ^bb0(%694: tensor<f32>, %695: tensor<f32>):
    %696 = "stablehlo.add"(%694, %695) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%696) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %698 = "stablehlo.broadcast_in_dim"(%697) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %699 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %700 = "stablehlo.divide"(%698, %699) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %701 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %702 = "stablehlo.add"(%700, %701) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %703 = "stablehlo.rsqrt"(%702) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %704 = "stablehlo.multiply"(%691, %703) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %705 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %706 = "stablehlo.add"(%w47, %705) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %707 = "stablehlo.broadcast_in_dim"(%706) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %708 = "stablehlo.multiply"(%704, %707) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %709 = "stablehlo.add"(%579, %708) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %710 = "stablehlo.multiply"(%709, %709) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %711 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %715 = "stablehlo.reduce"(%710, %711) ({
  ^bb0(%712: tensor<f32>, %713: tensor<f32>):
    %714 = "stablehlo.add"(%712, %713) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%714) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %716 = "stablehlo.broadcast_in_dim"(%715) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %717 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %718 = "stablehlo.divide"(%716, %717) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %719 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %720 = "stablehlo.add"(%718, %719) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %721 = "stablehlo.rsqrt"(%720) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %722 = "stablehlo.multiply"(%709, %721) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %723 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %724 = "stablehlo.add"(%w48, %723) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %725 = "stablehlo.broadcast_in_dim"(%724) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %726 = "stablehlo.multiply"(%722, %725) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %727 = "stablehlo.dot_general"(%w50, %726) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %728 = "stablehlo.transpose"(%727) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %729 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %730 = "stablehlo.multiply"(%728, %729) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %731 = "stablehlo.multiply"(%728, %728) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %732 = "stablehlo.multiply"(%731, %728) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %733 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %734 = "stablehlo.multiply"(%732, %733) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %735 = "stablehlo.add"(%728, %734) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %736 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %737 = "stablehlo.multiply"(%735, %736) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %738 = "stablehlo.tanh"(%737) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %739 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16x96xf32>} : () -> tensor<16x96xf32>
  %740 = "stablehlo.add"(%738, %739) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %741 = "stablehlo.multiply"(%730, %740) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %742 = "stablehlo.dot_general"(%w51, %726) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %743 = "stablehlo.transpose"(%742) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %744 = "stablehlo.multiply"(%741, %743) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %745 = "stablehlo.dot_general"(%w52, %744) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %746 = "stablehlo.transpose"(%745) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %747 = "stablehlo.multiply"(%746, %746) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %748 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %752 = "stablehlo.reduce"(%747, %748) ({
  ^bb0(%749: tensor<f32>, %750: tensor<f32>):
    %751 = "stablehlo.add"(%749, %750) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%751) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %753 = "stablehlo.broadcast_in_dim"(%752) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %754 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %755 = "stablehlo.divide"(%753, %754) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %756 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %757 = "stablehlo.add"(%755, %756) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %758 = "stablehlo.rsqrt"(%757) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %759 = "stablehlo.multiply"(%746, %758) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %760 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %761 = "stablehlo.add"(%w49, %760) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %762 = "stablehlo.broadcast_in_dim"(%761) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %763 = "stablehlo.multiply"(%759, %762) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %764 = "stablehlo.add"(%709, %763) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %765 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %766 = "stablehlo.subtract"(%length, %765) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %767 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %768 = "stablehlo.dynamic_slice"(%764, %766, %767) {slice_sizes = array<i64: 1, 64>} : (tensor<16x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
  %769 = "stablehlo.multiply"(%768, %768) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %770 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %774 = "stablehlo.reduce"(%769, %770) ({
  ^bb0(%771: tensor<f32>, %772: tensor<f32>):
    %773 = "stablehlo.add"(%771, %772) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%773) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
  %775 = "stablehlo.broadcast_in_dim"(%774) {broadcast_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1x64xf32>
  %776 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %777 = "stablehlo.divide"(%775, %776) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %778 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %779 = "stablehlo.add"(%777, %778) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %780 = "stablehlo.rsqrt"(%779) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %781 = "stablehlo.multiply"(%768, %780) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %782 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %783 = "stablehlo.add"(%w53, %782) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %784 = "stablehlo.broadcast_in_dim"(%783) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<1x64xf32>
  %785 = "stablehlo.multiply"(%781, %784) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %786 = "stablehlo.dot_general"(%w0, %785) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1401x64xf32>, tensor<1x64xf32>) -> tensor<1401x1xf32>
  %787 = "stablehlo.transpose"(%786) {permutation = array<i64: 1, 0>} : (tensor<1401x1xf32>) -> tensor<1x1401xf32>
  %788 = "stablehlo.constant"() {value = dense<3.0e+01> : tensor<1x1401xf32>} : () -> tensor<1x1401xf32>
  %789 = "stablehlo.divide"(%787, %788) : (tensor<1x1401xf32>, tensor<1x1401xf32>) -> tensor<1x1401xf32>
  %790 = "stablehlo.tanh"(%789) : (tensor<1x1401xf32>) -> tensor<1x1401xf32>
  %791 = "stablehlo.constant"() {value = dense<3.0e+01> : tensor<1x1401xf32>} : () -> tensor<1x1401xf32>
  %792 = "stablehlo.multiply"(%790, %791) : (tensor<1x1401xf32>, tensor<1x1401xf32>) -> tensor<1x1401xf32>
  %793 = "stablehlo.reshape"(%792) : (tensor<1x1401xf32>) -> tensor<1401xf32>
  %794 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %795 = "stablehlo.subtract"(%length, %794) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %796 = "stablehlo.broadcast_in_dim"(%795) {broadcast_dimensions = array<i64>} : (tensor<i32>) -> tensor<8xi32>
  %797 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8xi32>
  %798 = "stablehlo.subtract"(%796, %797) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %799 = "stablehlo.constant"() {value = dense<8> : tensor<8xi32>} : () -> tensor<8xi32>
  %800 = "stablehlo.add"(%798, %799) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %801 = "stablehlo.divide"(%800, %799) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %802 = "stablehlo.multiply"(%801, %799) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %803 = "stablehlo.subtract"(%800, %802) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %804 = "stablehlo.subtract"(%796, %803) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %805 = "stablehlo.constant"() {value = dense<0> : tensor<8xi32>} : () -> tensor<8xi32>
  %806 = "stablehlo.maximum"(%804, %805) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %807 = "stablehlo.gather"(%96, %806) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %808 = "stablehlo.transpose"(%807) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %809 = "stablehlo.dynamic_update_slice"(%kv_0_key, %808, %767, %767, %767) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %810 = "stablehlo.gather"(%125, %806) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %811 = "stablehlo.transpose"(%810) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %812 = "stablehlo.dynamic_update_slice"(%kv_0_value, %811, %767, %767, %767) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %813 = "stablehlo.gather"(%281, %806) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %814 = "stablehlo.transpose"(%813) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %815 = "stablehlo.dynamic_update_slice"(%kv_1_key, %814, %767, %767, %767) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %816 = "stablehlo.gather"(%310, %806) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %817 = "stablehlo.transpose"(%816) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %818 = "stablehlo.dynamic_update_slice"(%kv_1_value, %817, %767, %767, %767) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %819 = "stablehlo.dynamic_update_slice"(%kv_2_key, %472, %767, %767, %767) : (tensor<2x32x16xf32>, tensor<2x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x16xf32>
  %820 = "stablehlo.dynamic_update_slice"(%kv_2_value, %501, %767, %767, %767) : (tensor<2x32x16xf32>, tensor<2x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x16xf32>
  %821 = "stablehlo.gather"(%656, %806) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %822 = "stablehlo.transpose"(%821) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %823 = "stablehlo.dynamic_update_slice"(%kv_3_key, %822, %767, %767, %767) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  %824 = "stablehlo.gather"(%685, %806) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<16x2x16xf32>, tensor<8xi32>) -> tensor<8x2x16xf32>
  %825 = "stablehlo.transpose"(%824) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %826 = "stablehlo.dynamic_update_slice"(%kv_3_value, %825, %767, %767, %767) : (tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
  func.return %793, %809, %812, %815, %818, %819, %820, %823, %826, %9, %809, %812, %815, %818, %472, %501, %823, %826 : tensor<1401xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x32x16xf32>, tensor<2x32x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>
}
}
