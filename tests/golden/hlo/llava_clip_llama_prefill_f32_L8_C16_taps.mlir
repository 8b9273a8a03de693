// llava_clip_llama_prefill_f32_L8_C16_taps: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// prefill
// input input_ids tensor<8xi32> alias=-1
// input feature_index tensor<8xi32> alias=-1
// input image_features tensor<9x64xf32> alias=-1
// input length tensor<i32> alias=-1
// input kv.0.key tensor<2x16x16xf32> alias=1 kv=0.0.k
// input kv.0.value tensor<2x16x16xf32> alias=2 kv=0.0.v
// input kv.1.key tensor<2x16x16xf32> alias=3 kv=0.1.k
// input kv.1.value tensor<2x16x16xf32> alias=4 kv=0.1.v
// weight language_model.model.embed_tokens.weight tensor<1401x64xf32> alias=-1
// weight language_model.model.layers.0.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.0.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.0.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.0.mlp.gate_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.0.mlp.up_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.0.mlp.down_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.layers.1.input_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.weight tensor<32x64xf32> alias=-1
// weight language_model.model.layers.1.self_attn.o_proj.weight tensor<64x64xf32> alias=-1
// weight language_model.model.layers.1.post_attention_layernorm.weight tensor<64xf32> alias=-1
// weight language_model.model.layers.1.mlp.gate_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.1.mlp.up_proj.weight tensor<128x64xf32> alias=-1
// weight language_model.model.layers.1.mlp.down_proj.weight tensor<64x128xf32> alias=-1
// weight language_model.model.norm.weight tensor<64xf32> alias=-1
// weight language_model.lm_head.weight tensor<1401x64xf32> alias=-1
// result prefill_logits tensor<1401xf32>
// result kv.0.key tensor<2x16x16xf32>
// result kv.0.value tensor<2x16x16xf32>
// result kv.1.key tensor<2x16x16xf32>
// result kv.1.value tensor<2x16x16xf32>
// result inputs_embeds tensor<8x64xf32>
// result past_key_values.0.key tensor<2x8x16xf32>
// result past_key_values.0.value tensor<2x8x16xf32>
// result past_key_values.1.key tensor<2x8x16xf32>
// result past_key_values.1.value tensor<2x8x16xf32>
module {
func.func public @main(%input_ids: tensor<8xi32>, %feature_index: tensor<8xi32>, %image_features: tensor<9x64xf32>, %length: tensor<i32>, %kv_0_key: tensor<2x16x16xf32> {tf.aliasing_output = 1 : i32}, %kv_0_value: tensor<2x16x16xf32> {tf.aliasing_output = 2 : i32}, %kv_1_key: tensor<2x16x16xf32> {tf.aliasing_output = 3 : i32}, %kv_1_value: tensor<2x16x16xf32> {tf.aliasing_output = 4 : i32}, %w0: tensor<1401x64xf32>, %w1: tensor<64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<32x64xf32>, %w4: tensor<32x64xf32>, %w5: tensor<64x64xf32>, %w6: tensor<64xf32>, %w7: tensor<128x64xf32>, %w8: tensor<128x64xf32>, %w9: tensor<64x128xf32>, %w10: tensor<64xf32>, %w11: tensor<64x64xf32>, %w12: tensor<32x64xf32>, %w13: tensor<32x64xf32>, %w14: tensor<64x64xf32>, %w15: tensor<64xf32>, %w16: tensor<128x64xf32>, %w17: tensor<128x64xf32>, %w18: tensor<64x128xf32>, %w19: tensor<64xf32>, %w20: tensor<1401x64xf32>) -> (tensor<1401xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<8x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>) {
  %0 = "stablehlo.constant"() {value = dense<1400> : tensor<8xi32>} : () -> tensor<8xi32>
  %1 = "stablehlo.compare"(%input_ids, %0) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
  %2 = "stablehlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<8xi1>) -> tensor<8x64xi1>
  %3 = "stablehlo.gather"(%image_features, %feature_index) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<9x64xf32>, tensor<8xi32>) -> tensor<8x64xf32>
  %4 = "stablehlo.constant"() {value = dense<0> : tensor<8xi32>} : () -> tensor<8xi32>
  %5 = "stablehlo.select"(%1, %4, %input_ids) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %6 = "stablehlo.gather"(%w0, %5) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1401x64xf32>, tensor<8xi32>) -> tensor<8x64xf32>
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
  %20 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %21 = "stablehlo.add"(%19, %20) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %22 = "stablehlo.rsqrt"(%21) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %23 = "stablehlo.multiply"(%7, %22) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %24 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %25 = "stablehlo.multiply"(%23, %24) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %26 = "stablehlo.dot_general"(%w2, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<8x64xf32>) -> tensor<64x8xf32>
  %27 = "stablehlo.transpose"(%26) {permutation = array<i64: 1, 0>} : (tensor<64x8xf32>) -> tensor<8x64xf32>
  %28 = "stablehlo.reshape"(%27) : (tensor<8x64xf32>) -> tensor<8x4x16xf32>
  %29 = "stablehlo.constant"() {value = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3FDB7C773F836D7F3F33F67F3F58FF7F3FF5FF7F3FFFFF7F3F0000803F40510A3FDB7C773F836D7F3F33F67F3F58FF7F3FF5FF7F3FFFFF7F3F0000803F3311D5BE58845E3FB4B67D3FCED87F3F61FD7F3FD3FF7F3FFDFF7F3F0000803F3311D5BE58845E3FB4B67D3FCED87F3F61FD7F3FD3FF7F3FFDFF7F3F0000803F26707DBF93BF363F88DD7A3FD2A77F3F1AFA7F3F9BFF7F3FF9FF7F3F0000803F26707DBF93BF363F88DD7A3FD2A77F3F1AFA7F3F9BFF7F3FF9FF7F3F0000803F305527BF9AD3023F43E5763F44637F3F84F57F3F4CFF7F3FF4FF7F3FFFFF7F3F305527BF9AD3023F43E5763F44637F3F84F57F3F4CFF7F3FF4FF7F3FFFFF7F3F2C3C913EB9688C3E6FD2713F280B7F3F9EEF7F3FE8FE7F3FEDFF7F3FFFFF7F3F2C3C913EB9688C3E6FD2713F280B7F3F9EEF7F3FE8FE7F3FEDFF7F3FFFFF7F3FB8CD753F303D9D3CDAAA6B3F859F7E3F69E87F3F6CFE7F3FE5FF7F3FFEFF7F3FB8CD753F303D9D3CDAAA6B3F859F7E3F69E87F3F6CFE7F3FE5FF7F3FFEFF7F3FBDFF403FBBD072BE9175643F64207E3FE4DF7F3FDAFD7F3FDBFF7F3FFEFF7F3FBDFF403FBBD072BE9175643F64207E3FE4DF7F3FDAFD7F3FDBFF7F3FFEFF7F3F"> : tensor<8x16xf32>} : () -> tensor<8x16xf32>
  %30 = "stablehlo.broadcast_in_dim"(%29) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %31 = "stablehlo.multiply"(%28, %30) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %32 = "stablehlo.slice"(%28) {limit_indices = array<i64: 8, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %33 = "stablehlo.negate"(%32) : (tensor<8x4x8xf32>) -> tensor<8x4x8xf32>
  %34 = "stablehlo.slice"(%28) {limit_indices = array<i64: 8, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %35 = "stablehlo.concatenate"(%33, %34) {dimension = 2 : i64} : (tensor<8x4x8xf32>, tensor<8x4x8xf32>) -> tensor<8x4x16xf32>
  %36 = "stablehlo.constant"() {value = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A46A573FB7EE823E20DB883D92A98D3CDF8A923B8695973A77CC9C395131A238A46A573FB7EE823E20DB883D92A98D3CDF8A923B8695973A77CC9C395131A238B7C7683F5C28FD3ED18C083E26A40D3D7F8A123C7F95173B76CC1C3A51312239B7C7683F5C28FD3ED18C083E26A40D3D7F8A123C7F95173B76CC1C3A51312239C381103E0E46333FCC0F4C3EAB68543DCECE5B3C2E60633BB0326B3AFA497339C381103E0E46333FCC0F4C3EAB68543DCECE5B3C2E60633BB0326B3AFA497339CFBD41BFE00B5C3F9E54873E768E8D3DFF88923C6595973B75CC9C3A5131A239CFBD41BFE00B5C3F9E54873E768E8D3DFF88923C6595973B75CC9C3A5131A239107C75BF802F763F7606A83EC0DDB03DD729B73CA57ABD3B90FFC33AA5BDCA39107C75BF802F763F7606A83EC0DDB03DD729B73CA57ABD3B90FFC33AA5BDCA398C0F8FBEEDF37F3F03F8C73E811FD43DBDC9DB3CD45FE33BAA32EB3AF949F3398C0F8FBEEDF37F3F03F8C73E811FD43DBDC9DB3CD45FE33BAA32EB3AF949F3394630283FDEB2783FB504E73E0351F73D4334003D78A2043CE132093B27EB0D3A4630283FDEB2783FB504E73E0351F73D4334003D78A2043CE132093B27EB0D3A"> : tensor<8x16xf32>} : () -> tensor<8x16xf32>
  %37 = "stablehlo.broadcast_in_dim"(%36) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %38 = "stablehlo.multiply"(%35, %37) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %39 = "stablehlo.add"(%31, %38) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %40 = "stablehlo.reshape"(%39) : (tensor<8x4x16xf32>) -> tensor<8x2x2x16xf32>
  %41 = "stablehlo.transpose"(%40) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<8x2x2x16xf32>) -> tensor<2x2x8x16xf32>
  %42 = "stablehlo.dot_general"(%w3, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<8x64xf32>) -> tensor<32x8xf32>
  %43 = "stablehlo.transpose"(%42) {permutation = array<i64: 1, 0>} : (tensor<32x8xf32>) -> tensor<8x32xf32>
  %44 = "stablehlo.reshape"(%43) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %45 = "stablehlo.broadcast_in_dim"(%29) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %46 = "stablehlo.multiply"(%44, %45) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %47 = "stablehlo.slice"(%44) {limit_indices = array<i64: 8, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %48 = "stablehlo.negate"(%47) : (tensor<8x2x8xf32>) -> tensor<8x2x8xf32>
  %49 = "stablehlo.slice"(%44) {limit_indices = array<i64: 8, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %50 = "stablehlo.concatenate"(%48, %49) {dimension = 2 : i64} : (tensor<8x2x8xf32>, tensor<8x2x8xf32>) -> tensor<8x2x16xf32>
  %51 = "stablehlo.broadcast_in_dim"(%36) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %52 = "stablehlo.multiply"(%50, %51) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %53 = "stablehlo.add"(%46, %52) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %54 = "stablehlo.transpose"(%53) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %55 = "stablehlo.dot_general"(%41, %54) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x8xf32>
  %56 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %57 = "stablehlo.multiply"(%55, %56) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %58 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %59 = "stablehlo.select"(%10, %57, %58) : (tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %60 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %64 = "stablehlo.reduce"(%59, %60) ({
  ^bb0(%61: tensor<f32>, %62: tensor<f32>):
    %63 = "stablehlo.maximum"(%61, %62) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%63) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %65 = "stablehlo.broadcast_in_dim"(%64) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %66 = "stablehlo.subtract"(%59, %65) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %67 = "stablehlo.exponential"(%66) : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %68 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %72 = "stablehlo.reduce"(%67, %68) ({
  ^bb0(%69: tensor<f32>, %70: tensor<f32>):
    %71 = "stablehlo.add"(%69, %70) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%71) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %73 = "stablehlo.broadcast_in_dim"(%72) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %74 = "stablehlo.divide"(%67, %73) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %75 = "stablehlo.dot_general"(%w4, %25) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<8x64xf32>) -> tensor<32x8xf32>
  %76 = "stablehlo.transpose"(%75) {permutation = array<i64: 1, 0>} : (tensor<32x8xf32>) -> tensor<8x32xf32>
  %77 = "stablehlo.reshape"(%76) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %78 = "stablehlo.transpose"(%77) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %79 = "stablehlo.dot_general"(%74, %78) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x8xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x16xf32>
  %80 = "stablehlo.transpose"(%79) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x8x16xf32>) -> tensor<8x2x2x16xf32>
  %81 = "stablehlo.reshape"(%80) : (tensor<8x2x2x16xf32>) -> tensor<8x64xf32>
  %82 = "stablehlo.dot_general"(%w5, %81) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<8x64xf32>) -> tensor<64x8xf32>
  %83 = "stablehlo.transpose"(%82) {permutation = array<i64: 1, 0>} : (tensor<64x8xf32>) -> tensor<8x64xf32>
  %84 = "stablehlo.add"(%7, %83) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %85 = "stablehlo.multiply"(%84, %84) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %86 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %90 = "stablehlo.reduce"(%85, %86) ({
  ^bb0(%87: tensor<f32>, %88: tensor<f32>):
    %89 = "stablehlo.add"(%87, %88) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%89) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %91 = "stablehlo.broadcast_in_dim"(%90) {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x64xf32>
  %92 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %93 = "stablehlo.divide"(%91, %92) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %94 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %95 = "stablehlo.add"(%93, %94) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %96 = "stablehlo.rsqrt"(%95) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %97 = "stablehlo.multiply"(%84, %96) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %98 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %99 = "stablehlo.multiply"(%97, %98) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %100 = "stablehlo.dot_general"(%w7, %99) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<8x64xf32>) -> tensor<128x8xf32>
  %101 = "stablehlo.transpose"(%100) {permutation = array<i64: 1, 0>} : (tensor<128x8xf32>) -> tensor<8x128xf32>
  %102 = "stablehlo.logistic"(%101) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %103 = "stablehlo.multiply"(%101, %102) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %104 = "stablehlo.dot_general"(%w8, %99) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<8x64xf32>) -> tensor<128x8xf32>
  %105 = "stablehlo.transpose"(%104) {permutation = array<i64: 1, 0>} : (tensor<128x8xf32>) -> tensor<8x128xf32>
  %106 = "stablehlo.multiply"(%103, %105) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %107 = "stablehlo.dot_general"(%w9, %106) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<8x128xf32>) -> tensor<64x8xf32>
  %108 = "stablehlo.transpose"(%107) {permutation = array<i64: 1, 0>} : (tensor<64x8xf32>) -> tensor<8x64xf32>
  %109 = "stablehlo.add"(%84, %108) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %110 = "stablehlo.multiply"(%109, %109) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %111 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %115 = "stablehlo.reduce"(%110, %111) ({
  ^bb0(%112: tensor<f32>, %113: tensor<f32>):
    %114 = "stablehlo.add"(%112, %113) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%114) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %116 = "stablehlo.broadcast_in_dim"(%115) {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x64xf32>
  %117 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %118 = "stablehlo.divide"(%116, %117) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %119 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %120 = "stablehlo.add"(%118, %119) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %121 = "stablehlo.rsqrt"(%120) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %122 = "stablehlo.multiply"(%109, %121) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %123 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %124 = "stablehlo.multiply"(%122, %123) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %125 = "stablehlo.dot_general"(%w11, %124) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<8x64xf32>) -> tensor<64x8xf32>
  %126 = "stablehlo.transpose"(%125) {permutation = array<i64: 1, 0>} : (tensor<64x8xf32>) -> tensor<8x64xf32>
  %127 = "stablehlo.reshape"(%126) : (tensor<8x64xf32>) -> tensor<8x4x16xf32>
  %128 = "stablehlo.broadcast_in_dim"(%29) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %129 = "stablehlo.multiply"(%127, %128) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %130 = "stablehlo.slice"(%127) {limit_indices = array<i64: 8, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %131 = "stablehlo.negate"(%130) : (tensor<8x4x8xf32>) -> tensor<8x4x8xf32>
  %132 = "stablehlo.slice"(%127) {limit_indices = array<i64: 8, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x4x16xf32>) -> tensor<8x4x8xf32>
  %133 = "stablehlo.concatenate"(%131, %132) {dimension = 2 : i64} : (tensor<8x4x8xf32>, tensor<8x4x8xf32>) -> tensor<8x4x16xf32>
  %134 = "stablehlo.broadcast_in_dim"(%36) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x4x16xf32>
  %135 = "stablehlo.multiply"(%133, %134) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %136 = "stablehlo.add"(%129, %135) : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
  %137 = "stablehlo.reshape"(%136) : (tensor<8x4x16xf32>) -> tensor<8x2x2x16xf32>
  %138 = "stablehlo.transpose"(%137) {permutation = array<i64: 1, 2, 0, 3>} : (tensor<8x2x2x16xf32>) -> tensor<2x2x8x16xf32>
  %139 = "stablehlo.dot_general"(%w12, %124) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<8x64xf32>) -> tensor<32x8xf32>
  %140 = "stablehlo.transpose"(%139) {permutation = array<i64: 1, 0>} : (tensor<32x8xf32>) -> tensor<8x32xf32>
  %141 = "stablehlo.reshape"(%140) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %142 = "stablehlo.broadcast_in_dim"(%29) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %143 = "stablehlo.multiply"(%141, %142) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %144 = "stablehlo.slice"(%141) {limit_indices = array<i64: 8, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %145 = "stablehlo.negate"(%144) : (tensor<8x2x8xf32>) -> tensor<8x2x8xf32>
  %146 = "stablehlo.slice"(%141) {limit_indices = array<i64: 8, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<8x2x16xf32>) -> tensor<8x2x8xf32>
  %147 = "stablehlo.concatenate"(%145, %146) {dimension = 2 : i64} : (tensor<8x2x8xf32>, tensor<8x2x8xf32>) -> tensor<8x2x16xf32>
  %148 = "stablehlo.broadcast_in_dim"(%36) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<8x16xf32>) -> tensor<8x2x16xf32>
  %149 = "stablehlo.multiply"(%147, %148) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %150 = "stablehlo.add"(%143, %149) : (tensor<8x2x16xf32>, tensor<8x2x16xf32>) -> tensor<8x2x16xf32>
  %151 = "stablehlo.transpose"(%150) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %152 = "stablehlo.dot_general"(%138, %151) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x8xf32>
  %153 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %154 = "stablehlo.multiply"(%152, %153) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %155 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x8x8xf32>} : () -> tensor<2x2x8x8xf32>
  %156 = "stablehlo.select"(%10, %154, %155) : (tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %157 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %161 = "stablehlo.reduce"(%156, %157) ({
  ^bb0(%158: tensor<f32>, %159: tensor<f32>):
    %160 = "stablehlo.maximum"(%158, %159) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%160) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %162 = "stablehlo.broadcast_in_dim"(%161) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %163 = "stablehlo.subtract"(%156, %162) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %164 = "stablehlo.exponential"(%163) : (tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %165 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %169 = "stablehlo.reduce"(%164, %165) ({
  ^bb0(%166: tensor<f32>, %167: tensor<f32>):
    %168 = "stablehlo.add"(%166, %167) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%168) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
  %170 = "stablehlo.broadcast_in_dim"(%169) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
  %171 = "stablehlo.divide"(%164, %170) : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %172 = "stablehlo.dot_general"(%w13, %124) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<8x64xf32>) -> tensor<32x8xf32>
  %173 = "stablehlo.transpose"(%172) {permutation = array<i64: 1, 0>} : (tensor<32x8xf32>) -> tensor<8x32xf32>
  %174 = "stablehlo.reshape"(%173) : (tensor<8x32xf32>) -> tensor<8x2x16xf32>
  %175 = "stablehlo.transpose"(%174) {permutation = array<i64: 1, 0, 2>} : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
  %176 = "stablehlo.dot_general"(%171, %175) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x8x8xf32>, tensor<2x8x16xf32>) -> tensor<2x2x8x16xf32>
  %177 = "stablehlo.transpose"(%176) {permutation = array<i64: 2, 0, 1, 3>} : (tensor<2x2x8x16xf32>) -> tensor<8x2x2x16xf32>
  %178 = "stablehlo.reshape"(%177) : (tensor<8x2x2x16xf32>) -> tensor<8x64xf32>
  %179 = "stablehlo.dot_general"(%w14, %178) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<8x64xf32>) -> tensor<64x8xf32>
  %180 = "stablehlo.transpose"(%179) {permutation = array<i64: 1, 0>} : (tensor<64x8xf32>) -> tensor<8x64xf32>
  %181 = "stablehlo.add"(%109, %180) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %182 = "stablehlo.multiply"(%181, %181) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %183 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %187 = "stablehlo.reduce"(%182, %183) ({
  ^bb0(%184: tensor<f32>, %185: tensor<f32>):
    %186 = "stablehlo.add"(%184, %185) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%186) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %188 = "stablehlo.broadcast_in_dim"(%187) {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x64xf32>
  %189 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %190 = "stablehlo.divide"(%188, %189) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %191 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<8x64xf32>} : () -> tensor<8x64xf32>
  %192 = "stablehlo.add"(%190, %191) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %193 = "stablehlo.rsqrt"(%192) : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %194 = "stablehlo.multiply"(%181, %193) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %195 = "stablehlo.broadcast_in_dim"(%w15) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<8x64xf32>
  %196 = "stablehlo.multiply"(%194, %195) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %197 = "stablehlo.dot_general"(%w16, %196) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<8x64xf32>) -> tensor<128x8xf32>
  %198 = "stablehlo.transpose"(%197) {permutation = array<i64: 1, 0>} : (tensor<128x8xf32>) -> tensor<8x128xf32>
  %199 = "stablehlo.logistic"(%198) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %200 = "stablehlo.multiply"(%198, %199) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %201 = "stablehlo.dot_general"(%w17, %196) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<8x64xf32>) -> tensor<128x8xf32>
  %202 = "stablehlo.transpose"(%201) {permutation = array<i64: 1, 0>} : (tensor<128x8xf32>) -> tensor<8x128xf32>
  %203 = "stablehlo.multiply"(%200, %202) : (tensor<8x128xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
  %204 = "stablehlo.dot_general"(%w18, %203) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<8x128xf32>) -> tensor<64x8xf32>
  %205 = "stablehlo.transpose"(%204) {permutation = array<i64: 1, 0>} : (tensor<64x8xf32>) -> tensor<8x64xf32>
  %206 = "stablehlo.add"(%181, %205) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %207 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %208 = "stablehlo.subtract"(%length, %207) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %209 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %210 = "stablehlo.dynamic_slice"(%206, %208, %209) {slice_sizes = array<i64: 1, 64>} : (tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
  %211 = "stablehlo.multiply"(%210, %210) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %212 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %216 = "stablehlo.reduce"(%211, %212) ({
  ^bb0(%213: tensor<f32>, %214: tensor<f32>):
    %215 = "stablehlo.add"(%213, %214) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%215) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
  %217 = "stablehlo.broadcast_in_dim"(%216) {broadcast_dimensions = array<i64: 0>} : (tensor<1xf32>) -> tensor<1x64xf32>
  %218 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %219 = "stablehlo.divide"(%217, %218) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %220 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<1x64xf32>} : () -> tensor<1x64xf32>
  %221 = "stablehlo.add"(%219, %220) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %222 = "stablehlo.rsqrt"(%221) : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %223 = "stablehlo.multiply"(%210, %222) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %224 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<1x64xf32>
  %225 = "stablehlo.multiply"(%223, %224) : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %226 = "stablehlo.dot_general"(%w20, %225) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1401x64xf32>, tensor<1x64xf32>) -> tensor<1401x1xf32>
  %227 = "stablehlo.transpose"(%226) {permutation = array<i64: 1, 0>} : (tensor<1401x1xf32>) -> tensor<1x1401xf32>
  %228 = "stablehlo.reshape"(%227) : (tensor<1x1401xf32>) -> tensor<1401xf32>
  %229 = "stablehlo.dynamic_update_slice"(%kv_0_key, %54, %209, %209, %209) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %230 = "stablehlo.dynamic_update_slice"(%kv_0_value, %78, %209, %209, %209) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %231 = "stablehlo.dynamic_update_slice"(%kv_1_key, %151, %209, %209, %209) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %232 = "stablehlo.dynamic_update_slice"(%kv_1_value, %175, %209, %209, %209) : (tensor<2x16x16xf32>, tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  func.return %228, %229, %230, %231, %232, %7, %54, %78, %151, %175 : tensor<1401xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<8x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>
}
}
