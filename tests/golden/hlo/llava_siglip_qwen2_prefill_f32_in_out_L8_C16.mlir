// llava_siglip_qwen2_prefill_f32_in_out_L8_C16: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// prefill
// input input_ids tensor<8xi32> alias=-1
// input feature_index tensor<8xi32> alias=-1
// input image_features tensor<16x64xf32> alias=-1
// input length tensor<i32> alias=-1
// input kv.0.key tensor<2x16x16xf32> alias=1 kv=0.0.k
// input kv.0.value tensor<2x16x16xf32> alias=2 kv=0.0.v
// input kv.1.key tensor<2x16x16xf32> alias=3 kv=0.1.k
// input kv.1.value tensor<2x16x16xf32> alias=4 kv=0.1.v
// weight language_model.model.embed_tokens.weight tensor<64x1400xf32> alias=-1 transposed
// weight language_model.model.layers.0.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.weight tensor<64x64xf32> alias=-1 transposed
// weight language_model.model.layers.0.self_attn.q_proj.bias tensor<64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.weight tensor<64x32xf32> alias=-1 transposed
// weight language_model.model.layers.0.self_attn.k_proj.bias tensor<32xf32> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.weight tensor<64x32xf32> alias=-1 transposed
// weight language_model.model.layers.0.self_attn.v_proj.bias tensor<32xf32> alias=-1
// weight language_model.model.layers.0.self_attn.o_proj.weight tensor<64x64xf32> alias=-1 transposed
// weight language_model.model.layers.0.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.mlp.gate_proj.weight tensor<64x128xf32> alias=-1 transposed
// weight language_model.model.layers.0.mlp.up_proj.weight tensor<64x128xf32> alias=-1 transposed
// weight language_model.model.layers.0.mlp.down_proj.weight tensor<128x64xf32> alias=-1 transposed
// weight language_model.model.layers.1.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.weight tensor<64x64xf32> alias=-1 transposed
// weight language_model.model.layers.1.self_attn.q_proj.bias tensor<64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.weight tensor<64x32xf32> alias=-1 transposed
// weight language_model.model.layers.1.self_attn.k_proj.bias tensor<32xf32> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.weight tensor<64x32xf32> alias=-1 transposed
// weight language_model.model.layers.1.self_attn.v_proj.bias tensor<32xf32> alias=-1
// weight language_model.model.layers.1.self_attn.o_proj.weight tensor<64x64xf32> alias=-1 transposed
// weight language_model.model.layers.1.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.mlp.gate_proj.weight tensor<64x128xf32> alias=-1 transposed
// weight language_model.model.layers.1.mlp.up_proj.weight tensor<64x128xf32> alias=-1 transposed
// weight language_model.model.layers.1.mlp.down_proj.weight tensor<128x64xf32> alias=-1 transposed
// weight language_model.model.norm.weight tensor<64xf32> alias=-1
// result prefill_logits tensor<1400xf32>
// result kv.0.key tensor<2x16x16xf32>
// result kv.0.value tensor<2x16x16xf32>
// result kv.1.key tensor<2x16x16xf32>
// result kv.1.value tensor<2x16x16xf32>
module {
func.func public @main(%input_ids: tensor<8xi32>, %feature_index: tensor<8xi32>, %image_features: tensor<16x64xf32>, %length: tensor<i32>, %kv_0_key: tensor<2x16x16xf32> {tf.aliasing_output = 1 : i32}, %kv_0_value: tensor<2x16x16xf32> {tf.aliasing_output = 2 : i32}, %kv_1_key: tensor<2x16x16xf32> {tf.aliasing_output = 3 : i32}, %kv_1_value: tensor<2x16x16xf32> {tf.aliasing_output = 4 : i32}, %w0: tensor<64x1400xf32>, %w1: tensor<64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<64xf32>, %w4: tensor<64x32xf32>, %w5: tensor<32xf32>, %w6: tensor<64x32xf32>, %w7: tensor<32xf32>, %w8: tensor<64x64xf32>, %w9: tensor<64xf32>, %w10: tensor<64x128xf32>, %w11: tensor<64x128xf32>, %w12: tensor<128x64xf32>, %w13: tensor<64xf32>, %w14: tensor<64x64xf32>, %w15: tensor<64xf32>, %w16: tensor<64x32xf32>, %w17: tensor<32xf32>, %w18: tensor<64x32xf32>, %w19: tensor<32xf32>, %w20: tensor<64x64xf32>, %w21: tensor<64xf32>, %w22: tensor<64x128xf32>, %w23: tensor<64x128xf32>, %w24: tensor<128x64xf32>, %w25: tensor<64xf32>) -> (tensor<1400xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>) {
  %0 = "stablehlo.constant"() {value = dense<1399> : tensor<8xi32>} : () -> tensor<8xi32>
  %1 = "stablehlo.compare"(%input_ids, %0) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
  %2 = "stablehlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<8xi1>) -> tensor<8x64xi1>
  %3 = "stablehlo.gather"(%image_features, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<16x64xf32>, tensor<8xi32>) -> tensor<8x64xf32>
  %4 = "stablehlo.constant"() {value = dense<0> : tensor<8xi32>} : () -> tensor<8xi32>
  %5 = "stablehlo.select"(%1, %4, %input_ids) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %6 = "stablehlo.gather"(%w0, %5) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 64, 1>} : (tensor<64x1400xf32>, tensor<8xi32>) -> tensor<8x64xf32>
  %7 = "stablehlo.select"(%2, %3, %6) : (tensor<8x64xi1>, tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %8 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x8x8xi32>
  %9 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x2x8x8xi32>
  %10 = "stablehlo.compare"(%8, %9) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x8x8xi32>, tensor<2x2x8x8xi32>) -> tensor<2x2x8x8xi1>
  %11 = "stablehlo.multiply"(%7, %7) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %12 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %16 = "stablehlo.reduce"(%11, %12) ({
  ^bb0(%13: tensor<f32>, %14: tensor<f32>):
    %15 = "stablehlo.add"(%13, %14) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%15) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %17 = "stablehlo.broadcast_in_dim"(%16) {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x64xf32>
  %18 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %19 = "stablehlo.divide"(%17, %18) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %20 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %21 = "stablehlo.add"(%19, %20) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %22 = "stablehlo.rsqrt"(%21) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %23 = "stablehlo.multiply"(%7, %22) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %24 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %25 = "stablehlo.multiply"(%23, %24) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %26 = "stablehlo.dot_general"(%25, %w2) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  %27 = "stablehlo.broadcast_in_dim"(%w3) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %28 = "stablehlo.add"(%26, %27) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %29 = "stablehlo.reshape"(%28) : (tensor<8x64xf32>) -> tensor<8x4x16xf32>
  %30 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F40510A3F83F67B3F3CDF7F3FF7FE7F3FF8FF7F3F0000803F0000803F0000803F3311D5BEA5FA6F3FF97C7F3FDBFB7F3FDEFF7F3FFFFF7F3F0000803F0000803F3311D5BEA5FA6F3FF97C7F3FDBFB7F3FDEFF7F3FFFFF7F3F0000803F0000803F26707DBF296D5C3F4FD97E3FADF67F3FB5FF7F3FFEFF7F3F0000803F0000803F26707DBF296D5C3F4FD97E3FADF67F3FB5FF7F3FFEFF7F3F0000803F0000803F305527BFEDEB413F69F47D3F6CEF7F3F7AFF7F3FFCFF7F3F0000803F0000803F305527BFEDEB413F69F47D3F6CEF7F3F7AFF7F3FFCFF7F3F0000803F0000803F2C3C913EF14C213F81CE7C3F19E67F3F2EFF7F3FF9FF7F3F0000803F0000803F2C3C913EF14C213F81CE7C3F19E67F3F2EFF7F3FF9FF7F3F0000803F0000803FB8CD753F352FF73EE3677B3FB3DA7F3FD2FE7F3FF6FF7F3F0000803F0000803FB8CD753F352FF73EE3677B3FB3DA7F3FD2FE7F3FF6FF7F3F0000803F0000803FBDFF403FBAF8A33EEAC0793F3BCD7F3F65FE7F3FF3FF7F3F0000803F0000803FBDFF403FBAF8A33EEAC0793F3BCD7F3F65FE7F3FF3FF7F3F0000803F0000803F"> : tensor<8x16xf32>} : () -> tensor<8x16xf32>
  %31 = "stablehlo.broadcast_in_dim"(%30) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %32 = "stablehlo.multiply"(%29, %31) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %33 = "stablehlo.slice"(%29) {limit_indices = array<i64: 8, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %34 = "stablehlo.negate"(%33) : (tensor<8x4x8xf32>) -> tensor<8x4x8xf32>
  %35 = "stablehlo.slice"(%29) {limit_indices = array<i64: 8, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %36 = "stablehlo.concatenate"(%34, %35) {dimension = 2 : i64} : (tensor<8x4x8xf32>, tensor<8x4x8xf32>) -> tensor<8x4x16xf32>
  %37 = "stablehlo.constant"() {value = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC36A46A573F3A23353E5C81013D5C44B83B6E12833A53773A39B2A20438C1B0BC36B7C7683FF647B23EC970813D9D43383C6912033B5377BA39B2A28438C1B03C37B7C7683FF647B23EC970813D9D43383C6912033B5377BA39B2A28438C1B03C37C381103E6C2F023FC1FFC13DC7318A3C939B443B7ED90B3A0BF4C63891848D37C381103E6C2F023FC1FFC13DC7318A3C939B443B7ED90B3A0BF4C63891848D37CFBD41BFBC1F273F892E013EA240B83C5812833B52773A3AB2A20439C1B0BC37CFBD41BFBC1F273F892E013EA240B83C5812833B52773A3AB2A20439C1B0BC37107C75BFABCA463F1F3C213EFE4DE63CDED6A33B2615693A5ECB2539F1DCEB37107C75BFABCA463F1F3C213EFE4DE63CDED6A33B2615693A5ECB2539F1DCEB378C0F8FBE8830603F6F20413EBF2C0A3D599BC43B7CD98B3A0BF4463991840D388C0F8FBE8830603F6F20413EBF2C0A3D599BC43B7CD98B3A0BF4463991840D384630283F4484723F51D3603E5F31213DC75FE53B6628A33AB81C6839A91A25384630283F4484723F51D3603E5F31213DC75FE53B6628A33AB81C6839A91A2538"> : tensor<8x16xf32>} : () -> tensor<8x16xf32>
  %38 = "stablehlo.broadcast_in_dim"(%37) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %39 = "stablehlo.multiply"(%36, %38) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %40 = "stablehlo.add"(%32, %39) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %41 = "stablehlo.reshape"(%40) : (tensor<8x4x16xf32>) -> tensor<8x2x2x16xf32>
  %42 = "stablehlo.transpose"(%41) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<8x2x2x16xf32>) -> tensor<2x2x8x16xf32>
  %43 = "stablehlo.dot_general"(%25, %w4) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  %44 = "stablehlo.broadcast_in_dim"(%w5) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<8x32xf32>
  %45 = "stablehlo.add"(%43, %44) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %46 = "stablehlo.reshape"(%45) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %47 = "stablehlo.broadcast_in_dim"(%30) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %48 = "stablehlo.multiply"(%46, %47) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %49 = "stablehlo.slice"(%46) {limit_indices = array<i64: 8, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %50 = "stablehlo.negate"(%49) : (tensor<8x2x8xf32>) -> tensor<8x2x8xf32>
  %51 = "stablehlo.slice"(%46) {limit_indices = array<i64: 8, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %52 = "stablehlo.concatenate"(%50, %51) {dimension = 2 : i64} : (tensor<8x2x8xf32>, tensor<8x2x8xf32>) -> tensor<8x2x16xf32>
  %53 = "stablehlo.broadcast_in_dim"(%37) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %54 = "stablehlo.multiply"(%52, %53) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %55 = "stablehlo.add"(%48, %54) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %56 = "stablehlo.transpose"(%55) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %57 = "stablehlo.dot_general"(%42, %56) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x8xf32>
  %58 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %59 = "stablehlo.multiply"(%57, %58) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %60 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %61 = "stablehlo.select"(%10, %59, %60) : (tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %62 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %66 = "stablehlo.reduce"(%61, %62) ({
  ^bb0(%63: tensor<f32>, %64: tensor<f32>):
    %65 = "stablehlo.maximum"(%63, %64) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%65) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %67 = "stablehlo.broadcast_in_dim"(%66) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %68 = "stablehlo.subtract"(%61, %67) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %69 = "stablehlo.exponential"(%68) : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %70 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %74 = "stablehlo.reduce"(%69, %70) ({
  ^bb0(%71: tensor<f32>, %72: tensor<f32>):
    %73 = "stablehlo.add"(%71, %72) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%73) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %75 = "stablehlo.broadcast_in_dim"(%74) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %76 = "stablehlo.divide"(%69, %75) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %77 = "stablehlo.dot_general"(%25, %w6) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  %78 = "stablehlo.broadcast_in_dim"(%w7) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<8x32xf32>
  %79 = "stablehlo.add"(%77, %78) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %80 = "stablehlo.reshape"(%79) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %81 = "stablehlo.transpose"(%80) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %82 = "stablehlo.dot_general"(%76, %81) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x8xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x16xf32>
  %83 = "stablehlo.transpose"(%82) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x8x16xf32>) -> tensor<8x2x2x16xf32>
  %84 = "stablehlo.reshape"(%83) : (tensor<8x2x2x16xf32>) -> tensor<8x64xf32>
  %85 = "stablehlo.dot_general"(%84, %w8) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  %86 = "stablehlo.add"(%7, %85) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %87 = "stablehlo.multiply"(%86, %86) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %88 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %92 = "stablehlo.reduce"(%87, %88) ({
  ^bb0(%89: tensor<f32>, %90: tensor<f32>):
    %91 = "stablehlo.add"(%89, %90) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%91) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %93 = "stablehlo.broadcast_in_dim"(%92) {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x64xf32>
  %94 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %95 = "stablehlo.divide"(%93, %94) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %96 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %97 = "stablehlo.add"(%95, %96) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %98 = "stablehlo.rsqrt"(%97) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %99 = "stablehlo.multiply"(%86, %98) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %100 = "stablehlo.broadcast_in_dim"(%w9) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %101 = "stablehlo.multiply"(%99, %100) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %102 = "stablehlo.dot_general"(%101, %w10) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
  %103 = "stablehlo.logistic"(%102) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %104 = "stablehlo.multiply"(%102, %103) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %105 = "stablehlo.dot_general"(%101, %w11) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
  %106 = "stablehlo.multiply"(%104, %105) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %107 = "stablehlo.dot_general"(%106, %w12) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
  %108 = "stablehlo.add"(%86, %107) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %109 = "stablehlo.multiply"(%108, %108) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %110 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %114 = "stablehlo.reduce"(%109, %110) ({
  ^bb0(%111: tensor<f32>, %112: tensor<f32>):
    %113 = "stablehlo.add"(%111, %112) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%113) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %115 = "stablehlo.broadcast_in_dim"(%114) {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x64xf32>
  %116 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %117 = "stablehlo.divide"(%115, %116) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %118 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %119 = "stablehlo.add"(%117, %118) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %120 = "stablehlo.rsqrt"(%119) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %121 = "stablehlo.multiply"(%108, %120) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %122 = "stablehlo.broadcast_in_dim"(%w13) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %123 = "stablehlo.multiply"(%121, %122) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %124 = "stablehlo.dot_general"(%123, %w14) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  %125 = "stablehlo.broadcast_in_dim"(%w15) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %126 = "stablehlo.add"(%124, %125) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %127 = "stablehlo.reshape"(%126) : (tensor<8x64xf32>) -> tensor<8x4x16xf32>
  %128 = "stablehlo.broadcast_in_dim"(%30) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %129 = "stablehlo.multiply"(%127, %128) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %130 = "stablehlo.slice"(%127) {limit_indices = array<i64: 8, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %131 = "stablehlo.negate"(%130) : (tensor<8x4x8xf32>) -> tensor<8x4x8xf32>
  %132 = "stablehlo.slice"(%127) {limit_indices = array<i64: 8, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %133 = "stablehlo.concatenate"(%131, %132) {dimension = 2 : i64} : (tensor<8x4x8xf32>, tensor<8x4x8xf32>) -> tensor<8x4x16xf32>
  %134 = "stablehlo.broadcast_in_dim"(%37) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %135 = "stablehlo.multiply"(%133, %134) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %136 = "stablehlo.add"(%129, %135) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %137 = "stablehlo.reshape"(%136) : (tensor<8x4x16xf32>) -> tensor<8x2x2x16xf32>
  %138 = "stablehlo.transpose"(%137) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<8x2x2x16xf32>) -> tensor<2x2x8x16xf32>
  %139 = "stablehlo.dot_general"(%123, %w16) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  %140 = "stablehlo.broadcast_in_dim"(%w17) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<8x32xf32>
  %141 = "stablehlo.add"(%139, %140) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %142 = "stablehlo.reshape"(%141) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %143 = "stablehlo.broadcast_in_dim"(%30) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %144 = "stablehlo.multiply"(%142, %143) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %145 = "stablehlo.slice"(%142) {limit_indices = array<i64: 8, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %146 = "stablehlo.negate"(%145) : (tensor<8x2x8xf32>) -> tensor<8x2x8xf32>
  %147 = "stablehlo.slice"(%142) {limit_indices = array<i64: 8, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %148 = "stablehlo.concatenate"(%146, %147) {dimension = 2 : i64} : (tensor<8x2x8xf32>, tensor<8x2x8xf32>) -> tensor<8x2x16xf32>
  %149 = "stablehlo.broadcast_in_dim"(%37) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %150 = "stablehlo.multiply"(%148, %149) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %151 = "stablehlo.add"(%144, %150) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %152 = "stablehlo.transpose"(%151) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %153 = "stablehlo.dot_general"(%138, %152) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x8xf32>
  %154 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %155 = "stablehlo.multiply"(%153, %154) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %156 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %157 = "stablehlo.select"(%10, %155, %156) : (tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %158 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %162 = "stablehlo.reduce"(%157, %158) ({
  ^bb0(%159: tensor<f32>, %160: tensor<f32>):
    %161 = "stablehlo.maximum"(%159, %160) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%161) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %163 = "stablehlo.broadcast_in_dim"(%162) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %164 = "stablehlo.subtract"(%157, %163) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %165 = "stablehlo.exponential"(%164) : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %166 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %170 = "stablehlo.reduce"(%165, %166) ({
  ^bb0(%167: tensor<f32>, %168: tensor<f32>):
    %169 = "stablehlo.add"(%167, %168) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%169) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %171 = "stablehlo.broadcast_in_dim"(%170) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %172 = "stablehlo.divide"(%165, %171) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %173 = "stablehlo.dot_general"(%123, %w18) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
  %174 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<8x32xf32>
  %175 = "stablehlo.add"(%173, %174) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %176 = "stablehlo.reshape"(%175) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %177 = "stablehlo.transpose"(%176) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %178 = "stablehlo.dot_general"(%172, %177) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x8xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x16xf32>
  %179 = "stablehlo.transpose"(%178) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x8x16xf32>) -> tensor<8x2x2x16xf32>
  %180 = "stablehlo.reshape"(%179) : (tensor<8x2x2x16xf32>) -> tensor<8x64xf32>
  %181 = "stablehlo.dot_general"(%180, %w20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
  %182 = "stablehlo.add"(%108, %181) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %183 = "stablehlo.multiply"(%182, %182) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %184 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %188 = "stablehlo.reduce"(%183, %184) ({
  ^bb0(%185: tensor<f32>, %186: tensor<f32>):
    %187 = "stablehlo.add"(%185, %186) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%187) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %189 = "stablehlo.broadcast_in_dim"(%188) {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x64xf32>
  %190 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %191 = "stablehlo.divide"(%189, %190) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %192 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %193 = "stablehlo.add"(%191, %192) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %194 = "stablehlo.rsqrt"(%193) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %195 = "stablehlo.multiply"(%182, %194) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %196 = "stablehlo.broadcast_in_dim"(%w21) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %197 = "stablehlo.multiply"(%195, %196) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %198 = "stablehlo.dot_general"(%197, %w22) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
  %199 = "stablehlo.logistic"(%198) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %200 = "stablehlo.multiply"(%198, %199) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %201 = "stablehlo.dot_general"(%197, %w23) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
  %202 = "stablehlo.multiply"(%200, %201) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %203 = "stablehlo.dot_general"(%202, %w24) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
  %204 = "stablehlo.add"(%182, %203) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %205 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %206 = "stablehlo.subtract"(%length, %205) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %207 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %208 = "stablehlo.dynamic_slice"(%204, %206, %207) {slice_sizes = array<i64: 1, 64>} : (tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
  %209 = "stablehlo.multiply"(%208, %208) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %210 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %214 = "stablehlo.reduce"(%209, %210) ({
  ^bb0(%211: tensor<f32>, %212: tensor<f32>):
    %213 = "stablehlo.add"(%211, %212) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%213) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
  %215 = "stablehlo.broadcast_in_dim"(%214) {broadcast_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1x64xf32>
  %216 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %217 = "stablehlo.divide"(%215, %216) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %218 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %219 = "stablehlo.add"(%217, %218) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %220 = "stablehlo.rsqrt"(%219) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %221 = "stablehlo.multiply"(%208, %220) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %222 = "stablehlo.broadcast_in_dim"(%w25) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<1x64xf32>
  %223 = "stablehlo.multiply"(%221, %222) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %224 = "stablehlo.dot_general"(%223, %w0) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1x64xf32>, tensor<64x1400xf32>) -> tensor<1x1400xf32>
  %225 = "stablehlo.reshape"(%224) : (tensor<1x1400xf32>) -> tensor<1400xf32>
  %226 = "stablehlo.dynamic_update_slice"(%kv_0_key, %56, %207, %207, %207) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %227 = "stablehlo.dynamic_update_slice"(%kv_0_value, %81, %207, %207, %207) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %228 = "stablehlo.dynamic_update_slice"(%kv_1_key, %152, %207, %207, %207) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %229 = "stablehlo.dynamic_update_slice"(%kv_1_value, %177, %207, %207, %207) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  func.return %225, %226, %227, %228, %229 : tensor<1400xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>
}
}
