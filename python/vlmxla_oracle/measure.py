"""`python -m vlmxla_oracle measure-tolerances`: the oracle's own bfloat16/float16 noise per stage,
and the tolerance bounds proposed from it.

For every fixture (both LLaVA fixtures and both text-only decoders) and every case that decodes,
Transformers runs the NAME-bf16 / NAME-f16 checkpoint in that dtype and, as the reference, the
same checkpoint loaded as float32 (capture.py's f32_reference): the difference is what the
compute dtype alone does to each stage. Per stage pattern of the tolerance table it reports
max_abs, max_rel and the (atol, rtol) envelope fitted at rtol = u, the dtype's unit roundoff
(2^-8 for bf16, 2^-11 for f16: one rounding of the stored value):

    atol_fit = max over elements of (|narrow - f32| - u * |f32|), at least 0

and proposes atol = FACTOR * atol_fit, rtol = FACTOR * u, i.e. FACTOR times the measured
envelope, element by element. A candidate that mirrors Transformers' mixed precision differs from
the oracle by at most its own noise plus the oracle's (each measured against the same float32),
about 2x the envelope; FACTOR = 4 leaves that room twice. `--write` replaces the "bf16", "f16",
"bf16->f32" and "f16->f32" sections of tolerances.json with the proposal and the numbers behind
it (prefill_logits sits in "bf16->f32": vlmxla returns float32 logits holding bf16 values).

Float32 is measured the same way against float64 (the float32 capture against the same checkpoint
loaded as float64, u = 2^-24), and `--write` replaces the "f32" section too: no bound is set by
hand. `--group qwen` measures the Qwen2-VL / Qwen2.5-VL fixtures alone, and `--write` replaces the
"qwen/f32", "qwen/bf16", "qwen/f16", "qwen/bf16->f32" and "qwen/f16->f32" sections, which
compare.py reads for those families (families.tolerance_groups).

`--weights w8a8` measures the same runs on the fixtures' w8a8 copies (quantize.py: int8 weights,
and each decoder product's input quantized to int8 per token, capture.w8a8_linear), float32 against
float64 with w8a8 computed in float64, the narrow dtypes against float32 with w8a8 computed in
float32: an activation whose x / scale lies near a half rounds to the other quantum under the
reference's arithmetic. `--write` replaces the
"w8a8/bf16", "w8a8/bf16->f32", "w8a8/f16" and "w8a8/f16->f32" sections (float32 proposes none:
W8A8_F32_WHY), which
compare.py reads first for a w8a8 capture, with the stages a quantized product computes
(W8A8_PATTERNS: K/V and the logits); the vision side and inputs_embeds (no quantized product
computes them: the embedding lookup is none) keep the sections they read without w8a8.

`--weights w4a8` measures the fixtures' w4a8 copies alike (int4 projections through
capture.w4a8_linear, w8a8's int8 head, the same int8 per-token activations) and `--write` replaces
the "w4a8/..." sections: its logits' noise exceeds w8a8's bounds (W4A8_SECTIONS_WHY). In float32
it proposes no section either (W4A8_F32_WHY).

The noise depends on the kernels torch picks, which depend on the CPU (AVX-512 or AVX2 GEMMs sum in
other orders). `--isa native --isa avx2` (the default on a machine with AVX-512) measures once per
instruction set, each in a child process held to it (isa.py), and keeps the largest noise of each
stage with the ISA it came from: a bound then holds on every x86 machine these ISAs cover.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

from . import capture as capture_mod
from . import cases as cases_mod
from . import compare as compare_mod
from . import families, quantize, testing
from . import fixtures as fixtures_mod
from . import isa as isa_mod

FACTOR = 4.0
UNIT_ROUNDOFF = {"f32": 2.0 ** -24, "bf16": 2.0 ** -8, "f16": 2.0 ** -11}
# Tolerance groups measured on their own fixtures (families.tolerance_groups maps the model types).
GROUP_FIXTURES = {f.TOLERANCE_GROUP: f.FIXTURES for f in families.FAMILIES if f.TOLERANCE_GROUP}
# Every group, and the plain sections, in float32 (against float64) and the narrow dtypes.
GROUP_DTYPES = ("float32", *fixtures_mod.NARROW_DTYPES)
ISAS = ("native", *isa_mod.CAPS)
WIDE_NAMES = {"f32": "float32", "f64": "float64"}
# The computed stages, in the tolerance table's order (pixel_values are host f32 in every run).
PATTERNS = ("vision_pos_embeds", "vision_hidden_states.*", "selected_image_features",
            "vision_last_hidden_state", "pooled_image_features", "normed_image_features",
            "image_features", "packed_image_features", "deepstack_features.*", "inputs_embeds",
            "past_key_values.*", "prefill_logits")
LOGITS = "prefill_logits"
# The stages a w8a8 product computes (the decoder's K/V and the logits): the w8a8 sections' entries.
W8A8_PATTERNS = ("past_key_values.*", LOGITS)
# Why a float32 w8a8 run has no section of its own and reads the float32 ones.
W8A8_F32_WHY = (
    "In float32 the oracle's w8a8 noise against float64 is below the float32 sections' (measured "
    "4 x envelope 1.5e-6 on K/V and logits, 20 runs, no activation rounded to another step): "
    "the integer sums remove the products' rounding, and the activations' rounding adds none "
    "unless one sits within the noise of a tie, which the gate reports as an activation "
    "near-tie. The engine's float path (norms, RoPE, attention) carries the float32 noise the "
    "float32 sections hold (on iree-cpu tiny-gemma3-text came to 0.95 of that 1.5e-6), so "
    "float32 w8a8 stages keep those bounds; a scale rounded the wrong way (all 24 bits kept: "
    "0.4% on every output) exceeds them by 60x.")
# Why float32 w4a8 has no section of its own either: its flips are the near-ties'.
W4A8_F32_WHY = (
    "In float32 against float64 the oracle's w4a8 noise is float32's (4 x envelope 1.3e-6 on "
    "K/V, 2.9e-6 on the logits, AVX-512 and AVX2) in every capture where no activation moved a "
    "step; w4a8's sum of 32-input groups rounds once a group, so the float64 reference moved "
    "activations a step where w8a8's did not (K/V 0.052 and 0.030, the two LLaVA fixtures' "
    "image_text, 1.9 and 3.3 float32 roundings from a tie): both are activation near-ties, "
    "which read the flip bounds (w4a8-tie/f32); the others read the float32 sections.")
# Why w4a8 has sections of its own rather than w8a8's (its sections' _why says it; the numbers
# are in docs/validation.md, "Quantized weights").
W4A8_SECTIONS_WHY = (
    "w4a8 quantizes its activations as w8a8 does but multiplies other weights: measured on the "
    "same fixtures its logits' noise exceeds w8a8's bounds, so it reads sections of its own.")
# --weights values measured on their own sections ("<weights>/<dtype>"), and how each copy's
# products are computed, as its sections' _why says.
MEASURED_WEIGHTS = ("w8a8", "w4a8")
WEIGHTS_TEXT = {"w8a8": "int8 weights, int8 per-token activations through capture.w8a8_linear",
                "w4a8": "int4 projections through capture.w4a8_linear and an int8 head through "
                        "capture.w8a8_linear, int8 per-token activations"}


def cpu_description() -> str:
    """This machine's CPU as a _why names it: /proc/cpuinfo's model name and its AVX-512 and AMX
    flags (the kernels torch may pick)."""
    import re

    try:
        text = pathlib.Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "unknown CPU"
    model = re.search(r"^model name\s*:\s*(.+)$", text, re.MULTILINE)
    flags = sorted(set(re.findall(r"\b(avx512[a-z_0-9]*|amx[a-z_0-9]*)\b", text)))
    return (f"{model.group(1).strip() if model else 'unknown CPU'} "
            f"({' '.join(flags) if flags else 'no AVX-512'})")


def _pattern(stage: str) -> str | None:
    import fnmatch

    return next((p for p in PATTERNS if fnmatch.fnmatchcase(stage, p)), None)


def stage_noise(reference: np.ndarray, narrow: np.ndarray, u: float) -> dict:
    """max_abs, max_rel and the atol fitted at rtol = u of narrow against reference."""
    r = reference.astype(np.float64)
    d = np.abs(narrow.astype(np.float64) - r)
    rel = d / np.maximum(np.abs(r), compare_mod.TINY)
    return {"max_abs": float(d.max()), "max_rel": float(rel.max()),
            "atol_fit": float(max(0.0, (d - u * np.abs(r)).max())),
            "max_abs_reference": float(np.abs(r).max())}


def _round_up(x: float, digits: int = 2) -> float:
    """x rounded up to `digits` significant digits (a bound must not shrink when printed)."""
    if x <= 0:
        return 0.0
    e = math.floor(math.log10(x)) - digits + 1
    return float(f"{math.ceil(x / 10 ** e - 1e-9) * 10 ** e:.{max(0, -e)}f}") if e < 0 \
        else float(math.ceil(x / 10 ** e) * 10 ** e)


def _proposed(noise: dict, factor: float, u: float) -> dict:
    """The bound a stage pattern's measured noise proposes: factor x its envelope."""
    return {"atol": _round_up(factor * noise["atol_fit"]), "rtol": _round_up(factor * u)}


