"""Memory over time of a running system: /proc/PID/status of the process and of its children
(the IREE runtime host), sampled while it runs, each sample tagged with the last progress line the
process had written to its log by then. The peak's stage and the kind of memory (anonymous heap vs
file pages of the checkpoint mmap vs shared memory: the IREE host's memfd) come from this.

Kept small for the results file: a sample is stored only when a figure moved by at least
`step_mib`, plus the samples where each process's RSS peaked.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import time

FIELDS = ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem")


def _status(pid: int) -> dict[str, float] | None:
    """The FIELDS of /proc/PID/status in MiB (None once the process is gone)."""
    try:
        text = pathlib.Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    out = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key in FIELDS:
            out[key] = int(value.split()[0]) / 1024.0
    return out


def _children(pid: int) -> list[int]:
    out = []
    try:
        for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
            text = (task / "children").read_text().split()
            out += [int(c) for c in text]
    except OSError:
        pass
    return out


def _last_line(log: pathlib.Path, pos: int, last: str) -> tuple[int, str]:
    try:
        with log.open("rb") as f:
            f.seek(pos)
            chunk = f.read()
    except OSError:
        return pos, last
    lines = [ln.strip() for ln in chunk.decode(errors="replace").splitlines() if ln.strip()]
    if chunk and not chunk.endswith(b"\n") and lines:
        # A line still being written: keep its start for the next read.
        pos += len(chunk) - len(chunk.splitlines()[-1])
        lines = lines[:-1]
    else:
        pos += len(chunk)
    return pos, (lines[-1][:160] if lines else last)


def trace(proc: subprocess.Popen, log: pathlib.Path, interval: float = 0.2,
          step_mib: float = 64.0) -> dict:
    """Samples `proc` (and its children) until it exits. Returns {"samples": [...], "peak": {...}}:
    each sample has t (s since start), stage (the log's last line), and per process (self, child
    pids) the FIELDS in MiB; "peak" holds the sample with the largest total VmRSS."""
    t0 = time.perf_counter()
    samples, kept, last_kept = [], [], None
    pos, stage = 0, ""
    peak = None
    while proc.poll() is None:
        pos, stage = _last_line(log, pos, stage)
        procs = {"self": _status(proc.pid)}
        for c in _children(proc.pid):
            procs[f"child {c}"] = _status(c)
        procs = {k: v for k, v in procs.items() if v}
        if procs:
            total = sum(v.get("VmRSS", 0.0) for v in procs.values())
            sample = {"t": round(time.perf_counter() - t0, 2), "stage": stage,
                      "total_rss_mib": round(total, 1),
                      "processes": {k: {f: round(x, 1) for f, x in v.items()}
                                    for k, v in procs.items()}}
            samples.append(sample)
            if peak is None or total > peak["total_rss_mib"]:
                peak = sample
            if last_kept is None or abs(total - last_kept) >= step_mib:
                kept.append(sample)
                last_kept = total
        time.sleep(interval)
    if peak is not None and peak not in kept:
        kept.append(peak)
        kept.sort(key=lambda s: s["t"])
    return {"interval_seconds": interval, "step_mib": step_mib, "samples": kept, "peak": peak,
            "n_sampled": len(samples)}


if __name__ == "__main__":
    import json
    import sys

    # python -m vlmxla_bench.rss_trace LOG -- CMD...: runs CMD (stderr to LOG), prints the trace.
    log_path = pathlib.Path(sys.argv[1])
    cmd = sys.argv[sys.argv.index("--") + 1:]
    with log_path.open("w") as err:
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=os.environ)
        print(json.dumps(trace(p, log_path), indent=1))
