"""The reference gate: oracle capture, vlmxla capture, stage-by-stage comparison, JSON report.

vlmxla captures the host stages with `vlmxla prepare` (rendered text, pixel values, ids,
positions, mask) and, on PJRT, the device stages with `vlmxla run-program` fed by its own host
output: vision_encode (every vision hidden state, selected and projected features), prefill
(merged embeddings, last-position logits, every layer's K and V) and greedy decode steps (tokens
exact, text through vlmxla's own detokenizer). The IREE backend is not wired yet: its device stages
are reported `unavailable` and the gate fails — it never passes a stage it could not check.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

import numpy as np
from safetensors.numpy import load_file, save_file

from . import capture as capture_mod
from . import cases as cases_mod
from . import compare as compare_mod
from . import paths, real_checkpoint, testing

HOST_STAGES = ("rendered_text", "pixel_values", "input_ids_unexpanded", "input_ids",
               "attention_mask", "position_ids")
BACKENDS = ("pjrt-cpu", "iree-cpu")
DEVICE_UNAVAILABLE = {
    "pjrt-cpu": "not produced by the PJRT path",
    "iree-cpu": "the IREE runtime host is not built yet",
}


def _run_program(vlmxla_bin, model_dir, program: str, inputs: dict, work: pathlib.Path) -> dict:
    work.mkdir(parents=True, exist_ok=True)
    save_file(inputs, str(work / f"{program}.in.safetensors"))
    out = work / f"{program}.out.safetensors"
    proc = subprocess.run([str(vlmxla_bin), "run-program", "--model", str(model_dir), "--program",
                           program, "--inputs", str(work / f"{program}.in.safetensors"),
                           "--output", str(out), "--taps"],
                          check=False, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"run-program {program}: {proc.stderr.strip()}")
    return load_file(str(out))


def _add_device_stages(vlmxla_bin, model_dir, cand: pathlib.Path) -> None:
    """Runs vision_encode and prefill on vlmxla's own host output and adds their results to the
    candidate capture, as the production path chains them."""
    config = json.loads((pathlib.Path(model_dir) / "config.json").read_text(encoding="utf-8"))
    manifest = json.loads((cand / "manifest.json").read_text(encoding="utf-8"))
    tensors = load_file(str(cand / "stages.safetensors"))
    hidden = config["text_config"]["hidden_size"]
    device: dict[str, np.ndarray] = {}
    features = np.zeros((1, hidden), np.float32)
    if "pixel_values" in tensors:
        device.update(_run_program(vlmxla_bin, model_dir, "vision_encode",
                                   {"pixel_values": tensors["pixel_values"]}, cand))
        features = device["image_features"].reshape(-1, hidden)
    ids = tensors["input_ids"]
    is_image = ids == config.get("image_token_index", -1)
    feature_index = np.where(is_image, np.cumsum(is_image) - 1, 0).astype(np.int32)
    device.update(_run_program(vlmxla_bin, model_dir, "prefill",
                               {"input_ids": ids.astype(np.int32), "feature_index": feature_index,
                                "image_features": np.ascontiguousarray(features)}, cand))
    tokens, text = _greedy(vlmxla_bin, model_dir, config, device, cand)
    for name, value in device.items():
        manifest["stages"].append({"name": name, "dtype": "f32", "shape": list(value.shape),
                                   "kind": "float"})
    device["greedy_tokens"] = tokens
    manifest["stages"].append({"name": "greedy_tokens", "dtype": "i64",
                               "shape": list(tokens.shape), "kind": "int"})
    manifest["stages"].append({"name": "greedy_text", "kind": "text"})
    manifest["greedy_text"] = text
    save_file({**tensors, **device}, str(cand / "stages.safetensors"))
    (cand / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")


def _greedy(vlmxla_bin, model_dir, config: dict, prefill: dict, cand: pathlib.Path,
            ) -> tuple[np.ndarray, str]:
    """Greedy decoding as the engine will run it: the prefill's last logits give the first token,
    then one decode step per token on a cache of capacity L + max_new_tokens, stopping at EOS.
    The text comes from vlmxla's own detokenizer (skip_special_tokens, as the oracle decodes)."""
    case = json.loads((cand / "case.json").read_text(encoding="utf-8"))
    steps = int(case.get("max_new_tokens", 8))
    text_config = config.get("text_config", config)
    eos = text_config.get("eos_token_id", config.get("eos_token_id"))
    gen = json.loads((pathlib.Path(model_dir) / "generation_config.json").read_text()) \
        if (pathlib.Path(model_dir) / "generation_config.json").exists() else {}
    eos = gen.get("eos_token_id", eos)
    eos_ids = set(eos if isinstance(eos, list) else [eos] if eos is not None else [])
    layers = text_config["num_hidden_layers"]
    length = prefill["past_key_values.0.key"].shape[1]
    capacity = length + steps
    caches = {}
    for l in range(layers):
        for kv in ("key", "value"):
            k = prefill[f"past_key_values.{l}.{kv}"]
            c = np.zeros((1, k.shape[0], capacity, k.shape[2]), np.float32)
            c[0, :, :length, :] = k
            caches[f"past_key_values.{l}.{kv}"] = c
    tokens = [int(np.argmax(prefill["prefill_logits"]))]
    while len(tokens) < steps and tokens[-1] not in eos_ids:
        out = _run_program(vlmxla_bin, model_dir, "decode",
                           {"tokens": np.array([tokens[-1]], np.int32),
                            "positions": np.array([length + len(tokens) - 1], np.int32), **caches},
                           cand)
        tokens.append(int(np.argmax(out["logits"][0])))
        caches = {k: out[k] for k in caches}
    line = json.dumps({"ids": tokens, "skip_special_tokens": True})
    (cand / "greedy.jsonl").write_text(line + "\n", encoding="utf-8")
    proc = subprocess.run([str(vlmxla_bin), "tokenize", "--tokenizer",
                           str(pathlib.Path(model_dir) / "tokenizer.json"), "--input",
                           str(cand / "greedy.jsonl"), "--output", str(cand / "greedy.out.jsonl")],
                          check=False, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"tokenize: {proc.stderr.strip()}")
    decoded = json.loads((cand / "greedy.out.jsonl").read_text(encoding="utf-8"))
    return np.array(tokens, np.int64), decoded["decoded_skip_special"]