def capture_noise(cap_dir: pathlib.Path, u: float,
                  ref_dir: pathlib.Path | None = None) -> dict[str, dict]:
    """{stage: noise} of one narrow capture against its float32 reference (or `ref_dir`)."""
    narrow = compare_mod._Capture(cap_dir)
    ref = compare_mod._Capture(ref_dir or capture_mod.reference_dir(cap_dir))
    out = {}
    for name in narrow.order:
        if narrow.stages[name].get("kind") != "float" or _pattern(name) is None:
            continue
        _, c = narrow.tensor(name)
        _, r = ref.tensor(name)
        out[name] = stage_noise(r, c, u)
    return out


def measure(fixture_names=fixtures_mod.ALL_FIXTURE_NAMES, dtypes=fixtures_mod.NARROW_DTYPES,
            factor: float = FACTOR, weights: str = "stored") -> dict:
    """`weights` w8a8: the fixtures' w8a8 copies (testing.ensure_captures), references included."""
    result = {"factor": factor, "method": "oracle in dtype vs the same checkpoint in float32; "
              "atol_fit = max(|d| - u|r|) at rtol u = unit roundoff; bound = factor x fit",
              "weights": weights, "cpu": cpu_description(), "dtypes": {}, "runs": []}
    for dtype in dtypes:
        short = fixtures_mod.DTYPES[dtype]
        u = UNIT_ROUNDOFF[short]
        groups: dict[str, dict] = {}
        for name in fixture_names:
            kind = fixtures_mod.spec_kind(fixtures_mod.load_spec(name))
            case_names = cases_mod.generating_case_names(kind)
            caps = testing.ensure_captures(case_names=case_names, fixture_names=(name,),
                                           dtype=dtype, weights=weights)
            for case_name in case_names:
                cap_dir = caps[(name, case_name)]
                print(f"[measure] {short} {name}/{case_name} ({isa_mod.describe()})",
                      file=sys.stderr, flush=True)
                manifest = json.loads((cap_dir / "manifest.json").read_text())
                margin = manifest["greedy_margin"]
                ref_dir = None
                if dtype == "float32":  # float32's own noise: against the checkpoint in float64
                    model_dir = testing.ensure_fixture(name)
                    if weights != "stored":  # the same copy the capture ran
                        model_dir = quantize.dequantized_model_dir(model_dir, weights)
                    ref_dir = capture_mod.ensure_f64_reference(model_dir, manifest["case"],
                                                               cap_dir)
                noise = capture_noise(cap_dir, u, ref_dir)
                result["runs"].append({"dtype": short, "fixture": name, "case": case_name,
                                       "greedy_margin": margin["min"], "stages": noise})
                for stage, n in noise.items():
                    g = groups.setdefault(_pattern(stage), {"max_abs": 0.0, "max_rel": 0.0,
                                                            "atol_fit": 0.0})
                    where = f"{name}/{case_name}/{stage}"
                    for key in ("max_abs", "max_rel", "atol_fit"):
                        if n[key] >= g[key]:
                            g[key], g[f"{key}_at"] = n[key], where
        for g in groups.values():
            g["proposed"] = _proposed(g, factor, u)
        result["dtypes"][short] = {"unit_roundoff": u,
                                   "patterns": {p: groups[p] for p in PATTERNS if p in groups}}
    return result


