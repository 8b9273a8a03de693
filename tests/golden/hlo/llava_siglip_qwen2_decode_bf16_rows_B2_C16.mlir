// llava_siglip_qwen2_decode_bf16_rows_B2_C16: pinned by tests/cpp/hlo/pinned_programs_test.cc (VLMXLA_UPDATE_GOLDENS=1 regenerates it)
// decode
// input tokens tensor<2xi32> alias=-1
// input positions tensor<2xi32> alias=-1
// input kv.0.0.key tensor<2x16x16xbf16> alias=1 kv=0.0.k
// input kv.0.0.value tensor<2x16x16xbf16> alias=2 kv=0.0.v
// input kv.0.1.key tensor<2x16x16xbf16> alias=3 kv=0.1.k
// input kv.0.1.value tensor<2x16x16xbf16> alias=4 kv=0.1.v
// input kv.1.0.key tensor<2x16x16xbf16> alias=5 kv=1.0.k
// input kv.1.0.value tensor<2x16x16xbf16> alias=6 kv=1.0.v
// input kv.1.1.key tensor<2x16x16xbf16> alias=7 kv=1.1.k
// input kv.1.1.value tensor<2x16x16xbf16> alias=8 kv=1.1.v
// weight language_model.model.embed_tokens.weight tensor<1400x64xbf16> alias=-1
// weight language_model.model.layers.0.input_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.q_proj.bias tensor<64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.k_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.v_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.0.self_attn.o_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.0.post_attention_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.0.mlp.gate_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.0.mlp.up_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.0.mlp.down_proj.weight tensor<64x128xbf16> alias=-1
// weight language_model.model.layers.1.input_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.q_proj.bias tensor<64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.k_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.weight tensor<32x64xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.v_proj.bias tensor<32xbf16> alias=-1
// weight language_model.model.layers.1.self_attn.o_proj.weight tensor<64x64xbf16> alias=-1
// weight language_model.model.layers.1.post_attention_layernorm.weight tensor<64xbf16> alias=-1
// weight language_model.model.layers.1.mlp.gate_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.1.mlp.up_proj.weight tensor<128x64xbf16> alias=-1
// weight language_model.model.layers.1.mlp.down_proj.weight tensor<64x128xbf16> alias=-1
// weight language_model.model.norm.weight tensor<64xbf16> alias=-1
// result logits tensor<2x1400xf32>
// result kv.0.0.key tensor<2x16x16xbf16>
// result kv.0.0.value tensor<2x16x16xbf16>
// result kv.0.1.key tensor<2x16x16xbf16>
// result kv.0.1.value tensor<2x16x16xbf16>
// result kv.1.0.key tensor<2x16x16xbf16>
// result kv.1.0.value tensor<2x16x16xbf16>
// result kv.1.1.key tensor<2x16x16xbf16>
// result kv.1.1.value tensor<2x16x16xbf16>
module {
func.func public @main(%tokens: tensor<2xi32>, %positions: tensor<2xi32>, %kv_0_0_key: tensor<2x16x16xbf16> {tf.aliasing_output = 1 : i32}, %kv_0_0_value: tensor<2x16x16xbf16> {tf.aliasing_output = 2 : i32}, %kv_0_1_key: tensor<2x16x16xbf16> {tf.aliasing_output = 3 : i32}, %kv_0_1_value: tensor<2x16x16xbf16> {tf.aliasing_output = 4 : i32}, %kv_1_0_key: tensor<2x16x16xbf16> {tf.aliasing_output = 5 : i32}, %kv_1_0_value: tensor<2x16x16xbf16> {tf.aliasing_output = 6 : i32}, %kv_1_1_key: tensor<2x16x16xbf16> {tf.aliasing_output = 7 : i32}, %kv_1_1_value: tensor<2x16x16xbf16> {tf.aliasing_output = 8 : i32}, %w0: tensor<1400x64xbf16>, %w1: tensor<64xbf16>, %w2: tensor<64x64xbf16>, %w3: tensor<64xbf16>, %w4: tensor<32x64xbf16>, %w5: tensor<32xbf16>, %w6: tensor<32x64xbf16>, %w7: tensor<32xbf16>, %w8: tensor<64x64xbf16>, %w9: tensor<64xbf16>, %w10: tensor<128x64xbf16>, %w11: tensor<128x64xbf16>, %w12: tensor<64x128xbf16>, %w13: tensor<64xbf16>, %w14: tensor<64x64xbf16>, %w15: tensor<64xbf16>, %w16: tensor<32x64xbf16>, %w17: tensor<32xbf16>, %w18: tensor<32x64xbf16>, %w19: tensor<32xbf16>, %w20: tensor<64x64xbf16>, %w21: tensor<64xbf16>, %w22: tensor<128x64xbf16>, %w23: tensor<128x64xbf16>, %w24: tensor<64x128xbf16>, %w25: tensor<64xbf16>) -> (tensor<2x1400xf32>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>) {
  %0 = "stablehlo.gather"(%w0, %tokens) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>} : (tensor<1400x64xbf16>, tensor<2xi32>) -> tensor<2x64xbf16>
  %1 = "stablehlo.iota"() {iota_dimension = 3 : i64} : () -> tensor<2x2x2x16xi32>
  %2 = "stablehlo.broadcast_in_dim"(%positions) {broadcast_dimensions = array<i64: 0>} : (tensor<2xi32>) -> tensor<2x2x2x16xi32>
  %3 = "stablehlo.compare"(%1, %2) {comparison_direction = #stablehlo<comparison_direction LE>} : (tensor<2x2x2x16xi32>, tensor<2x2x2x16xi32>) -> tensor<2x2x2x16xi1>
  %4 = "stablehlo.convert"(%0) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %5 = "stablehlo.multiply"(%4, %4) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %6 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %10 = "stablehlo.reduce"(%5, %6) ({
  ^bb0(%7: tensor<f32>, %8: tensor<f32>):
    %9 = "stablehlo.add"(%7, %8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%9) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %11 = "stablehlo.broadcast_in_dim"(%10) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %12 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %13 = "stablehlo.divide"(%11, %12) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %14 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %15 = "stablehlo.add"(%13, %14) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %16 = "stablehlo.rsqrt"(%15) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %17 = "stablehlo.multiply"(%4, %16) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %18 = "stablehlo.convert"(%17) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %19 = "stablehlo.broadcast_in_dim"(%w1) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %20 = "stablehlo.multiply"(%18, %19) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %21 = "stablehlo.dot_general"(%20, %w2) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %22 = "stablehlo.convert"(%w3) : (tensor<64xbf16>) -> tensor<64xf32>
  %23 = "stablehlo.broadcast_in_dim"(%22) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %24 = "stablehlo.add"(%21, %23) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %25 = "stablehlo.convert"(%24) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %26 = "stablehlo.reshape"(%25) : (tensor<2x64xbf16>) -> tensor<2x4x16xbf16>
  %27 = "stablehlo.convert"(%positions) : (tensor<2xi32>) -> tensor<2xf32>
  %28 = "stablehlo.broadcast_in_dim"(%27) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x16xf32>
  %29 = "stablehlo.constant"() {value = dense<"0x0000803F8718363EE386013D9C44B83B6F12833A53773A39B2A20438C1B0BC360000803F8718363EE386013D9C44B83B6F12833A53773A39B2A20438C1B0BC36"> : tensor<16xf32>} : () -> tensor<16xf32>
  %30 = "stablehlo.broadcast_in_dim"(%29) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<2x16xf32>
  %31 = "stablehlo.multiply"(%28, %30) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %32 = "stablehlo.cosine"(%31) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %33 = "stablehlo.convert"(%32) : (tensor<2x16xf32>) -> tensor<2x16xbf16>
  %34 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %35 = "stablehlo.multiply"(%26, %34) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %36 = "stablehlo.slice"(%26) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %37 = "stablehlo.negate"(%36) : (tensor<2x4x8xbf16>) -> tensor<2x4x8xbf16>
  %38 = "stablehlo.slice"(%26) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %39 = "stablehlo.concatenate"(%37, %38) {dimension = 2 : i64} : (tensor<2x4x8xbf16>, tensor<2x4x8xbf16>) -> tensor<2x4x16xbf16>
  %40 = "stablehlo.sine"(%31) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %41 = "stablehlo.convert"(%40) : (tensor<2x16xf32>) -> tensor<2x16xbf16>
  %42 = "stablehlo.broadcast_in_dim"(%41) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %43 = "stablehlo.multiply"(%39, %42) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %44 = "stablehlo.add"(%35, %43) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %45 = "stablehlo.slice"(%44) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %46 = "stablehlo.reshape"(%45) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %47 = "stablehlo.dot_general"(%w4, %20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %48 = "stablehlo.transpose"(%47) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %49 = "stablehlo.convert"(%w5) : (tensor<32xbf16>) -> tensor<32xf32>
  %50 = "stablehlo.broadcast_in_dim"(%49) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %51 = "stablehlo.add"(%48, %50) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %52 = "stablehlo.convert"(%51) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %53 = "stablehlo.reshape"(%52) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %54 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %55 = "stablehlo.multiply"(%53, %54) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %56 = "stablehlo.slice"(%53) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %57 = "stablehlo.negate"(%56) : (tensor<2x2x8xbf16>) -> tensor<2x2x8xbf16>
  %58 = "stablehlo.slice"(%53) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %59 = "stablehlo.concatenate"(%57, %58) {dimension = 2 : i64} : (tensor<2x2x8xbf16>, tensor<2x2x8xbf16>) -> tensor<2x2x16xbf16>
  %60 = "stablehlo.broadcast_in_dim"(%41) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %61 = "stablehlo.multiply"(%59, %60) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %62 = "stablehlo.add"(%55, %61) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %63 = "stablehlo.slice"(%62) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %64 = "stablehlo.reshape"(%63) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %65 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %66 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %67 = "stablehlo.reshape"(%66) : (tensor<1xi32>) -> tensor<i32>
  %68 = "stablehlo.dynamic_update_slice"(%kv_0_0_key, %64, %65, %67, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %69 = "stablehlo.dot_general"(%46, %68) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %70 = "stablehlo.convert"(%69) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %71 = "stablehlo.reshape"(%70) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %72 = "stablehlo.slice"(%44) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %73 = "stablehlo.reshape"(%72) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %74 = "stablehlo.slice"(%62) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %75 = "stablehlo.reshape"(%74) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %76 = "stablehlo.slice"(%positions) {limit_indices = array<i64: 2>, start_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<2xi32>) -> tensor<1xi32>
  %77 = "stablehlo.reshape"(%76) : (tensor<1xi32>) -> tensor<i32>
  %78 = "stablehlo.dynamic_update_slice"(%kv_1_0_key, %75, %65, %77, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %79 = "stablehlo.dot_general"(%73, %78) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %80 = "stablehlo.convert"(%79) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %81 = "stablehlo.reshape"(%80) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %82 = "stablehlo.concatenate"(%71, %81) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %83 = "stablehlo.convert"(%82) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %84 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %85 = "stablehlo.multiply"(%83, %84) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %86 = "stablehlo.convert"(%85) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %87 = "stablehlo.convert"(%86) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %88 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %89 = "stablehlo.select"(%3, %87, %88) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %90 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %94 = "stablehlo.reduce"(%89, %90) ({
  ^bb0(%91: tensor<f32>, %92: tensor<f32>):
    %93 = "stablehlo.maximum"(%91, %92) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%93) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %95 = "stablehlo.broadcast_in_dim"(%94) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %96 = "stablehlo.subtract"(%89, %95) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %97 = "stablehlo.exponential"(%96) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %98 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %102 = "stablehlo.reduce"(%97, %98) ({
  ^bb0(%99: tensor<f32>, %100: tensor<f32>):
    %101 = "stablehlo.add"(%99, %100) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%101) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %103 = "stablehlo.broadcast_in_dim"(%102) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %104 = "stablehlo.divide"(%97, %103) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %105 = "stablehlo.convert"(%104) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %106 = "stablehlo.slice"(%105) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %107 = "stablehlo.reshape"(%106) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %108 = "stablehlo.dot_general"(%w6, %20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %109 = "stablehlo.transpose"(%108) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %110 = "stablehlo.convert"(%w7) : (tensor<32xbf16>) -> tensor<32xf32>
  %111 = "stablehlo.broadcast_in_dim"(%110) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %112 = "stablehlo.add"(%109, %111) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %113 = "stablehlo.convert"(%112) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %114 = "stablehlo.reshape"(%113) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %115 = "stablehlo.slice"(%114) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %116 = "stablehlo.reshape"(%115) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %117 = "stablehlo.dynamic_update_slice"(%kv_0_0_value, %116, %65, %67, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %118 = "stablehlo.dot_general"(%107, %117) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %119 = "stablehlo.convert"(%118) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %120 = "stablehlo.reshape"(%119) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %121 = "stablehlo.slice"(%105) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %122 = "stablehlo.reshape"(%121) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %123 = "stablehlo.slice"(%114) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %124 = "stablehlo.reshape"(%123) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %125 = "stablehlo.dynamic_update_slice"(%kv_1_0_value, %124, %65, %77, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %126 = "stablehlo.dot_general"(%122, %125) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %127 = "stablehlo.convert"(%126) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %128 = "stablehlo.reshape"(%127) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %129 = "stablehlo.concatenate"(%120, %128) {dimension = 0 : i64} : (tensor<1x64xbf16>, tensor<1x64xbf16>) -> tensor<2x64xbf16>
  %130 = "stablehlo.dot_general"(%129, %w8) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %131 = "stablehlo.convert"(%130) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %132 = "stablehlo.add"(%0, %131) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %133 = "stablehlo.convert"(%132) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %134 = "stablehlo.multiply"(%133, %133) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %135 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %139 = "stablehlo.reduce"(%134, %135) ({
  ^bb0(%136: tensor<f32>, %137: tensor<f32>):
    %138 = "stablehlo.add"(%136, %137) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%138) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %140 = "stablehlo.broadcast_in_dim"(%139) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %141 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %142 = "stablehlo.divide"(%140, %141) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %143 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %144 = "stablehlo.add"(%142, %143) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %145 = "stablehlo.rsqrt"(%144) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %146 = "stablehlo.multiply"(%133, %145) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %147 = "stablehlo.convert"(%146) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %148 = "stablehlo.broadcast_in_dim"(%w9) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %149 = "stablehlo.multiply"(%147, %148) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %150 = "stablehlo.dot_general"(%149, %w10) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %151 = "stablehlo.convert"(%150) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %152 = "stablehlo.convert"(%151) : (tensor<2x128xbf16>) -> tensor<2x128xf32>
  %153 = "stablehlo.logistic"(%152) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %154 = "stablehlo.multiply"(%152, %153) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %155 = "stablehlo.convert"(%154) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %156 = "stablehlo.dot_general"(%149, %w11) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %157 = "stablehlo.convert"(%156) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %158 = "stablehlo.multiply"(%155, %157) : (tensor<2x128xbf16>, tensor<2x128xbf16>) -> tensor<2x128xbf16>
  %159 = "stablehlo.dot_general"(%w12, %158) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<64x128xbf16>, tensor<2x128xbf16>) -> tensor<64x2xf32>
  %160 = "stablehlo.transpose"(%159) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %161 = "stablehlo.convert"(%160) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %162 = "stablehlo.add"(%132, %161) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %163 = "stablehlo.convert"(%162) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %164 = "stablehlo.multiply"(%163, %163) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %165 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %169 = "stablehlo.reduce"(%164, %165) ({
  ^bb0(%166: tensor<f32>, %167: tensor<f32>):
    %168 = "stablehlo.add"(%166, %167) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%168) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %170 = "stablehlo.broadcast_in_dim"(%169) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %171 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %172 = "stablehlo.divide"(%170, %171) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %173 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %174 = "stablehlo.add"(%172, %173) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %175 = "stablehlo.rsqrt"(%174) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %176 = "stablehlo.multiply"(%163, %175) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %177 = "stablehlo.convert"(%176) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %178 = "stablehlo.broadcast_in_dim"(%w13) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %179 = "stablehlo.multiply"(%177, %178) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %180 = "stablehlo.dot_general"(%179, %w14) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %181 = "stablehlo.convert"(%w15) : (tensor<64xbf16>) -> tensor<64xf32>
  %182 = "stablehlo.broadcast_in_dim"(%181) {broadcast_dimensions = array<i64: 1>} : (tensor<64xf32>) -> tensor<2x64xf32>
  %183 = "stablehlo.add"(%180, %182) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %184 = "stablehlo.convert"(%183) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %185 = "stablehlo.reshape"(%184) : (tensor<2x64xbf16>) -> tensor<2x4x16xbf16>
  %186 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %187 = "stablehlo.multiply"(%185, %186) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %188 = "stablehlo.slice"(%185) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %189 = "stablehlo.negate"(%188) : (tensor<2x4x8xbf16>) -> tensor<2x4x8xbf16>
  %190 = "stablehlo.slice"(%185) {limit_indices = array<i64: 2, 4, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<2x4x8xbf16>
  %191 = "stablehlo.concatenate"(%189, %190) {dimension = 2 : i64} : (tensor<2x4x8xbf16>, tensor<2x4x8xbf16>) -> tensor<2x4x16xbf16>
  %192 = "stablehlo.broadcast_in_dim"(%41) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x4x16xbf16>
  %193 = "stablehlo.multiply"(%191, %192) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %194 = "stablehlo.add"(%187, %193) : (tensor<2x4x16xbf16>, tensor<2x4x16xbf16>) -> tensor<2x4x16xbf16>
  %195 = "stablehlo.slice"(%194) {limit_indices = array<i64: 1, 4, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %196 = "stablehlo.reshape"(%195) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %197 = "stablehlo.dot_general"(%w16, %179) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %198 = "stablehlo.transpose"(%197) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %199 = "stablehlo.convert"(%w17) : (tensor<32xbf16>) -> tensor<32xf32>
  %200 = "stablehlo.broadcast_in_dim"(%199) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %201 = "stablehlo.add"(%198, %200) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %202 = "stablehlo.convert"(%201) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %203 = "stablehlo.reshape"(%202) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %204 = "stablehlo.broadcast_in_dim"(%33) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %205 = "stablehlo.multiply"(%203, %204) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %206 = "stablehlo.slice"(%203) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 0, 0, 8>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %207 = "stablehlo.negate"(%206) : (tensor<2x2x8xbf16>) -> tensor<2x2x8xbf16>
  %208 = "stablehlo.slice"(%203) {limit_indices = array<i64: 2, 2, 8>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<2x2x8xbf16>
  %209 = "stablehlo.concatenate"(%207, %208) {dimension = 2 : i64} : (tensor<2x2x8xbf16>, tensor<2x2x8xbf16>) -> tensor<2x2x16xbf16>
  %210 = "stablehlo.broadcast_in_dim"(%41) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x16xbf16>) -> tensor<2x2x16xbf16>
  %211 = "stablehlo.multiply"(%209, %210) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %212 = "stablehlo.add"(%205, %211) : (tensor<2x2x16xbf16>, tensor<2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %213 = "stablehlo.slice"(%212) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %214 = "stablehlo.reshape"(%213) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %215 = "stablehlo.dynamic_update_slice"(%kv_0_1_key, %214, %65, %67, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %216 = "stablehlo.dot_general"(%196, %215) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %217 = "stablehlo.convert"(%216) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %218 = "stablehlo.reshape"(%217) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %219 = "stablehlo.slice"(%194) {limit_indices = array<i64: 2, 4, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x4x16xbf16>) -> tensor<1x4x16xbf16>
  %220 = "stablehlo.reshape"(%219) : (tensor<1x4x16xbf16>) -> tensor<2x2x16xbf16>
  %221 = "stablehlo.slice"(%212) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %222 = "stablehlo.reshape"(%221) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %223 = "stablehlo.dynamic_update_slice"(%kv_1_1_key, %222, %65, %77, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %224 = "stablehlo.dot_general"(%220, %223) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %225 = "stablehlo.convert"(%224) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %226 = "stablehlo.reshape"(%225) : (tensor<2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %227 = "stablehlo.concatenate"(%218, %226) {dimension = 0 : i64} : (tensor<1x2x2x16xbf16>, tensor<1x2x2x16xbf16>) -> tensor<2x2x2x16xbf16>
  %228 = "stablehlo.convert"(%227) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %229 = "stablehlo.constant"() {value = dense<2.5e-01> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %230 = "stablehlo.multiply"(%228, %229) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %231 = "stablehlo.convert"(%230) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %232 = "stablehlo.convert"(%231) : (tensor<2x2x2x16xbf16>) -> tensor<2x2x2x16xf32>
  %233 = "stablehlo.constant"() {value = dense<-3.4028235e+38> : tensor<2x2x2x16xf32>} : () -> tensor<2x2x2x16xf32>
  %234 = "stablehlo.select"(%3, %232, %233) : (tensor<2x2x2x16xi1>, tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %235 = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %239 = "stablehlo.reduce"(%234, %235) ({
  ^bb0(%236: tensor<f32>, %237: tensor<f32>):
    %238 = "stablehlo.maximum"(%236, %237) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%238) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %240 = "stablehlo.broadcast_in_dim"(%239) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %241 = "stablehlo.subtract"(%234, %240) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %242 = "stablehlo.exponential"(%241) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %243 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %247 = "stablehlo.reduce"(%242, %243) ({
  ^bb0(%244: tensor<f32>, %245: tensor<f32>):
    %246 = "stablehlo.add"(%244, %245) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%246) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 3>} : (tensor<2x2x2x16xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  %248 = "stablehlo.broadcast_in_dim"(%247) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<2x2x2xf32>) -> tensor<2x2x2x16xf32>
  %249 = "stablehlo.divide"(%242, %248) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
  %250 = "stablehlo.convert"(%249) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xbf16>
  %251 = "stablehlo.slice"(%250) {limit_indices = array<i64: 1, 2, 2, 16>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %252 = "stablehlo.reshape"(%251) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %253 = "stablehlo.dot_general"(%w18, %179) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<32x64xbf16>, tensor<2x64xbf16>) -> tensor<32x2xf32>
  %254 = "stablehlo.transpose"(%253) {permutation = array<i64: 1, 0>} : (tensor<32x2xf32>) -> tensor<2x32xf32>
  %255 = "stablehlo.convert"(%w19) : (tensor<32xbf16>) -> tensor<32xf32>
  %256 = "stablehlo.broadcast_in_dim"(%255) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<2x32xf32>
  %257 = "stablehlo.add"(%254, %256) : (tensor<2x32xf32>, tensor<2x32xf32>) -> tensor<2x32xf32>
  %258 = "stablehlo.convert"(%257) : (tensor<2x32xf32>) -> tensor<2x32xbf16>
  %259 = "stablehlo.reshape"(%258) : (tensor<2x32xbf16>) -> tensor<2x2x16xbf16>
  %260 = "stablehlo.slice"(%259) {limit_indices = array<i64: 1, 2, 16>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %261 = "stablehlo.reshape"(%260) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %262 = "stablehlo.dynamic_update_slice"(%kv_0_1_value, %261, %65, %67, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %263 = "stablehlo.dot_general"(%252, %262) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %264 = "stablehlo.convert"(%263) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %265 = "stablehlo.reshape"(%264) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %266 = "stablehlo.slice"(%250) {limit_indices = array<i64: 2, 2, 2, 16>, start_indices = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>} : (tensor<2x2x2x16xbf16>) -> tensor<1x2x2x16xbf16>
  %267 = "stablehlo.reshape"(%266) : (tensor<1x2x2x16xbf16>) -> tensor<2x2x16xbf16>
  %268 = "stablehlo.slice"(%259) {limit_indices = array<i64: 2, 2, 16>, start_indices = array<i64: 1, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x16xbf16>) -> tensor<1x2x16xbf16>
  %269 = "stablehlo.reshape"(%268) : (tensor<1x2x16xbf16>) -> tensor<2x1x16xbf16>
  %270 = "stablehlo.dynamic_update_slice"(%kv_1_1_value, %269, %65, %77, %65) : (tensor<2x16x16xbf16>, tensor<2x1x16xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x16x16xbf16>
  %271 = "stablehlo.dot_general"(%267, %270) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x2x16xbf16>, tensor<2x16x16xbf16>) -> tensor<2x2x16xf32>
  %272 = "stablehlo.convert"(%271) : (tensor<2x2x16xf32>) -> tensor<2x2x16xbf16>
  %273 = "stablehlo.reshape"(%272) : (tensor<2x2x16xbf16>) -> tensor<1x64xbf16>
  %274 = "stablehlo.concatenate"(%265, %273) {dimension = 0 : i64} : (tensor<1x64xbf16>, tensor<1x64xbf16>) -> tensor<2x64xbf16>
  %275 = "stablehlo.dot_general"(%274, %w20) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<64x64xbf16>) -> tensor<2x64xf32>
  %276 = "stablehlo.convert"(%275) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %277 = "stablehlo.add"(%162, %276) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %278 = "stablehlo.convert"(%277) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %279 = "stablehlo.multiply"(%278, %278) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %280 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %284 = "stablehlo.reduce"(%279, %280) ({
  ^bb0(%281: tensor<f32>, %282: tensor<f32>):
    %283 = "stablehlo.add"(%281, %282) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%283) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %285 = "stablehlo.broadcast_in_dim"(%284) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %286 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %287 = "stablehlo.divide"(%285, %286) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %288 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %289 = "stablehlo.add"(%287, %288) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %290 = "stablehlo.rsqrt"(%289) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %291 = "stablehlo.multiply"(%278, %290) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %292 = "stablehlo.convert"(%291) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %293 = "stablehlo.broadcast_in_dim"(%w21) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %294 = "stablehlo.multiply"(%292, %293) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %295 = "stablehlo.dot_general"(%294, %w22) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %296 = "stablehlo.convert"(%295) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %297 = "stablehlo.convert"(%296) : (tensor<2x128xbf16>) -> tensor<2x128xf32>
  %298 = "stablehlo.logistic"(%297) : (tensor<2x128xf32>) -> tensor<2x128xf32>
  %299 = "stablehlo.multiply"(%297, %298) : (tensor<2x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32>
  %300 = "stablehlo.convert"(%299) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %301 = "stablehlo.dot_general"(%294, %w23) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<128x64xbf16>) -> tensor<2x128xf32>
  %302 = "stablehlo.convert"(%301) : (tensor<2x128xf32>) -> tensor<2x128xbf16>
  %303 = "stablehlo.multiply"(%300, %302) : (tensor<2x128xbf16>, tensor<2x128xbf16>) -> tensor<2x128xbf16>
  %304 = "stablehlo.dot_general"(%w24, %303) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<64x128xbf16>, tensor<2x128xbf16>) -> tensor<64x2xf32>
  %305 = "stablehlo.transpose"(%304) {permutation = array<i64: 1, 0>} : (tensor<64x2xf32>) -> tensor<2x64xf32>
  %306 = "stablehlo.convert"(%305) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %307 = "stablehlo.add"(%277, %306) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %308 = "stablehlo.convert"(%307) : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %309 = "stablehlo.multiply"(%308, %308) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %310 = "stablehlo.constant"() {value = dense<0.0e+00> : tensor<f32>} : () -> tensor<f32>
  %314 = "stablehlo.reduce"(%309, %310) ({
  ^bb0(%311: tensor<f32>, %312: tensor<f32>):
    %313 = "stablehlo.add"(%311, %312) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%313) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x64xf32>, tensor<f32>) -> tensor<2xf32>
  %315 = "stablehlo.broadcast_in_dim"(%314) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x64xf32>
  %316 = "stablehlo.constant"() {value = dense<6.4e+01> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %317 = "stablehlo.divide"(%315, %316) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %318 = "stablehlo.constant"() {value = dense<1.0e-06> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %319 = "stablehlo.add"(%317, %318) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %320 = "stablehlo.rsqrt"(%319) : (tensor<2x64xf32>) -> tensor<2x64xf32>
  %321 = "stablehlo.multiply"(%308, %320) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32>
  %322 = "stablehlo.convert"(%321) : (tensor<2x64xf32>) -> tensor<2x64xbf16>
  %323 = "stablehlo.broadcast_in_dim"(%w25) {broadcast_dimensions = array<i64: 1>} : (tensor<64xbf16>) -> tensor<2x64xbf16>
  %324 = "stablehlo.multiply"(%322, %323) : (tensor<2x64xbf16>, tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %325 = "stablehlo.dot_general"(%324, %w0) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x64xbf16>, tensor<1400x64xbf16>) -> tensor<2x1400xf32>
  %326 = "stablehlo.convert"(%325) : (tensor<2x1400xf32>) -> tensor<2x1400xbf16>
  %327 = "stablehlo.convert"(%326) : (tensor<2x1400xbf16>) -> tensor<2x1400xf32>
  func.return %327, %68, %117, %215, %262, %78, %125, %223, %270 : tensor<2x1400xf32>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>, tensor<2x16x16xbf16>
}
}
