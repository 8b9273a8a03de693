"""The reference gate: oracle capture, vlmxla capture, stage-by-stage comparison, JSON report.

For every case and backend, `vlmxla validate` runs the production path — host preparation, the
engine's scheduler, vision_encode, prefill into a KV slot, greedy decode steps — with the
programs' diagnostic taps on (extra results of the same programs) and writes every stage in the
oracle's layout; the comparison walks the stages in the oracle's order and names the first
divergent one. One `vlmxla validate --cases` process runs all the cases of a model, backend and
dtype (its engine loads and its programs compile once); each case still has its own result, exit
code and part of the log, and a crash is reported against the case it happened in (the cases
after it run in a new process). Then the surface stage: one CLI request and one streaming server request must
reproduce the greedy text (surfaces.py). A backend that cannot run here is `unavailable`, and the
gate fails: it never passes a stage it could not check.

Families (`--family llava|qwen2_vl|qwen2_5_vl`, the multimodal suite; default llava): which
fixtures run (fixtures.FAMILY_FIXTURES) and which real checkpoint the report names; the Qwen
families' cases are the five standard ones plus two_sizes (two images of different resolutions in
one prompt). The report says which family ran ("family").

Dtypes (`--dtype float32|bfloat16|float16|all`, repeatable; default: every dtype the fixtures come
in, or the checkpoint's stored dtype for `--model DIR`): vlmxla runs with `--dtype D` against the
oracle run in D (the fixture's NAME-bf16 / NAME-f16 variant: the same weights stored in D), at
the tolerances measured for D. Greedy tokens and text stay exact in every dtype. Reported, not
gated: each float stage's distance from the float32 reference (the same checkpoint run in
float32 by Transformers) for the oracle and for vlmxla, and the smallest top-1/top-2 logit margin
along the oracle's greedy path, flagged as a near-tie when it is within twice the logits bound.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time
from types import SimpleNamespace

from vlmxla_oracle import capture as capture_mod
from vlmxla_oracle import cases as cases_mod
from vlmxla_oracle import compare as compare_mod
from vlmxla_oracle import fixtures as fixtures_mod
from vlmxla_oracle import isa, paths, quantize, real_checkpoint, testing

from . import baselines as baselines_mod
from . import surfaces

# "all" is the CPU backends; the GPU ones run when named (scripts/xla/gpu_gate.sh), and `pjrt`
# with --plugin PATH. A backend that cannot start here (no plugin, no GPU) is `unavailable`.
CPU_BACKENDS = ("pjrt-cpu", "iree-cpu")
BACKENDS = (*CPU_BACKENDS, "pjrt-cuda", "pjrt", "iree-cuda")
DTYPES = tuple(fixtures_mod.DTYPES)  # float32, bfloat16, float16
SHORT = fixtures_mod.DTYPES


def logits_bound(table: dict, dtype: str, top1: float, group: str | None = None,
                 activations: str | None = None) -> float | None:
    """The prefill_logits tolerance at a logit of size |top1|, in a run of compute dtype
    `dtype` (f32/bf16/f16: vlmxla's float32 logits against the oracle's); `group`: the family's
    tolerance group (compare.tolerance_group); `activations`: the capture's activation
    quantization's (compare.activation_group: "w8a8", "w4a8")."""
    tol, _ = compare_mod.lookup_tolerance(table, dtype, "f32", "prefill_logits", group,
                                          activations)
    return None if tol is None else tol[0] + tol[1] * abs(top1)


def margin_summary(ref_manifest: dict, dtype: str, table: dict) -> dict | None:
    """The oracle's smallest top-1/top-2 margin along the greedy path, against the logits bound:
    a margin within 2x the bound (each of the two logits may move by it) is a near-tie, where an
    exact greedy comparison proves nothing. Reported; the fixtures are built to have none."""
    margin = ref_manifest.get("greedy_margin")
    if not margin:
        return None
    bound = logits_bound(table, dtype, margin["top1"], compare_mod.tolerance_group(ref_manifest),
                         compare_mod.activation_group(ref_manifest))
    return {"min": margin["min"], "step": margin["step"], "logits_bound": bound,
            "near_tie": bound is not None and margin["min"] <= 2 * bound}


def activation_margin_summary(ref_manifest: dict, dtype: str) -> dict | None:
    """How near a w8a8 or w4a8 capture's quantized activations come to a rounding tie
    (capture.py's record_tie_margin), and whether that is a near-tie (compare.activation_near_tie:
    float32 only), whose stages the comparison then holds to the flip bounds ("w8a8-tie/f32",
    "w4a8-tie/f32") instead of float32's. None for other captures."""
    margin = ref_manifest.get("activation_margin")
    if not margin:
        return None
    limit = compare_mod.ACTIVATION_TIE_ROUNDINGS * compare_mod.F32_ROUNDING
    return {**margin, "limit": limit,
            "near_tie": compare_mod.activation_near_tie({**ref_manifest, "dtype": dtype})}


