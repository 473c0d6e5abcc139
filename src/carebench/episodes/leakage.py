"""Lexical leakage audit: does any single word or bigram mark a variant?

The benchmark must not be solvable by a keyword list. For each variant we compute, for every word
and word bigram of the header-stripped transcripts, the share of that variant's episodes containing it
and the share of all other episodes containing it. A token *marks* a variant when it occurs in more
than ``max_in`` of its episodes and fewer than ``min_out`` of the others (defaults 0.60 and 0.10).

Tokens are lowercase runs of letters and digits; a bigram is two consecutive tokens. Presence is
counted once per episode.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from carebench.episodes.render import agent_text
from carebench.episodes.schema import Episode, Variant

_TOKEN = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Marker:
    """A token with its share inside one variant and among the others."""

    variant: Variant
    token: str
    share_in: float
    share_out: float

    @property
    def margin(self) -> float:
        """How much more common the token is inside the variant than outside."""
        return self.share_in - self.share_out


def episode_tokens(episode: Episode) -> set[str]:
    """Words and bigrams of the agent-visible text, headers stripped."""
    words = _TOKEN.findall(agent_text(episode).lower())
    return set(words) | {f"{a} {b}" for a, b in pairwise(words)}


def variant_markers(episodes: Sequence[Episode]) -> list[Marker]:
    """For each variant and token, shares inside and outside, sorted by margin (largest first)."""
    tokens = [episode_tokens(e) for e in episodes]
    markers: list[Marker] = []
    for variant in Variant:
        inside = [t for e, t in zip(episodes, tokens, strict=True) if e.variant is variant]
        outside = [t for e, t in zip(episodes, tokens, strict=True) if e.variant is not variant]
        if not inside or not outside:
            continue
        count_in = Counter(tok for t in inside for tok in t)
        count_out = Counter(tok for t in outside for tok in t)
        for token, n in count_in.items():
            markers.append(Marker(variant, token, n / len(inside), count_out[token] / len(outside)))
    return sorted(markers, key=lambda m: (-m.margin, m.variant.value, m.token))


def leaking_markers(
    episodes: Sequence[Episode], max_in: float = 0.60, min_out: float = 0.10
) -> list[Marker]:
    """Tokens that mark a variant: in more than ``max_in`` of it and under ``min_out`` of others."""
    return [m for m in variant_markers(episodes) if m.share_in > max_in and m.share_out < min_out]
