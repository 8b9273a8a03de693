// llava_clip_llama_decode_f32_B2_C16: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// decode
// input tokens tensor<2xi32> alias=-1
// input positions tensor<2xi32> alias=-1
// input kv.0.0.key tensor<2x16x16xf32> alias=1 kv=0.0.k
// input kv.0.0.value tensor<2x16x16xf32> alias=2 kv=0.0.v
// input kv.0.1.key tensor<2x16x16xf32> alias=3 kv=0.1.k
// input kv.0.1.value tensor<2x16x16xf32> alias=4 kv=0.1.v
// input kv.1.0.key tensor<2x16x16xf32> alias=5 kv=1.0.k
// input kv.1.0.value tensor<2x16x16xf32> alias=6 kv=1.0.v
// input kv.1.1.key tensor<2x16x16xf32> alias=7 kv=1.1.k
// input kv.1.1.value tensor<2x16x16xf32> alias=8 kv=1.1.v
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
// result logits tensor<2x1401xf32>
// result kv.0.0.key tensor<2x16x16xf32>
// result kv.0.0.value tensor<2x16x16xf32>
// result kv.0.1.key tensor<2x16x16xf32>
// result kv.0.1.value tensor<2x16x16xf32>
// result kv.1.0.key tensor<2x16x16xf32>
// result kv.1.0.value tensor<2x16x16xf32>
// result kv.1.1.key tensor<2x16x16xf32>
// result kv.1.1.value tensor<2x16x16xf32>
module {
func.func public @main(%tokens: tensor<2xi32>, %positions: tensor<2xi32>, %kv_0_0_key: tensor<2x16x16xf32> {tf.aliasing_output = 1 : i32}, %kv_0_0_value: tensor<2x16x16xf32> {tf.aliasing_output = 2 : i32}, %kv_0_1_key: tensor<2x16x16xf32> {tf.aliasing_output = 3 : i32}, %kv_0_1_value: tensor<2x16x16xf32> {tf.aliasing_output = 4 : i32}, %kv_1_0_key: tensor<2x16x16xf32> {tf.aliasing_output = 5 : i32}, %kv_1_0_value: tensor<2x16x16xf32> {tf.aliasing_output = 6 : i32}, %kv_1_1_key: tensor<2x16x16xf32> {tf.aliasing_output = 7 : i32}, %kv_1_1_value: tensor<2x16x16xf32> {tf.aliasing_output = 8 : i32}, %w0: tensor<1401x64xf32>, %w1: tensor<64xf32>, %w2: tensor<64x64xf32>, %w3: tensor<32x64xf32>, %w4: tensor<32x64xf32>, %w5: tensor<64x64xf32>, %w6: tensor<64xf32>, %w7: tensor<128x64xf32>, %w8: tensor<128x64xf32>, %w9: tensor<64x128xf32>, %w10: tensor<64xf32>, %w11: tensor<64x64xf32>, %w12: tensor<32x64xf32>, %w13: tensor<32x64xf32>, %w14: tensor<64x64xf32>, %w15: tensor<64xf32>, %w16: tensor<128x64xf32>, %w17: tensor<128x64xf32>, %w18: tensor<64x128xf32>, %w19: tensor<64xf32>, %w20: tensor<1401x64xf32>) -> (tensor<2x1401xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>) {
  %0 = "stablehlo.gather"(%w0, %tokens) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1401x64xf32>, tensor<2xi32>) -> tensor<2x64xf32>
  %1 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x2x16xi32>
  %2 = "stablehlo.broadcast_in_dim"(%positions) {broadcast_dimensions = array<i64: 0>} : (tensor<2xi32>) -> tensor<2x2x2x16xi32>
  %3 = "stablehlo.compare"(%1, %2) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x2x16xi32>, tensor<2x2x2x16xi32>) -> tensor<2x2x2x16xi1>
  %4 = "stablehlo.multiply"(%0, %0) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %5 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %9 = "stablehlo.reduce"(%4, %5) ({
  ^bb0(%6: tensor<f32>, %7: tensor<f32>):
    %8 = "stablehlo.add"(%6, %7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%8) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %10 = "stablehlo.broadcast_in_dim"(%9) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %11 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %12 = "stablehlo.divide"(%10, %11) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %13 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %14 = "stablehlo.add"(%12, %13) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %15 = "stablehlo.rsqrt"(%14) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %16 = "stablehlo.multiply"(%0, %15) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %17 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %18 = "stablehlo.multiply"(%16, %17) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %19 = "stablehlo.dot_general"(%w2, %18) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<64x2xf32>
  %20 = "stablehlo.transpose"(%19) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %21 = "stablehlo.reshape"(%20) : (tensor<2x64xf32>) -> tensor<2x4x16xf32>
  %22 = "stablehlo.convert"(%positions) : (tensor<2xi32>) -> tensor<2xf32>
  %23 = "stablehlo.broadcast_in_dim"(%22) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x16xf32>
  %24 = "stablehlo.constant"() {value = dense<"0x0000803F3D67843E41F5883D61AB8D3CFF8A923B8895973A77CC9C395131A2380000803F3D67843E41F5883D61AB8D3CFF8A923B8895973A77CC9C395131A238"> : tensor<16xf32>} : () -> tensor<16xf32>
  %25 = "stablehlo.broadcast_in_dim"(%24) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<2x16xf32>
  %26 = "stablehlo.multiply"(%23, %25) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %27 = "stablehlo.cosine"(%26) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %28 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x4x16xf32>
  %29 = "stablehlo.multiply"(%21, %28) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %30 = "stablehlo.reshape"(%29) : (tensor<2x4x16xf32>) -> tensor<1x2x4x16xf32>
  %31 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x4x16xf32>} : () -> tensor<1x2x4x16xf32>
  %32 = "stablehlo.concatenate"(%30, %31) {dimension = 0 : i64} : (tensor<1x2x4x16xf32>, tensor<1x2x4x16xf32>) -> tensor<2x2x4x16xf32>
  %33 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %37 = "stablehlo.reduce"(%32, %33) ({
  ^bb0(%34: tensor<f32>, %35: tensor<f32>):
    %36 = "stablehlo.maximum"(%34, %35) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%36) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
  %38 = "stablehlo.slice"(%21) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %39 = "stablehlo.negate"(%38) : (tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %40 = "stablehlo.slice"(%21) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %41 = "stablehlo.concatenate"(%39, %40) {dimension = 2 : i64} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x16xf32>
  %42 = "stablehlo.sine"(%26) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %43 = "stablehlo.broadcast_in_dim"(%42) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x4x16xf32>
  %44 = "stablehlo.multiply"(%41, %43) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %45 = "stablehlo.reshape"(%44) : (tensor<2x4x16xf32>) -> tensor<1x2x4x16xf32>
  %46 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x4x16xf32>} : () -> tensor<1x2x4x16xf32>
  %47 = "stablehlo.concatenate"(%45, %46) {dimension = 0 : i64} : (tensor<1x2x4x16xf32>, tensor<1x2x4x16xf32>) -> tensor<2x2x4x16xf32>
  %48 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %52 = "stablehlo.reduce"(%47, %48) ({
  ^bb0(%49: tensor<f32>, %50: tensor<f32>):
    %51 = "stablehlo.maximum"(%49, %50) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%51) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
  %53 = "stablehlo.add"(%37, %52) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %54 = "stablehlo.slice"(%53) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %55 = "stablehlo.reshape"(%54) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %56 = "stablehlo.dot_general"(%w3, %18) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %57 = "stablehlo.transpose"(%56) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %58 = "stablehlo.reshape"(%57) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %59 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %60 = "stablehlo.multiply"(%58, %59) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %61 = "stablehlo.reshape"(%60) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %62 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x2x16xf32>} : () -> tensor<1x2x2x16xf32>
  %63 = "stablehlo.concatenate"(%61, %62) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %64 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %68 = "stablehlo.reduce"(%63, %64) ({
  ^bb0(%65: tensor<f32>, %66: tensor<f32>):
    %67 = "stablehlo.maximum"(%65, %66) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%67) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %69 = "stablehlo.slice"(%58) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %70 = "stablehlo.negate"(%69) : (tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %71 = "stablehlo.slice"(%58) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %72 = "stablehlo.concatenate"(%70, %71) {dimension = 2 : i64} : (tensor<2x2x8xf32>, tensor<2x2x8xf32>) -> tensor<2x2x16xf32>
  %73 = "stablehlo.broadcast_in_dim"(%42) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %74 = "stablehlo.multiply"(%72, %73) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %75 = "stablehlo.reshape"(%74) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %76 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x2x16xf32>} : () -> tensor<1x2x2x16xf32>
  %77 = "stablehlo.concatenate"(%75, %76) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %78 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %82 = "stablehlo.reduce"(%77, %78) ({
  ^bb0(%79: tensor<f32>, %80: tensor<f32>):
    %81 = "stablehlo.maximum"(%79, %80) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%81) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %83 = "stablehlo.add"(%68, %82) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %84 = "stablehlo.slice"(%83) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %85 = "stablehlo.reshape"(%84) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %86 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %87 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %88 = "stablehlo.reshape"(%87) : (tensor<1xi32>) -> tensor<i32>
  %89 = "stablehlo.dynamic_update_slice"(%kv_0_0_key, %85, %86, %88, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %90 = "stablehlo.dot_general"(%55, %89) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %91 = "stablehlo.reshape"(%90) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %92 = "stablehlo.slice"(%53) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %93 = "stablehlo.reshape"(%92) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %94 = "stablehlo.slice"(%83) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %95 = "stablehlo.reshape"(%94) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %96 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 2>, start_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %97 = "stablehlo.reshape"(%96) : (tensor<1xi32>) -> tensor<i32>
  %98 = "stablehlo.dynamic_update_slice"(%kv_1_0_key, %95, %86, %97, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %99 = "stablehlo.dot_general"(%93, %98) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %100 = "stablehlo.reshape"(%99) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %101 = "stablehlo.concatenate"(%91, %100) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %102 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %103 = "stablehlo.multiply"(%101, %102) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %104 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %105 = "stablehlo.select"(%3, %103, %104) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %106 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %110 = "stablehlo.reduce"(%105, %106) ({
  ^bb0(%107: tensor<f32>, %108: tensor<f32>):
    %109 = "stablehlo.maximum"(%107, %108) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%109) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %111 = "stablehlo.broadcast_in_dim"(%110) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %112 = "stablehlo.subtract"(%105, %111) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %113 = "stablehlo.exponential"(%112) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %114 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %118 = "stablehlo.reduce"(%113, %114) ({
  ^bb0(%115: tensor<f32>, %116: tensor<f32>):
    %117 = "stablehlo.add"(%115, %116) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%117) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %119 = "stablehlo.broadcast_in_dim"(%118) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %120 = "stablehlo.divide"(%113, %119) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %121 = "stablehlo.slice"(%120) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %122 = "stablehlo.reshape"(%121) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %123 = "stablehlo.dot_general"(%w4, %18) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %124 = "stablehlo.transpose"(%123) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %125 = "stablehlo.reshape"(%124) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %126 = "stablehlo.slice"(%125) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %127 = "stablehlo.reshape"(%126) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %128 = "stablehlo.dynamic_update_slice"(%kv_0_0_value, %127, %86, %88, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %129 = "stablehlo.dot_general"(%122, %128) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %130 = "stablehlo.reshape"(%129) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %131 = "stablehlo.slice"(%120) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %132 = "stablehlo.reshape"(%131) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %133 = "stablehlo.slice"(%125) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %134 = "stablehlo.reshape"(%133) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %135 = "stablehlo.dynamic_update_slice"(%kv_1_0_value, %134, %86, %97, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %136 = "stablehlo.dot_general"(%132, %135) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %137 = "stablehlo.reshape"(%136) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %138 = "stablehlo.concatenate"(%130, %137) {dimension = 0 : i64} : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<2x64xf32>
  %139 = "stablehlo.dot_general"(%w5, %138) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<64x2xf32>
  %140 = "stablehlo.transpose"(%139) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %141 = "stablehlo.add"(%0, %140) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %142 = "stablehlo.multiply"(%141, %141) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %143 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %147 = "stablehlo.reduce"(%142, %143) ({
  ^bb0(%144: tensor<f32>, %145: tensor<f32>):
    %146 = "stablehlo.add"(%144, %145) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%146) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %148 = "stablehlo.broadcast_in_dim"(%147) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %149 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %150 = "stablehlo.divide"(%148, %149) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %151 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %152 = "stablehlo.add"(%150, %151) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %153 = "stablehlo.rsqrt"(%152) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %154 = "stablehlo.multiply"(%141, %153) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %155 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %156 = "stablehlo.multiply"(%154, %155) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %157 = "stablehlo.dot_general"(%w7, %156) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %158 = "stablehlo.transpose"(%157) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %159 = "stablehlo.logistic"(%158) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %160 = "stablehlo.multiply"(%158, %159) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %161 = "stablehlo.dot_general"(%w8, %156) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %162 = "stablehlo.transpose"(%161) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %163 = "stablehlo.multiply"(%160, %162) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %164 = "stablehlo.dot_general"(%w9, %163) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<2x128xf32>) -> tensor<64x2xf32>
  %165 = "stablehlo.transpose"(%164) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %166 = "stablehlo.add"(%141, %165) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %167 = "stablehlo.multiply"(%166, %166) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %168 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %172 = "stablehlo.reduce"(%167, %168) ({
  ^bb0(%169: tensor<f32>, %170: tensor<f32>):
    %171 = "stablehlo.add"(%169, %170) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%171) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %173 = "stablehlo.broadcast_in_dim"(%172) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %174 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %175 = "stablehlo.divide"(%173, %174) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %176 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %177 = "stablehlo.add"(%175, %176) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %178 = "stablehlo.rsqrt"(%177) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %179 = "stablehlo.multiply"(%166, %178) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %180 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %181 = "stablehlo.multiply"(%179, %180) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %182 = "stablehlo.dot_general"(%w11, %181) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<64x2xf32>
  %183 = "stablehlo.transpose"(%182) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %184 = "stablehlo.reshape"(%183) : (tensor<2x64xf32>) -> tensor<2x4x16xf32>
  %185 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x4x16xf32>
  %186 = "stablehlo.multiply"(%184, %185) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %187 = "stablehlo.reshape"(%186) : (tensor<2x4x16xf32>) -> tensor<1x2x4x16xf32>
  %188 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x4x16xf32>} : () -> tensor<1x2x4x16xf32>
  %189 = "stablehlo.concatenate"(%187, %188) {dimension = 0 : i64} : (tensor<1x2x4x16xf32>, tensor<1x2x4x16xf32>) -> tensor<2x2x4x16xf32>
  %190 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %194 = "stablehlo.reduce"(%189, %190) ({
  ^bb0(%191: tensor<f32>, %192: tensor<f32>):
    %193 = "stablehlo.maximum"(%191, %192) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%193) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
  %195 = "stablehlo.slice"(%184) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %196 = "stablehlo.negate"(%195) : (tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %197 = "stablehlo.slice"(%184) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %198 = "stablehlo.concatenate"(%196, %197) {dimension = 2 : i64} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x16xf32>
  %199 = "stablehlo.broadcast_in_dim"(%42) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x4x16xf32>
  %200 = "stablehlo.multiply"(%198, %199) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %201 = "stablehlo.reshape"(%200) : (tensor<2x4x16xf32>) -> tensor<1x2x4x16xf32>
  %202 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x4x16xf32>} : () -> tensor<1x2x4x16xf32>
  %203 = "stablehlo.concatenate"(%201, %202) {dimension = 0 : i64} : (tensor<1x2x4x16xf32>, tensor<1x2x4x16xf32>) -> tensor<2x2x4x16xf32>
  %204 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %208 = "stablehlo.reduce"(%203, %204) ({
  ^bb0(%205: tensor<f32>, %206: tensor<f32>):
    %207 = "stablehlo.maximum"(%205, %206) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%207) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x4x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
  %209 = "stablehlo.add"(%194, %208) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %210 = "stablehlo.slice"(%209) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %211 = "stablehlo.reshape"(%210) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %212 = "stablehlo.dot_general"(%w12, %181) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %213 = "stablehlo.transpose"(%212) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %214 = "stablehlo.reshape"(%213) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %215 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %216 = "stablehlo.multiply"(%214, %215) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %217 = "stablehlo.reshape"(%216) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %218 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x2x16xf32>} : () -> tensor<1x2x2x16xf32>
  %219 = "stablehlo.concatenate"(%217, %218) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %220 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %224 = "stablehlo.reduce"(%219, %220) ({
  ^bb0(%221: tensor<f32>, %222: tensor<f32>):
    %223 = "stablehlo.maximum"(%221, %222) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%223) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %225 = "stablehlo.slice"(%214) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %226 = "stablehlo.negate"(%225) : (tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %227 = "stablehlo.slice"(%214) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %228 = "stablehlo.concatenate"(%226, %227) {dimension = 2 : i64} : (tensor<2x2x8xf32>, tensor<2x2x8xf32>) -> tensor<2x2x16xf32>
  %229 = "stablehlo.broadcast_in_dim"(%42) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %230 = "stablehlo.multiply"(%228, %229) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %231 = "stablehlo.reshape"(%230) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %232 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<1x2x2x16xf32>} : () -> tensor<1x2x2x16xf32>
  %233 = "stablehlo.concatenate"(%231, %232) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %234 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %238 = "stablehlo.reduce"(%233, %234) ({
  ^bb0(%235: tensor<f32>, %236: tensor<f32>):
    %237 = "stablehlo.maximum"(%235, %236) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%237) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %239 = "stablehlo.add"(%224, %238) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %240 = "stablehlo.slice"(%239) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %241 = "stablehlo.reshape"(%240) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %242 = "stablehlo.dynamic_update_slice"(%kv_0_1_key, %241, %86, %88, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %243 = "stablehlo.dot_general"(%211, %242) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %244 = "stablehlo.reshape"(%243) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %245 = "stablehlo.slice"(%209) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %246 = "stablehlo.reshape"(%245) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %247 = "stablehlo.slice"(%239) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %248 = "stablehlo.reshape"(%247) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %249 = "stablehlo.dynamic_update_slice"(%kv_1_1_key, %248, %86, %97, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %250 = "stablehlo.dot_general"(%246, %249) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %251 = "stablehlo.reshape"(%250) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %252 = "stablehlo.concatenate"(%244, %251) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %253 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %254 = "stablehlo.multiply"(%252, %253) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %255 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %256 = "stablehlo.select"(%3, %254, %255) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %257 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %261 = "stablehlo.reduce"(%256, %257) ({
  ^bb0(%258: tensor<f32>, %259: tensor<f32>):
    %260 = "stablehlo.maximum"(%258, %259) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%260) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %262 = "stablehlo.broadcast_in_dim"(%261) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %263 = "stablehlo.subtract"(%256, %262) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %264 = "stablehlo.exponential"(%263) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %265 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %269 = "stablehlo.reduce"(%264, %265) ({
  ^bb0(%266: tensor<f32>, %267: tensor<f32>):
    %268 = "stablehlo.add"(%266, %267) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%268) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %270 = "stablehlo.broadcast_in_dim"(%269) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %271 = "stablehlo.divide"(%264, %270) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %272 = "stablehlo.slice"(%271) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %273 = "stablehlo.reshape"(%272) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %274 = "stablehlo.dot_general"(%w13, %181) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %275 = "stablehlo.transpose"(%274) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %276 = "stablehlo.reshape"(%275) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %277 = "stablehlo.slice"(%276) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %278 = "stablehlo.reshape"(%277) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %279 = "stablehlo.dynamic_update_slice"(%kv_0_1_value, %278, %86, %88, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %280 = "stablehlo.dot_general"(%273, %279) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %281 = "stablehlo.reshape"(%280) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %282 = "stablehlo.slice"(%271) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %283 = "stablehlo.reshape"(%282) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %284 = "stablehlo.slice"(%276) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %285 = "stablehlo.reshape"(%284) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %286 = "stablehlo.dynamic_update_slice"(%kv_1_1_value, %285, %86, %97, %86) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %287 = "stablehlo.dot_general"(%283, %286) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %288 = "stablehlo.reshape"(%287) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %289 = "stablehlo.concatenate"(%281, %288) {dimension = 0 : i64} : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<2x64xf32>
  %290 = "stablehlo.dot_general"(%w14, %289) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<64x2xf32>
  %291 = "stablehlo.transpose"(%290) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %292 = "stablehlo.add"(%166, %291) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %293 = "stablehlo.multiply"(%292, %292) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %294 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %298 = "stablehlo.reduce"(%293, %294) ({
  ^bb0(%295: tensor<f32>, %296: tensor<f32>):
    %297 = "stablehlo.add"(%295, %296) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%297) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %299 = "stablehlo.broadcast_in_dim"(%298) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %300 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %301 = "stablehlo.divide"(%299, %300) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %302 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %303 = "stablehlo.add"(%301, %302) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %304 = "stablehlo.rsqrt"(%303) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %305 = "stablehlo.multiply"(%292, %304) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %306 = "stablehlo.broadcast_in_dim"(%w15) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %307 = "stablehlo.multiply"(%305, %306) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %308 = "stablehlo.dot_general"(%w16, %307) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %309 = "stablehlo.transpose"(%308) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %310 = "stablehlo.logistic"(%309) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %311 = "stablehlo.multiply"(%309, %310) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %312 = "stablehlo.dot_general"(%w17, %307) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %313 = "stablehlo.transpose"(%312) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %314 = "stablehlo.multiply"(%311, %313) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %315 = "stablehlo.dot_general"(%w18, %314) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<2x128xf32>) -> tensor<64x2xf32>
  %316 = "stablehlo.transpose"(%315) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %317 = "stablehlo.add"(%292, %316) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %318 = "stablehlo.multiply"(%317, %317) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %319 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %323 = "stablehlo.reduce"(%318, %319) ({
  ^bb0(%320: tensor<f32>, %321: tensor<f32>):
    %322 = "stablehlo.add"(%320, %321) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%322) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %324 = "stablehlo.broadcast_in_dim"(%323) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %325 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %326 = "stablehlo.divide"(%324, %325) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %327 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %328 = "stablehlo.add"(%326, %327) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %329 = "stablehlo.rsqrt"(%328) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %330 = "stablehlo.multiply"(%317, %329) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %331 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %332 = "stablehlo.multiply"(%330, %331) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %333 = "stablehlo.dot_general"(%w20, %332) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1401x64xf32>, tensor<2x64xf32>) -> tensor<1401x2xf32>
  %334 = "stablehlo.transpose"(%333) {permutation = array<i64: 1, 0>} : (tensor<1401x2xf32>) -> tensor<2x1401xf32>
  func.return %334, %89, %128, %242, %279, %98, %135, %249, %286 : tensor<2x1401xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>
}
}