def _expected_error(case: dict, ref_manifest: dict) -> dict | None:
    if "error" in ref_manifest:
        return ref_manifest["error"]
    ctx = ref_manifest.get("context")
    if ctx and ctx.get("exceeds"):
        return {"reason": "context_length_exceeded",
                "message": f"prompt needs {ctx['needed']} positions but context capacity is "
                           f"{ctx['capacity']}"}
    return None


def _validate(vlmxla_bin: pathlib.Path, model_dir: pathlib.Path, case: dict, out: pathlib.Path,
              backend: str, dtype: str | None = None, plugin: str | None = None,
              weights: str = "stored") -> subprocess.CompletedProcess:
    """The production path for one case: `vlmxla validate` runs host preparation, the engine's
    scheduler, vision_encode, prefill into a KV slot and greedy decode steps, with the programs'
    taps on, and writes every stage (or the expected error) in the oracle's layout. `dtype`
    (float32/bfloat16/float16) is passed as --dtype; None passes nothing (the checkpoint's);
    `weights` (int8/int4/w8a8/w4a8) as --weights."""
    out.mkdir(parents=True, exist_ok=True)
    case_file = out / "case.json"
    case_file.write_text(json.dumps(case), encoding="utf-8")
    return subprocess.run([str(vlmxla_bin), "validate", "--model", str(model_dir), "--case",
                           str(case_file), *surfaces.backend_args(backend, plugin), "--output",
                           str(out), *surfaces.dtype_args(dtype),
                           *surfaces.weights_args(weights)],
                          check=False, capture_output=True, text=True, timeout=1800)


def _attach_f32_distances(result: dict, ref: pathlib.Path, cand: pathlib.Path) -> None:
    """Per float stage, how far the oracle and vlmxla each are from the float32 reference."""
    f32 = capture_mod.reference_dir(ref)
    if not (f32 / "manifest.json").exists():
        return
    oracle = compare_mod.distances(f32, ref)
    ours = compare_mod.distances(f32, cand)
    for row in result["stages"]:
        for key, dist in (("oracle_vs_f32", oracle), ("vlmxla_vs_f32", ours)):
            if row["stage"] in dist:
                row[key] = {k: dist[row["stage"]][k] for k in ("max_abs", "max_rel")}


def default_device_kind(backend: str) -> str:
    """The device kind of a run whose manifest names none (a binary from before device kinds)."""
    return "cpu" if backend.endswith("-cpu") else "unknown"


def oracle_model_dir(model_dir: pathlib.Path, weights: str) -> pathlib.Path:
    """The checkpoint the oracle runs for vlmxla --weights `weights`: the model itself, or its
    copy whose decoder projections hold the dequantized W' (vlmxla_oracle.quantize); w8a8's copy
    holds int8's W' (w4a8's int4's) and the marker by which the oracle's capture quantizes those
    modules' activations to int8 per token."""
    if weights == "stored":
        return pathlib.Path(model_dir)
    return quantize.dequantized_model_dir(pathlib.Path(model_dir), weights)


def _greedy_tokens(cap_dir: pathlib.Path) -> list[int] | None:
    """The greedy tokens of a capture (None for a refused case)."""
    manifest = json.loads((cap_dir / "manifest.json").read_text(encoding="utf-8"))
    if "error" in manifest or not any(s["name"] == "greedy_tokens" for s in manifest["stages"]):
        return None
    from safetensors.torch import load_file

    return load_file(str(cap_dir / "stages.safetensors"))["greedy_tokens"].tolist()


def next_token_quality(float_dir: pathlib.Path, quant_dir: pathlib.Path) -> dict:
    """The quantized model's next-token distributions against the unquantized model's at every
    decoded position of a case, both fed the unquantized model's greedy tokens (teacher-forced):
    how many positions' top-1 agree, and the summed KL(P_float || P_quant) in nats."""
    import torch
    from safetensors.torch import load_file

    p = load_file(str(float_dir / capture_mod.STEP_LOGITS_FILE))["greedy"].double()
    q = load_file(str(quant_dir / capture_mod.STEP_LOGITS_FILE))["teacher_forced"].double()
    logp, logq = torch.log_softmax(p, -1), torch.log_softmax(q, -1)
    kl = (logp.exp() * (logp - logq)).sum(-1)
    return {"positions": int(p.shape[0]),
            "top1_agree": int((p.argmax(-1) == q.argmax(-1)).sum()),
            "kl_sum": float(kl.sum()), "kl_max": float(kl.max())}


def quality_summary(cases: list[dict]) -> dict | None:
    """top1_agreement and mean_kl over the cases' decoded positions (each case once, whichever
    backends ran it: the figures are the oracle's, the same for every backend)."""
    seen = {}
    for r in cases:
        if r.get("quality"):
            seen[(r["model"], r["dtype"], r["case"])] = r["quality"]
    n = sum(q["positions"] for q in seen.values())
    if not n:
        return None
    return {"top1_agreement": sum(q["top1_agree"] for q in seen.values()) / n,
            "mean_kl": sum(q["kl_sum"] for q in seen.values()) / n,
            "max_kl": max(q["kl_max"] for q in seen.values()), "positions": n,
            "cases": len(seen),
            "method": "Transformers in the run's dtype: the quantized model (W', and under w8a8 "
                      "and w4a8 its int8 per-token activations) teacher-forced "
                      "on the unquantized model's greedy tokens, against the unquantized model "
                      "on the same tokens; KL(P_float || P_quant) in nats, per decoded position"}


