"""Transparent workflow detectors over episode text: C, M and H.

C is state conflict, M missing information, H a high-risk cue.

Detector families are a :class:`~carebench.registry.Registry` (:data:`DETECTOR_FAMILIES`, entry-point
group ``carebench.detector_families``); two are built in, registered the same way a plugin is, each
loaded from a data file whose every entry says what it is for:

* ``regex`` (paper 000): literal regular expressions (``patterns/regex.yaml``).
* ``lexicon`` (beyond the paper): a concept lexicon with medical morphology, order-free
  co-occurrence and ConText-style negation and hypothetical scope (``patterns/lexicon.yaml``).

A family is a factory that takes no argument and returns a :class:`Detectors` (an object with
``family`` and ``detect_text``); a plugin's entry point names it as ``"module:attribute"``.

Detectors see only the agent-visible transcript with its structural header lines stripped
(:func:`carebench.episodes.render.strip_headers`); they never see labels, variants or ids.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from carebench.controller.lexicon import Lexicon
from carebench.derived import cached_json, key
from carebench.episodes.loading import read_yaml
from carebench.episodes.render import agent_text
from carebench.episodes.schema import Episode
from carebench.metrics.stats import DEFAULT_B, DEFAULT_RNG_SEED, draw_counts, ratio_interval
from carebench.registry import Registry

DETECTORS = ("C", "M", "H")


@dataclass(frozen=True)
class Flags:
    """Detector outputs for one text, with the evidence that fired each."""

    C: bool
    M: bool
    H: bool
    evidence: dict[str, list[str]] = field(default_factory=dict)

    def as_tuple(self) -> tuple[bool, bool, bool]:
        """(C, M, H)."""
        return self.C, self.M, self.H


def _load(name: str) -> Any:
    source = files("carebench.controller") / "patterns" / name
    return read_yaml(source.read_text("utf-8"), str(source))


class RegexDetectors:
    """The paper's family: any listed pattern fires its detector."""

    family = "regex"

    def __init__(self, spec: dict[str, list[dict[str, str]]] | None = None) -> None:
        spec = spec or _load("regex.yaml")
        self.patterns = {d: [re.compile(p["pattern"]) for p in spec[d]] for d in DETECTORS}

    def detect_text(self, text: str) -> Flags:
        """Run the three detectors on already header-stripped text."""
        lowered = text.lower()
        evidence = {
            d: [m.group(0) for p in self.patterns[d] for m in [p.search(lowered)] if m]
            for d in DETECTORS
        }
        return Flags(bool(evidence["C"]), bool(evidence["M"]), bool(evidence["H"]), evidence)


class LexiconDetectors:
    """The generalizing family (see :mod:`carebench.controller.lexicon`)."""

    family = "lexicon"

    def __init__(self, spec: dict[str, Any] | None = None) -> None:
        self.lexicon = Lexicon(spec or _load("lexicon.yaml"))

    def detect_text(self, text: str) -> Flags:
        """Run the three detectors on already header-stripped text."""
        evidence = self.lexicon.matches(text)
        return Flags(bool(evidence["C"]), bool(evidence["M"]), bool(evidence["H"]), evidence)


class Detectors(Protocol):
    """What a detector family's factory returns: C, M and H over header-stripped text."""

    family: str

    def detect_text(self, text: str) -> Flags:
        """Run the three detectors on already header-stripped text."""
        ...


DetectorFactory = Callable[[], Detectors]

DETECTOR_FAMILIES: Registry[DetectorFactory] = Registry(
    "detector family", "carebench.detector_families"
)
"""Detector families by name (``--family``); plugins add their own through the entry-point group
``carebench.detector_families`` (value ``"module:attribute"`` naming a :data:`DetectorFactory`)."""

#: The built-in families, registered like plugins (the paper's first).
BUILT_IN = {
    "regex": "carebench.controller.detectors:RegexDetectors",
    "lexicon": "carebench.controller.detectors:LexiconDetectors",
}
for _name, _path in BUILT_IN.items():
    DETECTOR_FAMILIES.register(_name, _path)


def families() -> list[str]:
    """Every detector family's name: built-ins first, then plugins.

    The built-ins come in :data:`BUILT_IN` order, the others (plugins, or families registered in
    code) sorted by name. The report and ``carebench detectors audit`` measure every one of them, in this order.
    """
    names = DETECTOR_FAMILIES.names()
    return [n for n in BUILT_IN if n in names] + [n for n in names if n not in BUILT_IN]


def register_detector_family(name: str, factory: str | DetectorFactory) -> None:
    """Register a detector family's factory (or a ``"module:attribute"`` path to it).

    Detectors already built (and flags already computed) under ``name`` are forgotten.
    """
    DETECTOR_FAMILIES.register(name, factory)
    detectors.cache_clear()
    _detect_text.cache_clear()