def _prepare(vlmxla_bin: pathlib.Path, model_dir: pathlib.Path, case: dict,
             out: pathlib.Path) -> subprocess.CompletedProcess:
    out.mkdir(parents=True, exist_ok=True)
    case_file = out / "case.json"
    case_file.write_text(json.dumps(case), encoding="utf-8")
    return subprocess.run([str(vlmxla_bin), "prepare", "--model", str(model_dir), "--case",
                           str(case_file), "--output", str(out)],
                          check=False, capture_output=True, text=True, timeout=300)


def _expected_error(case: dict, ref_manifest: dict) -> dict | None:
    if "error" in ref_manifest:
        return ref_manifest["error"]
    ctx = ref_manifest.get("context")
    if ctx and ctx.get("exceeds"):
        return {"reason": "context_length_exceeded",
                "message": f"prompt needs {ctx['needed']} positions but context capacity is "
                           f"{ctx['capacity']}"}
    return None


def run_case(vlmxla_bin, model_dir, case: dict, work: pathlib.Path, backend: str) -> dict:
    ref = work / "oracle" / case["name"]
    if not capture_mod.is_current(ref / "manifest.json", model_dir, case):
        capture_mod.capture(model_dir, case, ref)
    ref_manifest = json.loads((ref / "manifest.json").read_text(encoding="utf-8"))
    cand = work / "vlmxla" / backend / case["name"]
    proc = _prepare(vlmxla_bin, model_dir, case, cand)
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
        result["stages"].append({"stage": "error", "pass": ok, "expected": expected,
                                 "got": cand_err or proc.stderr.strip()})
        result["status"] = "pass" if ok else "fail"
        result["first_divergence"] = None if ok else "error"
        return result
    if proc.returncode != 0:
        result.update(status="fail", first_divergence="prepare",
                      detail=proc.stderr.strip())
        return result
    if backend == "pjrt-cpu":
        try:
            _add_device_stages(vlmxla_bin, model_dir, cand)
        except RuntimeError as e:
            result.update(status="fail", first_divergence="device", detail=str(e))
            return result
    produced = {s["name"] for s in json.loads((cand / "manifest.json").read_text())["stages"]}
    stages = [s["name"] for s in ref_manifest["stages"] if s["name"] in produced]
    report = compare_mod.compare(ref, cand, stages=stages)
    for row in report.rows:
        result["stages"].append(row.to_json())
    pending = [s["name"] for s in ref_manifest["stages"] if s["name"] not in produced]
    for name in pending:
        result["stages"].append({"stage": name, "pass": None, "status": "unavailable",
                                 "detail": DEVICE_UNAVAILABLE[backend]})
    if not report.passed:
        result.update(status="fail", first_divergence=report.first_divergence)
    else:
        result.update(status="unavailable" if pending else "pass",
                      detail=DEVICE_UNAVAILABLE[backend] if pending else None)
    return result