def _begin_case(model_dir, case: dict, work: pathlib.Path, backend: str, dtype: str,
                table: dict, weights: str = "stored") -> dict:
    """The oracle side of one case (captured unless current) and its result's skeleton; the
    candidate's directory is emptied of any previous run's manifest. `weights` int8 / int4: the
    oracle runs the dequantized weights, at the same tolerances; w8a8: int8's dequantized weights
    with int8 per-token activations (vlmxla_oracle.capture.w8a8_linear), at the "w8a8/..."
    tolerances measured for them in bf16 and f16 and the float32 ones in f32
    (compare.activation_group); w4a8: int4's projections (capture.w4a8_linear) and w8a8's head,
    the activations quantized alike, at the "w4a8/..." tolerances measured for them likewise.
    Each is teacher-forced on the unquantized model's tokens for next_token_quality."""
    short = SHORT[dtype]
    ref = work / "oracle" / case["name"]
    oracle_dir = oracle_model_dir(model_dir, weights)
    oracle_case = case
    if weights != "stored":
        # The unquantized model on the same case: its greedy tokens are what the quantized
        # model is teacher-forced on, for top1_agreement and mean_kl.
        fref = work / "oracle-float" / case["name"]
        if not capture_mod.is_current(fref / "manifest.json", model_dir, case, dtype):
            capture_mod.capture(model_dir, case, fref, dtype=dtype, reference=False)
        teacher = _greedy_tokens(fref)
        if teacher:
            oracle_case = {**case, "teacher_tokens": teacher}
    if not capture_mod.is_current(ref / "manifest.json", oracle_dir, oracle_case, dtype):
        capture_mod.capture(oracle_dir, oracle_case, ref, dtype=dtype)
    ref_manifest = json.loads((ref / "manifest.json").read_text(encoding="utf-8"))
    cand = work / "vlmxla" / backend / case["name"]
    drift = capture_mod.version_drift(ref_manifest)
    if (cand / "manifest.json").exists():
        (cand / "manifest.json").unlink()  # never compare a previous run's capture
    expected = _expected_error(case, ref_manifest)
    result = {"case": case["name"], "backend": backend, "dtype": short, "weights": weights,
              "stages": [], "first_divergence": None, "greedy_exact": None,
              # Only where greedy tokens are compared: a refused case's oracle run is not.
              "greedy_margin": (margin_summary(ref_manifest, short, table)
                                if expected is None else None)}
    if expected is None and (tie := activation_margin_summary(ref_manifest, short)):
        result["activation_margin"] = tie
    if oracle_case is not case and expected is None:
        # Only where vlmxla decodes: a case it refuses has no decoded positions.
        result["quality"] = next_token_quality(fref, ref)
    if drift:  # reported, not a reason to recapture: the model, case and inputs are the same
        result["oracle_versions"] = drift
    return {"result": result, "ref": ref, "ref_manifest": ref_manifest, "cand": cand,
            "expected": expected, "case": case, "weights": weights}