@cache
def detectors(family: str = "regex") -> Detectors:
    """The detectors of a family (built once per name).

    Raises:
        CarebenchError: unknown family (the message lists the known ones).
    """
    return DETECTOR_FAMILIES.get(family)()


def detect_episode(episode: Episode, family: str = "regex") -> Flags:
    """Flags for one episode: only its agent-visible transcript, header lines stripped."""
    return _detect_text(family, agent_text(episode))


@lru_cache(maxsize=8192)
def _detect_text(family: str, text: str) -> Flags:
    return detectors(family).detect_text(text)


def bank_flags(
    episodes: Sequence[Episode], family: str, cache_dir: Path | None = None
) -> list[tuple[bool, bool, bool]]:
    """(C, M, H) of each episode, kept in ``cache_dir`` between reports (:mod:`carebench.derived`).

    The entry's key covers the episodes' agent-visible texts and the detectors' code and pattern
    files, so it is the same flags :func:`detect_episode` gives; a plugin family's code is not in
    the key, so its flags are computed afresh every time.
    """
    texts = [agent_text(e) for e in episodes]

    def compute() -> list[tuple[bool, bool, bool]]:
        return [_detect_text(family, t).as_tuple() for t in texts]

    entry = key("controller", "bank-flags", family, texts)
    # the key fingerprints carebench's code only: a plugin family's flags are never kept
    flags = cached_json(cache_dir if family in BUILT_IN else None, "flags", entry, compute)
    return [(bool(c), bool(m), bool(h)) for c, m, h in flags]


@dataclass(frozen=True)
class Quality:
    """Precision and recall of one detector against its target, on one set of episodes.

    The intervals are seed-clustered percentile bootstrap intervals (seeds are resampled, never
    episodes); like every percentile interval they collapse to [1, 1] when every replicate is 1.
    """

    detector: str
    target: str
    split: str
    tp: int
    fp: int
    fn: int
    precision_ci: tuple[float, float] = (float("nan"), float("nan"))
    recall_ci: tuple[float, float] = (float("nan"), float("nan"))

    @property
    def precision(self) -> float:
        """TP / (TP + FP), NaN when the detector never fired."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else float("nan")

    @property
    def recall(self) -> float:
        """TP / (TP + FN), NaN without targets."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else float("nan")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready row with precision, recall and their intervals."""
        return {
            "detector": self.detector,
            "target": self.target,
            "split": self.split,
            "precision": self.precision,
            "precision_ci": list(self.precision_ci),
            "recall": self.recall,
            "recall_ci": list(self.recall_ci),
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
        }


TARGETS: dict[str, tuple[str, Callable[[Episode], bool]]] = {
    "C": ("conflict variants", lambda e: e.variant.value == "conflict"),
    "M": ("missing variants", lambda e: e.variant.value == "missing"),
    "H": ("escalation-required episodes", lambda e: e.escalation_required),
}


def quality(
    episodes: Sequence[Episode],
    flags: Sequence[Flags],
    b: int = DEFAULT_B,
    rng_seed: int = DEFAULT_RNG_SEED,
    level: float = 0.95,
) -> list[Quality]:
    """Precision and recall of C, M and H against their targets, per split and overall.

    Targets (paper 000): C against conflict variants, M against missing variants, H against
    escalation-required episodes. This uses labels, for evaluation only; detection never does.
    Intervals resample seeds (``b`` replicates, fixed ``rng_seed``), the same draws for every
    detector of a split.
    """
    out = []
    for split in ("dev", "test", "all"):
        chosen = [
            (e, f) for e, f in zip(episodes, flags, strict=True) if split in ("all", e.split.value)
        ]
        position = {s: i for i, s in enumerate(sorted({e.seed_id for e, _ in chosen}))}
        index = np.array([position[e.seed_id] for e, _ in chosen], dtype=int)
        counts = draw_counts(len(position), b, rng_seed)

        for d in DETECTORS:
            name, is_target = TARGETS[d]
            fired = np.array([getattr(f, d) for _, f in chosen], dtype=bool)
            target = np.array([is_target(e) for e, _ in chosen], dtype=bool)
            hits, n_fired, n_target = (
                np.bincount(index[m], minlength=len(position))
                for m in (fired & target, fired, target)
            )
            p = ratio_interval(hits, n_fired, counts, int(fired.sum()), level)
            r = ratio_interval(hits, n_target, counts, int(target.sum()), level)
            out.append(
                Quality(
                    d,
                    name,
                    split,
                    int((fired & target).sum()),
                    int((fired & ~target).sum()),
                    int((~fired & target).sum()),
                    (p.low, p.high),
                    (r.low, r.high),
                )
            )
    return out
