"""Evidence items: the citable pieces of an episode, with stable ids and derived admissibility.

An episode's evidence is what its record, new information and post-request message say; the setting
and the request are instructions, not evidence. Each of those three blocks is split into items:

* a line that starts with ``E<n>.`` (an evidence-packet entry) is an item with id ``E<n>``;
* every other non-empty line is an item with id ``R<k>`` in the earlier record, ``N<k>`` in the new
  information and ``M<k>`` in the message after the request, ``k`` counting that block's items from
  1; a line that ends with ``:`` is a heading (``Evidence packet:``), not an item.

Ids therefore follow the rendered text alone, so an agent, an annotator and a scorer that see the
same episode see the same ids. What an output may rely on is an annotation unit with two parts:

* ``superseded``: sentences that newer information supersedes. Unless declared, the stale variant's
  are derived at assembly (:func:`superseded_sentences`): the sentences of its hook's slot that the
  clean slot does not have. An item's ``evidence`` is its text less these sentences.
* ``admissible_sources``: the ids an output may cite. Unless declared, every item that keeps some
  evidence (:func:`default_admissible`), so an item made only of superseded text is inadmissible
  while a line that mixes current and superseded text stays citable for its current part.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from carebench.episodes.schema import Block, BlockKind, Episode

_PREFIX = {BlockKind.RECORD: "R", BlockKind.NEW_INFORMATION: "N", BlockKind.AFTER_REQUEST: "M"}
_ENTRY = re.compile(r"^(E\d+)\.\s")
_SPACE = re.compile(r"\s+")
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")


class Source(BaseModel):
    """One evidence item: its id, the block it is in, its text and whether it may be cited."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    block: BlockKind
    text: str
    evidence: str = ""
    admissible: bool = True


def _line_ids(kind: BlockKind, text: str) -> list[tuple[str | None, str]]:
    """Each line of a block's text with its item id (None: not an item)."""
    prefix = _PREFIX.get(kind)
    out: list[tuple[str | None, str]] = []
    k = 0
    for line in text.splitlines():
        stripped = line.strip()
        if prefix is None or not stripped or stripped.endswith(":"):
            out.append((None, line))
            continue
        entry = _ENTRY.match(stripped)
        if entry is None:
            k += 1
        out.append((entry.group(1) if entry else f"{prefix}{k}", stripped))
    return out


def sentences(text: str) -> list[str]:
    """The sentences of ``text``: split after ``.``, ``?`` or ``!`` followed by whitespace."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def _strip(gone: set[str], text: str) -> str:
    """``text``'s sentences joined by single spaces, less those whose :func:`flat` is in ``gone``."""
    kept = sentences(text)
    return " ".join(s for s in kept if flat(s) not in gone) if gone else " ".join(kept)


def superseded_sentences(stale_text: str, clean_text: str) -> tuple[str, ...]:
    """The sentences a stale hook adds: those of ``stale_text`` that ``clean_text`` lacks."""
    kept = {flat(s) for s in sentences(clean_text)}
    return tuple(s for s in sentences(stale_text) if flat(s) not in kept)


def items_from_texts(
    texts: Mapping[BlockKind, str], superseded: Iterable[str] = ()
) -> list[Source]:
    """The evidence items of block texts in reading order (see the module conventions).

    Each item's ``evidence`` is its text less the ``superseded`` sentences.
    """
    gone = {flat(s) for s in superseded}
    return [
        Source(id=item_id, block=kind, text=line, evidence=_strip(gone, line))
        for kind, text in texts.items()
        for item_id, line in _line_ids(kind, text)
        if item_id is not None
    ]


def split_items(blocks: Iterable[Block], superseded: Iterable[str] = ()) -> list[Source]:
    """The evidence items of a transcript's blocks (:func:`items_from_texts` of their texts)."""
    return items_from_texts({block.kind: block.text for block in blocks}, superseded)


def tagged_transcript(episode: Episode) -> str:
    """The transcript with each evidence line prefixed by its id in brackets, for extended output.

    Identical to :func:`~carebench.episodes.render.render_transcript` except for the ``[R1] ``
    prefixes.
    """
    parts = []
    for block in episode.transcript:
        lines = [f"[{i}] {line}" if i else line for i, line in _line_ids(block.kind, block.text)]
        parts.append(f"## {block.title}\n\n" + "\n".join(lines))
    return "\n\n".join(parts) + "\n"


def flat(text: str) -> str:
    """Lower-cased text with whitespace runs collapsed (for containment tests)."""
    return _SPACE.sub(" ", text).strip().lower()


def default_admissible(items: Iterable[Source]) -> tuple[str, ...]:
    """The ids of the items that keep some evidence once superseded sentences are removed."""
    return tuple(item.id for item in items if item.evidence)


def episode_sources(episode: Episode) -> tuple[Source, ...]:
    """The episode's evidence items, with their evidence and admissibility.

    Superseded sentences and admissible ids come from ``episode.annotations``; an episode without
    annotations treats every item as admissible and nothing as superseded.
    """
    units = episode.annotations
    items = split_items(episode.transcript, units.superseded if units else ())
    if units is None:
        return tuple(items)
    allowed = set(units.admissible_sources)
    return tuple(
        item.model_copy(update={"admissible": item.id in allowed and bool(item.evidence)})
        for item in items
    )
