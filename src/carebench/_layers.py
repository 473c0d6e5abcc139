"""carebench's layers, highest first: a module may import only from layers below its own.

Siblings on one line (``a | b``) are independent: neither imports the other. The same order is the
import-linter contract in ``pyproject.toml`` (``make lint`` enforces it, imports inside functions
and under ``TYPE_CHECKING`` included; ``tests/test_layers.py`` checks that both lists agree), and
the bank cache key (:mod:`carebench.episodes.cache`) covers the source of every module at or below
:mod:`carebench.episodes`, the code a validated bank depends on.
"""

from __future__ import annotations

LAYERS: tuple[str, ...] = (
    "__main__",
    "cli",
    "demo",
    "interop | web | testing",
    "report",
    "interruptions",
    "runs",
    "protocol",
    "agents",
    "controller",
    "metrics | derived",
    "episodes",
    "store | registry",
    "errors | _version | _layers",
)

__all__ = ["LAYERS", "at_or_below"]


def at_or_below(layer: str) -> list[str]:
    """The module names (relative to ``carebench``) of ``layer`` and every layer under it."""
    names = [[n.strip() for n in line.split("|")] for line in LAYERS]
    index = next(i for i, group in enumerate(names) if layer in group)
    return [name for group in names[index:] for name in group]
