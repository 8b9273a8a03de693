"""Next-token quality of quantized formats on a checkpoint, Transformers only (the oracle).

  python -m vlmxla_gate.quality --model DIR [--weights int8,int4,w8a8,w4a8] [--tokens 256]
      [--image PATH] [--prompt TEXT] [--dtype float32] [--report FILE.json]

What the gate measures for its fixture cases (gate._begin_case, gate.next_token_quality), over
one case of your own and a longer decode: the unquantized model's greedy decode of --tokens tokens
(capture, reference=False), then each format's dequantized copy (quantize.dequantized_model_dir:
W', and under w8a8 and w4a8 its int8 per-token activations) teacher-forced on those tokens; per
format the decoded positions, top-1 agreement and mean/max KL(P_float || P_quant) in nats
(gate.quality_summary of the one case), and the seconds its copy and capture took.

EOS: by default the decode goes on past EOS to exactly --tokens positions (the case's
"ignore_eos": the EOS token is emitted like any other, as the engine's ignore_eos does; no logit is
changed), and the report says at which step the unquantized model emitted its first EOS
("eos_step"), after which the text is the model talking past its answer. --stop-at-eos stops the
decode there instead; the report then has fewer positions and says it stopped early.

The quantized copies' own greedy decode (which capture always runs) is cut to one token: only
their teacher-forced pass is measured. Captures are kept under --work (default
$VLMXLA_CACHE/quality/MODEL-DTYPE) and reused while capture.is_current says so ("cached" in the
report, with the seconds of this run, not of the capture).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

from vlmxla_oracle import capture as capture_mod
from vlmxla_oracle import paths, quantize

from . import gate

FALLBACK_PROMPT = "Describe the image in detail."
CASE_NAME = "quality"


def default_prompt() -> str:
    """The bench's prompt (vlmxla_bench's DEFAULT_PROMPT, its image request's), else a fixed one."""
    try:
        from vlmxla_bench.transformers_side import DEFAULT_PROMPT
    except ImportError:
        return FALLBACK_PROMPT
    return DEFAULT_PROMPT


def parse_formats(text: str) -> list[str]:
    """The formats of a comma-separated --weights value, each once, in order; an unknown one is
    refused naming the choices."""
    formats = []
    for item in (t.strip() for t in text.split(",")):
        if not item:
            continue
        if item not in quantize.WEIGHTS:
            raise argparse.ArgumentTypeError(
                f"unknown format {item!r}: choose from {', '.join(quantize.WEIGHTS)}")
        if item not in formats:
            formats.append(item)
    if not formats:
        raise argparse.ArgumentTypeError(
            f"no format given: choose from {', '.join(quantize.WEIGHTS)}")
    return formats


def build_case(prompt: str, image: pathlib.Path | None, tokens: int, ignore_eos: bool) -> dict:
    """The one case (cases.py's layout): the prompt, the image if any, --tokens new tokens."""
    case = {"name": CASE_NAME, "system": None, "prompt": prompt,
            "images": [paths.relative_to_cache(pathlib.Path(image).resolve())] if image else [],
            "max_new_tokens": int(tokens)}
    if ignore_eos:
        case["ignore_eos"] = True
    return case


def _capture(model_dir: pathlib.Path, case: dict, out: pathlib.Path, dtype: str) -> tuple[dict, float, bool]:
    """(manifest, seconds, cached): capture unless current."""
    start = time.perf_counter()
    cached = capture_mod.is_current(out / "manifest.json", model_dir, case, dtype)
    if not cached:
        capture_mod.capture(model_dir, case, out, dtype=dtype, reference=False)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return manifest, time.perf_counter() - start, cached


