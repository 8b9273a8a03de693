"""Transformers eager (attn_implementation="eager", float32 or bfloat16: the checkpoint stored in
that dtype, loaded with from_pretrained(dtype=...)) on the same inputs and by the same definitions
as `vlmxla bench` (see src/vlmxla/cli/cmd_bench.cc):

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


def measure(model_dir: pathlib.Path, image_path: pathlib.Path, prompt: str, threads: int,
            decode_tokens: int, batches: list[int], dtype: str = "float32") -> dict:
    import torch
    from PIL import Image
    from transformers import LlavaForConditionalGeneration
    from vlmxla_oracle.capture import load_processor

    torch.set_num_threads(threads)
    _stage(f"loading {model_dir} in {dtype}")
    t0 = time.perf_counter()
    processor = load_processor(model_dir)
    model = LlavaForConditionalGeneration.from_pretrained(
        str(model_dir), dtype=getattr(torch, dtype), attn_implementation="eager"
    ).eval()
    weights_dtype = str(next(model.parameters()).dtype).removeprefix("torch.")
    load_seconds = time.perf_counter() - t0
    with Image.open(image_path) as im:
        image = im.copy()
        image.load()

    def first_token(with_image: bool) -> dict:
        t_start = time.perf_counter()
        text = processor.apply_chat_template(
            _messages(prompt, with_image), add_generation_prompt=True, tokenize=False
        )
        inputs = processor(images=[image] if with_image else None, text=text,
                           return_tensors="pt")
        if with_image:  # the processor's float32 pixels in the model's dtype, as pipelines do
            inputs["pixel_values"] = inputs["pixel_values"].to(model.dtype)
        t_forward = time.perf_counter()
        with torch.no_grad():
            out = model(**inputs, use_cache=True)
            out.logits[0, -1].argmax()
        t_end = time.perf_counter()
        return {"ttft": t_end - t_start, "prefill": t_end - t_forward,
                "tokens": int(inputs["input_ids"].shape[1])}

    _stage("warm-up")
    first_token(True)  # warm-up: first-call allocations, as vlmxla's warm-up compiles
    first_token(False)
    _stage("measuring time to first token")
    img = first_token(True)
    txt = first_token(False)

    text = processor.apply_chat_template(_messages(prompt, False), add_generation_prompt=True,
                                         tokenize=False)
    decode = []
    for batch in batches:
        _stage(f"measuring decode at batch {batch}")
        inputs = processor(text=[text] * batch, return_tensors="pt")
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
        "ttft_image_text_seconds": img["ttft"],
        "ttft_text_seconds": txt["ttft"],
        "prompt_tokens_image_text": img["tokens"],
        "prompt_tokens_text": txt["tokens"],
        "prefill_seconds_image_text": img["prefill"],
        "prefill_seconds_text": txt["prefill"],
        "prefill_tokens_per_second": img["tokens"] / img["prefill"],
        "decode": decode,
        "peak_rss_mib": {"self": rss, "children": 0.0, "total": rss},
    }


if __name__ == "__main__":
    import json
    import sys

    # model_dir image threads decode_tokens batches [prompt [dtype]]
    prompt = sys.argv[6] if len(sys.argv) > 6 else DEFAULT_PROMPT
    print(json.dumps(measure(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), prompt,
                             int(sys.argv[3]), int(sys.argv[4]),
                             [int(b) for b in sys.argv[5].split(",")],
                             sys.argv[7] if len(sys.argv) > 7 else "float32"), indent=2))