def merge_isas(results: dict[str, dict]) -> dict:
    """One measurement from several ISAs' ({isa: result}): per dtype and stage pattern, the
    largest of each figure, its place prefixed with the ISA it came from, and bounds proposed from
    those maxima."""
    first = next(iter(results.values()))
    out = {"factor": first["factor"], "method": first["method"],
           "weights": first.get("weights", "stored"), "cpu": first.get("cpu"), "isas": {},
           "dtypes": {}, "runs": []}
    for isa, r in results.items():
        out["isas"][isa] = r.get("oracle_isa", isa)
        out["runs"] += [{**run, "isa": isa} for run in r["runs"]]
        for short, m in r["dtypes"].items():
            d = out["dtypes"].setdefault(short, {"unit_roundoff": m["unit_roundoff"],
                                                 "patterns": {}})
            for pattern, g in m["patterns"].items():
                best = d["patterns"].setdefault(pattern, {"max_abs": -1.0, "max_rel": -1.0,
                                                          "atol_fit": -1.0})
                for key in ("max_abs", "max_rel", "atol_fit"):
                    if g[key] > best[key]:
                        best[key], best[f"{key}_at"] = g[key], f"{isa}: {g[f'{key}_at']}"
    for short, d in out["dtypes"].items():
        d["patterns"] = {p: d["patterns"][p] for p in PATTERNS if p in d["patterns"]}
        for g in d["patterns"].values():
            g["proposed"] = _proposed(g, out["factor"], d["unit_roundoff"])
    return out


