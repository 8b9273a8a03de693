"""Transformers eager (attn_implementation="eager", float32 or bfloat16: the checkpoint stored in
that dtype, loaded with from_pretrained(dtype=...)) on the same inputs and by the same definitions
as `vlmxla bench` (see src/vlmxla/cli/cmd_bench.cc), for a LLaVA or a Qwen2-VL / Qwen2.5-VL
checkpoint, a LLaVA-OneVision one, with one image or several (a TTFT each; the first is the primary one):

  ttft: processor (chat template, tokenizer, image resize/normalize) + prefill forward + argmax;
        image file decoding excluded (the image is opened before the clock starts).
  prefill tok/s: prompt tokens (image tokens included) / the prefill forward of the image request.
  decode tok/s at batch N: N copies of the text prompt prefilled together, then a manual greedy
        loop with past_key_values; tokens sampled in the loop / its time.
"""

from __future__ import annotations

import pathlib
import resource
import time

DEFAULT_PROMPT = "Describe the image."


def _stage(text: str) -> None:
    """A progress line on stderr (the driver tags its memory samples with the last one)."""
    import sys

    print(f"[transformers] {text}", file=sys.stderr, flush=True)


def _messages(prompt: str, with_image: bool) -> list[dict]:
    content = ([{"type": "image"}] if with_image else []) + [{"type": "text", "text": prompt}]
    return [{"role": "user", "content": content}]


def _images_arg(text: str) -> list[tuple[str, pathlib.Path]]:
    """`LABEL=PATH[,LABEL=PATH...]`, or one PATH (labelled "image")."""
    out = []
    for item in text.split(","):
        label, sep, path = item.partition("=")
        out.append((label, pathlib.Path(path)) if sep else ("image", pathlib.Path(item)))
    return out


def preparation(model_dir: pathlib.Path):
    """(model_type, inputs(prompt, image or None) -> model inputs) for the checkpoint, as the
    oracle prepares it: a Qwen2-VL / Qwen2.5-VL one through qwen.py (Transformers' image
    processor, tokenizer and chat template), a LLaVA-like one (LLaVA, LLaVA-OneVision) through
    its processor (capture.load_processor), its images nested per prompt where the family's
    processor reads a flat list as one image per sample (NESTED_IMAGES)."""
    import json

    from vlmxla_oracle import families, qwen
    from vlmxla_oracle.capture import load_processor

    kind = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))["model_type"]
    if kind in qwen.MODEL_TYPES:
        processing = qwen.load_processing(model_dir)

        def inputs(prompt: str, image) -> dict:
            text = qwen.render(processing, _messages(prompt, image is not None))
            return qwen.prepare(processing, text, [image] if image is not None else [])
    else:
        processor = load_processor(model_dir)
        nested = getattr(families.for_model_type(kind), "NESTED_IMAGES", False)

        def inputs(prompt: str, image) -> dict:
            text = processor.apply_chat_template(_messages(prompt, image is not None),
                                                 add_generation_prompt=True, tokenize=False)
            images = None if image is None else [[image]] if nested else [image]
            return dict(processor(images=images, text=text, return_tensors="pt"))
    return kind, inputs


def image_token_id(model_dir: pathlib.Path) -> int:
    """The id of the token each image feature takes (config.json: image_token_index for LLaVA,
    image_token_id for Qwen2-VL)."""
    import json

    cfg = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    return int(cfg["image_token_id"] if "image_token_id" in cfg else cfg["image_token_index"])


def _load(model_dir: pathlib.Path, dtype: str):
    """(model, inputs(prompt, image or None) -> model inputs, reset()): the model class is the
    fixture builder's for the checkpoint's kind (fixtures._model_class). reset() forgets the rope
    deltas a Qwen model keeps from its last multimodal prefill, so a text request after an image
    one decodes at its own positions."""
    import torch
    from vlmxla_oracle import families, fixtures

    kind, inputs = preparation(model_dir)
    model = fixtures._model_class(families.kind_of(kind)).from_pretrained(
        str(model_dir), dtype=getattr(torch, dtype), attn_implementation="eager").eval()

    def reset() -> None:
        if hasattr(model.model, "rope_deltas"):
            model.model.rope_deltas = None
    return model, inputs, reset