def _models(args) -> list[tuple[str, pathlib.Path]]:
    if args.model:
        return [(pathlib.Path(args.model).name, pathlib.Path(args.model))]
    fixtures = testing.ensure_fixtures()
    names = [args.fixture] if args.fixture else list(fixtures)
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
    p = argparse.ArgumentParser(prog="validate_llava_reference.sh")
    p.add_argument("--model", help="any LLaVA-family checkpoint directory in HF layout")
    p.add_argument("--fixture", choices=["tiny-llava-clip-llama", "tiny-llava-siglip-qwen2"])
    p.add_argument("--backend", default="all", choices=[*BACKENDS, "all"])
    p.add_argument("--report", type=pathlib.Path)
    p.add_argument("--vlmxla", type=pathlib.Path,
                   default=pathlib.Path(__file__).resolve().parents[2] / "build" / "vlmxla")
    args = p.parse_args(argv)
    if not args.vlmxla.exists():
        print(f"vlmxla binary not found at {args.vlmxla}: run scripts/setup.sh", file=sys.stderr)
        return 2
    backends = list(BACKENDS) if args.backend == "all" else [args.backend]
    cases_out, first = [], None
    snapshot = real_checkpoint.find_snapshot()
    real = {"model": "llava-hf/llava-interleave-qwen-0.5b-hf",
            "status": "present" if snapshot else "unavailable",
            "detail": None if snapshot else "unavailable: needs network"}
    for model_name, model_dir in _models(args):
        with tempfile.TemporaryDirectory() as tmp:
            case_files = cases_mod.write_cases(model_dir, pathlib.Path(tmp))
            work = paths.cache_dir() / "gate" / model_name
            for case_path in case_files.values():
                case = json.loads(case_path.read_text(encoding="utf-8"))
                for backend in backends:
                    r = run_case(args.vlmxla, model_dir, case, work, backend)
                    r["model"] = model_name
                    _print_case(model_name, r)
                    cases_out.append(r)
                    if r["status"] == "fail" and first is None:
                        first = {"case": r["case"], "backend": backend,
                                 "stage": r["first_divergence"]}
    passed = bool(cases_out) and all(r["status"] == "pass" for r in cases_out)
    report = {"pass": passed, "first_divergence": first, "cases": cases_out,
              "real_checkpoint": real}
    counts = {s: sum(r["status"] == s for r in cases_out) for s in ("pass", "fail", "unavailable")}
    print(f"\n{counts['pass']} passed, {counts['fail']} failed, {counts['unavailable']} unavailable"
          f" (cases x backends); real checkpoint: {real['detail'] or 'present'}")
    if first:
        print(f"first divergence: {first}")
    elif not passed:
        print("gate NOT passed: some stages could not be checked (see 'unavailable')")
    if args.report:
        args.report.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