def measure(model_dir: pathlib.Path, formats: list[str], case: dict, dtype: str,
            work: pathlib.Path, log=print) -> dict:
    """The report: the unquantized decode, then each format teacher-forced on its tokens."""
    model_dir = pathlib.Path(model_dir)
    dtype = capture_mod.resolve_dtype(model_dir, dtype)
    fref = work / "float"
    log(f"unquantized: capturing {case['max_new_tokens']} greedy tokens ({dtype}) ...")
    manifest, seconds, cached = _capture(model_dir, case, fref, dtype)
    if "error" in manifest:
        raise RuntimeError(f"Transformers refused the case: {manifest['error']}")
    teacher = gate._greedy_tokens(fref) or []
    eos_ids = set(manifest.get("eos_token_ids", []))
    eos_step = next((i for i, t in enumerate(teacher) if t in eos_ids), None)
    stopped_early = len(teacher) < case["max_new_tokens"]
    report = {
        "model": str(model_dir), "dtype": capture_mod.SHORT_DTYPES[dtype],
        "case": case, "prompt_tokens": manifest.get("expanded_length"),
        "oracle": {k: manifest["oracle"].get(k)
                   for k in ("transformers", "torch", "cpu_capability")},
        "float": {"positions": len(teacher), "requested": case["max_new_tokens"],
                  "ignore_eos": bool(case.get("ignore_eos")), "eos_step": eos_step,
                  "stopped_early_at_eos": stopped_early, "seconds": round(seconds, 2),
                  "cached": cached, "greedy_text": manifest.get("greedy_text")},
        "formats": {},
    }
    if not teacher:
        raise RuntimeError("the unquantized model decoded no token")
    # Only the teacher-forced pass is measured: the copy's own greedy decode is cut to one token.
    qcase = {**case, "max_new_tokens": 1, "teacher_tokens": teacher}
    for fmt in formats:
        log(f"{fmt}: dequantized copy, then teacher-forced on {len(teacher)} tokens ...")
        start = time.perf_counter()
        qdir = quantize.dequantized_model_dir(model_dir, fmt)
        copy_s = time.perf_counter() - start
        _, capture_s, qcached = _capture(qdir, qcase, work / fmt, dtype)
        q = gate.next_token_quality(fref, work / fmt)
        summary = gate.quality_summary([{"model": model_dir.name, "dtype": dtype,
                                         "case": case["name"], "quality": q}])
        report["formats"][fmt] = {
            "positions": summary["positions"],
            "top1_agreement": summary["top1_agreement"],
            "top1_agree": q["top1_agree"],
            "mean_kl": summary["mean_kl"], "max_kl": summary["max_kl"],
            "seconds": round(copy_s + capture_s, 2), "copy_seconds": round(copy_s, 2),
            "capture_seconds": round(capture_s, 2), "cached": qcached,
        }
    report["method"] = summary["method"]
    return report


def table(report: dict) -> str:
    f = report["float"]
    head = (f"{pathlib.Path(report['model']).name} ({report['dtype']}), "
            f"{report['prompt_tokens']} prompt tokens, {len(report['case']['images'])} image(s), "
            f"torch {report['oracle']['cpu_capability']}")
    decoded = (f"unquantized: {f['positions']} of {f['requested']} tokens decoded in "
               f"{f['seconds']:.1f} s{' (cached)' if f['cached'] else ''}")
    lines = [head, decoded]
    if f["stopped_early_at_eos"]:
        lines.append(f"  stopped early at EOS after {f['positions']} tokens (of {f['requested']})")
    elif f["ignore_eos"] and f["eos_step"] is not None:
        lines.append(f"  first EOS at step {f['eos_step']}; decoding went on past it (ignore_eos)")
    lines.append(f"{'format':<7} {'positions':>9} {'top1':>7} {'mean_kl':>10} {'max_kl':>10} "
                 f"{'seconds':>8}")
    for fmt, r in report["formats"].items():
        lines.append(f"{fmt:<7} {r['positions']:>9} {r['top1_agreement']:>7.4f} "
                     f"{r['mean_kl']:>10.3g} {r['max_kl']:>10.3g} {r['seconds']:>8.1f}"
                     f"{' (cached)' if r['cached'] else ''}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vlmxla_gate.quality", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", type=pathlib.Path, required=True, help="HF model directory")
    p.add_argument("--weights", type=parse_formats, default=list(quantize.WEIGHTS),
                   help=f"comma-separated formats, of {', '.join(quantize.WEIGHTS)} (default all)")
    p.add_argument("--tokens", type=int, default=256, help="tokens to decode (default 256)")
    p.add_argument("--image", type=pathlib.Path, help="an image for the prompt (default none)")
    p.add_argument("--prompt", default=None,
                   help=f"the user's text (default {default_prompt()!r})")
    p.add_argument("--dtype", default="float32", choices=capture_mod.DTYPE_CHOICES)
    p.add_argument("--stop-at-eos", action="store_true",
                   help="stop the decode at EOS (default: go on to --tokens positions)")
    p.add_argument("--work", type=pathlib.Path, help="capture directory (default "
                   "$VLMXLA_CACHE/quality/MODEL-DTYPE)")
    p.add_argument("--report", type=pathlib.Path, help="write the report JSON here")
    args = p.parse_args(argv)
    if not (args.model / "config.json").exists():
        p.error(f"{args.model} is not a model directory (no config.json)")
    if args.tokens < 1:
        p.error("--tokens must be at least 1")
    if args.image is not None and not args.image.is_file():
        p.error(f"--image {args.image}: no such file")
    dtype = capture_mod.resolve_dtype(args.model, args.dtype)
    work = args.work or (paths.cache_dir() / "quality"
                         / f"{args.model.resolve().name}-{capture_mod.SHORT_DTYPES[dtype]}")
    case = build_case(args.prompt if args.prompt is not None else default_prompt(), args.image,
                      args.tokens, not args.stop_at_eos)
    log = (lambda s: print(s, file=sys.stderr, flush=True))
    start = time.perf_counter()
    try:
        report = measure(args.model, args.weights, case, dtype, work, log=log)
    except RuntimeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    report["seconds"] = round(time.perf_counter() - start, 2)
    print(table(report))
    print(f"total {report['seconds']:.1f} s")
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n",
                               encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