def measure(model_dir: pathlib.Path, image_paths, prompt: str, threads: int,
            decode_tokens: int, batches: list[int], dtype: str = "float32") -> dict:
    """`image_paths`: one path, or [(label, path), ...]: a TTFT per image (the first is the
    primary one, reported under the keys a one-image run has always had)."""
    import torch
    from PIL import Image

    if isinstance(image_paths, (str, pathlib.Path)):
        image_paths = [("image", pathlib.Path(image_paths))]
    torch.set_num_threads(threads)
    _stage(f"loading {model_dir} in {dtype}")
    t0 = time.perf_counter()
    model, make_inputs, reset = _load(pathlib.Path(model_dir), dtype)
    weights_dtype = str(next(model.parameters()).dtype).removeprefix("torch.")
    image_token = image_token_id(pathlib.Path(model_dir))
    load_seconds = time.perf_counter() - t0
    pictures = []
    for label, path in image_paths:
        with Image.open(path) as im:
            image = im.copy()
            image.load()
        pictures.append((label, path, image))

    def first_token(image) -> dict:
        reset()
        t_start = time.perf_counter()
        inputs = make_inputs(prompt, image)
        if image is not None:  # the processor's float32 pixels in the model's dtype, as pipelines do
            inputs["pixel_values"] = inputs["pixel_values"].to(model.dtype)
        t_forward = time.perf_counter()
        with torch.no_grad():
            out = model(**inputs, use_cache=True)
            out.logits[0, -1].argmax()
        t_end = time.perf_counter()
        return {"ttft": t_end - t_start, "prefill": t_end - t_forward,
                "tokens": int(inputs["input_ids"].shape[1]),
                "image_tokens": int((inputs["input_ids"] == image_token).sum())}

    # Warm-up: first-call allocations, as vlmxla's warm-up compiles (both in this order).
    for label, _, image in pictures:
        _stage(f"warm-up: image {label}")
        first_token(image)
    _stage("warm-up: text only")
    first_token(None)
    by_image = {}
    for label, path, image in pictures:
        _stage(f"measuring time to first token: image {label}")
        r = first_token(image)
        by_image[label] = {"image": str(path), "image_size": list(image.size),
                           "ttft_image_text_seconds": r["ttft"],
                           "prompt_tokens_image_text": r["tokens"],
                           "image_tokens": r["image_tokens"],
                           "prefill_seconds_image_text": r["prefill"],
                           "prefill_tokens_per_second": r["tokens"] / r["prefill"]}
    _stage("measuring time to first token: text only")
    txt = first_token(None)
    img = by_image[pictures[0][0]]

    decode = []
    for batch in batches:
        _stage(f"measuring decode at batch {batch}")
        reset()
        inputs = make_inputs(prompt, None)
        inputs = {k: v.repeat(batch, 1) for k, v in inputs.items()}
        with torch.no_grad():
            out = model(**inputs, use_cache=True)
            past = out.past_key_values
            token = out.logits[:, -1].argmax(-1, keepdim=True)
            mask = inputs["attention_mask"]
            t_start = time.perf_counter()
            for _ in range(decode_tokens):
                mask = torch.cat([mask, torch.ones_like(token)], dim=1)
                out = model(input_ids=token, attention_mask=mask, past_key_values=past,
                            use_cache=True)
                past = out.past_key_values
                token = out.logits[:, -1].argmax(-1, keepdim=True)
            seconds = time.perf_counter() - t_start
        decode.append({"batch": batch, "tokens": batch * decode_tokens, "seconds": seconds,
                       "tokens_per_second": batch * decode_tokens / seconds})
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return {
        "backend": "transformers-eager",
        "backend_name": f"transformers eager {dtype}, torch {torch.__version__}, "
                        f"{torch.get_num_threads()} threads",
        "dtype": dtype,
        "weights_dtype": weights_dtype,
        "decode_tokens": decode_tokens,
        "load_seconds": load_seconds,
        "ttft_image_text_seconds": img["ttft_image_text_seconds"],
        "ttft_text_seconds": txt["ttft"],
        "prompt_tokens_image_text": img["prompt_tokens_image_text"],
        "prompt_tokens_text": txt["tokens"],
        "prefill_seconds_image_text": img["prefill_seconds_image_text"],
        "prefill_seconds_text": txt["prefill"],
        "prefill_tokens_per_second": img["prefill_tokens_per_second"],
        "images": by_image,
        "decode": decode,
        "peak_rss_mib": {"self": rss, "children": 0.0, "total": rss},
    }


if __name__ == "__main__":
    import json
    import sys

    # model_dir image|LABEL=IMAGE[,LABEL=IMAGE...] threads decode_tokens batches [prompt [dtype]]
    prompt = sys.argv[6] if len(sys.argv) > 6 else DEFAULT_PROMPT
    print(json.dumps(measure(pathlib.Path(sys.argv[1]), _images_arg(sys.argv[2]), prompt,
                             int(sys.argv[3]), int(sys.argv[4]),
                             [int(b) for b in sys.argv[5].split(",")],
                             sys.argv[7] if len(sys.argv) > 7 else "float32"), indent=2))
