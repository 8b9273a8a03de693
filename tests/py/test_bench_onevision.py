"""The LLaVA-OneVision bench shape (`python -m vlmxla_bench --shape llava-onevision-qwen2-0.5b`):
its spec builds llava-hf/llava-onevision-qwen2-0.5b-ov-hf's published model (on the meta device:
no weights), the driver's options, row order and anyres costs, and the image-token agreement
between Transformers' processor and vlmxla's preparation, checked on the tiny fixture (fast)."""

import json

import pytest
from vlmxla_bench import __main__ as bench_main
from vlmxla_bench import costs, report, shapes

SHAPE = "llava-onevision-qwen2-0.5b"


def _config(name: str):
    from vlmxla_oracle import fixtures

    spec = fixtures.load_spec(name)
    tokenizer = fixtures.build_tokenizer(spec)
    config = fixtures.build_config(spec, tokenizer)
    config.text_config.vocab_size = int(spec.get("text_vocab_size", len(tokenizer)))
    return tokenizer, config


def test_onevision_spec_builds_the_published_0_5b_model():
    """The spec's config is a LlavaOnevisionConfig with the published dims; on the meta device
    its model has 893,675,552 parameters, counted by hand from those dims: Qwen2-0.5B's
    494,032,768 with 152000 rows (+64 x 896), SigLIP so400m/14 at 384 with 26 layers and no head
    (26 x 15,239,504 + patch 678,528 + positions 839,808 + post-norm 2,304), the projector
    (1152->896->896 with biases, 1,836,800) and image_newline (896)."""
    import torch
    from vlmxla_oracle import fixtures

    tokenizer, config = _config(shapes.SHAPES[SHAPE].model)
    assert config.model_type == shapes.SHAPES[SHAPE].family == "llava_onevision"
    assert config.vision_aspect_ratio == "anyres_max_9"
    assert config.vision_feature_select_strategy == "full"
    pinpoints = {tuple(p) for p in config.image_grid_pinpoints}
    assert pinpoints == {(384 * h, 384 * w) for h in range(1, 7) for w in range(1, 7)}
    assert config.image_token_id == tokenizer.convert_tokens_to_ids("<image>")
    with torch.device("meta"):
        model = fixtures._model_class("llava_onevision")(config)
    assert type(model).__name__ == "LlavaOnevisionForConditionalGeneration"
    text = 494_032_768 + 64 * 896
    vision = 26 * 15_239_504 + 678_528 + 839_808 + 2_304
    assert sum(p.numel() for p in model.parameters()) == text + vision + 1_836_800 + 896
    assert model.lm_head.weight is model.get_input_embeddings().weight
    assert tuple(model.get_input_embeddings().weight.shape) == (152000, 896)


def test_driver_options_of_the_onevision_shape():
    _, ov = bench_main.parse_args(["--shape", SHAPE])
    assert (ov.model, ov.dtypes, ov.context, ov.interleave) == (
        "bench-llava-onevision-qwen2-0.5b", "float32,bfloat16", None, True)
    _, quick = bench_main.parse_args(["--shape", SHAPE, "--quick"])
    assert (quick.model, quick.context) == ("tiny-llava-onevision", None)
    _, default = bench_main.parse_args([])
    assert default.interleave is False  # the default bench keeps its order
    _, forced = bench_main.parse_args(["--shape", SHAPE, "--no-interleave"])
    assert forced.interleave is False
    assert [im.label for im in shapes.SHAPES[SHAPE].images] == ["1280x720"]
    assert shapes.SHAPES[SHAPE].tag == "onevision"


def test_interleaved_rows_run_dtype_by_dtype_transformers_first():
    rows = [(report.system_name(b, d), b, d, d, None)
            for b in (report.TRANSFORMERS, "pjrt-cpu", "iree-cpu")
            for d in ("float32", "bfloat16")]
    assert bench_main.order_rows(rows, False) == rows
    assert [r[0] for r in bench_main.order_rows(rows, True)] == [
        "transformers-eager", "pjrt-cpu", "iree-cpu",
        "transformers-eager-bfloat16", "pjrt-cpu-bfloat16", "iree-cpu-bfloat16"]


def test_anyres_vision_flops_count_every_view():
    _, config = _config(shapes.SHAPES[SHAPE].model)
    cfg = json.loads(config.to_json_string())
    one, n = costs._vision_flops(cfg, None)
    assert n == 729
    assert costs._vision_flops(cfg, 9 * 729) == (9 * one, 9 * 729)
    with pytest.raises(ValueError, match="not whole views"):
        costs._vision_flops(cfg, 9 * 729 + 1)


def test_image_tokens_of_a_wide_image_agree_with_vlmxla_prepare(vlmxla_bin, tmp_path,
                                                                 monkeypatch):
    """On the tiny OneVision fixture (28 px views, anyres_max_2), a 1280x720 image: the plan
    (Transformers' processor) and `vlmxla prepare` give the same image-token count, which is
    the anyres count worked out by hand: the 56x56 pinpoint keeps the most of the image (56x31
    px), 2x2 tiles of 4x4 patches make an 8x8 grid, unpadded to 4 rows (int(720 * 8 / 1280)),
    sqrt(4 * 8 / (2 * 16)) = 1 <= 1.1 (no anyres_max_2 downscale), a newline per row:
    4 x 9 = 36, plus the base view's 16; 4 tiles + the base view = 5 views."""
    from vlmxla_bench import prompts
    from vlmxla_oracle import testing

    model_dir = testing.ensure_fixture("tiny-llava-onevision")
    monkeypatch.setenv("VLMXLA_CACHE", str(tmp_path))
    image = shapes.write_image(shapes.WIDE)
    plan = prompts.measure(model_dir, "Describe the image.", [("1280x720", image)])
    wide = plan["images"]["1280x720"]
    assert (wide["views"], wide["patches"], wide["image_tokens"]) == (5, 5 * 16, 36 + 16)
    assert wide["prompt_tokens"] > plan["text_tokens"] + wide["image_tokens"] - 2
    engine = bench_main.engine_image_tokens(str(vlmxla_bin), model_dir, "Describe the image.",
                                            image, 128)
    assert bench_main.check_image_tokens(plan, {"1280x720": engine}) == {
        "1280x720": {"transformers": 52, "vlmxla": 52}}
    with pytest.raises(RuntimeError, match="image token counts differ"):
        bench_main.check_image_tokens(plan, {"1280x720": engine + 1})
