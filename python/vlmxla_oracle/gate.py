"""The reference gate: oracle capture, vlmxla capture, stage-by-stage comparison, JSON report.

For every case and backend, `vlmxla validate` runs the production path — host preparation, the
engine's scheduler, vision_encode, prefill into a KV slot, greedy decode steps — with the
programs' diagnostic taps on (extra results of the same programs) and writes every stage in the
oracle's layout; the comparison walks the stages in the oracle's order and names the first
divergent one. Then the surface stage: one CLI request and one streaming server request must
reproduce the greedy text (surfaces.py). A backend that cannot run here is `unavailable`, and the
gate fails: it never passes a stage it could not check.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

from . import baselines as baselines_mod
from . import capture as capture_mod
from . import cases as cases_mod
from . import compare as compare_mod
from . import fixtures as fixtures_mod
from . import paths, real_checkpoint, surfaces, testing

# "all" is the CPU backends; iree-cuda needs a GPU and runs when named (scripts/xla/gpu_gate.sh).
CPU_BACKENDS = ("pjrt-cpu", "iree-cpu")
BACKENDS = (*CPU_BACKENDS, "iree-cuda")


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
              backend: str) -> subprocess.CompletedProcess:
    """The production path for one case: `vlmxla validate` runs host preparation, the engine's
    scheduler, vision_encode, prefill into a KV slot and greedy decode steps, with the programs'
    taps on, and writes every stage (or the expected error) in the oracle's layout."""
    out.mkdir(parents=True, exist_ok=True)
    case_file = out / "case.json"
    case_file.write_text(json.dumps(case), encoding="utf-8")
    return subprocess.run([str(vlmxla_bin), "validate", "--model", str(model_dir), "--case",
                           str(case_file), "--backend", backend, "--output", str(out)],
                          check=False, capture_output=True, text=True, timeout=1800)


def run_case(vlmxla_bin, model_dir, case: dict, work: pathlib.Path, backend: str) -> dict:
    ref = work / "oracle" / case["name"]
    if not capture_mod.is_current(ref / "manifest.json", model_dir, case):
        capture_mod.capture(model_dir, case, ref)
    ref_manifest = json.loads((ref / "manifest.json").read_text(encoding="utf-8"))
    cand = work / "vlmxla" / backend / case["name"]
    if (cand / "manifest.json").exists():
        (cand / "manifest.json").unlink()  # never compare a previous run's capture
    proc = _validate(vlmxla_bin, model_dir, case, cand, backend)
    result = {"case": case["name"], "backend": backend, "stages": [], "first_divergence": None,
              "greedy_exact": None}
    expected = _expected_error(case, ref_manifest)
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
    report = compare_mod.compare(ref, cand, stages=stages)
    for row in report.rows:
        result["stages"].append(row.to_json())
    greedy = [r for r in result["stages"] if r["stage"] in ("greedy_tokens", "greedy_text")]
    result["greedy_exact"] = bool(greedy) and all(r["pass"] for r in greedy)
    cand_manifest = json.loads((cand / "manifest.json").read_text(encoding="utf-8"))
    result["timing"] = cand_manifest.get("timing")
    result["usage"] = cand_manifest.get("usage")
    result["measurements"] = cand_manifest.get("measurements")
    if result["measurements"] is not None:  # host preprocessing's own peak RSS, for baselines
        result["measurements"]["prepare"] = baselines_mod.measure_prepare(
            vlmxla_bin, model_dir, cand / "case.json", cand / "prepare")
    result.update(status="pass" if report.passed else "fail",
                  first_divergence=None if report.passed else report.first_divergence)
    return result


# Suites: which fixtures run by default, and where the other gate lives.
SUITES = {
    "llava": {"prog": "validate_llava_reference.sh", "fixtures": fixtures_mod.FIXTURE_NAMES},
    "arch": {"prog": "validate_arch.sh", "fixtures": fixtures_mod.TEXT_FIXTURE_NAMES,
             "see_also": "the multimodal (LLaVA) path has its own gate: "
                         "scripts/xla/validate_llava_reference.sh"},
}


def _models(args) -> list[tuple[str, pathlib.Path]]:
    if args.model:
        return [(pathlib.Path(args.model).name, pathlib.Path(args.model))]
    names = list(dict.fromkeys(args.fixture or SUITES[args.suite]["fixtures"]))
    fixtures = testing.ensure_fixtures(names)
    return [(n, fixtures[n]) for n in names]


def _print_case(model: str, r: dict) -> None:
    print(f"\n== {model} / {r['case']} / {r['backend']}: {r['status'].upper()}")
    for s in r["stages"]:
        mark = {True: "ok", False: "FAIL", None: "unavailable"}[s.get("pass")]
        extra = "" if s.get("max_abs") is None else f"  max_abs={s['max_abs']:.3g}"
        print(f"   {s['stage']:<28} {mark}{extra}")
    if r.get("first_divergence"):
        print(f"   first divergent stage: {r['first_divergence']}")