def _finish_case(vlmxla_bin, model_dir, begun: dict, proc, backend: str, dtype: str,
                 table: dict, prepared: dict | None = None) -> dict:
    """Compares one case's candidate capture (or refusal) with the oracle. `proc`: the case's
    exit code and its part of vlmxla's stderr (returncode, stderr). `prepared`: `vlmxla prepare`
    measurements by (binary, model, case), shared by the backends (prepare runs no backend: each
    would run the same command)."""
    short = SHORT[dtype]
    result, ref, cand = begun["result"], begun["ref"], begun["cand"]
    ref_manifest, expected = begun["ref_manifest"], begun["expected"]
    if expected is not None:
        # An expected failure: vlmxla must refuse with the same category (and, for capacity,
        # the message naming both numbers).
        cand_err = json.loads((cand / "manifest.json").read_text()).get("error", {}) \
            if (cand / "manifest.json").exists() else {}
        ok = proc.returncode == 1 and cand_err.get("reason") == expected["reason"]
        if ok and expected["reason"] == "context_length_exceeded":
            ok = cand_err.get("message") == expected["message"]
        if not ok and not cand_err and "UNAVAILABLE" in proc.stderr:
            # The backend could not start here (no GPU), so the refusal was never checked.
            result.update(status="unavailable", detail=proc.stderr.strip()[-2000:])
            return result
        result["stages"].append({"stage": "error", "pass": ok, "expected": expected,
                                 "got": cand_err or proc.stderr.strip()[-2000:]})
        result["status"] = "pass" if ok else "fail"
        result["first_divergence"] = None if ok else "error"
        return result
    if proc.returncode != 0:
        # A backend that cannot run here (no GPU, no runtime) is unavailable, never passed.
        unavailable = "UNAVAILABLE" in proc.stderr
        result.update(status="unavailable" if unavailable else "fail",
                      first_divergence=None if unavailable else "validate",
                      detail=proc.stderr.strip()[-2000:])
        return result
    stages = [s["name"] for s in ref_manifest["stages"]]
    report = compare_mod.compare(ref, cand, table, stages=stages, dtype=short)
    for row in report.rows:
        result["stages"].append(row.to_json())
    if dtype != "float32":
        _attach_f32_distances(result, ref, cand)
    greedy = [r for r in result["stages"] if r["stage"] in ("greedy_tokens", "greedy_text")]
    result["greedy_exact"] = bool(greedy) and all(r["pass"] for r in greedy)
    cand_manifest = json.loads((cand / "manifest.json").read_text(encoding="utf-8"))
    # Baselines are keyed by backend and device kind ("pjrt-cuda/NVIDIA H200", "pjrt-cpu/cpu").
    result["device_kind"] = cand_manifest.get("device_kind") or default_device_kind(backend)
    result["isa_cap"] = isa.cap() or None  # the AVX2 leg's runs are their own baseline key
    result["timing"] = cand_manifest.get("timing")
    result["usage"] = cand_manifest.get("usage")
    result["measurements"] = cand_manifest.get("measurements")
    if result["measurements"] is not None:  # host preprocessing's own peak RSS, for baselines
        prepared = {} if prepared is None else prepared
        key = (str(vlmxla_bin), str(model_dir), json.dumps(begun["case"], sort_keys=True))
        if key not in prepared:
            prepared[key] = baselines_mod.measure_prepare(vlmxla_bin, model_dir,
                                                          cand / "case.json", cand / "prepare")
        result["measurements"]["prepare"] = dict(prepared[key])
        uploads = (result["measurements"].get("weights") or {}).get("uploads")
        if uploads:  # what held-once holds memory against, counted in this compute dtype
            result["expected_weights"] = baselines_mod.expected_weights(model_dir, uploads, short,
                                                                        begun["weights"])
    result.update(status="pass" if report.passed else "fail",
                  first_divergence=None if report.passed else report.first_divergence)
    return result


def hold_work_dir(work: pathlib.Path):
    """An exclusive lock on a model and dtype's work directory (its oracle captures and vlmxla's
    outputs, which a run rewrites), held until the returned file is closed or the process ends:
    a second gate on the same model and dtype (another terminal, a helper) waits, saying so,
    instead of rewriting what the first is comparing."""
    work.mkdir(parents=True, exist_ok=True)
    lock = open(work / ".gate.lock", "w")  # noqa: SIM115 - held past this function
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print(f"gate: waiting for another gate run using {work}", file=sys.stderr, flush=True)
        fcntl.flock(lock, fcntl.LOCK_EX)
    return lock


def run_case(vlmxla_bin, model_dir, case: dict, work: pathlib.Path, backend: str,
             dtype: str = "float32", table: dict | None = None,
             plugin: str | None = None, weights: str = "stored") -> dict:
    """One case on one backend in one compute dtype, in its own `vlmxla validate` process.
    `plugin`: --plugin for the PJRT backends; `weights`: see _begin_case."""
    table = compare_mod.load_tolerances() if table is None else table
    begun = _begin_case(model_dir, case, work, backend, dtype, table, weights)
    proc = _validate(vlmxla_bin, model_dir, case, begun["cand"], backend, dtype, plugin, weights)
    return _finish_case(vlmxla_bin, model_dir, begun, proc, backend, dtype, table)


_CASE_MARK = re.compile(r"^\[validate\] case (\d+) of \d+ (?:begins: .*|exit (-?\d+))$")


def split_case_logs(stderr: str, n: int) -> tuple[dict[int, SimpleNamespace], dict[int, str]]:
    """A `vlmxla validate --cases` run's stderr, split per case by its "[validate] case I of N
    begins: ..." / "... exit CODE" lines: ({index: (returncode, its part of the log)} of the
    cases that ended, {index: its part of the log} of a case that began and never ended (the one
    a crash happened in)). Lines before the first case (e.g. a usage error) go to every case."""
    preamble, parts, codes, current = [], {}, {}, None
    for line in stderr.splitlines(keepends=True):
        m = _CASE_MARK.match(line.rstrip("\n"))
        if m and 1 <= int(m.group(1)) <= n:
            i = int(m.group(1)) - 1
            if m.group(2) is None:
                current = i
                parts[i] = []
            else:
                codes[i] = int(m.group(2))
                current = None
            continue
        (parts[current] if current is not None else preamble).append(line)
    head = "".join(preamble)
    ended = {i: SimpleNamespace(returncode=codes[i], stderr=head + "".join(parts.get(i, [])))
             for i in codes}
    running = {i: head + "".join(p) for i, p in parts.items() if i not in codes}
    return ended, running


