"""Structural tests of every model program, no runtime needed: `vlmxla emit`'s signature equals
what config.json and the checkpoint imply (vlmxla_gate.structure), iree-opt parses and verifies
each module, and the op inventory holds only allowed ops in the counts the architecture implies."""

import json
import pathlib
import re
import subprocess
import sys

import pytest
from vlmxla_gate import structure
from vlmxla_oracle import fixtures as fixtures_mod
from vlmxla_oracle import testing

IREE_OPT = str(pathlib.Path(sys.executable).parent / "iree-opt")

LLAVA = list(fixtures_mod.FIXTURE_NAMES)
# Text-only fixtures join when their specs exist (parametrized over what exists, never skipped).
TEXT = [
    n for n in getattr(fixtures_mod, "TEXT_FIXTURE_NAMES", ())
    if (fixtures_mod.SPEC_DIR / f"{n}.json").exists()
]

# (program, bucket flags); image_features rows only matter for LLaVA models.
VISION_CASES = [{"num_images": 1, "taps": False}, {"num_images": 2, "taps": True}]
PREFILL_CASES = [
    {"seq_len": 8, "num_image_features": 1, "capacity": 8, "taps": False},
    {"seq_len": 16, "num_image_features": 5, "capacity": 48, "taps": True},
]
DECODE_CASES = [{"batch": 1, "capacity": 16}, {"batch": 3, "capacity": 64}]


def _cases():
    out = []
    for name in LLAVA + TEXT:
        programs = [("prefill", c) for c in PREFILL_CASES] + [("decode", c) for c in DECODE_CASES]
        if name in LLAVA:
            programs = [("vision_encode", c) for c in VISION_CASES] + programs
        for program, case in programs:
            label = "-".join(f"{k}{int(v)}" for k, v in case.items())
            out.append(pytest.param(name, program, case, id=f"{name}-{program}-{label}"))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def models():
    return testing.ensure_fixtures(tuple(LLAVA + TEXT))


