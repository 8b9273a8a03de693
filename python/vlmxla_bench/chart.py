"""The results as one PNG (Pillow): a panel per figure, a bar per system, the roofline dashed.
A backend keeps its hue in every dtype (float32 full, bfloat16 lighter, float16 lightest); each
row's roofline is its own (its dtype's bytes and matmul ceiling), drawn as a tick over its bar."""

from __future__ import annotations

import pathlib

from PIL import Image, ImageDraw, ImageFont

COLORS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189)]
LIGHTEN = {"float32": 0.0, "bfloat16": 0.4, "float16": 0.65}
PANEL_H, MARGIN = 330, 20


def _panel_width(n: int) -> int:
    return max(300, 40 + 64 * n)


def _colors(results: dict) -> list[tuple[int, int, int]]:
    """One colour per system: its backend's hue, lightened by its compute dtype."""
    backends: list[str] = []
    out = []
    for s in results["systems"].values():
        backend = s.get("backend", "")
        if backend not in backends:
            backends.append(backend)
        base = COLORS[backends.index(backend) % len(COLORS)]
        f = LIGHTEN.get(s.get("dtype", "float32"), 0.0)
        out.append(tuple(int(c + (255 - c) * f) for c in base))
    return out


def _font(size: int):
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def _panels(results: dict) -> list[dict]:
    systems, summary = results["systems"], results["summary"]
    names = list(systems)
    labels = list(systems[names[0]].get("images") or {})
    if len(labels) > 1:  # a TTFT panel per image (0: that image's run failed)
        panels = [{
            "title": f"TTFT {k} image+text (s, lower is better)",
            "values": [systems[n]["images"].get(k, {}).get("ttft_image_text_seconds", 0.0)
                       for n in names],
            "roof": None,
        } for k in labels]
    else:
        panels = [{
            "title": "TTFT image+text (s, lower is better)",
            "values": [systems[n]["ttft_image_text_seconds"] for n in names],
            "roof": None,
        }]
    panels += [{
        "title": "prefill tok/s (image+text prompt)" + (f", {labels[0]}" if len(labels) > 1
                                                         else ""),
        "values": [systems[n]["prefill_tokens_per_second"] for n in names],
        "roofs": [results["costs"]["prefill_tokens_image_text"]
                  / summary[n]["prefill_ideal_seconds"] for n in names],
    }]
    panels[-1]["fractions"] = [summary[n]["prefill_roofline_fraction"] for n in names]
    for i, d in enumerate(systems[names[0]]["decode"]):
        b = str(d["batch"])
        panels.append({
            "title": f"decode tok/s, batch {b}",
            "values": [systems[n]["decode"][i]["tokens_per_second"] for n in names],
            "roofs": [summary[n]["decode_roofline_tokens_per_second_by_batch"][b] for n in names],
            "fractions": [summary[n]["decode_roofline_fraction_by_batch"][b] for n in names],
        })
    panels.append({
        "title": "peak memory (GiB RSS, lower is better)",
        "values": [systems[n]["peak_rss_mib"]["total"] / 1024 for n in names],
        "roof": None,
    })
    return panels


def write_chart(results: dict, path: pathlib.Path) -> pathlib.Path:
    panels = _panels(results)
    names = list(results["systems"])
    colors = _colors(results)
    PANEL_W = _panel_width(len(names))
    cols = 3
    rows = (len(panels) + cols - 1) // cols
    width = cols * PANEL_W + (cols + 1) * MARGIN
    height = 70 + rows * (PANEL_H + MARGIN) + 30 * len(names) + MARGIN
    img = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(img)
    title, small, tiny = _font(20), _font(14), _font(12)
    m = results["machine"]
    draw.text((MARGIN, 10), f"vlmxla vs Transformers eager: {results['model']}", fill="black",
              font=title)
    draw.text((MARGIN, 38), f"{m['name']}, {m['threads']} threads, {results['date']}; red tick: "
              "each row's roofline (its dtype's bytes / copy bandwidth, or flops / its dtype's "
              "measured matmul rate); (%): fraction of it", fill=(80, 80, 80), font=small)
    for k, p in enumerate(panels):
        x0 = MARGIN + (k % cols) * (PANEL_W + MARGIN)
        y0 = 70 + (k // cols) * (PANEL_H + MARGIN)
        draw.rectangle([x0, y0, x0 + PANEL_W, y0 + PANEL_H], outline=(200, 200, 200))
        draw.text((x0 + 8, y0 + 6), p["title"], fill="black", font=small)
        roofs = p.get("roofs") or []
        top = max(p["values"] + roofs) * 1.15 or 1.0
        plot_top, plot_bottom = y0 + 40, y0 + PANEL_H - 20
        scale = (plot_bottom - plot_top) / top
        bar_w = (PANEL_W - 40) // max(1, len(p["values"]))
        for i, v in enumerate(p["values"]):
            bx = x0 + 20 + i * bar_w
            by = plot_bottom - v * scale
            draw.rectangle([bx + 6, by, bx + bar_w - 6, plot_bottom], fill=colors[i])
            label = f"{v:.3g}"
            if "fractions" in p:
                label += f"\n({p['fractions'][i]:.0%})"
            draw.multiline_text((bx + 4, max(plot_top - 14, by - 30)), label, fill="black",
                                font=tiny)
            if roofs:
                ry = plot_bottom - roofs[i] * scale
                draw.line([bx + 2, ry, bx + bar_w - 2, ry], fill=(200, 0, 0), width=2)
        draw.line([x0 + 10, plot_bottom, x0 + PANEL_W - 10, plot_bottom], fill="black")
    ly = 70 + rows * (PANEL_H + MARGIN)
    for i, n in enumerate(names):
        draw.rectangle([MARGIN, ly + 30 * i + 4, MARGIN + 18, ly + 30 * i + 22],
                       fill=colors[i])
        draw.text((MARGIN + 26, ly + 30 * i + 4), f"{n}: {results['systems'][n]['backend_name']}",
                  fill="black", font=small)
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, format="PNG", optimize=True)
    return path


if __name__ == "__main__":
    import json
    import sys

    # Redraws the chart of a results file: python -m vlmxla_bench.chart RESULTS.json
    src = pathlib.Path(sys.argv[1])
    print(write_chart(json.loads(src.read_text(encoding="utf-8")), src.with_suffix(".png")))
