"""The canonical serialization of episodes, and the bank hash that identifies a bank.

One episode is one JSON line: sorted keys, compact separators, UTF-8 (no ASCII escaping), no
trailing newline. A bank's bytes are its episodes' lines in bank order, each ending in a newline;
its SHA-256 (:func:`bank_sha256`) is the ``episodes_sha256`` of the bank manifest and the
``bank_sha256`` of every run made on it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from carebench.episodes.schema import Episode


def episode_line(episode: Episode) -> str:
    """One episode as a canonical JSON line (sorted keys, compact, UTF-8, no trailing newline)."""
    return json.dumps(
        episode.model_dump(mode="json"), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )


def episodes_bytes(episodes: Sequence[Episode]) -> bytes:
    """The canonical JSONL bytes of ``episodes``."""
    return "".join(episode_line(e) + "\n" for e in episodes).encode("utf-8")


def bank_sha256(episodes: Sequence[Episode]) -> str:
    """SHA-256 of the canonical JSONL of ``episodes`` (the manifest's ``episodes_sha256``)."""
    return hashlib.sha256(episodes_bytes(episodes)).hexdigest()