def measure_isas(isas, argv: list[str]) -> dict:
    """Runs this measurement (`argv`: its fixture/dtype/group/factor flags) in one child process
    per ISA (VLMXLA_MAX_ISA set to it, or removed for native) and merges the results."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for isa in isas:
            out = pathlib.Path(tmp) / f"{isa}.json"
            subprocess.run([sys.executable, "-m", "vlmxla_oracle", "measure-tolerances", *argv,
                            "--isa", "current", "--json", str(out)], check=True,
                           env=isa_mod.child_env("" if isa == "native" else isa))
            results[isa] = json.loads(out.read_text(encoding="utf-8"))
    return merge_isas(results)


def _entry_why(short: str, g: dict, factor: float, wide: str = "f32") -> str:
    return (f"oracle {short}-vs-{wide} noise: max_abs {g['max_abs']:.3g} ({g['max_abs_at']}), "
            f"atol fit {g['atol_fit']:.3g} at rtol u ({g['atol_fit_at']}); bound = {factor:g}x")


def sections(result: dict, group: str | None = None) -> dict[str, dict]:
    """The tolerance-table sections the measurement proposes ("<group>/<dtype>" for a group,
    "<weights>/<dtype>" for a w8a8 or w4a8 measurement, with W8A8_PATTERNS' entries only)."""
    factor = result["factor"]
    weights = result.get("weights", "stored")
    quantized = weights != "stored"
    prefix = f"{weights}/" if quantized else f"{group}/" if group else ""
    fixtures_text = (f"the {group} fixtures ({', '.join(GROUP_FIXTURES[group])})" if group
                     else "the LLaVA and text-only fixtures")
    if quantized:
        fixtures_text = (f"the {weights} copies (vlmxla_oracle.quantize.dequantized_model_dir: "
                         f"{WEIGHTS_TEXT[weights]}) of {fixtures_text}")
    isas = result.get("isas") or {}
    isa_text = ("; on each of " + ", ".join(f"{k} ({v})" for k, v in isas.items()) +
                ", keeping each stage's largest noise" if isas else "")
    out = {}
    n_runs = {}
    for r in result["runs"]:
        n_runs[r["dtype"]] = n_runs.get(r["dtype"], 0) + 1
    for short, m in result["dtypes"].items():
        if quantized and short == "f32":
            # float32 w8a8 and w4a8 read the float32 sections (W8A8_F32_WHY, W4A8_F32_WHY) and
            # their near-ties the flip bounds: no section of their own.
            continue
        u = m["unit_roundoff"]
        wide = "f64" if short == "f32" else "f32"  # the reference: the checkpoint in float64/32
        command = "measure-tolerances" + (f" --group {group}" if group else "") + \
            (f" --weights {weights}" if quantized else "")
        head = (f"MEASURED by `python -m vlmxla_oracle {command}` on {fixtures_text} x their "
                f"decoding cases ({n_runs.get(short, 0)} runs): the oracle (Transformers, eager) "
                f"in {short} against the same checkpoint loaded as {WIDE_NAMES[wide]}{isa_text}. Each "
                f"bound is "
                f"{factor:g}x the measured noise envelope: atol = {factor:g} x max(|{short} - "
                f"{wide}| - u|{wide}|), rtol = {factor:g} x u, u = {u:.3g} (one {short} "
                f"rounding). A "
                f"candidate mirroring Transformers' mixed precision sits within ~2x of it (its "
                f"noise plus the oracle's). pixel_values are host float32 in every run and read "
                f"the 'f32' section.")
        if weights == "w4a8":
            head += f" {W4A8_SECTIONS_WHY}"
        if quantized:
            head += (f" The reference runs the same {weights} definition in {WIDE_NAMES[wide]} "
                     f"(its scales rounded to 8 bits as well): the difference includes the "
                     f"activations that round to the other int8 quantum under the other "
                     f"arithmetic. Only the stages a quantized product computes have entries "
                     f"({', '.join(W8A8_PATTERNS)}); the others read the sections they read "
                     f"without {weights}. CPU: {result.get('cpu') or cpu_description()}.")
        same = {"_why": head}
        for pattern, g in m["patterns"].items():
            if pattern == LOGITS and short != "f32":
                continue
            if quantized and pattern not in W8A8_PATTERNS:
                continue
            same[pattern] = {**g["proposed"], "_why": _entry_why(short, g, factor, wide)}
        out[prefix + short] = same
        g = m["patterns"].get(LOGITS)
        if g and short != "f32":
            out[f"{prefix}{short}->f32"] = {
                "_why": (f"vlmxla returns prefill_logits as float32 holding values rounded to "
                         f"{short} (Transformers' {short} logits widened); the oracle stores its "
                         f"{short} logits as produced. Only this stage may change dtype. "
                         f"Measured as in '{prefix}{short}'."),
                LOGITS: {**g["proposed"], "_why": _entry_why(short, g, factor, wide)},
            }
    return out


def _num(x) -> str:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return json.dumps(x, ensure_ascii=False)
    if x == 0:
        return "0"
    if isinstance(x, int):
        return str(x)
    if abs(x) < 1e-3:  # 1e-5, not 1e-05 or 0.00001: the committed style
        mantissa, exponent = repr(float(x)).split("e") if "e" in repr(float(x)) \
            else f"{x:.15e}".split("e")
        mantissa = mantissa.rstrip("0").rstrip(".") if "." in mantissa else mantissa
        return f"{mantissa}e{int(exponent)}"
    return repr(float(x))


def dump_table(table: dict) -> str:
    """tolerances.json in its committed style: one line per stage entry."""
    lines = ["{"]
    top = list(table.items())
    for i, (key, section) in enumerate(top):
        comma = "," if i < len(top) - 1 else ""
        if not isinstance(section, dict):
            lines.append(f"  {json.dumps(key)}: {_num(section)}{comma}")
            continue
        lines.append(f"  {json.dumps(key)}: {{")
        items = list(section.items())
        for j, (pattern, entry) in enumerate(items):
            c = "," if j < len(items) - 1 else ""
            if isinstance(entry, dict):
                body = ", ".join(f"{json.dumps(k)}: {_num(v)}" for k, v in entry.items())
                lines.append(f"    {json.dumps(pattern)}: {{{body}}}{c}")
            else:
                lines.append(f"    {json.dumps(pattern)}: {_num(entry)}{c}")
        lines.append(f"  }}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write(result: dict, path: pathlib.Path = compare_mod.DEFAULT_TOLERANCES,
          group: str | None = None) -> None:
    table = json.loads(path.read_text(encoding="utf-8"))
    new = sections(result, group)
    merged = {k: v for k, v in table.items() if k not in new}  # i64->i32, ... kept as is
    for key, section in new.items():
        # Entries of a replaced section that are not measured here (f32's pixel_values: host
        # arithmetic, not the oracle's) stay, ahead of the measured ones.
        kept = {k: v for k, v in table.get(key, {}).items()
                if not k.startswith("_") and k not in section and k not in PATTERNS}
        merged[key] = {"_why": section["_why"], **kept,
                       **{k: v for k, v in section.items() if k != "_why"}}
    compare_mod.validate_tolerances(merged, str(path))
    path.write_text(dump_table(merged), encoding="utf-8")


def format_result(result: dict) -> str:
    lines = []
    for short, m in result["dtypes"].items():
        lines.append(f"{short} (u = {m['unit_roundoff']:.3g}, bound = {result['factor']:g}x):")
        lines.append(f"  {'stage':<26} {'max_abs':>9} {'max_rel':>9} {'atol_fit':>9} "
                     f"{'-> atol':>9} {'rtol':>9}  worst at")
        for pattern, g in m["patterns"].items():
            lines.append(f"  {pattern:<26} {g['max_abs']:9.3g} {g['max_rel']:9.3g} "
                         f"{g['atol_fit']:9.3g} {g['proposed']['atol']:9.3g} "
                         f"{g['proposed']['rtol']:9.3g}  {g['max_abs_at']}")
    margins = [(r["greedy_margin"], r["dtype"], r["fixture"], r["case"]) for r in result["runs"]]
    if margins:
        m = min(margins)
        lines.append(f"smallest greedy top-1/top-2 margin: {m[0]:.4g} ({m[1]} {m[2]}/{m[3]})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vlmxla_oracle measure-tolerances",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--group", choices=list(GROUP_FIXTURES),
                        help="measure a tolerance group's own fixtures (qwen: the Qwen2-VL / "
                             "Qwen2.5-VL ones), in float32 too; --write writes its sections")
    parser.add_argument("--weights", default="stored", choices=["stored", *MEASURED_WEIGHTS],
                        help="measure the fixtures' copies in this format (w8a8: int8 weights and "
                             "int8 per-token activations; w4a8: int4's projections, an int8 "
                             "head, the same activations); --write writes its '<weights>/...' "
                             "sections")
    parser.add_argument("--fixture", action="append", choices=fixtures_mod.KNOWN_FIXTURE_NAMES,
                        help="measure only this fixture (repeatable; default: all, or the "
                             "group's)")
    parser.add_argument("--dtype", action="append", choices=GROUP_DTYPES,
                        help="measure only this dtype (repeatable; default: both narrow ones, "
                             "and float32 for a group)")
    parser.add_argument("--factor", type=float, default=FACTOR,
                        help=f"bound = factor x measured noise (default {FACTOR:g})")
    parser.add_argument("--isa", action="append", choices=(*ISAS, "current"),
                        help="measure under this instruction set (repeatable; default: native "
                             "and avx2 on a machine with AVX-512, else native; current: this "
                             "process as it is)")
    parser.add_argument("--json", type=pathlib.Path, help="write the measurement here")
    parser.add_argument("--write", action="store_true",
                        help="replace the f32/bf16/f16 sections (of the group) in tolerances.json "
                             "with the proposal")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.write and (args.fixture or args.dtype or args.factor <= 1):
        print("--write needs every fixture and dtype and a factor above 1", file=sys.stderr)
        return 2
    if args.group and args.weights != "stored":
        print("--weights measures the plain fixtures' copies; it takes no --group",
              file=sys.stderr)
        return 2
    default_fixtures = GROUP_FIXTURES[args.group] if args.group else fixtures_mod.ALL_FIXTURE_NAMES
    isas = args.isa or (list(ISAS) if isa_mod.host_has_avx512() else ["native"])
    if isas == ["current"]:
        result = measure(tuple(args.fixture or default_fixtures),
                         tuple(args.dtype or GROUP_DTYPES), args.factor, args.weights)
        result["oracle_isa"] = isa_mod.describe()
    elif "current" in isas:
        print("--isa current cannot be combined with other ISAs", file=sys.stderr)
        return 2
    else:
        child = [*(["--group", args.group] if args.group else []),
                 *(["--weights", args.weights] if args.weights != "stored" else []),
                 *[f"--fixture={f}" for f in args.fixture or []],
                 *[f"--dtype={d}" for d in args.dtype or []], f"--factor={args.factor!r}"]
        result = measure_isas(isas, child)
    print(format_result(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if args.write:
        write(result, group=args.group)
        print(f"wrote {', '.join(sections(result, args.group))} into "
              f"{compare_mod.DEFAULT_TOLERANCES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
