"""Correct drafts from a labelled set: the cost side of every claim rule.

Issue 21 asks that correct, hand-written drafts that paraphrase (shorthand, synonyms, other word
order) score a traceability of at least 0.8. They are built from a labelled set: one draft per
episode of the claims its writers meant as correct or paraphrased (``writer_kind``) and its
adjudicated label calls supported, each citing its labelled lines.

Conventions:
    * A draft is scored on the **current** bank, so each claim must be correct against the
      current lines it cites. A claim whose cited lines the bank has changed since labelling
      (their text, whitespace aside, differs from the episode's item of that id) keeps its label
      only through the set's ``current`` file (:class:`~carebench.protocol.labelled_sets.
      LabelledSet`): a row with its ``claim_id``, episode, text and cited ids, whose cited text
      is the current text, labelled blind against it. A changed claim with no such row is left
      out and reported (``drifted``): a bank edit that changes a labelled line asks for a
      relabel, it never silently keeps a label given to other text. The first version scored
      every claim on the current bank with its first label: set 1 held "Sats 97%" against a line
      that now says 95 % (session 34).
    * The agreement command (:mod:`carebench.protocol.scorer_validation`) is unaffected: it
      scores the cited text the labellers saw.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from carebench.agents.workproduct import Claim
from carebench.episodes.schema import Episode
from carebench.episodes.sources import episode_sources
from carebench.errors import CarebenchError
from carebench.protocol.scores import traceability

__all__ = ["CORRECT_KINDS", "CorrectDrafts", "correct_drafts", "mean_traceability"]

#: The writer kinds of a claim meant to be correct.
CORRECT_KINDS = ("correct", "paraphrase")


@dataclass(frozen=True)
class CorrectDrafts:
    """Drafts of claims correct against the current bank, and the claims left out."""

    drafts: dict[str, list[Claim]] = field(default_factory=dict)
    """Episode id -> its draft, in the set's order."""
    relabelled: int = 0
    """Changed claims whose label came from the ``current`` file."""
    drifted: tuple[str, ...] = ()
    """Claim ids of changed claims with no current relabel (left out)."""


def _flat(text: str) -> str:
    return " ".join(text.split())


def _same_claim(row: Mapping[str, Any], again: Mapping[str, Any]) -> bool:
    """Whether a relabel is of ``row``'s claim: its episode, text and cited ids."""
    return (
        again["episode_id"] == row["episode_id"]
        and again["text"] == row["text"]
        and [c["id"] for c in again["cited"]] == [c["id"] for c in row["cited"]]
    )


def _lines(episode: Episode) -> dict[str, str]:
    """Item id -> the episode's current text of it, whitespace collapsed."""
    return {s.id: _flat(s.text) for s in episode_sources(episode)}


def _cited_now(row: Mapping[str, Any], now: Mapping[str, str]) -> bool:
    """Whether every line ``row`` cites is ``now``'s text of that id (:func:`_lines`)."""
    return all(now.get(str(c["id"])) == _flat(str(c["text"])) for c in row["cited"])


def correct_drafts(
    rows: Sequence[Mapping[str, Any]],
    episodes: Mapping[str, Episode],
    current: Sequence[Mapping[str, Any]] = (),
) -> CorrectDrafts:
    """One draft per episode of ``rows``' correct claims that are supported now (conventions).

    Args:
        rows: a labelled set's claim rows.
        episodes: episode id -> episode of the current bank.
        current: the set's relabelled rows (its ``current`` file), if any.
    """
    relabels = {str(r["claim_id"]): r for r in current}
    lines: dict[str, dict[str, str]] = {}  # episode id -> _lines, read once per episode
    drafts: dict[str, list[Claim]] = defaultdict(list)
    relabelled, drifted = 0, []
    for row in rows:
        if row.get("writer_kind") not in CORRECT_KINDS:
            continue
        episode = episodes.get(str(row["episode_id"]))
        if episode is None:
            raise CarebenchError(
                f"labelled claim {row['claim_id']}: episode {row['episode_id']!r} is not in the bank"
            )
        if episode.episode_id not in lines:
            lines[episode.episode_id] = _lines(episode)
        now = lines[episode.episode_id]
        final = row["final"]
        if not _cited_now(row, now):
            again = relabels.get(str(row["claim_id"]))
            if again is None or not _same_claim(row, again) or not _cited_now(again, now):
                drifted.append(str(row["claim_id"]))
                continue
            final, relabelled = again["final"], relabelled + 1
        if final == "supported":
            cited = tuple(str(c["id"]) for c in row["cited"])
            drafts[str(row["episode_id"])].append(Claim(text=str(row["text"]), sources=cited))
    return CorrectDrafts(dict(drafts), relabelled, tuple(drifted))


def mean_traceability(made: CorrectDrafts, episodes: Mapping[str, Episode]) -> float | None:
    """The mean traceability of ``made``'s drafts (None when no draft is scored)."""
    scores = [traceability(episodes[k], draft).score for k, draft in made.drafts.items()]
    kept = [s for s in scores if s is not None]
    return sum(kept) / len(kept) if kept else None