def main(argv: list[str] | None = None) -> int:
    suite = argparse.ArgumentParser(add_help=False)
    suite.add_argument("--suite", default="llava", choices=list(SUITES),
                       help="llava: the LLaVA fixtures; arch: the text-only Llama/Qwen2 fixtures")
    p = argparse.ArgumentParser(prog=SUITES[suite.parse_known_args(argv)[0].suite]["prog"],
                                parents=[suite])
    p.add_argument("--model", help="any LLaVA-family or text-only Llama/Qwen2 checkpoint directory "
                                   "in HF layout")
    p.add_argument("--fixture", action="append", choices=fixtures_mod.ALL_FIXTURE_NAMES,
                   help="run this fixture (repeatable; default: the suite's fixtures)")
    p.add_argument("--case", action="append", help="run only this case (repeatable)")
    p.add_argument("--backend", default="all", choices=[*BACKENDS, "all"],
                   help="all (default): the CPU backends, " + ", ".join(CPU_BACKENDS) +
                        "; iree-cuda (needs an NVIDIA GPU) only when named")
    p.add_argument("--report", type=pathlib.Path)
    p.add_argument("--no-surfaces", action="store_true",
                   help="skip the CLI and server requests (the surface stage); the gate then "
                        "cannot pass")
    p.add_argument("--baselines", type=pathlib.Path, default=baselines_mod.BASELINES_PATH,
                   help="performance/memory baseline file (default: the committed "
                        "python/vlmxla_oracle/baselines.json)")
    p.add_argument("--update-baselines", action="store_true",
                   help="rewrite the baseline entries of the cases run instead of comparing")
    p.add_argument("--vlmxla", type=pathlib.Path,
                   default=os.environ.get("VLMXLA_BIN")
                   or pathlib.Path(__file__).resolve().parents[2] / "build" / "vlmxla",
                   help="the vlmxla binary (default: $VLMXLA_BIN, else build/vlmxla)")
    args = p.parse_args(argv)
    if not args.vlmxla.exists():
        print(f"vlmxla binary not found at {args.vlmxla}: run scripts/setup.sh", file=sys.stderr)
        return 2
    backends = list(CPU_BACKENDS) if args.backend == "all" else [args.backend]
    cases_out, surfaces_out, first = [], [], None
    snapshot = real_checkpoint.find_snapshot()
    real = {"model": "llava-hf/llava-interleave-qwen-0.5b-hf",
            "status": "present" if snapshot else "unavailable",
            "detail": None if snapshot else "unavailable: needs network"}
    for model_name, model_dir in _models(args):
        with tempfile.TemporaryDirectory() as tmp:
            # The case list follows the model's kind (LLaVA or text-only).
            case_files = cases_mod.write_cases(model_dir, pathlib.Path(tmp))
            unknown = set(args.case or []) - set(case_files)
            if unknown:
                print(f"{model_name} has no case {sorted(unknown)}; its cases: "
                      f"{', '.join(case_files)}", file=sys.stderr)
                return 2
            work = paths.cache_dir() / "gate" / model_name
            for case_name, case_path in case_files.items():
                if args.case and case_name not in args.case:
                    continue
                case = json.loads(case_path.read_text(encoding="utf-8"))
                for backend in backends:
                    r = run_case(args.vlmxla, model_dir, case, work, backend)
                    r["model"] = model_name
                    _print_case(model_name, r)
                    cases_out.append(r)
                    if r["status"] == "fail" and first is None:
                        first = {"case": r["case"], "backend": backend,
                                 "stage": r["first_divergence"]}
            # The surface stage: one CLI and one streaming server request on the main case.
            surface_case = next((c for c in ("image_text", "no_image") if c in case_files
                                 and (not args.case or c in args.case)), None)
            for backend in ([] if args.no_surfaces or not surface_case else backends):
                ran = [r for r in cases_out if r["model"] == model_name
                       and r["case"] == surface_case and r["backend"] == backend]
                for fn in (surfaces.cli_surface, surfaces.server_surface):
                    if ran and ran[0]["status"] == "unavailable":
                        s = {"surface": fn.__name__.split("_")[0], "pass": None,
                             "status": "unavailable", "detail": ran[0].get("detail")}
                    else:
                        s = fn(args.vlmxla, model_dir, backend, work / "oracle" / surface_case)
                        s["status"] = "pass" if s["pass"] else "fail"
                    s.update(model=model_name, case=surface_case, backend=backend)
                    print(f"\n== {model_name} / {surface_case} / {backend} / surface "
                          f"{s['surface']}: {s['status'].upper()}"
                          + (f"  ({s['detail']})" if s.get("detail") else ""))
                    surfaces_out.append(s)
                    if s["status"] == "fail" and first is None:
                        first = {"case": surface_case, "backend": backend,
                                 "stage": f"surface:{s['surface']}"}
    passed = bool(cases_out) and all(r["status"] == "pass" for r in cases_out) \
        and bool(surfaces_out) and all(s["status"] == "pass" for s in surfaces_out)
    baselines = baselines_mod.check(cases_out, args.baselines, update=args.update_baselines)
    for failure in baselines["failures"]:
        print(f"baseline FAIL: {failure}")
    if args.update_baselines:
        print(f"baselines written to {args.baselines}")
    passed = passed and baselines["pass"]
    report = {"suite": args.suite, "pass": passed, "first_divergence": first,
              "cases": cases_out, "surfaces": surfaces_out, "real_checkpoint": real,
              "baselines": baselines}
    counts = {s: sum(r["status"] == s for r in cases_out) for s in ("pass", "fail", "unavailable")}
    print(f"\n{counts['pass']} passed, {counts['fail']} failed, {counts['unavailable']} unavailable"
          f" (cases x backends); real checkpoint: {real['detail'] or 'present'}")
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
