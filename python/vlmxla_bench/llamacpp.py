"""llama.cpp beside vlmxla in one bench run (`python -m vlmxla_bench --llamacpp DIR`).

llama.cpp is not a dependency: DIR is a build of it made from source as bench/README.md says
("llama.cpp beside vlmxla"). The bench checkpoint is converted once into
$VLMXLA_CACHE/bench/llamacpp/<checkpoint>-<key>/ (key: the checkpoint's spec hash, the llama.cpp
commit and this converter's source): the decoder as text-F32/F16/BF16.gguf (convert_hf_to_gguf.py)
and text-Q8_0/Q4_0.gguf (llama-quantize from F32), the SigLIP tower + projector as mmproj-F16.gguf
(llamacpp_convert.py). Each format then runs, on the same machine, after the vlmxla rows:

  decode b1/b4/b8   llama-batched-bench -npp <text prompt tokens> -ntg <decode tokens> -npl B
                    (S_TG: tokens sampled while the B sequences decode together / that time)
  prefill           llama-bench -p <image+text prompt tokens>,<text prompt tokens> -n 0 (the
                    decoder's prompt processing alone, the same lengths as the vlmxla rows)
  image TTFT        llama-mtmd-cli on the same image and prompt, -n 1: its image encode ("mtmd
                    batch encoding done in") + prompt eval (every prompt position, image
                    embeddings included); image loading, resizing and tokenizing are not timed
                    by llama.cpp and are left out (vlmxla's TTFT includes its Prepare)
  text TTFT         text prompt tokens / llama-bench's prompt rate at that length

each with `-t` = the cores the vlmxla rows use. A format whose binary is missing, whose conversion
failed, or whose run failed or timed out is recorded as "unavailable: <why>", never given a
number; the rest of the run goes on.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

from vlmxla_oracle import paths

from . import llamacpp_convert, rss_trace

SYSTEM = "llama.cpp"
TOOLS = ("llama-bench", "llama-batched-bench", "llama-quantize", "llama-mtmd-cli")
# The formats of a run: F32, the 16-bit ones of its narrow dtypes (F16 when it has none), Q8_0
# and Q4_0. Each maps to the compute / weights dtype its row names and the class of weights the
# vlmxla rows it stands beside have.
FORMAT_DTYPE = {"F32": "float32", "F16": "float16", "BF16": "bfloat16", "Q8_0": "q8_0",
                "Q4_0": "q4_0"}
FORMAT_CLASS = {"F32": "32-bit", "F16": "16-bit", "BF16": "16-bit", "Q8_0": "8-bit",
                "Q4_0": "4-bit"}
QUANTIZED = ("Q8_0", "Q4_0")
MARKER = "<__media__>"  # mtmd's default media marker
CONVERT_TIMEOUT = 3600.0
MTMD_TRIES = 3


def _log(msg: str) -> None:
    print(f"[vlmxla_bench] {msg}", file=sys.stderr, flush=True)


def loud(name: str, why: str) -> str:
    """The line that says a row did not run."""
    return f"{name} UNAVAILABLE: {why.removeprefix('unavailable: ')}"


def row_name(fmt: str) -> str:
    return f"{SYSTEM}-{fmt}"


def formats_for(dtypes: list[str]) -> list[str]:
    """The llama.cpp formats beside vlmxla rows computing in `dtypes` (module doc)."""
    sixteen = [{"float16": "F16", "bfloat16": "BF16"}[d] for d in dtypes if d != "float32"]
    return ["F32", *(dict.fromkeys(sixteen) or ["F16"]), *QUANTIZED]


def find_tools(llamacpp: pathlib.Path) -> dict[str, pathlib.Path | str]:
    """{tool: its path, or why it is unavailable}: each under DIR/build/bin, DIR/bin or DIR."""
    out: dict[str, pathlib.Path | str] = {}
    for tool in TOOLS:
        candidates = [llamacpp / "build" / "bin" / tool, llamacpp / "bin" / tool, llamacpp / tool]
        found = next((c for c in candidates if c.is_file() and os.access(c, os.X_OK)), None)
        out[tool] = found or f"no {tool} under {llamacpp} (looked in build/bin, bin and the top)"
    return out


def commit_of(tools: dict) -> str:
    """The build's commit as its binaries report it (`--version`: "version: 0.5.0-dev (build 0,
    commit COMMIT)", before that "version: N (COMMIT)"), else "unknown"."""
    for tool in ("llama-batched-bench", "llama-mtmd-cli", "llama-bench"):
        path = tools.get(tool)
        if not isinstance(path, pathlib.Path):
            continue
        try:
            proc = subprocess.run([str(path), "--version"], check=False, capture_output=True,
                                  text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            continue
        m = re.search(r"^version: .*?\((?:build \d+, commit )?([0-9a-f]+|unknown)\)",
                      proc.stdout + proc.stderr, re.MULTILINE)
        if m:
            return m.group(1)
    return "unknown"


def cache_key(model_dir: pathlib.Path, commit: str, llamacpp: pathlib.Path) -> str:
    """What the converted files derive from: the checkpoint (its spec hash file, else its config),
    the llama.cpp commit (and, when that is unknown, its converter's source) and our converter."""
    h = hashlib.sha256()
    marker = model_dir / "vlmxla_fixture_spec.sha256"
    h.update((marker if marker.is_file() else model_dir / "config.json").read_bytes())
    h.update(json.loads((model_dir / "config.json").read_text()).get("dtype", "").encode())
    h.update(commit.encode())
    if commit == "unknown":
        script = llamacpp / "convert_hf_to_gguf.py"
        if script.is_file():
            h.update(script.read_bytes())
    h.update(inspect.getsource(llamacpp_convert).encode())
    return h.hexdigest()[:16]


def _child(args: list[str], log: pathlib.Path, timeout: float) -> str | None:
    """Runs one llamacpp_convert step in a child (stdout and stderr to `log`); None, or why it
    failed."""
    repo_python = pathlib.Path(__file__).resolve().parents[1]
    with log.open("w") as out:
        try:
            proc = subprocess.run([sys.executable, "-m", "vlmxla_bench.llamacpp_convert", *args],
                                  check=False, stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                                  env={**os.environ, "PYTHONPATH": str(repo_python)})
        except subprocess.TimeoutExpired:
            return f"timed out after {timeout:.0f} s (log {log})"
    if proc.returncode != 0:
        return f"exit {proc.returncode}: {_tail(log)} (log {log})"
    return None


def _tail(log: pathlib.Path, n: int = 2) -> str:
    lines = [ln for ln in log.read_text(errors="replace").splitlines() if ln.strip()]
    return " | ".join(lines[-n:])


def convert(model_dirs: dict[str, pathlib.Path], formats: list[str], llamacpp: pathlib.Path,
            tools: dict, commit: str, timeout: float = CONVERT_TIMEOUT) -> dict:
    """{"dir", "mmproj": path or why not, FORMAT: path or "unavailable: why"}: the converted files,
    made once (module doc). The text formats come from the checkpoint stored in float32 (F32, and
    the quantized ones from that F32 file); F16 / BF16 from the checkpoint stored in that dtype
    when the run has it, so the llama.cpp row reads the same rounded weights as the vlmxla row."""
    source = model_dirs.get("float32") or next(iter(model_dirs.values()))
    out_dir = (paths.cache_dir() / "bench" / "llamacpp"
               / f"{source.name}-{cache_key(source, commit, llamacpp)}")
    out_dir.mkdir(parents=True, exist_ok=True)
    result: dict = {"dir": str(out_dir)}
    if not (llamacpp / "convert_hf_to_gguf.py").is_file():
        why = f"unavailable: no convert_hf_to_gguf.py in {llamacpp}"
        return {**result, "mmproj": why, **{f: why for f in formats}}

    def step(target: pathlib.Path, args: list[str], what: str) -> str | None:
        if target.exists():
            return None
        tmp = target.with_name(f".{target.name}.tmp")
        if tmp.is_dir():  # a decoder directory left by an interrupted run
            shutil.rmtree(tmp)
        tmp.unlink(missing_ok=True)
        _log(f"llama.cpp: {what} -> {target}")
        why = _child([a.replace("{OUT}", str(tmp)) for a in args],
                     out_dir / f"{target.name}.log", timeout)
        if why is None:
            tmp.rename(target)
        return why

    decoders: dict[str, pathlib.Path | str] = {}

    def decoder(stored: str) -> pathlib.Path | str:
        if stored not in decoders:
            src = model_dirs[stored]
            target = out_dir / f"decoder-{stored}"
            why = step(target, ["decoder", str(src), "{OUT}"], f"decoder of {src.name}")
            decoders[stored] = target if why is None else f"decoder of {src.name}: {why}"
        return decoders[stored]

    for fmt in formats:
        target = out_dir / f"text-{fmt}.gguf"
        if fmt in QUANTIZED:
            base = result.get("F32") or _text(out_dir, "F32", decoder, step, model_dirs, llamacpp)
            if not isinstance(base, pathlib.Path):
                result[fmt] = f"unavailable: its F32 source: {base}"
                continue
            quantize = tools["llama-quantize"]
            if not isinstance(quantize, pathlib.Path):
                result[fmt] = f"unavailable: {quantize}"
                continue
            why = _quantize(quantize, base, target, fmt, out_dir, timeout)
            result[fmt] = target if why is None else f"unavailable: llama-quantize {fmt}: {why}"
        else:
            result[fmt] = _text(out_dir, fmt, decoder, step, model_dirs, llamacpp)
    for d in decoders.values():  # an intermediate copy of the weights: made again if needed
        if isinstance(d, pathlib.Path):
            shutil.rmtree(d)
    mmproj = out_dir / "mmproj-F16.gguf"
    why = step(mmproj, ["mmproj", str(llamacpp), str(source), "{OUT}"], "image encoder")
    result["mmproj"] = mmproj if why is None else f"unavailable: image encoder: {why}"
    return result


def _text(out_dir, fmt, decoder, step, model_dirs, llamacpp) -> pathlib.Path | str:
    """text-FMT.gguf by convert_hf_to_gguf.py, or "unavailable: why"."""
    stored = FORMAT_DTYPE[fmt] if FORMAT_DTYPE[fmt] in model_dirs else (
        "float32" if "float32" in model_dirs else next(iter(model_dirs)))
    src = decoder(stored)
    if not isinstance(src, pathlib.Path):
        return f"unavailable: {src}"
    target = out_dir / f"text-{fmt}.gguf"
    why = step(target, ["gguf", str(llamacpp), str(src), "{OUT}", fmt],
               f"convert_hf_to_gguf.py --outtype {fmt.lower()} on {src.name}")
    return target if why is None else f"unavailable: convert_hf_to_gguf.py {fmt}: {why}"


def _quantize(quantize: pathlib.Path, base: pathlib.Path, target: pathlib.Path, fmt: str,
              out_dir: pathlib.Path, timeout: float) -> str | None:
    if target.exists():
        return None
    tmp = target.with_name(f".{target.name}.tmp")
    log = out_dir / f"{target.name}.log"
    _log(f"llama.cpp: llama-quantize {base.name} {fmt} -> {target}")
    with log.open("w") as out:
        try:
            proc = subprocess.run([str(quantize), str(base), str(tmp), fmt], check=False,
                                  stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
        except subprocess.TimeoutExpired:
            return f"timed out after {timeout:.0f} s (log {log})"
    if proc.returncode != 0:
        return f"exit {proc.returncode}: {_tail(log)} (log {log})"
    tmp.rename(target)
    return None


# --- the tools' outputs -------------------------------------------------------------------------

def parse_batched_bench(text: str) -> dict[int, dict]:
    """{B: {"pp", "tg", "seconds", "tokens_per_second", ...}} from llama-batched-bench
    `--output-format jsonl` (one JSON object a line among its log lines)."""
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if not (line.startswith("{") and '"speed_tg"' in line):
            continue
        r = json.loads(line)
        out[int(r["pl"])] = {"batch": int(r["pl"]), "prompt_tokens": int(r["pp"]),
                             "tokens": int(r["pl"]) * int(r["tg"]), "seconds": float(r["t_tg"]),
                             "tokens_per_second": float(r["speed_tg"]),
                             "prefill_seconds": float(r["t_pp"]), "threads": int(r["n_threads"])}
    if not out:
        raise ValueError("llama-batched-bench printed no result line")
    return out


def parse_llama_bench(text: str) -> dict[int, dict]:
    """{prompt tokens: {"tokens_per_second", "seconds", ...}} of the prompt-processing tests in
    llama-bench `-o json` output (a JSON array on stdout)."""
    start = text.find("[")
    if start < 0:
        raise ValueError("llama-bench printed no JSON array")
    out = {}
    for r in json.loads(text[start:text.rindex("]") + 1]):
        if int(r["n_gen"]) != 0 or int(r["n_prompt"]) == 0:
            continue
        out[int(r["n_prompt"])] = {"tokens_per_second": float(r["avg_ts"]),
                                   "seconds": float(r["avg_ns"]) / 1e9,
                                   "threads": int(r["n_threads"]),
                                   "model_size": int(r["model_size"]),
                                   "model_type": r.get("model_type"),
                                   "build_commit": r.get("build_commit")}
    if not out:
        raise ValueError("llama-bench printed no prompt-processing result")
    return out


def parse_mtmd(text: str) -> dict:
    """From llama-mtmd-cli's log: the image encode ("mtmd batch encoding done in N ms"), the image
    tokens ("decoding image batch ..., n_tokens_batch = N", summed over batches) and the prompt
    eval (llama_perf "prompt eval time = X ms / N tokens")."""
    encode = re.findall(r"mtmd batch encoding done in (\d+) ms", text)
    image_tokens = re.findall(r"decoding image batch \d+/\d+, n_tokens_batch = (\d+)", text)
    prompt = re.search(r"prompt eval time =\s*([\d.]+) ms /\s*(\d+) tokens", text)
    if not encode or not prompt:
        raise ValueError("llama-mtmd-cli printed no " + ("image encode time" if not encode else
                                                          "prompt eval time"))
    encode_s = sum(int(x) for x in encode) / 1e3
    prompt_s = float(prompt.group(1)) / 1e3
    return {"image_encode_seconds": encode_s, "prompt_eval_seconds": prompt_s,
            "prompt_tokens": int(prompt.group(2)),
            "image_tokens": sum(int(x) for x in image_tokens),
            "ttft_seconds": encode_s + prompt_s}


# --- running ------------------------------------------------------------------------------------

class Killed(RuntimeError):
    """A llama.cpp tool died by a signal (SIGILL, SIGSEGV)."""


def _run(cmd: list[str], log: pathlib.Path, timeout: float) -> tuple[str, dict]:
    """Runs `cmd` (stdout + stderr to `log`) under the memory trace; (its output, its trace).
    Raises RuntimeError on a non-zero exit or the timeout, Killed when a signal ended it."""
    with log.open("w") as out:
        out.write("$ " + " ".join(cmd) + "\n")
        out.flush()
        proc, memory, wall = rss_trace.run_traced(cmd, log, timeout, stdout=out,
                                                  stderr=subprocess.STDOUT)
    if wall >= timeout:
        raise RuntimeError(f"{pathlib.Path(cmd[0]).name} timed out after {timeout:.0f} s; "
                           f"last: {_tail(log)}")
    if proc.returncode != 0:
        error = Killed if proc.returncode < 0 else RuntimeError
        raise error(f"{pathlib.Path(cmd[0]).name} exit {proc.returncode}: {_tail(log, 3)}")
    return log.read_text(errors="replace"), memory


def run_format(fmt: str, text_gguf: pathlib.Path, mmproj: pathlib.Path, tools: dict,
               commit: str, *, image: pathlib.Path, label: str, prompt: str,
               prompt_tokens_text: int, prompt_tokens_image_text: int, decode_tokens: int,
               batches: list[int], threads: int, work: pathlib.Path, timeout: float) -> dict:
    """One llama.cpp row: its figures under the vlmxla rows' keys (module doc), or
    {"error": "unavailable: why"}."""
    missing = [str(v) for v in tools.values() if not isinstance(v, pathlib.Path)]
    if missing:
        return {"error": "unavailable: " + "; ".join(missing)}
    name = row_name(fmt)
    t0 = time.perf_counter()
    context = max(batches) * (prompt_tokens_text + decode_tokens) + 16

    def measure(repack: bool) -> tuple:
        # repack=False: the weights as stored, not repacked for the CPU's own kernels at load
        # (llama-batched-bench and llama-mtmd-cli: --no-repack; llama-bench: --repack 0).
        no_repack = [] if repack else ["--no-repack"]
        bench_no_repack = [] if repack else ["--repack", "0"]
        text, batched_mem = _run(
            [str(tools["llama-batched-bench"]), "-m", str(text_gguf), "-t", str(threads),
             "-c", str(context), "-npp", str(prompt_tokens_text), "-ntg", str(decode_tokens),
             "-npl", ",".join(map(str, batches)), "--output-format", "jsonl", *no_repack],
            work / f"{name}.batched-bench.log", timeout)
        decode = parse_batched_bench(text)
        lengths = list(dict.fromkeys([prompt_tokens_image_text, prompt_tokens_text]))
        text, _ = _run([str(tools["llama-bench"]), "-m", str(text_gguf), "-t", str(threads),
                        "-p", ",".join(map(str, lengths)), "-n", "0", "-r", "1", "-o", "json",
                        *bench_no_repack],
                       work / f"{name}.llama-bench.log", timeout)
        prefill = parse_llama_bench(text)
        # -lv 4: llama's own timings (llama_perf) are logged at trace level. At 0c1e57098 the
        # tool now and then exits before its logger has written the last lines (rc 0, the
        # timings lost): such a run is tried again, at most MTMD_TRIES times in all.
        for tries in range(1, MTMD_TRIES + 1):
            text, mtmd_mem = _run(
                [str(tools["llama-mtmd-cli"]), "-m", str(text_gguf), "--mmproj", str(mmproj),
                 "--image", str(image), "-p", f"{MARKER}\n{prompt}", "-n", "1", "-t",
                 str(threads), "--temp", "0", "-c", str(prompt_tokens_image_text + 64),
                 "-lv", "4", *no_repack],
                work / f"{name}.mtmd-cli.log", timeout)
            try:
                return decode, batched_mem, prefill, mtmd_mem, parse_mtmd(text), tries
            except ValueError as e:
                if tries == MTMD_TRIES:
                    raise ValueError(f"{e} in {tries} runs (log {work / f'{name}.mtmd-cli.log'})")
                _log(f"  llama-mtmd-cli: {e}; again")
        raise AssertionError("unreachable")

    repack_off = None
    try:
        try:
            decode, batched_mem, prefill, mtmd_mem, mtmd, tries = measure(repack=True)
        except Killed as e:
            # A build for this CPU whose repacked kernels die on it (seen: SIGILL in Q8_0 and
            # Q4_0 on a Sapphire Rapids VM that lists AMX; F32 and BF16 ran): the row once
            # more with the weights as stored, and the row says so.
            repack_off = f"weight repacking off (--no-repack): with it, {e}"
            _log(f"  {name}: {e}; again with weight repacking off")
            decode, batched_mem, prefill, mtmd_mem, mtmd, tries = measure(repack=False)
    except (RuntimeError, ValueError, KeyError, json.JSONDecodeError) as e:
        why = f"{e}" + (f" (after {repack_off})" if repack_off else "")
        return {"error": f"unavailable: {why}", "wall_seconds": time.perf_counter() - t0}
    got = sorted(decode)
    if got != sorted(batches):
        return {"error": f"unavailable: llama-batched-bench gave batches {got}, not {batches}"}
    if prompt_tokens_text not in prefill or prompt_tokens_image_text not in prefill:
        return {"error": f"unavailable: llama-bench gave lengths {sorted(prefill)}"}
    # The largest VmHWM of the batch-8 decode and the image request (llama.cpp runs in one
    # process: no children).
    own = max((p["self"] for p in map(rss_trace.peaks, (batched_mem, mtmd_mem)) if p),
              default=0.0)
    peaks = {"self": own, "children": 0.0, "total": own, "source": "VmHWM (rss_trace)"}
    image_text_s = mtmd["ttft_seconds"]
    row = {
        "system": SYSTEM, "backend": SYSTEM, "backend_name": f"llama.cpp {commit} {fmt}",
        "format": fmt, "weights_class": FORMAT_CLASS[fmt], "commit": commit,
        "file_bytes": {"text": text_gguf.stat().st_size, "mmproj": mmproj.stat().st_size},
        "files": {"text": str(text_gguf), "mmproj": str(mmproj)},
        "dtype": FORMAT_DTYPE[fmt], "weights_dtype": FORMAT_DTYPE[fmt], "weights": fmt,
        "threads": threads, "context_capacity": context,
        "decode_tokens": decode_tokens,
        "decode": [decode[b] for b in batches],
        "prompt_tokens_text": prompt_tokens_text,
        # The token count llama.cpp itself evaluated for the image request (mtmd's tokenizer and
        # image tokens), to compare with the vlmxla rows'.
        "prompt_tokens_image_text": mtmd["prompt_tokens"],
        "prompt_tokens_image_text_vlmxla": prompt_tokens_image_text,
        "image_tokens": mtmd["image_tokens"],
        "ttft_image_text_seconds": image_text_s,
        "prefill_seconds_image_text": image_text_s,
        "prefill_tokens_per_second": mtmd["prompt_tokens"] / image_text_s,
        "image_encode_seconds": mtmd["image_encode_seconds"],
        "mtmd_tries": tries,
        "repack": repack_off is None,
        **({"repack_off_why": repack_off} if repack_off else {}),
        "prompt_eval_seconds_image_text": mtmd["prompt_eval_seconds"],
        "decoder_prefill_tokens_per_second": {str(n): p["tokens_per_second"]
                                              for n, p in prefill.items()},
        "ttft_text_seconds": prompt_tokens_text / prefill[prompt_tokens_text]["tokens_per_second"],
        "peak_rss_mib": peaks,
        # Not "rss_trace": that key's peak would replace peak_rss_mib on --rederive with one
        # run's, and this row's peak is the larger of two runs'.
        "rss_traces": {"batched_bench": batched_mem, "mtmd_cli": mtmd_mem},
        "wall_seconds": time.perf_counter() - t0,
    }
    row["images"] = {label: {"image": str(image),
                             **{k: row[k] for k in ("ttft_image_text_seconds",
                                                    "prompt_tokens_image_text",
                                                    "prefill_seconds_image_text",
                                                    "prefill_tokens_per_second")}}}
    return row


def run_all(llamacpp: pathlib.Path, model_dirs: dict[str, pathlib.Path], formats: list[str],
            **kwargs) -> tuple[dict, dict, dict]:
    """(rows {name: row}, unavailable {name: "unavailable: why"}, info {"dir", "commit",
    "files"}): every format converted (once) and run."""
    tools = find_tools(llamacpp)
    commit = commit_of(tools)
    _log(f"llama.cpp at {llamacpp}, commit {commit}, formats {', '.join(formats)}")
    missing = [str(v) for k, v in tools.items()
               if k != "llama-quantize" and not isinstance(v, pathlib.Path)]
    if missing:  # nothing would run: no conversion either
        why = "unavailable: " + "; ".join(missing)
        files = {"mmproj": why, **{f: why for f in formats}}
    else:
        try:
            files = convert(model_dirs, formats, llamacpp, tools, commit)
        except OSError as e:  # the cache unwritable, the disk full: the vlmxla rows still stand
            why = f"unavailable: converting into the cache: {e}"
            files = {"mmproj": why, **{f: why for f in formats}}
    rows, unavailable = {}, {}
    for fmt in formats:
        name = row_name(fmt)
        text_gguf, mmproj = files.get(fmt), files.get("mmproj")
        if not isinstance(text_gguf, pathlib.Path):
            r = {"error": str(text_gguf)}
        elif not isinstance(mmproj, pathlib.Path):
            r = {"error": str(mmproj)}
        else:
            _log(f"llama.cpp {fmt}: batched-bench, llama-bench, mtmd-cli")
            r = run_format(fmt, text_gguf, mmproj, tools, commit, **kwargs)
        if "error" in r:
            unavailable[name] = r["error"]
            _log(f"  {loud(name, r['error'])}")
        else:
            rows[name] = r
            _log("  ok")
    info = {"dir": str(llamacpp), "commit": commit,
            "tools": {k: str(v) for k, v in tools.items()},
            "files": {k: str(v) for k, v in files.items()}}
    return rows, unavailable, info
