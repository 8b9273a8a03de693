"""The results as one PNG (Pillow): a panel per figure, a bar per system, the roofline dashed."""

from __future__ import annotations

import pathlib

from PIL import Image, ImageDraw, ImageFont

COLORS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189)]
PANEL_W, PANEL_H, MARGIN = 300, 330, 20


def _font(size: int):
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def _panels(results: dict) -> list[dict]:
    systems, summary = results["systems"], results["summary"]
    names = list(systems)
    panels = [{
        "title": "TTFT image+text (s, lower is better)",
        "values": [systems[n]["ttft_image_text_seconds"] for n in names],
        "roof": None,
    }, {
        "title": "prefill tok/s (image+text prompt)",
        "values": [systems[n]["prefill_tokens_per_second"] for n in names],
        "roof": (results["costs"]["prefill_tokens_image_text"]
                 / next(iter(summary.values()))["prefill_ideal_seconds"]),
    }]
    panels[1]["fractions"] = [summary[n]["prefill_roofline_fraction"] for n in names]
    for i, d in enumerate(systems[names[0]]["decode"]):
        b = str(d["batch"])
        panels.append({
            "title": f"decode tok/s, batch {b}",
            "values": [systems[n]["decode"][i]["tokens_per_second"] for n in names],
            "roof": next(iter(summary.values()))["decode_roofline_tokens_per_second_by_batch"][b],
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
    draw.text((MARGIN, 38), f"{m['name']}, {m['threads']} threads, float32, {results['date']}; "
              "dashed red: roofline (measured matmul rate / copy bandwidth); (%): fraction of it", fill=(80, 80, 80),
              font=small)
    for k, p in enumerate(panels):
        x0 = MARGIN + (k % cols) * (PANEL_W + MARGIN)
        y0 = 70 + (k // cols) * (PANEL_H + MARGIN)
        draw.rectangle([x0, y0, x0 + PANEL_W, y0 + PANEL_H], outline=(200, 200, 200))
        draw.text((x0 + 8, y0 + 6), p["title"], fill="black", font=small)
        top = max(p["values"] + ([p["roof"]] if p["roof"] else [])) * 1.15 or 1.0
        plot_top, plot_bottom = y0 + 40, y0 + PANEL_H - 20
        scale = (plot_bottom - plot_top) / top
        bar_w = (PANEL_W - 40) // max(1, len(p["values"]))
        for i, v in enumerate(p["values"]):
            bx = x0 + 20 + i * bar_w
            by = plot_bottom - v * scale
            draw.rectangle([bx + 6, by, bx + bar_w - 6, plot_bottom], fill=COLORS[i % len(COLORS)])
            label = f"{v:.3g}"
            if "fractions" in p:
                label += f" ({p['fractions'][i]:.0%})"
            draw.text((bx + 4, max(plot_top - 14, by - 16)), label, fill="black", font=tiny)
        draw.line([x0 + 10, plot_bottom, x0 + PANEL_W - 10, plot_bottom], fill="black")
        if p["roof"]:
            ry = plot_bottom - p["roof"] * scale
            for sx in range(x0 + 10, x0 + PANEL_W - 10, 12):
                draw.line([sx, ry, sx + 6, ry], fill=(200, 0, 0), width=2)
            draw.text((x0 + PANEL_W - 110, ry - 16), f"roofline {p['roof']:.3g}",
                      fill=(200, 0, 0), font=tiny)
    ly = 70 + rows * (PANEL_H + MARGIN)
    for i, n in enumerate(names):
        draw.rectangle([MARGIN, ly + 30 * i + 4, MARGIN + 18, ly + 30 * i + 22],
                       fill=COLORS[i % len(COLORS)])
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
