"""Derived data kept between reports: a content-addressed JSON cache.

A report recomputes little that it has computed before: detector flags of a bank, a run's
metrics, a run's fitted controllers and the figures depend only on their inputs and on the code.
An entry's key (:func:`key`) is the SHA-256 of

* carebench's version and the source of every module at or below a layer of
  :data:`carebench._layers.LAYERS` (its ``.py`` files and the data files beside them: detector
  patterns, templates), so a change to the code never serves a stale value, and
* the caller's parts: everything the value is computed from (rows, flags, costs, settings).

Entries are JSON files ``<kind>-<key>.json`` in the cache folder (the user cache, see
:func:`carebench.episodes.cache.user_cache_dir`, or a workspace's ``cache``). A value goes
through JSON on a miss too, so a hit and a miss return equal data (tuples become lists, NaN stays
NaN). An unreadable entry is recomputed and rewritten; a folder that cannot be written only loses
the cache. Each kind keeps its :data:`KEEP` most recently written entries.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from carebench._layers import at_or_below
from carebench._version import __version__
from carebench.episodes.cache import prune

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["KEEP", "cached_json", "fingerprint", "frame_digest", "key"]

FORMAT = "carebench-derived/1"
KEEP = 512
"""Entries kept per kind in one cache folder (the oldest are removed first)."""
_SOURCE_SUFFIXES = (".py", ".yaml", ".yml", ".json", ".j2")

T = TypeVar("T")


@cache
def fingerprint(layer: str) -> bytes:
    """SHA-256 of the source and data files of every module at or below ``layer`` (per process)."""
    package = Path(__file__).parent
    found: set[Path] = set()
    for name in at_or_below(layer):
        found.update(p for p in package.glob(f"{name}/**/*") if p.suffix in _SOURCE_SUFFIXES)
        found.update(package.glob(f"{name}.py"))
    digest = hashlib.sha256()
    for path in sorted(found):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.digest()


def frame_digest(frame: pd.DataFrame) -> bytes:
    """SHA-256 of a table's column names, dtypes and values, in row order (index ignored)."""
    import pandas as pd

    header = [[str(c) for c in frame.columns], [str(t) for t in frame.dtypes]]
    digest = hashlib.sha256(json.dumps(header).encode())
    digest.update(pd.util.hash_pandas_object(frame, index=False).to_numpy().tobytes())
    return digest.digest()


def key(layer: str, *parts: Any) -> str:
    """The cache key of a value computed by code at or below ``layer`` from ``parts``.

    A part is bytes (taken as they are) or JSON data (serialized with sorted keys; anything else
    JSON cannot write is written as its ``str``).
    """
    digest = hashlib.sha256(f"{FORMAT}\0{__version__}\0{layer}\0".encode())
    digest.update(fingerprint(layer))
    for part in parts:
        data = part if isinstance(part, bytes) else json.dumps(part, sort_keys=True, default=str)
        digest.update(b"\0" + (data if isinstance(data, bytes) else data.encode()))
    return digest.hexdigest()


def cached_json(cache_dir: Path | None, kind: str, entry_key: str, compute: Callable[[], T]) -> T:
    """``compute()``'s JSON-ready value, from ``cache_dir`` when an entry has ``entry_key``.

    Args:
        cache_dir: the cache folder (None: no cache; the value still goes through JSON).
        kind: the entry's kind, a file-name prefix (``controller-run``, ``figures``...).
        entry_key: from :func:`key`.
        compute: makes the value on a miss.
    """
    path = None if cache_dir is None else Path(cache_dir) / f"{kind}-{entry_key}.json"
    if path is not None:
        with contextlib.suppress(OSError, ValueError):
            loaded: T = json.loads(path.read_text("utf-8"))
            return loaded
    text = json.dumps(compute())
    if path is not None:
        _write(path, text, kind)
    value: T = json.loads(text)
    return value


def _write(path: Path, text: str, kind: str) -> None:
    """Write an entry atomically and prune its kind (a folder that cannot be written is skipped)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, "utf-8")
        tmp.replace(path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return
    prune(path.parent, f"{kind}-*.json", KEEP)
