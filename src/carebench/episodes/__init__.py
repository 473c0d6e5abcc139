"""Episodes: the schema, seed authoring format, validation, assembly, rendering and the bank."""

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
