"""Memory over time of a running system: /proc/PID/status of the process and of its children
(the IREE runtime host), sampled while it runs, each sample tagged with the last progress line the
process had written to its log by then. The peak's stage and the kind of memory (anonymous heap vs
file pages of the checkpoint mmap vs shared memory: the IREE host's memfd) come from this.

Kept small for the results file: a sample is stored only when a figure moved by at least
`step_mib`, plus the samples where each process's RSS peaked.

Why VmHWM and not getrusage's ru_maxrss: Linux keeps ru_maxrss across fork and execve (the child
starts from the parent's high-water mark and exec records the old image's), so a system started by
a driver that is itself large (e.g. one that has just built the 3.6 GB checkpoint in-process)
reports the driver's peak, whatever it does. VmHWM belongs to the process's own address space,
which exec replaces: it is the system's own peak. `peaks` turns a trace into the results' peak
figures (the process's VmHWM + its children's, as ru_maxrss self + children was meant to be).
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import threading
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


def _name(pid: int) -> str:
    """A short name of a process: its program's base name, plus `-m MODULE` for Python."""
    try:
        argv = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return "?"
    argv = [a.decode(errors="replace") for a in argv if a]
    if not argv:
        return "?"
    name = pathlib.Path(argv[0]).name
    if "-m" in argv[1:-1]:
        name += " -m " + argv[argv.index("-m", 1) + 1]
    return name


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
    names: dict[str, str] = {}
    hwm: dict[str, float] = {}  # per process, over every sample (kept or not)
    while proc.poll() is None:
        pos, stage = _last_line(log, pos, stage)
        procs = {"self": _status(proc.pid)}
        for c in _children(proc.pid):
            # Read every time: right after fork the child still shows its parent's command line.
            # An exiting child has no command line ("?"): keep the name read before.
            name = _name(c)
            if name != "?" or f"child {c}" not in names:
                names[f"child {c}"] = name
            procs[f"child {c}"] = _status(c)
        procs = {k: v for k, v in procs.items() if v}
        for k, v in procs.items():
            hwm[k] = max(hwm.get(k, 0.0), v.get("VmHWM", v.get("VmRSS", 0.0)))
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
            "n_sampled": len(samples), "children_names": names,
            "max_vmhwm_mib": {k: round(v, 1) for k, v in hwm.items()}}


def run_traced(cmd: list[str], log: pathlib.Path, timeout: float, **popen) -> tuple[
        subprocess.Popen, dict, float]:
    """Runs `cmd` (Popen keywords: its stdout, stderr, env; `log` is the file its progress lines
    go to) under `trace`, killed after `timeout` seconds. (the finished process, its trace, the
    wall seconds): a wall of `timeout` or more means it was killed."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, text=True, **popen)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    try:
        memory = trace(proc, log)
    finally:
        timer.cancel()
        proc.wait()
    return proc, memory, time.perf_counter() - t0


HOST_MODULE = "vlmxla_iree.host"


def peaks(memory: dict) -> dict | None:
    """{"self", "children", "total"} MiB: the largest VmHWM seen of the process and of its
    runtime host(s) (the IREE host, a long-lived child: `python -m vlmxla_iree.host`), summed as
    separate address spaces. Other children (iree-compile runs, each short-lived) are not part of
    the total; the largest of them is given as "other_children_max". In traces from before child
    names were recorded, or with a child whose name was never read and none named as the host, the
    child with the largest VmHWM is taken as the host. Pages both
    processes map (the host's shared tensor region) are in both VmHWMs, as in getrusage's.
    None without samples."""
    samples = memory.get("samples") or []
    if not samples:
        return None
    maxima = dict(memory.get("max_vmhwm_mib") or {})
    if not maxima:  # a trace from before the maxima were kept: its stored samples only
        for s in samples:
            for name, v in s["processes"].items():
                maxima[name] = max(maxima.get(name, 0.0), v.get("VmHWM", v.get("VmRSS", 0.0)))
    own = maxima.pop("self", 0.0)
    kids = maxima
    names = memory.get("children_names") or {}
    hosts = {k: v for k, v in kids.items() if HOST_MODULE in names.get(k, "")}
    if not hosts and any(names.get(k, "?") == "?" for k in kids):
        # No child named as the host, and one whose name is unknown (a trace from before names
        # were recorded, or a host whose name was never read): the largest child is the host.
        top = max(kids, key=kids.get)
        hosts = {top: kids[top]}
    others = [v for k, v in kids.items() if k not in hosts]
    return {"self": own, "children": sum(hosts.values()), "total": own + sum(hosts.values()),
            "other_children_max": max(others, default=0.0)}


def use_traced_peaks(system: dict) -> None:
    """Makes a system's peak_rss_mib its traced VmHWM peak, keeping the process's own
    getrusage figure as peak_rss_mib_getrusage."""
    traced = peaks(system.get("rss_trace") or {})
    if traced is None:
        return
    if "peak_rss_mib_getrusage" not in system:
        system["peak_rss_mib_getrusage"] = system["peak_rss_mib"]
    system["peak_rss_mib"] = {**traced, "source": "VmHWM (rss_trace)"}


if __name__ == "__main__":
    import json
    import sys

    # python -m vlmxla_bench.rss_trace LOG -- CMD...: runs CMD (stderr to LOG), prints the trace.
    log_path = pathlib.Path(sys.argv[1])
    cmd = sys.argv[sys.argv.index("--") + 1:]
    with log_path.open("w") as err:
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=os.environ)
        print(json.dumps(trace(p, log_path), indent=1))
