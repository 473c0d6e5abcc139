"""Evidence items: the citable pieces of an episode, with stable ids and derived admissibility.

An episode's evidence is what its record, new information and post-request message say; the setting
and the request are instructions, not evidence. Each of those three blocks is split into items:

* a line that starts with ``E<n>.`` (an evidence-packet entry) is an item with id ``E<n>``;
* every other non-empty line is an item with id ``R<k>`` in the earlier record, ``N<k>`` in the new
  information and ``M<k>`` in the message after the request, ``k`` counting that block's items from
  1; a line that ends with ``:`` is a heading (``Evidence packet:``), not an item.

Ids therefore follow the rendered text alone, so an agent, an annotator and a scorer that see the
same episode see the same ids. Which items an output may cite (``admissible``) is an annotation unit:
an episode's ``annotations.admissible_sources`` when the seed declares them, else the derived default
computed at assembly (:func:`default_admissible`): every item, less the items that carry the stale
variant's superseded text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from carebench.episodes.schema import Block, BlockKind, Episode

_PREFIX = {BlockKind.RECORD: "R", BlockKind.NEW_INFORMATION: "N", BlockKind.AFTER_REQUEST: "M"}
_ENTRY = re.compile(r"^(E\d+)\.\s")
_SPACE = re.compile(r"\s+")


class Source(BaseModel):
    """One evidence item: its id, the block it is in, its text and whether it may be cited."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    block: BlockKind
    text: str
    admissible: bool = True


def split_items(blocks: Iterable[Block]) -> list[Source]:
    """The evidence items of a transcript's blocks, in reading order (see the module conventions)."""
    items: list[Source] = []
    for block in blocks:
        prefix = _PREFIX.get(block.kind)
        if prefix is None or not block.text.strip():
            continue
        k = 0
        for line in (raw.strip() for raw in block.text.splitlines()):
            if not line or line.endswith(":"):
                continue
            entry = _ENTRY.match(line)
            if entry is None:
                k += 1
            item_id = entry.group(1) if entry else f"{prefix}{k}"
            items.append(Source(id=item_id, block=block.kind, text=line))
    return items


def flat(text: str) -> str:
    """Lower-cased text with whitespace runs collapsed (for containment tests)."""
    return _SPACE.sub(" ", text).strip().lower()


def default_admissible(items: Iterable[Source], superseded: Iterable[str] = ()) -> tuple[str, ...]:
    """Every item id, less those whose text holds (or lies within) a superseded text.

    Args:
        items: the episode's evidence items.
        superseded: texts an output must not rely on (the stale variant's replaced slot text).
    """
    stale = [flat(t) for t in superseded if t.strip()]
    return tuple(
        item.id
        for item in items
        if not any(s in flat(item.text) or flat(item.text) in s for s in stale)
    )


def episode_sources(episode: Episode) -> tuple[Source, ...]:
    """The episode's evidence items, each marked admissible or not.

    Admissible ids come from ``episode.annotations.admissible_sources``; an episode without
    annotations treats every item as admissible.
    """
    items = split_items(episode.transcript)
    if episode.annotations is None:
        return tuple(items)
    allowed = set(episode.annotations.admissible_sources)
    return tuple(item.model_copy(update={"admissible": item.id in allowed}) for item in items)
