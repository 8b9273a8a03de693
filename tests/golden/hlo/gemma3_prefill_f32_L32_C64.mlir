// gemma3_prefill_f32_L32_C64: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// prefill
// input input_ids tensor<32xi32> alias=-1
// input feature_index tensor<32xi32> alias=-1
// input image_features tensor<18x64xf32> alias=-1
// input length tensor<i32> alias=-1
// input image_block tensor<32xi32> alias=-1
// input kv.0.key tensor<2x6x16xf32> alias=1 kv=0.0.k
// input kv.0.value tensor<2x6x16xf32> alias=2 kv=0.0.v
// input kv.1.key tensor<2x6x16xf32> alias=3 kv=0.1.k
// input kv.1.value tensor<2x6x16xf32> alias=4 kv=0.1.v
// input kv.2.key tensor<2x64x16xf32> alias=5 kv=0.2.k
// input kv.2.value tensor<2x64x16xf32> alias=6 kv=0.2.v
// input kv.3.key tensor<2x6x16xf32> alias=7 kv=0.3.k
// input kv.3.value tensor<2x6x16xf32> alias=8 kv=0.3.v
// weight language_model.model.embed_tokens.weight tensor<1406x64xf32> alias=-1
// weight language_model.model.layers.0.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.0.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.0.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.0.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.0.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight language_model.model.layers.1.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.1.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.1.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.1.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.1.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight language_model.model.layers.2.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.2.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.2.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.2.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.2.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.2.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.2.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.2.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.2.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight language_model.model.layers.3.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.3.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.3.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.3.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.3.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.3.self_attn.q_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.3.self_attn.k_norm.weight tensor<16xf32> alias=-1
// weight language_model.model.layers.3.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.3.pre_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.3.post_feedforward_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.3.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.3.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight language_model.model.layers.3.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight language_model.model.norm.weight tensor<64xf32> alias=-1
// result prefill_logits tensor<1406xf32>
// result kv.0.key tensor<2x6x16xf32>
// result kv.0.value tensor<2x6x16xf32>
// result kv.1.key tensor<2x6x16xf32>
// result kv.1.value tensor<2x6x16xf32>
// result kv.2.key tensor<2x64x16xf32>
// result kv.2.value tensor<2x64x16xf32>
// result kv.3.key tensor<2x6x16xf32>
// result kv.3.value tensor<2x6x16xf32>
module {
func.func public @main(%input_ids: tensor<32xi32>, %feature_index: tensor<32xi32>, %image_features: tensor<18x64xf32>, %length: tensor<i32>, %image_block: tensor<32xi32>, %kv_0_key: tensor<2x6x16xf32> {tf.aliasing_output = 1 : i32}, %kv_0_value: tensor<2x6x16xf32> {tf.aliasing_output = 2 : i32}, %kv_1_key: tensor<2x6x16xf32> {tf.aliasing_output = 3 : i32}, %kv_1_value: tensor<2x6x16xf32> {tf.aliasing_output = 4 : i32}, %kv_2_key: tensor<2x64x16xf32> {tf.aliasing_output = 5 : i32}, %kv_2_value: tensor<2x64x16xf32> {tf.aliasing_output = 6 : i32}, %kv_3_key: tensor<2x6x16xf32> {tf.aliasing_output = 7 : i32}, %kv_3_value: tensor<2x6x16xf32> {tf.aliasing_output = 8 : i32}, %w0: tensor<1406x64xf32>, %w1: tensor<64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<32x64xf32>, %w4: tensor<32x64xf32>, %w5: tensor<64x64xf32>, %w6: tensor<16xf32>, %w7: tensor<16xf32>, %w8: tensor<64xf32>, %w9: tensor<64xf32>, %w10: tensor<64xf32>, %w11: tensor<96x64xf32>, %w12: tensor<96x64xf32>, %w13: tensor<64x96xf32>, %w14: tensor<64xf32>, %w15: tensor<64x64xf32>, %w16: tensor<32x64xf32>, %w17: tensor<32x64xf32>, %w18: tensor<64x64xf32>, %w19: tensor<16xf32>, %w20: tensor<16xf32>, %w21: tensor<64xf32>, %w22: tensor<64xf32>, %w23: tensor<64xf32>, %w24: tensor<96x64xf32>, %w25: tensor<96x64xf32>, %w26: tensor<64x96xf32>, %w27: tensor<64xf32>, %w28: tensor<64x64xf32>, %w29: tensor<32x64xf32>, %w30: tensor<32x64xf32>, %w31: tensor<64x64xf32>, %w32: tensor<16xf32>, %w33: tensor<16xf32>, %w34: tensor<64xf32>, %w35: tensor<64xf32>, %w36: tensor<64xf32>, %w37: tensor<96x64xf32>, %w38: tensor<96x64xf32>, %w39: tensor<64x96xf32>, %w40: tensor<64xf32>, %w41: tensor<64x64xf32>, %w42: tensor<32x64xf32>, %w43: tensor<32x64xf32>, %w44: tensor<64x64xf32>, %w45: tensor<16xf32>, %w46: tensor<16xf32>, %w47: tensor<64xf32>, %w48: tensor<64xf32>, %w49: tensor<64xf32>, %w50: tensor<96x64xf32>, %w51: tensor<96x64xf32>, %w52: tensor<64x96xf32>, %w53: tensor<64xf32>) -> (tensor<1406xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<2x64x16xf32>, tensor<2x64x16xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>) {
  %0 = "stablehlo.constant"() {value = dense<1405> : tensor<32xi32>} : () -> tensor<32xi32>
  %1 = "stablehlo.compare"(%input_ids, %0) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
  %2 = "stablehlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<32xi1>) -> tensor<32x64xi1>
  %3 = "stablehlo.gather"(%image_features, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<18x64xf32>, tensor<32xi32>) -> tensor<32x64xf32>
  %4 = "stablehlo.constant"() {value = dense<0> : tensor<32xi32>} : () -> tensor<32xi32>
  %5 = "stablehlo.select"(%1, %4, %input_ids) : (tensor<32xi1>, tensor<32xi32>, tensor<32xi32>) -> tensor<32xi32>
  %6 = "stablehlo.gather"(%w0, %5) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1406x64xf32>, tensor<32xi32>) -> tensor<32x64xf32>
  %7 = "stablehlo.constant"() {value = dense<8.0e+00> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %8 = "stablehlo.multiply"(%6, %7) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %9 = "stablehlo.select"(%2, %3, %8) : (tensor<32x64xi1>, tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %10 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x2x32x32xi32>
  %11 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x32x32xi32>
  %12 = "stablehlo.subtract"(%10, %11) : (tensor<2x2x32x32xi32>, tensor<2x2x32x32xi32>) -> tensor<2x2x32x32xi32>
  %13 = "stablehlo.constant"() {value = dense<6> : tensor<2x2x32x32xi32>} : () -> tensor<2x2x32x32xi32>
  %14 = "stablehlo.compare"(%12, %13) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2x2x32x32xi32>, tensor<2x2x32x32xi32>) -> tensor<2x2x32x32xi1>
  %15 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x32x32xi32>
  %16 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x2x32x32xi32>
  %17 = "stablehlo.compare"(%15, %16) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x32x32xi32>, tensor<2x2x32x32xi32>) -> tensor<2x2x32x32xi1>
  %18 = "stablehlo.broadcast_in_dim"(%image_block) {broadcast_dimensions = array<i64: 2>} : (tensor<32xi32>) -> tensor<2x2x32x32xi32>
  %19 = "stablehlo.constant"() {value = dense<0> : tensor<2x2x32x32xi32>} : () -> tensor<2x2x32x32xi32>
  %20 = "stablehlo.compare"(%18, %19) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<2x2x32x32xi32>, tensor<2x2x32x32xi32>) -> tensor<2x2x32x32xi1>
  %21 = "stablehlo.broadcast_in_dim"(%image_block) {broadcast_dimensions = array<i64: 3>} : (tensor<32xi32>) -> tensor<2x2x32x32xi32>
  %22 = "stablehlo.compare"(%18, %21) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<2x2x32x32xi32>, tensor<2x2x32x32xi32>) -> tensor<2x2x32x32xi1>
  %23 = "stablehlo.select"(%20, %22, %20) : (tensor<2x2x32x32xi1>, tensor<2x2x32x32xi1>, tensor<2x2x32x32xi1>) -> tensor<2x2x32x32xi1>
  %24 = "stablehlo.select"(%17, %17, %23) : (tensor<2x2x32x32xi1>, tensor<2x2x32x32xi1>, tensor<2x2x32x32xi1>) -> tensor<2x2x32x32xi1>
  %25 = "stablehlo.select"(%14, %24, %14) : (tensor<2x2x32x32xi1>, tensor<2x2x32x32xi1>, tensor<2x2x32x32xi1>) -> tensor<2x2x32x32xi1>
  %26 = "stablehlo.multiply"(%9, %9) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %27 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %31 = "stablehlo.reduce"(%26, %27) ({
  ^bb0(%28: tensor<f32>, %29: tensor<f32>):
    %30 = "stablehlo.add"(%28, %29) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%30) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %32 = "stablehlo.broadcast_in_dim"(%31) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %33 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %34 = "stablehlo.divide"(%32, %33) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %35 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %36 = "stablehlo.add"(%34, %35) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %37 = "stablehlo.rsqrt"(%36) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %38 = "stablehlo.multiply"(%9, %37) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %39 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %40 = "stablehlo.add"(%w1, %39) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %41 = "stablehlo.broadcast_in_dim"(%40) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %42 = "stablehlo.multiply"(%38, %41) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %43 = "stablehlo.dot_general"(%w2, %42) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %44 = "stablehlo.transpose"(%43) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %45 = "stablehlo.reshape"(%44) : (tensor<32x64xf32>) -> tensor<32x4x16xf32>
  %46 = "stablehlo.multiply"(%45, %45) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %47 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %51 = "stablehlo.reduce"(%46, %47) ({
  ^bb0(%48: tensor<f32>, %49: tensor<f32>):
    %50 = "stablehlo.add"(%48, %49) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%50) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x4x16xf32>, tensor<f32>) -> tensor<32x4xf32>
  %52 = "stablehlo.broadcast_in_dim"(%51) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x4xf32>) -> tensor<32x4x16xf32>
  %53 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %54 = "stablehlo.divide"(%52, %53) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %55 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %56 = "stablehlo.add"(%54, %55) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %57 = "stablehlo.rsqrt"(%56) : (tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %58 = "stablehlo.multiply"(%45, %57) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %59 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %60 = "stablehlo.add"(%w6, %59) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %61 = "stablehlo.broadcast_in_dim"(%60) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x4x16xf32>
  %62 = "stablehlo.multiply"(%58, %61) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %63 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F26707DBF582F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F26707DBF582F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F2C3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3F2C3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FB8CD753F6D3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FB8CD753F6D3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F7205913B8D9B71BFBF3DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3F7205913B8D9B71BFBF3DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FD006583F574F4BBFF386B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FD006583F574F4BBFF386B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FD7040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FD7040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FE87A42BF9622FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FE87A42BF9622FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3F2C2975BF2F3EAE3EE333EFBCD4EC5F3FEDBA7C3F22AC7F3F9DF77F3F29FF7F3F2C2975BF2F3EAE3EE333EFBCD4EC5F3FEDBA7C3F22AC7F3F9DF77F3F29FF7F3F36E28CBE51A91D3FD3EF03BEEEE35B3F494F7C3F53A17F3F88F67F3F0EFF7F3F36E28CBE51A91D3FD3EF03BEEEE35B3F494F7C3F53A17F3F88F67F3F0EFF7F3F840A293FE990543FAFA768BEBEA2573F2EDD7B3FDC957F3F62F57F3FF0FE7F3F840A293FE990543FAFA768BEBEA2573F2EDD7B3FDC957F3F62F57F3FF0FE7F3FBF1B7D3F0764763F3586A5BE5C2A533FA1647B3FBE897F3F2CF47F3FD1FE7F3FBF1B7D3F0764763F3586A5BE5C2A533FA1647B3FBE897F3F2CF47F3FD1FE7F3F22F0D03EEDC77F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3F22F0D03EEDC77F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FFC370CBF39CE6F3F9A3D01BFA198493F3C607A3F8C6F7F3F8DF17F3F8EFE7F3FFC370CBF39CE6F3F9A3D01BFA198493F3C607A3F8C6F7F3F8DF17F3F8EFE7F3F6FFD7FBF7A0C483F03A816BFBB81443F6AD4793F78617F3F24F07F3F6AFE7F3F6FFD7FBF7A0C483F03A816BFBB81443F6AD4793F78617F3F24F07F3F6AFE7F3FBF6708BF04740C3F10912ABF88383F3F3342793FBC527F3FABEE7F3F44FE7F3FBF6708BF04740C3F10912ABF88383F3F3342793FBC527F3FABEE7F3F44FE7F3FFE2DD93EAFDB853ED7C53CBF62BE393F9BA9783F59437F3F20ED7F3F1DFE7F3FFE2DD93EAFDB853ED7C53CBF62BE393F9BA9783F59437F3F20ED7F3F1DFE7F3F78BF7D3F31B853BDBF174DBFB014343FA50A783F4E337F3F85EB7F3FF4FD7F3F78BF7D3F31B853BDBF174DBFB014343FA50A783F4E337F3F85EB7F3FF4FD7F3F819C253FDB29B8BE115D5BBFE63C2E3F5565773F9D227F3FDAE97F3FC9FD7F3F819C253FDB29B8BE115D5BBFE63C2E3F5565773F9D227F3FDAE97F3FC9FD7F3F389395BEA1CC21BF467167BF8138283FB1B9763F44117F3F1DE87F3F9CFD7F3F389395BEA1CC21BF467167BF8138283FB1B9763F44117F3F1DE87F3F9CFD7F3F576D76BFAA7857BF7B3571BF0D09223FBB07763F44FF7E3F50E67F3F6EFD7F3F576D76BFAA7857BF7B3571BF0D09223FBB07763F44FF7E3F50E67F3F6EFD7F3FB3803FBF6DC677BFB79078BF1FB01B3F794F753F9DEC7E3F72E47F3F3FFD7F3FB3803FBF6DC677BFB79078BF1FB01B3F794F753F9DEC7E3F72E47F3F3FFD7F3F18F41D3EDC817FBF26707DBF562F153FEF90743F4FD97E3F83E27F3F0DFD7F3F18F41D3EDC817FBF26707DBF562F153FEF90743F4FD97E3F83E27F3F0DFD7F3F8E2C6A3FA0E66DBF52C77FBF5D880E3F22CC733F5AC57E3F83E07F3FDAFC7F3F8E2C6A3FA0E66DBF52C77FBF5D880E3F22CC733F5AC57E3F83E07F3FDAFC7F3F"> : tensor<32x16xf32>} : () -> tensor<32x16xf32>
  %64 = "stablehlo.broadcast_in_dim"(%63) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %65 = "stablehlo.multiply"(%62, %64) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %66 = "stablehlo.slice"(%62) {limit_indices = array<i64: 32, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %67 = "stablehlo.negate"(%66) : (tensor<32x4x8xf32>) -> tensor<32x4x8xf32>
  %68 = "stablehlo.slice"(%62) {limit_indices = array<i64: 32, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %69 = "stablehlo.concatenate"(%67, %68) {dimension = 2 : i64} : (tensor<32x4x8xf32>, tensor<32x4x8xf32>) -> tensor<32x4x16xf32>
  %70 = "stablehlo.constant"() {value = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A46A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539A46A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539B7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AB7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B95467D3F7D06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B95467D3F7D06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B3201D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3B3201D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3BF8440BBF9770A9BCA46A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3BF8440BBF9770A9BCA46A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3B5CFF7FBF1F41A9BE2B26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633B5CFF7FBF1F41A9BE2B26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783B2220D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B2220D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B106893BE2EB870BF0EE47F3F3724F83E5024233E96274F3D0111833C32CBA53B106893BE2EB870BF0EE47F3F3724F83E5024233E96274F3D0111833C32CBA53B251E76BFA9B049BFBFDD7D3FB216033F233E2D3EF6165C3DDE418B3CDE27B03B251E76BFA9B049BFBFDD7D3FB216033F233E2D3EF6165C3DDE418B3CDE27B03BB34040BFC8A80EBF144E793FBAF9093F8753373EC505693DB372933C8A84BA3BB34040BFC8A80EBF144E793FBAF9093F8753373EC505693DB372933C8A84BA3B6979193E44F68ABEB940723F71B9103F3A64413EFCF3753D7EA39B3C34E1C43B6979193E44F68ABEB940723F71B9103F3A64413EFCF3753D7EA39B3C34E1C43BC8B6693F4F67293DB7C7683F1C54173FF86F4B3EC970813D3FD4A33CDD3DCF3BC8B6693F4F67293DB7C7683F1C54173FF86F4B3EC970813D3FD4A33CDD3DCF3B102F563F7236B33E49FB5C3F0AC81D3F8376553E3FE7873DF504AC3C859AD93B102F563F7236B33E49FB5C3F0AC81D3F8376553E3FE7873DF504AC3C859AD93B150511BC26BD1F3F9EF94E3F9513243F96775F3E5C5D8E3DA035B43C2BF7E33B150511BC26BD1F3F9EF94E3F9513243F96775F3E5C5D8E3DA035B43C2BF7E33BE7A158BFB807563F8AE63E3F1F352A3FF072693E1BD3943D3F66BC3CD053EE3BE7A158BFB807563F8AE63E3F1F352A3FF072693E1BD3943D3F66BC3CD053EE3BFCD367BF9C18773F27EB2C3F182B303F5168733E7A489B3DD196C43C74B0F83BFCD367BF9C18773F27EB2C3F182B303F5168733E7A489B3DD196C43C74B0F83B388707BE64A87F3F7835193FF9F3353F77577D3E72BDA13D57C7CC3C8B86013C388707BE64A87F3F7835193FF9F3353F77577D3E72BDA13D57C7CC3C8B86013C0837433FB0DD6E3FE4F7033F468E3B3F10A0833E0132A83DCFF7D43CDBB4063C0837433FB0DD6E3FE4F7033F468E3B3F10A0833E0132A83DCFF7D43CDBB4063C0ED5743FCC62463F88D1DA3E90F8403F0591883E21A6AE3D3A28DD3C2AE30B3C0ED5743FCC62463F88D1DA3E90F8403F0591883E21A6AE3D3A28DD3C2AE30B3C2AB48A3E683B0A3F9383AB3E7531463F7D7E8D3ECE19B53D9658E53C7811113C2AB48A3E683B0A3F9383AB3E7531463F7D7E8D3ECE19B53D9658E53C7811113CE9E329BF71BD803EC0FD743E9E374B3F5468923E068DBB3DE388ED3CC53F163CE9E329BF71BD803EC0FD743E9E374B3F5468923E068DBB3DE388ED3CC53F163CA4EF7CBF46037EBDC381103EC309503F6C4E973EC1FFC13D20B9F53C116E1B3CA4EF7CBF46037EBDC381103EC309503F6C4E973EC1FFC13D20B9F53C116E1B3C06DECEBE2B18BDBE56502A3DA6A6543FA5309C3EFE71C83D4DE9FD3C5C9C203C06DECEBE2B18BDBE56502A3DA6A6543FA5309C3EFE71C83D4DE9FD3C5C9C203C"> : tensor<32x16xf32>} : () -> tensor<32x16xf32>
  %71 = "stablehlo.broadcast_in_dim"(%70) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %72 = "stablehlo.multiply"(%69, %71) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %73 = "stablehlo.add"(%65, %72) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %74 = "stablehlo.reshape"(%73) : (tensor<32x4x16xf32>) -> tensor<32x2x2x16xf32>
  %75 = "stablehlo.transpose"(%74) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<32x2x2x16xf32>) -> tensor<2x2x32x16xf32>
  %76 = "stablehlo.dot_general"(%w3, %42) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %77 = "stablehlo.transpose"(%76) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %78 = "stablehlo.reshape"(%77) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %79 = "stablehlo.multiply"(%78, %78) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %80 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %84 = "stablehlo.reduce"(%79, %80) ({
  ^bb0(%81: tensor<f32>, %82: tensor<f32>):
    %83 = "stablehlo.add"(%81, %82) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%83) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x2x16xf32>, tensor<f32>) -> tensor<32x2xf32>
  %85 = "stablehlo.broadcast_in_dim"(%84) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x2xf32>) -> tensor<32x2x16xf32>
  %86 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %87 = "stablehlo.divide"(%85, %86) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %88 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %89 = "stablehlo.add"(%87, %88) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %90 = "stablehlo.rsqrt"(%89) : (tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %91 = "stablehlo.multiply"(%78, %90) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %92 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %93 = "stablehlo.add"(%w7, %92) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %94 = "stablehlo.broadcast_in_dim"(%93) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x2x16xf32>
  %95 = "stablehlo.multiply"(%91, %94) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %96 = "stablehlo.broadcast_in_dim"(%63) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %97 = "stablehlo.multiply"(%95, %96) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %98 = "stablehlo.slice"(%95) {limit_indices = array<i64: 32, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %99 = "stablehlo.negate"(%98) : (tensor<32x2x8xf32>) -> tensor<32x2x8xf32>
  %100 = "stablehlo.slice"(%95) {limit_indices = array<i64: 32, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %101 = "stablehlo.concatenate"(%99, %100) {dimension = 2 : i64} : (tensor<32x2x8xf32>, tensor<32x2x8xf32>) -> tensor<32x2x16xf32>
  %102 = "stablehlo.broadcast_in_dim"(%70) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %103 = "stablehlo.multiply"(%101, %102) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %104 = "stablehlo.add"(%97, %103) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %105 = "stablehlo.transpose"(%104) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %106 = "stablehlo.dot_general"(%75, %105) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x16xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x32xf32>
  %107 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %108 = "stablehlo.multiply"(%106, %107) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %109 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %110 = "stablehlo.select"(%25, %108, %109) : (tensor<2x2x32x32xi1>, tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %111 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %115 = "stablehlo.reduce"(%110, %111) ({
  ^bb0(%112: tensor<f32>, %113: tensor<f32>):
    %114 = "stablehlo.maximum"(%112, %113) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%114) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %116 = "stablehlo.broadcast_in_dim"(%115) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %117 = "stablehlo.subtract"(%110, %116) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %118 = "stablehlo.exponential"(%117) : (tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %119 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %123 = "stablehlo.reduce"(%118, %119) ({
  ^bb0(%120: tensor<f32>, %121: tensor<f32>):
    %122 = "stablehlo.add"(%120, %121) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%122) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %124 = "stablehlo.broadcast_in_dim"(%123) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %125 = "stablehlo.divide"(%118, %124) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %126 = "stablehlo.dot_general"(%w4, %42) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %127 = "stablehlo.transpose"(%126) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %128 = "stablehlo.reshape"(%127) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %129 = "stablehlo.transpose"(%128) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %130 = "stablehlo.dot_general"(%125, %129) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x32xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x16xf32>
  %131 = "stablehlo.transpose"(%130) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x32x16xf32>) -> tensor<32x2x2x16xf32>
  %132 = "stablehlo.reshape"(%131) : (tensor<32x2x2x16xf32>) -> tensor<32x64xf32>
  %133 = "stablehlo.dot_general"(%w5, %132) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %134 = "stablehlo.transpose"(%133) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %135 = "stablehlo.multiply"(%134, %134) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %136 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %140 = "stablehlo.reduce"(%135, %136) ({
  ^bb0(%137: tensor<f32>, %138: tensor<f32>):
    %139 = "stablehlo.add"(%137, %138) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%139) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %141 = "stablehlo.broadcast_in_dim"(%140) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %142 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %143 = "stablehlo.divide"(%141, %142) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %144 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %145 = "stablehlo.add"(%143, %144) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %146 = "stablehlo.rsqrt"(%145) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %147 = "stablehlo.multiply"(%134, %146) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %148 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %149 = "stablehlo.add"(%w8, %148) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %150 = "stablehlo.broadcast_in_dim"(%149) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %151 = "stablehlo.multiply"(%147, %150) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %152 = "stablehlo.add"(%9, %151) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %153 = "stablehlo.multiply"(%152, %152) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %154 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %158 = "stablehlo.reduce"(%153, %154) ({
  ^bb0(%155: tensor<f32>, %156: tensor<f32>):
    %157 = "stablehlo.add"(%155, %156) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%157) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %159 = "stablehlo.broadcast_in_dim"(%158) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %160 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %161 = "stablehlo.divide"(%159, %160) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %162 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %163 = "stablehlo.add"(%161, %162) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %164 = "stablehlo.rsqrt"(%163) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %165 = "stablehlo.multiply"(%152, %164) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %166 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %167 = "stablehlo.add"(%w9, %166) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %168 = "stablehlo.broadcast_in_dim"(%167) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %169 = "stablehlo.multiply"(%165, %168) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %170 = "stablehlo.dot_general"(%w11, %169) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %171 = "stablehlo.transpose"(%170) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %172 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %173 = "stablehlo.multiply"(%171, %172) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %174 = "stablehlo.multiply"(%171, %171) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %175 = "stablehlo.multiply"(%174, %171) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %176 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %177 = "stablehlo.multiply"(%175, %176) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %178 = "stablehlo.add"(%171, %177) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %179 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %180 = "stablehlo.multiply"(%178, %179) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %181 = "stablehlo.tanh"(%180) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %182 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %183 = "stablehlo.add"(%181, %182) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %184 = "stablehlo.multiply"(%173, %183) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %185 = "stablehlo.dot_general"(%w12, %169) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %186 = "stablehlo.transpose"(%185) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %187 = "stablehlo.multiply"(%184, %186) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %188 = "stablehlo.dot_general"(%w13, %187) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<32x96xf32>) -> tensor<64x32xf32>
  %189 = "stablehlo.transpose"(%188) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %190 = "stablehlo.multiply"(%189, %189) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %191 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %195 = "stablehlo.reduce"(%190, %191) ({
  ^bb0(%192: tensor<f32>, %193: tensor<f32>):
    %194 = "stablehlo.add"(%192, %193) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%194) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %196 = "stablehlo.broadcast_in_dim"(%195) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %197 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %198 = "stablehlo.divide"(%196, %197) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %199 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %200 = "stablehlo.add"(%198, %199) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %201 = "stablehlo.rsqrt"(%200) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %202 = "stablehlo.multiply"(%189, %201) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %203 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %204 = "stablehlo.add"(%w10, %203) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %205 = "stablehlo.broadcast_in_dim"(%204) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %206 = "stablehlo.multiply"(%202, %205) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %207 = "stablehlo.add"(%152, %206) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %208 = "stablehlo.multiply"(%207, %207) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %209 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %213 = "stablehlo.reduce"(%208, %209) ({
  ^bb0(%210: tensor<f32>, %211: tensor<f32>):
    %212 = "stablehlo.add"(%210, %211) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%212) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %214 = "stablehlo.broadcast_in_dim"(%213) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %215 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %216 = "stablehlo.divide"(%214, %215) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %217 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %218 = "stablehlo.add"(%216, %217) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %219 = "stablehlo.rsqrt"(%218) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %220 = "stablehlo.multiply"(%207, %219) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %221 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %222 = "stablehlo.add"(%w14, %221) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %223 = "stablehlo.broadcast_in_dim"(%222) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %224 = "stablehlo.multiply"(%220, %223) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %225 = "stablehlo.dot_general"(%w15, %224) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %226 = "stablehlo.transpose"(%225) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %227 = "stablehlo.reshape"(%226) : (tensor<32x64xf32>) -> tensor<32x4x16xf32>
  %228 = "stablehlo.multiply"(%227, %227) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %229 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %233 = "stablehlo.reduce"(%228, %229) ({
  ^bb0(%230: tensor<f32>, %231: tensor<f32>):
    %232 = "stablehlo.add"(%230, %231) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%232) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x4x16xf32>, tensor<f32>) -> tensor<32x4xf32>
  %234 = "stablehlo.broadcast_in_dim"(%233) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x4xf32>) -> tensor<32x4x16xf32>
  %235 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %236 = "stablehlo.divide"(%234, %235) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %237 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %238 = "stablehlo.add"(%236, %237) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %239 = "stablehlo.rsqrt"(%238) : (tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %240 = "stablehlo.multiply"(%227, %239) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %241 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %242 = "stablehlo.add"(%w19, %241) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %243 = "stablehlo.broadcast_in_dim"(%242) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x4x16xf32>
  %244 = "stablehlo.multiply"(%240, %243) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %245 = "stablehlo.broadcast_in_dim"(%63) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %246 = "stablehlo.multiply"(%244, %245) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %247 = "stablehlo.slice"(%244) {limit_indices = array<i64: 32, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %248 = "stablehlo.negate"(%247) : (tensor<32x4x8xf32>) -> tensor<32x4x8xf32>
  %249 = "stablehlo.slice"(%244) {limit_indices = array<i64: 32, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %250 = "stablehlo.concatenate"(%248, %249) {dimension = 2 : i64} : (tensor<32x4x8xf32>, tensor<32x4x8xf32>) -> tensor<32x4x16xf32>
  %251 = "stablehlo.broadcast_in_dim"(%70) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %252 = "stablehlo.multiply"(%250, %251) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %253 = "stablehlo.add"(%246, %252) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %254 = "stablehlo.reshape"(%253) : (tensor<32x4x16xf32>) -> tensor<32x2x2x16xf32>
  %255 = "stablehlo.transpose"(%254) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<32x2x2x16xf32>) -> tensor<2x2x32x16xf32>
  %256 = "stablehlo.dot_general"(%w16, %224) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %257 = "stablehlo.transpose"(%256) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %258 = "stablehlo.reshape"(%257) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %259 = "stablehlo.multiply"(%258, %258) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %260 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %264 = "stablehlo.reduce"(%259, %260) ({
  ^bb0(%261: tensor<f32>, %262: tensor<f32>):
    %263 = "stablehlo.add"(%261, %262) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%263) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x2x16xf32>, tensor<f32>) -> tensor<32x2xf32>
  %265 = "stablehlo.broadcast_in_dim"(%264) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x2xf32>) -> tensor<32x2x16xf32>
  %266 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %267 = "stablehlo.divide"(%265, %266) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %268 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %269 = "stablehlo.add"(%267, %268) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %270 = "stablehlo.rsqrt"(%269) : (tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %271 = "stablehlo.multiply"(%258, %270) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %272 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %273 = "stablehlo.add"(%w20, %272) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %274 = "stablehlo.broadcast_in_dim"(%273) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x2x16xf32>
  %275 = "stablehlo.multiply"(%271, %274) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %276 = "stablehlo.broadcast_in_dim"(%63) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %277 = "stablehlo.multiply"(%275, %276) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %278 = "stablehlo.slice"(%275) {limit_indices = array<i64: 32, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %279 = "stablehlo.negate"(%278) : (tensor<32x2x8xf32>) -> tensor<32x2x8xf32>
  %280 = "stablehlo.slice"(%275) {limit_indices = array<i64: 32, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %281 = "stablehlo.concatenate"(%279, %280) {dimension = 2 : i64} : (tensor<32x2x8xf32>, tensor<32x2x8xf32>) -> tensor<32x2x16xf32>
  %282 = "stablehlo.broadcast_in_dim"(%70) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %283 = "stablehlo.multiply"(%281, %282) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %284 = "stablehlo.add"(%277, %283) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %285 = "stablehlo.transpose"(%284) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %286 = "stablehlo.dot_general"(%255, %285) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x16xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x32xf32>
  %287 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %288 = "stablehlo.multiply"(%286, %287) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %289 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %290 = "stablehlo.select"(%25, %288, %289) : (tensor<2x2x32x32xi1>, tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %291 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %295 = "stablehlo.reduce"(%290, %291) ({
  ^bb0(%292: tensor<f32>, %293: tensor<f32>):
    %294 = "stablehlo.maximum"(%292, %293) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%294) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %296 = "stablehlo.broadcast_in_dim"(%295) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %297 = "stablehlo.subtract"(%290, %296) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %298 = "stablehlo.exponential"(%297) : (tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %299 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %303 = "stablehlo.reduce"(%298, %299) ({
  ^bb0(%300: tensor<f32>, %301: tensor<f32>):
    %302 = "stablehlo.add"(%300, %301) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%302) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %304 = "stablehlo.broadcast_in_dim"(%303) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %305 = "stablehlo.divide"(%298, %304) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %306 = "stablehlo.dot_general"(%w17, %224) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %307 = "stablehlo.transpose"(%306) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %308 = "stablehlo.reshape"(%307) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %309 = "stablehlo.transpose"(%308) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %310 = "stablehlo.dot_general"(%305, %309) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x32xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x16xf32>
  %311 = "stablehlo.transpose"(%310) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x32x16xf32>) -> tensor<32x2x2x16xf32>
  %312 = "stablehlo.reshape"(%311) : (tensor<32x2x2x16xf32>) -> tensor<32x64xf32>
  %313 = "stablehlo.dot_general"(%w18, %312) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %314 = "stablehlo.transpose"(%313) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %315 = "stablehlo.multiply"(%314, %314) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %316 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %320 = "stablehlo.reduce"(%315, %316) ({
  ^bb0(%317: tensor<f32>, %318: tensor<f32>):
    %319 = "stablehlo.add"(%317, %318) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%319) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %321 = "stablehlo.broadcast_in_dim"(%320) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %322 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %323 = "stablehlo.divide"(%321, %322) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %324 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %325 = "stablehlo.add"(%323, %324) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %326 = "stablehlo.rsqrt"(%325) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %327 = "stablehlo.multiply"(%314, %326) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %328 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %329 = "stablehlo.add"(%w21, %328) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %330 = "stablehlo.broadcast_in_dim"(%329) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %331 = "stablehlo.multiply"(%327, %330) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %332 = "stablehlo.add"(%207, %331) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %333 = "stablehlo.multiply"(%332, %332) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %334 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %338 = "stablehlo.reduce"(%333, %334) ({
  ^bb0(%335: tensor<f32>, %336: tensor<f32>):
    %337 = "stablehlo.add"(%335, %336) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%337) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %339 = "stablehlo.broadcast_in_dim"(%338) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %340 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %341 = "stablehlo.divide"(%339, %340) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %342 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %343 = "stablehlo.add"(%341, %342) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %344 = "stablehlo.rsqrt"(%343) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %345 = "stablehlo.multiply"(%332, %344) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %346 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %347 = "stablehlo.add"(%w22, %346) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %348 = "stablehlo.broadcast_in_dim"(%347) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %349 = "stablehlo.multiply"(%345, %348) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %350 = "stablehlo.dot_general"(%w24, %349) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %351 = "stablehlo.transpose"(%350) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %352 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %353 = "stablehlo.multiply"(%351, %352) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %354 = "stablehlo.multiply"(%351, %351) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %355 = "stablehlo.multiply"(%354, %351) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %356 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %357 = "stablehlo.multiply"(%355, %356) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %358 = "stablehlo.add"(%351, %357) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %359 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %360 = "stablehlo.multiply"(%358, %359) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %361 = "stablehlo.tanh"(%360) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %362 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %363 = "stablehlo.add"(%361, %362) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %364 = "stablehlo.multiply"(%353, %363) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %365 = "stablehlo.dot_general"(%w25, %349) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %366 = "stablehlo.transpose"(%365) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %367 = "stablehlo.multiply"(%364, %366) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %368 = "stablehlo.dot_general"(%w26, %367) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<32x96xf32>) -> tensor<64x32xf32>
  %369 = "stablehlo.transpose"(%368) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %370 = "stablehlo.multiply"(%369, %369) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %371 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %375 = "stablehlo.reduce"(%370, %371) ({
  ^bb0(%372: tensor<f32>, %373: tensor<f32>):
    %374 = "stablehlo.add"(%372, %373) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%374) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %376 = "stablehlo.broadcast_in_dim"(%375) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %377 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %378 = "stablehlo.divide"(%376, %377) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %379 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %380 = "stablehlo.add"(%378, %379) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %381 = "stablehlo.rsqrt"(%380) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %382 = "stablehlo.multiply"(%369, %381) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %383 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %384 = "stablehlo.add"(%w23, %383) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %385 = "stablehlo.broadcast_in_dim"(%384) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %386 = "stablehlo.multiply"(%382, %385) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %387 = "stablehlo.add"(%332, %386) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %388 = "stablehlo.multiply"(%387, %387) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %389 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %393 = "stablehlo.reduce"(%388, %389) ({
  ^bb0(%390: tensor<f32>, %391: tensor<f32>):
    %392 = "stablehlo.add"(%390, %391) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%392) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %394 = "stablehlo.broadcast_in_dim"(%393) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %395 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %396 = "stablehlo.divide"(%394, %395) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %397 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %398 = "stablehlo.add"(%396, %397) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %399 = "stablehlo.rsqrt"(%398) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %400 = "stablehlo.multiply"(%387, %399) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %401 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %402 = "stablehlo.add"(%w27, %401) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %403 = "stablehlo.broadcast_in_dim"(%402) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %404 = "stablehlo.multiply"(%400, %403) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %405 = "stablehlo.dot_general"(%w28, %404) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %406 = "stablehlo.transpose"(%405) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %407 = "stablehlo.reshape"(%406) : (tensor<32x64xf32>) -> tensor<32x4x16xf32>
  %408 = "stablehlo.multiply"(%407, %407) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %409 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %413 = "stablehlo.reduce"(%408, %409) ({
  ^bb0(%410: tensor<f32>, %411: tensor<f32>):
    %412 = "stablehlo.add"(%410, %411) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%412) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x4x16xf32>, tensor<f32>) -> tensor<32x4xf32>
  %414 = "stablehlo.broadcast_in_dim"(%413) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x4xf32>) -> tensor<32x4x16xf32>
  %415 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %416 = "stablehlo.divide"(%414, %415) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %417 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %418 = "stablehlo.add"(%416, %417) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %419 = "stablehlo.rsqrt"(%418) : (tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %420 = "stablehlo.multiply"(%407, %419) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %421 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %422 = "stablehlo.add"(%w32, %421) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %423 = "stablehlo.broadcast_in_dim"(%422) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x4x16xf32>
  %424 = "stablehlo.multiply"(%420, %423) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %425 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803FAB007E3FCFEF7F3F7DFF7F3FFCFF7F3F0000803F0000803F0000803F0000803FAB007E3FCFEF7F3F7DFF7F3FFCFF7F3F0000803F0000803F0000803F0000803FA50A783F3FBF7F3FF4FD7F3FEFFF7F3FFFFF7F3F0000803F0000803F0000803FA50A783F3FBF7F3FF4FD7F3FEFFF7F3FFFFF7F3F0000803F0000803F0000803FBF356E3F566E7F3F64FB7F3FDBFF7F3FFFFF7F3F0000803F0000803F0000803FBF356E3F566E7F3F64FB7F3FDBFF7F3FFFFF7F3F0000803F0000803F0000803F40A9603F1EFD7E3FCFF77F3FBEFF7F3FFEFF7F3F0000803F0000803F0000803F40A9603F1EFD7E3FCFF77F3FBEFF7F3FFEFF7F3F0000803F0000803F0000803F479B4F3FA56B7E3F33F37F3F98FF7F3FFDFF7F3F0000803F0000803F0000803F479B4F3FA56B7E3F33F37F3F98FF7F3FFDFF7F3F0000803F0000803F0000803FF64F3B3FFEB97D3F92ED7F3F6BFF7F3FFBFF7F3F0000803F0000803F0000803FF64F3B3FFEB97D3F92ED7F3F6BFF7F3FFBFF7F3F0000803F0000803F0000803F5F18243F3FE87C3FEAE67F3F35FF7F3FFAFF7F3F0000803F0000803F0000803F5F18243F3FE87C3FEAE67F3F35FF7F3FFAFF7F3F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F2BC3DC3EE9E47A3F88D67F3FB0FE7F3FF5FF7F3F0000803F0000803F0000803F2BC3DC3EE9E47A3F88D67F3FB0FE7F3FF5FF7F3F0000803F0000803F0000803FEF71A13E92B3793FCFCC7F3F62FE7F3FF3FF7F3F0000803F0000803F0000803FEF71A13E92B3793FCFCC7F3F62FE7F3FF3FF7F3F0000803F0000803F0000803F8437473EA662783F0FC27F3F0AFE7F3FF0FF7F3FFFFF7F3F0000803F0000803F8437473EA662783F0FC27F3F0AFE7F3FF0FF7F3FFFFF7F3F0000803F0000803FAADE903D4FF2763F49B67F3FABFD7F3FEDFF7F3FFFFF7F3F0000803F0000803FAADE903D4FF2763F49B67F3FABFD7F3FEDFF7F3FFFFF7F3F0000803F0000803FD8E85DBDBB62753F7EA97F3F44FD7F3FEAFF7F3FFFFF7F3F0000803F0000803FD8E85DBDBB62753F7EA97F3F44FD7F3FEAFF7F3FFFFF7F3F0000803F0000803F228636BE1FB4733FAC9B7F3FD4FC7F3FE6FF7F3FFFFF7F3F0000803F0000803F228636BE1FB4733FAC9B7F3FD4FC7F3FE6FF7F3FFFFF7F3F0000803F0000803F755C99BEAEE6713FD58C7F3F5BFC7F3FE3FF7F3FFFFF7F3F0000803F0000803F755C99BEAEE6713FD58C7F3F5BFC7F3FE3FF7F3FFFFF7F3F0000803F0000803F3311D5BEA5FA6F3FF97C7F3FDBFB7F3FDEFF7F3FFFFF7F3F0000803F0000803F3311D5BEA5FA6F3FF97C7F3FDBFB7F3FDEFF7F3FFFFF7F3F0000803F0000803F64B906BF42F06D3F166C7F3F52FB7F3FDAFF7F3FFFFF7F3F0000803F0000803F64B906BF42F06D3F166C7F3F52FB7F3FDAFF7F3FFFFF7F3F0000803F0000803FFDCF20BFC6C76B3F2F5A7F3FC1FA7F3FD6FF7F3FFFFF7F3F0000803F0000803FFDCF20BFC6C76B3F2F5A7F3FC1FA7F3FD6FF7F3FFFFF7F3F0000803F0000803F2B6438BF7781693F41477F3F28FA7F3FD1FF7F3FFFFF7F3F0000803F0000803F2B6438BF7781693F41477F3F28FA7F3FD1FF7F3FFFFF7F3F0000803F0000803FBF174DBF9F1D673F4E337F3F86F97F3FCCFF7F3FFEFF7F3F0000803F0000803FBF174DBF9F1D673F4E337F3F86F97F3FCCFF7F3FFEFF7F3F0000803F0000803F06985EBF8C9C643F561E7F3FDCF87F3FC6FF7F3FFEFF7F3F0000803F0000803F06985EBF8C9C643F561E7F3FDCF87F3FC6FF7F3FFEFF7F3F0000803F0000803F159F6CBF8EFE613F59087F3F2AF87F3FC1FF7F3FFEFF7F3F0000803F0000803F159F6CBF8EFE613F59087F3F2AF87F3FC1FF7F3FFEFF7F3F0000803F0000803FE3F476BFFA435F3F57F17E3F6FF77F3FBBFF7F3FFEFF7F3F0000803F0000803FE3F476BFFA435F3F57F17E3F6FF77F3FBBFF7F3FFEFF7F3F0000803F0000803F26707DBF296D5C3F4FD97E3FADF67F3FB5FF7F3FFEFF7F3F0000803F0000803F26707DBF296D5C3F4FD97E3FADF67F3FB5FF7F3FFEFF7F3F0000803F0000803FFBF67FBF777A593F43C07E3FE2F57F3FAEFF7F3FFDFF7F3F0000803F0000803FFBF67FBF777A593F43C07E3FE2F57F3FAEFF7F3FFDFF7F3F0000803F0000803F487F7EBF426C563F31A67E3F0EF57F3FA7FF7F3FFDFF7F3F0000803F0000803F487F7EBF426C563F31A67E3F0EF57F3FA7FF7F3FFDFF7F3F0000803F0000803FEC0E79BFEE42533F1B8B7E3F32F47F3FA0FF7F3FFDFF7F3F0000803F0000803FEC0E79BFEE42533F1B8B7E3F32F47F3FA0FF7F3FFDFF7F3F0000803F0000803FA0BB6FBFE2FE4F3F006F7E3F4FF37F3F99FF7F3FFDFF7F3F0000803F0000803FA0BB6FBFE2FE4F3F006F7E3F4FF37F3F99FF7F3FFDFF7F3F0000803F0000803FA5AA62BF86A04C3FE1517E3F62F27F3F92FF7F3FFDFF7F3F0000803F0000803FA5AA62BF86A04C3FE1517E3F62F27F3F92FF7F3FFDFF7F3F0000803F0000803F2E1052BF4828493FBD337E3F6EF17F3F8AFF7F3FFCFF7F3F0000803F0000803F2E1052BF4828493FBD337E3F6EF17F3F8AFF7F3FFCFF7F3F0000803F0000803F8D2E3EBF9A96453F95147E3F71F07F3F82FF7F3FFCFF7F3F0000803F0000803F8D2E3EBF9A96453F95147E3F71F07F3F82FF7F3FFCFF7F3F0000803F0000803F"> : tensor<32x16xf32>} : () -> tensor<32x16xf32>
  %426 = "stablehlo.broadcast_in_dim"(%425) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %427 = "stablehlo.multiply"(%424, %426) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %428 = "stablehlo.slice"(%424) {limit_indices = array<i64: 32, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %429 = "stablehlo.negate"(%428) : (tensor<32x4x8xf32>) -> tensor<32x4x8xf32>
  %430 = "stablehlo.slice"(%424) {limit_indices = array<i64: 32, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %431 = "stablehlo.concatenate"(%429, %430) {dimension = 2 : i64} : (tensor<32x4x8xf32>, tensor<32x4x8xf32>) -> tensor<32x4x16xf32>
  %432 = "stablehlo.constant"() {value = dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007755FF3DB014B63CCD86813B9B44383A6F1203395377BA37B2A28436C1B03C357755FF3DB014B63CCD86813B9B44383A6F1203395377BA37B2A28436C1B03C3577577D3E2C09363D8B86013C9844B83A6F12833953773A38B2A20437C1B0BC3577577D3E2C09363D8B86013C9844B83A6F12833953773A38B2A20437C1B0BC351388BB3E7D78883D2A49423C6E330A3BA69BC4397ED98B380BF4463791840D361388BB3E7D78883D2A49423C6E330A3BA69BC4397ED98B380BF4463791840D364477F53E21DBB53D8185813C8C44383B6F12033A5377BA38B2A28437C1B03C364477F53E21DBB53D8185813C8C44383B6F12033A5377BA38B2A28437C1B03C36EFC8153FC526E33DE9E5A13CA455663B0AD7233A2815E9385ECBA537F1DC6B36EFC8153FC526E33DE9E5A13CA455663B0AD7233A2815E9385ECBA537F1DC6B36E17F2E3FD62A083EAA45C23C5A338A3BA59B443A7ED90B390BF4C63791848D36E17F2E3FD62A083EAA45C23C5A338A3BA59B443A7ED90B390BF4C63791848D36BB7D443F11B11E3EA5A4E23CDD3BA13B4060653A69282339B81CE837A91AA536BB7D443F11B11E3EA5A4E23CDD3BA13B4060653A69282339B81CE837A91AA536A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC36A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC3602FB663F797E4B3EE1AF113DD54CCF3BBB74933A3DC6513908371538D946D43602FB663F797E4B3EE1AF113DD54CCF3BBB74933A3DC6513908371538D946D436A8F0723FFBBF613ED1DD213D4755E63B08D7A33A281569395ECB2538F1DCEB36A8F0723FFBBF613ED1DD213D4755E63B08D7A33A281569395ECB2538F1DCEB36CF1B7B3FEFE4773E1A0B323DB15DFD3B5539B43A09328039B55F363885B90137CF1B7B3FEFE4773E1A0B323DB15DFD3B5539B43A09328039B55F363885B90137D55B7F3F44F5863EAE37423D0A330A3CA19BC43A7ED98B390BF4463891840D37D55B7F3F44F5863EAE37423D0A330A3CA19BC43A7ED98B390BF4463891840D37C09F7F3FFFE6913E7B63523D36B7153CEEFDD43AF3809739618857389D4F1937C09F7F3FFFE6913E7B63523D36B7153CEEFDD43AF3809739618857389D4F193781E67B3F44C69C3E708E623D5D3B213C3A60E53A6928A339B81C6838A91A253781E67B3F44C69C3E708E623D5D3B213C3A60E53A6928A339B81C6838A91A2537F73E743FB791A73E7EB8723D80BF2C3C87C2F53ADECFAE390EB17838B5E53037F73E743FB791A73E7EB8723D80BF2C3C87C2F53ADECFAE390EB17838B5E53037B7C7683FF647B23EC970813D9D43383C6912033B5377BA39B2A28438C1B03C37B7C7683FF647B23EC970813D9D43383C6912033B5377BA39B2A28438C1B03C378FAE593FA9E7BC3ECF84893DB5C7433C8F430B3BC81EC639DDEC8C38CD7B48378FAE593FA9E7BC3ECF84893DB5C7433C8F430B3BC81EC639DDEC8C38CD7B4837CE2F473F776FC73E4798913DC64B4F3CB574133B3DC6D13908379538D9465437CE2F473F776FC73E4798913DC64B4F3CB574133B3DC6D13908379538D94654375895313F0BDED13E2CAB993DCFCF5A3CDAA51B3BB36DDD3933819D38E51160375895313F0BDED13E2CAB993DCFCF5A3CDAA51B3BB36DDD3933819D38E51160377835193F1532DC3E72BDA13DD253663C00D7233B2715E9395ECBA538F1DC6B377835193F1532DC3E72BDA13DD253663C00D7233B2715E9395ECBA538F1DC6B371FE3FC3E436AE63E13CFA93DCDD7713C25082C3B9CBCF4398A15AE38FDA777371FE3FC3E436AE63E13CFA93DCDD7713C25082C3B9CBCF4398A15AE38FDA777371269C33E4D85F03E06E0B13DC05B7D3C4A39343B0932003AB55FB63885B981371269C33E4D85F03E06E0B13DC05B7D3C4A39343B0932003AB55FB63885B9813765E2863EEB81FA3E43F0B93DD66F843C6F6A3C3BC405063AE0A9BE380B9F873765E2863EEB81FA3E43F0B93DD66F843C6F6A3C3BC405063AE0A9BE380B9F8737C381103E6C2F023FC1FFC13DC7318A3C939B443B7ED90B3A0BF4C63891848D37C381103E6C2F023FC1FFC13DC7318A3C939B443B7ED90B3A0BF4C63891848D37B8EB873C6C0D073F7A0ECA3DB4F38F3CB7CC4C3B39AD113A363ECF38176A9337B8EB873C6C0D073F7A0ECA3DB4F38F3CB7CC4C3B39AD113A363ECF38176A93376995DDBD57DA0B3F621CD23D9DB5953CDBFD543BF280173A6188D7389D4F99376995DDBD57DA0B3F621CD23D9DB5953CDBFD543BF280173A6188D7389D4F993749D86CBE9195103F7429DA3D80779B3CFF2E5D3BAD541D3A8CD2DF3823359F3749D86CBE9195103F7429DA3D80779B3CFF2E5D3BAD541D3A8CD2DF3823359F37DC99B3BE813E153FA635E23D5E39A13C2360653B6828233AB81CE838A91AA537DC99B3BE813E153FA635E23D5E39A13C2360653B6828233AB81CE838A91AA5371BFAEDBE91D4193FF140EA3D37FBA63C47916D3B22FC283AE366F0382F00AB371BFAEDBE91D4193FF140EA3D37FBA63C47916D3B22FC283AE366F0382F00AB37D85112BF2C571E3F4C4BF23D0BBDAC3C6AC2753BDDCF2E3A0EB1F838B5E5B037D85112BF2C571E3F4C4BF23D0BBDAC3C6AC2753BDDCF2E3A0EB1F838B5E5B0371D5E2BBFC0C5223FAF54FA3DD97EB23C8DF37D3B97A3343A9C7D00393BCBB6371D5E2BBFC0C5223FAF54FA3DD97EB23C8DF37D3B97A3343A9C7D00393BCBB637"> : tensor<32x16xf32>} : () -> tensor<32x16xf32>
  %433 = "stablehlo.broadcast_in_dim"(%432) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %434 = "stablehlo.multiply"(%431, %433) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %435 = "stablehlo.add"(%427, %434) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %436 = "stablehlo.reshape"(%435) : (tensor<32x4x16xf32>) -> tensor<32x2x2x16xf32>
  %437 = "stablehlo.transpose"(%436) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<32x2x2x16xf32>) -> tensor<2x2x32x16xf32>
  %438 = "stablehlo.dot_general"(%w29, %404) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %439 = "stablehlo.transpose"(%438) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %440 = "stablehlo.reshape"(%439) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %441 = "stablehlo.multiply"(%440, %440) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %442 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %446 = "stablehlo.reduce"(%441, %442) ({
  ^bb0(%443: tensor<f32>, %444: tensor<f32>):
    %445 = "stablehlo.add"(%443, %444) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%445) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x2x16xf32>, tensor<f32>) -> tensor<32x2xf32>
  %447 = "stablehlo.broadcast_in_dim"(%446) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x2xf32>) -> tensor<32x2x16xf32>
  %448 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %449 = "stablehlo.divide"(%447, %448) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %450 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %451 = "stablehlo.add"(%449, %450) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %452 = "stablehlo.rsqrt"(%451) : (tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %453 = "stablehlo.multiply"(%440, %452) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %454 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %455 = "stablehlo.add"(%w33, %454) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %456 = "stablehlo.broadcast_in_dim"(%455) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x2x16xf32>
  %457 = "stablehlo.multiply"(%453, %456) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %458 = "stablehlo.broadcast_in_dim"(%425) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %459 = "stablehlo.multiply"(%457, %458) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %460 = "stablehlo.slice"(%457) {limit_indices = array<i64: 32, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %461 = "stablehlo.negate"(%460) : (tensor<32x2x8xf32>) -> tensor<32x2x8xf32>
  %462 = "stablehlo.slice"(%457) {limit_indices = array<i64: 32, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %463 = "stablehlo.concatenate"(%461, %462) {dimension = 2 : i64} : (tensor<32x2x8xf32>, tensor<32x2x8xf32>) -> tensor<32x2x16xf32>
  %464 = "stablehlo.broadcast_in_dim"(%432) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %465 = "stablehlo.multiply"(%463, %464) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %466 = "stablehlo.add"(%459, %465) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %467 = "stablehlo.transpose"(%466) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %468 = "stablehlo.dot_general"(%437, %467) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x16xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x32xf32>
  %469 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %470 = "stablehlo.multiply"(%468, %469) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %471 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %472 = "stablehlo.select"(%24, %470, %471) : (tensor<2x2x32x32xi1>, tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %473 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %477 = "stablehlo.reduce"(%472, %473) ({
  ^bb0(%474: tensor<f32>, %475: tensor<f32>):
    %476 = "stablehlo.maximum"(%474, %475) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%476) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %478 = "stablehlo.broadcast_in_dim"(%477) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %479 = "stablehlo.subtract"(%472, %478) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %480 = "stablehlo.exponential"(%479) : (tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %481 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %485 = "stablehlo.reduce"(%480, %481) ({
  ^bb0(%482: tensor<f32>, %483: tensor<f32>):
    %484 = "stablehlo.add"(%482, %483) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%484) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %486 = "stablehlo.broadcast_in_dim"(%485) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %487 = "stablehlo.divide"(%480, %486) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %488 = "stablehlo.dot_general"(%w30, %404) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %489 = "stablehlo.transpose"(%488) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %490 = "stablehlo.reshape"(%489) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %491 = "stablehlo.transpose"(%490) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %492 = "stablehlo.dot_general"(%487, %491) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x32xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x16xf32>
  %493 = "stablehlo.transpose"(%492) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x32x16xf32>) -> tensor<32x2x2x16xf32>
  %494 = "stablehlo.reshape"(%493) : (tensor<32x2x2x16xf32>) -> tensor<32x64xf32>
  %495 = "stablehlo.dot_general"(%w31, %494) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %496 = "stablehlo.transpose"(%495) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %497 = "stablehlo.multiply"(%496, %496) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %498 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %502 = "stablehlo.reduce"(%497, %498) ({
  ^bb0(%499: tensor<f32>, %500: tensor<f32>):
    %501 = "stablehlo.add"(%499, %500) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%501) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %503 = "stablehlo.broadcast_in_dim"(%502) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %504 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %505 = "stablehlo.divide"(%503, %504) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %506 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %507 = "stablehlo.add"(%505, %506) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %508 = "stablehlo.rsqrt"(%507) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %509 = "stablehlo.multiply"(%496, %508) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %510 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %511 = "stablehlo.add"(%w34, %510) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %512 = "stablehlo.broadcast_in_dim"(%511) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %513 = "stablehlo.multiply"(%509, %512) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %514 = "stablehlo.add"(%387, %513) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %515 = "stablehlo.multiply"(%514, %514) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %516 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %520 = "stablehlo.reduce"(%515, %516) ({
  ^bb0(%517: tensor<f32>, %518: tensor<f32>):
    %519 = "stablehlo.add"(%517, %518) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%519) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %521 = "stablehlo.broadcast_in_dim"(%520) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %522 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %523 = "stablehlo.divide"(%521, %522) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %524 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %525 = "stablehlo.add"(%523, %524) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %526 = "stablehlo.rsqrt"(%525) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %527 = "stablehlo.multiply"(%514, %526) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %528 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %529 = "stablehlo.add"(%w35, %528) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %530 = "stablehlo.broadcast_in_dim"(%529) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %531 = "stablehlo.multiply"(%527, %530) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %532 = "stablehlo.dot_general"(%w37, %531) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %533 = "stablehlo.transpose"(%532) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %534 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %535 = "stablehlo.multiply"(%533, %534) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %536 = "stablehlo.multiply"(%533, %533) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %537 = "stablehlo.multiply"(%536, %533) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %538 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %539 = "stablehlo.multiply"(%537, %538) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %540 = "stablehlo.add"(%533, %539) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %541 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %542 = "stablehlo.multiply"(%540, %541) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %543 = "stablehlo.tanh"(%542) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %544 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %545 = "stablehlo.add"(%543, %544) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %546 = "stablehlo.multiply"(%535, %545) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %547 = "stablehlo.dot_general"(%w38, %531) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %548 = "stablehlo.transpose"(%547) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %549 = "stablehlo.multiply"(%546, %548) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %550 = "stablehlo.dot_general"(%w39, %549) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<32x96xf32>) -> tensor<64x32xf32>
  %551 = "stablehlo.transpose"(%550) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %552 = "stablehlo.multiply"(%551, %551) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %553 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %557 = "stablehlo.reduce"(%552, %553) ({
  ^bb0(%554: tensor<f32>, %555: tensor<f32>):
    %556 = "stablehlo.add"(%554, %555) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%556) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %558 = "stablehlo.broadcast_in_dim"(%557) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %559 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %560 = "stablehlo.divide"(%558, %559) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %561 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %562 = "stablehlo.add"(%560, %561) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %563 = "stablehlo.rsqrt"(%562) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %564 = "stablehlo.multiply"(%551, %563) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %565 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %566 = "stablehlo.add"(%w36, %565) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %567 = "stablehlo.broadcast_in_dim"(%566) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %568 = "stablehlo.multiply"(%564, %567) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %569 = "stablehlo.add"(%514, %568) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %570 = "stablehlo.multiply"(%569, %569) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %571 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %575 = "stablehlo.reduce"(%570, %571) ({
  ^bb0(%572: tensor<f32>, %573: tensor<f32>):
    %574 = "stablehlo.add"(%572, %573) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%574) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %576 = "stablehlo.broadcast_in_dim"(%575) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %577 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %578 = "stablehlo.divide"(%576, %577) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %579 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %580 = "stablehlo.add"(%578, %579) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %581 = "stablehlo.rsqrt"(%580) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %582 = "stablehlo.multiply"(%569, %581) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %583 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %584 = "stablehlo.add"(%w40, %583) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %585 = "stablehlo.broadcast_in_dim"(%584) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %586 = "stablehlo.multiply"(%582, %585) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %587 = "stablehlo.dot_general"(%w41, %586) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %588 = "stablehlo.transpose"(%587) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %589 = "stablehlo.reshape"(%588) : (tensor<32x64xf32>) -> tensor<32x4x16xf32>
  %590 = "stablehlo.multiply"(%589, %589) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %591 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %595 = "stablehlo.reduce"(%590, %591) ({
  ^bb0(%592: tensor<f32>, %593: tensor<f32>):
    %594 = "stablehlo.add"(%592, %593) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%594) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x4x16xf32>, tensor<f32>) -> tensor<32x4xf32>
  %596 = "stablehlo.broadcast_in_dim"(%595) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x4xf32>) -> tensor<32x4x16xf32>
  %597 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %598 = "stablehlo.divide"(%596, %597) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %599 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x4x16xf32>} : () -> tensor<32x4x16xf32>
  %600 = "stablehlo.add"(%598, %599) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %601 = "stablehlo.rsqrt"(%600) : (tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %602 = "stablehlo.multiply"(%589, %601) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %603 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %604 = "stablehlo.add"(%w45, %603) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %605 = "stablehlo.broadcast_in_dim"(%604) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x4x16xf32>
  %606 = "stablehlo.multiply"(%602, %605) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %607 = "stablehlo.broadcast_in_dim"(%63) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %608 = "stablehlo.multiply"(%606, %607) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %609 = "stablehlo.slice"(%606) {limit_indices = array<i64: 32, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %610 = "stablehlo.negate"(%609) : (tensor<32x4x8xf32>) -> tensor<32x4x8xf32>
  %611 = "stablehlo.slice"(%606) {limit_indices = array<i64: 32, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x4x16xf32>) -> tensor<32x4x8xf32>
  %612 = "stablehlo.concatenate"(%610, %611) {dimension = 2 : i64} : (tensor<32x4x8xf32>, tensor<32x4x8xf32>) -> tensor<32x4x16xf32>
  %613 = "stablehlo.broadcast_in_dim"(%70) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x4x16xf32>
  %614 = "stablehlo.multiply"(%612, %613) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %615 = "stablehlo.add"(%608, %614) : (tensor<32x4x16xf32>, tensor<32x4x16xf32>) -> tensor<32x4x16xf32>
  %616 = "stablehlo.reshape"(%615) : (tensor<32x4x16xf32>) -> tensor<32x2x2x16xf32>
  %617 = "stablehlo.transpose"(%616) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<32x2x2x16xf32>) -> tensor<2x2x32x16xf32>
  %618 = "stablehlo.dot_general"(%w42, %586) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %619 = "stablehlo.transpose"(%618) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %620 = "stablehlo.reshape"(%619) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %621 = "stablehlo.multiply"(%620, %620) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %622 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %626 = "stablehlo.reduce"(%621, %622) ({
  ^bb0(%623: tensor<f32>, %624: tensor<f32>):
    %625 = "stablehlo.add"(%623, %624) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%625) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<32x2x16xf32>, tensor<f32>) -> tensor<32x2xf32>
  %627 = "stablehlo.broadcast_in_dim"(%626) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<32x2xf32>) -> tensor<32x2x16xf32>
  %628 = "stablehlo.constant"() {value = dense<1.6e+01> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %629 = "stablehlo.divide"(%627, %628) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %630 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x2x16xf32>} : () -> tensor<32x2x16xf32>
  %631 = "stablehlo.add"(%629, %630) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %632 = "stablehlo.rsqrt"(%631) : (tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %633 = "stablehlo.multiply"(%620, %632) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %634 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<16xf32>} : () -> tensor<16xf32>
  %635 = "stablehlo.add"(%w46, %634) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %636 = "stablehlo.broadcast_in_dim"(%635) {broadcast_dimensions = array<i64: 2>} : (tensor<16xf32>) -> tensor<32x2x16xf32>
  %637 = "stablehlo.multiply"(%633, %636) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %638 = "stablehlo.broadcast_in_dim"(%63) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %639 = "stablehlo.multiply"(%637, %638) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %640 = "stablehlo.slice"(%637) {limit_indices = array<i64: 32, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %641 = "stablehlo.negate"(%640) : (tensor<32x2x8xf32>) -> tensor<32x2x8xf32>
  %642 = "stablehlo.slice"(%637) {limit_indices = array<i64: 32, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<32x2x16xf32>) -> tensor<32x2x8xf32>
  %643 = "stablehlo.concatenate"(%641, %642) {dimension = 2 : i64} : (tensor<32x2x8xf32>, tensor<32x2x8xf32>) -> tensor<32x2x16xf32>
  %644 = "stablehlo.broadcast_in_dim"(%70) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<32x16xf32>) -> tensor<32x2x16xf32>
  %645 = "stablehlo.multiply"(%643, %644) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %646 = "stablehlo.add"(%639, %645) : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2x16xf32>
  %647 = "stablehlo.transpose"(%646) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %648 = "stablehlo.dot_general"(%617, %647) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x16xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x32xf32>
  %649 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %650 = "stablehlo.multiply"(%648, %649) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %651 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x32x32xf32>} : () -> tensor<2x2x32x32xf32>
  %652 = "stablehlo.select"(%25, %650, %651) : (tensor<2x2x32x32xi1>, tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %653 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %657 = "stablehlo.reduce"(%652, %653) ({
  ^bb0(%654: tensor<f32>, %655: tensor<f32>):
    %656 = "stablehlo.maximum"(%654, %655) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%656) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %658 = "stablehlo.broadcast_in_dim"(%657) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %659 = "stablehlo.subtract"(%652, %658) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %660 = "stablehlo.exponential"(%659) : (tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %661 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %665 = "stablehlo.reduce"(%660, %661) ({
  ^bb0(%662: tensor<f32>, %663: tensor<f32>):
    %664 = "stablehlo.add"(%662, %663) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%664) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x32x32xf32>, tensor<f32>) -> tensor<2x2x32xf32>
  %666 = "stablehlo.broadcast_in_dim"(%665) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x32xf32>) -> tensor<2x2x32x32xf32>
  %667 = "stablehlo.divide"(%660, %666) : (tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %668 = "stablehlo.dot_general"(%w43, %586) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x32xf32>
  %669 = "stablehlo.transpose"(%668) {permutation = array<i64: 1, 0>} : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %670 = "stablehlo.reshape"(%669) : (tensor<32x32xf32>) -> tensor<32x2x16xf32>
  %671 = "stablehlo.transpose"(%670) {permutation = array<i64: 1, 0, 2>} : (tensor<32x2x16xf32>) -> tensor<2x32x16xf32>
  %672 = "stablehlo.dot_general"(%667, %671) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x32x32xf32>, tensor<2x32x16xf32>) -> tensor<2x2x32x16xf32>
  %673 = "stablehlo.transpose"(%672) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x32x16xf32>) -> tensor<32x2x2x16xf32>
  %674 = "stablehlo.reshape"(%673) : (tensor<32x2x2x16xf32>) -> tensor<32x64xf32>
  %675 = "stablehlo.dot_general"(%w44, %674) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<64x32xf32>
  %676 = "stablehlo.transpose"(%675) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %677 = "stablehlo.multiply"(%676, %676) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %678 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %682 = "stablehlo.reduce"(%677, %678) ({
  ^bb0(%679: tensor<f32>, %680: tensor<f32>):
    %681 = "stablehlo.add"(%679, %680) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%681) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %683 = "stablehlo.broadcast_in_dim"(%682) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %684 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %685 = "stablehlo.divide"(%683, %684) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %686 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %687 = "stablehlo.add"(%685, %686) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %688 = "stablehlo.rsqrt"(%687) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %689 = "stablehlo.multiply"(%676, %688) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %690 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %691 = "stablehlo.add"(%w47, %690) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %692 = "stablehlo.broadcast_in_dim"(%691) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %693 = "stablehlo.multiply"(%689, %692) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %694 = "stablehlo.add"(%569, %693) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %695 = "stablehlo.multiply"(%694, %694) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %696 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %700 = "stablehlo.reduce"(%695, %696) ({
  ^bb0(%697: tensor<f32>, %698: tensor<f32>):
    %699 = "stablehlo.add"(%697, %698) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%699) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %701 = "stablehlo.broadcast_in_dim"(%700) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %702 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %703 = "stablehlo.divide"(%701, %702) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %704 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %705 = "stablehlo.add"(%703, %704) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %706 = "stablehlo.rsqrt"(%705) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %707 = "stablehlo.multiply"(%694, %706) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %708 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %709 = "stablehlo.add"(%w48, %708) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %710 = "stablehlo.broadcast_in_dim"(%709) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %711 = "stablehlo.multiply"(%707, %710) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %712 = "stablehlo.dot_general"(%w50, %711) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %713 = "stablehlo.transpose"(%712) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %714 = "stablehlo.constant"() {value = dense<5.0e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %715 = "stablehlo.multiply"(%713, %714) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %716 = "stablehlo.multiply"(%713, %713) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %717 = "stablehlo.multiply"(%716, %713) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %718 = "stablehlo.constant"() {value = dense<4.4715e-02> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %719 = "stablehlo.multiply"(%717, %718) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %720 = "stablehlo.add"(%713, %719) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %721 = "stablehlo.constant"() {value = dense<7.978846e-01> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %722 = "stablehlo.multiply"(%720, %721) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %723 = "stablehlo.tanh"(%722) : (tensor<32x96xf32>) -> tensor<32x96xf32>
  %724 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<32x96xf32>} : () -> tensor<32x96xf32>
  %725 = "stablehlo.add"(%723, %724) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %726 = "stablehlo.multiply"(%715, %725) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %727 = "stablehlo.dot_general"(%w51, %711) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<32x64xf32>) -> tensor<96x32xf32>
  %728 = "stablehlo.transpose"(%727) {permutation = array<i64: 1, 0>} : (tensor<96x32xf32>) -> tensor<32x96xf32>
  %729 = "stablehlo.multiply"(%726, %728) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
  %730 = "stablehlo.dot_general"(%w52, %729) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<32x96xf32>) -> tensor<64x32xf32>
  %731 = "stablehlo.transpose"(%730) {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %732 = "stablehlo.multiply"(%731, %731) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %733 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %737 = "stablehlo.reduce"(%732, %733) ({
  ^bb0(%734: tensor<f32>, %735: tensor<f32>):
    %736 = "stablehlo.add"(%734, %735) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%736) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %738 = "stablehlo.broadcast_in_dim"(%737) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x64xf32>
  %739 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %740 = "stablehlo.divide"(%738, %739) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %741 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<32x64xf32>} : () -> tensor<32x64xf32>
  %742 = "stablehlo.add"(%740, %741) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %743 = "stablehlo.rsqrt"(%742) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %744 = "stablehlo.multiply"(%731, %743) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %745 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %746 = "stablehlo.add"(%w49, %745) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %747 = "stablehlo.broadcast_in_dim"(%746) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<32x64xf32>
  %748 = "stablehlo.multiply"(%744, %747) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %749 = "stablehlo.add"(%694, %748) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %750 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %751 = "stablehlo.subtract"(%length, %750) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %752 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %753 = "stablehlo.dynamic_slice"(%749, %751, %752) {slice_sizes = array<i64: 1, 64>} : (tensor<32x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
  %754 = "stablehlo.multiply"(%753, %753) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %755 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %759 = "stablehlo.reduce"(%754, %755) ({
  ^bb0(%756: tensor<f32>, %757: tensor<f32>):
    %758 = "stablehlo.add"(%756, %757) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%758) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
  %760 = "stablehlo.broadcast_in_dim"(%759) {broadcast_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1x64xf32>
  %761 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %762 = "stablehlo.divide"(%760, %761) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %763 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %764 = "stablehlo.add"(%762, %763) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %765 = "stablehlo.rsqrt"(%764) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %766 = "stablehlo.multiply"(%753, %765) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %767 = "stablehlo.constant"() {value = dense<1.0e+00> : tensor<64xf32>} : () -> tensor<64xf32>
  %768 = "stablehlo.add"(%w53, %767) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %769 = "stablehlo.broadcast_in_dim"(%768) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<1x64xf32>
  %770 = "stablehlo.multiply"(%766, %769) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %771 = "stablehlo.dot_general"(%w0, %770) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1406x64xf32>, tensor<1x64xf32>) -> tensor<1406x1xf32>
  %772 = "stablehlo.transpose"(%771) {permutation = array<i64: 1, 0>} : (tensor<1406x1xf32>) -> tensor<1x1406xf32>
  %773 = "stablehlo.reshape"(%772) : (tensor<1x1406xf32>) -> tensor<1406xf32>
  %774 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %775 = "stablehlo.subtract"(%length, %774) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %776 = "stablehlo.broadcast_in_dim"(%775) {broadcast_dimensions = array<i64>} : (tensor<i32>) -> tensor<6xi32>
  %777 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<6xi32>
  %778 = "stablehlo.subtract"(%776, %777) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %779 = "stablehlo.constant"() {value = dense<6> : tensor<6xi32>} : () -> tensor<6xi32>
  %780 = "stablehlo.add"(%778, %779) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %781 = "stablehlo.divide"(%780, %779) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %782 = "stablehlo.multiply"(%781, %779) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %783 = "stablehlo.subtract"(%780, %782) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %784 = "stablehlo.subtract"(%776, %783) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %785 = "stablehlo.constant"() {value = dense<0> : tensor<6xi32>} : () -> tensor<6xi32>
  %786 = "stablehlo.maximum"(%784, %785) : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  %787 = "stablehlo.gather"(%104, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<32x2x16xf32>, tensor<6xi32>) -> tensor<6x2x16xf32>
  %788 = "stablehlo.transpose"(%787) {permutation = array<i64: 1, 0, 2>} : (tensor<6x2x16xf32>) -> tensor<2x6x16xf32>
  %789 = "stablehlo.dynamic_update_slice"(%kv_0_key, %788, %752, %752, %752) : (tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x6x16xf32>
  %790 = "stablehlo.gather"(%128, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<32x2x16xf32>, tensor<6xi32>) -> tensor<6x2x16xf32>
  %791 = "stablehlo.transpose"(%790) {permutation = array<i64: 1, 0, 2>} : (tensor<6x2x16xf32>) -> tensor<2x6x16xf32>
  %792 = "stablehlo.dynamic_update_slice"(%kv_0_value, %791, %752, %752, %752) : (tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x6x16xf32>
  %793 = "stablehlo.gather"(%284, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<32x2x16xf32>, tensor<6xi32>) -> tensor<6x2x16xf32>
  %794 = "stablehlo.transpose"(%793) {permutation = array<i64: 1, 0, 2>} : (tensor<6x2x16xf32>) -> tensor<2x6x16xf32>
  %795 = "stablehlo.dynamic_update_slice"(%kv_1_key, %794, %752, %752, %752) : (tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x6x16xf32>
  %796 = "stablehlo.gather"(%308, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<32x2x16xf32>, tensor<6xi32>) -> tensor<6x2x16xf32>
  %797 = "stablehlo.transpose"(%796) {permutation = array<i64: 1, 0, 2>} : (tensor<6x2x16xf32>) -> tensor<2x6x16xf32>
  %798 = "stablehlo.dynamic_update_slice"(%kv_1_value, %797, %752, %752, %752) : (tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x6x16xf32>
  %799 = "stablehlo.dynamic_update_slice"(%kv_2_key, %467, %752, %752, %752) : (tensor<2x64x16xf32>, tensor<2x32x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x64x16xf32>
  %800 = "stablehlo.dynamic_update_slice"(%kv_2_value, %491, %752, %752, %752) : (tensor<2x64x16xf32>, tensor<2x32x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x64x16xf32>
  %801 = "stablehlo.gather"(%646, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<32x2x16xf32>, tensor<6xi32>) -> tensor<6x2x16xf32>
  %802 = "stablehlo.transpose"(%801) {permutation = array<i64: 1, 0, 2>} : (tensor<6x2x16xf32>) -> tensor<2x6x16xf32>
  %803 = "stablehlo.dynamic_update_slice"(%kv_3_key, %802, %752, %752, %752) : (tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x6x16xf32>
  %804 = "stablehlo.gather"(%670, %786) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 16>} : (tensor<32x2x16xf32>, tensor<6xi32>) -> tensor<6x2x16xf32>
  %805 = "stablehlo.transpose"(%804) {permutation = array<i64: 1, 0, 2>} : (tensor<6x2x16xf32>) -> tensor<2x6x16xf32>
  %806 = "stablehlo.dynamic_update_slice"(%kv_3_value, %805, %752, %752, %752) : (tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x6x16xf32>
  func.return %773, %789, %792, %795, %798, %799, %800, %803, %806 : tensor<1406xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>, tensor<2x64x16xf32>, tensor<2x64x16xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>
}
}
