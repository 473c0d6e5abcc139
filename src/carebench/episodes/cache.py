"""The validated-bank cache: an unchanged bank is loaded without being validated again.

Loading a bank (:func:`carebench.episodes.bank.load_bank`: parse the YAML, check every design
rule, assemble the episodes) costs about 0.2 s for the packaged bank, paid by every command that
needs episodes. :func:`load_bank_cached` keeps the assembled episodes of a valid bank in a cache
folder and reads them back while the bank is unchanged. The commands use the user's cache folder
(:func:`user_cache_dir`), shared by every workspace, so only the first command after installing or
upgrading carebench, or after editing a seed, validates the bank.

Conventions:
    * The key is the SHA-256 of the cache format, carebench's version, the source of the
      code that validates and assembles (every module at or below :mod:`carebench.episodes` in
      :data:`carebench._layers.LAYERS`, which the layers contract guarantees is all that code
      imports; it changes in a development checkout without a version change) and every seed
      file's absolute path and bytes, in discovery order. Any change to any of them makes the entry stale: the bank is loaded and
      validated again and the entry replaced.
    * One file per bank location (``bank-<hash of the paths>.jsonl``): a header line (JSON:
      format, key, the bank's SHA-256, the number of episodes), then the episodes' canonical
      JSON lines (:mod:`carebench.episodes.canonical`), so the bank hash is the SHA-256 of the
      body. A file that cannot be read or parsed, whose body does not hash to its header's bank
      hash, or whose episode count differs, is ignored and rebuilt.
    * Only a valid bank is cached: an invalid one raises
      :class:`~carebench.errors.BankValidationError` on every call, as ``load_bank`` does.
    * Entries are written to a temporary file and renamed, so readers never see half a file. A
      cache folder that cannot be written is no error: the bank is returned, uncached.
    * A hit touches its entry's modification time; after each write only the :data:`KEEP` most
      recently used entries are kept, so banks that come and go (temporary folders) do not pile up.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from carebench._layers import at_or_below
from carebench._version import __version__
from carebench.episodes.canonical import episodes_bytes
from carebench.episodes.files import discover
from carebench.episodes.schema import Episode

FORMAT = "carebench-bank-cache/1"
KEEP = 32
"""Entries kept in one cache folder (least recently used ones are removed first)."""
CACHE_ENV = "CAREBENCH_CACHE_DIR"


def user_cache_dir() -> Path | None:
    """The user's carebench cache folder; None when caching is switched off.

    ``$CAREBENCH_CACHE_DIR`` when set (set but empty: no cache), else ``$XDG_CACHE_HOME/carebench``,
    else ``~/.cache/carebench``; None also when there is no home folder to find. The folder is
    created when first written.
    """
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen).expanduser() if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    if base:
        return Path(base) / "carebench"
    try:
        return Path.home() / ".cache" / "carebench"
    except RuntimeError:  # no HOME and no password-database entry
        return None


def derived_cache_dir() -> Path | None:
    """The user cache's folder for derived data that reports and commands share; None: no cache.

    Derived data are keyed by their inputs (:mod:`carebench.derived`): keyword-floor fits,
    detector flags, work-product floor rows. The folder keeps its first name, ``keyword-floor``.
    """
    user = user_cache_dir()
    return user / "keyword-floor" if user is not None else None


@dataclass(frozen=True)
class LoadedBank:
    """A loaded bank: its episodes in bank order, its SHA-256, and whether it came from cache."""

    episodes: list[Episode]
    sha256: str
    from_cache: bool


def code_files() -> list[Path]:
    """The source files a validated bank depends on (see the module docstring), sorted by path."""
    package = Path(__file__).parents[1]
    found: set[Path] = set()
    for name in at_or_below("episodes"):
        found.update(package.glob(f"{name}/**/*.py"))
        found.update(package.glob(f"{name}.py"))
    return sorted(found)


def _code_fingerprint() -> bytes:
    """SHA-256 of the source of :func:`code_files`."""
    digest = hashlib.sha256()
    package = Path(__file__).parents[1]
    for path in code_files():
        name = path.relative_to(package).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def cache_key(files: Sequence[Path]) -> str:
    """The cache key of a bank made of ``files`` (see the module docstring).

    Raises:
        OSError: a seed file cannot be read.
    """
    digest = hashlib.sha256(f"{FORMAT}\0{__version__}\0".encode())
    digest.update(_code_fingerprint())
    for path in files:
        digest.update(str(path.resolve()).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _key_or_none(paths: Sequence[str | Path] | None) -> str | None:
    """The key of the bank at ``paths``, or None when a seed file cannot be read."""
    try:
        return cache_key(discover(paths))
    except OSError:  # load_bank reports the unreadable file
        return None


def cache_file(cache_dir: Path, paths: Sequence[str | Path] | None) -> Path:
    """The cache entry of the bank at ``paths`` (None: the packaged bank)."""
    where = "\0".join(str(Path(p).resolve()) for p in paths) if paths else "packaged"
    return cache_dir / f"bank-{hashlib.sha256(where.encode()).hexdigest()[:16]}.jsonl"


def _read(path: Path, key: str) -> LoadedBank | None:
    """The entry at ``path`` if it is intact and holds ``key``; None otherwise (never raises)."""
    try:
        data = path.read_bytes()
        head, _, body = data.partition(b"\n")
        header = json.loads(head)
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            return None
        if header.get("key") != key:
            return None
        sha = hashlib.sha256(body).hexdigest()
        if sha != header.get("bank_sha256"):
            return None
        episodes = [Episode.model_validate_json(line) for line in body.splitlines()]
    except (OSError, ValueError, RecursionError):  # bad JSON or UTF-8, a failed validation
        return None
    if not episodes or len(episodes) != header.get("n_episodes"):
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: kept by prune
    return LoadedBank(episodes, sha, from_cache=True)


def _write(path: Path, key: str, body: bytes, sha: str, n_episodes: int) -> None:
    """Write an entry atomically; a folder that cannot be written is skipped silently."""
    header = {"format": FORMAT, "key": key, "bank_sha256": sha, "n_episodes": n_episodes}
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # one per process: no clashes
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(json.dumps(header, sort_keys=True).encode() + b"\n" + body)
        tmp.replace(path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return
    prune(path.parent)


def prune(folder: Path, pattern: str = "bank-*.jsonl", keep: int = KEEP) -> None:
    """Remove all but the ``keep`` most recently used files of ``folder`` matching ``pattern``.

    Errors are ignored: a cache that cannot be pruned is only larger.
    """
    entries: list[tuple[float, Path]] = []
    for entry in folder.glob(pattern):
        with contextlib.suppress(OSError):
            entries.append((entry.stat().st_mtime, entry))
    entries.sort(reverse=True)
    for _, entry in entries[keep:]:
        with contextlib.suppress(OSError):
            entry.unlink()


def load_bank_cached(
    paths: Sequence[str | Path] | None, cache_dir: str | Path | None
) -> LoadedBank:
    """Load the bank at ``paths`` (the packaged bank when None), through the cache in ``cache_dir``.

    Args:
        paths: seed files or folders, as for :func:`carebench.episodes.bank.load_bank`.
        cache_dir: the cache folder (created when needed); None loads without a cache.

    Returns:
        The episodes in bank order and the bank's SHA-256 (the same as ``load_bank`` and
        :func:`~carebench.episodes.canonical.bank_sha256` give).

    Raises:
        BankValidationError: any seed or the bank is invalid (every issue is listed).
        CarebenchError: a path does not exist or holds no seed files.
    """
    key: str | None = None
    entry: Path | None = None
    if cache_dir is not None:
        key = _key_or_none(paths)
        if key is not None:
            entry = cache_file(Path(cache_dir), paths)
            cached = _read(entry, key)
            if cached is not None:
                return cached
    from carebench.episodes.bank import load_bank  # the YAML reader and the rules: on a miss only

    episodes = load_bank(paths)
    body = episodes_bytes(episodes)
    sha = hashlib.sha256(body).hexdigest()
    if entry is not None and key is not None and _key_or_none(paths) == key:
        _write(entry, key, body, sha, len(episodes))  # unless a seed changed while loading
    return LoadedBank(episodes, sha, from_cache=False)
