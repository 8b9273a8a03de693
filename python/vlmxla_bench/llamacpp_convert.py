"""The bench checkpoint in llama.cpp's formats, in a child process (`python -m
vlmxla_bench.llamacpp_convert ...`, started by llamacpp.py): nothing here is imported by the driver,
which must stay small, and llama.cpp's own Python (its converter, its `gguf` package) is imported
from the llama.cpp checkout given, never installed.

  decoder SRC OUT            the decoder of a LLaVA checkpoint whose text model is Qwen2 as a
                             standalone Qwen2ForCausalLM directory (config from text_config, the
                             `language_model.*` tensors renamed, the head tied as in the VLM), with
                             the tokenizer and a chat template that takes string content
  gguf LLAMACPP SRC OUT TYPE convert_hf_to_gguf.py on a decoder directory (`--outtype TYPE`), with
                             its two snags on our tiny-trained tokenizers worked around from outside
                             (the pre-tokenizer hash it does not know is read as `qwen2`, whose
                             split regex ours is; the Qwen converter's sentencepiece attempt, which
                             fails to import here, is skipped for the byte-level BPE path it falls
                             back to)
  mmproj LLAMACPP SRC OUT    the SigLIP tower and the projector as llama.cpp's LLaVA (`mlp`)
                             image encoder, written with llama.cpp's gguf writer (matrices in F16,
                             the rest F32): every tower layer (vision_feature_layer -1, strategy
                             full), no post-layernorm, tanh GELU in the tower (gelu_pytorch_tanh)
"""

from __future__ import annotations

import json
import pathlib
import shutil
import sys

# A chat template over string content that renders what the checkpoint's own template renders
# for one user message [image, text] once mtmd-cli's image marker and a newline lead the text:
# "<|im_start|>user\n<image>\nTEXT<|im_end|>\n<|im_start|>assistant\n". (The checkpoint's template
# iterates a content list, so it renders nothing of a string.)
CHATML = ("{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\n' + "
          "message['content'] + '<|im_end|>\n' }}{% endfor %}"
          "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}")
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                   "vocab.json", "merges.txt")
# Where a LLaVA checkpoint keeps each part, in the layout save_pretrained writes (first) and in
# Transformers 5's module layout.
PREFIXES = {
    "text": ("language_model.model.", "model.language_model."),
    "head": ("language_model.lm_head.", "lm_head."),
    "vision": ("vision_tower.vision_model.", "vision_tower.", "model.vision_tower.vision_model.",
               "model.vision_tower."),
    "projector": ("multi_modal_projector.", "model.multi_modal_projector."),
}


def _config(src: pathlib.Path) -> dict:
    return json.loads((src / "config.json").read_text(encoding="utf-8"))


def _check_supported(cfg: dict) -> None:
    """A LLaVA checkpoint with a Qwen2 decoder, a SigLIP tower and the two-layer MLP projector:
    what this converter writes. Anything else is refused by name."""
    text = cfg.get("text_config", {}).get("model_type")
    vision = cfg.get("vision_config", {}).get("model_type")
    if cfg.get("model_type") != "llava" or text != "qwen2" or vision != "siglip_vision_model":
        raise ValueError(f"llama.cpp conversion takes a llava checkpoint with a qwen2 decoder and "
                         f"a siglip tower; this one is {cfg.get('model_type')!r} with "
                         f"{text!r} and {vision!r}")
    if cfg.get("vision_feature_layer", -1) != -1 or \
            cfg.get("vision_feature_select_strategy", "full") != "full":
        raise ValueError("llama.cpp conversion takes vision_feature_layer -1 with strategy full; "
                         f"this checkpoint has {cfg.get('vision_feature_layer')!r} / "
                         f"{cfg.get('vision_feature_select_strategy')!r}")


