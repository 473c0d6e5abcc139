"""Episodes: the schema, seed authoring format, validation, assembly, rendering and the bank.

Names are imported on first use (PEP 562), so importing a light submodule such as
:mod:`carebench.episodes.schema` does not load the YAML reader and the validation rules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# public name -> the submodule that defines it
_LAZY = {
    "load_bank": "carebench.episodes.bank",
    "manifest": "carebench.episodes.bank",
    "validate_paths": "carebench.episodes.bank",
    "write_bank": "carebench.episodes.bank",
    "render_transcript": "carebench.episodes.render",
    "strip_headers": "carebench.episodes.render",
    "Action": "carebench.episodes.schema",
    "Annotations": "carebench.episodes.schema",
    "Block": "carebench.episodes.schema",
    "BlockKind": "carebench.episodes.schema",
    "Episode": "carebench.episodes.schema",
    "ReferenceDecision": "carebench.episodes.schema",
    "Split": "carebench.episodes.schema",
    "TaskClass": "carebench.episodes.schema",
    "Variant": "carebench.episodes.schema",
    "Seed": "carebench.episodes.seed",
}

if TYPE_CHECKING:
    from carebench.episodes.bank import load_bank, manifest, validate_paths, write_bank
    from carebench.episodes.render import render_transcript, strip_headers
    from carebench.episodes.schema import (
        Action,
        Annotations,
        Block,
        BlockKind,
        Episode,
        ReferenceDecision,
        Split,
        TaskClass,
        Variant,
    )
    from carebench.episodes.seed import Seed


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'carebench.episodes' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "Action",
    "Annotations",
    "Block",
    "BlockKind",
    "Episode",
    "ReferenceDecision",
    "Seed",
    "Split",
    "TaskClass",
    "Variant",
    "load_bank",
    "manifest",
    "render_transcript",
    "strip_headers",
    "validate_paths",
    "write_bank",
]
