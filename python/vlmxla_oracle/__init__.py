"""The Hugging Face oracle: fixtures, cases, captures and their comparison."""

from . import isa as _isa

# Before anything here imports torch: a VLMXLA_MAX_ISA cap must reach torch's kernel dispatch.
_isa.apply()