def _tensors(src: pathlib.Path, part: str) -> dict:
    """{name without the part's prefix: tensor} of one part of the checkpoint (only that part's
    tensors are read from the safetensors files)."""
    from safetensors import safe_open

    out = {}
    files = sorted(src.glob("*.safetensors"))
    if not files:
        raise FileNotFoundError(f"{src}: no *.safetensors")
    for f in files:
        with safe_open(str(f), framework="pt") as st:
            for key in st.keys():  # noqa: SIM118 (safe_open is not iterable)
                # "vision_tower." also prefixes "vision_tower.vision_model.": the longest counts.
                prefix = max((p for p in PREFIXES[part] if key.startswith(p)), key=len,
                             default=None)
                if prefix is not None:
                    out[key[len(prefix):]] = st.get_tensor(key)
    if not out:
        raise ValueError(f"{src}: no {part} tensors (looked for {', '.join(PREFIXES[part])})")
    return out


def write_decoder(src: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    """The decoder of `src` as a Qwen2ForCausalLM directory at `out` (see the module's doc)."""
    from safetensors.torch import save_file

    cfg = _config(src)
    _check_supported(cfg)
    text_cfg = dict(cfg["text_config"])
    tied = bool(cfg.get("tie_word_embeddings", text_cfg.get("tie_word_embeddings", False)))
    text_cfg.update({"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2",
                     "tie_word_embeddings": tied,
                     "dtype": text_cfg.get("dtype") or cfg.get("dtype", "float32")})
    weights = {f"model.{k}": v.contiguous() for k, v in _tensors(src, "text").items()}
    if not tied:
        weights.update({f"lm_head.{k}": v.contiguous()
                        for k, v in _tensors(src, "head").items()})
    out.mkdir(parents=True, exist_ok=True)
    save_file(weights, str(out / "model.safetensors"), metadata={"format": "pt"})
    (out / "config.json").write_text(json.dumps(text_cfg, indent=2) + "\n", encoding="utf-8")
    for name in TOKENIZER_FILES:
        if (src / name).is_file():
            shutil.copy2(src / name, out / name)
    tok_cfg_path = out / "tokenizer_config.json"
    if tok_cfg_path.is_file():  # the template below is the directory's only one
        tok_cfg = json.loads(tok_cfg_path.read_text(encoding="utf-8"))
        tok_cfg.pop("chat_template", None)
        tok_cfg_path.write_text(json.dumps(tok_cfg, indent=2) + "\n", encoding="utf-8")
    (out / "chat_template.jinja").write_text(CHATML, encoding="utf-8")
    return out


def _import_llamacpp(llamacpp: pathlib.Path) -> None:
    """llama.cpp's converter and its gguf-py, from the checkout (ahead of anything installed)."""
    sys.path[:0] = [str(llamacpp), str(llamacpp / "gguf-py")]


def convert_text(llamacpp: pathlib.Path, decoder: pathlib.Path, out: pathlib.Path,
                 outtype: str) -> None:
    """convert_hf_to_gguf.py DECODER --outtype OUTTYPE --outfile OUT, its tokenizer snags worked
    around (module doc)."""
    _import_llamacpp(llamacpp)
    import convert_hf_to_gguf
    from conversion import base, qwen

    known = base.TextModel.get_vocab_base_pre

    def vocab_base_pre(self, tokenizer) -> str:
        try:
            return known(self, tokenizer)
        except NotImplementedError:  # our tiny tokenizer's hash: its pre-tokenizer is Qwen2's
            return "qwen2"

    base.TextModel.get_vocab_base_pre = vocab_base_pre
    qwen.Qwen2Model.set_vocab = lambda self: self._set_vocab_gpt2()
    sys.argv = ["convert_hf_to_gguf.py", str(decoder), "--outtype", outtype.lower(),
                "--outfile", str(out)]
    convert_hf_to_gguf.main()


def write_mmproj(llamacpp: pathlib.Path, src: pathlib.Path, out: pathlib.Path) -> None:
    """The image encoder GGUF (module doc) at `out`."""
    import numpy as np

    _import_llamacpp(llamacpp)
    import gguf

    cfg = _config(src)
    _check_supported(cfg)
    vc = cfg["vision_config"]
    pre = json.loads((src / "preprocessor_config.json").read_text(encoding="utf-8"))
    if vc.get("hidden_act") != "gelu_pytorch_tanh":
        raise ValueError(f"llama.cpp's LLaVA encoder computes tanh GELU; this tower's "
                         f"hidden_act is {vc.get('hidden_act')!r}")
    n_layer = int(vc["num_hidden_layers"])
    w = gguf.GGUFWriter(str(out), arch="clip")
    w.add_bool("clip.has_text_encoder", False)
    w.add_bool("clip.has_vision_encoder", True)
    w.add_bool("clip.has_llava_projector", True)
    w.add_file_type(1)  # F16 (mostly)
    w.add_name(src.name)
    w.add_description("image encoder for LLaVA (vlmxla bench)")
    w.add_string("clip.projector_type", "mlp")
    w.add_uint32("clip.vision.image_size", int(vc["image_size"]))
    w.add_uint32("clip.vision.patch_size", int(vc["patch_size"]))
    w.add_uint32("clip.vision.embedding_length", int(vc["hidden_size"]))
    w.add_uint32("clip.vision.feed_forward_length", int(vc["intermediate_size"]))
    w.add_uint32("clip.vision.projection_dim", int(cfg["text_config"]["hidden_size"]))
    w.add_uint32("clip.vision.attention.head_count", int(vc["num_attention_heads"]))
    w.add_float32("clip.vision.attention.layer_norm_epsilon", float(vc["layer_norm_eps"]))
    w.add_uint32("clip.vision.block_count", n_layer)
    # The output of the last block (index n_layer among the hidden states): llama.cpp runs the
    # blocks up to the deepest feature layer, so every block runs.
    w.add_array("clip.vision.feature_layer", [n_layer])
    w.add_array("clip.vision.image_mean", [float(x) for x in pre["image_mean"]])
    w.add_array("clip.vision.image_std", [float(x) for x in pre["image_std"]])
    w.add_bool("clip.use_gelu", True)

    names = {"embeddings.patch_embedding": "v.patch_embd",
             "embeddings.position_embedding": "v.position_embd"}
    layer_parts = {"self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k",
                   "self_attn.v_proj": "attn_v", "self_attn.out_proj": "attn_out",
                   "layer_norm1": "ln1", "layer_norm2": "ln2", "mlp.fc1": "ffn_up",
                   "mlp.fc2": "ffn_down"}
    tensors = []
    for key, t in sorted(_tensors(src, "vision").items()):
        stem, _, kind = key.rpartition(".")
        if stem.startswith(("post_layernorm", "head")):
            continue  # vision_feature_layer -1 takes the last block's output, before these
        if stem in names:
            name = f"{names[stem]}.{kind}"
        elif stem.startswith("encoder.layers."):
            _, _, rest = stem.partition("encoder.layers.")
            index, _, part = rest.partition(".")
            if part not in layer_parts:
                raise ValueError(f"{src}: unexpected vision tensor {key}")
            name = f"v.blk.{index}.{layer_parts[part]}.{kind}"
        else:
            raise ValueError(f"{src}: unexpected vision tensor {key}")
        tensors.append((name, t))
    projector = {"linear_1": 0, "linear_2": 2}
    for key, t in sorted(_tensors(src, "projector").items()):
        stem, _, kind = key.rpartition(".")
        if stem not in projector:
            raise ValueError(f"{src}: unexpected projector tensor {key}")
        tensors.append((f"mm.{projector[stem]}.{kind}", t))
    for name, t in tensors:
        array = t.float().numpy()
        # Matrices and the patch convolution in F16 (the convolution must be), the rest F32.
        array = array.astype(np.float16 if array.ndim >= 2 else np.float32)
        w.add_tensor(name, array)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def main(argv: list[str]) -> int:
    what, args = argv[0], [pathlib.Path(a) for a in argv[1:]]
    if what == "decoder":
        write_decoder(args[0], args[1])
    elif what == "gguf":
        convert_text(args[0], args[1], args[2], argv[4])
    elif what == "mmproj":
        write_mmproj(args[0], args[1], args[2])
    else:
        raise SystemExit(f"unknown step {what!r}: decoder | gguf | mmproj")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
