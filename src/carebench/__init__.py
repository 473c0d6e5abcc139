"""carebench: measure whether healthcare LLM agents escalate safely inside clinical workflows.

The public API is small; everything else lives in private-by-convention submodules::

    import carebench
    episodes = carebench.load_bank(split="test")
    print(carebench.render_transcript(episodes[0]))
"""

from carebench.episodes import (
    Action,
    Episode,
    Seed,
    Split,
    TaskClass,
    Variant,
    load_bank,
    render_transcript,
)
from carebench.errors import BankValidationError, CarebenchError, ValidationIssue

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BankValidationError",
    "CarebenchError",
    "Episode",
    "Seed",
    "Split",
    "TaskClass",
    "ValidationIssue",
    "Variant",
    "__version__",
    "load_bank",
    "render_transcript",
]