def _validate_cases(vlmxla_bin, model_dir, begun: list[dict], backend: str, dtype: str,
                    plugin: str | None) -> list[SimpleNamespace]:
    """Every case of `begun` in one `vlmxla validate --cases` process (one engine per capacity,
    so programs compile once), each with its own exit code and part of the log. A crash is
    reported against the case that was running, and the cases after it run in a new process."""
    for b in begun:
        b["cand"].mkdir(parents=True, exist_ok=True)
        (b["cand"] / "case.json").write_text(json.dumps(b["case"]), encoding="utf-8")
    procs: dict[int, SimpleNamespace] = {}
    while len(procs) < len(begun):
        todo = [i for i in range(len(begun)) if i not in procs]
        with tempfile.TemporaryDirectory() as tmp:
            listing = pathlib.Path(tmp) / "cases.json"
            listing.write_text(json.dumps([{"case": str(begun[i]["cand"] / "case.json"),
                                            "output": str(begun[i]["cand"])} for i in todo]),
                               encoding="utf-8")
            proc = subprocess.run([str(vlmxla_bin), "validate", "--model", str(model_dir),
                                   "--cases", str(listing),
                                   *surfaces.backend_args(backend, plugin),
                                   *surfaces.dtype_args(dtype),
                                   *surfaces.weights_args(begun[0]["weights"])],
                                  check=False, capture_output=True, text=True,
                                  timeout=1800 * len(todo))
        ended, running = split_case_logs(proc.stderr, len(todo))
        for j, p in ended.items():
            procs[todo[j]] = p
        for j, log in running.items():  # died inside this case: its crash, nobody else's
            how = (f"signal {signal.Signals(-proc.returncode).name}" if proc.returncode < 0
                   else f"exit {proc.returncode}")
            procs[todo[j]] = SimpleNamespace(
                returncode=proc.returncode or 1,
                stderr=f"{log}vlmxla validate died during this case ({how})\n")
        if not ended and not running:  # no case began (a usage error, a stand-in binary)
            for i in todo:
                procs[i] = SimpleNamespace(returncode=proc.returncode or 1, stderr=proc.stderr)
    return [procs[i] for i in range(len(begun))]


def run_cases(vlmxla_bin, model_dir, cases: list[dict], work: pathlib.Path, backend: str,
              dtype: str = "float32", table: dict | None = None,
              plugin: str | None = None, prepared: dict | None = None,
              weights: str = "stored") -> list[dict]:
    """run_case for several cases of one model on one backend in one compute dtype, with one
    `vlmxla validate` process for all of them: the same results, each case its own.
    `prepared`: see _finish_case (pass one dict for every backend of the run)."""
    table = compare_mod.load_tolerances() if table is None else table
    begun = [_begin_case(model_dir, case, work, backend, dtype, table, weights)
             for case in cases]
    procs = _validate_cases(vlmxla_bin, model_dir, begun, backend, dtype, plugin)
    return [_finish_case(vlmxla_bin, model_dir, b, p, backend, dtype, table, prepared)
            for b, p in zip(begun, procs, strict=True)]


# Suites: which fixtures run by default, and where the other gate lives. The multimodal suite
# ("llava", its historical name) runs the fixtures of --family.
SUITES = {
    "llava": {"prog": "validate_vlm_reference.sh", "fixtures": fixtures_mod.FIXTURE_NAMES},
    "arch": {"prog": "validate_arch.sh", "fixtures": fixtures_mod.TEXT_FIXTURE_NAMES,
             "see_also": "the multimodal path has its own gate: "
                         "scripts/xla/validate_llava_reference.sh (LLaVA; = "
                         "scripts/xla/validate_vlm_reference.sh --family llava, and --family "
                         "qwen2_vl / qwen2_5_vl for Qwen2-VL / Qwen2.5-VL)"},
}


def _dtypes(args) -> list[str] | None:
    """The dtypes asked for (None: the default, which depends on the model)."""
    if not args.dtype:
        return None
    if "all" in args.dtype:
        return list(DTYPES)
    return list(dict.fromkeys(args.dtype))


def _models(args) -> list[tuple[str, str, pathlib.Path]]:
    """(model name, dtype, model dir) to run: a fixture in every asked dtype (its NAME-bf16 /
    NAME-f16 variant holds the same weights in that dtype; default: all three), or --model DIR
    in every asked dtype (default: the checkpoint's stored dtype)."""
    asked = _dtypes(args)
    if args.model:
        model_dir = pathlib.Path(args.model)
        dtypes = asked or [capture_mod.checkpoint_dtype(model_dir)]
        return [(model_dir.name, d, model_dir) for d in dtypes]
    out = []
    default = SUITES[args.suite]["fixtures"] if args.suite != "llava" \
        else fixtures_mod.FAMILY_FIXTURES[args.family or "llava"]
    for name in dict.fromkeys(args.fixture or default):
        base, stored, _ = fixtures_mod.parse_name(name)
        for dtype in asked or ([stored] if stored != "float32" else list(DTYPES)):
            out.append((base, dtype,
                        testing.ensure_fixture(fixtures_mod.variant_name(base, dtype))))
    return out


