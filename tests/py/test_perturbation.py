"""The committed tolerances catch single-field faults in the emitted graph, and the gate names the
stage where each fault first shows.

Each test runs `vlmxla validate` on a copy of a fixture whose config.json differs in one field (a
layer-norm epsilon, an RMSNorm epsilon, rope_theta, a GELU variant), compares it with the oracle
of the unperturbed fixture on the image_text case, and asserts the exact first divergent stage,
plus the rows that pin the fault down (what must still pass, what must also fail). The same copy
with config.json unchanged must pass every stage, so a divergence is the edit's doing.
"""

from __future__ import annotations

import json

import pytest
from vlmxla_gate import perturb
from vlmxla_oracle import compare, testing

CASE = "image_text"
CLIP, SIGLIP = "tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"
FIXTURES = (CLIP, SIGLIP)

# (fixture, edit, first divergent stage, stages that must pass, stages that must also fail)
PERTURBATIONS = [
    # CLIP's pre_layrnorm runs before the encoder, so already hidden state 0 differs.
    pytest.param(CLIP, {"vision_config.layer_norm_eps": 1e-2}, "vision_hidden_states.0",
                 ["pixel_values"], [], id="clip-vision-layer-norm-eps"),
    # SigLIP has no pre-norm: hidden state 0 is the bare embeddings; layer 1's layer_norm1 differs.
    pytest.param(SIGLIP, {"vision_config.layer_norm_eps": 1e-2}, "vision_hidden_states.1",
                 ["vision_hidden_states.0"], [], id="siglip-vision-layer-norm-eps"),
    # RMSNorm sits inside the decoder: the merged embeddings still agree. input_layernorm feeds V
    # too, which tells this fault apart from RoPE's.
    *[pytest.param(f, {"text_config.rms_norm_eps": 1e-2}, "prefill_logits",
                   ["inputs_embeds", "image_features"], ["past_key_values.0.value"],
                   id=f"{f.split('-')[-1]}-rms-norm-eps") for f in FIXTURES],
    # RoPE rotates keys (and queries), never values: layer 0's V still agrees, its K does not.
    # Transformers v5 spells it text_config.rope_parameters.rope_theta, which vlmxla reads first.
    pytest.param(CLIP, {"text_config.rope_parameters.rope_theta": 100000.0}, "prefill_logits",
                 ["inputs_embeds", "past_key_values.0.value"], ["past_key_values.0.key"],
                 id="llama-rope-theta-x2"),
    pytest.param(SIGLIP, {"text_config.rope_parameters.rope_theta": 2000000.0}, "prefill_logits",
                 ["inputs_embeds", "past_key_values.0.value"], ["past_key_values.0.key"],
                 id="qwen2-rope-theta-x2"),
    # The tower's activation is in each layer's MLP: hidden state 0 (before any layer) agrees.
    pytest.param(CLIP, {"vision_config.hidden_act": "gelu"}, "vision_hidden_states.1",
                 ["vision_hidden_states.0"], [], id="clip-vision-quick-gelu-to-gelu"),
    pytest.param(SIGLIP, {"vision_config.hidden_act": "gelu"}, "vision_hidden_states.1",
                 ["vision_hidden_states.0"], [], id="siglip-vision-tanh-gelu-to-erf-gelu"),
    # The projector's activation: the selected tower features agree, the projection does not.
    *[pytest.param(f, {"projector_hidden_act": "gelu_pytorch_tanh"}, "image_features",
                   ["selected_image_features"], [],
                   id=f"{f.split('-')[2]}-projector-erf-gelu-to-tanh-gelu") for f in FIXTURES],
]


@pytest.fixture(scope="module")
def oracle():
    """{fixture: (model dir, case, oracle capture dir)}; the capture is cached while current."""
    models = testing.ensure_fixtures(FIXTURES)
    caps = testing.ensure_captures(case_names=(CASE,), fixture_names=FIXTURES)
    out = {}
    for name in FIXTURES:
        ref = caps[(name, CASE)]
        case = json.loads((ref / "manifest.json").read_text(encoding="utf-8"))["case"]
        out[name] = (models[name], case, ref)
    return out


@pytest.fixture(scope="module")
def control(oracle, vlmxla_bin, tmp_path_factory):
    """The unperturbed report per fixture, run once through the same symlinked-copy mechanism."""
    reports = {}

    def get(name: str) -> compare.Report:
        if name not in reports:
            model_dir, case, ref = oracle[name]
            work = tmp_path_factory.mktemp(f"control-{name}")
            copy = perturb.perturbed_model(model_dir, work / "model", {})
            reports[name] = perturb.compare_run(vlmxla_bin, ref, copy, case, work / "cand")
        return reports[name]

    return get


@pytest.mark.parametrize("name", FIXTURES)
def test_unperturbed_copy_passes_every_stage(control, name):
    report = control(name)
    assert report.passed and report.first_divergence is None, compare.format_table(report)
    stages = {r.stage for r in report.rows}
    assert stages >= {"vision_hidden_states.0", "vision_hidden_states.1", "image_features",
                      "inputs_embeds", "prefill_logits", "past_key_values.0.key",
                      "past_key_values.0.value", "greedy_tokens"}


@pytest.mark.parametrize("name, edit, first, passes, fails", PERTURBATIONS)
def test_perturbation_names_first_divergent_stage(oracle, control, vlmxla_bin, tmp_path,
                                                   name, edit, first, passes, fails):
    base = control(name)
    assert base.passed, "unperturbed run fails:\n" + compare.format_table(base)
    model_dir, case, ref = oracle[name]
    copy = perturb.perturbed_model(model_dir, tmp_path / "model", edit)
    report = perturb.compare_run(vlmxla_bin, ref, copy, case, tmp_path / "cand")
    table = compare.format_table(report)
    assert report.first_divergence == first, table
    rows = {r.stage: r for r in report.rows}
    # A numeric divergence, not a stage that went missing or changed shape.
    assert rows[first].max_abs is not None and rows[first].mismatches > 0, table
    for stage in passes:
        assert rows[stage].passed, f"{stage} should pass:\n{table}"
    for stage in fails:
        assert not rows[stage].passed and rows[stage].mismatches > 0, f"{stage} should fail:\n{table}"


def test_perturbed_model_rejects_an_edit_that_changes_nothing(oracle, tmp_path):
    model_dir = oracle[CLIP][0]
    with pytest.raises(KeyError, match="rope_theta"):  # v5 nests it under rope_parameters
        perturb.perturbed_model(model_dir, tmp_path / "a", {"text_config.rope_theta": 1.0})
    with pytest.raises(ValueError, match="already"):
        perturb.perturbed_model(model_dir, tmp_path / "b", {"projector_hidden_act": "gelu"})
    copy = perturb.perturbed_model(model_dir, tmp_path / "c", {"vision_config.layer_norm_eps": 0.5})
    assert (copy / "model.safetensors").resolve() == (model_dir / "model.safetensors").resolve()
    config = json.loads((copy / "config.json").read_text(encoding="utf-8"))
    assert config["vision_config"]["layer_norm_eps"] == 0.5
    assert json.loads((model_dir / "config.json").read_text())["vision_config"]["layer_norm_eps"] \
        == 1e-5
