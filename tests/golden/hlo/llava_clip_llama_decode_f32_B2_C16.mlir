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
  %30 = "stablehlo.slice"(%21) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %31 = "stablehlo.negate"(%30) : (tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %32 = "stablehlo.slice"(%21) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %33 = "stablehlo.concatenate"(%31, %32) {dimension = 2 : i64} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x16xf32>
  %34 = "stablehlo.sine"(%26) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %35 = "stablehlo.broadcast_in_dim"(%34) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x4x16xf32>
  %36 = "stablehlo.multiply"(%33, %35) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %37 = "stablehlo.add"(%29, %36) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %38 = "stablehlo.slice"(%37) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %39 = "stablehlo.reshape"(%38) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %40 = "stablehlo.dot_general"(%w3, %18) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %41 = "stablehlo.transpose"(%40) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %42 = "stablehlo.reshape"(%41) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %43 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %44 = "stablehlo.multiply"(%42, %43) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %45 = "stablehlo.slice"(%42) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %46 = "stablehlo.negate"(%45) : (tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %47 = "stablehlo.slice"(%42) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %48 = "stablehlo.concatenate"(%46, %47) {dimension = 2 : i64} : (tensor<2x2x8xf32>, tensor<2x2x8xf32>) -> tensor<2x2x16xf32>
  %49 = "stablehlo.broadcast_in_dim"(%34) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %50 = "stablehlo.multiply"(%48, %49) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %51 = "stablehlo.add"(%44, %50) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %52 = "stablehlo.slice"(%51) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %53 = "stablehlo.reshape"(%52) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %54 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %55 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %56 = "stablehlo.reshape"(%55) : (tensor<1xi32>) -> tensor<i32>
  %57 = "stablehlo.dynamic_update_slice"(%kv_0_0_key, %53, %54, %56, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %58 = "stablehlo.dot_general"(%39, %57) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %59 = "stablehlo.reshape"(%58) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %60 = "stablehlo.slice"(%37) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %61 = "stablehlo.reshape"(%60) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %62 = "stablehlo.slice"(%51) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %63 = "stablehlo.reshape"(%62) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %64 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 2>, start_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %65 = "stablehlo.reshape"(%64) : (tensor<1xi32>) -> tensor<i32>
  %66 = "stablehlo.dynamic_update_slice"(%kv_1_0_key, %63, %54, %65, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %67 = "stablehlo.dot_general"(%61, %66) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %68 = "stablehlo.reshape"(%67) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %69 = "stablehlo.concatenate"(%59, %68) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %70 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %71 = "stablehlo.multiply"(%69, %70) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %72 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %73 = "stablehlo.select"(%3, %71, %72) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %74 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %78 = "stablehlo.reduce"(%73, %74) ({
  ^bb0(%75: tensor<f32>, %76: tensor<f32>):
    %77 = "stablehlo.maximum"(%75, %76) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%77) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %79 = "stablehlo.broadcast_in_dim"(%78) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %80 = "stablehlo.subtract"(%73, %79) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %81 = "stablehlo.exponential"(%80) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %82 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %86 = "stablehlo.reduce"(%81, %82) ({
  ^bb0(%83: tensor<f32>, %84: tensor<f32>):
    %85 = "stablehlo.add"(%83, %84) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%85) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %87 = "stablehlo.broadcast_in_dim"(%86) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %88 = "stablehlo.divide"(%81, %87) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %89 = "stablehlo.slice"(%88) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %90 = "stablehlo.reshape"(%89) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %91 = "stablehlo.dot_general"(%w4, %18) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %92 = "stablehlo.transpose"(%91) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %93 = "stablehlo.reshape"(%92) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %94 = "stablehlo.slice"(%93) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %95 = "stablehlo.reshape"(%94) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %96 = "stablehlo.dynamic_update_slice"(%kv_0_0_value, %95, %54, %56, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %97 = "stablehlo.dot_general"(%90, %96) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %98 = "stablehlo.reshape"(%97) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %99 = "stablehlo.slice"(%88) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %100 = "stablehlo.reshape"(%99) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %101 = "stablehlo.slice"(%93) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %102 = "stablehlo.reshape"(%101) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %103 = "stablehlo.dynamic_update_slice"(%kv_1_0_value, %102, %54, %65, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %104 = "stablehlo.dot_general"(%100, %103) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %105 = "stablehlo.reshape"(%104) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %106 = "stablehlo.concatenate"(%98, %105) {dimension = 0 : i64} : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<2x64xf32>
  %107 = "stablehlo.dot_general"(%w5, %106) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<64x2xf32>
  %108 = "stablehlo.transpose"(%107) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %109 = "stablehlo.add"(%0, %108) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %110 = "stablehlo.multiply"(%109, %109) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %111 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %115 = "stablehlo.reduce"(%110, %111) ({
  ^bb0(%112: tensor<f32>, %113: tensor<f32>):
    %114 = "stablehlo.add"(%112, %113) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%114) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %116 = "stablehlo.broadcast_in_dim"(%115) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %117 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %118 = "stablehlo.divide"(%116, %117) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %119 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %120 = "stablehlo.add"(%118, %119) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %121 = "stablehlo.rsqrt"(%120) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %122 = "stablehlo.multiply"(%109, %121) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %123 = "stablehlo.broadcast_in_dim"(%w6) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %124 = "stablehlo.multiply"(%122, %123) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %125 = "stablehlo.dot_general"(%w7, %124) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %126 = "stablehlo.transpose"(%125) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %127 = "stablehlo.logistic"(%126) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %128 = "stablehlo.multiply"(%126, %127) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %129 = "stablehlo.dot_general"(%w8, %124) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %130 = "stablehlo.transpose"(%129) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %131 = "stablehlo.multiply"(%128, %130) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %132 = "stablehlo.dot_general"(%w9, %131) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<2x128xf32>) -> tensor<64x2xf32>
  %133 = "stablehlo.transpose"(%132) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %134 = "stablehlo.add"(%109, %133) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %135 = "stablehlo.multiply"(%134, %134) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %136 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %140 = "stablehlo.reduce"(%135, %136) ({
  ^bb0(%137: tensor<f32>, %138: tensor<f32>):
    %139 = "stablehlo.add"(%137, %138) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%139) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %141 = "stablehlo.broadcast_in_dim"(%140) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %142 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %143 = "stablehlo.divide"(%141, %142) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %144 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %145 = "stablehlo.add"(%143, %144) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %146 = "stablehlo.rsqrt"(%145) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %147 = "stablehlo.multiply"(%134, %146) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %148 = "stablehlo.broadcast_in_dim"(%w10) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %149 = "stablehlo.multiply"(%147, %148) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %150 = "stablehlo.dot_general"(%w11, %149) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<64x2xf32>
  %151 = "stablehlo.transpose"(%150) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %152 = "stablehlo.reshape"(%151) : (tensor<2x64xf32>) -> tensor<2x4x16xf32>
  %153 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x4x16xf32>
  %154 = "stablehlo.multiply"(%152, %153) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %155 = "stablehlo.slice"(%152) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %156 = "stablehlo.negate"(%155) : (tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %157 = "stablehlo.slice"(%152) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<2x4x8xf32>
  %158 = "stablehlo.concatenate"(%156, %157) {dimension = 2 : i64} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x16xf32>
  %159 = "stablehlo.broadcast_in_dim"(%34) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x4x16xf32>
  %160 = "stablehlo.multiply"(%158, %159) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %161 = "stablehlo.add"(%154, %160) : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %162 = "stablehlo.slice"(%161) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %163 = "stablehlo.reshape"(%162) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %164 = "stablehlo.dot_general"(%w12, %149) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %165 = "stablehlo.transpose"(%164) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %166 = "stablehlo.reshape"(%165) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %167 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %168 = "stablehlo.multiply"(%166, %167) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %169 = "stablehlo.slice"(%166) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %170 = "stablehlo.negate"(%169) : (tensor<2x2x8xf32>) -> tensor<2x2x8xf32>
  %171 = "stablehlo.slice"(%166) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<2x2x8xf32>
  %172 = "stablehlo.concatenate"(%170, %171) {dimension = 2 : i64} : (tensor<2x2x8xf32>, tensor<2x2x8xf32>) -> tensor<2x2x16xf32>
  %173 = "stablehlo.broadcast_in_dim"(%34) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xf32>) -> tensor<2x2x16xf32>
  %174 = "stablehlo.multiply"(%172, %173) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %175 = "stablehlo.add"(%168, %174) : (tensor<2x2x16xf32>, tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %176 = "stablehlo.slice"(%175) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %177 = "stablehlo.reshape"(%176) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %178 = "stablehlo.dynamic_update_slice"(%kv_0_1_key, %177, %54, %56, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %179 = "stablehlo.dot_general"(%163, %178) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %180 = "stablehlo.reshape"(%179) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %181 = "stablehlo.slice"(%161) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xf32>) -> tensor<1x4x16xf32>
  %182 = "stablehlo.reshape"(%181) : (tensor<1x4x16xf32>) -> tensor<2x2x16xf32>
  %183 = "stablehlo.slice"(%175) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %184 = "stablehlo.reshape"(%183) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %185 = "stablehlo.dynamic_update_slice"(%kv_1_1_key, %184, %54, %65, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %186 = "stablehlo.dot_general"(%182, %185) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %187 = "stablehlo.reshape"(%186) : (tensor<2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %188 = "stablehlo.concatenate"(%180, %187) {dimension = 0 : i64} : (tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %189 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %190 = "stablehlo.multiply"(%188, %189) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %191 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %192 = "stablehlo.select"(%3, %190, %191) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %193 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %197 = "stablehlo.reduce"(%192, %193) ({
  ^bb0(%194: tensor<f32>, %195: tensor<f32>):
    %196 = "stablehlo.maximum"(%194, %195) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%196) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %198 = "stablehlo.broadcast_in_dim"(%197) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %199 = "stablehlo.subtract"(%192, %198) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %200 = "stablehlo.exponential"(%199) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %201 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %205 = "stablehlo.reduce"(%200, %201) ({
  ^bb0(%202: tensor<f32>, %203: tensor<f32>):
    %204 = "stablehlo.add"(%202, %203) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%204) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %206 = "stablehlo.broadcast_in_dim"(%205) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %207 = "stablehlo.divide"(%200, %206) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %208 = "stablehlo.slice"(%207) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %209 = "stablehlo.reshape"(%208) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %210 = "stablehlo.dot_general"(%w13, %149) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<32x64xf32>, tensor<2x64xf32>) -> tensor<32x2xf32>
  %211 = "stablehlo.transpose"(%210) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %212 = "stablehlo.reshape"(%211) : (tensor<2x32xf32>) -> tensor<2x2x16xf32>
  %213 = "stablehlo.slice"(%212) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %214 = "stablehlo.reshape"(%213) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %215 = "stablehlo.dynamic_update_slice"(%kv_0_1_value, %214, %54, %56, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %216 = "stablehlo.dot_general"(%209, %215) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %217 = "stablehlo.reshape"(%216) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %218 = "stablehlo.slice"(%207) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xf32>) -> tensor<1x2x2x16xf32>
  %219 = "stablehlo.reshape"(%218) : (tensor<1x2x2x16xf32>) -> tensor<2x2x16xf32>
  %220 = "stablehlo.slice"(%212) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xf32>) -> tensor<1x2x16xf32>
  %221 = "stablehlo.reshape"(%220) : (tensor<1x2x16xf32>) -> tensor<2x1x16xf32>
  %222 = "stablehlo.dynamic_update_slice"(%kv_1_1_value, %221, %54, %65, %54) : (tensor<2x16x16xf32>, tensor<2x1x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xf32>
  %223 = "stablehlo.dot_general"(%219, %222) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x2x16xf32>, tensor<2x16x16xf32>) -> tensor<2x2x16xf32>
  %224 = "stablehlo.reshape"(%223) : (tensor<2x2x16xf32>) -> tensor<1x64xf32>
  %225 = "stablehlo.concatenate"(%217, %224) {dimension = 0 : i64} : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<2x64xf32>
  %226 = "stablehlo.dot_general"(%w14, %225) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<64x2xf32>
  %227 = "stablehlo.transpose"(%226) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %228 = "stablehlo.add"(%134, %227) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %229 = "stablehlo.multiply"(%228, %228) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %230 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %234 = "stablehlo.reduce"(%229, %230) ({
  ^bb0(%231: tensor<f32>, %232: tensor<f32>):
    %233 = "stablehlo.add"(%231, %232) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%233) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %235 = "stablehlo.broadcast_in_dim"(%234) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %236 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %237 = "stablehlo.divide"(%235, %236) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %238 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %239 = "stablehlo.add"(%237, %238) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %240 = "stablehlo.rsqrt"(%239) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %241 = "stablehlo.multiply"(%228, %240) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %242 = "stablehlo.broadcast_in_dim"(%w15) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %243 = "stablehlo.multiply"(%241, %242) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %244 = "stablehlo.dot_general"(%w16, %243) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %245 = "stablehlo.transpose"(%244) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %246 = "stablehlo.logistic"(%245) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %247 = "stablehlo.multiply"(%245, %246) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %248 = "stablehlo.dot_general"(%w17, %243) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<128x2xf32>
  %249 = "stablehlo.transpose"(%248) {permutation = array<i64: 1, 0>} : (tensor<128x2xf32>) -> tensor<2x128xf32>
  %250 = "stablehlo.multiply"(%247, %249) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %251 = "stablehlo.dot_general"(%w18, %250) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<64x128xf32>, tensor<2x128xf32>) -> tensor<64x2xf32>
  %252 = "stablehlo.transpose"(%251) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %253 = "stablehlo.add"(%228, %252) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %254 = "stablehlo.multiply"(%253, %253) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %255 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %259 = "stablehlo.reduce"(%254, %255) ({
  ^bb0(%256: tensor<f32>, %257: tensor<f32>):
    %258 = "stablehlo.add"(%256, %257) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%258) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %260 = "stablehlo.broadcast_in_dim"(%259) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %261 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %262 = "stablehlo.divide"(%260, %261) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %263 = "stablehlo.constant"() {value = dense<1.0e-05> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %264 = "stablehlo.add"(%262, %263) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %265 = "stablehlo.rsqrt"(%264) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %266 = "stablehlo.multiply"(%253, %265) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %267 = "stablehlo.broadcast_in_dim"(%w19) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %268 = "stablehlo.multiply"(%266, %267) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %269 = "stablehlo.dot_general"(%w20, %268) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1401x64xf32>, tensor<2x64xf32>) -> tensor<1401x2xf32>
  %270 = "stablehlo.transpose"(%269) {permutation = array<i64: 1, 0>} : (tensor<1401x2xf32>) -> tensor<2x1401xf32>
  func.return %270, %57, %96, %178, %215, %66, %103, %185, %222 : tensor<2x1401xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>, tensor<2x16x16xf32>
}
}