def _family(args, p: argparse.ArgumentParser) -> str:
    """The family the run is of: --family, else the kind of every --fixture / --model (they must
    agree with --family when both are given), else llava (the arch suite: "text")."""
    kinds = {capture_mod.model_kind(pathlib.Path(args.model))} if args.model else set()
    kinds |= {fixtures_mod.spec_kind(fixtures_mod.load_spec(fixtures_mod.parse_name(f)[0]))
              for f in args.fixture or ()}
    if args.family:
        if args.suite != "llava":
            p.error(f"--family applies to the multimodal suite, not --suite {args.suite}")
        if kinds - {args.family}:
            p.error(f"--family {args.family} does not match the model or fixtures given "
                    f"({', '.join(sorted(kinds))})")
        return args.family
    if not kinds:
        return "llava" if args.suite == "llava" else "text"
    return "+".join(sorted(kinds))


def real_checkpoint_status(family: str) -> dict:
    """The report's real_checkpoint entry: the family's pinned checkpoint, present in the local
    Hugging Face cache or unavailable (fetching it needs network, which the gate never uses)."""
    pinned = real_checkpoint.families()
    if family not in pinned:
        return {"model": None, "status": "not pinned",
                "detail": f"no real checkpoint is pinned for {family} (pinned: "
                          f"{', '.join(pinned)})"}
    pins = real_checkpoint.load_pins(family)
    snapshot = real_checkpoint.find_snapshot(pins)
    return {"model": pins["repo_id"], "revision": pins["revision"],
            "status": "present" if snapshot else "unavailable",
            "detail": None if snapshot else "unavailable: needs network"}


def _fmt(x) -> str:
    return "-" if x is None else f"{x:.3g}"


def _print_case(model: str, r: dict) -> None:
    print(f"\n== {model} / {r['case']} / {r['backend']} / {r['dtype']}: {r['status'].upper()}")
    narrow = r["dtype"] != "f32"
    for s in r["stages"]:
        mark = {True: "ok", False: "FAIL", None: "unavailable"}[s.get("pass")]
        extra = "" if s.get("max_abs") is None else f"  max_abs={s['max_abs']:.3g}"
        if narrow and ("oracle_vs_f32" in s or "vlmxla_vs_f32" in s):
            extra += (f"  (vs f32: oracle {_fmt((s.get('oracle_vs_f32') or {}).get('max_abs'))},"
                      f" vlmxla {_fmt((s.get('vlmxla_vs_f32') or {}).get('max_abs'))})")
        print(f"   {s['stage']:<28} {mark}{extra}")
    m = r.get("greedy_margin")
    if m:
        tie = "  NEAR-TIE: greedy exactness proves little here" if m["near_tie"] else ""
        print(f"   smallest top-1/top-2 margin along the greedy path: {m['min']:.4g} at step "
              f"{m['step']} (logits bound {_fmt(m['logits_bound'])}){tie}")
    if r.get("oracle_versions"):
        drift = ", ".join(f"{k} {v['captured']} (capture) vs {v['here']} (here)"
                          for k, v in sorted(r["oracle_versions"].items()))
        print(f"   oracle capture reused (same model, case and inputs); library versions differ: "
              f"{drift}")
    if r["status"] == "unavailable":
        print(f"   UNAVAILABLE: backend {r['backend']} cannot run here; NOT passed")
    if r.get("detail") and r["status"] != "pass":
        print(f"   {r['detail'][-500:]}")
    if r.get("first_divergence"):
        print(f"   first divergent stage: {r['first_divergence']}")


