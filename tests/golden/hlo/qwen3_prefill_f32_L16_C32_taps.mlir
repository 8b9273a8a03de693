// qwen3_prefill_f32_L16_C32_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// prefill
// input input_ids tensor<16xi32> alias=-1
// input feature_index tensor<16xi32> alias=-1
// input image_features tensor<1x64xf32> alias=-1
// input length tensor<i32> alias=-1
// input kv.0.key tensor<2x32x24xf32> alias=1 kv=0.0.k
// input kv.0.value tensor<2x32x24xf32> alias=2 kv=0.0.v
// input kv.1.key tensor<2x32x24xf32> alias=3 kv=0.1.k
// input kv.1.value tensor<2x32x24xf32> alias=4 kv=0.1.v
// input kv.2.key tensor<2x32x24xf32> alias=5 kv=0.2.k
// input kv.2.value tensor<2x32x24xf32> alias=6 kv=0.2.v
// weight model.embed_tokens.weight tensor<1400x64xf32> alias=-1
// weight model.layers.0.input_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.0.self_attn.q_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.0.self_attn.k_proj.weight tensor<48x64xf32> alias=-1
// weight model.layers.0.self_attn.v_proj.weight tensor<48x64xf32> alias=-1
// weight model.layers.0.self_attn.o_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.0.self_attn.q_norm.weight tensor<24xf32> alias=-1
// weight model.layers.0.self_attn.k_norm.weight tensor<24xf32> alias=-1
// weight model.layers.0.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.0.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.0.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.0.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.1.input_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.1.self_attn.q_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.1.self_attn.k_proj.weight tensor<48x64xf32> alias=-1
// weight model.layers.1.self_attn.v_proj.weight tensor<48x64xf32> alias=-1
// weight model.layers.1.self_attn.o_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.1.self_attn.q_norm.weight tensor<24xf32> alias=-1
// weight model.layers.1.self_attn.k_norm.weight tensor<24xf32> alias=-1
// weight model.layers.1.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.1.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.1.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.1.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.2.input_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.2.self_attn.q_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.2.self_attn.k_proj.weight tensor<48x64xf32> alias=-1
// weight model.layers.2.self_attn.v_proj.weight tensor<48x64xf32> alias=-1
// weight model.layers.2.self_attn.o_proj.weight tensor<64x96xf32> alias=-1
// weight model.layers.2.self_attn.q_norm.weight tensor<24xf32> alias=-1
// weight model.layers.2.self_attn.k_norm.weight tensor<24xf32> alias=-1
// weight model.layers.2.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight model.layers.2.mlp.gate_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.2.mlp.up_proj.weight tensor<96x64xf32> alias=-1
// weight model.layers.2.mlp.down_proj.weight tensor<64x96xf32> alias=-1
// weight model.norm.weight tensor<64xf32> alias=-1
// weight lm_head.weight tensor<1400x64xf32> alias=-1
// result prefill_logits tensor<1400xf32>
// result kv.0.key tensor<2x32x24xf32>
// result kv.0.value tensor<2x32x24xf32>
// result kv.1.key tensor<2x32x24xf32>
// result kv.1.value tensor<2x32x24xf32>
// result kv.2.key tensor<2x32x24xf32>
// result kv.2.value tensor<2x32x24xf32>
// result inputs_embeds tensor<16x64xf32>
// result past_key_values.0.key tensor<2x16x24xf32>
// result past_key_values.0.value tensor<2x16x24xf32>
// result past_key_values.1.key tensor<2x16x24xf32>
// result past_key_values.1.value tensor<2x16x24xf32>
// result past_key_values.2.key tensor<2x16x24xf32>
// result past_key_values.2.value tensor<2x16x24xf32>
module {
func.func public @main(%input_ids: tensor<16xi32>, %feature_index: tensor<16xi32>, %image_features: tensor<1x64xf32>, %length: tensor<i32>, %kv_0_key: tensor<2x32x24xf32> {tf.aliasing_output = 1 : i32}, %kv_0_value: tensor<2x32x24xf32> {tf.aliasing_output = 2 : i32}, %kv_1_key: tensor<2x32x24xf32> {tf.aliasing_output = 3 : i32}, %kv_1_value: tensor<2x32x24xf32> {tf.aliasing_output = 4 : i32}, %kv_2_key: tensor<2x32x24xf32> {tf.aliasing_output = 5 : i32}, %kv_2_value: tensor<2x32x24xf32> {tf.aliasing_output = 6 : i32}, %w0: tensor<1400x64xf32>, %w1: tensor<64xf32>, %w2: tensor<96x64xf32>, %w3: tensor<48x64xf32>, %w4: tensor<48x64xf32>, %w5: tensor<64x96xf32>, %w6: tensor<24xf32>, %w7: tensor<24xf32>, %w8: tensor<64xf32>, %w9: tensor<96x64xf32>, %w10: tensor<96x64xf32>, %w11: tensor<64x96xf32>, %w12: tensor<64xf32>, %w13: tensor<96x64xf32>, %w14: tensor<48x64xf32>, %w15: tensor<48x64xf32>, %w16: tensor<64x96xf32>, %w17: tensor<24xf32>, %w18: tensor<24xf32>, %w19: tensor<64xf32>, %w20: tensor<96x64xf32>, %w21: tensor<96x64xf32>, %w22: tensor<64x96xf32>, %w23: tensor<64xf32>, %w24: tensor<96x64xf32>, %w25: tensor<48x64xf32>, %w26: tensor<48x64xf32>, %w27: tensor<64x96xf32>, %w28: tensor<24xf32>, %w29: tensor<24xf32>, %w30: tensor<64xf32>, %w31: tensor<96x64xf32>, %w32: tensor<96x64xf32>, %w33: tensor<64x96xf32>, %w34: tensor<64xf32>, %w35: tensor<1400x64xf32>) -> (tensor<1400xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<16x64xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>) {
  %0 = "stablehlo.constant"() {value = dense<-1> : tensor<16xi32>} : () -> tensor<16xi32>
  %1 = "stablehlo.compare"(%input_ids, %0) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
  %2 = "stablehlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<16xi1>) -> tensor<16x64xi1>
  %3 = "stablehlo.gather"(%image_features, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
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
  %26 = "stablehlo.dot_general"(%w2, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %27 = "stablehlo.transpose"(%26) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %28 = "stablehlo.reshape"(%27) : (tensor<16x96xf32>) -> tensor<16x4x24xf32>
  %29 = "stablehlo.multiply"(%28, %28) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %30 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %34 = "stablehlo.reduce"(%29, %30) ({
  ^bb0(%31: tensor<f32>, %32: tensor<f32>):
    %33 = "stablehlo.add"(%31, %32) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%33) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x24xf32>, tensor<f32>) -> tensor<16x4xf32>
  %35 = "stablehlo.broadcast_in_dim"(%34) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x24xf32>
  %36 = "stablehlo.constant"() {value = dense<2.4e+01> : tensor<16x4x24xf32>} : () -> tensor<16x4x24xf32>
  %37 = "stablehlo.divide"(%35, %36) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %38 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x24xf32>} : () -> tensor<16x4x24xf32>
  %39 = "stablehlo.add"(%37, %38) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %40 = "stablehlo.rsqrt"(%39) : (tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %41 = "stablehlo.multiply"(%28, %40) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %42 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 2>} : (tensor<24xf32>) -> tensor<16x4x24xf32>
  %43 = "stablehlo.multiply"(%41, %42) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %44 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F0000803F0000803F0000803F0000803F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F0000803F0000803F0000803F0000803F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F0000803F0000803F0000803F0000803F26707DBF582F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3FFFFF7F3F0000803F0000803F0000803F26707DBF582F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3FFFFF7F3F0000803F0000803F0000803F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3FFFFF7F3F0000803F0000803F0000803F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3FFFFF7F3F0000803F0000803F0000803F2C3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FFEFF7F3F0000803F0000803F0000803F2C3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FFEFF7F3F0000803F0000803F0000803FB8CD753F6D3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FFDFF7F3F0000803F0000803F0000803FB8CD753F6D3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FFDFF7F3F0000803F0000803F0000803FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FFCFF7F3F0000803F0000803F0000803FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FFCFF7F3F0000803F0000803F0000803FF6FD14BEE59151BF605B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FFBFF7F3FFFFF7F3F0000803F0000803FF6FD14BEE59151BF605B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FFBFF7F3FFFFF7F3F0000803F0000803FD53F69BFA2E674BFD5211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FF9FF7F3FFFFF7F3F0000803F0000803FD53F69BFA2E674BFD5211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FF9FF7F3FFFFF7F3F0000803F0000803F64CD56BFFBF17FBF41510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F0000803F0000803F64CD56BFFBF17FBF41510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F0000803F0000803F7205913B8D9B71BFC33DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FF6FF7F3FFFFF7F3F0000803F0000803F7205913B8D9B71BFC33DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FF6FF7F3FFFFF7F3F0000803F0000803FD006583F574F4BBFF786B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FF4FF7F3FFFFF7F3F0000803F0000803FD006583F574F4BBFF786B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FF4FF7F3FFFFF7F3F0000803F0000803F6F4E683F9DD910BF9DF5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FF2FF7F3FFFFF7F3F0000803F0000803F6F4E683F9DD910BF9DF5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FF2FF7F3FFFFF7F3F0000803F0000803FD7040C3E0A0D90BEE70B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FF0FF7F3FFEFF7F3F0000803F0000803FD7040C3E0A0D90BEE70B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FF0FF7F3FFEFF7F3F0000803F0000803FE87A42BF9622FE3CBADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FEDFF7F3FFEFF7F3F0000803F0000803FE87A42BF9622FE3CBADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FEDFF7F3FFEFF7F3F0000803F0000803F"> : tensor<16x24xf32>} : () -> tensor<16x24xf32>
  %45 = "stablehlo.broadcast_in_dim"(%44) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x4x24xf32>
  %46 = "stablehlo.multiply"(%43, %45) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %47 = "stablehlo.slice"(%43) {limit_indices = array<i64: 16, 4, 24>, start_indices = array<i64: 0, 0, 12>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x24xf32>) -> tensor<16x4x12xf32>
  %48 = "stablehlo.negate"(%47) : (tensor<16x4x12xf32>) -> tensor<16x4x12xf32>
  %49 = "stablehlo.slice"(%43) {limit_indices = array<i64: 16, 4, 12>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x24xf32>) -> tensor<16x4x12xf32>
  %50 = "stablehlo.concatenate"(%48, %49) {dimension = 2 : i64} : (tensor<16x4x12xf32>, tensor<16x4x12xf32>) -> tensor<16x4x24xf32>
  %51 = "stablehlo.constant"() {value = dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A46A573F3E399F3E7675CC3D5C81013D56D6233C223E4F3B6E12833A62CBA53913B7D138B2A20438B0C5273781375436A46A573F3E399F3E7675CC3D5C81013D56D6233C223E4F3B6E12833A62CBA53913B7D138B2A20438B0C5273781375436B7C7683F1B54173FF86F4B3EC970813D3DD4A33CDE3DCF3B6912033B61CB253A13B75139B2A28438B0C5A7378137D436B7C7683F1B54173FF86F4B3EC970813D3DD4A33CDE3DCF3B6912033B61CB253A13B75139B2A28438B0C5A7378137D436C381103EC209503F6C4E973EC1FFC13D1EB9F53C126E1B3C939B443B11B1783A4E499D390BF4C63888A8FB37A1291F37C381103EC209503F6C4E973EC1FFC13D1EB9F53C126E1B3C939B443B11B1783A4E499D390BF4C63888A8FB37A1291F37CFBD41BFDE1D743FD761C73E892E013EDACB233DCF3C4F3C5812833B5FCBA53A13B7D139B2A20439B0C5273881375437CFBD41BFDE1D743FD761C73E892E013EDACB233DCF3C4F3C5812833B5FCBA53A13B7D139B2A20439B0C5273881375437107C75BF7FFC7F3F4377F53E1F3C213EF3B64C3D8285813CDED6A33B343ECF3A6C12033A5ECB25391CB75138B1A28437107C75BF7FFC7F3F4377F53E1F3C213EF3B64C3D8285813CDED6A33B343ECF3A6C12033A5ECB25391CB75138B1A284378C0F8FBE4E78723F688C103F6F20413ED09C753D486C9B3C599BC43B09B1F83A4D491D3A0BF4463988A87B38A1299F378C0F8FBE4E78723F688C103F6F20413ED09C753D486C9B3C599BC43B09B1F83A4D491D3A0BF4463988A87B38A1299F374630283F6EE84C3F72EB243F51D3603E313E8F3DA752B53CC75FE53BEE11113B3080373AB81C6839FACC923891B0B9374630283F6EE84C3F72EB243F51D3603E313E8F3DA752B53CC75FE53BEE11113B3080373AB81C6839FACC923891B0B93795467D3F7D06133FA6A4373F5226803E4FAAA33D9038CF3C1312033C56CB253B12B7513AB2A28439B0C5A7388137D43795467D3F7D06133FA6A4373F5226803E4FAAA33D9038CF3C1312033C56CB253B12B7513AB2A28439B0C5A7388137D4373201D33EEE1F953E1D88483F2EC28F3E3D12B83DF11DE93C3B74133CBD843A3BF3ED6B3A0837953966BEBC3871BEEE373201D33EEE1F953E1D88483F2EC28F3E3D12B83DF11DE93C3B74133CBD843A3BF3ED6B3A0837953966BEBC3871BEEE37F8440BBF9770A9BCA46A573F3F399F3E7575CC3D5D81013D58D6233C233E4F3B6B12833A5ECBA5391CB7D138B1A20438F8440BBF9770A9BCA46A573F3F399F3E7575CC3D5D81013D58D6233C233E4F3B6B12833A5ECBA5391CB7D138B1A204385CFF7FBF1F41A9BE2A26643F8C87AE3E70D3E03D6C730E3D6B38343C89F7633BDB2D903AB55FB639D2AFE63829E611385CFF7FBF1F41A9BE2A26643F8C87AE3E70D3E03D6C730E3D6B38343C89F7633BDB2D903AB55FB639D2AFE63829E61138D85C09BF24911BBF1D9A6E3F2CA9BD3EAB2BF53D1E651B3D719A443CECB0783B4C499D3A0BF4C63988A8FB38A1291F38D85C09BF24911BBF1D9A6E3F2CA9BD3EAB2BF53D1E651B3D719A443CECB0783B4C499D3A0BF4C63988A8FB38A1291F382220D73E4C1453BFC0AB763F419ACC3ECFBE043E6A56283D6BFC543C27B5863BBC64AA3A6188D7399F500839196D2C382220D73E4C1453BFC0AB763F419ACC3ECFBE043E6A56283D6BFC543C27B5863BBC64AA3A6188D7399F500839196D2C3872987D3FB3A875BF6F467C3FF556DB3E63E40E3E4847353D575E653CD711913B2D80B73AB81CE839FACC123991B0393872987D3FB3A875BF6F467C3FF556DB3E63E40E3E4847353D575E653CD711913B2D80B73AB81CE839FACC123991B039384479263F75E07FBFD55B7F3F85DBE93E4E06193EAF37423D34C0753C866E9B3B9D9BC43A0DB1F83955491D3909F446384479263F75E07FBFD55B7F3F85DBE93E4E06193EAF37423D34C0753C866E9B3B9D9BC43A0DB1F83955491D3909F44638"> : tensor<16x24xf32>} : () -> tensor<16x24xf32>
  %52 = "stablehlo.broadcast_in_dim"(%51) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x4x24xf32>
  %53 = "stablehlo.multiply"(%50, %52) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %54 = "stablehlo.add"(%46, %53) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %55 = "stablehlo.reshape"(%54) : (tensor<16x4x24xf32>) -> tensor<16x2x2x24xf32>
  %56 = "stablehlo.transpose"(%55) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x24xf32>) -> tensor<2x2x16x24xf32>
  %57 = "stablehlo.dot_general"(%w3, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x64xf32>, tensor<16x64xf32>) -> tensor<48x16xf32>
  %58 = "stablehlo.transpose"(%57) {permutation = array<i64: 1, 0>} : (tensor<48x16xf32>) -> tensor<16x48xf32>
  %59 = "stablehlo.reshape"(%58) : (tensor<16x48xf32>) -> tensor<16x2x24xf32>
  %60 = "stablehlo.multiply"(%59, %59) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %61 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %65 = "stablehlo.reduce"(%60, %61) ({
  ^bb0(%62: tensor<f32>, %63: tensor<f32>):
    %64 = "stablehlo.add"(%62, %63) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%64) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x24xf32>, tensor<f32>) -> tensor<16x2xf32>
  %66 = "stablehlo.broadcast_in_dim"(%65) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x24xf32>
  %67 = "stablehlo.constant"() {value = dense<2.4e+01> : tensor<16x2x24xf32>} : () -> tensor<16x2x24xf32>
  %68 = "stablehlo.divide"(%66, %67) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %69 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x24xf32>} : () -> tensor<16x2x24xf32>
  %70 = "stablehlo.add"(%68, %69) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %71 = "stablehlo.rsqrt"(%70) : (tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %72 = "stablehlo.multiply"(%59, %71) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %73 = "stablehlo.broadcast_in_dim"(%w7) {broadcast_dimensions = array<i64: 2>} : (tensor<24xf32>) -> tensor<16x2x24xf32>
  %74 = "stablehlo.multiply"(%72, %73) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %75 = "stablehlo.broadcast_in_dim"(%44) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x2x24xf32>
  %76 = "stablehlo.multiply"(%74, %75) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %77 = "stablehlo.slice"(%74) {limit_indices = array<i64: 16, 2, 24>, start_indices = array<i64: 0, 0, 12>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x24xf32>) -> tensor<16x2x12xf32>
  %78 = "stablehlo.negate"(%77) : (tensor<16x2x12xf32>) -> tensor<16x2x12xf32>
  %79 = "stablehlo.slice"(%74) {limit_indices = array<i64: 16, 2, 12>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x24xf32>) -> tensor<16x2x12xf32>
  %80 = "stablehlo.concatenate"(%78, %79) {dimension = 2 : i64} : (tensor<16x2x12xf32>, tensor<16x2x12xf32>) -> tensor<16x2x24xf32>
  %81 = "stablehlo.broadcast_in_dim"(%51) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x2x24xf32>
  %82 = "stablehlo.multiply"(%80, %81) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %83 = "stablehlo.add"(%76, %82) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %84 = "stablehlo.transpose"(%83) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x24xf32>) -> tensor<2x16x24xf32>
  %85 = "stablehlo.dot_general"(%56, %84) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x24xf32>, tensor<2x16x24xf32>) -> tensor<2x2x16x16xf32>
  %86 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %87 = "stablehlo.multiply"(%85, %86) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %88 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %89 = "stablehlo.select"(%10, %87, %88) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %90 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %94 = "stablehlo.reduce"(%89, %90) ({
  ^bb0(%91: tensor<f32>, %92: tensor<f32>):
    %93 = "stablehlo.maximum"(%91, %92) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%93) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %95 = "stablehlo.broadcast_in_dim"(%94) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %96 = "stablehlo.subtract"(%89, %95) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %97 = "stablehlo.exponential"(%96) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %98 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %102 = "stablehlo.reduce"(%97, %98) ({
  ^bb0(%99: tensor<f32>, %100: tensor<f32>):
    %101 = "stablehlo.add"(%99, %100) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%101) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %103 = "stablehlo.broadcast_in_dim"(%102) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %104 = "stablehlo.divide"(%97, %103) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %105 = "stablehlo.dot_general"(%w4, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x64xf32>, tensor<16x64xf32>) -> tensor<48x16xf32>
  %106 = "stablehlo.transpose"(%105) {permutation = array<i64: 1, 0>} : (tensor<48x16xf32>) -> tensor<16x48xf32>
  %107 = "stablehlo.reshape"(%106) : (tensor<16x48xf32>) -> tensor<16x2x24xf32>
  %108 = "stablehlo.transpose"(%107) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x24xf32>) -> tensor<2x16x24xf32>
  %109 = "stablehlo.dot_general"(%104, %108) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x24xf32>) -> tensor<2x2x16x24xf32>
  %110 = "stablehlo.transpose"(%109) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x24xf32>) -> tensor<16x2x2x24xf32>
  %111 = "stablehlo.reshape"(%110) : (tensor<16x2x2x24xf32>) -> tensor<16x96xf32>
  %112 = "stablehlo.dot_general"(%w5, %111) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %113 = "stablehlo.transpose"(%112) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %114 = "stablehlo.add"(%7, %113) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %115 = "stablehlo.multiply"(%114, %114) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %116 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %120 = "stablehlo.reduce"(%115, %116) ({
  ^bb0(%117: tensor<f32>, %118: tensor<f32>):
    %119 = "stablehlo.add"(%117, %118) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%119) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %121 = "stablehlo.broadcast_in_dim"(%120) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %122 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %123 = "stablehlo.divide"(%121, %122) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %124 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %125 = "stablehlo.add"(%123, %124) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %126 = "stablehlo.rsqrt"(%125) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %127 = "stablehlo.multiply"(%114, %126) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %128 = "stablehlo.broadcast_in_dim"(%w8) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %129 = "stablehlo.multiply"(%127, %128) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %130 = "stablehlo.dot_general"(%w9, %129) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %131 = "stablehlo.transpose"(%130) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %132 = "stablehlo.logistic"(%131) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %133 = "stablehlo.multiply"(%131, %132) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %134 = "stablehlo.dot_general"(%w10, %129) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %135 = "stablehlo.transpose"(%134) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %136 = "stablehlo.multiply"(%133, %135) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %137 = "stablehlo.dot_general"(%w11, %136) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %138 = "stablehlo.transpose"(%137) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %139 = "stablehlo.add"(%114, %138) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %140 = "stablehlo.multiply"(%139, %139) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %141 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %145 = "stablehlo.reduce"(%140, %141) ({
  ^bb0(%142: tensor<f32>, %143: tensor<f32>):
    %144 = "stablehlo.add"(%142, %143) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%144) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %146 = "stablehlo.broadcast_in_dim"(%145) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %147 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %148 = "stablehlo.divide"(%146, %147) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %149 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %150 = "stablehlo.add"(%148, %149) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %151 = "stablehlo.rsqrt"(%150) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %152 = "stablehlo.multiply"(%139, %151) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %153 = "stablehlo.broadcast_in_dim"(%w12) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %154 = "stablehlo.multiply"(%152, %153) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %155 = "stablehlo.dot_general"(%w13, %154) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %156 = "stablehlo.transpose"(%155) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %157 = "stablehlo.reshape"(%156) : (tensor<16x96xf32>) -> tensor<16x4x24xf32>
  %158 = "stablehlo.multiply"(%157, %157) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %159 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %163 = "stablehlo.reduce"(%158, %159) ({
  ^bb0(%160: tensor<f32>, %161: tensor<f32>):
    %162 = "stablehlo.add"(%160, %161) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%162) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x24xf32>, tensor<f32>) -> tensor<16x4xf32>
  %164 = "stablehlo.broadcast_in_dim"(%163) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x24xf32>
  %165 = "stablehlo.constant"() {value = dense<2.4e+01> : tensor<16x4x24xf32>} : () -> tensor<16x4x24xf32>
  %166 = "stablehlo.divide"(%164, %165) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %167 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x24xf32>} : () -> tensor<16x4x24xf32>
  %168 = "stablehlo.add"(%166, %167) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %169 = "stablehlo.rsqrt"(%168) : (tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %170 = "stablehlo.multiply"(%157, %169) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %171 = "stablehlo.broadcast_in_dim"(%w17) {broadcast_dimensions = array<i64: 2>} : (tensor<24xf32>) -> tensor<16x4x24xf32>
  %172 = "stablehlo.multiply"(%170, %171) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %173 = "stablehlo.broadcast_in_dim"(%44) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x4x24xf32>
  %174 = "stablehlo.multiply"(%172, %173) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %175 = "stablehlo.slice"(%172) {limit_indices = array<i64: 16, 4, 24>, start_indices = array<i64: 0, 0, 12>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x24xf32>) -> tensor<16x4x12xf32>
  %176 = "stablehlo.negate"(%175) : (tensor<16x4x12xf32>) -> tensor<16x4x12xf32>
  %177 = "stablehlo.slice"(%172) {limit_indices = array<i64: 16, 4, 12>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x24xf32>) -> tensor<16x4x12xf32>
  %178 = "stablehlo.concatenate"(%176, %177) {dimension = 2 : i64} : (tensor<16x4x12xf32>, tensor<16x4x12xf32>) -> tensor<16x4x24xf32>
  %179 = "stablehlo.broadcast_in_dim"(%51) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x4x24xf32>
  %180 = "stablehlo.multiply"(%178, %179) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %181 = "stablehlo.add"(%174, %180) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %182 = "stablehlo.reshape"(%181) : (tensor<16x4x24xf32>) -> tensor<16x2x2x24xf32>
  %183 = "stablehlo.transpose"(%182) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x24xf32>) -> tensor<2x2x16x24xf32>
  %184 = "stablehlo.dot_general"(%w14, %154) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x64xf32>, tensor<16x64xf32>) -> tensor<48x16xf32>
  %185 = "stablehlo.transpose"(%184) {permutation = array<i64: 1, 0>} : (tensor<48x16xf32>) -> tensor<16x48xf32>
  %186 = "stablehlo.reshape"(%185) : (tensor<16x48xf32>) -> tensor<16x2x24xf32>
  %187 = "stablehlo.multiply"(%186, %186) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %188 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %192 = "stablehlo.reduce"(%187, %188) ({
  ^bb0(%189: tensor<f32>, %190: tensor<f32>):
    %191 = "stablehlo.add"(%189, %190) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%191) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x24xf32>, tensor<f32>) -> tensor<16x2xf32>
  %193 = "stablehlo.broadcast_in_dim"(%192) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x24xf32>
  %194 = "stablehlo.constant"() {value = dense<2.4e+01> : tensor<16x2x24xf32>} : () -> tensor<16x2x24xf32>
  %195 = "stablehlo.divide"(%193, %194) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %196 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x24xf32>} : () -> tensor<16x2x24xf32>
  %197 = "stablehlo.add"(%195, %196) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %198 = "stablehlo.rsqrt"(%197) : (tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %199 = "stablehlo.multiply"(%186, %198) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %200 = "stablehlo.broadcast_in_dim"(%w18) {broadcast_dimensions = array<i64: 2>} : (tensor<24xf32>) -> tensor<16x2x24xf32>
  %201 = "stablehlo.multiply"(%199, %200) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %202 = "stablehlo.broadcast_in_dim"(%44) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x2x24xf32>
  %203 = "stablehlo.multiply"(%201, %202) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %204 = "stablehlo.slice"(%201) {limit_indices = array<i64: 16, 2, 24>, start_indices = array<i64: 0, 0, 12>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x24xf32>) -> tensor<16x2x12xf32>
  %205 = "stablehlo.negate"(%204) : (tensor<16x2x12xf32>) -> tensor<16x2x12xf32>
  %206 = "stablehlo.slice"(%201) {limit_indices = array<i64: 16, 2, 12>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x24xf32>) -> tensor<16x2x12xf32>
  %207 = "stablehlo.concatenate"(%205, %206) {dimension = 2 : i64} : (tensor<16x2x12xf32>, tensor<16x2x12xf32>) -> tensor<16x2x24xf32>
  %208 = "stablehlo.broadcast_in_dim"(%51) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x2x24xf32>
  %209 = "stablehlo.multiply"(%207, %208) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %210 = "stablehlo.add"(%203, %209) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %211 = "stablehlo.transpose"(%210) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x24xf32>) -> tensor<2x16x24xf32>
  %212 = "stablehlo.dot_general"(%183, %211) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x24xf32>, tensor<2x16x24xf32>) -> tensor<2x2x16x16xf32>
  %213 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %214 = "stablehlo.multiply"(%212, %213) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %215 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %216 = "stablehlo.select"(%10, %214, %215) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %217 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %221 = "stablehlo.reduce"(%216, %217) ({
  ^bb0(%218: tensor<f32>, %219: tensor<f32>):
    %220 = "stablehlo.maximum"(%218, %219) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%220) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %222 = "stablehlo.broadcast_in_dim"(%221) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %223 = "stablehlo.subtract"(%216, %222) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %224 = "stablehlo.exponential"(%223) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %225 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %229 = "stablehlo.reduce"(%224, %225) ({
  ^bb0(%226: tensor<f32>, %227: tensor<f32>):
    %228 = "stablehlo.add"(%226, %227) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%228) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %230 = "stablehlo.broadcast_in_dim"(%229) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %231 = "stablehlo.divide"(%224, %230) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %232 = "stablehlo.dot_general"(%w15, %154) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x64xf32>, tensor<16x64xf32>) -> tensor<48x16xf32>
  %233 = "stablehlo.transpose"(%232) {permutation = array<i64: 1, 0>} : (tensor<48x16xf32>) -> tensor<16x48xf32>
  %234 = "stablehlo.reshape"(%233) : (tensor<16x48xf32>) -> tensor<16x2x24xf32>
  %235 = "stablehlo.transpose"(%234) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x24xf32>) -> tensor<2x16x24xf32>
  %236 = "stablehlo.dot_general"(%231, %235) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x24xf32>) -> tensor<2x2x16x24xf32>
  %237 = "stablehlo.transpose"(%236) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x24xf32>) -> tensor<16x2x2x24xf32>
  %238 = "stablehlo.reshape"(%237) : (tensor<16x2x2x24xf32>) -> tensor<16x96xf32>
  %239 = "stablehlo.dot_general"(%w16, %238) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %240 = "stablehlo.transpose"(%239) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %241 = "stablehlo.add"(%139, %240) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %242 = "stablehlo.multiply"(%241, %241) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %243 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %247 = "stablehlo.reduce"(%242, %243) ({
  ^bb0(%244: tensor<f32>, %245: tensor<f32>):
    %246 = "stablehlo.add"(%244, %245) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%246) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %248 = "stablehlo.broadcast_in_dim"(%247) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %249 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %250 = "stablehlo.divide"(%248, %249) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %251 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %252 = "stablehlo.add"(%250, %251) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %253 = "stablehlo.rsqrt"(%252) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %254 = "stablehlo.multiply"(%241, %253) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %255 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %256 = "stablehlo.multiply"(%254, %255) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %257 = "stablehlo.dot_general"(%w20, %256) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %258 = "stablehlo.transpose"(%257) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %259 = "stablehlo.logistic"(%258) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %260 = "stablehlo.multiply"(%258, %259) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %261 = "stablehlo.dot_general"(%w21, %256) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %262 = "stablehlo.transpose"(%261) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %263 = "stablehlo.multiply"(%260, %262) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %264 = "stablehlo.dot_general"(%w22, %263) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %265 = "stablehlo.transpose"(%264) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %266 = "stablehlo.add"(%241, %265) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %267 = "stablehlo.multiply"(%266, %266) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %268 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %272 = "stablehlo.reduce"(%267, %268) ({
  ^bb0(%269: tensor<f32>, %270: tensor<f32>):
    %271 = "stablehlo.add"(%269, %270) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%271) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %273 = "stablehlo.broadcast_in_dim"(%272) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %274 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %275 = "stablehlo.divide"(%273, %274) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %276 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %277 = "stablehlo.add"(%275, %276) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %278 = "stablehlo.rsqrt"(%277) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %279 = "stablehlo.multiply"(%266, %278) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %280 = "stablehlo.broadcast_in_dim"(%w23) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %281 = "stablehlo.multiply"(%279, %280) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %282 = "stablehlo.dot_general"(%w24, %281) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %283 = "stablehlo.transpose"(%282) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %284 = "stablehlo.reshape"(%283) : (tensor<16x96xf32>) -> tensor<16x4x24xf32>
  %285 = "stablehlo.multiply"(%284, %284) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %286 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %290 = "stablehlo.reduce"(%285, %286) ({
  ^bb0(%287: tensor<f32>, %288: tensor<f32>):
    %289 = "stablehlo.add"(%287, %288) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%289) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x4x24xf32>, tensor<f32>) -> tensor<16x4xf32>
  %291 = "stablehlo.broadcast_in_dim"(%290) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x4xf32>) -> tensor<16x4x24xf32>
  %292 = "stablehlo.constant"() {value = dense<2.4e+01> : tensor<16x4x24xf32>} : () -> tensor<16x4x24xf32>
  %293 = "stablehlo.divide"(%291, %292) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %294 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x4x24xf32>} : () -> tensor<16x4x24xf32>
  %295 = "stablehlo.add"(%293, %294) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %296 = "stablehlo.rsqrt"(%295) : (tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %297 = "stablehlo.multiply"(%284, %296) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %298 = "stablehlo.broadcast_in_dim"(%w28) {broadcast_dimensions = array<i64: 2>} : (tensor<24xf32>) -> tensor<16x4x24xf32>
  %299 = "stablehlo.multiply"(%297, %298) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %300 = "stablehlo.broadcast_in_dim"(%44) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x4x24xf32>
  %301 = "stablehlo.multiply"(%299, %300) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %302 = "stablehlo.slice"(%299) {limit_indices = array<i64: 16, 4, 24>, start_indices = array<i64: 0, 0, 12>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x24xf32>) -> tensor<16x4x12xf32>
  %303 = "stablehlo.negate"(%302) : (tensor<16x4x12xf32>) -> tensor<16x4x12xf32>
  %304 = "stablehlo.slice"(%299) {limit_indices = array<i64: 16, 4, 12>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x4x24xf32>) -> tensor<16x4x12xf32>
  %305 = "stablehlo.concatenate"(%303, %304) {dimension = 2 : i64} : (tensor<16x4x12xf32>, tensor<16x4x12xf32>) -> tensor<16x4x24xf32>
  %306 = "stablehlo.broadcast_in_dim"(%51) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x4x24xf32>
  %307 = "stablehlo.multiply"(%305, %306) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %308 = "stablehlo.add"(%301, %307) : (tensor<16x4x24xf32>, tensor<16x4x24xf32>) -> tensor<16x4x24xf32>
  %309 = "stablehlo.reshape"(%308) : (tensor<16x4x24xf32>) -> tensor<16x2x2x24xf32>
  %310 = "stablehlo.transpose"(%309) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<16x2x2x24xf32>) -> tensor<2x2x16x24xf32>
  %311 = "stablehlo.dot_general"(%w25, %281) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x64xf32>, tensor<16x64xf32>) -> tensor<48x16xf32>
  %312 = "stablehlo.transpose"(%311) {permutation = array<i64: 1, 0>} : (tensor<48x16xf32>) -> tensor<16x48xf32>
  %313 = "stablehlo.reshape"(%312) : (tensor<16x48xf32>) -> tensor<16x2x24xf32>
  %314 = "stablehlo.multiply"(%313, %313) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %315 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %319 = "stablehlo.reduce"(%314, %315) ({
  ^bb0(%316: tensor<f32>, %317: tensor<f32>):
    %318 = "stablehlo.add"(%316, %317) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%318) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<16x2x24xf32>, tensor<f32>) -> tensor<16x2xf32>
  %320 = "stablehlo.broadcast_in_dim"(%319) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<16x2xf32>) -> tensor<16x2x24xf32>
  %321 = "stablehlo.constant"() {value = dense<2.4e+01> : tensor<16x2x24xf32>} : () -> tensor<16x2x24xf32>
  %322 = "stablehlo.divide"(%320, %321) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %323 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x2x24xf32>} : () -> tensor<16x2x24xf32>
  %324 = "stablehlo.add"(%322, %323) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %325 = "stablehlo.rsqrt"(%324) : (tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %326 = "stablehlo.multiply"(%313, %325) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %327 = "stablehlo.broadcast_in_dim"(%w29) {broadcast_dimensions = array<i64: 2>} : (tensor<24xf32>) -> tensor<16x2x24xf32>
  %328 = "stablehlo.multiply"(%326, %327) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %329 = "stablehlo.broadcast_in_dim"(%44) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x2x24xf32>
  %330 = "stablehlo.multiply"(%328, %329) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %331 = "stablehlo.slice"(%328) {limit_indices = array<i64: 16, 2, 24>, start_indices = array<i64: 0, 0, 12>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x24xf32>) -> tensor<16x2x12xf32>
  %332 = "stablehlo.negate"(%331) : (tensor<16x2x12xf32>) -> tensor<16x2x12xf32>
  %333 = "stablehlo.slice"(%328) {limit_indices = array<i64: 16, 2, 12>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<16x2x24xf32>) -> tensor<16x2x12xf32>
  %334 = "stablehlo.concatenate"(%332, %333) {dimension = 2 : i64} : (tensor<16x2x12xf32>, tensor<16x2x12xf32>) -> tensor<16x2x24xf32>
  %335 = "stablehlo.broadcast_in_dim"(%51) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<16x24xf32>) -> tensor<16x2x24xf32>
  %336 = "stablehlo.multiply"(%334, %335) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %337 = "stablehlo.add"(%330, %336) : (tensor<16x2x24xf32>, tensor<16x2x24xf32>) -> tensor<16x2x24xf32>
  %338 = "stablehlo.transpose"(%337) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x24xf32>) -> tensor<2x16x24xf32>
  %339 = "stablehlo.dot_general"(%310, %338) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x24xf32>, tensor<2x16x24xf32>) -> tensor<2x2x16x16xf32>
  %340 = "stablehlo.constant"() {value = dense<2.0412415e-01> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %341 = "stablehlo.multiply"(%339, %340) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %342 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x16x16xf32>} : () -> tensor<2x2x16x16xf32>
  %343 = "stablehlo.select"(%10, %341, %342) : (tensor<2x2x16x16xi1>, tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %344 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %348 = "stablehlo.reduce"(%343, %344) ({
  ^bb0(%345: tensor<f32>, %346: tensor<f32>):
    %347 = "stablehlo.maximum"(%345, %346) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%347) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %349 = "stablehlo.broadcast_in_dim"(%348) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %350 = "stablehlo.subtract"(%343, %349) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %351 = "stablehlo.exponential"(%350) : (tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %352 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %356 = "stablehlo.reduce"(%351, %352) ({
  ^bb0(%353: tensor<f32>, %354: tensor<f32>):
    %355 = "stablehlo.add"(%353, %354) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%355) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %357 = "stablehlo.broadcast_in_dim"(%356) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x16xf32>) -> tensor<2x2x16x16xf32>
  %358 = "stablehlo.divide"(%351, %357) : (tensor<2x2x16x16xf32>, tensor<2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
  %359 = "stablehlo.dot_general"(%w26, %281) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<48x64xf32>, tensor<16x64xf32>) -> tensor<48x16xf32>
  %360 = "stablehlo.transpose"(%359) {permutation = array<i64: 1, 0>} : (tensor<48x16xf32>) -> tensor<16x48xf32>
  %361 = "stablehlo.reshape"(%360) : (tensor<16x48xf32>) -> tensor<16x2x24xf32>
  %362 = "stablehlo.transpose"(%361) {permutation = array<i64: 1, 0, 2>} : (tensor<16x2x24xf32>) -> tensor<2x16x24xf32>
  %363 = "stablehlo.dot_general"(%358, %362) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16x16xf32>, tensor<2x16x24xf32>) -> tensor<2x2x16x24xf32>
  %364 = "stablehlo.transpose"(%363) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x16x24xf32>) -> tensor<16x2x2x24xf32>
  %365 = "stablehlo.reshape"(%364) : (tensor<16x2x2x24xf32>) -> tensor<16x96xf32>
  %366 = "stablehlo.dot_general"(%w27, %365) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %367 = "stablehlo.transpose"(%366) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %368 = "stablehlo.add"(%266, %367) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %369 = "stablehlo.multiply"(%368, %368) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %370 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %374 = "stablehlo.reduce"(%369, %370) ({
  ^bb0(%371: tensor<f32>, %372: tensor<f32>):
    %373 = "stablehlo.add"(%371, %372) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%373) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %375 = "stablehlo.broadcast_in_dim"(%374) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %376 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %377 = "stablehlo.divide"(%375, %376) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %378 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<16x64xf32>} : () -> tensor<16x64xf32>
  %379 = "stablehlo.add"(%377, %378) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %380 = "stablehlo.rsqrt"(%379) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %381 = "stablehlo.multiply"(%368, %380) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %382 = "stablehlo.broadcast_in_dim"(%w30) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<16x64xf32>
  %383 = "stablehlo.multiply"(%381, %382) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %384 = "stablehlo.dot_general"(%w31, %383) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %385 = "stablehlo.transpose"(%384) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %386 = "stablehlo.logistic"(%385) : (tensor<16x96xf32>) -> tensor<16x96xf32>
  %387 = "stablehlo.multiply"(%385, %386) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %388 = "stablehlo.dot_general"(%w32, %383) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<96x64xf32>, tensor<16x64xf32>) -> tensor<96x16xf32>
  %389 = "stablehlo.transpose"(%388) {permutation = array<i64: 1, 0>} : (tensor<96x16xf32>) -> tensor<16x96xf32>
  %390 = "stablehlo.multiply"(%387, %389) : (tensor<16x96xf32>, tensor<16x96xf32>) -> tensor<16x96xf32>
  %391 = "stablehlo.dot_general"(%w33, %390) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x96xf32>, tensor<16x96xf32>) -> tensor<64x16xf32>
  %392 = "stablehlo.transpose"(%391) {permutation = array<i64: 1, 0>} : (tensor<64x16xf32>) -> tensor<16x64xf32>
  %393 = "stablehlo.add"(%368, %392) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %394 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %395 = "stablehlo.subtract"(%length, %394) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %396 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %397 = "stablehlo.dynamic_slice"(%393, %395, %396) {slice_sizes = array<i64: 1, 64>} : (tensor<16x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
  %398 = "stablehlo.multiply"(%397, %397) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %399 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %403 = "stablehlo.reduce"(%398, %399) ({
  ^bb0(%400: tensor<f32>, %401: tensor<f32>):
    %402 = "stablehlo.add"(%400, %401) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%402) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
  %404 = "stablehlo.broadcast_in_dim"(%403) {broadcast_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1x64xf32>
  %405 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %406 = "stablehlo.divide"(%404, %405) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %407 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %408 = "stablehlo.add"(%406, %407) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %409 = "stablehlo.rsqrt"(%408) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %410 = "stablehlo.multiply"(%397, %409) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %411 = "stablehlo.broadcast_in_dim"(%w34) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<1x64xf32>
  %412 = "stablehlo.multiply"(%410, %411) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %413 = "stablehlo.dot_general"(%w35, %412) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1400x64xf32>, tensor<1x64xf32>) -> tensor<1400x1xf32>
  %414 = "stablehlo.transpose"(%413) {permutation = array<i64: 1, 0>} : (tensor<1400x1xf32>) -> tensor<1x1400xf32>
  %415 = "stablehlo.reshape"(%414) : (tensor<1x1400xf32>) -> tensor<1400xf32>
  %416 = "stablehlo.dynamic_update_slice"(%kv_0_key, %84, %396, %396, %396) : (tensor<2x32x24xf32>, tensor<2x16x24xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x24xf32>
  %417 = "stablehlo.dynamic_update_slice"(%kv_0_value, %108, %396, %396, %396) : (tensor<2x32x24xf32>, tensor<2x16x24xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x24xf32>
  %418 = "stablehlo.dynamic_update_slice"(%kv_1_key, %211, %396, %396, %396) : (tensor<2x32x24xf32>, tensor<2x16x24xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x24xf32>
  %419 = "stablehlo.dynamic_update_slice"(%kv_1_value, %235, %396, %396, %396) : (tensor<2x32x24xf32>, tensor<2x16x24xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x24xf32>
  %420 = "stablehlo.dynamic_update_slice"(%kv_2_key, %338, %396, %396, %396) : (tensor<2x32x24xf32>, tensor<2x16x24xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x24xf32>
  %421 = "stablehlo.dynamic_update_slice"(%kv_2_value, %362, %396, %396, %396) : (tensor<2x32x24xf32>, tensor<2x16x24xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x32x24xf32>
  func.return %415, %416, %417, %418, %419, %420, %421, %7, %84, %108, %211, %235, %338, %362 : tensor<1400xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<2x32x24xf32>, tensor<16x64xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>, tensor<2x16x24xf32>
}
}