def emit(vlmxla_bin, model_dir, program, case, out):
    cmd = [str(vlmxla_bin), "emit", "--model", str(model_dir), "--program", program,
           "--output", str(out)]
    for key, value in case.items():
        if key == "taps":
            cmd += ["--taps"] if value else []
        else:
            cmd += ["--" + key.replace("_", "-"), str(value)]
    proc = subprocess.run(cmd, check=False, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out.read_text(), json.loads(out.with_name(out.name + ".json").read_text())


def expected(model_dir, program, case):
    if program == "vision_encode":
        return structure.expected_vision_encode(model_dir, case["num_images"], case["taps"])
    if program == "prefill":
        return structure.expected_prefill(model_dir, case["seq_len"], case["num_image_features"],
                                          case["capacity"], case["taps"])
    return structure.expected_decode(model_dir, case["batch"], case["capacity"])


@pytest.fixture(scope="module")
def emitted(vlmxla_bin, models, tmp_path_factory):
    """(fixture, program, case) -> (mlir, signature json, iree-opt's generic print), memoized."""
    cache = {}
    tmp = tmp_path_factory.mktemp("structure")

    def get(name, program, case):
        key = (name, program, json.dumps(case, sort_keys=True))
        if key not in cache:
            out = tmp / f"{len(cache)}-{name}-{program}.mlir"
            mlir, sig = emit(vlmxla_bin, models[name], program, case, out)
            proc = subprocess.run([IREE_OPT, "--mlir-print-op-generic", str(out)],
                                  check=False, capture_output=True, text=True)
            cache[key] = (mlir, sig, proc)
        return cache[key]

    return get


@pytest.mark.parametrize("name,program,case", CASES)
def test_signature_matches_config_and_checkpoint(emitted, models, name, program, case):
    mlir, sig_json, _ = emitted(name, program, case)
    assert sig_json["program"] == program
    got = structure.emitted_signature(sig_json, mlir)
    want = expected(models[name], program, case)
    assert got.inputs == want.inputs
    assert got.results == want.results
    # Each needed checkpoint tensor bound by exactly one parameter, with its exact dtype/shape.
    names = [w.name for w in got.weights]
    assert len(names) == len(set(names)), "a weight is bound twice"
    assert sorted(got.weights, key=lambda t: t.name) == sorted(want.weights, key=lambda t: t.name)
    assert got.aliases == want.aliases
    # The JSON's alias_result agrees with the MLIR's tf.aliasing_output.
    assert {p["name"]: p["alias_result"] for p in sig_json["params"]
            if "alias_result" in p} == want.aliases


@pytest.mark.parametrize("name,program,case", CASES)
def test_iree_opt_verifies_and_op_inventory(emitted, models, name, program, case):
    _, _, proc = emitted(name, program, case)
    assert proc.returncode == 0, proc.stderr[-4000:]
    config = structure.load_config(models[name])
    counts = structure.op_counts(proc.stdout)
    allowed = {"builtin.module", "func.func", "func.return"}
    if program == "vision_encode" and structure.uses_erf_gelu(config):
        allowed.add("chlo.erf")
    stray = {op for op in counts if not op.startswith("stablehlo.") and op not in allowed}
    assert not stray, f"ops outside the allowed set: {sorted(stray)}"
    want = structure.expected_counts(config, program, case.get("batch", 1),
                                     case.get("taps", False))
    assert {op: counts.get(op, 0) for op in want} == want


def _cache_arg_indices(sig_json):
    return {k for k, p in enumerate(sig_json["params"]) if p["name"].startswith("kv.")}


@pytest.mark.parametrize(
    "name,program,case", [c for c in CASES if c.values[1] in ("prefill", "decode")])
def test_each_cache_written_once_in_place(emitted, name, program, case):
    """Every KV argument is the target of exactly one dynamic_update_slice, and nothing else
    produces a whole cache (a select or concatenate would copy it every call)."""
    _, sig_json, proc = emitted(name, program, case)
    generic = proc.stdout
    targets = re.findall(r'"stablehlo\.dynamic_update_slice"\(%arg(\d+),', generic)
    assert sorted(int(t) for t in targets) == sorted(_cache_arg_indices(sig_json))
    # (A sliding-window layer's ring cache (Gemma 3) is smaller than a full one.)
    caches = [p for p in sig_json["params"] if p["name"].startswith("kv.")]
    cache_types = sorted({("f32", tuple(p["dims"])) for p in caches})
    cache_elems = max(_elems(p["dims"]) for p in caches)
    # The writes themselves produce whole caches (this also proves op_results reads the module).
    writes = structure.op_results(generic, "stablehlo.dynamic_update_slice")
    assert sorted(writes) == sorted(("f32", tuple(p["dims"])) for p in caches)
    for op in ("stablehlo.select", "stablehlo.concatenate", "stablehlo.broadcast_in_dim",
               "stablehlo.gather", "stablehlo.add", "stablehlo.pad"):
        for cache_type in cache_types:
            assert cache_type not in structure.op_results(generic, op), \
                f"{op} builds a whole cache"
    if program == "decode":
        big = [t for t in structure.op_results(generic, "stablehlo.concatenate")
               if _elems(t[1]) >= cache_elems]
        assert not big, f"decode concatenates cache-sized tensors: {big}"


def _elems(dims):
    n = 1
    for d in dims:
        n *= d
    return n


@pytest.mark.parametrize("name", LLAVA + TEXT)
def test_programs_bind_the_whole_checkpoint(models, name):
    """The weights the programs bind cover the checkpoint but for what LLaVA never runs."""
    model_dir = models[name]
    config = structure.load_config(model_dir)
    unused = structure.unused_checkpoint_tensors(model_dir)
    if name in LLAVA:
        assert set(structure.vision_weight_shapes(config)).isdisjoint(
            structure.decoder_weight_shapes(config))
        assert unused <= {"vision_tower.post_layernorm.weight", "vision_tower.post_layernorm.bias"}
        assert not any(n.startswith(("language_model.", "multi_modal_projector.")) for n in unused)
    else:
        assert unused == set()


def test_parse_main_reads_types_and_aliases():
    mlir = ('module {\nfunc.func public @main(%a: tensor<2x3xf32>, %kv: tensor<4xi32> '
            '{tf.aliasing_output = 1 : i32}, %s: tensor<i32>) -> (tensor<f32>, tensor<4xi32>) {\n'
            '  func.return %x, %kv : tensor<f32>, tensor<4xi32>\n}\n}\n')
    main = structure.parse_main(mlir)
    assert main.arg_types == [("f32", (2, 3)), ("i32", (4,)), ("i32", ())]
    assert main.arg_aliases == [None, 1, None]
    assert main.result_types == [("f32", ()), ("i32", (4,))]


def test_emit_usage_errors(vlmxla_bin, models, tmp_path):
    model = str(models[LLAVA[0]])

    def run(*args):
        return subprocess.run([str(vlmxla_bin), "emit", *args], check=False,
                              capture_output=True, text=True)

    proc = run("--model", model, "--program", "prefill", "--output", str(tmp_path / "p.mlir"))
    assert proc.returncode != 0 and "seq_len" in proc.stderr
    proc = run("--model", model, "--program", "decode", "--capacity", "0", "--output",
               str(tmp_path / "d.mlir"))
    assert proc.returncode == 2 and "--capacity" in proc.stderr
    proc = run("--program", "decode")
    assert proc.returncode == 2 and "--model" in proc.stderr
    proc = run("--model", model, "--program", "nope", "--output", str(tmp_path / "n.mlir"))
    assert proc.returncode == 1 and "nope" in proc.stderr
    proc = run("--model", str(tmp_path / "missing"), "--program", "decode", "--capacity", "4",
               "--output", str(tmp_path / "m.mlir"))
    assert proc.returncode == 1 and "missing" in proc.stderr
    assert not (tmp_path / "m.mlir").exists()