def main(argv: list[str] | None = None) -> int:
    suite = argparse.ArgumentParser(add_help=False)
    suite.add_argument("--suite", default="llava", choices=list(SUITES),
                       help="llava: the multimodal fixtures of --family; arch: the text-only "
                            "Llama/Qwen2 fixtures")
    p = argparse.ArgumentParser(prog=SUITES[suite.parse_known_args(argv)[0].suite]["prog"],
                                parents=[suite])
    p.add_argument("--family", choices=list(fixtures_mod.FAMILY_FIXTURES),
                   help="the multimodal family to run: llava (default; the LLaVA fixtures), "
                        "qwen2_vl (tiny-qwen2-vl), qwen2_5_vl (tiny-qwen2.5-vl)")
    p.add_argument("--model", help="any LLaVA-family, Qwen2-VL / Qwen2.5-VL or text-only "
                                   "Llama/Qwen2 checkpoint directory in HF layout")
    p.add_argument("--fixture", action="append",
                   choices=[*fixtures_mod.KNOWN_FIXTURE_NAMES,
                            *fixtures_mod.variant_names(fixtures_mod.KNOWN_FIXTURE_NAMES)],
                   help="run this fixture (repeatable; default: the suite's fixtures); a NAME-bf16"
                        " / NAME-f16 variant fixes the dtype")
    p.add_argument("--dtype", action="append", choices=[*DTYPES, "all"],
                   help="compute dtype (repeatable, or all): vlmxla --dtype D against the oracle "
                        "in D. Default: every dtype of the fixtures (float32, bfloat16, float16); "
                        "for --model DIR the checkpoint's stored dtype")
    p.add_argument("--weights", default="stored", choices=["stored", *quantize.WEIGHTS],
                   help="the text decoder's projections: stored (default), or int8 / int4 "
                        "(vlmxla --weights against the oracle on the dequantized weights), or "
                        "w8a8 / w4a8 (int8's / int4's weights with int8 per-token activations, "
                        "the oracle quantizing them likewise); the report adds top1_agreement "
                        "and mean_kl against the float model")
    p.add_argument("--case", action="append", help="run only this case (repeatable)")
    p.add_argument("--backend", default="all", choices=[*BACKENDS, "all"],
                   help="all (default): the CPU backends, " + ", ".join(CPU_BACKENDS) +
                        "; pjrt-cuda, iree-cuda (need an NVIDIA GPU; pjrt-cuda finds an installed "
                        "jax-cuda13-pjrt plugin or takes --plugin) and pjrt (needs --plugin) only "
                        "when named")
    p.add_argument("--plugin", help="PJRT plugin .so for --backend pjrt (required unless "
                                    "$VLMXLA_PJRT_PLUGIN is set) or pjrt-cuda (default: found)")
    p.add_argument("--report", type=pathlib.Path)
    p.add_argument("--no-surfaces", action="store_true",
                   help="skip the CLI and server requests (the surface stage); the gate then "
                        "cannot pass")
    p.add_argument("--baselines", type=pathlib.Path, default=baselines_mod.BASELINES_PATH,
                   help="performance/memory baseline file (default: the committed "
                        "python/vlmxla_gate/baselines.json)")
    p.add_argument("--update-baselines", action="store_true",
                   help="rewrite the baseline entries of the cases run instead of comparing")
    p.add_argument("--vlmxla", type=pathlib.Path,
                   default=os.environ.get("VLMXLA_BIN")
                   or pathlib.Path(__file__).resolve().parents[2] / "build" / "vlmxla",
                   help="the vlmxla binary (default: $VLMXLA_BIN, else build/vlmxla)")
    args = p.parse_args(argv)
    family = _family(args, p)
    if not args.vlmxla.exists():
        print(f"vlmxla binary not found at {args.vlmxla}: run scripts/setup.sh", file=sys.stderr)
        return 2
    backends = list(CPU_BACKENDS) if args.backend == "all" else [args.backend]
    if args.plugin and not all(b.startswith("pjrt") for b in backends):
        p.error("--plugin applies to --backend pjrt, pjrt-cuda or pjrt-cpu")
    if args.backend == "pjrt" and not (args.plugin or os.environ.get("VLMXLA_PJRT_PLUGIN")):
        p.error("--backend pjrt needs --plugin PATH (or $VLMXLA_PJRT_PLUGIN)")
    cases_out, surfaces_out, first = [], [], None
    real = real_checkpoint_status(family if family in fixtures_mod.FAMILY_FIXTURES else "llava")
    table = compare_mod.load_tolerances()
    timings = {}
    for model_name, dtype, model_dir in _models(args):
        short = SHORT[dtype]
        if args.weights != "stored":
            # Its own captures, and its own baselines (none committed: recorded, not compared).
            model_name = f"{model_name}@{args.weights}"
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as tmp:
            # The case list follows the model's kind (LLaVA or text-only).
            case_files = cases_mod.write_cases(model_dir, pathlib.Path(tmp))
            unknown = set(args.case or []) - set(case_files)
            if unknown:
                print(f"{model_name} has no case {sorted(unknown)}; its cases: "
                      f"{', '.join(case_files)}", file=sys.stderr)
                return 2
            work = paths.cache_dir() / f"gate{isa.tag()}" / model_name / short
            held = hold_work_dir(work)
            cases = [json.loads(path.read_text(encoding="utf-8"))
                     for name, path in case_files.items() if not args.case or name in args.case]
            # One `vlmxla validate` per backend for all the cases; reported case by case.
            prepared: dict = {}
            by_backend = {backend: run_cases(args.vlmxla, model_dir, cases, work, backend, dtype,
                                             table, args.plugin, prepared, args.weights)
                          for backend in backends}
            for k in range(len(cases)):
                for backend in backends:
                    r = by_backend[backend][k]
                    r["model"] = model_name
                    r["model_dir"] = str(model_dir)
                    _print_case(model_name, r)
                    cases_out.append(r)
                    if r["status"] == "fail" and first is None:
                        first = {"case": r["case"], "backend": backend, "dtype": short,
                                 "stage": r["first_divergence"]}
            # The surface stage: one CLI and one streaming server request on the main case.
            surface_case = next((c for c in ("image_text", "no_image") if c in case_files
                                 and (not args.case or c in args.case)), None)
            for backend in ([] if args.no_surfaces or not surface_case else backends):
                ran = [r for r in cases_out if r["model"] == model_name and r["dtype"] == short
                       and r["case"] == surface_case and r["backend"] == backend]
                for fn in (surfaces.cli_surface, surfaces.server_surface):
                    if ran and ran[0]["status"] == "unavailable":
                        s = {"surface": fn.__name__.split("_")[0], "pass": None,
                             "status": "unavailable", "detail": ran[0].get("detail")}
                    else:
                        s = fn(args.vlmxla, model_dir, backend, work / "oracle" / surface_case,
                               dtype, args.plugin, args.weights)
                        s.setdefault("status", "pass" if s["pass"] else "fail")
                    s.update(model=model_name, case=surface_case, backend=backend, dtype=short)
                    print(f"\n== {model_name} / {surface_case} / {backend} / {short} / surface "
                          f"{s['surface']}: {s['status'].upper()}"
                          + (f"  ({s['detail']})" if s.get("detail") else ""))
                    surfaces_out.append(s)
                    if s["status"] == "fail" and first is None:
                        first = {"case": surface_case, "backend": backend, "dtype": short,
                                 "stage": f"surface:{s['surface']}"}
            held.close()
        timings[f"{model_name}/{short}"] = round(time.monotonic() - started, 1)
    passed = bool(cases_out) and all(r["status"] == "pass" for r in cases_out) \
        and bool(surfaces_out) and all(s["status"] == "pass" for s in surfaces_out)
    baselines = baselines_mod.check(cases_out, args.baselines, update=args.update_baselines)
    for failure in baselines["failures"]:
        print(f"baseline FAIL: {failure}")
    for row in baselines["cases"]:
        if row.get("status") == baselines_mod.NO_BASELINE:
            figures = ", ".join(f"{k}={v:.4g}" for k, v in sorted(row["metrics"].items()))
            print(f"baseline {row['key']}: {baselines_mod.NO_BASELINE} ({figures})")
    if args.update_baselines:
        print(f"baselines written to {args.baselines}")
    passed = passed and baselines["pass"]
    dtypes_run = sorted({r["dtype"] for r in cases_out}, key=list(SHORT.values()).index)
    report = {"suite": args.suite, "family": family, "pass": passed, "first_divergence": first,
              "dtypes": dtypes_run, "weights": args.weights, "cases": cases_out,
              "surfaces": surfaces_out, "real_checkpoint": real, "baselines": baselines,
              "seconds": timings}
    if args.weights != "stored":
        quality = quality_summary(cases_out)
        report["top1_agreement"] = quality and quality["top1_agreement"]
        report["mean_kl"] = quality and quality["mean_kl"]
        report["quality"] = quality
        if quality:
            print(f"{args.weights} against the unquantized model: top-1 agreement "
                  f"{quality['top1_agreement']:.4f}, mean KL {quality['mean_kl']:.3g} nats "
                  f"(max {quality['max_kl']:.3g}) over {quality['positions']} decoded positions "
                  f"of {quality['cases']} cases (teacher-forced on the unquantized tokens)")
    counts = {s: sum(r["status"] == s for r in cases_out) for s in ("pass", "fail", "unavailable")}
    print(f"\n{counts['pass']} passed, {counts['fail']} failed, {counts['unavailable']} unavailable"
          f" (cases x backends x dtypes: {', '.join(dtypes_run)}); real checkpoint: "
          f"{real['detail'] or real['status']}")
    print("seconds per model and dtype: " + ", ".join(f"{k} {v}" for k, v in timings.items()))
    ties = [r for r in cases_out if (r.get("greedy_margin") or {}).get("near_tie")]
    for r in ties:
        print(f"WARNING near-tie: {r['model']}/{r['case']}/{r['dtype']}: greedy margin "
              f"{r['greedy_margin']['min']:.4g} <= 2 x logits bound "
              f"{r['greedy_margin']['logits_bound']:.3g}: fix the fixture (seed, prompt, answers)")
    for r in cases_out:
        tie = r.get("activation_margin") or {}
        if tie.get("near_tie"):
            print(f"NOTE activation near-tie: {r['model']}/{r['case']}/{r['dtype']}: an "
                  f"activation lies {tie['min_rel']:.3g} (relative) from a rounding tie, within "
                  f"{compare_mod.ACTIVATION_TIE_ROUNDINGS} float32 roundings, where the engine "
                  f"may round it a step the other way: its decoder stages were held to the flip "
                  f"bounds ({args.weights}-tie/f32), not float32's")
    unavailable = sorted({r["backend"] for r in cases_out if r["status"] == "unavailable"})
    for backend in unavailable:
        why = next(r.get("detail") or "" for r in cases_out
                   if r["backend"] == backend and r["status"] == "unavailable")
        print(f"UNAVAILABLE backend {backend}: nothing was checked on it, the gate does not pass:"
              f" {why.strip().splitlines()[-1] if why.strip() else 'no detail'}")
    for s in surfaces_out:
        if s["status"] == "unavailable":
            why = (s.get("detail") or "no detail").strip().splitlines()[-1]
            print(f"UNAVAILABLE surface {s['surface']} on {s['backend']}: {why}")
    if first:
        print(f"first divergence: {first}")
    elif baselines["failures"]:
        print("gate NOT passed: a baseline or the weights-held-once check failed (above)")
    elif not passed and not surfaces_out:
        print("gate NOT passed: the surface stage did not run (--no-surfaces or no main case)")
    elif not passed:
        print("gate NOT passed: some stages could not be checked (see 'unavailable')")
    if SUITES[args.suite].get("see_also"):
        print(SUITES[args.suite]["see_also"])
    if args.report:
        args.report.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
